#!/bin/sh
# trace_screenshot_test.sh STUDIO FINDINGS_CHECK DATA OUTDIR LEVELS
# A search trace replayed in the studio (--trace), without real input:
#   - tests/studio/data/corner_cut_trace.json on corner_cut_level.json, at its first finding
#     (--finding 1): the check lists the planted corner cut (illegal-move at event 5, (1, 1)),
#     the replay stands just after that event, the cell is ringed and every finding's cell
#     marked (studio_findings_check on the pixels), the Findings panel open;
#   - --run on the same trace: the last iteration, every event applied, the trace's path;
#   - the trace alone (no LEVEL): a blank 5 x 3 level, start and goal on its source and
#     destination; over a MovingAI .map as LEVEL: the same start and goal;
#   - lesson 13, whose search.trace names a trace beside it: opened with it, run to the end,
#     the corner cuts found;
#   - a trace with a cell outside the level is refused, naming the file, exit 1;
#   - --finding with neither --trace nor a level that opens a trace is refused; lesson 13's own
#     trace takes --finding.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 data=$3 out=$4 levels=$5
level=$data/corner_cut_level.json trace=$data/corner_cut_trace.json
# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# shot NAME ARGS...: a screenshot as $out/NAME.png (1280x800); fails unless the studio exits 0.
shot() {
  name=$1
  shift
  rm -f "$out/$name.png" "$out/$name.png.json"
  if "$xvfb_run" -s "-screen 0 1280x800x24" "$studio" "$@" --size 1280x800 \
       --screenshot "$out/$name.png" --frames 5 >"$out/$name.log" 2>&1; then
    echo "ok: $name: screenshot taken"
  else
    cat "$out/$name.log"
    fail "$name: the studio exited non-zero"
  fi
}

# sidecar NAME PYTHON-EXPR...: each expression (over `s`, the sidecar, and `t`, its trace) holds.
sidecar() {
  name=$1
  shift
  if python3 - "$out/$name.png.json" "$@" <<'PY'; then echo "ok: $name: sidecar as expected"; else fail "$name: sidecar"; fi
import json, sys
s = json.load(open(sys.argv[1]))
t = s["trace"]
bad = [e for e in sys.argv[2:] if not eval(e)]
for e in bad:
    print("FAIL: not", e, "in", json.dumps(t))
sys.exit(1 if bad else 0)
PY
}

shot finding "$level" --trace "$trace" --finding 1
if "$checker" "$out/finding.png" --kind illegal-move >"$out/finding.check" 2>&1; then
  echo "ok: finding: $(tail -n 1 "$out/finding.check")"
else
  cat "$out/finding.check"
  fail "finding: the picked finding is not ringed, or a finding's cell is not marked"
fi
sidecar finding 't["format"] == "Posthoc JSON"' 't["events"] == 18' \
  't["list"][0] == {"kind": "illegal-move", "event": 5, "cell": [1, 1]}' \
  't["events_applied"] == 6' 's["iteration"] == 1' \
  't["findings_panel"]' 't["selected"]["cell"] == [1, 1]'

shot run "$level" --trace "$trace" --run
sidecar run 't["events_applied"] == 18' 's["iteration"] == 5' 's["state"] == "found"' \
  's["path"] == [[0, 0], [1, 1], [2, 1], [3, 1], [4, 1]]' 't["selected"] is None'

shot alone --trace "$trace" --steps 2
sidecar alone 's["level"] == [5, 3]' 's["start"] == [0, 0]' 's["goal"] == [4, 1]' \
  's["iteration"] == 2' 't["events_applied"] == 12'

# The level as a MovingAI map (what a game developer's own A* reads): opened untitled, with
# the trace's source and destination as its start and goal (the map's own are far apart).
printf 'type octile\nheight 3\nwidth 5\nmap\n.@...\n.....\n.....\n' >"$out/level.map"
shot map "$out/level.map" --trace "$trace" --run
sidecar map 's["level"] == [5, 3]' 's["start"] == [0, 0]' 's["goal"] == [4, 1]' \
  's["state"] == "found"' '"illegal-move" in t["kinds"]'

shot lesson-finding "$levels/lessons/13-find-the-bug.json" --run --finding 2
sidecar lesson-finding 't["selected"] == t["list"][1]' 't["events_applied"] == t["list"][1]["event"] + 1'

shot lesson "$levels/lessons/13-find-the-bug.json" --run
sidecar lesson 't["file"].endswith("13-find-the-bug.trace.jsonl")' 't["format"] == "JSON Lines"' \
  't["events_applied"] == t["events"]' '"illegal-move" in t["kinds"]' 's["state"] == "found"'

# A trace whose cells do not fit: (4, 1) is outside a 3 x 3 level.
cat >"$out/small.json" <<'JSON'
{"format": "astar-studio-level", "version": 1, "width": 3, "height": 3, "start": [0, 0], "goal": [2, 2],
 "walls": ["...", "...", "..."]}
JSON
expect_failure outside "corner_cut_trace.json" \
  "$xvfb_run" "$studio" "$out/small.json" --trace "$trace" --screenshot "$out/outside.png"
expect_failure finding-alone "--finding needs --trace" "$studio" --finding 1
expect_failure finding-no-trace "corner_cut_level.json opens no trace" "$studio" "$level" --finding 1
exit $status
