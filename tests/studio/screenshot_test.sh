#!/bin/sh
# screenshot_test.sh STUDIO CHECKER LEVEL OUTDIR
# Runs A* Studio under Xvfb and checks its screenshots; also checks that bad command lines and
# broken shaders fail with clear messages. Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 level=$3 out=$4
mkdir -p "$out"
# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

# Command-line errors need no display.
expect_failure unknown-option "unknown option '--bogus'" "$studio" --bogus
expect_failure bad-size "--size" "$studio" --size 12 "$level"
expect_failure steps-and-run "cannot be combined" "$studio" --steps 3 --run "$level"
expect_failure missing-level "does-not-exist.json" "$studio" "$out/does-not-exist.json"
# A bad algorithm name lists the valid ones.
expect_failure bad-algorithm "theta, bidirectional, lpa-star, d-star-lite, flow-field or hpa-star" \
  "$studio" --algorithm dijkstraa "$level"
expect_failure weight-without-weighted "weighted-astar only" "$studio" --weight 3 "$level"
expect_failure bad-weight "a weight 1..10" "$studio" --algorithm weighted-astar --weight 0.5 "$level"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi
xvfb() { "$xvfb_run" -s "-screen 0 1280x800x24" "$@"; }

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
# stepped to that iteration draws (same canvas pixels, same sidecar state; the timeline beside
# it rightly says how far the rewound search had gone).
end=$(grep -o '"iteration": *[0-9]*' "$out/run.png.json" 2>/dev/null | grep -o '[0-9]*$')
if [ -z "$end" ] || [ "$end" -le 5 ]; then
  fail "rewind: no iteration count in run.png.json"
else
  rm -f "$out/back.png" "$out/fresh.png"
  if xvfb "$studio" "$level" --run --back 5 --screenshot "$out/back.png" --frames 5 &&
     xvfb "$studio" "$level" --steps $((end - 5)) --screenshot "$out/fresh.png" --frames 5; then
    if "$checker" "$out/back.png" "$level" --expect in-progress --iteration $((end - 5)) \
         --same-canvas-as "$out/fresh.png"; then
      echo "ok: rewind: --run --back 5 draws the same canvas as --steps $((end - 5))"
    else
      fail "rewind: back.png is wrong or its canvas differs from fresh.png"
    fi
  else
    fail "studio --run --back 5 or --steps $((end - 5)) exited non-zero"
  fi
fi

# [SECTION] Algorithms

# A uniform level (welcome.json's walls without its cost-3 mud), for Jump Point Search and Theta*,
# and a level whose goal is walled in, for partial paths.
cat >"$out/uniform.json" <<'EOF'
{
  "format": "astar-studio-level",
  "version": 1,
  "name": "Welcome, uniform",
  "width": 24,
  "height": 16,
  "start": [2, 8],
  "goal": [21, 7],
  "rules": { "neighbours": 8, "diagonal": "no-corner-cutting" },
  "walls": [
    "........................",
    "........................",
    "........................",
    "........................",
    ".......#...#####..#####.",
    ".......#................",
    ".......#................",
    ".......#................",
    ".......#................",
    ".......#................",
    ".......#................",
    ".......#................",
    ".......#####............",
    "........................",
    "........................",
    "........................"
  ]
}
EOF
cat >"$out/walled-goal.json" <<'EOF'
{
  "format": "astar-studio-level",
  "version": 1,
  "name": "Goal walled in",
  "width": 16,
  "height": 10,
  "start": [2, 5],
  "goal": [13, 4],
  "walls": [
    "................",
    "................",
    "................",
    "......#.....###.",
    "......#.....#.#.",
    "......#.....###.",
    "......#.........",
    "................",
    "................",
    "................"
  ]
}
EOF

