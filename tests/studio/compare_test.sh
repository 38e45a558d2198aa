#!/bin/sh
# compare_test.sh STUDIO CHECKER LEVEL OUTDIR
# The Compare window under Xvfb (--compare): screenshots whose sidecar table and pane pixels the
# checker compares with searches of its own, and every renderer (the canvas's and the panes')
# is destroyed while the GL context is current; bad --compare values fail with a message. Exit 77
# (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 level=$3 out=$4
mkdir -p "$out"
# shellcheck source=test_env.sh
. "$(dirname "$0")/test_env.sh"  # a fresh config folder: never the user's
status=0

fail() { echo "FAIL: $*"; status=1; }

# Command-line errors need no display.
for bad in astar astar,nope astar,bfs,greedy,dijkstra,jps trace,astar; do
  if "$studio" --compare "$bad" "$level" >"$out/bad.out" 2>"$out/bad.err"; then
    fail "--compare $bad: exited 0"
  elif ! grep -q -- "--compare" "$out/bad.err"; then
    fail "--compare $bad: stderr does not name --compare:"; cat "$out/bad.err"
  else
    echo "ok: --compare $bad: $(head -n 1 "$out/bad.err")"
  fi
done

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# shot NAME STUDIO-ARGS... -- CHECKER-ARGS...: a screenshot, then the checker on it.
shot() {
  name=$1
  shift
  args=''
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args="$args $1"; shift; done
  [ $# -gt 0 ] && shift
  rm -f "$out/$name.png" "$out/$name.png.json"
  # shellcheck disable=SC2086  # the arguments split on purpose
  if "$xvfb_run" -s "-screen 0 1600x900x24" "$studio" "$level" $args --size 1600x900 \
       --screenshot "$out/$name.png" --frames 6 2>"$out/$name.err"; then
    # The panes' renderers go before the window: every glDelete* with the context current.
    if grep -q "outlived its GL context" "$out/$name.err"; then
      fail "$name: $(cat "$out/$name.err")"
    elif "$checker" "$out/$name.png" "$level" "$@"; then
      echo "ok: $name:$args"
    else
      fail "$name:$args"
    fi
  else
    fail "$name: studio$args exited non-zero"
  fi
}

# Four searches stepped together to step 20: all in progress but greedy, each pane its own state.
shot four --compare astar,dijkstra,greedy,bfs --steps 20 -- --panes 4 --step 20
# Run to the end: every row is the search's own (costs, peaks), the paths tinted.
shot run --compare astar,dijkstra --run -- --panes 2 --finished
# JPS refuses welcome.json's costs: its row carries the reason, its pane shows no search.
shot refused --compare jps,astar,weighted-astar --run -- --panes 3 --finished

# Another program's trace as a pane beside our A* (--trace with --compare trace,astar): the
# trace's pane replays the planted corner cut to its end, cheaper than our optimum (its path cuts
# corners), and has no time of ours; the A* pane is our own search, timed.
data=$(dirname "$0")/data
if "$xvfb_run" -s "-screen 0 1600x900x24" "$studio" "$data/corner_cut_level.json" \
     --trace "$data/corner_cut_trace.json" --compare trace,astar --run --size 1600x900 \
     --screenshot "$out/trace.png" --frames 6 2>"$out/trace.err"; then
  if python3 - "$out/trace.png.json" <<'PY'; then
import json, sys
p = json.load(open(sys.argv[1]))["compare"]["panes"]
want = [
    (p[0]["trace"], "pane 1 replays the trace"),
    (p[0]["label"] == "Trace: corner_cut_trace.json", "pane 1 is labelled by the trace's file"),
    (p[0]["state"] == "found" and p[0]["ms"] is None, "pane 1 found, no time of ours"),
    (not p[1]["trace"] and p[1]["algorithm"] == "astar", "pane 2 is our A*"),
    (p[1]["state"] == "found" and p[1]["ms"] is not None, "pane 2 found and timed"),
    (p[0]["path_cost"] < p[1]["path_cost"], "the corner-cutting trace's path is cheaper than the optimum"),
]
bad = [why for held, why in want if not held]
for why in bad:
    print("FAIL: not", why, json.dumps(p))
sys.exit(1 if bad else 0)
PY
    echo "ok: trace pane beside A*"
  else
    fail "trace pane: the sidecar is not as expected"
  fi
else
  fail "trace pane: the studio exited non-zero: $(cat "$out/trace.err")"
fi

exit $status
