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
# Then D* Lite's walking robot (walk mode), on lesson 17 (a sensor of 3, fog):
#   End walks it to the goal: the status says "Arrived at the goal in N moves", and its moves,
#     cell and walked cost are those of `astar walk` on the lesson;
#   Left takes the last move back (the robot on the row before the last), Right walks it again.
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
drag $(for y in 0 1 2 3 4 5 6; do at 5 $y; done)
shot_until 2 's["status"].startswith("repair 1: ")'
trace_is 2 's["state"] == "found"' 's["status"].startswith("repair 1: ")' '"A* from scratch" in s["status"]' \
  'all(c[0] != 5 or c[1] == 7 for c in s["path"])' 's["path_cost"] > '"$cost0"
tap ctrl+z
shot_until 3 's["status"].startswith("repair 2: ")'
trace_is 3 's["state"] == "found"' 's["status"].startswith("repair 2: ")' 'abs(s["path_cost"] - '"$cost0"') < 1e-9'
ok "a stroke across the path is one repair, its undo another"

kill "$studio_pid" 2>/dev/null
wait "$studio_pid" 2>/dev/null
lesson=$(cd "$(dirname "$0")/../../levels/lessons" && pwd)/17-robot-discovers-walls.json
"$astar_cli" walk "$lesson" --format json >walk.json || die "astar walk failed"
walk_is() {  # walk_is N PYTHON-EXPR...: over the sidecar `s` and astar walk's output `w`
  n=$1
  shift
  python3 - "astar-studio-$n.png.json" "$@" <<'PY' || die "shot $n: the walk is not as expected"
import json, sys
s = json.load(open(sys.argv[1]))
w = json.load(open("walk.json"))
for e in sys.argv[2:]:
    if not eval(e):
        print("not true:", e, "| status:", s["status"], "| walk:", s.get("walk"))
        sys.exit(1)
PY
}
start_studio "$lesson" --size $size
shot 4
walk_is 4 's["algorithm"] == "d-star-lite"' 's["walk"]["moves"] == 0' 's["walk"]["sensor"] == 3' \
  's["walk"]["at"] == s["start"]'
keys End
shot_until 5 's["status"].startswith("Arrived at the goal")'
last=$(python3 -c 'import json; print(len(json.load(open("walk.json"))["moves"]) - 1)')
walk_is 5 's["status"].startswith("Arrived at the goal in %d moves" % '"$last"')' \
  's["walk"]["moves"] == '"$last" 's["walk"]["at"] == s["goal"]' \
  'abs(s["walk"]["walked_cost"] - w["walked_cost"]) < 1e-9'
tap Left
shot 6
walk_is 6 's["walk"]["moves"] == '"$last"' - 1' 's["walk"]["at"] == w["moves"]['"$last"' - 1]["cell"]'
tap Right
shot 7
walk_is 7 's["walk"]["moves"] == '"$last" 's["walk"]["at"] == s["goal"]'
ok "the robot walks through the fog to the goal as astar walk does, Back takes a move back"
exit 0
