# The Debian package (README "Install"): in a build folder, `cpack -G DEB` makes
# astar-studio_VERSION_amd64.deb from cmake/install.cmake's rules, under /usr. Its library
# dependencies are computed by dpkg-shlibdeps (dpkg-dev); the studio also reads DejaVu fonts
# from /usr/share/fonts (app/studio/ui/app_window.cpp), hence fonts-dejavu-core. The
# package_install test (tests/package) makes it from the main build's programs, checks it with
# lintian and runs what it installs.
set(CPACK_PACKAGE_NAME astar-studio)
set(CPACK_PACKAGE_VENDOR "A* Studio maintainers")
set(CPACK_PACKAGE_CONTACT "A* Studio maintainers <maintainers@users.noreply.a-seed-7ef5d020.example>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "grid pathfinding editor and visual debugger")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
# Release builds carry no debug information into the package (lintian: unstripped binaries).
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # astar-studio_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
# A project page, once there is one: -DASTAR_HOMEPAGE=https://...
set(ASTAR_HOMEPAGE "" CACHE STRING "Homepage field of the Debian package (none when empty)")
if(ASTAR_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${ASTAR_HOMEPAGE})
endif()
# The long description under the summary: CPack indents its lines and turns the empty one into " .".
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "A* Studio paints grid levels (walls, terrain costs, heights, agents, one-way
edges and collision shapes) and runs A*, weighted A*, Dijkstra, greedy
best-first, breadth-first, Jump Point Search, Theta* and bidirectional A* on
them one iteration at a time, forwards and back, showing the open and closed
sets, g, h and f of every node and the path. It comes with lessons for
teaching A* in a classroom.

The package holds the studio (astar-studio), its command-line twin (astar)
for batch runs, benchmarks and trace checks, and the lessons.")

include(CPack)
