#!/bin/sh
# shellcheck disable=SC2086,SC2015,SC2317  # "X Y" pairs split on purpose; "a && b || die"; trap
# e2e_drop.sh STUDIO CHECKER XDND_DROP WELCOME_LEVEL OUTDIR
# Files dropped on the studio's window by the XDND protocol (XDND_DROP plays the file manager)
# under its own Xvfb, with a fresh XDG_CONFIG_HOME (test_env.sh):
#   1. maze.json dropped: it opens (title), and goes into the recent files (settings.json);
#   2. with unsaved changes, level.json dropped: the unsaved-changes guard asks (three buttons in
#      an F12 screenshot); Discard opens level.json;
#   3. notes.docx dropped: an error naming notes.docx (status line), the level stays; notes.txt
#      dropped is taken for a multi-agent plan: the level has no units, said naming the file;
#   4. maze.json and level.json dropped together: the first opens, and the status line says so;
#   5. room.map (MovingAI) dropped: it opens as a new untitled level, and the status line says so;
#   6. dots.png dropped: the Import dialog opens on it (its three buttons in an F12 screenshot).
# Exit 77 (ctest: skipped) when Xvfb or xdotool is missing. Every wait is bounded.
set -u
studio=$1 checker=$2 dropper=$3 welcome=$4 out=$5
case $dropper in /*) ;; *) dropper=$PWD/$dropper ;; esac
case $welcome in /*) ;; *) welcome=$PWD/$welcome ;; esac
# shellcheck source=e2e_lib.sh
. "$(dirname "$0")/e2e_lib.sh"

cp "$welcome" maze.json
cp "$welcome" level.json
echo "not a level" >notes.docx
echo "not a plan" >notes.txt
size=1024x640
start_xvfb

title() { xdo getwindowname "$win"; }
titled() { [ "$(title)" = "A* Studio — $1" ]; }
dirty() { case "$(title)" in *' *') return 0 ;; *) return 1 ;; esac; }
shots=0
# status_line: s = the status line, from a fresh F12 sidecar (F12 names it astar-studio-N.png).
status_line() {
  shots=$((shots + 1))
  shot $shots
  s=$(sed -n 's/^ *"status": "\(.*\)",$/\1/p' "astar-studio-$shots.png.json")
}
# drop FILE...: the drop, done (the studio answered XdndFinished) and a frame after it drawn.
drop() { "$dropper" "$win" $((win_x + 512)) $((win_y + 320)) "$@" || die "the drop of $* failed"; drawn; }

start_studio level.json --size $size
shots=1
shot 1
titled level.json || die "unexpected title '$(title)'"

# [SECTION] 1. A level
drop "$out/maze.json"
wait_for 5 titled maze.json || die "the dropped maze.json did not open: title '$(title)'"
grep -q "\"$out/maze.json\"" "$XDG_CONFIG_HOME/astar-studio/settings.json" ||
  die "maze.json is not in the recent files: $(cat "$XDG_CONFIG_HOME/astar-studio/settings.json")"
ok "maze.json dropped: opened, and in the recent files"

# [SECTION] 2. The guard
p=$("$checker" cell astar-studio-1.png.json 3 3) || die "no pixel for cell (3, 3)"
click $p
wait_for 5 dirty || die "the click did not mark the level dirty: '$(title)'"
drop "$out/level.json"
shots=$((shots + 1))
discard=$(retake $shots "$checker" guard-button "astar-studio-$shots.png") || die "no guard after the drop"
titled "maze.json *" || die "a drop over unsaved changes did not ask first: title '$(title)'"
click $discard
wait_for 5 titled level.json || die "Discard in the guard did not open level.json: '$(title)'"
ok "a drop over unsaved changes asks first; Discard opens the dropped file"

# [SECTION] 3. Not a level
drop "$out/notes.docx"
status_line
case $s in
  "Cannot open notes.docx: '.docx' is not a level file"*) ;;
  *) die "the status line after dropping notes.docx: '$s'" ;;
esac
titled level.json || die "the title changed after a refused drop: '$(title)'"
keys Escape
ok "notes.docx refused: $s"
# A .txt is a plan: on a level without units it is refused, naming the file; the level stays.
drop "$out/notes.txt"
status_line
case $s in
  "Plan not opened: "*"notes.txt: the level has no units"*) ;;
  *) die "the status line after dropping notes.txt: '$s'" ;;
esac
titled level.json || die "the title changed after a refused plan: '$(title)'"
keys Escape
ok "notes.txt taken for a plan and refused: $s"

# [SECTION] 4. Two files
drop "$out/maze.json" "$out/level.json"
wait_for 5 titled maze.json || die "two dropped files did not open the first: '$(title)'"
status_line
[ "$s" = "2 files dropped: opening the first, maze.json (one level at a time)" ] ||
  die "the status line after two files: '$s'"
ok "two files: the first opens: $s"

# [SECTION] 5. A MovingAI map
printf 'type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n' >room.map
drop "$out/room.map"
wait_for 5 titled untitled || die "a dropped .map did not open as untitled: '$(title)'"
status_line
[ "$s" = "Opened the MovingAI map $out/room.map as a new untitled level" ] ||
  die "the status line after a .map: '$s'"
ok "room.map opens untitled: $s"

# [SECTION] 6. An image: the Import dialog
python3 -c '
import struct, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
raw = b"".join(b"\x00" + bytes([0, 255, 255, 0]) for _ in range(3))
open("dots.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 3, 8, 0, 0, 0, 0)) +
                             chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))' || die "cannot write dots.png"
drop "$out/dots.png"
shots=$((shots + 1))
retake $shots "$checker" buttons "astar-studio-$shots.png" 3 2 >/dev/null ||
  die "no Import dialog (Open as new / Replace / Cancel) after dropping dots.png"
keys Escape
ok "dots.png opens the Import dialog"

quit_by ctrl+q || die "the studio still runs after Ctrl+Q"
studio_pid=''
exit 0
