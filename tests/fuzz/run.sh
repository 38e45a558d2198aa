#!/usr/bin/env bash
# The `fuzz` test: builds the libFuzzer targets with clang (ASan + UBSan, -O1) in BUILD_DIR (for
# ctest the sanitizers' folder, build/asan, whose objects of core it reuses), then runs each for
# SECONDS over its seed corpus and the inputs once found (tests/fuzz/corpus/TARGET and
# tests/fuzz/regressions/TARGET, only read: new inputs go to BUILD_DIR/corpus, never into the
# sources).
# Any crash, sanitizer report, leak, timeout (10 s per input) or out-of-memory fails the test;
# the input that did it is left in BUILD_DIR/crashes/ (keep it in tests/fuzz/regressions/).
#
# usage: tests/fuzz/run.sh SOURCE_DIR BUILD_DIR CLANGXX CLANG SECONDS [TARGET...]
# A longer run of one target: tests/fuzz/run.sh . build/fuzz clang++ clang 3600 fuzz_level
# Exits 77 (skipped) when clang++ is missing, except when CI=true, where that fails.
set -euo pipefail
src=$1 out=$2 cxx=$3 cc=$4 seconds=$5
shift 5
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_level fuzz_movingai_map fuzz_movingai_scen fuzz_tiled fuzz_trace fuzz_plan_formats
  fuzz_exercise_result)

skip() {
  echo "fuzz: $1"
  if [ "${CI:-}" = true ]; then echo "fuzz: CI=true, so this fails"; exit 1; fi
  exit 77
}
command -v "$cxx" >/dev/null 2>&1 || skip "no clang++ ('$cxx'); scripts/setup.sh installs clang-14"

stage_prefix=fuzz
# shellcheck source=../stage.sh
. "$src/tests/stage.sh"  # stage NAME LOG COMMAND...: timed, its log shown on failure; now, seconds_since
t_all=$(now)

mkdir -p "$out"
# The configuration of tests/sanitizers.sh with clang, so that in its folder (the ctest entry
# points both at build/asan) core's objects are reused: only the targets are compiled here.
# shellcheck source=../asan_configure.sh
. "$src/tests/asan_configure.sh"
stage configure "$out/configure.log" asan_configure "$src" "$out" "$cxx" "$cc" ON OFF || exit 1
grep -q '^ASTAR_HAVE_LIBFUZZER:INTERNAL=1' "$out/CMakeCache.txt" ||
  skip "$cxx cannot build with -fsanitize=fuzzer (libclang-rt-14-dev missing?); see $out/configure.log"
stage build "$out/build.log" cmake --build "$out" --target "${targets[@]}" -j2 || exit 1

export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# fuzz_one TARGET: runs one target for SECONDS; its line (and on failure its log) goes to
# $out/TARGET.report, its status is the exit code.
fuzz_one() {
  local t=$1 t0 rc=0 runs dict=()
  mkdir -p "$out/corpus/$t" "$out/crashes/$t"
  [ -f "$src/tests/fuzz/$t.dict" ] && dict=(-dict="$src/tests/fuzz/$t.dict")
  t0=$(now)
  "$out/tests/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$out/crashes/$t/" "$out/corpus/$t" "$src/tests/fuzz/corpus/$t" \
    "$src/tests/fuzz/regressions/$t" \
    >"$out/$t.log" 2>&1 || rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$t.log" | grep -o '[0-9]*$' || true)
  if [ $rc -ne 0 ]; then
    {
      printf 'fuzz: %-20s %6s s  FAILED (exit %d), the log:\n' "$t" "$(seconds_since "$t0")" $rc
      tail -n 80 "$out/$t.log"
      ls -l "$out/crashes/$t/"
    } >"$out/$t.report"
  else
    printf 'fuzz: %-20s %6s s  %s inputs, corpus %s files, no crash\n' "$t" \
      "$(seconds_since "$t0")" "${runs:-?}" "$(ls "$out/corpus/$t" | wc -l)" >"$out/$t.report"
  fi
  return $rc
}

# Two targets at a time, one per core; each still runs for SECONDS.
failed=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  pair=("${targets[@]:i:2}")
  pids=()
  for t in "${pair[@]}"; do
    fuzz_one "$t" &
    pids+=($!)
  done
  for k in "${!pair[@]}"; do
    wait "${pids[$k]}" || failed=1
    cat "$out/${pair[$k]}.report"
  done
done
printf 'fuzz: %-20s %6s s\n' total "$(seconds_since "$t_all")"
exit $failed
