#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_tools.sh STUDIO CHECKER OUTDIR
# Every layer and the main tools, driven by real X input (xdotool) under its own Xvfb, on a
# blank 14 x 9 level; Ctrl+S saves, and the file must hold exactly what the input made:
#   R (rectangle) Shift+drag on walls (2,2)..(5,5): outline -> 12 wall cells
#   2 (costs), F (fill) click inside the rectangle's walls  -> cost 2 on its 4 inner cells
#   3 (heights), B (brush) click (9,2)                       -> height 1
#   4 (agents), B click (11,2)                               -> an agent
#   5 (edges), B drag (8,6) -> (9,6)                         -> the move (8,6) E weighs 2
#   6 (shapes), B click in cell (11,6)                       -> a circle near (11.5, 6.5)
#   1 (walls), L (line) drag (7,0)..(7,3), then Ctrl+Z       -> undone: no wall there
#   S (select) on shapes, drag the circle from (11,6) to (12,7) -> the circle moved
#   S (select) drag (2,2)..(3,3), Ctrl+C, Ctrl+V over (10,0) -> walls pasted at (10,0), (11,0),
#                                                              (10,1), and cost 2 at (11,1)
# Then with --lock-layer walls a click paints nothing, and on the costs layer it does.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cat >level.json <<'EOF'
{
  "format": "astar-studio-level", "version": 1, "name": "tools",
  "width": 14, "height": 9, "start": [0, 8], "goal": [13, 8],
  "rules": { "neighbours": 8, "diagonal": "no-corner-cutting" },
  "walls": ["..............", "..............", "..............", "..............", "..............",
            "..............", "..............", "..............", ".............."]
}
EOF
cp level.json original.json
start_xvfb

size=1024x640
map_screenshot $size

start_studio level.json --size $size
shot 1

# cell_drag X0 Y0 X1 Y1: left button from one cell's centre to another's.
cell_drag() { drag $(at "$1" "$2") $(at "$3" "$4"); }
cell_click() { click $(at "$1" "$2"); }

keys r
xdo keydown shift || die "shift"
cell_drag 2 2 5 5  # Shift: the outline (the Rectangle tool fills by default)
xdo keyup shift || die "shift"
keys 2; keys f; cell_click 3 3
keys 3; keys b; cell_click 9 2
keys 4; cell_click 11 2
keys 5; cell_drag 8 6 9 6
keys 6; cell_click 11 6
keys s; cell_drag 11 6 12 7  # Select on shapes: drag the circle one cell right and down
keys 1; keys l; cell_drag 7 0 7 3
tap ctrl+z
keys s; cell_drag 2 2 3 3
keys ctrl+c
move $(at 10 0)
keys ctrl+v
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json original.json' || die "Ctrl+S did not write level.json"
ok "tools used and saved"

python3 - <<'PY' || die "the saved level does not hold what the tools made"
import json, sys
lv = json.load(open("level.json"))
bad = []
walls = {(x, y) for y, row in enumerate(lv["walls"]) for x, ch in enumerate(row) if ch == "#"}
outline = {(x, y) for x in range(2, 6) for y in range(2, 6) if x in (2, 5) or y in (2, 5)}
pasted = {(10, 0), (11, 0), (10, 1)}  # the copied 2 x 2 corner of the outline: (2,2) (3,2) (2,3)
if walls != outline | pasted:
    bad.append("walls %s, expected %s" % (sorted(walls), sorted(outline | pasted)))
cost = lv.get("cost")
inner = {(3, 3), (4, 3), (3, 4), (4, 4)}
inner.add((11, 1))  # the paste copies every layer: (3, 3)'s cost 2 lands on (11, 1)
if not cost:
    bad.append("no cost layer")
else:
    twos = {(x, y) for y, row in enumerate(cost) for x, c in enumerate(row) if c != 1}
    if twos != inner or any(cost[y][x] != 2 for x, y in inner):
        bad.append("costs other than 1 at %s, expected 2 at %s" % (sorted(twos), sorted(inner)))
heights = lv.get("heights")
if not heights or heights[2][9] != 1 or sum(map(sum, heights)) != 1:
    bad.append("heights %s, expected 1 at (9, 2) only" % heights)
agents = lv.get("agents", {}).get("cells")
if agents != [[11, 2]]:
    bad.append("agents %s, expected [[11, 2]]" % agents)
edges = lv.get("edges")
if edges != [{"from": [8, 6], "dir": "E", "weight": 2}]:
    bad.append("edges %s, expected the move (8,6) E of weight 2" % edges)
shapes = lv.get("shapes", [])
if len(shapes) != 1 or "circle" not in shapes[0] or \
        not (12 <= shapes[0]["circle"][0] <= 13 and 7 <= shapes[0]["circle"][1] <= 8):
    bad.append("shapes %s, expected one circle, placed in cell (11, 6) and moved to (12, 7)" % shapes)
for b in bad:
    print("FAIL:", b)
if bad:
    sys.exit(1)
print("ok: rectangle, fill, heights, agents, edge, moved circle, undone line and pasted walls all saved")
PY

# A locked layer: with --lock-layer walls a click paints nothing (the title stays clean, the
# status line says why), while the unlocked costs layer still takes paint.
kill "$studio_pid" 2>/dev/null
wait "$studio_pid" 2>/dev/null
studio_pid=''
cp level.json before-lock.json
start_studio level.json --size $size --lock-layer walls
shot 1
title() { xdo getwindowname "$win"; }
cell_click 8 2  # (frames drawn after it: the title says what it did)
case "$(title)" in *' *') die "a click on the locked walls layer changed the level: '$(title)'" ;; esac
keys 2
cell_click 8 2
wait_for 5 sh -c "xdotool getwindowname $win | grep -q ' \*\$'" ||
  die "the unlocked costs layer took no paint: '$(title)'"
ok "a locked layer takes no paint; an unlocked one does"
exit 0
