#!/usr/bin/env bash
# The `sanitizers_*` test: builds core and the doctest suite with AddressSanitizer and
# UndefinedBehaviorSanitizer (-O1, in their own folder inside the main build folder) and runs
# the core suite there. Any report fails the test: -fno-sanitize-recover=all makes UBSan
# reports fatal, and ASan's always are (leaks included).
#
# usage: tests/sanitizers.sh SOURCE_DIR BUILD_DIR CXX_COMPILER C_COMPILER [DOCTEST ARGS...]
set -euo pipefail
src=$1 out=$2 cxx=$3 cc=$4
shift 4

now() { echo "${EPOCHREALTIME/./}"; }  # microseconds
seconds_since() { local d=$(($(now) - $1)); printf '%d.%d' $((d / 1000000)) $((d / 100000 % 10)); }
# stage NAME LOG COMMAND...: runs COMMAND (its output into LOG, or shown when LOG is -), then
# prints how long it took; on failure, the end of LOG.
stage() {
  local name=$1 log=$2 t0 rc=0
  shift 2
  t0=$(now)
  if [ "$log" = - ]; then "$@" || rc=$?; else "$@" >"$log" 2>&1 || rc=$?; fi
  printf 'sanitizers: %-9s %6s s%s\n' "$name" "$(seconds_since "$t0")" \
    "$([ $rc -eq 0 ] || echo "  FAILED (exit $rc)")"
  if [ $rc -ne 0 ] && [ "$log" != - ]; then tail -n 60 "$log"; fi
  return $rc
}

t_all=$(now)
mkdir -p "$out"
stage configure "$out/configure.log" cmake -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" -DCMAKE_C_FLAGS_RELEASE="-O1 -g1" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" \
  -DASTAR_SANITIZE=ON -DASTAR_BUILD_APP=OFF -DASTAR_BUILD_TESTS=ON
stage build "$out/build.log" cmake --build "$out" --target astar_tests -j2

export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
stage run - "$out/tests/astar_tests" --no-version "$@"
printf 'sanitizers: %-9s %6s s\n' total "$(seconds_since "$t_all")"
