#!/bin/sh
# run_lessons.sh STUDIO OUTDIR LESSON...: each lesson opened with --run (its search, or its robot's
# walk, run to the end) and left at a screenshot (OUTDIR/NAME.png), two studios at a time; fails
# naming every lesson whose studio failed, with its output. Needs a display. tests/sanitizers.sh
# runs it with the studio built under ASan and UBSan, so any report fails the lesson.
set -u
studio=$1 out=$2
shift 2
mkdir -p "$out" || exit 1

# one LESSON: the studio exits with 0 and writes the screenshot.
one() {
  name=${1##*/}
  name=${name%.json}
  rm -f "$out/$name.png"
  "$studio" "$1" --run --screenshot "$out/$name.png" >"$out/$name.log" 2>&1 && [ -s "$out/$name.png" ] && return 0
  echo "run_lessons: $name failed (exit $?); its output:"
  cat "$out/$name.log"
  return 1
}

failed=''
while [ $# -gt 0 ]; do
  one "$1" &
  first=$! first_name=$1
  second='' second_name=''
  if [ $# -gt 1 ]; then
    one "$2" &
    second=$! second_name=$2
  fi
  wait "$first" || failed="$failed ${first_name##*/}"
  if [ -n "$second" ]; then
    wait "$second" || failed="$failed ${second_name##*/}"
    shift
  fi
  shift
done
if [ -n "$failed" ]; then
  echo "run_lessons: failed:$failed"
  exit 1
fi
echo "run_lessons: every lesson ran to its end and was drawn"
