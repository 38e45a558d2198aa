#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_recovery.sh STUDIO CHECKER OUTDIR
# Autosave and recovery after kill -9, and where the studio keeps its files, by real X input
# (xdotool) under its own Xvfb, with XDG_CONFIG_HOME a fresh folder (test_env.sh):
#   1. --autosave-seconds 1: a stroke (4,2)..(4,5) marks the level dirty; within a few seconds
#      config/astar-studio/recovery/ holds a recovery level with exactly that stroke and an info
#      file naming level.json, while level.json itself is untouched;
#   2. kill -9 the studio: the recovery files stay;
#   3. a new studio offers them in a modal (two buttons, found in an F12 screenshot: Restore and
#      Discard); a click on Restore gives a dirty level (title " *"), Ctrl+S writes level.json
#      with the stroke, and the recovery files of both sessions go;
#   4. Ctrl+Q quits (status 0) and leaves no recovery file and no lock; settings.json (with
#      level.json in the recent files) and imgui.ini are in the config folder, none in the
#      working folder;
#   5. a second dead session discarded: the next start offers nothing;
#   6. settings.json's palette applies at start unless --palette is given; a corrupt
#      settings.json gives the defaults and a message, and is kept as settings.json.bad;
#   7. without XDG_CONFIG_HOME, HOME/.config/astar-studio is used; with a config folder that
#      cannot be made, the studio runs and its status line says settings are off;
#   8. an internal error (a frame throws: $ASTAR_TEST_THROW_FILE) with autosave off: the studio
#      exits with status 70 and a message, the unsaved stroke is in a recovery level, and the
#      next start offers it.
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 out=$3
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"
config=$XDG_CONFIG_HOME/astar-studio
recovery=$config/recovery

write_blank_level level.json
cp level.json original.json
stroke="4,2 4,3 4,4 4,5"

start_xvfb
size=1024x640
map_screenshot $size
[ -e "$config" ] && die "--screenshot touched the config folder: $(ls -R "$config")"
p42=$("$checker" cell map.png.json 4 2) || die "no pixel for cell (4, 2)"
p45=$("$checker" cell map.png.json 4 5) || die "no pixel for cell (4, 5)"

title() { xdo getwindowname "$win"; }
dirty() { case "$(title)" in *' *') return 0 ;; *) return 1 ;; esac; }
clean() { case "$(title)" in *' *') return 1 ;; *) return 0 ;; esac; }
# The recovery levels (not the info files) in the recovery folder, one per line.
levels() { ls "$recovery" 2>/dev/null | grep '\.json$' | grep -v '\.info\.json$'; }
one_level() { [ "$(levels | wc -l)" -eq 1 ]; }
# The studio process itself (start_studio's pid is `timeout`'s).
real_pid() { ps -o pid= --ppid "$studio_pid" | tr -d ' ' | head -n 1; }
# A click on cell (4, 2) with the wall brush: the level becomes dirty.
paint_one_cell() {
  click $p42
  wait_for 5 dirty || die "the click did not mark the level dirty"
}
ready() {
  rm -f astar-studio-1.png astar-studio-1.png.json
  shot 1
}
no_levels() { [ -z "$(levels)" ]; }

# [SECTION] 1. Autosave of an unsaved stroke
start_studio level.json --size $size --autosave-seconds 1
ready
clean || die "the freshly opened level is marked dirty: '$(title)'"
[ -z "$(levels)" ] || die "a recovery level exists before any edit: $(levels)"
drag $p42 $p45
wait_for 5 dirty || die "the stroke did not mark the level dirty: title '$(title)'"
wait_for 6 one_level || die "no recovery level 6 s after the stroke: $(ls -la "$recovery" 2>&1)"
rec=$recovery/$(levels)
info=${rec%.json}.info.json
# An autosave may land mid-stroke; the next one (a second later) has the whole stroke.
wait_for 4 "$checker" level "$rec" 12x8 1,1 10,6 $stroke >/dev/null 2>&1 ||
  { "$checker" level "$rec" 12x8 1,1 10,6 $stroke; die "the recovery level is not the painted level"; }
wait_for 2 test -s "$info" || die "no info file beside the recovery level"
grep -q "\"original_path\": \"$out/level.json\"" "$info" ||
  die "the info file does not name $out/level.json: $(cat "$info")"
