#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_units.sh STUDIO CHECKER OUTDIR [ASTAR]
# Units that move placed with the Unit tool by real X input (xdotool) under its own Xvfb, on the
# blank 12 x 8 level (start (1,1), goal (10,6)) with one wall at (9,4); Ctrl+S saves, and the
# file must hold exactly the units the clicks made:
#   U, click (2,2), click (9,5)                 -> unit 0: (2,2) -> (9,5)
#   click (3,6), click (9,4): refused           -> nothing; the status says the goal is in a wall
#   click (8,2)                                 -> unit 1: (3,6) -> (8,2) (the start stayed)
#   click (6,4), Escape; click (5,5), right click -> nothing (both cancelled)
#   click (1,1) (the level's start marker), click (10,1) -> unit 2: (1,1) -> (10,1), not a drag
#   click (9,5)                                 -> unit 0 removed
#   Ctrl+Z                                      -> unit 0 back
# Then, with ASTAR given, Play units by clicks in the Units section: the Play units box, then the
# next-tick button three times; the sidecar's tick is 3 and every unit stands where
# `ASTAR units` (its flow fields) puts it at t = 3; the previous-tick button once: t = 2, again
# as the CLI.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3 astar=${4:-}
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

write_blank_level level.json
python3 - <<'PY' || die "cannot put the wall in level.json"
import json
lv = json.load(open("level.json"))
row = lv["walls"][4]
lv["walls"][4] = row[:9] + "#" + row[10:]
json.dump(lv, open("level.json", "w"))
PY
start_xvfb

size=1024x640
map_screenshot $size
start_studio level.json --size $size

cell_click() { click $(at "$1" "$2"); }
# right_click X Y: the right button pressed and released at a cell's centre, without moving.
right_click() {
  set -- $(at "$1" "$2")
  xdo mousemove $((win_x + $1)) $((win_y + $2)) mousedown 3 || die "right press"
  drawn
  xdo mouseup 3 || die "right release"
  drawn
}
save() {
  cp level.json before-save.json
  keys ctrl+s
  wait_for 10 sh -c '! cmp -s level.json before-save.json' || die "Ctrl+S did not write level.json ($1)"
  cp level.json "$1"
}

keys u
cell_click 2 2; cell_click 9 5
cell_click 3 6; cell_click 9 4
shot 1
trace_is 1 '"units[1].goal (9, 4) is inside a wall" in s["status"]'
cell_click 8 2
cell_click 6 4; keys Escape
cell_click 5 5; right_click 5 5
cell_click 1 1; cell_click 10 1
save placed.json
cell_click 9 5
save removed.json
tap ctrl+z
save undone.json
cell_click 4 4  # a pending start, for the last picture
shot 2
ok "units placed, refused, cancelled, removed and brought back by clicks; saved each time"

# cli_at N T: shot N's unit positions equal `astar units undone.json` at tick T.
cli_at() {
  "$astar" units undone.json --format json >cli.json
  python3 - "astar-studio-$1.png.json" cli.json "$2" <<'PY' || die "shot $1: the units are not where the CLI has them at t = $2"
import json, sys
s = json.load(open(sys.argv[1]))["units"]
cli = json.load(open(sys.argv[2]))
t = int(sys.argv[3])
want = [u["path"][min(t, len(u["path"]) - 1)][:2] for u in cli["units"]]
print("studio:", s["tick"], s["positions"], "cli:", want)
sys.exit(0 if s["tick"] == t and s["positions"] == want else 1)
PY
}
if [ -n "$astar" ]; then
  keys Escape
  rect 2 units.play_units; press
  shot 3
  holds 3 's["units"]["shown"] and s["units"]["planned"]' || die "Play units did not plan: $(cat astar-studio-3.png.json)"
  rect 3 units.tick_forward
  press; press; press
  shot 4
  cli_at 4 3
  rect 4 units.tick_back; press
  shot 5
  cli_at 5 2
  ok "Play units by clicks: ticks forward and back, the units where the CLI has them"
fi

python3 - <<'PY' || die "the saved levels do not hold the units the clicks made"
import json, sys
def units(name):
    return [(tuple(u["start"]), tuple(u["goal"])) for u in json.load(open(name)).get("units", [])]
def level(name):
    return json.load(open(name))
a, b, c = ((2, 2), (9, 5)), ((3, 6), (8, 2)), ((1, 1), (10, 1))
bad = []
for name, expected in (("placed.json", [a, b, c]), ("removed.json", [b, c]), ("undone.json", [a, b, c])):
    if units(name) != expected:
        bad.append("%s: units %s, expected %s" % (name, units(name), expected))
if level("placed.json")["start"] != [1, 1]:
    bad.append("the level's start moved: %s" % level("placed.json")["start"])
for x in bad:
    print("FAIL:", x)
if bad:
    sys.exit(1)
print("ok: three units placed, one refused goal, two cancels, a removal and its undo, all saved")
PY
exit 0
