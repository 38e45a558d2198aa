#!/bin/sh
# layers_test.sh STUDIO CHECKER LEVEL OUTDIR
# The level's layers on levels/all-layers.json (LEVEL), in screenshots under Xvfb checked by
# studio_layers_check (layers_check.cpp says which pixels):
#   - bad --hide-layer / --layer-opacity values fail with messages listing the layer names;
#     --help mentions both options;
#   - every layer visible: walls, terrain colours and the cost ramp, the height tint and contour
#     lines, agent discs, edge arrows (weighted, blocked, a one-way link), shapes;
#   - each layer hidden in turn (--hide-layer NAME): its look is gone, the others stay; and the
#     checker refuses that picture when its sidecar claims the layer visible (so each pixel check
#     can fail);
#   - walls and costs at half opacity (--layer-opacity);
#   - the same level with agents not blocking: rings instead of discs.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 level=$3 out=$4
mkdir -p "$out"

# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

names="walls, costs, heights, agents, edges or shapes"
expect_failure bad-layer-name "expected a layer NAME, one of $names, got 'floor'" \
  "$studio" --hide-layer floor "$level"
expect_failure bad-opacity-name "NAME one of $names, got 'roads=1'" "$studio" --layer-opacity roads=1 "$level"
expect_failure bad-opacity-value "--layer-opacity: expected NAME=OPACITY (0..1)" "$studio" --layer-opacity walls=2 "$level"
expect_failure no-opacity "--layer-opacity: expected NAME=OPACITY" "$studio" --layer-opacity walls "$level"
expect_failure missing-layer "--hide-layer: missing value" "$studio" "$level" --hide-layer
for opt in --hide-layer --layer-opacity; do
  if "$studio" --help 2>&1 | grep -q -- "$opt"; then echo "ok: --help mentions $opt"
  else fail "--help does not mention $opt"; fi
done

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# The whole level at 32 px per cell (edge weights show from 24).
view="--zoom 32 --focus 12,7"
shot() { shot_on 1600x900 "$@"; }

# [SECTION] Every layer visible
# shellcheck disable=SC2086  # $view splits on purpose
shot all "$level" $view --
grep -q "all layers as expected" "$out/all.check" || fail "all: the checker did not pass every layer"

# [SECTION] Each layer hidden in turn: its look gone (the checker's pixels), refused as visible
for layer in walls costs heights agents edges shapes; do
  # shellcheck disable=SC2086
  shot "hide-$layer" "$level" $view --hide-layer "$layer" -- --hidden "$layer"
  claims "hide-$layer" "hide-$layer-claims-visible" "$level" \
    "s/\"$layer\": {\"visible\": false/\"$layer\": {\"visible\": true/" "FAIL: $layer"
done

# [SECTION] Opacities
# shellcheck disable=SC2086
shot half "$level" $view --layer-opacity walls=0.5 --layer-opacity costs=0.5 -- \
  --opacity walls=0.5 --opacity costs=0.5
claims half half-claims-full "$level" 's/"walls": {"visible": true, "opacity": 0.5/"walls": {"visible": true, "opacity": 1/' \
  "FAIL: walls" --opacity costs=0.5

# [SECTION] Agents that do not block: rings
free="$out/all-layers-free.json"
sed 's/"block": true/"block": false/' "$level" >"$free"
# shellcheck disable=SC2086
shot_on 1600x900 agents-free "$free" $view --
grep -q "rings" "$out/agents-free.check" || fail "agents-free: no rings checked"
claims agents-free agents-free-claims-block "$level" 's/"agents_block": false/"agents_block": true/' "FAIL: agents"

exit $status
