#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_hex.sh STUDIO CHECKER OUTDIR
# Hex levels by real X input (xdotool) under its own Xvfb. The hexagons' window pixels come from
# the studio's own mapping (state/grid_geometry.hpp, through studio_e2e_check's cell and corner,
# read from a --screenshot sidecar), so every click lands where the test means it to:
#   1. pointy-top, odd rows pushed (12 x 9, all open): clicks at the centre of (4,2), just
#      inside a corner of (6,3), of (7,6) and of (2,7) (where a wrong pick lands on a
#      neighbour), and a stroke (3,5) -> (4,5); each a wall in an F12 screenshot, and the hexes
#      sharing the clicked corners still open;
#   2. Right x3 steps the search: iteration 3, the sidecar says hex-pointy-top;
#   3. Ctrl+S: the file holds exactly those walls, hex-pointy-top, stagger odd;
#   4. flat-top, even columns pushed: clicks inside corners of (5,4) and (8,2), Ctrl+S: exactly
#      those walls, hex-flat-top, stagger even.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

# write_hex_level FILE TOPOLOGY STAGGER: 12 x 9, all open, start (1,1), goal (10,7).
write_hex_level() {
  cat >"$1" <<EOF
{
  "format": "astar-studio-level", "version": 1, "name": "hex e2e",
  "width": 12, "height": 9, "topology": "$2", "stagger": "$3",
  "start": [1, 1], "goal": [10, 7],
  "walls": ["............", "............", "............", "............", "............",
            "............", "............", "............", "............"]
}
EOF
}

size=1024x640
start_xvfb

# [SECTION] 1. Pointy-top, odd: clicks at centres and just inside corners
write_hex_level level.json hex-pointy-top odd
cp level.json original.json
"$checker" level original.json 12x9:hex-pointy-top:odd 1,1 10,7 >/dev/null || die "checker rejects the blank hex level"
map_screenshot $size
p42=$(at 4 2)
p63=$("$checker" corner map.png.json 6 3 0) || die "no pixel for corner 0 of (6, 3)"
p76=$("$checker" corner map.png.json 7 6 2) || die "no pixel for corner 2 of (7, 6)"
p27=$("$checker" corner map.png.json 2 7 4) || die "no pixel for corner 4 of (2, 7)"
p35=$(at 3 5)
p45=$(at 4 5)
ok "hexes at window pixels: (4,2) ($p42), corners of (6,3) ($p63), (7,6) ($p76), (2,7) ($p27)"

start_studio level.json --size $size --heuristic hex
[ "${WIDTH}x${HEIGHT}" = "$size" ] || die "the window is ${WIDTH}x${HEIGHT}, not $size"
shot 1
trace_is 1 's["topology"] == "hex-pointy-top"' 's["stagger"] == "odd"' 's["iteration"] == 0'
click $p42
click $p63
click $p76
click $p27
drag $p35 $p45
walls="4,2 6,3 7,6 2,7 3,5 4,5"
shot 2
"$checker" wall-pixels astar-studio-2.png.json $walls wall ||
  die "the clicked hexes are not walls in astar-studio-2.png"
# The two hexes sharing each clicked corner stay open (odd-r neighbours, as
# ../shared/formats/hex-grids.md tables them): (6,3)'s upper-right corner with its north-east
# (7,2) and east (7,3) neighbours, (7,6)'s bottom with (6,7) and (7,7), (2,7)'s upper-left with
# (1,7) and (2,6).
"$checker" wall-pixels astar-studio-2.png.json 7,2 7,3 6,7 7,7 1,7 2,6 open ||
  die "a hex beyond a clicked corner was painted (astar-studio-2.png)"
ok "six hexes painted by clicks at centres and corners and a stroke"

# [SECTION] 2. Step the search on hexes
tap Right
tap Right
tap Right
shot_until 3 's["iteration"] == 3'
trace_is 3 's["topology"] == "hex-pointy-top"' 's["heuristic"] == "hex"'

# [SECTION] 3. Save: exactly those walls, and the hex topology
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json original.json' || die "Ctrl+S did not write level.json"
"$checker" level level.json 12x9:hex-pointy-top:odd 1,1 10,7 $walls || die "the saved pointy-top level is wrong"
stop_studio
mv astar-studio-3.png pointy-top.png  # kept to look at; the next studio numbers its shots from 1
rm -f astar-studio-*.png astar-studio-*.png.json
ok "saved: exactly the painted hexes on hex-pointy-top, stagger odd"

# [SECTION] 4. Flat-top, even: clicks just inside corners
write_hex_level level.json hex-flat-top even
cp level.json original.json
map_screenshot $size
p54=$("$checker" corner map.png.json 5 4 3) || die "no pixel for corner 3 of (5, 4)"
p82=$("$checker" corner map.png.json 8 2 1) || die "no pixel for corner 1 of (8, 2)"
start_studio level.json --size $size --heuristic hex
shot 1
trace_is 1 's["topology"] == "hex-flat-top"' 's["stagger"] == "even"'
click $p54
click $p82
shot 2
"$checker" wall-pixels astar-studio-2.png.json 5,4 8,2 wall || die "the clicked hexes are not walls in astar-studio-2.png"
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json original.json' || die "Ctrl+S did not write the flat-top level"
"$checker" level level.json 12x9:hex-flat-top:even 1,1 10,7 5,4 8,2 || die "the saved flat-top level is wrong"
ok "flat-top, even: the hexes clicked at their corners, saved"
exit 0
