#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "a && b || die"; trap
# e2e_present.sh STUDIO SCREENSHOT_CHECK LEVEL OUTDIR
# Presentation mode by real key presses under its own Xvfb (1280x800, no window manager): a
# 960x640 window, F11 goes full screen with large fonts, F11 again comes back to 960x640 with the
# normal fonts. Each state is read from an F12 screenshot (its size, the sidecar's presentation
# flag and font size) and its pixels are checked against the checker's own search. Then, left
# alone, the studio slows to about ten frames a second, and a key wakes it.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing.
set -u
studio=$1 checker=$2 level_src=$3 out=$4
case $level_src in /*) ;; *) level_src=$PWD/$level_src ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$level_src" level.json || die "cannot copy $level_src"
start_xvfb
start_studio level.json --size 960x640 --steps 20

field() {  # field N KEY: the value of "KEY" in astar-studio-N.png.json
  sed -n "s/^ *\"$2\": *\"*\([^\",]*\)\"*,*$/\1/p" "astar-studio-$1.png.json"
}
check() {  # check N WINDOW PRESENTATION MIN-FONT-PX
  [ "$(field "$1" presentation)" = "$3" ] || die "shot $1: presentation is '$(field "$1" presentation)', expected $3"
  "$checker" "astar-studio-$1.png" level.json --expect in-progress --iteration 20 --window "$2" \
    --font-px-at-least "$4" >"check-$1.log" 2>&1 ||
    { cat "check-$1.log"; die "shot $1: not a $2 window with a font of at least $4 px showing the search"; }
  ok "shot $1: $2, presentation $3, font $(field "$1" font_px) px; $(tail -n 1 "check-$1.log")"
}

shot 1
check 1 960x640 false 15

keys F11
running || die "the studio exited after F11 (full screen)"
shot_until 2 's["window"] == [1280, 800]'
check 2 1280x800 true 24

keys F11
running || die "the studio exited after the second F11 (back to a window)"
shot_until 3 's["window"] == [960, 640]'
check 3 960x640 false 15
[ "$(field 3 font_px)" = "$(field 1 font_px)" ] || die "shot 3: the font did not come back to its size"

# An idle studio (app/studio/ui/frame_pacing.hpp): a second after the last input it draws about
# ten frames a second, where Mesa's renderer would otherwise draw about sixty. Waited for: a second
# with fewer than 30 draws (studio_frames fails to count 30 in it).
idle_second() { ! $first "$frames" 1 "$win" drawn 30 2>/dev/null; }
wait_for 15 idle_second || die "the idle studio still draws 30 frames a second"
ok "an idle studio draws fewer than 30 frames a second"
# Input wakes it: a key is seen and drawn (three draws) within a second.
$first "$frames" 1 "$win" tap Right || die "the idle studio did not draw a key press within a second"
ok "a key wakes it"
