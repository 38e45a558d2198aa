#!/bin/sh
# data_dirs_test.sh STUDIO LEVELS VERSION OUTDIR
# Where the studio finds its levels (app/studio/data_dirs.hpp), through its own options, with no
# display (both print before any window):
#   - --version prints "astar-studio VERSION" (the project's);
#   - from the build tree, --list-lessons lists every lesson in LEVELS/lessons, with its title;
#   - a copy of the binary in an installed layout (ROOT/bin, ROOT/share/astar-studio/levels)
#     lists that layout's lessons, not the source tree's: the folder beside the executable wins;
#   - a copy of the binary with no levels folder beside it does not fall back on the source
#     tree (only the binary in its build folder does): --list-lessons exits 1 naming where it
#     looked, and the source tree is not among those places;
#   - $ASTAR_LEVEL_DIR overrides both; naming a folder without lessons, --list-lessons exits 1
#     with a message naming that folder.
set -u
studio=$1 levels=$2 version=$3 out=$4
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
rm -rf "$out" && mkdir -p "$out" || exit 1

got=$("$studio" --version) || fail "--version exited $?"
[ "$got" = "astar-studio $version" ] || fail "--version printed '$got', not 'astar-studio $version'"

list=$("$studio" --list-lessons) || fail "--list-lessons exited $?"
want=$(ls "$levels"/lessons/*.json | wc -l)
have=$(printf '%s\n' "$list" | grep -c .)
[ "$have" -eq "$want" ] || fail "--list-lessons listed $have lessons, $levels/lessons has $want"
printf '%s\n' "$list" | awk -F '\t' 'NF != 2 || $2 == "" {bad = 1} END {exit bad}' ||
  fail "a line of --list-lessons is not 'file<TAB>title': $list"
[ "$failures" -eq 0 ] && echo "ok: --version; --list-lessons lists the $want lessons of the build tree"

# An installed layout holding one lesson, renamed so that it cannot be the source tree's.
root=$out/root
mkdir -p "$root/bin" "$root/share/astar-studio/levels/lessons" || exit 1
cp "$studio" "$root/bin/astar-studio" || exit 1
first=$(ls "$levels"/lessons/*.json | head -n 1)
cp "$first" "$root/share/astar-studio/levels/lessons/only-lesson.json" || exit 1
list=$(env -u ASTAR_LEVEL_DIR "$root/bin/astar-studio" --list-lessons) || fail "installed --list-lessons exited $?"
case $list in
  "$root/share/astar-studio/levels/lessons/only-lesson.json	"*)
    [ "$(printf '%s\n' "$list" | grep -c .)" -eq 1 ] && echo "ok: an installed layout's lessons come first" ||
      fail "the installed layout listed more than its one lesson: $list" ;;
  *) fail "the installed layout listed '$list', not its own lesson" ;;
esac

# A copy with nothing beside it: the source tree is the fallback of the build folder's binary only.
mkdir -p "$out/moved/bin" && cp "$studio" "$out/moved/bin/astar-studio" || exit 1
env -u ASTAR_LEVEL_DIR "$out/moved/bin/astar-studio" --list-lessons >"$out/moved.out" 2>"$out/moved.err"
code=$?
if [ "$code" -ne 1 ]; then
  fail "a moved copy's --list-lessons exited $code, not 1: $(cat "$out/moved.out")"
elif ! grep -q "looked in $out/moved/share/astar-studio/levels" "$out/moved.err"; then
  fail "a moved copy does not name the folder beside it: $(cat "$out/moved.err")"
elif grep -qF "$levels" "$out/moved.err"; then
  fail "a moved copy looked in the source tree: $(cat "$out/moved.err")"
else
  echo "ok: a moved copy looks beside itself only: $(head -n 1 "$out/moved.err")"
fi

# The override, naming a folder with no lessons: exit 1 and the folder in the message.
ASTAR_LEVEL_DIR=$out/nowhere "$studio" --list-lessons >"$out/none.out" 2>"$out/none.err"
code=$?
[ "$code" -eq 1 ] || fail "--list-lessons with no lessons exited $code, not 1"
grep -q "looked in $out/nowhere" "$out/none.err" ||
  fail "the message does not name the folder looked in: $(cat "$out/none.err")"
[ -s "$out/none.out" ] && fail "with no lessons, stdout was not empty: $(cat "$out/none.out")"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: \$ASTAR_LEVEL_DIR without lessons: exit 1, naming the folder"
