#!/usr/bin/env bash
# The `package_install` test: A* Studio as a teacher gets it, from a .deb.
#
#   1. makes the package of the main build's programs, the ones the other tests ran, with
#      `scripts/package.sh --from` (cpack -G DEB, binaries stripped; a clean clone in CI, so
#      only what git tracks went into it), and checks it with lintian (no errors allowed) and its
#      control fields (version, dependencies computed, fonts-dejavu-core);
#   2. extracts it into WORK/root (dpkg -x);
#   3. checks what is installed (programs, every level and lesson of levels/, desktop entry,
#      level file type, icons, man pages, README, copyright) and runs it from there:
#      astar on lesson 01 (the same answer the build's gave), astar-studio --list-lessons
#      (every installed lesson, from the installed folder), the desktop entry's command on
#      lesson 01 under Xvfb with --run --screenshot (the grid, walls, sets and path checked by
#      tests/studio/check_screenshot.cpp), the level file type (a level is one, other JSON is
#      not), and a studio copied where no levels folder is: it names the folders it tried, and
#      never falls back on the source tree it was built from.
# scripts/package.sh's own Release build with Debian's hardening flags is the same sources and
# install rules; building it here took 752 s of CI's time (2026-11-27), so it is left to a release.
#
# usage: tests/package/package_test.sh SOURCE_DIR WORK_DIR BUILD_DIR CHECKER CPACK
#   BUILD_DIR: the main build; CHECKER: its studio_screenshot_check. WORK_DIR is emptied first.
# Exits 77 (skipped) when a tool it needs is missing, except when CI=true, where that fails.
set -uo pipefail
src=$1 work=$2 build=$3 checker=$4 cpack=$5
xvfb_run=$src/tests/xvfb_run.sh  # an Xvfb of its own (no display-number race)

skip() {
  echo "package_install: $1"
  if [ "${CI:-}" = true ]; then echo "package_install: CI=true, so this fails"; exit 1; fi
  exit 77
}
for tool in dpkg-deb dpkg-shlibdeps file lintian help2man rsvg-convert Xvfb; do
  command -v "$tool" >/dev/null 2>&1 ||
    skip "no $tool; scripts/setup.sh installs it (help2man, librsvg2-bin, lintian, xvfb, dpkg-dev, file)"
done

# shellcheck source=../stage.sh
. "$(dirname "$0")/../stage.sh"  # now, seconds_since
step() { printf 'package_install: %-28s %6s s\n' "$1" "$(seconds_since "$t0")"; t0=$(now); }
status=0
fail() { echo "FAIL: $*"; status=1; }
ok() { echo "ok: $*"; }
t_all=$(now) t0=$(now)

rm -rf "$work"
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)
root=$work/root out=$work/out
mkdir -p "$out"
export XDG_CONFIG_HOME=$work/config  # the studio's settings: never the user's
unset ASTAR_LEVEL_DIR ASTAR_SHADER_DIR

