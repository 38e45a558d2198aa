#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_exercise.sh STUDIO CHECKER OUTDIR
# An A*-by-hand exercise (issue 34) done by real X input (xdotool) under its own Xvfb, the one
# `--exercise astar-by-hand --seed t --student a` makes (medium: 8 x 8, 8 neighbours, octile
# distance, every cell cost 1):
#   a click on the goal                -> wrong-node, explained ("Not quite: ..."), and the right
#                                         node, the start, expanded instead
#   each neighbour's g, h and f typed  -> right: the first with Tab between the fields and a click
#                                         on Submit, the others with Tab and Enter; N (no change)
#                                         or S (closed: skip) where A* says so
#   the neighbours given a new parent ticked with 1..9, Enter -> right
#   the next node: the arrow keys walk the cursor there, Enter -> right (lowest f, ties by g)
#   Ctrl+Z                             -> that answer taken back; the score has the one mistake
#   the studio killed and started again -> the exercise continues from its kept answers
#   an exam stopped and started again  -> its clock ran on meanwhile
# The answers are worked out here, from what the sidecar says the canvas shows (each cell's
# state, g, h and f; the node expanded; the neighbour asked): A* written apart from core's.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

start_xvfb
size=1280x800
exercise="--exercise astar-by-hand --seed t --student a"
# The same exercise's screenshot and sidecar: where its cells are on screen (`at X Y`).
$first timeout 120 "$studio" $exercise --size $size --screenshot map.png --frames 3 >map.log 2>&1 ||
  die "studio --screenshot failed (exit $?): $(cat map.log)"
start_studio $exercise --size $size

# answer N: shot N's question answered from its sidecar: "select X Y", "values X Y G H F",
# "no-change", "skip" or "parents I J ..." (the choices' numbers, 1-based; the neighbours given
# values since the last select are in improved.txt).
cat >answer.py <<'PY'
import json, math, sys
s = json.load(open(sys.argv[1]))
e = s["exercise"]
p = e["prompt"]
assert s["level"] == [8, 8], "not the medium exercise: " + str(s["level"])
cells = {(c[0], c[1]): c[2:] for c in e["cells"]}
gx, gy = s["goal"]
def octile(x, y):
    dx, dy = abs(x - gx), abs(y - gy)
    return max(dx, dy) + (math.sqrt(2) - 1) * min(dx, dy)
if p["kind"] == "select":
    open_cells = [(k, v) for k, v in cells.items() if v[0] == "open"]
    best = min(v[3] for _, v in open_cells)
    ties = [(k, v) for k, v in open_cells if v[3] <= best + 1e-6]
    top = max(v[1] for _, v in ties)
    k = sorted(k for k, v in ties if v[1] >= top - 1e-6)[0]
    print("select", k[0], k[1])
elif p["kind"] == "neighbour":
    nx, ny = p["cell"]
    ex, ey = e["expanding"]
    g = cells[(ex, ey)][1] + (math.sqrt(2) if nx != ex and ny != ey else 1.0)
    old = cells.get((nx, ny))
    if old and old[0] == "closed":
        print("skip")
    elif old and old[1] <= g + 1e-9:
        print("no-change")
    else:
        h = octile(nx, ny)
        print("values %d %d %.2f %.2f %.2f" % (nx, ny, g, h, g + h))
elif p["kind"] == "parents":
    improved = [tuple(map(int, l.split())) for l in open(sys.argv[2]) if l.strip()]
    print("parents", *[i + 1 for i, c in enumerate(p["choices"]) if tuple(c) in improved])
else:
    print(p["kind"])
PY
answer() { python3 answer.py "astar-studio-$1.png.json" improved.txt || die "cannot work out shot $1's answer"; }
at() { "$checker" cell map.png.json "$1" "$2" || die "no pixel for cell ($1, $2)"; }
typed() { xdo type --delay 30 "$1" || die "type $1"; drawn; }
right() {  # right N: shot N's verdict is right, with no refusal
  trace_is "$1" 's["exercise"]["verdict"] is not None and s["exercise"]["verdict"]["correct"]' \
    's["exercise"]["error"] == ""'
}

n=1
shot $n
trace_is $n 's["exercise"]["kind"] == "astar-by-hand"' 's["exercise"]["prompt"]["kind"] == "select"' \
  's["exercise"]["prompt"]["number"] == 0' 's["exercise"]["cursor"] == s["start"]' 's["exercise"]["answered"] == 0'

