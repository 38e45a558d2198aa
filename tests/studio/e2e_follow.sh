#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_follow.sh STUDIO E2E_CHECK DATA OUTDIR
# --follow: a trace that another program is still writing, watched live under its own Xvfb, each
# state read from an F12 screenshot's sidecar. The trace is tests/studio/data/corner_cut_trace.json
# as JSON Lines (18 events), written in pieces while the studio runs:
#   1. started before the file exists: waiting, no events, no crash;
#   2. 10 whole lines and half of the 11th: 10 events shown, the view at the newest;
#   3. the rest of the 11th and the others: all 18, found, "Followed ... to its end";
#   4. a second file followed, then cut shorter while followed: the status line says so (naming
#      the file), the events read are kept, the studio still runs.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing.
set -u
studio=$1 checker=$2 data=$3 out=$4
case $data in /*) ;; *) data=$PWD/$data ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$data/corner_cut_level.json" level.json || die "cannot copy the level from $data"
python3 - "$data/corner_cut_trace.json" all.jsonl <<'PY' || die "cannot write the JSON Lines trace"
import json, sys
events = json.load(open(sys.argv[1]))["events"]
with open(sys.argv[2], "w") as out:
    for e in events:
        out.write(json.dumps(e) + "\n")
PY
[ "$(wc -l <all.jsonl)" -eq 18 ] || die "the trace has $(wc -l <all.jsonl) lines, not 18"
start_xvfb

start_studio level.json --trace run.jsonl --follow --size 1280x800
shot 1
trace_is 1 't["events"] == 0' 's["status"].startswith("Following")'

head -n 10 all.jsonl >run.jsonl
sed -n 11p all.jsonl | cut -c1-15 | tr -d '\n' >>run.jsonl
shot_until 2 't["events"] >= 10'
trace_is 2 't["events"] == 10' 't["events_applied"] == 10' 's["state"] == "in-progress"'

sed -n 11p all.jsonl | cut -c16- >>run.jsonl
tail -n +12 all.jsonl >>run.jsonl
shot_until 3 't["events"] == 18' 's["status"].startswith("Followed ")'
trace_is 3 't["events"] == 18' 't["events_applied"] == 18' 's["state"] == "found"' \
  's["status"].startswith("Followed ")' '"to its end: 18 events" in s["status"]' \
  '{"kind": "illegal-move", "event": 5, "cell": [1, 1]} in t["list"]'

stop_studio
head -n 6 all.jsonl >second.jsonl
start_studio level.json --trace second.jsonl --follow --size 1280x800
shot_until 4 't["events"] >= 6'
trace_is 4 't["events"] == 6' 's["status"].startswith("Following")'
: >second.jsonl
shot_until 5 's["status"].startswith("Following stopped: ")'
trace_is 5 't["events"] == 6' 's["status"].startswith("Following stopped: ")' \
  '"second.jsonl: the file was cut shorter while being followed" in s["status"]'
running || die "the studio exited after the file was cut"
ok "a trace followed while written, a half line waited for, a cut file reported"
