#!/usr/bin/env bash
# Runs a command under an Xvfb of its own, as `xvfb-run -a -s ARGS COMMAND...` does, but on a
# display the X server picks itself (-displayfd): tests that run side by side (ctest -j) never
# race for a display number, as two `xvfb-run -a` starting together can. The server stops when
# the command ends; its exit status is the command's.
#
# usage: tests/xvfb_run.sh [-s "SERVER ARGS"] COMMAND...   (default "-screen 0 1280x1024x24")
set -u
server_args="-screen 0 1280x1024x24"
if [ "${1:-}" = -s ]; then
  server_args=$2
  shift 2
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/astar-xvfb.XXXXXX") || exit 1
xvfb=
cleanup() {
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
mkfifo "$dir/display" || exit 1
# shellcheck disable=SC2086  # the server's arguments are words, as xvfb-run's -s takes them
Xvfb -displayfd 3 $server_args -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
# The read returns when the server has written its display number, or at its exit (EOF).
number=
read -r -t 30 number <"$dir/display"
if [ -z "$number" ]; then
  echo "xvfb_run.sh: Xvfb did not start: $(cat "$dir/xvfb.log")" >&2
  exit 1
fi
DISPLAY=:$number "$@"
