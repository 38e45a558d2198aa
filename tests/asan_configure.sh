# Sourced by tests/sanitizers.sh and tests/fuzz/run.sh, which build in the same folder (ctest
# gives both build/asan): the one configuration they share, so that neither recompiles the
# other's objects of core (a flag that differs would rebuild them all).
#
#   . "$src/tests/asan_configure.sh"
#   asan_configure SOURCE_DIR BUILD_DIR CXX CC FUZZ APP   # FUZZ, APP: ON or OFF
asan_configure() {
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" -DCMAKE_C_FLAGS_RELEASE="-O1 -g1" \
    -DCMAKE_CXX_COMPILER="$3" -DCMAKE_C_COMPILER="$4" \
    -DASTAR_SANITIZE=ON -DASTAR_FUZZ="$5" -DASTAR_BUILD_APP="$6" -DASTAR_BUILD_TESTS=ON
}
