#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_cbs.sh STUDIO CHECKER OUTDIR LESSONS [ASTAR]
# CBS watched by real X input (xdotool) under its own Xvfb, on lesson 23 (two units pass in a
# corridor with one niche; its units_plan is cbs, so Play units opens with CBS):
#   the Watch it plan box                 -> the constraint tree, at iteration 0
#   Tree node twice                       -> the root made, then split: 3 nodes, as the studio
#                                            opened with --cbs-nodes 2 has them (the sidecar's
#                                            iteration, tree and positions)
#   a click on node 1's box in the tree   -> node 1 shown (chosen); the Time slider's > four times:
#                                            its units at t = 4, its constraint, as --cbs-nodes 2
#                                            --cbs-select 1 --tick 4 has them
#   Back                                  -> the second Tree node undone: 1 node, node 1 no more
#   Compare plain and prioritized (at the end) -> the splits of astar units --conflicts first and
#                                            cardinal, and "both find the sum of costs 15";
#   Pick, then a click on cell (5, 1)     -> the conflict breakpoint there; Run to break stops
#                                            where a node is split at (5, 1)
#   End                                   -> solved, the solution shown; with ASTAR, its units
#                                            at the tick where `ASTAR units --algorithm cbs` has
#                                            them
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3 lessons=$4 astar=${5:-}
case $lessons in /*) ;; *) lessons=$PWD/$lessons ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$lessons/23-taking-turns-is-not-enough.json" level.json || die "no lesson 23 in $lessons"
start_xvfb
size=1280x800
map_screenshot $size
start_studio level.json --size $size

# same_cbs N REF KEY...: shot N's "cbs" has the KEYs of REF.png.json's (a studio opened from the
# command line there).
same_cbs() {
  n=$1 ref=$2
  shift 2
  python3 - "astar-studio-$n.png.json" "$ref.png.json" "$@" <<'PY' || die "shot $n is not as the command line's $ref"
import json, sys
a = json.load(open(sys.argv[1]))["cbs"]
b = json.load(open(sys.argv[2]))["cbs"]
bad = [k for k in sys.argv[3:] if a[k] != b[k]]
for k in bad:
    print("FAIL: %s: clicked %s, command line %s" % (k, a[k], b[k]))
sys.exit(1 if bad else 0)
PY
}
reference() {
  name=$1
  shift
  $first timeout 120 "$studio" level.json --size $size "$@" --screenshot "$name.png" --frames 2 >"$name.log" 2>&1 ||
    die "the studio with $*: $(cat "$name.log")"
}
reference two --cbs-nodes 2
reference one-t4 --cbs-nodes 2 --cbs-select 1 --tick 4

shot 1
trace_is 1 's["units"]["planner"] == "cbs"' 's["cbs"] is None'
rect 1 units.watch_it_plan; press
shot 2
trace_is 2 's["cbs"] is not None' 's["cbs"]["iteration"] == 0'
rect 2 cbs.tree_node
press; press
shot 3
trace_is 3 's["cbs"]["nodes"] == 3' 's["cbs"]["expanding"] is None' 's["cbs"]["log_lines"] >= 2'
same_cbs 3 two iteration nodes open best_open shown positions log_last status
ok "Tree node twice: the root split, as --cbs-nodes 2"

rect 3 cbs.node_1; press
shot 4
trace_is 4 's["cbs"]["shown"] == 1' 's["cbs"]["chosen"] == 1'
rect 4 cbs.tick_forward
press; press; press; press
shot 5
same_cbs 5 one-t4 shown tick positions constraints conflicts_now shown_cost
ok "node 1 clicked in the tree, its units at t = 4 as --cbs-select 1 --tick 4"

rect 5 cbs.back; press
shot 6
trace_is 6 's["cbs"]["nodes"] == 1' 's["cbs"]["chosen"] is None' 's["cbs"]["shown"] == 0'
ok "Back: the second Tree node undone"

rect 6 cbs.pick_cell; press
click $(at 5 1)
shot 7
trace_is 7 's["cbs"]["break_cell"] == [5, 1]' '"break at a conflict at (5, 1)" in s["status"]'
rect 7 cbs.run_to_break; press
shot 8
trace_is 8 '"stopped at a breakpoint" in s["status"]' 's["cbs"]["expanding"] is not None' \
  '"(5, 1)" in s["cbs"]["status"]'
ok "a breakpoint at a cell picked on the grid, run to"

rect 8 cbs.end; press
shot 9
trace_is 9 's["cbs"]["outcome"] == "solved"' 's["cbs"]["shown"] == s["cbs"]["solution"]'
if [ -n "$astar" ]; then
  "$astar" units level.json --algorithm cbs --format json >cli.json || die "astar units --algorithm cbs failed"
  python3 - astar-studio-9.png.json cli.json <<'PY' || die "the solution's units are not where the CLI has them"
import json, sys
w = json.load(open(sys.argv[1]))["cbs"]
cli = json.load(open(sys.argv[2]))
t = w["tick"]
want = [u["path"][min(t, len(u["path"]) - 1)][:2] for u in cli["units"]]
print("studio: t =", t, w["positions"], w["nodes"], "nodes; cli:", want, cli["tree"]["nodes_made"], "nodes")
sys.exit(0 if w["positions"] == want and w["nodes"] == cli["tree"]["nodes_made"] else 1)
PY
fi
ok "End: solved, the solution shown"

rect 9 cbs.compare; press
shot 10
trace_is 10 's["cbs"]["compare"] is not None' '"both find the sum of costs 15" in s["cbs"]["compare"]["summary"]'
if [ -n "$astar" ]; then
  "$astar" units level.json --algorithm cbs --conflicts first --format json >plain.json || die "astar units (plain) failed"
  python3 - astar-studio-10.png.json plain.json cli.json <<'PY' || die "the comparison's splits are not the CLI's"
import json, sys
c = json.load(open(sys.argv[1]))["cbs"]["compare"]
plain = json.load(open(sys.argv[2]))["tree"]["nodes_expanded"]
prio = json.load(open(sys.argv[3]))["tree"]["nodes_expanded"]
print("studio:", c["split"], "cli:", [plain, prio])
sys.exit(0 if c["split"] == [plain, prio] else 1)
PY
fi
ok "Compare plain and prioritized: both sides as astar units --conflicts first and cardinal"
exit 0
