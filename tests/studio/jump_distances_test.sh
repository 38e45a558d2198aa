#!/bin/sh
# jump_distances_test.sh STUDIO CHECKER LEVELS OUTDIR
# The JPS+ jump distances overlay (app/studio/jump_distances_overlay.hpp) in screenshots under
# Xvfb, checked by studio_jump_distances_check (jump_distances_check.cpp says which pixels), on
# the JPS lesson (LEVELS is the levels/ folder):
#   - JPS zoomed in to the label size (48 px) and beyond (96 px), at the start, part way (seen
#     cells keep g, h and f and show only arrowheads) and at the end: every open cell's arrowheads
#     where its jump distances are positive, and only there;
#   - hidden for A*, zoomed out below the label size, and with --overlay jumps=off;
#   - the checker refuses a shown picture said to be hidden and the reverse.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 levels=$3 out=$4
mkdir -p "$out"
lesson=$levels/lessons/07-jps-open-field.json

# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# shot NAME STUDIO-ARGS... -- CHECKER-ARGS...
shot() { n=$1; shift; shot_on 1280x800 "$n" "$lesson" "$@"; }

shot start-48 --algorithm jps --zoom 48 --focus 12,8 -- --expect shown
shot steps-48 --algorithm jps --steps 6 --zoom 48 --focus 16,9 -- --expect shown
shot run-96 --algorithm jps --run --zoom 96 --focus 30,14 -- --expect shown
shot astar-96 --algorithm astar --steps 6 --zoom 96 --focus 16,9 -- --expect hidden
shot small-40 --algorithm jps --steps 6 --zoom 40 --focus 16,9 -- --expect hidden
shot off-96 --algorithm jps --steps 6 --zoom 96 --focus 16,9 --overlay jumps=off -- --expect hidden

# The checker can fail: each picture with the other expectation is refused.
refused_as "$lesson" steps-48:hidden off-96:shown
exit $status
