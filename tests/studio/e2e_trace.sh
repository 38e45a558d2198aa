#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_trace.sh STUDIO E2E_CHECK FINDINGS_CHECK DATA OUTDIR
# A search trace from another program, driven by real key presses (xdotool) under its own Xvfb,
# each state read from an F12 screenshot's sidecar:
#   1. astar-studio LEVEL --trace TRACE: iteration 0, the trace's 18 events, the check's findings
#      listed (the planted corner cut at event 5, (1, 1)), the Findings panel on;
#   2. Right x3: iteration 3, 14 events applied;  3. Left: iteration 2, 12 events;
#   4. M: one event more (13), inside iteration 3;
#   5. File > Open trace (Ctrl+Shift+O), a typed path: the same trace again, at iteration 0;
#   6. an edit (a wall painted by a click): the trace kept at its event, checked again.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing.
set -u
studio=$1 checker=$2 findings_check=$3 data=$4 out=$5
case $findings_check in /*) ;; *) findings_check=$PWD/$findings_check ;; esac
case $data in /*) ;; *) data=$PWD/$data ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$data/corner_cut_level.json" level.json && cp "$data/corner_cut_trace.json" trace.json ||
  die "cannot copy the test data from $data"
start_xvfb

start_studio level.json --trace trace.json --size 1280x800
shot 1
trace_is 1 's["iteration"] == 0' 't["events"] == 18' 't["events_applied"] == 3' \
  't["findings"] >= 1' '{"kind": "illegal-move", "event": 5, "cell": [1, 1]} in t["list"]' \
  't["findings_panel"]'

for _ in 1 2 3; do tap Right; done
shot 2
trace_is 2 's["iteration"] == 3' 't["events_applied"] == 14'

tap Left
shot 3
trace_is 3 's["iteration"] == 2' 't["events_applied"] == 12' 's["furthest_iteration"] == 3'

tap m
shot 4
trace_is 4 't["events_applied"] == 13' 's["mid_iteration"]'

# 5. File > Open trace by its key, the path typed into the dialog.
keys ctrl+shift+o  # (frames drawn after it: the dialog is open, its path field focused)
xdo type --delay 30 "$PWD/trace.json" || die "cannot type the path"
keys Return
shot_until 5 's["status"].startswith("Opened trace")'
trace_is 5 's["iteration"] == 0' 't["events_applied"] == 3' 't["file"].endswith("trace.json")' \
  's["status"].startswith("Opened trace")'

# 6. Step to the end, then paint a wall on (3, 2) (the Brush on walls): the replay is made again
#    on the edited level at the same event, and checked again.
keys End
pw=$("$checker" cell astar-studio-5.png.json 3 2) || die "no pixel for cell (3, 2)"
click $pw
shot_until 6 't["events_applied"] == 18'
trace_is 6 't["events_applied"] == 18' 's["state"] == "found"' 't["findings"] >= 1'
ok "the trace replayed, stepped both ways, reopened and kept across an edit"
