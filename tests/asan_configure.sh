# Sourced by tests/sanitizers.sh and tests/fuzz/run.sh, which build in the same folder (ctest
# gives both build/asan): the one configuration they share, so that neither recompiles the
# other's objects of core (a flag that differs would rebuild them all).
#
#   . "$src/tests/asan_configure.sh"
#   asan_configure SOURCE_DIR BUILD_DIR CXX CC FUZZ APP   # FUZZ, APP: ON or OFF
#
# The studio's tests there run the checkers and helpers of the main build (BUILD_DIR's parent,
# as ctest gives it) when it has them, not copies built with the sanitizers:
# ASTAR_STUDIO_TOOLS_DIR (tests/studio/CMakeLists.txt), as `asan_studio_tools BUILD_DIR` prints.
asan_configure() {
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" -DCMAKE_C_FLAGS_RELEASE="-O1 -g1" \
    -DCMAKE_CXX_COMPILER="$3" -DCMAKE_C_COMPILER="$4" \
    -DASTAR_SANITIZE=ON -DASTAR_FUZZ="$5" -DASTAR_BUILD_APP="$6" -DASTAR_BUILD_TESTS=ON \
    -DASTAR_STUDIO_TOOLS_DIR="$(asan_studio_tools "$2")"
}
# asan_studio_tools BUILD_DIR: the main build's tests/studio folder when its tools are built
# (the frame counter needs X's headers: the studio's e2e tests skip without it), else nothing.
asan_studio_tools() {
  local tools
  tools=$(realpath -m "$1/../tests/studio")
  [ -x "$tools/studio_e2e_check" ] && [ -x "$tools/studio_screenshot_check" ] && echo "$tools"
  return 0
}
