#!/usr/bin/env bash
# Installs the Debian packages A* Studio needs to build, run and test -- only the missing ones.
# Usage: scripts/setup.sh            (build + run + test dependencies)
#        scripts/setup.sh --cli-only (core, the CLI and their tests: for -DASTAR_BUILD_STUDIO=OFF)
#        scripts/setup.sh --web      (also the web build's: Emscripten, and the Debian source
#                                     packages it compiles, fetched into the cache below)
# The options combine (--cli-only --web). Runs apt-get as root, or through sudo otherwise. Says
# what it does.
#
# --web fetches the source packages with `apt-get source --download-only` into
# $ASTAR_DEB_SOURCES_DIR (default ${XDG_CACHE_HOME:-~/.cache}/astar-studio/deb-src), where the
# web build (cmake/web.cmake) looks for them; it adds a deb-src entry for Debian's suite when
# apt has none. Nothing is fetched at build time.
set -euo pipefail

cli_packages=(
  build-essential cmake pkgconf python3
  libstb-dev doctest-dev nlohmann-json3-dev libyaml-dev libfast-float-dev libfmt-dev
  clang-14 libclang-rt-14-dev
  # the linker the builds use when it is there (CMakeLists.txt, ASTAR_LLD): several times faster
  lld
)
studio_packages=(
  libimgui-dev libglfw3-dev python3-glad libgif-dev
  fonts-dejavu-core
  xvfb xauth xdotool
  # studio_frames (tests/studio/frames.cpp): what the e2e tests wait on, over XCB and the X protocol
  libxcb1-dev x11proto-dev
  # the man pages, the PNG icons, the Debian package and its test (README "Install")
  help2man librsvg2-bin lintian shared-mime-info libglib2.0-bin
)
# The web build compiles core with Emscripten and runs its tests under node (web_core test);
# it also needs libfast-float-dev and libfmt-dev, which core needs anyway (cli_packages).
# The studio's page is tested in Debian's Chromium, driven over the DevTools protocol by Debian's
# python3-websocket; dpkg-source (dpkg-dev) unpacks the source packages with Debian's patches.
web_packages=(emscripten nodejs chromium python3-websocket python3-fonttools dpkg-dev)
# Debian source packages the web build compiles (their C files, in its build folder): libyaml
# for core, Dear ImGui and giflib for the studio's page.
web_sources=(libyaml imgui giflib)

cli_only=0 web=0
for arg in "$@"; do
  case "$arg" in
    --cli-only) cli_only=1 ;;
    --web) web=1 ;;
    *) echo "setup: unknown option '$arg' (usage: scripts/setup.sh [--cli-only] [--web])" >&2; exit 2 ;;
  esac
done
packages=("${cli_packages[@]}")
[ $cli_only -eq 1 ] || packages+=("${studio_packages[@]}")
[ $web -eq 0 ] || packages+=("${web_packages[@]}")

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

install_missing() {
  local missing=() p
  for p in "${packages[@]}"; do
    installed "$p" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all ${#packages[@]} packages already installed"
    return
  fi
  echo "setup: installing missing packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# A deb-src entry for the suite the machine runs, in its own file, when apt has none.
add_deb_src() {
  local list=/etc/apt/sources.list.d/astar-studio-src.sources suite
  if grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    return 1
  fi
  suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
  echo "setup: adding Debian's source packages for $suite to apt ($list)"
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$suite" | "${sudo[@]}" tee "$list" >/dev/null
}

# apt-get source --download-only for each of web_sources not in the cache yet.
fetch_sources() {
  local dir=${ASTAR_DEB_SOURCES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/astar-studio/deb-src} p
  mkdir -p "$dir"
  local updated=0
  for p in "${web_sources[@]}"; do
    if compgen -G "$dir/${p}_*.dsc" >/dev/null; then
      echo "setup: source package $p already in $dir"
      continue
    fi
    if [ $updated -eq 0 ]; then
      add_deb_src || true
      "${sudo[@]}" apt-get update -qq
      updated=1
    fi
    echo "setup: fetching source package $p into $dir"
    (cd "$dir" && apt-get source --download-only -qq "$p")
  done
}

install_missing
[ $web -eq 0 ] || fetch_sources
echo "setup: done"
