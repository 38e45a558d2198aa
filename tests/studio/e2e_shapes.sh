#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_shapes.sh STUDIO CHECKER OUTDIR
# Collision shapes placed and edited with their handles, driven by real X input (xdotool) under
# its own Xvfb, on the blank 12 x 8 level; after each step Ctrl+S saves, and the file must hold
# exactly what the input made:
#   6 (shapes), L (line): click cells (2,1), (5,1), (4,4), then (2,1) again -> a triangle
#   R: drag (8,1)..(11,3) -> a box; S: drag its round handle to the right  -> a rotated box, 90
#   Ctrl+Z -> the box again; Ctrl+Y -> the rotated box again
#   S: click inside the triangle, drag its top edge's small handle up one cell -> a 4th corner
#   Shift+click that corner -> the triangle again
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

write_blank_level level.json
start_xvfb

size=1024x640
map_screenshot $size
# The window pixel of a point in cell units, X and Y given as hundredths of a cell (250: 2.5).
set -- $(at 0 0)
x0=$1 y0=$2
set -- $(at 1 1)
cell_px=$(($1 - x0))
px() { echo $((x0 + ($1 - 50) * cell_px / 100)) $((y0 + ($2 - 50) * cell_px / 100)); }

start_studio level.json --size $size
shot 1

# drag_px X0 Y0 X1 Y1: the left button from one window pixel to another, through the middle.
drag_px() { drag $1 $2 $(( ($1 + $3) / 2 )) $(( ($2 + $4) / 2 )) $3 $4; }
# save NAME: Ctrl+S, then the saved level copied to NAME (it must have changed).
save() {
  cp level.json before-save.json
  keys ctrl+s
  wait_for 10 sh -c '! cmp -s level.json before-save.json' || die "Ctrl+S did not write level.json ($1)"
  cp level.json "$1"
}

keys 6; keys l
click $(px 250 150); click $(px 550 150); click $(px 450 450); click $(px 250 150)
keys r
drag_px $(px 850 150) $(px 1150 350)
# The new box is selected; its round handle stands 22 pixels above the middle of its top edge.
set -- $(px 1000 150)
keys s
drag_px $1 $(($2 - 22)) $(px 1500 250)
save placed.json
tap ctrl+z; save undone.json
tap ctrl+y; save redone.json
click $(px 450 250)                        # inside the triangle: selects it
drag_px $(px 400 150) $(px 400 50)         # its top edge's middle, up one cell
save inserted.json
xdo keydown shift || die "shift"
click $(px 400 50)                         # Shift+click the new corner: removed
xdo keyup shift || die "shift"
save removed.json
ok "shapes placed, turned, undone, redone, given a corner and had it removed; saved each time"

python3 - <<'PY' || die "the saved levels do not hold what the handles made"
import json, sys
bad = []
def shapes(name):
    return json.load(open(name)).get("shapes", [])
def near(a, b, tol=0.1):  # a pixel or two of the pointer, in cells
    return len(a) == len(b) and all(abs(p - q) <= tol for p, q in zip(a, b))
def same_corners(poly, expected):
    return len(poly) == len(expected) and all(near(p, q) for p, q in zip(sorted(poly), sorted(expected)))
triangle = [(2.5, 1.5), (4.5, 4.5), (5.5, 1.5)]
turned = [10, 2.5, 3, 2, 90]  # the box (8.5, 1.5)..(11.5, 3.5) a quarter turn clockwise
def expect(name, kinds, poly, second):
    s = shapes(name)
    if [next(iter(e)) for e in s] != kinds:
        bad.append("%s: shapes %s, expected kinds %s" % (name, s, kinds))
        return
    if not same_corners(s[0]["polygon"], poly):
        bad.append("%s: polygon %s, expected corners %s" % (name, s[0]["polygon"], sorted(poly)))
    if not near(s[1][kinds[1]], second):
        bad.append("%s: %s %s, expected %s" % (name, kinds[1], s[1][kinds[1]], second))
    if kinds[1] == "rotated_box" and s[1]["rotated_box"][4] != 90:
        bad.append("%s: the angle is %s, not exactly 90 (turns snap to whole degrees)" % (name, s[1]["rotated_box"][4]))
expect("placed.json", ["polygon", "rotated_box"], triangle, turned)
expect("undone.json", ["polygon", "box"], triangle, [8.5, 1.5, 11.5, 3.5])
expect("redone.json", ["polygon", "rotated_box"], triangle, turned)
expect("inserted.json", ["polygon", "rotated_box"], triangle + [(4.0, 0.5)], turned)
expect("removed.json", ["polygon", "rotated_box"], triangle, turned)
for b in bad:
    print("FAIL:", b)
if bad:
    sys.exit(1)
print("ok: triangle, quarter-turned box, undo and redo, a corner added and removed, all saved")
PY
exit 0
