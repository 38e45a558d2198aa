#!/bin/sh
# commands_test.sh STUDIO KEYS_DOC
# The studio's command table (app/studio/ui/commands.cpp), from `astar-studio --list-commands`:
#   - a header and one row per command, each id once, every command in a menu or with a key;
#   - no two commands share a shortcut (every key works in the same window, so any shared key
#     would run two commands);
#   - the menu labels the issue found wrong stay right: Step back is Left (B is the Brush), Fit
#     level is 0 (F is Fill), and no menu item shows a tool's key;
#   - the key table in KEYS_DOC (docs/studio.md, between the <!-- keys --> markers) is exactly
#     `astar-studio --list-keys`;
#   - --help lists --list-commands and --list-keys.
# Needs no display: both lists are printed before any window opens.
set -u
studio=$1 keys_doc=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

tsv=$("$studio" --list-commands) || fail "--list-commands exited $?"
[ "$(printf '%s\n' "$tsv" | head -n 1)" = "$(printf 'id\tlabel\tshortcut\tmenu')" ] ||
  fail "the header is not 'id label shortcut menu'"
rows=$(printf '%s\n' "$tsv" | tail -n +2)
count=$(printf '%s\n' "$rows" | wc -l)
[ "$count" -ge 40 ] || fail "only $count commands"
dups=$(printf '%s\n' "$rows" | cut -f1 | sort | uniq -d)
[ -z "$dups" ] || fail "ids listed twice: $dups"
homeless=$(printf '%s\n' "$rows" | awk -F '\t' '$3 == "" && $4 == "" {print $1}')
[ -z "$homeless" ] || fail "commands with neither a key nor a menu: $homeless"

# Each shortcut once, across the whole table ("N or Right" is two).
shared=$(printf '%s\n' "$rows" | awk -F '\t' '$3 != "" {
  n = split($3, keys, / or /); for (i = 1; i <= n; i++) print keys[i] "\t" $1 }' |
  sort | awk -F '\t' 'NR > 1 && $1 == last {print $1 ": " lastid " and " $2} {last = $1; lastid = $2}')
[ -z "$shared" ] || fail "shortcuts shared by two commands: $shared"
echo "ok: $count commands, no shared shortcut"

field() {  # field ID COLUMN
  printf '%s\n' "$rows" | awk -F '\t' -v id="$1" -v col="$2" '$1 == id {print $col}'
}
[ "$(field search.step_back 3)" = "Left" ] || fail "Step back's key is '$(field search.step_back 3)', not Left"
[ "$(field search.step_back 4)" = "Search/Step back" ] || fail "Step back is not in the Search menu"
[ "$(field view.fit 3)" = "0" ] || fail "Fit level's key is '$(field view.fit 3)', not 0"
[ "$(field tool.brush 3)" = "B" ] || fail "the Brush's key is '$(field tool.brush 3)', not B"
tool_keys=$(printf '%s\n' "$rows" | awk -F '\t' '$1 ~ /^tool\./ {print $3}')
in_menus=$(printf '%s\n' "$rows" | awk -F '\t' '$4 != "" && $1 !~ /^tool\./ {print $3}')
for k in $tool_keys; do
  printf '%s\n' "$in_menus" | grep -qx "$k" && fail "a menu item shows the tool key $k"
done
echo "ok: Step back is Left, Fit level is 0, no menu item shows a tool's key"

keys=$("$studio" --list-keys) || fail "--list-keys exited $?"
in_doc=$(awk '/^<!-- keys:/ {on = 1; next} /^<!-- \/keys -->/ {on = 0} on' "$keys_doc")
if [ -n "$in_doc" ] && [ "$keys" = "$in_doc" ]; then
  echo "ok: the key table in $(basename "$keys_doc") is the command table's"
else
  fail "the key table in $keys_doc differs from 'astar-studio --list-keys' (paste its output between the <!-- keys --> markers):"
  printf '%s\n' "$keys" >/tmp/commands_test_keys.$$
  printf '%s\n' "$in_doc" | diff /tmp/commands_test_keys.$$ - | head -20
  rm -f /tmp/commands_test_keys.$$
fi
for opt in --list-commands --list-keys; do
  "$studio" --help | grep -q -- "$opt" || fail "--help does not mention $opt"
done

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "commands: all checks passed"
