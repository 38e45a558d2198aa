#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_repair.sh STUDIO CHECKER OUTDIR
# LPA*'s repairs by real input (xdotool, under its own Xvfb), on the blank 12 x 8 level searched
# to the end with --algorithm lpa-star:
#   1 (walls), B: one stroke down column 5, rows 0..6, across the path -> one repair (not a new
#     search): the status says "repair 1: N cells updated ... A* from scratch: M expanded", the
#     path goes round the wall's open end, the search is found, and the Queue panel is shown;
#   Ctrl+Z: the undo is repair 2, and the path is straight again (its cost the one before);
#   the level's path costs match `astar run` on the saved levels.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

write_blank_level level.json
start_xvfb
size=1024x640
map_screenshot $size

start_studio level.json --size $size --algorithm lpa-star --run
shot 1
trace_is 1 's["state"] == "found"' '"repair" not in s["status"]'
cost0=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["path_cost"])' astar-studio-1.png.json)

keys 1; keys b
move $(at 5 0); sleep 0.2
xdo mousedown 1 || die "mousedown"
for y in 1 2 3 4 5 6; do sleep 0.12; move $(at 5 $y); done
sleep 0.3
xdo mouseup 1 || die "mouseup"
sleep 0.5
shot 2
trace_is 2 's["state"] == "found"' 's["status"].startswith("repair 1: ")' '"A* from scratch" in s["status"]' \
  'all(c[0] != 5 or c[1] == 7 for c in s["path"])' 's["path_cost"] > '"$cost0"
keys ctrl+z
sleep 0.5
shot 3
trace_is 3 's["state"] == "found"' 's["status"].startswith("repair 2: ")' 'abs(s["path_cost"] - '"$cost0"') < 1e-9'
ok "a stroke across the path is one repair, its undo another"
exit 0
