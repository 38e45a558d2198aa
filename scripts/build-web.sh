#!/usr/bin/env bash
# Builds A* Studio's web page into OUT (default build-web/site/): index.html, astar-studio.js,
# astar-studio.wasm and astar-studio.data (the lessons and fonts). Any static server serves it:
#   scripts/build-web.sh && python3 -m http.server -d build-web/site
# The studio is the desktop's sources compiled with Debian's Emscripten (cmake/web.cmake,
# cmake/web_studio.cmake); scripts/setup.sh --web installs what it needs. The build folder is
# build-web/studio, or $ASTAR_WEB_BUILD_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build-web/site}
build=${ASTAR_WEB_BUILD_DIR:-$root/build-web/studio}
if ! command -v emcmake >/dev/null; then
  echo "build-web: emcmake not found: run scripts/setup.sh --web first" >&2
  exit 1
fi
# shellcheck source=emscripten_env.sh
. "$root/scripts/emscripten_env.sh"  # NODE_PATH and EMSDK_PYTHON for Debian's Emscripten
# Each step says, when it fails, which one it was and what to run.
fail() {
  echo "build-web: the $1 step failed; $2" >&2
  exit 1
}
# A folder already configured (the web_core test's, which also builds the core tests) is reused.
# One whose configure failed (Emscripten there, the Debian sources not yet) holds a CMakeCache.txt
# but no Makefile or build.ninja: it is configured again.
configured() {
  [ -f "$build/CMakeCache.txt" ] && { [ -f "$build/Makefile" ] || [ -f "$build/build.ninja" ]; }
}
if ! configured; then
  emcmake cmake -S "$root" -B "$build" -DASTAR_WEB=ON -DASTAR_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=Release >/dev/null ||
    fail configure "CMake's message above says why. Install what the web build needs with
  scripts/setup.sh --web
then run scripts/build-web.sh again (it configures $build again)."
fi
cmake --build "$build" --target astar-studio -j"$(nproc)" ||
  fail build "the messages above say why. After fixing, run scripts/build-web.sh again;
to build from a clean folder: rm -rf $build && scripts/build-web.sh"
site=("$root/web/index.html" "$build/app/astar-studio."{js,wasm,data})
mkdir -p "$out" && cp "${site[@]}" "$out/" ||
  fail copy "the site's files could not be copied into $out (the message above says why).
Give a folder you can write to: scripts/build-web.sh OUT"
echo "build-web: the site is in $out (serve it with: python3 -m http.server -d $out)"
