#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_rules.sh STUDIO CHECKER OUTDIR
# The Level panel's rule editors by real X input (xdotool) under its own Xvfb, on a blank 12 x 8
# level with one circle below the start, the search run to the end (--run). Each widget is found
# in an F12 sidecar's "widgets" (the sidebar scrolled with the wheel until it is in view):
#   the Max climb box ticked (1), then its + clicked (2); the 4 neighbours button clicked;
#   the Iteration guard box ticked (1000), then 3 typed     -> the search stops: iteration-limit, 3
#   4.5 typed as the Agent radius                             -> invalid: the start is inside the
#                                                                circle; the status line says so
#   Ctrl+S: the file holds max_climb 2, neighbours 4, agent_radius 4.5, search.max_iterations 3.
#   Ctrl+Z, Ctrl+S: the radius is gone (its typing was one undo step), the rest kept.
#   Ctrl+Z x5, Ctrl+S: the rules and the guard of the original file, the search found.
#   3D step lengths ticked and undone. Topology: hex pointy-top chosen, the question about the
#   circle answered Change -> saved as a hex level without shapes, searched with hex distance;
#   Ctrl+Z -> square again with its circle.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cat >level.json <<'EOF'
{
  "format": "astar-studio-level", "version": 1, "name": "rules",
  "width": 12, "height": 8, "start": [1, 1], "goal": [10, 6],
  "rules": { "neighbours": 8, "diagonal": "no-corner-cutting" },
  "walls": ["............", "............", "............", "............", "............",
            "............", "............", "............"],
  "shapes": [{"circle": [1.5, 5.5, 0.5]}]
}
EOF
start_xvfb
start_studio level.json --size 1280x800 --run

shots=0  # the last F12 screenshot's number
# rect NAME: sets wx wy ww wh (window pixels) to widget NAME's in the last sidecar, or fails.
rect() {
  r=$(python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["widgets"].get(sys.argv[2])
print(" ".join(str(round(v)) for v in w) if w else "")' "astar-studio-$shots.png.json" "$1") ||
    die "cannot read astar-studio-$shots.png.json"
  [ -n "$r" ] || return 1
  set -- $r
  wx=$1 wy=$2 ww=$3 wh=$4
}
# widget NAME: a fresh F12 sidecar (the layout may have moved), the sidebar scrolled down with
# the wheel until widget NAME is wholly in view; sets wx wy ww wh.
widget() {
  tries=0
  while :; do
    shots=$((shots + 1))
    shot $shots
    rect "$1" && return 0
    tries=$((tries + 1))
    [ $tries -le 4 ] || die "widget $1 never came into view (astar-studio-$shots.png)"
    move 150 420
    for _ in 1 2 3 4 5; do xdo click 5 || die "wheel"; done
    drawn
  done
}
press() { click $((wx + ww / 2)) $((wy + wh / 2)); }  # a box or a radio button
plus() { move $((wx + ww - wh / 2)) $((wy + wh / 2)); tap button1; }  # a field's + (it repeats)
type_in() {  # type_in KEY...: click the field's text (all of it is selected), type, Enter
  click $((wx + 12)) $((wy + wh / 2))
  for k in "$@"; do keys "$k"; done
  keys Return
}
saved_rules() {  # saved_rules PYTHON-EXPR...: Ctrl+S, then each expression over lv, r, s holds
  touch -d '-2 seconds' stamp
  keys ctrl+s
  wait_for 10 test level.json -nt stamp || die "Ctrl+S did not write level.json"
  python3 - "$@" <<'PY' || die "the saved level's rules are not as expected"
import json, sys
lv = json.load(open("level.json"))
r, s = lv.get("rules", {}), lv.get("search", {})
bad = [e for e in sys.argv[1:] if not eval(e)]
for e in bad:
    print("FAIL: not", e, "; rules:", json.dumps(r), "search:", json.dumps(s))
sys.exit(1 if bad else 0)
PY
  ok "saved: $*"
}

widget level.max_climb_limited
trace_is $shots 's["state"] == "found"'
press
widget level.max_climb
plus
rect level.neighbours_4 || die "no 4 neighbours button beside Max climb"  # + moved nothing
press
widget level.iteration_guard_on
press
widget level.iteration_guard
type_in 3
widget level.agent_radius
trace_is $shots 's["state"] == "iteration-limit"' 's["iteration"] == 3'
type_in 4 period 5
shots=$((shots + 1))
shot $shots
trace_is $shots 's["state"] == "invalid"' '"start (1, 1) is inside shapes[0]" in s["message"]' \
  's["status"].startswith("No search can run: start (1, 1)")'
running || die "the studio exited after a radius that covers the start"
saved_rules 'r.get("max_climb") == 2' 'r.get("neighbours") == 4' 'r.get("agent_radius") == 4.5' \
  's.get("max_iterations") == 3' 'r.get("max_drop") is None'

tap ctrl+z
saved_rules '"agent_radius" not in r' 'r.get("max_climb") == 2' 'r.get("neighbours") == 4' \
  's.get("max_iterations") == 3'
shots=$((shots + 1))
shot $shots
trace_is $shots 's["state"] == "iteration-limit"'

for _ in 1 2 3 4 5; do tap ctrl+z; done
saved_rules 'r.get("max_climb") is None' 'r.get("neighbours") == 8' '"search" not in lv' \
  '"agent_radius" not in r'
shots=$((shots + 1))
shot $shots
trace_is $shots 's["state"] == "found"' 's["iteration"] > 3'

# 3D step lengths: one click, saved, one undo.
widget level.3d_step_lengths
press
saved_rules 'r.get("step_length") == "3d"'
tap ctrl+z
saved_rules '"step_length" not in r'

# Topology: pointy-top hexes chosen in the Level panel's list. Hexes take no shapes, so the
# studio asks first; Change drops the circle as part of the one undo step, and the search runs
# with hex distance. Ctrl+Z: square again, the circle back.
move 150 420
for _ in 1 2 3 4 5 6 7 8 9 10; do xdo click 4 || die "wheel"; done  # the top of the sidebar
drawn
widget level.topology
press
widget level.topology_hex-pointy-top
press
widget level.topology_change
press
shots=$((shots + 1))
shot $shots
trace_is $shots 's["state"] == "found"' 's["heuristic"] == "hex"' \
  's["status"].startswith("The level is hex, pointy top, odd rows pushed right now. Hex levels")'
saved_rules 'lv.get("topology") == "hex-pointy-top"' 'lv.get("stagger") == "odd"' \
  'lv.get("shapes", []) == []' '"neighbours" not in r'
tap ctrl+z
saved_rules '"topology" not in lv' 'len(lv.get("shapes", [])) == 1' 'r.get("neighbours") == 8'
exit 0
