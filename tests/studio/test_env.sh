# shellcheck shell=sh
# Sourced by every studio test script (through e2e_lib.sh and check_lib.sh, or directly) once
# $out exists: the studio keeps settings, its window layout and autosaves in
# $XDG_CONFIG_HOME/astar-studio, and a test must never read or write the real user's. Each
# script gets a fresh config folder inside its output folder.
XDG_CONFIG_HOME=$(cd "$out" && pwd)/config
rm -rf "$XDG_CONFIG_HOME"
mkdir -p "$XDG_CONFIG_HOME" || exit 1
export XDG_CONFIG_HOME
