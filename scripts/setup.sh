#!/usr/bin/env bash
# Installs the Debian packages A* Studio needs to build, run and test -- only the missing ones.
# Usage: scripts/setup.sh            (build + run + test dependencies)
#        scripts/setup.sh --cli-only (core, the CLI and their tests: for -DASTAR_BUILD_STUDIO=OFF)
# Runs apt-get as root, or through sudo otherwise. Says what it does.
set -euo pipefail

cli_packages=(
  build-essential cmake pkgconf python3
  libstb-dev doctest-dev nlohmann-json3-dev libyaml-dev libfast-float-dev libfmt-dev
  clang-14 libclang-rt-14-dev
)
studio_packages=(
  libimgui-dev libglfw3-dev python3-glad libgif-dev
  fonts-dejavu-core
  xvfb xauth xdotool
  # the man pages, the PNG icons, the Debian package and its test (README "Install")
  help2man librsvg2-bin lintian shared-mime-info libglib2.0-bin
)
case "${1:-}" in
  "") packages=("${cli_packages[@]}" "${studio_packages[@]}") ;;
  --cli-only) packages=("${cli_packages[@]}") ;;
  *) echo "setup: unknown option '$1' (usage: scripts/setup.sh [--cli-only])" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
echo "setup: installing missing packages: ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
