# Sourced by the test scripts that build and run in stages (tests/sanitizers.sh,
# tests/web/core_tests.sh): each stage timed, its output kept in a log and shown on failure.
#
#   stage_prefix=sanitizers
#   . "$(dirname "$0")/stage.sh"
#   stage build "$out/build.log" cmake --build "$out"   # "sanitizers: build     12.3 s"
#   stage run - ./tests                                   # output shown as it comes

now() { echo "${EPOCHREALTIME/./}"; }  # microseconds
seconds_since() { local d=$(($(now) - $1)); printf '%d.%d' $((d / 1000000)) $((d / 100000 % 10)); }
# stage NAME LOG COMMAND...: runs COMMAND (its output into LOG, or shown when LOG is -), then
# prints how long it took; on failure, the end of LOG.
stage() {
  local name=$1 log=$2 t0 rc=0
  shift 2
  t0=$(now)
  if [ "$log" = - ]; then "$@" || rc=$?; else "$@" >"$log" 2>&1 || rc=$?; fi
  printf '%s: %-9s %6s s%s\n' "$stage_prefix" "$name" "$(seconds_since "$t0")" \
    "$([ $rc -eq 0 ] || echo "  FAILED (exit $rc)")"
  if [ $rc -ne 0 ] && [ "$log" != - ]; then tail -n 60 "$log"; fi
  return $rc
}
