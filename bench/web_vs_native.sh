#!/usr/bin/env bash
# The web build's figures (issue 20, item 7), printed as the tables of docs/benchmarks.md:
#  1. core's A* over every query of the shared MovingAI scenario files (bench_movingai), native
#     and compiled to WebAssembly, under node and in headless Chromium, alternating, ROUNDS
#     rounds, each target's fastest: time per map and in all, the ratio to native, and whether
#     the expansions and every path cost (bit for bit) equal native's;
#  2. the site's files (scripts/build-web.sh), before and after gzip -9;
#  3. the page in headless Chromium (SwiftShader, no GPU) on 127.0.0.1: the time to the first
#     frame, and frames per second while a search plays on a 512² level (bench/web_page_bench.py).
# Builds what it needs in BUILD_DIR (default build-bench-web): the web build in studio/ (as
# scripts/build-web.sh makes it, plus the two bench_movingai targets), the site in site/, and
# the native Release build in native/ ($ASTAR_NATIVE_BUILD_DIR) with -j2. The MovingAI files:
# $ASTAR_MOVINGAI_DIR, else ../shared/movingai beside the source tree.
#   bench/web_vs_native.sh [BUILD_DIR] [ROUNDS] [LIMIT]      (defaults: build-bench-web 3 1000000)
# LIMIT caps the queries per file (bench_movingai --limit); ROUNDS 0 leaves out 1 (the site and
# the page only). Needs scripts/setup.sh --web.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m "${1:-build-bench-web}") rounds=${2:-3} limit=${3:-1000000}
native=$(realpath -m "${ASTAR_NATIVE_BUILD_DIR:-$build/native}")
data=$(realpath -m "${ASTAR_MOVINGAI_DIR:-$root/../shared/movingai}")
compgen -G "$data/*.scen" >/dev/null || { echo "web_vs_native: no .scen file in $data (set ASTAR_MOVINGAI_DIR)" >&2; exit 2; }
web=$build/studio site=$build/site out=$build/results
python=/usr/bin/python3  # Debian's, with python3-websocket
# shellcheck source=../scripts/emscripten_env.sh
. "$root/scripts/emscripten_env.sh"  # NODE_PATH and EMSDK_PYTHON for Debian's Emscripten
load() { cut -d' ' -f1-3 /proc/loadavg; }
step() {  # step LOG COMMAND...: COMMAND's output into LOG; on failure, the log's end and exit
  if ! "${@:2}" >"$1" 2>&1; then
    tail -n 30 "$1" >&2
    echo "web_vs_native: failed: ${*:2} (the whole log: $1)" >&2
    exit 1
  fi
}
mkdir -p "$out"

echo "# builds (logs in $out)"
step "$out/native-configure.log" cmake -S "$root" -B "$native" -DCMAKE_BUILD_TYPE=Release \
  -DASTAR_BUILD_STUDIO=OFF -DASTAR_BUILD_TESTS=OFF
step "$out/native-build.log" cmake --build "$native" --target bench_movingai astar -j2
step "$out/site-build.log" env ASTAR_WEB_BUILD_DIR="$web" "$root/scripts/build-web.sh" "$site"
step "$out/web-configure.log" cmake -S "$root" -B "$web" -DASTAR_MOVINGAI_DIR="$data"
step "$out/web-build.log" cmake --build "$web" --target bench_movingai bench_movingai_page -j2
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
     "$(nproc) cores; node $(node --version); $(chromium --version 2>/dev/null | cut -d' ' -f1-2); emscripten $(emcc -dumpversion)"

if [ "$rounds" -gt 0 ]; then
  echo
  echo "# 1. A* over the MovingAI files: native, node, Chromium ($rounds rounds, --limit $limit)"
  scens=("$data"/*.scen)
  rm -f "$out"/{native,node,chromium}.*.tsv
  for round in $(seq "$rounds"); do
    echo "round $round: load $(load)"
    "$native/bench/bench_movingai" "${scens[@]}" --limit "$limit" --reps 1 >"$out/native.$round.tsv"
    node "$web/bench/bench_movingai.js" "${scens[@]}" --limit "$limit" --reps 1 >"$out/node.$round.tsv"
    "$python" "$root/bench/web_page_bench.py" movingai "$web/bench" --limit "$limit" --reps 1 \
      >"$out/chromium.$round.tsv"
  done
  echo "load after: $(load)"
  echo
  "$python" "$root/bench/web_page_bench.py" movingai-table "$out" || echo "COSTS OR EXPANSIONS DIFFER"
fi

echo
echo "# 2. The site's files"
echo
echo "| file | bytes | gzip -9 |"
echo "|---|---|---|"
sum=0 gz_sum=0
for f in "$site"/astar-studio.wasm "$site"/astar-studio.js "$site"/astar-studio.data "$site"/index.html; do
  bytes=$(stat -c %s "$f") gz=$(gzip -9 -c "$f" | wc -c)
  sum=$((sum + bytes)) gz_sum=$((gz_sum + gz))
  printf '| %s | %s | %s |\n' "$(basename "$f")" "$bytes" "$gz"
done
awk -v s="$sum" -v g="$gz_sum" 'BEGIN {
  printf "| **all** | %d (%.2f MB, %.2f MiB) | %d (%.2f MB, %.2f MiB) |\n", s, s / 1e6, s / 1048576, g, g / 1e6, g / 1048576 }'

echo
echo "# 3. The page in headless Chromium (load $(load))"
"$python" "$root/bench/web_page_bench.py" first-frame "$site" 5
level=$out/obstacles-512.json  # as bench/studio_frames.sh makes its levels
"$native/app/astar" generate obstacles --size 512x512 --seed 1 --density 0.15 -o "$level" >/dev/null
echo
"$python" "$root/bench/web_page_bench.py" frames "$site" "$level" 200
echo "load after: $(load)"
