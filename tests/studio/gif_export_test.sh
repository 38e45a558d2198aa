#!/bin/sh
# gif_export_test.sh STUDIO GIF_CHECK LEVEL OUTDIR
# astar-studio --gif under Xvfb: a run of the level exported as 12 frames at half size, 150 ms
# each, decoded back by the checker (frames, size, delay, looping, frames differ); a range of
# 3 iterations gives 4 frames (one per iteration, not 12); bad settings are refused with a
# message and leave no file. Exit 77 (skipped) without xvfb-run.
set -u
studio=$1 check=$2 level=$3 out=$4
command -v Xvfb >/dev/null 2>&1 || { echo "SKIP: Xvfb is not installed"; exit 77; }
rm -rf "$out" && mkdir -p "$out" || exit 1
# shellcheck source=test_env.sh
. "$(dirname "$0")/test_env.sh"  # a fresh config folder: never the user's
status=0
fail() { echo "FAIL: $*"; status=1; }
run() { "$xvfb_run" -s "-screen 0 1280x800x24" timeout 60 "$studio" "$level" --size 1280x800 "$@"; }

run --screenshot "$out/map.png" --frames 3 >/dev/null 2>&1 || fail "studio --screenshot failed"
# The frames show the level with a 6-pixel margin: level size times the sidecar's "cell_px",
# plus 12 (the fitted level lies inside the canvas, so nothing is cut off).
json=$(tr -d '\n ' <"$out/map.png.json")
px=$(echo "$json" | sed -n 's/.*"cell_px":\([0-9.]*\).*/\1/p' | cut -d. -f1)
lw=$(echo "$json" | sed -n 's/.*"level":\[\([0-9]*\),\([0-9]*\)\].*/\1/p')
lh=$(echo "$json" | sed -n 's/.*"level":\[\([0-9]*\),\([0-9]*\)\].*/\2/p')
[ -n "$px" ] && [ -n "$lw" ] && [ -n "$lh" ] || { echo "FAIL: no cell size or level size in the sidecar"; exit 1; }
w=$((lw * px + 12)) h=$((lh * px + 12))

if run --gif "$out/run.gif" --gif-frames 12 --gif-delay 150 --gif-shrink 2 >"$out/run.log" 2>&1; then
  grep -q "Animation saved: $out/run.gif (12 frames" "$out/run.log" || fail "no 'Animation saved' line: $(cat "$out/run.log")"
  "$check" "$out/run.gif" --frames 12 --size "$((w / 2))x$((h / 2))" --delay 15 --png 6 "$out/frame6.png" ||
    fail "run.gif does not decode as promised"
else
  fail "studio --gif exited non-zero: $(cat "$out/run.log")"
fi

if run --gif "$out/range.gif" --gif-range 10:13 --gif-frames 12 >"$out/range.log" 2>&1; then
  "$check" "$out/range.gif" --frames 4 --size "${w}x${h}" --delay 10 || fail "range.gif is wrong"
else
  fail "studio --gif --gif-range 10:13 exited non-zero: $(cat "$out/range.log")"
fi

if run --gif "$out/late.gif" --gif-range 100000:100001 >"$out/late.log" 2>&1; then
  fail "a range past the end of the search was accepted"
else
  grep -q "'from' is after the end of the search" "$out/late.log" || fail "no clear message for a range past the end: $(cat "$out/late.log")"
  [ -e "$out/late.gif" ] && fail "a refused export left late.gif"
fi
run --gif-frames 1 --gif x.gif >"$out/bad.log" 2>&1 && fail "--gif-frames 1 was accepted"
grep -q "a frame count 2..1000" "$out/bad.log" || fail "no message for --gif-frames 1: $(cat "$out/bad.log")"
[ $status -eq 0 ] && echo "ok: GIF export"
exit $status