# [SECTION] 1. Package (scripts/package.sh --from: cpack on the main build), lintian, fields
CPACK=$cpack "$src/scripts/package.sh" --from "$build" "$work/cpack" >"$out/package.log" 2>&1 ||
  { tail -n 60 "$out/package.log"; echo "FAIL: scripts/package.sh --from $build"; exit 1; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
deb=$(tail -n 1 "$out/package.log")
[ "$(basename "$deb")" = "astar-studio_${version}_amd64.deb" ] && [ -f "$deb" ] ||
  { tail -n 20 "$out/package.log"; echo "FAIL: no astar-studio_${version}_amd64.deb"; exit 1; }
cp "$deb" "$work/" && deb=$work/$(basename "$deb") && rm -rf "$work/cpack"
step "package.sh --from ($(($(stat -c %s "$deb") / 1024)) KiB)"
lesson_name=$(cd "$src/levels/lessons" && ls 01-*.json | head -n 1)
"$build/app/astar" run "$src/levels/lessons/$lesson_name" >"$out/run-built.txt" 2>&1
(cd "$src/levels" && find . -type f \( -name '*.json' -o -name '*.jsonl' \) | sort) >"$out/levels.txt"

# lintian: errors fail; everything it says is shown.
lintian --fail-on error --display-info --tag-display-limit 0 "$deb" >"$out/lintian.txt" 2>&1
lintian_rc=$?
sed -i '/^running with root privileges is not recommended!$/d' "$out/lintian.txt"  # CI runs as root
if [ $lintian_rc -ne 0 ]; then
  fail "lintian (exit $lintian_rc):"
elif [ -s "$out/lintian.txt" ]; then
  ok "lintian: no errors; it says:"
else
  ok "lintian: nothing to say"
fi
sed 's/^/  /' "$out/lintian.txt"
step lintian

field() { dpkg-deb -f "$deb" "$1"; }
status_before=$status
[ "$(field Package)" = astar-studio ] || fail "Package: '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version: '$(field Version)', the project says $version"
depends=$(field Depends)
depends_names=$(sed 's/ *([^)]*)//g; s/, */\n/g' <<<"$depends")  # one package name a line
for d in fonts-dejavu-core libc6 libstdc++6 libglfw3; do  # named, and computed by dpkg-shlibdeps
  grep -qxF "$d" <<<"$depends_names" || fail "Depends lacks $d: $depends"
done
[ $status -eq "$status_before" ] && ok "control: $(field Package) $(field Version) $(field Architecture), Depends: $depends"

# [SECTION] 2. Extract the package
dpkg -x "$deb" "$root" || { echo "FAIL: dpkg -x"; exit 1; }
step "dpkg -x"
# Stripped (CPACK_STRIP_FILES), although the build's programs carry debug information.
for program in astar astar-studio; do
  file -b "$root/usr/bin/$program" | grep -q ', stripped' ||
    fail "/usr/bin/$program is not stripped: $(file -b "$root/usr/bin/$program")"
done

# [SECTION] 3. What is installed
share=$root/usr/share
for f in usr/bin/astar usr/bin/astar-studio \
         usr/share/applications/astar-studio.desktop \
         usr/share/mime/packages/astar-studio-level.xml \
         usr/share/icons/hicolor/scalable/apps/astar-studio.svg \
         usr/share/icons/hicolor/{48x48,128x128,256x256}/apps/astar-studio.png \
         usr/share/man/man1/astar.1.gz usr/share/man/man1/astar-studio.1.gz \
         usr/share/doc/astar-studio/README.md usr/share/doc/astar-studio/copyright \
         usr/share/doc/astar-studio/changelog.gz; do
  [ -f "$root/$f" ] || fail "not installed: /$f"
done
# The README's links to docs/ resolve in the installed documentation.
doc=$share/doc/astar-studio
for link in $(grep -o '](docs/[^)#]*' "$doc/README.md" | cut -c3- | sort -u); do
  [ -f "$doc/$link" ] || fail "the installed README links to $link, which is not installed"
done
ok "the installed README's $(grep -o '](docs/[^)#]*' "$doc/README.md" | sort -u | wc -l) links to docs/ resolve"
(cd "$share/astar-studio/levels" && find . -type f | sort) >"$out/levels-installed.txt"
if cmp -s "$out/levels.txt" "$out/levels-installed.txt"; then
  ok "/usr/share/astar-studio/levels: the $(wc -l <"$out/levels.txt") level files of levels/, nothing else"
else
  fail "installed levels differ from levels/ (< source, > installed):"
  diff "$out/levels.txt" "$out/levels-installed.txt"
fi
for size in 48 128 256; do
  png=$share/icons/hicolor/${size}x${size}/apps/astar-studio.png
  file -b "$png" | grep -q "PNG image data, $size x $size" || fail "icon $size: $(file -b "$png")"
done
for page in astar astar-studio; do
  zgrep -q '^\.SH DESCRIPTION' "$share/man/man1/$page.1.gz" ||
    fail "man page of $page: no DESCRIPTION section"
done
desktop=$share/applications/astar-studio.desktop
grep -qx 'Exec=astar-studio %f' "$desktop" || fail "desktop entry: Exec is not 'astar-studio %f'"
grep -q '^MimeType=.*application/x-astar-studio-level;' "$desktop" ||
  fail "desktop entry: MimeType lacks application/x-astar-studio-level"
step "installed files"

# [SECTION] 3b. Running it from there
lesson=$share/astar-studio/levels/lessons/$lesson_name
"$root/usr/bin/astar" run "$lesson" >"$out/run-installed.txt" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -qx 'outcome: found' "$out/run-installed.txt" &&
   diff <(grep -v '^level:' "$out/run-built.txt") <(grep -v '^level:' "$out/run-installed.txt") >/dev/null; then
  ok "astar run $lesson_name: $(grep -E '^(outcome|cost):' "$out/run-installed.txt" | tr '\n' ' ')(as the build gave)"
else
  fail "astar run $lesson_name (exit $rc), installed vs built:"
  diff "$out/run-built.txt" "$out/run-installed.txt"
fi
"$root/usr/bin/astar" --help >"$out/astar-help.txt" 2>&1 || fail "astar --help exits non-zero"

# --list-lessons: FILE<TAB>TITLE per lesson; every installed lesson, from the installed folder.
if "$root/usr/bin/astar-studio" --list-lessons >"$out/lessons.txt" 2>"$out/lessons.err"; then
  want=$(cd "$share/astar-studio/levels/lessons" && ls -- *.json | sort)
  got=$(cut -f1 "$out/lessons.txt" | xargs -r -n1 basename | sort)
  outside=$(cut -f1 "$out/lessons.txt" | xargs -r -n1 realpath -m | grep -v "^$share/astar-studio/levels/lessons/" || true)
  untitled=$(awk -F'\t' 'NF < 2 || $2 == ""' "$out/lessons.txt")
  if [ "$want" != "$got" ]; then
    fail "--list-lessons lists other lessons than are installed:"; diff <(echo "$want") <(echo "$got")
  elif [ -n "$outside" ]; then
    fail "--list-lessons lists lessons outside the installed folder: $outside"
  elif [ -n "$untitled" ]; then
    fail "--list-lessons: lessons without a title: $untitled"
  else
    ok "--list-lessons: all $(wc -l <"$out/lessons.txt") installed lessons, from /usr/share/astar-studio/levels/lessons"
  fi
else
  fail "astar-studio --list-lessons exits non-zero: $(cat "$out/lessons.err")"
fi

# The desktop entry's command, as a menu or a double-click runs it, on lesson 01 under Xvfb.
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
read -r -a command <<<"${exec_line//%f/$lesson}"
rm -f "$out/lesson.png" "$out/lesson.png.json"
if PATH=$root/usr/bin:$PATH "$xvfb_run" -s "-screen 0 1280x800x24" "${command[@]}" \
     --run --screenshot "$out/lesson.png" --frames 5 >"$out/studio.log" 2>&1; then
  if "$checker" "$out/lesson.png" "$lesson" --expect found >"$out/check.txt" 2>&1; then
    ok "'$exec_line' on $lesson_name --run: $(tail -n 1 "$out/check.txt")"
  else
    fail "the screenshot of $lesson_name:"; cat "$out/check.txt"
  fi
else
  fail "the studio exited non-zero on $lesson_name:"; cat "$out/studio.log"
fi
step "run astar, astar-studio"

# The level file type: a level is application/x-astar-studio-level, other JSON stays JSON.
if command -v update-mime-database >/dev/null && command -v gio >/dev/null; then
  mkdir -p "$work/mime/mime/packages" && cp "$share/mime/packages/astar-studio-level.xml" "$work/mime/mime/packages/"
  update-mime-database "$work/mime/mime" 2>/dev/null
  echo '{"format": "something-else", "name": "not a level"}' >"$out/plain.json"
  type_of() { XDG_DATA_HOME=$work/mime gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p'; }
  [ "$(type_of "$lesson")" = application/x-astar-studio-level ] ||
    fail "a lesson's file type: '$(type_of "$lesson")'"
  [ "$(type_of "$out/plain.json")" = application/json ] ||
    fail "plain JSON's file type: '$(type_of "$out/plain.json")'"
  ok "file types: $lesson_name is $(type_of "$lesson"), other JSON $(type_of "$out/plain.json")"
else
  skip "no update-mime-database or gio (shared-mime-info, libglib2.0-bin) for the file type check"
fi

# Moved where there is no levels folder: the studio says so and names every folder it tried,
# and the source tree it was built from (still there) is not one of them.
mkdir -p "$work/moved/bin" && cp "$root/usr/bin/astar-studio" "$work/moved/bin/"
if "$work/moved/bin/astar-studio" --list-lessons >"$out/moved.txt" 2>"$out/moved.err"; then
  fail "a studio with no levels folder lists lessons: $(cat "$out/moved.txt")"
elif grep -qF "$src/levels" "$out/moved.err"; then
  fail "a packaged studio looks in the source tree it was built from: $(cat "$out/moved.err")"
elif grep -q "$work/moved/share/astar-studio/levels" "$out/moved.err"; then
  ok "with no levels folder: $(head -n 1 "$out/moved.err")"
else
  fail "with no levels folder, the message does not name $work/moved/share/astar-studio/levels: $(cat "$out/moved.err")"
fi
step "file type, moved studio"

printf 'package_install: %-28s %6s s\n' total "$(seconds_since "$t_all")"
[ $status -eq 0 ] && rm -rf "$root" "$work/moved"  # keep the package and the logs
exit $status
