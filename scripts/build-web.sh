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
# Debian's emscripten runs its JavaScript tools with the first node on PATH; another node must
# find Debian's node modules (acorn) there.
if [ -z "${NODE_PATH:-}" ] && [ -d /usr/share/nodejs ]; then export NODE_PATH=/usr/share/nodejs; fi
# A folder already configured (the web_core test's, which also builds the core tests) is reused.
if [ ! -f "$build/CMakeCache.txt" ]; then
  emcmake cmake -S "$root" -B "$build" -DASTAR_WEB=ON -DASTAR_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target astar-studio -j"$(nproc)"
mkdir -p "$out"
cp "$root/web/index.html" "$build/app/astar-studio.js" "$build/app/astar-studio.wasm" \
   "$build/app/astar-studio.data" "$out/"
echo "build-web: the site is in $out (serve it with: python3 -m http.server -d $out)"