# shot NAME LEVEL STUDIO-ARGS... -- CHECKER-ARGS...: a screenshot, then the checker on it.
shot() {
  name=$1 lvl=$2
  shift 2
  args=''
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args="$args $1"; shift; done
  [ $# -gt 0 ] && shift
  rm -f "$out/$name.png" "$out/$name.png.json"
  # shellcheck disable=SC2086  # the arguments split on purpose
  if xvfb "$studio" "$lvl" $args --screenshot "$out/$name.png" --frames 5; then
    if "$checker" "$out/$name.png" "$lvl" "$@"; then
      echo "ok: $name:$args"
    else
      fail "$name:$args"
    fi
  else
    fail "$name: studio$args exited non-zero"
  fi
}

# Jump Point Search on a uniform level: the optimal path, filled in between jump points.
shot jps-run "$out/uniform.json" --algorithm jps --run -- \
  --expect found --algorithm jps --same-cost-as astar
# ... and on welcome.json, whose mud costs 3: JPS refuses (state invalid, the reason in the
# sidecar), never falls back to another algorithm, and the level still renders.
shot jps-invalid "$level" --algorithm jps -- --expect invalid --iteration 0 --algorithm jps
if grep -q '"message": ".*cost 1' "$out/jps-invalid.png.json" 2>/dev/null; then
  echo "ok: jps-invalid: the sidecar gives the reason"
else
  fail "jps-invalid: the sidecar's message does not say why"
fi
# Bidirectional A*: found, and the path costs what A*'s does.
shot bidirectional-run "$level" --algorithm bidirectional --run -- \
  --expect found --algorithm bidirectional --same-cost-as astar
# Mid-search: the backward side's cells in their own hue.
shot bidirectional-steps "$level" --algorithm bidirectional --steps 30 -- \
  --expect in-progress --iteration 30 --algorithm bidirectional
# Theta*: any-angle waypoints, the cells between them tinted.
shot theta-run "$out/uniform.json" --algorithm theta --run -- --expect found --algorithm theta
# Weighted A*, greedy and breadth-first run to the end.
shot weighted-run "$level" --algorithm weighted-astar --weight 3 --run -- \
  --expect found --algorithm weighted-astar
shot greedy-run "$level" --algorithm greedy --run -- --expect found --algorithm greedy
shot bfs-run "$level" --algorithm bfs --tie-break first-in --run -- --expect found --algorithm bfs
# No path: with --partial-path, the dashed path to the reached cell nearest the goal.
shot partial "$out/walled-goal.json" --partial-path --run -- --expect no-path
if grep -q '"partial": true' "$out/partial.png.json" 2>/dev/null; then
  echo "ok: partial: the sidecar marks the path partial"
else
  fail "partial: the sidecar does not mark the path partial"
fi

# Path smoothing: the string-pulled waypoints in the sidecar and on screen, over the grid path.
shot smooth "$level" --run --smooth -- --expect found --smoothed
if grep -q '"smoothed_length"' "$out/smooth.png.json" 2>/dev/null; then
  echo "ok: smooth: the sidecar gives the smoothed length"
else
  fail "smooth: the sidecar has no smoothed_length"
fi
# --help mentions --smooth.
if "$studio" --help 2>&1 | grep -q -- "--smooth"; then
  echo "ok: --help mentions --smooth"
else
  fail "--help does not mention --smooth"
fi

# Lessons: each opens with the search it sets up (the sidecar names its algorithm and heuristic,
# as the lesson file does) and runs to the end (no-path for the no-path lesson, iteration-limit for
# the guard lesson, range-complete for a lesson whose search is a movement range, else found).
lessons=$(dirname "$level")/lessons
n=0
for f in "$lessons"/*.json; do
  name=$(basename "$f" .json)
  rm -f "$out/lesson.png.json"
  if ! "$xvfb_run" -s "-screen 0 1280x800x24" "$studio" "$f" --run --screenshot "$out/lesson.png" --frames 2 >/dev/null 2>&1; then
    fail "lesson $name: the studio exited non-zero"
    continue
  fi
  side=$(tr -d '\n ' <"$out/lesson.png.json")
  file=$(tr -d '\n ' <"$f")
  want_algorithm=$(echo "$file" | sed -n 's/.*"search":{[^}]*"algorithm":"\([a-z-]*\)".*/\1/p')
  want_heuristic=$(echo "$file" | sed -n 's/.*"search":{[^}]*"heuristic":"\([a-z]*\)".*/\1/p')
  got_algorithm=$(echo "$side" | sed -n 's/.*"algorithm":"\([a-z-]*\)".*/\1/p')
  got_heuristic=$(echo "$side" | sed -n 's/.*"heuristic":"\([a-z]*\)".*/\1/p')
  state=$(echo "$side" | sed -n 's/.*"state":"\([a-z-]*\)".*/\1/p')
  want_state=found
  case $name in
    *no-path*) want_state=no-path ;;
    *guard*) want_state=iteration-limit ;;  # the lesson about a guard that stops a search
  esac
  case $file in
    *'"search":{'*'"budget":'*) want_state=range-complete ;;  # search.budget: a movement range
  esac
  [ -n "$want_algorithm" ] && [ "$got_algorithm" = "$want_algorithm" ] || fail "lesson $name: algorithm '$got_algorithm', the lesson sets '$want_algorithm'"
  [ -z "$want_heuristic" ] || [ "$got_heuristic" = "$want_heuristic" ] || fail "lesson $name: heuristic '$got_heuristic', the lesson sets '$want_heuristic'"
  [ "$state" = "$want_state" ] || fail "lesson $name: state '$state', want '$want_state'"
  n=$((n + 1))
done
[ "$n" -ge 12 ] && echo "ok: $n lessons open with their searches" || fail "only $n lessons opened"

# [SECTION] --start and --goal: over the level's own, so that a MovingAI map opens on one query.
# Bad values fail before any window, each message naming the option.
expect_failure start-not-a-cell "--start: expected X,Y (the column and the row, whole numbers from 0), got '3x4'" \
  "$studio" "$level" --start 3x4
expect_failure start-outside "--start (24, 0) is outside the level (0, 0)-(23, 15) (the level is 24 x 16 cells)" \
  "$studio" "$level" --start 24,0
