#!/usr/bin/env bash
# Configures a CLI-only build (-DASTAR_BUILD_STUDIO=OFF) with ImGui, GLFW, OpenGL and giflib out
# of reach, and checks what it would build: core, the CLI and their tests, and no studio.
# Usage: cli_only_build.sh SOURCE_DIR BUILD_DIR CMAKE CTEST
set -euo pipefail
src=$1 out=$2 cmake=$3 ctest=$4
rm -rf "$out"
# CMAKE_DISABLE_FIND_PACKAGE_X makes find_package(X) fail as if X were not installed; an empty
# PKG_CONFIG_PATH entry for imgui would not help (stb is found through pkg-config too), so the
# cache is searched for any trace of imgui instead.
"$cmake" -S "$src" -B "$out" -DASTAR_BUILD_STUDIO=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_glfw3=ON -DCMAKE_DISABLE_FIND_PACKAGE_OpenGL=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_GIF=ON >"$out.log" 2>&1 || {
  cat "$out.log"
  echo "FAIL: the CLI-only build does not configure"
  exit 1
}
fail=0
if grep -Eiq '^(IMGUI|GLAD|glfw3_DIR|OPENGL_|GIF_)[A-Za-z_]*:' "$out/CMakeCache.txt"; then
  echo "FAIL: the CLI-only build looked for a studio library:"
  grep -Ei '^(IMGUI|GLAD|glfw3_DIR|OPENGL_|GIF_)[A-Za-z_]*:' "$out/CMakeCache.txt"
  fail=1
fi
targets=$("$cmake" --build "$out" --target help)
for t in astar_core astar astar_tests astar_cli_tests; do
  grep -q "\.\.\. $t\$" <<<"$targets" || { echo "FAIL: no target $t"; fail=1; }
done
for t in astar-studio glad; do
  grep -q "\.\.\. $t\$" <<<"$targets" && { echo "FAIL: target $t in a CLI-only build"; fail=1; }
done
tests=$("$ctest" --test-dir "$out" -N)
# core:AREA: the doctest suite, one entry per area of tests/ (core:studio_units and
# core:studio_state are GL-free: not the studio's tests, which are named studio_*).
for t in core:base core:search cli core_boundary cli_boundary; do
  grep -q "Test *#[0-9]*: $t\$" <<<"$tests" || { echo "FAIL: no test $t"; fail=1; }
done
if grep -q "Test *#[0-9]*: studio_" <<<"$tests"; then
  echo "FAIL: studio tests in a CLI-only build:"
  grep "Test *#[0-9]*: studio_" <<<"$tests"
  fail=1
fi
[ "$fail" -eq 0 ] && echo "cli_only_build: configures with core, astar, astar_tests and astar_cli_tests, no studio target, no GL/GLFW/ImGui/giflib looked up"
exit "$fail"