cmp -s level.json original.json || die "autosave changed the user's level.json"
ok "autosaved to $(basename "$rec") with its info; level.json untouched"

# [SECTION] 2. kill -9
pid=$(real_pid)
[ -n "$pid" ] || die "cannot find the studio's process under $studio_pid"
kill -9 "$pid"
wait "$studio_pid" 2>/dev/null
studio_pid=''
[ -s "$rec" ] && [ -s "$info" ] || die "the recovery files went with the killed studio"
cmp -s level.json original.json || die "level.json changed"
ok "killed $pid with -9; the recovery files stay"

# [SECTION] 3. The next start offers the level; Restore, then Ctrl+S
start_studio level.json --size $size --autosave-seconds 1
ready
cp astar-studio-1.png offer.png
restore=$("$checker" buttons offer.png 2 1) || die "no Restore / Discard buttons in offer.png"
ok "the recovery offer is on screen (offer.png), Restore at window pixel ($restore)"
clean || die "the level is dirty before Restore"
click $restore
wait_for 5 dirty || die "Restore did not give an unsaved level: title '$(title)'"
ok "Restore: title '$(title)'"
keys ctrl+s
wait_for 10 sh -c '! cmp -s level.json original.json' || die "Ctrl+S did not write level.json"
"$checker" level level.json 12x8 1,1 10,6 $stroke || die "level.json after Restore + Ctrl+S is wrong"
wait_for 5 clean || die "still dirty after Ctrl+S: '$(title)'"
wait_for 5 sh -c "[ -z \"\$(ls '$recovery' | grep json)\" ]" ||
  die "recovery files left after the save: $(ls "$recovery")"
ok "Ctrl+S saved the restored stroke to level.json; no recovery files left"

# [SECTION] 4. A clean quit, and where the files are
quit_by ctrl+q || die "the studio still runs 10 s after Ctrl+Q"
wait "$studio_pid"
code=$?
studio_pid=''
[ "$code" -eq 0 ] || die "the studio exited with status $code"
[ -z "$(ls -A "$recovery")" ] || die "files left in recovery/ after a clean quit: $(ls "$recovery")"
[ -s "$config/imgui.ini" ] || die "no imgui.ini in $config"
[ -s "$config/settings.json" ] || die "no settings.json in $config"
grep -q "\"$out/level.json\"" "$config/settings.json" ||
  die "level.json is not in the recent files: $(cat "$config/settings.json")"
for f in imgui.ini settings.json; do
  [ -e "$f" ] && die "$f was written in the working folder"
done
ok "clean quit: recovery/ empty; imgui.ini and settings.json in $config, not in $out"

# [SECTION] 5. Discard
cp original.json level.json
start_studio level.json --size $size --autosave-seconds 1
ready
paint_one_cell
wait_for 6 one_level || die "no recovery level after the click"
rec=$recovery/$(levels)
wait_for 2 test -s "${rec%.json}.info.json" || die "no info file beside the recovery level"
pid=$(real_pid)
[ -n "$pid" ] || die "cannot find the studio's process under $studio_pid"
kill -9 "$pid"
wait "$studio_pid" 2>/dev/null
studio_pid=''
start_studio level.json --size $size
ready
discard=$("$checker" buttons astar-studio-1.png 2 2) || die "no recovery offer after the second kill"
click $discard
clean || die "Discard left the level dirty"
wait_for 5 no_levels || die "Discard left the recovery level: $(levels)"
cmp -s level.json original.json || die "Discard changed level.json"
quit_by ctrl+q || die "no quit after Discard"
studio_pid=''
start_studio level.json --size $size
ready
if "$checker" buttons astar-studio-1.png 2 1 >/dev/null 2>&1; then
  die "a discarded level is offered again (astar-studio-1.png)"
fi
quit_by ctrl+q || die "no quit"
studio_pid=''
ok "Discard deletes the recovery files; the next start offers nothing"

# [SECTION] 6. The look from settings.json (unless the command line says), a corrupt settings.json
quit() {
  quit_by ctrl+q || die "the studio still runs after Ctrl+Q ($1)"
  studio_pid=''
}
printf '{"version": 1, "recent": [], "palette": "high-contrast", "patterns": false}\n' \
  >"$config/settings.json"
