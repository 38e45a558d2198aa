# The studio's libraries in the web build (included by cmake/web.cmake when the app is built):
# the targets third_party/ makes on the desktop, under the same names, so app/CMakeLists.txt
# links them unchanged.
#
#   imgui      Dear ImGui 1.86 with its GLFW and OpenGL 3 backends and imgui_stdlib, compiled
#              from Debian's source package imgui (the same 1.86 as the desktop's libimgui-dev);
#              its GLFW is Emscripten's built-in one and its GL WebGL 2 (OpenGL ES 3.0).
#   GIF::GIF   giflib's library files, from Debian's source package giflib.
#   glad       nothing: the browser's GL functions need no loader.
# The source packages are where `scripts/setup.sh --web` puts them (astar_deb_source).

# Emscripten's GLFW 3 and WebGL 2, for the compile (GLFW's header) and the link.
set(ASTAR_WEB_GL_FLAGS -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)

astar_deb_source(imgui IMGUI_SOURCE_DIR IMGUI_VERSION)
add_library(imgui STATIC
  ${IMGUI_SOURCE_DIR}/imgui.cpp ${IMGUI_SOURCE_DIR}/imgui_draw.cpp
  ${IMGUI_SOURCE_DIR}/imgui_tables.cpp ${IMGUI_SOURCE_DIR}/imgui_widgets.cpp
  ${IMGUI_SOURCE_DIR}/imgui_demo.cpp ${IMGUI_SOURCE_DIR}/misc/cpp/imgui_stdlib.cpp
  ${IMGUI_SOURCE_DIR}/backends/imgui_impl_glfw.cpp ${IMGUI_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_SOURCE_DIR} ${IMGUI_SOURCE_DIR}/backends
                                               ${IMGUI_SOURCE_DIR}/misc/cpp)
target_link_options(imgui PUBLIC ${ASTAR_WEB_GL_FLAGS})

astar_deb_source(giflib GIF_SOURCE_DIR GIF_VERSION)
add_library(astar_web_gif STATIC
  ${GIF_SOURCE_DIR}/dgif_lib.c ${GIF_SOURCE_DIR}/egif_lib.c ${GIF_SOURCE_DIR}/gifalloc.c
  ${GIF_SOURCE_DIR}/gif_err.c ${GIF_SOURCE_DIR}/gif_font.c ${GIF_SOURCE_DIR}/gif_hash.c
  ${GIF_SOURCE_DIR}/openbsd-reallocarray.c ${GIF_SOURCE_DIR}/quantize.c)
target_include_directories(astar_web_gif SYSTEM PUBLIC ${GIF_SOURCE_DIR})
add_library(GIF::GIF ALIAS astar_web_gif)

add_library(glad INTERFACE)

# The fonts the page ships: DejaVu cut down to the characters the studio asks ImGui for
# (app_window.cpp's ranges: Latin-1, arrows and mathematical operators in the UI font, Latin-1 in
# the monospaced one; plus the ellipsis and the replacement character), with fontTools' subsetter
# (Debian's python3-fonttools): 1.1 MB become about 0.11 MB. Without fontTools the whole fonts go.
set(ASTAR_WEB_FONT_DIR /usr/share/fonts/truetype/dejavu)
function(astar_web_fonts out_var)
  set(fonts "DejaVuSans.ttf=U+0020-00FF,U+2026,U+2190-22FF,U+FFFD" "DejaVuSansMono.ttf=U+0020-00FF,U+2026,U+FFFD")
  execute_process(COMMAND /usr/bin/python3 -c "import fontTools.subset" RESULT_VARIABLE no_fonttools
                  OUTPUT_QUIET ERROR_QUIET)
  set(files "")
  foreach(entry ${fonts})
    string(REPLACE "=" ";" entry "${entry}")
    list(GET entry 0 name)
    list(GET entry 1 unicodes)
    if(no_fonttools)
      list(APPEND files ${ASTAR_WEB_FONT_DIR}/${name})
      continue()
    endif()
    set(cut ${CMAKE_CURRENT_BINARY_DIR}/web-fonts/${name})
    add_custom_command(OUTPUT ${cut}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/web-fonts
      COMMAND /usr/bin/python3 -m fontTools.subset ${ASTAR_WEB_FONT_DIR}/${name} --unicodes=${unicodes}
              --output-file=${cut} 2>/dev/null
      DEPENDS ${ASTAR_WEB_FONT_DIR}/${name} COMMENT "Cutting ${name} down to the studio's characters")
    list(APPEND files ${cut})
  endforeach()
  if(no_fonttools)
    message(STATUS "web: python3-fonttools not found: the page ships the whole DejaVu fonts (1.1 MB)")
  endif()
  set(${out_var} ${files} PARENT_SCOPE)
endfunction()

# astar_web_site(TARGET): the studio as a page's program. The levels folder and the fonts go into
# its preloaded file system (astar-studio.data), at the paths the studio reads them from: the
# levels at /levels (ASTAR_SOURCE_LEVEL_DIR, the fallback data_dirs.hpp tries last) and DejaVu
# where Debian puts it. Memory grows as the level needs; the loop is the page's (run_loop).
# web/studio_platform.js is the page's half of platform/web.cpp: storage in IndexedDB (IDBFS),
# the file picker, downloads, links.
function(astar_web_site target)
  astar_web_fonts(font_files)
  set(preload_fonts "")
  foreach(file ${font_files})
    get_filename_component(name ${file} NAME)
    list(APPEND preload_fonts "SHELL:--preload-file ${file}@${ASTAR_WEB_FONT_DIR}/${name}")
  endforeach()
  add_custom_target(${target}_fonts DEPENDS ${font_files})
  add_dependencies(${target} ${target}_fonts)
  target_link_options(${target} PRIVATE ${ASTAR_WEB_GL_FLAGS} -sALLOW_MEMORY_GROWTH=1
    -sMAXIMUM_MEMORY=2GB -sFORCE_FILESYSTEM=1 -lidbfs.js -sEXPORTED_RUNTIME_METHODS=[ENV,FS,ccall]
    "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/web/studio_platform.js"
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/levels@/levels" ${preload_fonts})
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/web/studio_platform.js
                                                             ${font_files})
  target_compile_definitions(${target} PRIVATE ASTAR_SOURCE_LEVEL_DIR="/levels")
endfunction()
