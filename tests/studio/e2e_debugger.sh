#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_debugger.sh STUDIO E2E_CHECK SCREENSHOT_CHECK LEVEL OUTDIR
# The debugger driven by real key presses (xdotool) under its own Xvfb, each state read from an
# F12 screenshot whose pixels the screenshot checker compares with its own search:
#   1. Right x5: iteration 5;  2. Left x2: iteration 3, the timeline still reaches 5;
#   3. M x3: inside iteration 4 after its take and 2 moves;  4. Shift+M: 1 move;
#   5. Home: iteration 0;  6. K over a cell, then Enter: the run stops when that cell is taken,
#      and the status line says so;  7. Q, then clicks: a right guess of the next node and a
#      wrong one (a wall), each scored and followed by its step;  8. Ctrl+T: the log as JSON,
#      equal to the first records of `astar trace --format json`.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing.
set -u
studio=$1 checker=$2 shot_checker=$3 level_src=$4 out=$5
case $shot_checker in /*) ;; *) shot_checker=$PWD/$shot_checker ;; esac
case $level_src in /*) ;; *) level_src=$PWD/$level_src ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$level_src" level.json || die "cannot copy $level_src"
start_xvfb

# Where the cells are: the same window size, fitted the same way, gives the mapping.
size=1280x800
map_screenshot $size
bp=$("$checker" cell map.png.json 12 5 2>/dev/null) || bp=''

start_studio level.json --size $size
shot 1  # ready: a rendered frame

# field N KEY: the value of "KEY" in astar-studio-N.png.json (numbers, booleans, strings).
field() {
  sed -n -e "s/^ *\"$2\": *\"\(.*\)\",\{0,1\}$/\1/p" \
         -e "s/^ *\"$2\": *\([^\",]*\),\{0,1\}$/\1/p" "astar-studio-$1.png.json"
}
expect() {  # expect N KEY VALUE
  v=$(field "$1" "$2")
  [ "$v" = "$3" ] || die "shot $1: $2 is '$v', expected '$3'"
}
pixels() {  # pixels N STATE ITERATION: the screenshot checker on shot N
  "$shot_checker" "astar-studio-$1.png" level.json --expect "$2" --iteration "$3" >"check-$1.log" 2>&1 ||
    { cat "check-$1.log"; die "shot $1: the pixels do not match the checker's own search"; }
  ok "shot $1: $(tail -n 1 "check-$1.log")"
}

# 1. Right arrow five times.
for _ in 1 2 3 4 5; do tap Right; done
shot 2
expect 2 iteration 5
pixels 2 in-progress 5

# 2. Left arrow twice: back to 3, with the steps undone kept on the timeline.
tap Left
tap Left
shot 3
expect 3 iteration 3
expect 3 furthest_iteration 5
pixels 3 in-progress 3

# 3. M three times: the take of iteration 4 and two of its moves.
tap m
tap m
tap m
shot 4
expect 4 iteration 4
expect 4 mid_iteration true
expect 4 examined 2
pixels 4 in-progress 4

# 4. Shift+M: one micro-step back.
tap shift+m
shot 5
expect 5 examined 1
expect 5 mid_iteration true
pixels 5 in-progress 4

# 5. Home: iteration 0.
keys Home
shot 6
expect 6 iteration 0
pixels 6 in-progress 0

# 6. A breakpoint on a cell (K with the pointer over it), then Enter runs to it.
[ -n "$bp" ] || die "no pixel for cell (12, 5)"
move $bp
keys k
shot 7
expect 7 status "Break when taken: (12, 5)"
keys Return
shot 8
expect 8 status "breakpoint: (12, 5) was taken"
expect 8 state in-progress
it=$(field 8 iteration)
pixels 8 in-progress "$it"
ok "the run stopped at iteration $it, when (12, 5) was taken"

# 7. The quiz (Q): a click on the node the trace says is taken next is right; a click on a wall
#    is not. Each answer takes that step.
next=$("$astar_cli" trace level.json --max-events 100000 | sed -n "s/^$((it + 1))  took (\([0-9]*\), \([0-9]*\)).*/\1 \2/p" | head -n 1)
[ -n "$next" ] || die "no take at iteration $((it + 1)) in the trace"
pn=$("$checker" cell map.png.json $next) || die "no pixel for cell ($next)"
pw=$("$checker" cell map.png.json 7 8) || die "no pixel for cell (7, 8)"
keys q
click $pn
shot 9
expect 9 status "Right!"
expect 9 quiz_asked 1
expect 9 quiz_right 1
expect 9 iteration $((it + 1))
click $pw
shot 10
expect 10 status "Not quite: see the Quiz panel"
expect 10 quiz_asked 2
expect 10 quiz_right 1
expect 10 iteration $((it + 2))
ok "quiz: a right and a wrong guess, each followed by its step"

# 8. Ctrl+T: the event log as JSON, the same records `astar trace --format json` prints, up to
#    where the search is.
keys ctrl+t
wait_for 5 test -s astar-trace-1.json || die "Ctrl+T wrote no astar-trace-1.json"
"$astar_cli" trace level.json --format json >cli-trace.json || die "astar trace failed"
python3 - <<'PY' || die "the studio's trace is not a prefix of the CLI's"
import json
studio = json.load(open("astar-trace-1.json"))
cli = json.load(open("cli-trace.json"))
assert len(studio) > 100, len(studio)
assert studio == cli[:len(studio)], "records differ"
assert studio[-1]["iteration"] == max(e["iteration"] for e in studio)
print("ok: Ctrl+T saved", len(studio), "events, the first", len(studio), "of the CLI's", len(cli))
PY
