#!/bin/sh
# hierarchy_test.sh STUDIO CHECKER LEVELS OUTDIR
# HPA*'s clusters and entrances (app/studio/overlays/hierarchy_overlay.hpp) in screenshots under
# Xvfb, checked by studio_hierarchy_check (hierarchy_check.cpp says which pixels), on a 64 x 40
# level of rooms made by `astar generate` (the astar binary beside the studio) with 8-cell
# clusters:
#   - mid-Building (10 steps: 10 of 40 clusters built, the rest dimmed), in the abstract search,
#     and at the end: the cluster lines on the borders and the entrance bars of the clusters
#     built so far, the checker's own HPA* in the named phase;
#   - hidden with --overlay clusters=off, and for A*;
#   - the checker refuses a shown picture said to be hidden and the reverse;
#   - --cluster-size is refused out of 4..256.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 levels=$3 out=$4
mkdir -p "$out"

# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

expect_failure bad-cluster-size "--cluster-size: expected a cluster side 4..256" "$studio" --cluster-size 2 "$levels/welcome.json"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

level=$out/rooms-64x40.json
if ! "$(dirname "$studio")/astar" generate rooms --size 64x40 --seed 2 --rooms 10 --room-size 5..12 \
     --loops 0.3 -o "$level" >/dev/null; then
  echo "FAIL: astar generate did not make $level"
  exit 1
fi

# shot NAME STUDIO-ARGS... -- CHECKER-ARGS...
shot() { n=$1; shift; shot_on 1280x800 "$n" "$level" "$@"; }

shot building --algorithm hpa-star --cluster-size 8 --steps 10 -- --expect shown --phase building
shot abstract --algorithm hpa-star --cluster-size 8 --steps 45 -- --expect shown --phase abstract
shot done --algorithm hpa-star --cluster-size 8 --run -- --expect shown --phase done
shot off --algorithm hpa-star --cluster-size 8 --run --overlay clusters=off -- --expect hidden
shot astar --algorithm astar --run -- --expect hidden

# The checker can fail: each picture with the other expectation is refused.
refused_as "$level" building:hidden off:shown
exit $status
