#!/bin/sh
# Our A* beside the careful plain reference (../shared/peers/ref_astar.cpp), in the same run:
# every query of every MovingAI scenario file, total search time and expansions, one Markdown
# row per map, the machine's load before and after. Builds the reference with the line its
# header gives.
#   bench/vs_reference.sh [BUILD_DIR] [MOVINGAI_DIR] [ROUNDS] [LIMIT]
# BUILD_DIR holds bench/bench_movingai (default build); MOVINGAI_DIR the .map and .map.scen
# files (default $ASTAR_MOVINGAI_DIR, else ../shared/movingai). Each side runs ROUNDS times
# (default 3), alternating, and keeps its fastest time: the machine may be shared.
# LIMIT (default: every query) runs only the first LIMIT queries of each file, the short-query
# row set: scenario files list their queries shortest first, so `... 3 200` times the 200
# shortest of each map, where what a query costs before its first expansion (and the first
# touch of the search's memory) counts most.
set -eu
build=${1:-build}
data=${2:-${ASTAR_MOVINGAI_DIR:-../shared/movingai}}
rounds=${3:-3}
limit=${4:-1000000}
case $limit in ''|*[!0-9]*) echo "vs_reference: LIMIT must be a whole number, got '$limit'" >&2; exit 2 ;; esac
peer=$(dirname "$data")/peers/ref_astar.cpp
[ -f "$peer" ] || peer=../shared/peers/ref_astar.cpp
ours=$build/bench/bench_movingai
ref=$build/bench/ref_astar
[ -x "$ours" ] || { echo "vs_reference: $ours not built (cmake --build $build --target bench_movingai)" >&2; exit 2; }
[ -f "$peer" ] || { echo "vs_reference: no reference at $peer" >&2; exit 2; }
g++ -O2 -std=c++17 -o "$ref" "$peer"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$limit" -lt 1000000 ]; then echo "(the first $limit queries of each file)"; fi
echo
echo "| map | queries | reference s | ours s | time ratio | reference expansions | ours expansions | expansion ratio |"
echo "|---|---|---|---|---|---|---|---|"
for map in "$data"/*.map; do
  scen=$map.scen
  [ -f "$scen" ] || continue
  best_ref=""; best_ours=""; ref_exp=""; ours_exp=""; queries=""
  i=0
  while [ "$i" -lt "$rounds" ]; do
    line=$("$ref" "$map" "$scen" --limit="$limit")
    s=$(echo "$line" | tr ' ' '\n' | sed -n 's/^search_s=//p')
    ref_exp=$(echo "$line" | tr ' ' '\n' | sed -n 's/^expansions=//p')
    queries=$(echo "$line" | tr ' ' '\n' | sed -n 's/^queries=//p')
    best_ref=$(awk -v a="$s" -v b="${best_ref:-$s}" 'BEGIN { print (a < b ? a : b) }')
    row=$("$ours" "$scen" --limit "$limit" --reps 1 | tail -n 1)
    ours_exp=$(echo "$row" | cut -f3)
    t=$(echo "$row" | awk -F'\t' '{ printf "%.4f", $5 * $2 / 1000 }')
    best_ours=$(awk -v a="$t" -v b="${best_ours:-$t}" 'BEGIN { print (a < b ? a : b) }')
    i=$((i + 1))
  done
  awk -v m="$(basename "$map" .map)" -v q="$queries" -v r="$best_ref" -v o="$best_ours" \
      -v re="$ref_exp" -v oe="$ours_exp" 'BEGIN {
    printf "| %s | %d | %.4f | %.4f | %.2f | %d | %d | %.4f |\n", m, q, r, o, o / r, re, oe, oe / re }'
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
