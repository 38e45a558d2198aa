#!/bin/sh
# shader_fallback_test.sh STUDIO FALLBACK_CHECKER LAYERS_CHECKER SCREENSHOT_CHECKER LEVELS SHADERS OUTDIR
# A grid.frag feature whose code does not compile (broken on purpose by the test hook
# ASTAR_TEST_BREAK_SHADER_FEATURE, e.g. GRID_HEIGHTS) is left out, the rest of the grid drawn:
#   - GRID_HEIGHTS broken on levels/all-layers.json: the studio starts and exits 0, prints
#     which layer is not drawn with the GLSL log; studio_fallback_check against the same view
#     unbroken: every cell away from the hill identical, the hill's differing, the message shown
#     at the canvas's bottom; studio_layers_check passes walls, costs, agents, edges and shapes
#     and refuses heights;
#   - every feature broken at once on levels/welcome.json, run to the end: all five named, and
#     the walls, path, closed and open sets still checked by studio_screenshot_check;
#   - a name that is no feature is reported, and nothing breaks;
#   - grid.frag broken outside every feature: no grid, a clear message, exit non-zero (as before).
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 fallback=$2 layers=$3 checker=$4 levels=$5 shaders=$6 out=$7
mkdir -p "$out"
all_layers=$levels/all-layers.json
welcome=$levels/welcome.json

# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# run NAME BROKEN-FEATURES LEVEL ARGS...: a screenshot as $out/NAME.png, stderr in $out/NAME.err;
# fails unless the studio exits 0.
run() {
  name=$1 broken=$2 lvl=$3
  shift 3
  rm -f "$out/$name.png" "$out/$name.png.json"
  if ASTAR_TEST_BREAK_SHADER_FEATURE=$broken "$xvfb_run" -s "-screen 0 1600x900x24" "$studio" "$lvl" "$@" \
       --screenshot "$out/$name.png" --frames 5 >"$out/$name.out" 2>"$out/$name.err"; then
    echo "ok: $name: the studio started and exited 0"
  else
    cat "$out/$name.err"
    fail "$name: the studio exited non-zero"
  fi
}

# says NAME TEXT: $out/NAME.err holds TEXT.
says() {
  if grep -qF -- "$2" "$out/$1.err"; then echo "ok: $1: says '$2'"
  else cat "$out/$1.err"; fail "$1: stderr does not say '$2'"; fi
}

# [SECTION] The Heights layer's code broken
view="--zoom 32 --focus 12,7"
# shellcheck disable=SC2086  # $view splits on purpose
run normal "" "$all_layers" $view
if grep -q "drawn without" "$out/normal.err"; then fail "normal: a layer is reported not drawn"; fi
# shellcheck disable=SC2086
run heights "GRID_HEIGHTS" "$all_layers" $view
says heights "The grid is drawn without the Heights layer (GRID_HEIGHTS): its shader code does not compile."
says heights "grid.frag (built in): GLSL compile error:"  # the embedded shader, named so
# The GLSL log itself: a line after that one.
if [ "$(sed -n '/GLSL compile error:/{n;p;}' "$out/heights.err" | wc -c)" -gt 1 ]; then
  echo "ok: heights: the GLSL log follows"
else
  fail "heights: no GLSL log after 'GLSL compile error:'"
fi
if "$fallback" "$out/heights.png" "$out/normal.png" "$all_layers" >"$out/heights.check" 2>&1; then
  echo "ok: heights: $(cat "$out/heights.check")"
else
  cat "$out/heights.check"
  fail "heights: the picture is not the normal one without the hill, with the message"
fi
if "$layers" "$out/heights.png" "$all_layers" --only walls --only costs --only agents --only edges \
     --only shapes >"$out/heights.layers" 2>&1; then
  echo "ok: heights: walls, costs, agents, edges and shapes as expected"
else
  cat "$out/heights.layers"
  fail "heights: another layer than heights is missing"
fi
if "$layers" "$out/heights.png" "$all_layers" --only heights >"$out/heights.hill" 2>&1; then
  fail "heights: the layers checker finds the Heights layer drawn"
elif grep -q "heights:" "$out/heights.hill"; then
  echo "ok: heights: the layers checker finds no Heights layer"
else
  cat "$out/heights.hill"
  fail "heights: the layers checker failed for another reason"
fi

# [SECTION] Every feature broken: walls, path and search still drawn
run every "GRID_COSTS,GRID_HEIGHTS,GRID_AGENTS,GRID_PATTERNS,GRID_HEAT" "$welcome" --run
says every "The grid is drawn without the Costs layer (GRID_COSTS), the Heights layer (GRID_HEIGHTS), \
the Agents layer (GRID_AGENTS), the patterns on open and closed cells (GRID_PATTERNS) and the heat map \
(GRID_HEAT): their shader code does not compile."
if "$checker" "$out/every.png" "$welcome" --expect found >"$out/every.check" 2>&1; then
  echo "ok: every: walls, path, closed and open sets drawn"
else
  cat "$out/every.check"
  fail "every: the grid is not drawn"
fi

# [SECTION] A name that is no feature
run bogus "GRID_HIGHTS" "$welcome" --steps 3
says bogus "ASTAR_TEST_BREAK_SHADER_FEATURE names no feature: GRID_HIGHTS"
if grep -q "drawn without" "$out/bogus.err"; then fail "bogus: a layer is reported not drawn"; fi

# [SECTION] The grid's own code broken: nothing to fall back to
mkdir -p "$out/broken-shaders"
cp "$shaders/grid.vert" "$out/broken-shaders/"
sed '1a int astar_broken_on_purpose = vec3(0.0);' "$shaders/grid.frag" >"$out/broken-shaders/grid.frag"
expect_failure broken-grid "broken-shaders/grid.frag: GLSL compile error" \
  env ASTAR_SHADER_DIR="$out/broken-shaders" "$xvfb_run" -s "-screen 0 1280x800x24" "$studio" "$welcome" \
  --screenshot "$out/broken-grid.png" --frames 2
if grep -q "drawn without" "$out/broken-grid.err"; then fail "broken-grid: a layer is blamed"; fi

exit $status
