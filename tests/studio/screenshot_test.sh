#!/bin/sh
# screenshot_test.sh STUDIO CHECKER LEVEL OUTDIR
# Runs A* Studio under Xvfb and checks its screenshots; also checks that bad command lines and
# broken shaders fail with clear messages. Exit 77 (ctest: skipped) when xvfb-run is missing.
set -u
studio=$1 checker=$2 level=$3 out=$4
mkdir -p "$out"
status=0

fail() { echo "FAIL: $*"; status=1; }

# expect_failure NAME TEXT CMD...: CMD must exit non-zero and print TEXT on stderr.
expect_failure() {
  name=$1 text=$2
  shift 2
  if "$@" >"$out/$name.out" 2>"$out/$name.err"; then
    fail "$name: exited 0"
  elif ! grep -q -- "$text" "$out/$name.err"; then
    fail "$name: stderr does not mention '$text':"; cat "$out/$name.err"
  else
    echo "ok: $name: $(head -n 1 "$out/$name.err")"
  fi
}

# Command-line errors need no display.
expect_failure unknown-option "unknown option '--bogus'" "$studio" --bogus
expect_failure bad-size "--size" "$studio" --size 12 "$level"
expect_failure steps-and-run "cannot be combined" "$studio" --steps 3 --run "$level"
expect_failure missing-level "does-not-exist.json" "$studio" "$out/does-not-exist.json"

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed, so the studio cannot be run headless"
  exit 77
fi
xvfb() { xvfb-run -a -s "-screen 0 1280x800x24" "$@"; }

# Run to the end: path, walls, closed and open sets on screen.
rm -f "$out/run.png" "$out/run.png.json"
if xvfb "$studio" "$level" --run --screenshot "$out/run.png" --frames 5; then
  "$checker" "$out/run.png" "$level" --expect found || fail "run.png"
else
  fail "studio --run exited non-zero"
fi

# Three steps: the search is in progress at iteration 3.
rm -f "$out/steps.png" "$out/steps.png.json"
if xvfb "$studio" "$level" --steps 3 --screenshot "$out/steps.png" --frames 5; then
  "$checker" "$out/steps.png" "$level" --expect in-progress --iteration 3 || fail "steps.png"
else
  fail "studio --steps 3 exited non-zero"
fi

# Rewind: run to the end, then step back 5 iterations, must draw exactly what a fresh search
# stepped to that iteration draws (same pixels, same sidecar state).
end=$(grep -o '"iteration": *[0-9]*' "$out/run.png.json" 2>/dev/null | grep -o '[0-9]*$')
if [ -z "$end" ] || [ "$end" -le 5 ]; then
  fail "rewind: no iteration count in run.png.json"
else
  rm -f "$out/back.png" "$out/fresh.png"
  if xvfb "$studio" "$level" --run --back 5 --screenshot "$out/back.png" --frames 5 &&
     xvfb "$studio" "$level" --steps $((end - 5)) --screenshot "$out/fresh.png" --frames 5; then
    "$checker" "$out/back.png" "$level" --expect in-progress --iteration $((end - 5)) || fail "back.png"
    if cmp -s "$out/back.png" "$out/fresh.png"; then
      echo "ok: rewind: --run --back 5 draws the same pixels as --steps $((end - 5))"
    else
      fail "rewind: back.png and fresh.png differ"
    fi
  else
    fail "studio --run --back 5 or --steps $((end - 5)) exited non-zero"
  fi
fi

# A missing shader folder: a clear message naming the file, no crash.
expect_failure missing-shader "no-shaders/grid.vert" \
  env ASTAR_SHADER_DIR="$out/no-shaders" xvfb-run -a -s "-screen 0 1280x800x24" "$studio" "$level" --screenshot "$out/noshader.png" --frames 2

exit $status