start_studio level.json --size $size
ready
grep -q '"palette": "high-contrast"' astar-studio-1.png.json && grep -q '"patterns": false' astar-studio-1.png.json ||
  die "the palette in settings.json was not applied: $(grep -E 'palette|patterns' astar-studio-1.png.json)"
quit "settings palette"
start_studio level.json --size $size --palette colour-blind
ready
grep -q '"palette": "colour-blind"' astar-studio-1.png.json && grep -q '"patterns": true' astar-studio-1.png.json ||
  die "--palette did not override settings.json: $(grep -E 'palette|patterns' astar-studio-1.png.json)"
quit "--palette"
ok "settings.json's palette applies at start; --palette overrides it"
echo '{"recent": ["/a.json",' >"$config/settings.json"
start_studio level.json --size $size
ready
grep -q 'settings.json: not valid JSON; using the default settings, the file is kept as' astar-studio-1.png.json ||
  die "no message about the corrupt settings.json: $(grep status astar-studio-1.png.json)"
grep -q '"palette": "default"' astar-studio-1.png.json || die "a corrupt settings.json did not give the defaults"
quit "corrupt settings"
[ "$(cat "$config/settings.json.bad")" = '{"recent": ["/a.json",' ] || die "the corrupt settings.json was not kept"
grep -q "\"$out/level.json\"" "$config/settings.json" || die "no new settings.json after the corrupt one"
ok "a corrupt settings.json: the defaults, a message, and the file kept as settings.json.bad"

# [SECTION] 7. HOME/.config without XDG_CONFIG_HOME; a config folder that cannot be made
mkdir -p home
unset XDG_CONFIG_HOME
HOME=$out/home
export HOME
start_studio level.json --size $size
ready
quit "HOME"
[ -s home/.config/astar-studio/settings.json ] || die "no settings.json in \$HOME/.config/astar-studio"
[ -s home/.config/astar-studio/imgui.ini ] || die "no imgui.ini in \$HOME/.config/astar-studio"
ok "without XDG_CONFIG_HOME: \$HOME/.config/astar-studio"

echo x >not-a-folder
XDG_CONFIG_HOME=$out/not-a-folder
export XDG_CONFIG_HOME
start_studio level.json --size $size
ready
grep -q 'Settings, recent files and autosave are off: cannot create' astar-studio-1.png.json ||
  die "the status line does not say settings are off: $(grep status astar-studio-1.png.json)"
quit "no config folder"
ok "an unusable config folder: the studio runs and says settings are off"

# [SECTION] 8. An internal error keeps the level for recovery
XDG_CONFIG_HOME=$out/config8
export XDG_CONFIG_HOME
recovery=$XDG_CONFIG_HOME/astar-studio/recovery
cp original.json level.json
rm -f throw-now
ASTAR_TEST_THROW_FILE=$out/throw-now
export ASTAR_TEST_THROW_FILE
start_studio level.json --size $size --autosave-seconds 0
ready
paint_one_cell
[ -z "$(levels)" ] || die "a recovery level with autosave off: $(levels)"
touch throw-now
wait_for 10 sh -c "! kill -0 $studio_pid 2>/dev/null" || die "the studio still runs after the internal error"
wait "$studio_pid"
code=$?
studio_pid=''
unset ASTAR_TEST_THROW_FILE
[ "$code" -eq 70 ] || die "the studio exited with status $code after an internal error, not 70"
grep -q "astar-studio: internal error: test: $out/throw-now exists" studio.log ||
  die "no internal error message: $(cat studio.log)"
grep -q "the level was kept; the next start offers to restore it" studio.log ||
  die "no word about the kept level: $(cat studio.log)"
one_level || die "no recovery level after the internal error: $(ls -la "$recovery" 2>&1)"
"$checker" level "$recovery/$(levels)" 12x8 1,1 10,6 4,2 || die "the kept level is not the painted one"
cmp -s level.json original.json || die "the internal error changed level.json"
start_studio level.json --size $size
ready
"$checker" buttons astar-studio-1.png 2 1 >/dev/null || die "no recovery offer after the internal error"
ok "an internal error: status 70, a message, the stroke kept and offered at the next start"
exit 0