expect_failure goal-in-wall "--goal (7, 4) is inside a wall" "$studio" "$level" --goal 7,4
expect_failure start-on-goal "--start and the level's goal are the same cell (21, 7)" \
  "$studio" "$level" --start 21,7
# sidecar_endpoints NAME: "start gx,gy" of NAME.png.json, as "SX,SY GX,GY".
sidecar_endpoints() {
  side=$(tr -d '\n ' <"$out/$1.png.json")
  echo "$(echo "$side" | sed -n 's/.*"start":\[\([0-9]*,[0-9]*\)\].*/\1/p') $(echo "$side" | sed -n 's/.*"goal":\[\([0-9]*,[0-9]*\)\].*/\1/p')"
}
rm -f "$out/endpoints.png.json"
if xvfb "$studio" "$level" --start 3,2 --goal 20,14 --run --screenshot "$out/endpoints.png" --frames 2 >/dev/null 2>&1 &&
   [ "$(sidecar_endpoints endpoints)" = "3,2 20,14" ] && grep -q '"state": "found"' "$out/endpoints.png.json"; then
  echo "ok: --start 3,2 --goal 20,14 opens the welcome level on that query"
else
  fail "--start 3,2 --goal 20,14: the sidecar says '$(sidecar_endpoints endpoints)'"
fi
# A MovingAI map and the last query of its .scen file: the studio's path costs the optimal length.
movingai=${ASTAR_MOVINGAI_DIR:-$(dirname "$level")/../../shared/movingai}
if [ -f "$movingai/den312d.map" ] && [ -f "$movingai/den312d.map.scen" ]; then
  # shellcheck disable=SC2046  # the fields split on purpose: bucket map w h sx sy gx gy optimal
  set -- $(awk 'NF == 9 {q = $0} END {print q}' "$movingai/den312d.map.scen")
  query="$5,$6 $7,$8" optimal=$9
  rm -f "$out/movingai.png.json"
  if xvfb "$studio" "$movingai/den312d.map" --start "$5,$6" --goal "$7,$8" --run \
       --screenshot "$out/movingai.png" --frames 2 >"$out/movingai.log" 2>&1 &&
     [ "$(sidecar_endpoints movingai)" = "$query" ] &&
     python3 - "$out/movingai.png.json" "$optimal" <<'PY'; then
import json, sys
side = json.load(open(sys.argv[1]))
printed = sys.argv[2]
decimals = len(printed.split(".")[1]) if "." in printed else 0
tolerance = 0.5 * 10 ** -decimals  # half a unit in the last printed digit (movingai.hpp)
cost = side["path_cost"]
sys.exit(0 if side["state"] == "found" and cost is not None and abs(cost - float(printed)) <= tolerance else 1)
PY
    echo "ok: den312d.map --start $5,$6 --goal $7,$8: the path costs the .scen file's $optimal"
  else
    cat "$out/movingai.log"
    fail "den312d.map --start $5,$6 --goal $7,$8: endpoints '$(sidecar_endpoints movingai)' or the cost is not $optimal"
  fi
elif [ "${CI:-}" = true ]; then
  fail "CI=true but $movingai/den312d.map is missing (set ASTAR_MOVINGAI_DIR)"
else
  echo "skipped: $movingai/den312d.map not found (set ASTAR_MOVINGAI_DIR)"
fi

# [SECTION] Hex levels: hexagons in all four layouts (tests/studio/data/hex_level.json, pointy-top
# odd as written, and flat-top, even), two by A* mid-search and two by Dijkstra at the end: the
# checker finds each hexagon through the studio's own mapping (state/grid_geometry.hpp) and
# checks walls, open, closed and path cells against its own search on the hex level. (Heights
# hidden: the checker's colours are those of flat ground, and a hill shades its neighbours too.)
hex_level=$(dirname "$0")/data/hex_level.json
for case in hex-pointy-top:odd:steps hex-pointy-top:even:run hex-flat-top:odd:run hex-flat-top:even:steps; do
  layout=${case%:*} hex=$(echo "${case%:*}" | tr ':' '-')
  sed -e "s/\"hex-pointy-top\"/\"${layout%:*}\"/" -e "s/\"stagger\": \"odd\"/\"stagger\": \"${layout#*:}\"/" \
    "$hex_level" >"$out/$hex.json"
  if [ "${case##*:}" = steps ]; then
    shot_on 1280x800 "$hex-steps" "$out/$hex.json" --heuristic hex --hide-layer heights --steps 6 -- \
      --expect in-progress --iteration 6
  else  # Dijkstra to the end: A* closes little more than the path here
    shot_on 1280x800 "$hex-run" "$out/$hex.json" --algorithm dijkstra --hide-layer heights --run -- \
      --expect found
  fi
done

# A missing shader folder: a clear message naming the file, no crash.
expect_failure missing-shader "no-shaders/grid.vert" \
  env ASTAR_SHADER_DIR="$out/no-shaders" "$xvfb_run" -s "-screen 0 1280x800x24" "$studio" "$level" --screenshot "$out/noshader.png" --frames 2

exit $status
