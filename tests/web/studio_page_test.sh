#!/usr/bin/env bash
# The `web_studio` test: the studio's page built with scripts/build-web.sh in the web build
# folder that web_core configured and built (core's objects shared), then opened in Debian's
# headless Chromium by tests/web/page_check.py, which serves it from 127.0.0.1 and checks it
# against the desktop CLI: a lesson link, keys, the cost; painting, autosave and recovery after a
# reload, downloads and the file picker; Copy link and bad links; a browser without WebGL 2. Its
# screenshots and downloads go into OUT_DIR.
#
# usage: tests/web/studio_page_test.sh SOURCE_DIR WEB_BUILD_DIR OUT_DIR ASTAR_CLI E2E_CHECK
# Exits 77 (skipped) without Emscripten, Chromium or python3-websocket (scripts/setup.sh --web
# installs them); with CI=true, that fails instead.
set -euo pipefail
src=$1 build=$2 out=$3 cli=$4 e2e_check=$5

missing() {
  echo "web_studio: $1 (scripts/setup.sh --web installs what the web build needs)"
  if [ "${CI:-}" = true ]; then echo "web_studio: CI=true: failing instead of skipping"; exit 1; fi
  echo "SKIP"
  exit 77
}
for tool in emcmake chromium; do
  command -v "$tool" >/dev/null 2>&1 || missing "$tool is not installed"
done
/usr/bin/python3 -c 'import websocket' 2>/dev/null || missing "Debian's python3-websocket is not installed"

rm -rf "$out"
mkdir -p "$out"
start=$(date +%s)
ASTAR_WEB_BUILD_DIR=$build "$src/scripts/build-web.sh" "$out/site" >"$out/build.log" 2>&1 ||
  { tail -n 60 "$out/build.log"; echo "web_studio: the site did not build"; exit 1; }
echo "web_studio: site built in $(($(date +%s) - start)) s:"
(cd "$out/site" && ls -l astar-studio.* | awk '{print "  " $5 " bytes  " $9}')
/usr/bin/python3 "$src/tests/web/page_check.py" "$out/site" "$out" "$cli" "$src/levels/lessons" "$e2e_check"
