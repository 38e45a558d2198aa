#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_hierarchy.sh STUDIO CHECKER OUTDIR
# HPA*'s graph kept across an edit, by real input (xdotool, under its own Xvfb), on a 40 x 24
# level of rooms made by `astar generate` with 8-cell clusters (15 clusters), searched to the end
# with --algorithm hpa-star:
#   the status says "Built all 15 clusters of the abstract graph in ... ms.";
#   1 (walls), B, a click on an open cell in the middle of a cluster: the status says "The edit
#     rebuilt N of 15 clusters (... ms; a full build takes ... ms).", N at most 9 (the cluster
#     and its neighbours), and the search is found again.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

"$astar_cli" generate rooms --size 40x24 --seed 2 --rooms 6 --room-size 4..9 --loops 0.3 \
  -o level.json >/dev/null || die "astar generate did not make level.json"
# An open cell three or four cells inside its cluster on both axes, not the start or the goal.
cell=$(python3 -c '
import json, sys
d = json.load(open("level.json"))
for y, row in enumerate(d["walls"]):
    for x, ch in enumerate(row):
        if ch == "." and x % 8 in (3, 4) and y % 8 in (3, 4) and [x, y] not in (d["start"], d["goal"]):
            print(x, y); sys.exit(0)
sys.exit(1)') || die "no open cell in the middle of a cluster"
start_xvfb
size=1280x800
map_screenshot $size

start_studio level.json --size $size --algorithm hpa-star --cluster-size 8 --run
shot 1
trace_is 1 's["state"] == "found"' 's["status"].startswith("Built all 15 clusters of the abstract graph in ")'
keys 1; keys b
click $(at $cell)
shot_until 2 's["status"].startswith("The edit rebuilt ")'
trace_is 2 's["state"] == "found"' '" of 15 clusters (" in s["status"]' '"; a full build takes " in s["status"]' \
  '1 <= int(s["status"].split()[3]) <= 9'
ok "a wall painted at ($cell) rebuilt only the clusters near it: $(python3 -c 'import json; print(json.load(open("astar-studio-2.png.json"))["status"])')"
exit 0
