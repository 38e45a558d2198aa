#!/bin/sh
# overlay_test.sh STUDIO CHECKER LEVELS OUTDIR
# Overlays, the heat map and the heuristic check, in screenshots taken under Xvfb (LEVELS is
# the levels/ folder):
#   - bad --overlay / --heat values fail with clear messages; --help mentions the options;
#   - --overlay closed=off: closed cells show the floor while open cells keep their tint
#     (--overlay open=0.5: at half strength), and the checker refuses the picture when its
#     sidecar claims the closed tint is on;
#   - --heat f: every plain seen cell shows the viridis colour of its f over the seen cells'
#     range (the checker's own search and the shared ramp of app/studio/overlays.hpp), the start
#     the ramp's low end, the farthest closed cell another colour; refused when the sidecar
#     claims the heat of g; the same after a search played frame by frame (--play-steps), on
#     the welcome level and on a generated 70 x 36 level;
#   - --check-heuristic --heuristic manhattan on lessons/05-overestimate.json: the sidecar's
#     counts and verdict equal astar::check_heuristic's, overestimating cells show the mark and
#     admissible ones do not; with --overlay heuristic=off no cell does; refused with a wrong
#     count or a false claim that the marks are on;
#   - --algorithm flow-field --run on lessons/03-no-path.json: every cell that cannot reach the
#     walled-in goal shows the X (astar::cannot_reach_goal), no other does; none with
#     --overlay unreachable=off; refused when the sidecar claims the overlay is off.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 levels=$3 out=$4
mkdir -p "$out"
welcome=$levels/welcome.json
overestimate=$levels/lessons/05-overestimate.json
no_path=$levels/lessons/03-no-path.json

# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

expect_failure bad-overlay-name "with NAME one of open, closed" "$studio" --overlay nope=on "$welcome"
expect_failure bad-overlay-value "NAME=off|on|OPACITY" "$studio" --overlay closed=maybe "$welcome"
expect_failure bad-overlay-opacity "NAME=off|on|OPACITY (0..1)" "$studio" --overlay path=1.5 "$welcome"
expect_failure no-equals "--overlay: expected" "$studio" --overlay closed "$welcome"
expect_failure missing-overlay "--overlay: missing value" "$studio" "$welcome" --overlay
expect_failure bad-heat "--heat: expected g, h or f, got 'q'" "$studio" --heat q "$welcome"
for opt in --overlay --heat --check-heuristic; do
  if "$studio" --help 2>&1 | grep -q -- "$opt"; then echo "ok: --help mentions $opt"
  else fail "--help does not mention $opt"; fi
done

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# shot NAME LEVEL STUDIO-ARGS... -- CHECKER-ARGS...
shot() { shot_on 1280x800 "$@"; }
grep_check() { grep -q -- "$2" "$out/$1.check" || fail "$1: the checker did not report '$2'"; }

# [SECTION] (a) Open and closed tints: toggles and opacities
shot closed-off "$welcome" --steps 40 --overlay closed=off --overlay open=0.5 -- \
  --expect in-progress --iteration 40
grep_check closed-off "overlays: open"
claims closed-off closed-claims-on "$welcome" \
  's/"closed": {"on": false/"closed": {"on": true/' "closed cell" --expect in-progress --iteration 40
claims closed-off open-claims-full "$welcome" \
  's/"open": {"on": true, "opacity": 0.5}/"open": {"on": true, "opacity": 1}/' "open cell" \
  --expect in-progress --iteration 40

# [SECTION] (b) The heat map of f
shot heat-f "$welcome" --steps 50 --heat f -- --expect in-progress --iteration 50
grep_check heat-f "heat: the start shows the ramp's low end"
grep_check heat-f "heat: the farthest closed cell"
claims heat-f heat-claims-g "$welcome" 's/"source": "f"/"source": "g"/' "pixels show" \
  --expect in-progress --iteration 50
shot heat-g-run "$welcome" --run --heat g --overlay heat=1 -- --expect found
# Played: --play-steps takes iterations every frame, as playing does, so the heat texture gets
# only the changed cells' values each frame and the shader the range as it widens; the picture
# must still match a search read from scratch. On the welcome level, and on a 70 x 36 level on a
# big screen (two tile columns of the renderer's uploads, ten blocks of the heat field's range).
shot heat-f-played "$welcome" --steps 4 --play-steps 10 --heat f -- --expect in-progress --iteration 54
grep_check heat-f-played "heat: the farthest closed cell"
astar=$(dirname "$studio")/astar
big=$out/obstacles-70x36.json
if "$astar" generate obstacles --size 70x36 --seed 3 --density 0.15 -o "$big" >/dev/null; then
  shot_on 2200x1300 heat-g-played "$big" --size 2200x1300 --algorithm dijkstra --play-steps 150 --heat g \
    --overlay current=off -- --expect in-progress --iteration 750
  grep_check heat-g-played "heat: the farthest closed cell"
else
  fail "astar generate did not make $big"
fi

# [SECTION] (c) The heuristic check on the overestimating lesson
shot heuristic "$overestimate" --run --check-heuristic --heuristic manhattan -- --expect found
grep_check heuristic "heuristic check: [1-9][0-9]* overestimates"
grep_check heuristic "heuristic marks: [1-9][0-9]* cells show the mark"
claims heuristic heuristic-wrong-count "$overestimate" 's/"overestimates": \([0-9]*\)/"overestimates": 1\1/' \
  "differs from check_heuristic" --expect found
shot heuristic-off "$overestimate" --run --check-heuristic --heuristic manhattan --overlay heuristic=off -- \
  --expect found
grep_check heuristic-off "the overlay is off"
claims heuristic-off heuristic-claims-on "$overestimate" \
  's/"heuristic": {"on": false/"heuristic": {"on": true/' "want the mark" --expect found
# Octile never overestimates: the check says so, and no cell is marked.
shot heuristic-octile "$overestimate" --run --check-heuristic --heuristic octile -- --expect found
grep_check heuristic-octile "heuristic check: 0 overestimates"
grep -q '"admissible": true' "$out/heuristic-octile.png.json" || fail "heuristic-octile: not admissible in the sidecar"

# [SECTION] (d) The flow field's cells that cannot reach the goal, on the walled-in goal
shot flow-unreachable "$no_path" --algorithm flow-field --run -- --expect no-path --algorithm flow-field
grep_check flow-unreachable "unreachable marks: [1-9][0-9]* cells show the X"
claims flow-unreachable flow-unreachable-claims-off "$no_path" \
  's/"unreachable": {"on": true/"unreachable": {"on": false/' "want no X" --expect no-path
shot flow-unreachable-off "$no_path" --algorithm flow-field --run --overlay unreachable=off -- \
  --expect no-path
grep_check flow-unreachable-off "the overlay is off"

exit $status
