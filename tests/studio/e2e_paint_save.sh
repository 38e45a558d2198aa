#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_paint_save.sh STUDIO CHECKER OUTDIR [LAYERS-CHECKER]
# A* Studio driven by real X input (xdotool) under its own Xvfb:
#   1. a stroke from cell (4,2) to (4,5) paints walls, including (4,4) which the pointer jumps
#      over (the stroke fills the cells between mouse samples); the title shows " *";
#   1b. Ctrl+Z undoes the whole stroke as one step (title clean, cells open in a screenshot);
#      Ctrl+Y redoes it (title dirty, cells walls again);
#   2. Ctrl+S saves the level file; the title loses " *";
#   3. one more wall at (7,3), then Ctrl+Q: the unsaved-changes guard keeps the studio running;
#      Escape cancels it (gone from an F12 screenshot); Ctrl+Q again, and a click on Discard
#      (found by the checker in an F12 screenshot of the guard) ends the studio with status 0;
#   4. the file holds walls exactly at (4,2)..(4,5), start and goal unchanged, no (7,3);
#   4b. a new studio on the saved file shows those walls (screenshot pixels) and (7,3) open;
#   5. with --tool cost=5 a stroke (6,1)..(6,3) paints cost 5 there, and Ctrl+S saves it; an F12
#      screenshot then shows those cells in the forest colour (cost 5 in the default terrain
#      palette): the painted cells reached the grid's textures (studio_layers_check --only costs).
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3 layers_checker=${4:-}
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

# [SECTION] The level: 12 x 8, all open, start (1,1), goal (10,6), 8 neighbours
write_blank_level level.json
cp level.json original.json
stroke="4,2 4,3 4,4 4,5"
# The checker itself: the blank level passes as blank and fails as painted.
"$checker" level original.json 12x8 1,1 10,6 >/dev/null || die "checker rejects the blank level"
if "$checker" level original.json 12x8 1,1 10,6 $stroke >/dev/null 2>&1; then
  die "checker accepts the blank level as painted"
fi

start_xvfb

# [SECTION] Where the cells are: the same window size, fitted the same way, gives the mapping
size=1024x640
map_screenshot $size
# Window pixels "X Y" of the centres of the cells the test clicks.
p42=$("$checker" cell map.png.json 4 2) || die "no pixel for cell (4, 2)"
p43=$("$checker" cell map.png.json 4 3) || die "no pixel for cell (4, 3)"
p45=$("$checker" cell map.png.json 4 5) || die "no pixel for cell (4, 5)"
p73=$("$checker" cell map.png.json 7 3) || die "no pixel for cell (7, 3)"
ok "cells (4,2) (4,3) (4,5) (7,3) at window pixels ($p42) ($p43) ($p45) ($p73)"

# [SECTION] The studio, interactive
start_studio level.json --size $size
[ "${WIDTH}x${HEIGHT}" = "$size" ] || die "the window is ${WIDTH}x${HEIGHT}, not $size"

title() { xdo getwindowname "$win"; }
dirty() { case "$(title)" in *' *') return 0 ;; *) return 1 ;; esac; }
clean() { case "$(title)" in *' *') return 1 ;; *) return 0 ;; esac; }

# Ready: the studio answers F12 with astar-studio-1.png (in this folder) from a rendered frame,
# so the level is fitted to the canvas and ImGui knows its windows (a click in the very first
# frame would find nothing under the pointer).
shot 1
clean || die "the freshly opened level is marked dirty: '$(title)'"

# [SECTION] 1. The stroke (4,2) -> (4,3) -> (4,5): the pointer never rests on (4,4)
drag $p42 $p43 $p45
wait_for 5 dirty || die "the stroke did not mark the level dirty: title '$(title)'"
cmp -s level.json original.json || die "the file changed before Ctrl+S"
ok "stroke painted, title '$(title)'"

# [SECTION] 1b. Ctrl+Z undoes the whole stroke (one step): back to the opened state, so the
# title loses " *" and a save would write the blank level; Ctrl+Y redoes it.
tap ctrl+z
wait_for 5 clean || die "Ctrl+Z did not undo the stroke back to the saved state: title '$(title)'"
shot 2
"$checker" wall-pixels astar-studio-2.png.json 4,2 4,3 4,4 4,5 open ||
  die "after Ctrl+Z the stroke's cells are not open in astar-studio-2.png"
tap ctrl+y
wait_for 5 dirty || die "Ctrl+Y did not redo the stroke: title '$(title)'"
shot 3
"$checker" wall-pixels astar-studio-3.png.json 4,2 4,3 4,4 4,5 wall ||
  die "after Ctrl+Y the stroke's cells are not walls in astar-studio-3.png"
ok "Ctrl+Z undid the stroke in one step, Ctrl+Y redid it"

