#!/usr/bin/env bash
# The `sanitizers_*` tests: build with AddressSanitizer and UndefinedBehaviorSanitizer (-O1, in
# their own folder inside the main build folder), then either run the core suite there, or
# (--studio) run the studio under Xvfb to a screenshot, with the Compare window's panes open, then
# on a trace (replayed, checked, a finding picked, a Compare pane), on a trace followed live, and
# on every lesson with --run, letting it exit each time; or (--studio-e2e) run the studio's e2e
# tests by real input (tests/studio/e2e_*.sh: four, or those $E2E_TESTS names) against this
# studio. Any report fails the test:
# -fno-sanitize-recover=all makes UBSan reports fatal, and ASan's always are (leaks included; the
# only leaks suppressed are those inside the X server's and the GL driver's libraries,
# tests/studio/lsan.supp).
#
# usage: tests/sanitizers.sh SOURCE_DIR BUILD_DIR CXX_COMPILER C_COMPILER [DOCTEST ARGS...]
#        tests/sanitizers.sh SOURCE_DIR BUILD_DIR CXX_COMPILER C_COMPILER --studio|--studio-e2e
# Both configure the folder the same way, so the second builds only what the first did not.
set -euo pipefail
src=$1 out=$2 cxx=$3 cc=$4
shift 4

stage_prefix=sanitizers
xvfb_run=$src/tests/xvfb_run.sh  # an Xvfb of its own per run (no display-number race)
# shellcheck source=stage.sh
. "$(dirname "$0")/stage.sh"  # stage NAME LOG COMMAND...: timed, its log shown on failure
# shellcheck source=asan_configure.sh
. "$(dirname "$0")/asan_configure.sh"  # the configuration shared with tests/fuzz/run.sh

