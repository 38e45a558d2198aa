# What `cmake --install build --prefix P` puts where (README "Install"); cmake/package.cmake makes
# the Debian package from the same rules. Included from the top-level CMakeLists.txt.
#
#   P/bin/astar, P/bin/astar-studio
#   P/share/astar-studio/levels/           levels/ (the lessons and the sample levels)
#   P/share/applications/astar-studio.desktop, P/share/mime/packages/astar-studio-level.xml
#   P/share/icons/hicolor/scalable/apps/astar-studio.svg and NxN/apps/astar-studio.png
#   P/share/man/man1/astar.1.gz, astar-studio.1.gz
#   P/share/doc/astar-studio/README.md, docs/, copyright, changelog.gz (packaging/changelog, Debian's
#                                        format: a release adds an entry, the version on top)
#
# The man pages (Debian's help2man, from each program's --help) and the PNG icons (rsvg-convert
# from librsvg2-bin, from packaging/astar-studio.svg) are made at build time; without the tool
# they are left out with a message (the package_install test fails under CI=true then).
include(GNUInstallDirs)

# Everything install() takes that is made at build time besides the programs (scripts/package.sh
# builds the programs and this).
add_custom_target(astar_install_files)

set(ASTAR_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)
set(ASTAR_GENERATED_DIR ${PROJECT_BINARY_DIR}/packaging)
set(ASTAR_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/astar-studio)

# [SECTION] Programs and levels
if(TARGET astar)
  install(TARGETS astar RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET astar-studio)
  install(TARGETS astar-studio RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# Level files and the traces lessons open beside them; nothing else that may lie in levels/.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/levels/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/astar-studio/levels
        FILES_MATCHING PATTERN "*.json" PATTERN "*.jsonl")
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${ASTAR_PACKAGING_DIR}/copyright
        DESTINATION ${ASTAR_DOC_DIR})
# The pages the README links to (docs/*.md and their screenshots), so its links resolve there too.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${ASTAR_DOC_DIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
# The release history must name this version first (lintian reads it from the package).
file(STRINGS ${ASTAR_PACKAGING_DIR}/changelog ASTAR_CHANGELOG_TOP LIMIT_COUNT 1)
if(NOT ASTAR_CHANGELOG_TOP MATCHES "^astar-studio \\(${PROJECT_VERSION}\\) ")
  message(WARNING "packaging/changelog starts with '${ASTAR_CHANGELOG_TOP}', not version "
                  "${PROJECT_VERSION}: add an entry for it")
endif()

# [SECTION] Man pages, from --help
# help2man runs PROGRAM --help and PROGRAM --version. gzip -n: no file name or time in the
# .gz, so the same build makes the same file.
find_program(ASTAR_HELP2MAN help2man)
find_program(ASTAR_GZIP gzip)
set(ASTAR_MAN_PAGES "")
function(astar_man_page target description)
  if(NOT TARGET ${target})
    return()
  endif()
  set(page ${ASTAR_GENERATED_DIR}/${target}.1)
  add_custom_command(
    OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${ASTAR_GENERATED_DIR}
    COMMAND ${ASTAR_HELP2MAN} --no-info --no-discard-stderr --section=1 --name=${description}
            --output=${page} $<TARGET_FILE:${target}>
    COMMAND ${ASTAR_GZIP} -9nf ${page}
    DEPENDS ${target}
    COMMENT "Writing the man page of ${target} with help2man"
    VERBATIM)
  set(ASTAR_MAN_PAGES ${ASTAR_MAN_PAGES} ${page}.gz PARENT_SCOPE)
endfunction()
if(ASTAR_HELP2MAN AND ASTAR_GZIP)
  astar_man_page(astar "shortest paths on grid levels, on the command line")
  astar_man_page(astar-studio "paint grid levels and watch pathfinding, one step at a time")
  add_custom_target(astar_man_pages ALL DEPENDS ${ASTAR_MAN_PAGES})
  add_dependencies(astar_install_files astar_man_pages)
  install(FILES ${ASTAR_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
elseif(ASTAR_BUILD_APP)
  message(STATUS "help2man not found (Debian: help2man): no man pages are installed")
endif()
if(ASTAR_GZIP)
  set(changelog ${ASTAR_GENERATED_DIR}/changelog.gz)
  add_custom_command(
    OUTPUT ${changelog}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${ASTAR_GENERATED_DIR}
    COMMAND ${ASTAR_GZIP} -9nc ${ASTAR_PACKAGING_DIR}/changelog > ${changelog}
    DEPENDS ${ASTAR_PACKAGING_DIR}/changelog
    COMMENT "Compressing packaging/changelog")
  add_custom_target(astar_changelog ALL DEPENDS ${changelog})
  add_dependencies(astar_install_files astar_changelog)
  install(FILES ${changelog} DESTINATION ${ASTAR_DOC_DIR})
endif()

# [SECTION] Desktop entry, file type and icons (the studio only)
if(NOT TARGET astar-studio)
  return()
endif()
install(FILES ${ASTAR_PACKAGING_DIR}/astar-studio.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${ASTAR_PACKAGING_DIR}/astar-studio-level.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
install(FILES ${ASTAR_PACKAGING_DIR}/astar-studio.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
find_program(ASTAR_RSVG_CONVERT rsvg-convert)
if(ASTAR_RSVG_CONVERT)
  set(icons "")
  foreach(size 48 128 256)
    set(png ${ASTAR_GENERATED_DIR}/icons/${size}x${size}/astar-studio.png)
    add_custom_command(
      OUTPUT ${png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${ASTAR_GENERATED_DIR}/icons/${size}x${size}
      COMMAND ${ASTAR_RSVG_CONVERT} --width=${size} --height=${size}
              --output=${png} ${ASTAR_PACKAGING_DIR}/astar-studio.svg
      DEPENDS ${ASTAR_PACKAGING_DIR}/astar-studio.svg
      COMMENT "Drawing the ${size}x${size} icon with rsvg-convert"
      VERBATIM)
    list(APPEND icons ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  add_custom_target(astar_icons ALL DEPENDS ${icons})
  add_dependencies(astar_install_files astar_icons)
else()
  message(STATUS "rsvg-convert not found (Debian: librsvg2-bin): only the SVG icon is installed")
endif()