# [SECTION] 2. Ctrl+S saves
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json original.json' || die "Ctrl+S did not write level.json"
wait_for 5 clean || die "still dirty after Ctrl+S: title '$(title)'"
cp level.json saved.json
"$checker" level saved.json 12x8 1,1 10,6 $stroke || die "the saved level is wrong"
ok "Ctrl+S saved the stroke, title '$(title)'"

# [SECTION] 3. One more wall, then quit through the guard
click $p73
wait_for 5 dirty || die "the click on (7,3) did not mark the level dirty"
keys ctrl+q  # (frames drawn after it: the studio still runs)
running || die "Ctrl+Q with unsaved changes quit without asking"
dirty || die "the level is no longer dirty after Ctrl+Q"
cmp -s level.json saved.json || die "the file changed after Ctrl+Q"
ok "Ctrl+Q: the guard holds the studio"

keys Escape  # Cancel
running || die "Escape in the guard quit the studio"
shot 4
if "$checker" guard-button astar-studio-4.png >/dev/null 2>&1; then
  die "the guard is still open after Escape (astar-studio-4.png)"
fi
dirty || die "the level is no longer dirty after Escape"
ok "Escape cancels the guard"

keys ctrl+q
running || die "the second Ctrl+Q quit without asking"
shot 5
button=$("$checker" guard-button astar-studio-5.png) || die "no guard buttons in astar-studio-5.png"
ok "the guard's Discard button at window pixel ($button)"
press_at $button
xdo mouseup 1 || die "mouseup"  # (no frame to wait for: the studio ends)
wait_for 5 exited || die "the studio still runs 5 s after Discard"
wait "$studio_pid"
code=$?
studio_pid=''
[ "$code" -eq 0 ] || die "the studio exited with status $code"
ok "Discard: the studio exited with status 0"

# [SECTION] 4. The file: the saved stroke, without the discarded (7,3)
status=0
cmp -s level.json saved.json || { echo "FAIL: level.json changed after the save"; status=1; }
"$checker" level level.json 12x8 1,1 10,6 $stroke || status=1
for f in level.json.tmp-*; do
  [ -e "$f" ] && { echo "FAIL: a temporary file is left: $f"; status=1; }
done
[ -s studio.log ] && { echo "--- studio output:"; cat studio.log; }
[ $status -eq 0 ] && ok "level.json holds exactly the saved stroke"
# [SECTION] 4b. Reopen: a new studio on the saved file shows the stroke's walls, and (7,3), the
# discarded wall, open. (The first studio's screenshots go first: the new one numbers from 1.)
rm -f astar-studio-*.png astar-studio-*.png.json
start_studio level.json --size $size
shot 1
"$checker" wall-pixels astar-studio-1.png.json 4,2 4,3 4,4 4,5 wall ||
  die "the reopened level does not show the saved walls (astar-studio-1.png)"
"$checker" wall-pixels astar-studio-1.png.json 7,3 open ||
  die "the reopened level shows the discarded wall at (7,3)"
clean || die "the reopened level is marked dirty: '$(title)'"
kill "$studio_pid" 2>/dev/null
wait "$studio_pid" 2>/dev/null
studio_pid=''
rm -f astar-studio-*.png astar-studio-*.png.json
ok "reopened: the saved stroke is there, the discarded wall is not"

# [SECTION] 5. The Cost tool (--tool cost=5): a stroke (6,1) -> (6,3) paints cost 5, Ctrl+S
# saves it; the file's cost layer has 5 exactly there and 1 elsewhere.
p61=$("$checker" cell map.png.json 6 1) || die "no pixel for cell (6, 1)"
p63=$("$checker" cell map.png.json 6 3) || die "no pixel for cell (6, 3)"
cp level.json before-cost.json
rm -f astar-studio-*.png astar-studio-*.png.json
start_studio level.json --size $size --tool cost=5
shot 1
drag $p61 $p63
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json before-cost.json' || die "Ctrl+S did not save the cost stroke"
python3 - <<'PY' || status=1
import json, sys
lv = json.load(open("level.json"))
cost = lv.get("cost")
want = [[5 if x == 6 and 1 <= y <= 3 else 1 for x in range(12)] for y in range(8)]
if cost != want:
    print("FAIL: the cost layer after the Cost tool's stroke is", cost)
    sys.exit(1)
print("ok: the Cost tool painted cost 5 on (6,1)..(6,3) and Ctrl+S saved it")
PY
if [ -n "$layers_checker" ]; then
  shot 2
  if "$layers_checker" astar-studio-2.png level.json --only costs >layers.check 2>&1 &&
     grep -q "costs: 3 terrain cells" layers.check; then
    ok "the painted cells show the forest colour: $(grep costs: layers.check)"
  else
    cat layers.check
    echo "FAIL: the cells painted with cost 5 do not show the forest colour"
    status=1
  fi
fi
exit $status
