#!/bin/sh
# open_plan_test.sh STUDIO ASTAR LESSONS OUTDIR
# A plan from another program opened with --plan agrees with the CLI: lesson 20's flow-field plan
# (its units walk through each other: a vertex conflict at (5, 1), t = 4) and its CBS plan (no
# finding), each written by `astar units --format kei18|li|tracker`, are opened in the studio
# with --plan FILE --tick T under Xvfb. In the screenshot's sidecar every unit's position
# ("units"."positions") equals the plan's (`astar units --format json`'s path) at T, the tick is
# T (clamped to the last), and the plan's findings per kind, sum of costs, makespan and optimum
# ("plan") are `astar check-plan LEVEL PLAN --format json`'s. A bad plan file fails at start
# naming the file and its line, another unit count names the level's units, and --plan without a
# LEVEL or with --units is refused. Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 astar=$2 lessons=$3 out=$4
mkdir -p "$out"
# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"
level=$lessons/20-who-goes-first.json

printf '0:(1,1),(9,1),\n1:(2,1),(8,1),\nwhat is this\n' >"$out/bad.txt"
printf 'Agent 0: (1,1)->\nAgent 1: (1,9)->\nAgent 2: (1,5)->\n' >"$out/three.txt"
expect_failure bad-line "bad.txt: line 3" "$studio" "$level" --plan "$out/bad.txt"
expect_failure three-units "the level's units" "$studio" "$level" --plan "$out/three.txt"
expect_failure plan-alone "--plan needs a LEVEL" "$studio" --plan "$out/bad.txt"
expect_failure plan-units "--plan and --units cannot be combined" "$studio" "$level" --plan "$out/bad.txt" --units ca-star
expect_failure plan-missing "missing.txt" "$studio" "$level" --plan "$out/missing.txt"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# agree NAME PLANNER FORMAT TICK: the plan PLANNER makes for lesson 20, written in FORMAT, opened
# in the studio at TICK; its positions and findings those of the CLI.
agree() {
  name=$1 planner=$2 format=$3 tick=$4
  "$astar" units "$level" --algorithm "$planner" --format json >"$out/$name.paths.json" 2>"$out/$name.err"
  [ $? -le 1 ] || { fail "$name: astar units --format json failed: $(cat "$out/$name.err")"; return; }
  "$astar" units "$level" --algorithm "$planner" --format "$format" >"$out/$name.txt" 2>"$out/$name.err"
  [ $? -le 1 ] || { fail "$name: astar units --format $format failed: $(cat "$out/$name.err")"; return; }
  "$astar" check-plan "$level" "$out/$name.txt" --format json >"$out/$name.check.json" 2>"$out/$name.err"
  [ $? -le 1 ] || { fail "$name: astar check-plan failed: $(cat "$out/$name.err")"; return; }
  rm -f "$out/$name.png" "$out/$name.png.json"
  if ! "$xvfb_run" -s "-screen 0 1280x800x24" "$studio" "$level" --plan "$out/$name.txt" --tick "$tick" \
       --screenshot "$out/$name.png" --frames 2 >"$out/$name.log" 2>&1; then
    fail "$name: the studio failed: $(cat "$out/$name.log")"
    return
  fi
  if python3 - "$out/$name.paths.json" "$out/$name.check.json" "$out/$name.png.json" "$tick" "$format" <<'PY'; then
import json, sys
paths = [u["path"] for u in json.load(open(sys.argv[1]))["units"]]
check = json.load(open(sys.argv[2]))
side = json.load(open(sys.argv[3]))
t, fmt = int(sys.argv[4]), sys.argv[5]
units, plan = side["units"], side["plan"]
bad = []
if plan is None: sys.exit(print("FAIL: no plan in the sidecar") or 1)
last = max(len(p) - 1 for p in paths)
want_tick = min(t, last)
want = [p[min(want_tick, len(p) - 1)][:2] for p in paths]
if not units["shown"] or not units["planned"]: bad.append("not shown or not planned: %s" % units["summary"])
if units["tick"] != want_tick: bad.append("tick %s, expected %s" % (units["tick"], want_tick))
if units["positions"] != want: bad.append("positions %s, expected %s" % (units["positions"], want))
if plan["format"] != fmt: bad.append("format %s, expected %s" % (plan["format"], fmt))
kinds = {k: n for k, n in check["counts"].items() if n}
if plan["kinds"] != kinds: bad.append("findings %s, check-plan's %s" % (plan["kinds"], kinds))
for key in ("sum_of_costs", "makespan", "optimum", "ticks"):
    if plan[key] != check[key]: bad.append("%s %s, check-plan's %s" % (key, plan[key], check[key]))
got = [(f["kind"], f["tick"], f["cell"]) for f in plan["list"]]
exp = [(f["kind"], f["tick"], f["cell"]) for f in check["findings"]][:100]
if got != exp: bad.append("findings listed %s, check-plan's %s" % (got, exp))
for b in bad: print("FAIL:", b)
if not bad: print("ok: %d units at t = %d, %d findings, as the CLI's" % (len(want), want_tick, len(got)))
sys.exit(1 if bad else 0)
PY
    echo "ok: $name"
  else
    fail "$name: the studio's plan is not the CLI's"
  fi
}

for format in kei18 li tracker; do
  agree "flow-$format" flow-field "$format" 4
  agree "cbs-$format" cbs "$format" 9
done
agree flow-past-end flow-field li 99
# The planted conflict is first in the sidecar's list, named in the status line, and ringed at t = 4.
python3 - "$out/flow-kei18.png.json" <<'PY' || fail "flow-kei18: the conflict at (5, 1), t = 4 is not listed"
import json, sys
s = json.load(open(sys.argv[1]))
first = s["plan"]["list"][0]
assert first["kind"] == "vertex-conflict" and first["tick"] == 4 and first["cell"] == [5, 1], first
assert "units 0 and 1 both at (5, 1) at t = 4" in s["status"], s["status"]
assert s["units"]["conflicts_now"] >= 1, s["units"]
print("ok: flow-kei18: vertex-conflict at (5, 1), t = 4")
PY
exit $status
