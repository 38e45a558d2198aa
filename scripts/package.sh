#!/usr/bin/env bash
# Makes the Debian package astar-studio_VERSION_amd64.deb (README "Install").
# Usage: scripts/package.sh [BUILD_DIR]       (default: build-deb beside this folder)
#        scripts/package.sh --from BUILD OUT  the package of a build that is there already
# The first: a Release build of the two programs alone (no tests), compiled with Debian's
# hardening flags (dpkg-buildflags: stack protector, _FORTIFY_SOURCE, relro and now), then
# cpack -G DEB, whose rules are cmake/install.cmake and cmake/package.cmake. The second: cpack on
# BUILD's programs as they are (the package_install test: the programs the other tests ran),
# the package and cpack's files in OUT. Both print the package's path last.
# $CMAKE and $CPACK choose those programs; $JOBS the build's parallel jobs (default 2).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
cmake=${CMAKE:-cmake} cpack=${CPACK:-cpack}

package_path() {  # BUILD OUT: where cpack put the package
  local version
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$1/CMakeCache.txt")
  echo "$2/astar-studio_${version}_$(dpkg --print-architecture).deb"
}
if [ "${1:-}" = --from ]; then
  [ $# -eq 3 ] || { echo "usage: scripts/package.sh --from BUILD OUT" >&2; exit 2; }
  build=$(cd "$2" && pwd)
  mkdir -p "$3" && out=$(cd "$3" && pwd)
  (cd "$out" && "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$out")
  package_path "$build" "$out"
  exit 0
fi
out=${1:-$src/build-deb}

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
package_path "$out" "$out/packages"