# The deliberate mistake: the goal clicked as the first node (the start is the only open one).
set -- $(python3 -c 'import json; print(*json.load(open("map.png.json"))["goal"])')
click $(at "$1" "$2")
n=2
shot $n
trace_is $n 's["exercise"]["verdict"]["correct"] is False' 's["exercise"]["verdict"]["mistakes"] == ["wrong-node"]' \
  's["exercise"]["verdict"]["explanation"] != ""' 's["exercise"]["status"].startswith("Not quite: ")' \
  's["exercise"]["expanding"] == s["start"]' 's["exercise"]["prompt"]["kind"] == "neighbour"' \
  's["exercise"]["mistakes"] == {"wrong-node": 1}'
ok "a click on the goal first: wrong-node, explained, the start expanded instead"

# The neighbours, each answered from the keyboard (the g field has the keys when one is asked).
: >improved.txt
first_values=1
while :; do
  set -- $(answer $n)
  case $1 in
    values)
      echo "$2 $3" >>improved.txt
      typed "$4"; tap Tab; typed "$5"; tap Tab; typed "$6"
      if [ $first_values = 1 ]; then
        rect $n exercise.submit
        press
        first_values=0
      else
        tap Return  # Enter repeats in a number field: held under load, it would submit the next one
      fi ;;
    no-change) keys n ;;
    skip) keys s ;;
    *) break ;;
  esac
  n=$((n + 1))
  shot $n
  right $n
  ok "neighbour: $*"
done
[ "$1" = parents ] || die "after the neighbours: a $1 question, not parents"
[ $first_values = 0 ] || die "no neighbour was given values"

# The parents: the neighbours given values, ticked by their numbers, then Enter.
shift
for i in "$@"; do keys "$i"; done
tap Return
n=$((n + 1))
shot $n
right $n
trace_is $n 's["exercise"]["prompt"]["kind"] == "select"' 's["exercise"]["mistakes"] == {"wrong-node": 1}'
ok "parents ticked with $*, Enter"

# The next node: the cursor walked there with the arrow keys, then Enter.
set -- $(answer $n)
[ "$1" = select ] || die "not a select question: $*"
tx=$2 ty=$3
set -- $(python3 -c 'import json, sys; print(*json.load(open(sys.argv[1]))["exercise"]["cursor"])' "astar-studio-$n.png.json")
cx=$1 cy=$2
while [ "$cx" -lt "$tx" ]; do tap Right; cx=$((cx + 1)); done
while [ "$cx" -gt "$tx" ]; do tap Left; cx=$((cx - 1)); done
while [ "$cy" -lt "$ty" ]; do tap Down; cy=$((cy + 1)); done
while [ "$cy" -gt "$ty" ]; do tap Up; cy=$((cy - 1)); done
tap Return  # the next question focuses its g field, where a held Enter would repeat
n=$((n + 1))
shot $n
right $n
trace_is $n "s['exercise']['expanding'] == [$tx, $ty]" 's["exercise"]["prompt"]["kind"] == "neighbour"'
answered=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["exercise"]["answered"])' "astar-studio-$n.png.json")
ok "($tx, $ty) selected with the arrow keys and Enter"

# Ctrl+Z: that select taken back; the one mistake stays.
tap ctrl+z
n=$((n + 1))
shot $n
trace_is $n 's["exercise"]["prompt"]["kind"] == "select"' "s['exercise']['answered'] == $answered - 1" \
  's["exercise"]["mistakes"] == {"wrong-node": 1}' 's["exercise"]["verdict"] is None'
ok "Ctrl+Z took the select back"

# The studio killed (a crash, a closed tab) and started again on the same exercise: it continues
# from the answers it kept, the mistake and the undo included.
stop_studio || die "the studio did not stop"
start_studio $exercise --size $size
n=$((n + 1))
shot $n
trace_is $n 's["exercise"]["prompt"]["kind"] == "select"' "s['exercise']['answered'] == $answered - 1" \
  's["exercise"]["mistakes"] == {"wrong-node": 1}' 's["status"].startswith("Continued this exercise")'
ok "started again: the exercise continued from its kept answers"

# An exam's clock runs from when it was first opened, across a restart: shot, stop, start again
# once 2 s have passed, shot.
exam="--exercise expansion-order --seed t --student a --exam --time-limit 600"
stop_studio || die "the studio did not stop"
start_studio $exam --size $size
n=$((n + 1))
shot $n
clock=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["exercise"]["clock"])' "astar-studio-$n.png.json")
stop_studio || die "the studio did not stop"
opened=$(date +%s)
later() { [ $(($(date +%s) - opened)) -ge 2 ]; }
wait_for 5 later || die "the clock did not move"
start_studio $exam --size $size
n=$((n + 1))
shot $n
trace_is $n "s['exercise']['clock'] >= $clock + 2" 's["exercise"]["exam"]'
ok "an exam's clock ran on while the studio was closed"
exit 0
