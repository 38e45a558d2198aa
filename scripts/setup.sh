#!/usr/bin/env bash
# Installs the Debian packages A* Studio needs to build, run and test -- only the missing ones.
# Usage: scripts/setup.sh            (build + run + test dependencies)
# Runs apt-get as root, or through sudo otherwise. Says what it does.
set -euo pipefail

packages=(
  build-essential cmake pkgconf
  libimgui-dev libglfw3-dev libstb-dev doctest-dev python3-glad nlohmann-json3-dev libgif-dev
  fonts-dejavu-core
  xvfb xauth xdotool
  clang-14 libclang-rt-14-dev
)

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
