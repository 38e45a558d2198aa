#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_dialogs.sh STUDIO CHECKER ASTAR OUTDIR
# The Generate, Import and Export dialogs by real X input (xdotool) under their own Xvfb. Each
# dialog is opened from the command line (--recipe, --import, --open-dialog) and its buttons are
# found in an F12 screenshot (studio_e2e_check buttons), never at hard-coded pixels:
#   1. --recipe "maze-division --size 25x17 --seed 5" on a blank 10 x 8 level: click Generate,
#      Ctrl+S: the file is 25 x 17, named by the recipe, has the walls `astar generate` makes
#      with the same recipe, and every open cell is reachable from the start; then Ctrl+Z,
#      Ctrl+S: the blank level is back (one undo step).
#   2. --import ramp.png (a 12 x 9 grey image with dark pixels at known places): click "Replace
#      this level", Ctrl+S: walls exactly where the pixels were dark (threshold 128).
#   3. --recipe "noise-heights ..." on that level: click "Apply to this level", Ctrl+S: the walls
#      are the same, and the open cells' heights span 0..8 (both ends reached).
#   4. --open-dialog export-png: click Export: level.png has the same bytes as
#      `astar export level.json -o cli.png --cell-px 8` (the dialog's default for small levels).
#   And bad --open-dialog, --recipe and --import values fail with a message naming them.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 astar=$3 out=$4
case $astar in /*) ;; *) astar=$PWD/$astar ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cat >level.json <<'JSON'
{
  "format": "astar-studio-level", "version": 1, "name": "blank",
  "width": 10, "height": 8, "start": [0, 0], "goal": [9, 7],
  "rules": { "neighbours": 8, "diagonal": "no-corner-cutting" },
  "walls": ["..........", "..........", "..........", "..........", "..........",
            "..........", "..........", ".........."]
}
JSON
refused() {  # refused EXPECTED ARGS...: the studio exits non-zero and says EXPECTED on stderr
  expected=$1
  shift
  "$studio" "$@" >refused.log 2>&1 && die "the studio accepted $*"
  grep -qF -- "$expected" refused.log || die "for $*: expected '$expected', got: $(cat refused.log)"
}
refused "--open-dialog: expected generate, import, export-map or export-png, got 'nope'" --open-dialog nope
refused "--recipe: recipe: density: not a parameter of maze-backtracker" --recipe "maze-backtracker --density 0.5"
refused "--import: missing file name" --import
ok "bad --open-dialog, --recipe and --import values are refused by name"

start_xvfb

saved_after() {  # saved_after STAMP: Ctrl+S, then wait until level.json is newer than STAMP
  keys ctrl+s
  wait_for 10 test level.json -nt "$1" || die "Ctrl+S did not write level.json"
}
# dialog_buttons N COUNT I: shot N, again until the dialog opened from the command line shows
# COUNT buttons; prints button I's centre (studio_e2e_check buttons).
dialog_buttons() { retake "$1" "$checker" buttons "astar-studio-$1.png" "$2" "$3"; }

# [1] Generate
recipe="maze-division --size 25x17 --seed 5"
"$astar" generate $recipe -o cli-maze.json >cli.log 2>&1 || die "astar generate: $(cat cli.log)"
start_studio level.json --size 1280x800 --recipe "$recipe"
button=$(dialog_buttons 1 2 1) || die "no Generate / Cancel buttons in astar-studio-1.png"
touch -d '-2 seconds' stamp
click $button
saved_after stamp
python3 - "$recipe" <<'PY' || die "the generated level is not the maze asked for"
import json, sys
from collections import deque
recipe = sys.argv[1]
lv, cli = json.load(open("level.json")), json.load(open("cli-maze.json"))
bad = []
if (lv["width"], lv["height"]) != (25, 17): bad.append("size %dx%d, expected 25x17" % (lv["width"], lv["height"]))
if lv["name"] != recipe: bad.append("name %r, expected the recipe %r" % (lv["name"], recipe))
if lv["walls"] != cli["walls"]: bad.append("walls differ from astar generate's")
if (lv["start"], lv["goal"]) != (cli["start"], cli["goal"]): bad.append("start/goal differ from astar generate's")
walls = lv["walls"]
open_cells = {(x, y) for y, row in enumerate(walls) for x, ch in enumerate(row) if ch != "#"}
seen, todo = {tuple(lv["start"])}, deque([tuple(lv["start"])])
while todo:
    x, y = todo.popleft()
    for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if n in open_cells and n not in seen:
            seen.add(n); todo.append(n)
if seen != open_cells: bad.append("%d of %d open cells unreachable" % (len(open_cells - seen), len(open_cells)))
if len(open_cells) < 100: bad.append("only %d open cells" % len(open_cells))
for b in bad: print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
ok "Generate: a 25 x 17 maze named by its recipe, equal to astar generate's, all reachable"
touch -d '-2 seconds' stamp
tap ctrl+z
saved_after stamp
python3 -c '
import json, sys
lv = json.load(open("level.json"))
sys.exit(0 if (lv["width"], lv["height"]) == (10, 8) and "#" not in "".join(lv["walls"]) else 1)' ||
  die "Ctrl+Z after Generate did not bring back the blank 10 x 8 level"
ok "Ctrl+Z: one undo step back to the blank level"
stop_studio

# [2] Import a PNG into this level
python3 - <<'PY' || die "cannot write ramp.png"
import struct, zlib
w, h = 12, 9
dark = {(x, 4) for x in range(2, 10)} | {(1, y) for y in range(0, 6)} | {(11, 8)}
rows = [bytes([0x00]) + bytes(30 if (x, y) in dark else 220 for x in range(w)) for y in range(h)]
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) +
       chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))
open("ramp.png", "wb").write(png)
open("ramp.dark", "w").write(" ".join("%d,%d" % c for c in sorted(dark)))
PY
start_studio level.json --size 1280x800 --import ramp.png
button=$(dialog_buttons 2 3 2) || die "no Open / Replace / Cancel buttons in astar-studio-2.png"
touch -d '-2 seconds' stamp
click $button
saved_after stamp
python3 - <<'PY' || die "the imported level's walls are not the image's dark pixels"
import json, sys
lv = json.load(open("level.json"))
dark = {tuple(map(int, c.split(","))) for c in open("ramp.dark").read().split()}
walls = {(x, y) for y, row in enumerate(lv["walls"]) for x, ch in enumerate(row) if ch == "#"}
bad = []
if (lv["width"], lv["height"]) != (12, 9): bad.append("size %dx%d, expected 12x9" % (lv["width"], lv["height"]))
if walls != dark: bad.append("walls %s, expected %s" % (sorted(walls), sorted(dark)))
for b in bad: print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
ok "Import: ramp.png's dark pixels are the walls, saved by Ctrl+S"
stop_studio

# [3] Noise heights applied to this level
cp level.json before-noise.json
start_studio level.json --size 1280x800 --recipe "noise-heights --size 10x10 --seed 2"
button=$(dialog_buttons 3 3 2) || die "no Generate / Apply / Cancel buttons in astar-studio-3.png"
touch -d '-2 seconds' stamp
click $button
saved_after stamp
python3 - <<'PY' || die "Apply to this level did not put noise heights on the open cells, walls kept"
import json, sys
lv, old = json.load(open("level.json")), json.load(open("before-noise.json"))
bad = []
if lv["walls"] != old["walls"]: bad.append("the walls changed")
h = lv.get("heights")
if not h: bad.append("no heights")
else:
    hs = [h[y][x] for y, row in enumerate(lv["walls"]) for x, ch in enumerate(row) if ch != "#"]
    if (min(hs), max(hs)) != (0, 8): bad.append("open heights span %d..%d, expected 0..8" % (min(hs), max(hs)))
for b in bad: print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
ok "Apply to this level: noise heights 0..8 on the open cells, walls kept"
stop_studio

# [4] Export image
"$astar" export level.json -o cli.png --cell-px 8 >cli.log 2>&1 || die "astar export: $(cat cli.log)"
start_studio level.json --size 1280x800 --open-dialog export-png
button=$(dialog_buttons 4 2 1) || die "no Export / Cancel buttons in astar-studio-4.png"
click $button
wait_for 10 test -s level.png || die "Export wrote no level.png"
cmp -s level.png cli.png || die "level.png differs from astar export's cli.png"
ok "Export image: level.png equals astar export --cell-px 8"
exit 0
