# shellcheck shell=sh
# Sourced by every studio test script (through e2e_lib.sh and check_lib.sh, or directly) once
# $out exists: the studio keeps settings, its window layout and autosaves in
# $XDG_CONFIG_HOME/astar-studio, and a test must never read or write the real user's. Each
# script gets a fresh config folder inside its output folder.
XDG_CONFIG_HOME=$(cd "$out" && pwd)/config
rm -rf "$XDG_CONFIG_HOME"
mkdir -p "$XDG_CONFIG_HOME" || exit 1
export XDG_CONFIG_HOME
# Runs a command under an Xvfb of its own (tests/xvfb_run.sh: the server picks a free display,
# so tests side by side never race for one): "$xvfb_run" -s "-screen 0 1280x800x24" CMD...
xvfb_run=$(cd "$(dirname "$0")/.." && pwd)/xvfb_run.sh
# python3: Debian's interpreter when there is one (these scripts use its standard library only).
# The first python3 on PATH may be a pyenv shim: shell scripts that take 0.4 s of CPU a call
# before the interpreter starts (0.03 s), and the studio's tests call it about a hundred times.
if [ -x /usr/bin/python3 ]; then python3() { /usr/bin/python3 "$@"; }; fi