# The studio's run needs the app targets; the core suite's does not (a CLI-only machine has no
# GL to configure them with). Switching between the two keeps every object: same flags.
app=OFF mode=core
if [ "${1:-}" = --studio ] || [ "${1:-}" = --studio-e2e ]; then
  app=ON mode=${1#--}
  command -v Xvfb >/dev/null 2>&1 || { echo "SKIP: Xvfb is not installed"; exit 77; }
fi

# With clang (the CMake passes Debian's clang-14 when it is there), core's readers are also
# built for libFuzzer (-DASTAR_FUZZ=ON: coverage, core/CMakeLists.txt says where), and the fuzz
# test builds its targets in this folder after these tests: one sanitizer build of core for
# both. clang builds it in about 60% of gcc's time (six files timed with -O1 -g1 and both
# sanitizers, 2026-11-28).
fuzz=OFF
"$cxx" --version 2>/dev/null | grep -q clang && fuzz=ON

t_all=$(now)
mkdir -p "$out"
stage configure "$out/configure.log" asan_configure "$src" "$out" "$cxx" "$cc" "$fuzz" "$app"
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
if [ "$mode" != core ]; then
  stage build "$out/build-studio.log" cmake --build "$out" --target astar-studio -j2
  export LSAN_OPTIONS="suppressions=$src/tests/studio/lsan.supp:print_suppressions=0"
  # Mesa unloads its driver (llvmpipe) before the leak check at exit, and what it left behind
  # then has no module to name, so no suppression can match it. Preloaded, the driver stays
  # loaded and its leaks are named (and suppressed); ASan is then not first in the list of
  # libraries, which is fine here (verify_asan_link_order=0). Leaks of ours still fail.
  for driver in /usr/lib/*/dri/swrast_dri.so; do
    [ -e "$driver" ] && export LD_PRELOAD=$driver ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0"
  done
fi
if [ "$mode" = studio ]; then
  shot=$out/asan-screenshot.png
  rm -f "$shot"
  stage run - "$xvfb_run" -s "-screen 0 1280x800x24" "$out/app/astar-studio" "$src/levels/welcome.json" \
    --steps 30 --compare astar,dijkstra --screenshot "$shot"
  [ -s "$shot" ] || { echo "sanitizers: no screenshot written"; exit 1; }
  # Another program's trace: read, checked, replayed to its end, a finding picked, and a pane of
  # its own in Compare beside A*; then lesson 13's trace followed as JSON Lines.
  data=$src/tests/studio/data
  rm -f "$shot"
  stage trace - "$xvfb_run" -s "-screen 0 1280x800x24" "$out/app/astar-studio" "$data/corner_cut_level.json" \
    --trace "$data/corner_cut_trace.json" --compare trace,astar --run --finding 1 --screenshot "$shot"
  [ -s "$shot" ] || { echo "sanitizers: no screenshot of the trace written"; exit 1; }
  rm -f "$shot"
  stage follow - "$xvfb_run" -s "-screen 0 1280x800x24" "$out/app/astar-studio" \
    "$src/levels/lessons/13-find-the-bug.json" --trace "$src/levels/lessons/13-find-the-bug.trace.jsonl" \
    --follow --frames 20 --screenshot "$shot"
  [ -s "$shot" ] || { echo "sanitizers: no screenshot of the followed trace written"; exit 1; }
  # Every lesson with --run: its search, or its robot's walk, to the end, then a screenshot.
  stage lessons - "$xvfb_run" -s "-screen 0 1280x800x24" "$src/tests/studio/run_lessons.sh" \
    "$out/app/astar-studio" "$out/lessons" "$src"/levels/lessons/*.json
elif [ "$mode" = studio-e2e ]; then
  # The e2e tests, as ctest runs them (their arguments from tests/studio/CMakeLists.txt), here:
  # against this studio, with the command line and the checkers they use built here too. Two at a
  # time (each studio keeps a core busy drawing). Mesa's driver is preloaded into the studio alone
  # (e2e_lib.sh, $STUDIO_LD_PRELOAD). By default the four that reach the most of the studio within
  # CI's time: the debugger (steps both ways, micro-steps, a breakpoint, the quiz, Ctrl+T), every
  # tool and layer (copy, paste, undo), LPA*'s repairs and D* Lite's walk, and a trace replayed,
  # reopened and edited under; E2E_TESTS='^studio_e2e_' runs all twelve.
  e2e_tests=${E2E_TESTS:-'^studio_e2e_(debugger|tools|repair|trace)$'}
  # Neither the command line the tests compare with (astar trace, astar walk) nor the checkers
  # and helpers need be sanitized: the main build's, the folder above, when it has them
  # (e2e_lib.sh: $ASTAR_CLI; asan_configure.sh: asan_studio_tools); else built here.
  e2e_targets=
  if [ -z "$(asan_studio_tools "$out")" ]; then
    e2e_targets="studio_e2e_check studio_screenshot_check studio_layers_check studio_findings_check"
    e2e_targets="$e2e_targets studio_xdnd_drop studio_frames"
  fi
  if [ -x "$(dirname "$out")/app/astar" ]; then
    export ASTAR_CLI
    ASTAR_CLI=$(dirname "$out")/app/astar
  else
    e2e_targets="astar $e2e_targets"
  fi
  # shellcheck disable=SC2086  # the targets split on purpose
  if [ -n "$e2e_targets" ]; then
    stage e2e-build "$out/build-e2e.log" cmake --build "$out" -j2 --target $e2e_targets
  fi
  export STUDIO_LD_PRELOAD=${LD_PRELOAD:-}
  unset LD_PRELOAD
  stage e2e - ctest --test-dir "$out" -R "$e2e_tests" -j2 --output-on-failure
else
  stage build "$out/build.log" cmake --build "$out" --target astar_tests -j2
  stage run - "$out/tests/astar_tests" --no-version "$@"
fi
printf 'sanitizers: %-9s %6s s\n' total "$(seconds_since "$t_all")"
