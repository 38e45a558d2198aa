#!/usr/bin/env bash
# Makes the Debian package astar-studio_VERSION_amd64.deb (README "Install").
# Usage: scripts/package.sh [BUILD_DIR]   (default: build-deb beside this folder)
# A Release build of the two programs alone (no tests), compiled with Debian's hardening flags
# (dpkg-buildflags: stack protector, _FORTIFY_SOURCE, relro and now), then cpack -G DEB, whose
# rules are cmake/install.cmake and cmake/package.cmake. Prints the package's path last.
# $CMAKE and $CPACK choose those programs; $JOBS the build's parallel jobs (default 2).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$src/build-deb}
cmake=${CMAKE:-cmake} cpack=${CPACK:-cpack}

# Debian's flags, without -g (the package's binaries are stripped anyway).
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
flags() { (cd "$src" && dpkg-buildflags --get "$1") | sed 's/\(^\| \)-g\( \|$\)/ /'; }
CFLAGS="$(flags CPPFLAGS) $(flags CFLAGS)"
CXXFLAGS="$(flags CPPFLAGS) $(flags CXXFLAGS)"
LDFLAGS=$(flags LDFLAGS)
export CFLAGS CXXFLAGS LDFLAGS

# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: cpack installs what was built here; it does not build `all`.
"$cmake" -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release -DASTAR_BUILD_TESTS=OFF \
  -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON
"$cmake" --build "$out" -j"${JOBS:-2}" --target astar astar-studio astar_install_files
(cd "$out" && "$cpack" -G DEB)
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$out/CMakeCache.txt")
echo "$out/packages/astar-studio_${version}_$(dpkg --print-architecture).deb"
