# shellcheck shell=sh disable=SC2086,SC2015,SC2317
# Shared by the end-to-end studio tests: sourced after setting studio, checker and out. Gives:
#   die/ok, wait_for SECONDS CMD..., xdo (xdotool with a time limit),
#   start_xvfb (own display), start_studio ARGS... (sets win, win_x, win_y, studio_pid),
#   move X Y, keys KEY (held: ImGui 1.86 loses a press and release within one frame), tap KEY,
#   click X Y, shot N (F12 -> astar-studio-N.png and its .json sidecar, in the output folder),
#   trace_is N EXPR... (a trace's state in shot N's sidecar), map_screenshot SIZE and at X Y
#   (cell centres in window pixels).
# Exits 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
case $studio in /*) ;; *) studio=$PWD/$studio ;; esac  # the tests run in their output folder
case $checker in /*) ;; *) checker=$PWD/$checker ;; esac

for tool in Xvfb xdotool timeout; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed, so the studio cannot be driven headless"
    exit 77
  fi
done

rm -rf "$out"
mkdir -p "$out" || exit 1
# shellcheck source=test_env.sh
. "$(dirname "$0")/test_env.sh"  # a fresh config folder: never the user's
cd "$out" || exit 1

xvfb_pid='' studio_pid=''
cleanup() {
  [ -n "$studio_pid" ] && kill "$studio_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  wait 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

die() {
  echo "FAIL: $*"
  [ -s studio.log ] && { echo "--- studio output:"; cat studio.log; }
  exit 1
}
ok() { echo "ok: $*"; }

# wait_for SECONDS CMD...: runs CMD every 0.1 s until it succeeds; fails after SECONDS.
wait_for() {
  n=$(($1 * 10))
  shift
  while [ "$n" -gt 0 ]; do
    "$@" && return 0
    sleep 0.1
    n=$((n - 1))
  done
  return 1
}
xdo() { timeout 5 xdotool "$@"; }

# Xvfb on a free display (Xvfb picks it and reports it on fd 3).
start_xvfb() {
  # The time limit only guards against a leaked server (cleanup kills it): under a loaded machine
  # the longer scripts run for minutes.
  timeout 900 Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>display 2>xvfb.log &
  xvfb_pid=$!
  wait_for 10 test -s display || die "Xvfb did not start: $(cat xvfb.log)"
  DISPLAY=:$(cat display)
  export DISPLAY
  ok "Xvfb on $DISPLAY"
}

# start_studio ARGS...: the studio, interactive, with its window found and focused, once it has
# shown its first frames ($ASTAR_STUDIO_READY_FILE: keys sent before would reach its slow first
# frame pressed and released at once, and ImGui 1.86 would drop them).
start_studio() {
  rm -f studio.ready
  ASTAR_STUDIO_READY_FILE=$PWD/studio.ready timeout 60 "$studio" "$@" >studio.log 2>&1 &
  studio_pid=$!
  win=$(timeout 10 xdotool search --sync --onlyvisible --name '^A\* Studio' | head -n 1)
  [ -n "$win" ] || die "no studio window within 10 s"
  wait_for 30 test -s studio.ready || die "the studio showed no frame within 30 s"
  eval "$(xdo getwindowgeometry --shell "$win")"  # X, Y: the window's position on the screen
  win_x=$X win_y=$Y
  xdo windowfocus "$win" || die "cannot focus the studio window"
  ok "studio window $win at ($win_x, $win_y), ${WIDTH}x${HEIGHT}"
}

running() { kill -0 "$studio_pid" 2>/dev/null; }
# move X Y: the pointer to window pixel (X, Y).
move() { xdo mousemove $((win_x + $1)) $((win_y + $2)) || die "mousemove $1 $2"; }
keys() { xdo keydown "$1" && sleep 0.2 && xdo keyup "$1" || die "keys $1"; }
# tap KEY: a shorter hold, for keys that repeat while held (arrows, M): one press, one action.
tap() { xdo keydown "$1" && sleep 0.06 && xdo keyup "$1" && sleep 0.1 || die "tap $1"; }
click() {
  move "$1" "$2"
  sleep 0.2
  xdo mousedown 1 && sleep 0.15 && xdo mouseup 1 || die "click $1 $2"
}
# shot N: F12, the studio's own screenshot astar-studio-N.png here (taken over dialogs too),
# with the sidecar astar-studio-N.png.json saying what it shows.
shot() {
  keys F12
  wait_for 5 test -s "astar-studio-$1.png.json" || die "F12 wrote no astar-studio-$1.png(.json)"
  sleep 0.3  # written in one go after the frame; give the file a moment to be complete
}

# trace_is N PYTHON-EXPR...: each expression over `s` (shot N's sidecar) and `t` (its "trace"
# member) holds; the failing ones are printed with the status line and the trace member.
trace_is() {
  n=$1
  shift
  python3 - "astar-studio-$n.png.json" "$@" <<'PY' || die "shot $n: the sidecar is not as expected"
import json, sys
s = json.load(open(sys.argv[1]))
t = s["trace"]
bad = [e for e in sys.argv[2:] if not eval(e)]
for e in bad:
    print("FAIL: not", e, "at iteration", s["iteration"], "; status:", s["status"], json.dumps(t))
sys.exit(1 if bad else 0)
PY
  ok "shot $n: $*"
}

# map_screenshot SIZE: a screenshot of level.json at SIZE (map.png and its sidecar), so that
# `at X Y` prints cell (X, Y)'s centre in window pixels for a studio started at the same size.
map_screenshot() {
  timeout 30 "$studio" level.json --size "$1" --screenshot map.png --frames 3 >map.log 2>&1 ||
    die "studio --screenshot failed: $(cat map.log)"
}
at() { "$checker" cell map.png.json "$1" "$2" || die "no pixel for cell ($1, $2)"; }

# write_blank_level FILE: the e2e tests' blank level, 12 x 8, all open, start (1,1), goal (10,6),
# 8 neighbours.
write_blank_level() {
  cat >"$1" <<'EOF'
{
  "format": "astar-studio-level",
  "version": 1,
  "name": "e2e",
  "width": 12,
  "height": 8,
  "start": [1, 1],
  "goal": [10, 6],
  "rules": { "neighbours": 8, "diagonal": "no-corner-cutting" },
  "walls": [
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............",
    "............"
  ]
}
EOF
}
