# shellcheck shell=sh disable=SC2086,SC2015,SC2317
# Shared by the end-to-end studio tests: sourced after setting studio, checker and out. Gives:
#   die/ok, wait_for SECONDS CMD..., xdo (xdotool with a time limit),
#   start_xvfb (own display), start_studio ARGS... (sets win, win_x, win_y, studio_pid),
#   drawn (a frame that read the input sent so far has been drawn), move X Y, down, up,
#   press_at X Y, click X Y, drag X Y X Y [X Y...], keys KEY (held until a frame saw it: ImGui
#   1.86 loses a press and release within one frame), tap KEY (for keys that repeat while held),
#   quit_by KEY, shot N (F12 -> astar-studio-N.png and its .json sidecar, in the output folder),
#   rect N NAME and press (a widget's rectangle in shot N's sidecar, and a click on it),
#   holds N EXPR... / trace_is N EXPR... (shot N's sidecar, quiet / loud), retake N CMD... and
#   shot_until N EXPR... (shots until one shows it), map_screenshot SIZE and at X Y (cell centres
#   in window pixels).
# No wait is a fixed time: each waits for its condition (a file, a title, a sidecar, frames drawn
# by the studio, read from the X server by studio_frames, built beside the checker), bounded, and
# fails with a message saying which. Exits 77 (ctest: skipped) when Xvfb, xdotool or
# studio_frames is missing.
case $studio in /*) ;; *) studio=$PWD/$studio ;; esac  # the tests run in their output folder
case $checker in /*) ;; *) checker=$PWD/$checker ;; esac

for tool in Xvfb xdotool timeout; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed, so the studio cannot be driven headless"
    exit 77
  fi
done
frames=$(dirname "$checker")/studio_frames  # tests/studio/frames.cpp
if [ ! -x "$frames" ]; then
  echo "SKIP: $frames is not built (it needs libxcb's headers), so no wait can see the frames"
  exit 77
fi

rm -rf "$out"
mkdir -p "$out" || exit 1
astar_cli=${ASTAR_CLI:-$(dirname "$studio")/astar}  # the command line, built beside the studio
# shellcheck source=test_env.sh
. "$(dirname "$0")/test_env.sh"  # a fresh config folder: never the user's
cd "$out" || exit 1
# Under tests/sanitizers.sh, Mesa's driver is preloaded into the studio alone
# ($STUDIO_LD_PRELOAD: it keeps the driver loaded for the leak check at exit); preloaded into
# every xdotool and python3 too, it would cost each about a second.
if [ -n "${STUDIO_LD_PRELOAD:-}" ]; then
  printf '#!/bin/sh\nLD_PRELOAD=%s exec %s "$@"\n' "$STUDIO_LD_PRELOAD" "$studio" >studio.sh
  chmod +x studio.sh
  studio=$PWD/studio.sh
fi

xvfb_pid='' studio_pid=''
cleanup() {
  stop_studio
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  wait 2>/dev/null
}
# stop_studio: the studio stopped (a SIGTERM, which its `timeout` passes on), given at most 10 s
# to be gone, else its whole process group (`timeout` leads one) killed and 1 returned; then
# reaped and forgotten. The tests that stop and start it again call it too. In cleanup it goes
# before its X server: killed together, a studio can see the server vanish before its signal
# arrives and exit through Xlib's I/O error path (exit() mid-frame, then ASan's leak check); a
# clean-clone run's sanitized studio_e2e_debugger, every check passed, then sat until ctest's
# 900 s limit with "X connection to :0 broken" in the studio's log.
stop_studio() {
  [ -n "$studio_pid" ] || return 0
  kill "$studio_pid" 2>/dev/null
  stopped=0
  # (procps' kill: dash's own takes no process group.)
  wait_for 10 exited || {
    stopped=1
    /bin/kill -s KILL -- "-$studio_pid" 2>/dev/null || kill -9 "$studio_pid" 2>/dev/null
  }
  wait "$studio_pid" 2>/dev/null
  studio_pid=''
  return $stopped
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

die() {
  echo "FAIL: $*"
  [ -s studio.log ] && { echo "--- studio output:"; cat studio.log; }
  exit 1
}
ok() { echo "ok: $*"; }

# $first CMD...: CMD ahead of the machine's other work (nice -20, where allowed). A key is one
# press only while the studio's frames are short: ImGui repeats a key seen held for 0.275 s, and
# a machine busy building stretches frames past that. So the studio, its X server and the waits
# on them (xdotool too) go first.
first=''
nice -n -20 true 2>/dev/null && first='nice -n -20'
# wait_for SECONDS CMD...: runs CMD until it succeeds (every 0.05 s); fails after SECONDS.
wait_for() {
  wait_end=$(($(date +%s) + $1))
  shift
  until "$@"; do
    [ "$(date +%s)" -lt "$wait_end" ] || return 1
    sleep 0.05
  done
}
xdo() { $first timeout 5 xdotool "$@"; }

# Xvfb on a free display (Xvfb picks it and reports it on fd 3).
start_xvfb() {
  # The time limit only guards against a leaked server (cleanup kills it): under a loaded machine
  # the longer scripts run for minutes.
  # -r: no X key repeat (a key held until frames are drawn is one press, however slow they are).
  $first timeout 900 Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -r 3>display 2>xvfb.log &
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
  # (The time limit only guards against a leaked studio, as Xvfb's.)
  ASTAR_STUDIO_READY_FILE=$PWD/studio.ready $first timeout 900 "$studio" "$@" >studio.log 2>&1 &
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
# drawn: waits until the studio has drawn a frame that read the input sent before (three draws of
# its window: studio_frames says why).
drawn() {
  $first "$frames" 20 "$win" drawn 2>frames.err && return 0
  running || die "the studio exited"
  die "the studio drew no frame within 20 s: $(cat frames.err)"
}
# move X Y: the pointer to window pixel (X, Y), seen by a frame.
move() { xdo mousemove $((win_x + $1)) $((win_y + $2)) || die "mousemove $1 $2"; drawn; }
down() { xdo mousedown 1 || die "mousedown"; drawn; }
up() { xdo mouseup 1 || die "mouseup"; drawn; }
# press_at X Y: the pointer to window pixel (X, Y) and the left button down there, seen by a
# frame (ImGui reads the pointer's place when the frame begins, so the press is where it lands).
press_at() {
  xdo mousemove $((win_x + $1)) $((win_y + $2)) mousedown 1 || die "press at $1 $2"
  drawn
}
click() { press_at "$1" "$2"; up; }
# drag X Y X Y [X Y...]: the left button pressed at the first window pixel, moved through the
# others (a frame sees each), released at the last.
drag() {
  press_at "$1" "$2"
  shift 2
  while [ $# -ge 2 ]; do
    move "$1" "$2"
    shift 2
  done
  up
}
# keys KEY: held until a frame has seen it, released, and that seen too (so the same key pressed
# again is a new press).
keys() { xdo keydown "$1" || die "keydown $1"; drawn; xdo keyup "$1" || die "keyup $1"; drawn; }
# quit_by KEY: KEY held until the studio has exited (it draws no more frames to wait on), then
# released; fails (status 1) when the studio still runs 10 s later.
quit_by() {
  xdo keydown "$1" || die "keydown $1"
  wait_for 10 exited
  quit_status=$?
  xdo keyup "$1"
  return $quit_status
}
exited() { ! running; }
# tap KEY: for keys that repeat while held (arrows, N, M, Tab, Ctrl+Z, Ctrl+Y: app/studio's command
# table; Return in a number field, which ImGui repeats; button1, the left button, for a field's +
# and -): pressed (once the picture has settled) and released by studio_frames itself as soon as
# the window shows the press's effect (or three draws passed), before ImGui's repeat delay, so one
# press is one action.
tap() {
  $first "$frames" 20 "$win" tap "$1" 2>frames.err && { drawn; return 0; }
  running || die "the studio exited after $1"
  die "tap $1: $(cat frames.err)"
}
# shot N: F12, the studio's own screenshot astar-studio-N.png here (taken over dialogs too),
# with the sidecar astar-studio-N.png.json saying what it shows (written after the PNG, last
# line "}").
shot() {
  keys F12
  wait_for 10 sidecar_written "$1" || die "F12 wrote no astar-studio-$1.png(.json)"
}
sidecar_written() { [ "$(tail -n 1 "astar-studio-$1.png.json" 2>/dev/null)" = "}" ]; }
# rect N NAME: sets wx wy ww wh to widget NAME's rectangle (window pixels) in shot N's sidecar
# ("widgets"), or fails; press clicks its centre.
rect() {
  r=$(python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["widgets"].get(sys.argv[2])
print(" ".join(str(round(v)) for v in w) if w else "")' "astar-studio-$1.png.json" "$2") || die "cannot read shot $1"
  [ -n "$r" ] || die "shot $1 has no widget $2"
  set -- $r
  wx=$1 wy=$2 ww=$3 wh=$4
}
press() { click $((wx + ww / 2)) $((wy + wh / 2)); }

# holds N PYTHON-EXPR...: each expression over `s` (shot N's sidecar) and `t` (its "trace"
# member) holds. (sidecar_is quiet|loud N EXPR...: loud prints the failing ones with the status
# line and the trace.)
holds() { sidecar_is quiet "$@"; }
sidecar_is() {
  mode=$1 sidecar=astar-studio-$2.png.json
  shift 2
  python3 - "$mode" "$sidecar" "$@" <<'PY'
import json, sys
s = json.load(open(sys.argv[2]))
t = s["trace"]
bad = [e for e in sys.argv[3:] if not eval(e)]
for e in bad if sys.argv[1] == "loud" else []:
    print("FAIL: not", e, "at iteration", s["iteration"], "; status:", s["status"], json.dumps(t))
sys.exit(1 if bad else 0)
PY
}
# retake N CMD...: shot N, again (the failed one deleted) until CMD, which reads shot N, succeeds
# (its output printed): for work the studio does over several frames (a followed file read, a
# dialog opened, a drop taken). Fails (status 1) after 20 s.
retake() {
  retake_n=$1 retake_end=$(($(date +%s) + 20))
  shift
  while :; do
    shot "$retake_n" >&2
    "$@" && return 0
    [ "$(date +%s)" -lt "$retake_end" ] || return 1
    rm -f "astar-studio-$retake_n.png" "astar-studio-$retake_n.png.json"
  done
}
# shot_until N PYTHON-EXPR...: retake N until its sidecar holds the expressions.
shot_until() {
  retake "$1" holds "$@" || { sidecar_is loud "$@"; die "shot $1: not so within 20 s"; }
}
# trace_is N PYTHON-EXPR...: holds, and says which fail.
trace_is() {
  sidecar_is loud "$@" || die "shot $1: the sidecar is not as expected"
  n=$1
  shift
  ok "shot $n: $*"
}

# map_screenshot SIZE: a screenshot of level.json at SIZE (map.png and its sidecar), so that
# `at X Y` prints cell (X, Y)'s centre in window pixels for a studio started at the same size.
map_screenshot() {
  $first timeout 120 "$studio" level.json --size "$1" --screenshot map.png --frames 3 >map.log 2>&1 ||
    die "studio --screenshot failed (exit $?): $(cat map.log)"
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
