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

# astar_web_site(TARGET): the studio as a page's program. The levels folder and the fonts go into
# its preloaded file system (astar-studio.data), at the paths the studio reads them from: the
# levels at /levels (ASTAR_SOURCE_LEVEL_DIR, the fallback data_dirs.hpp tries last) and DejaVu
# where Debian puts it. Memory grows as the level needs; the loop is the page's (run_loop).
# web/studio_platform.js is the page's half of platform/web.cpp: storage in IndexedDB (IDBFS),
# the file picker, downloads, links.
function(astar_web_site target)
  set(font_dir /usr/share/fonts/truetype/dejavu)
  target_link_options(${target} PRIVATE ${ASTAR_WEB_GL_FLAGS} -sALLOW_MEMORY_GROWTH=1
    -sMAXIMUM_MEMORY=2GB -sFORCE_FILESYSTEM=1 -lidbfs.js -sEXPORTED_RUNTIME_METHODS=[ENV,FS,ccall]
    "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/web/studio_platform.js"
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/levels@/levels"
    "SHELL:--preload-file ${font_dir}/DejaVuSans.ttf@${font_dir}/DejaVuSans.ttf"
    "SHELL:--preload-file ${font_dir}/DejaVuSansMono.ttf@${font_dir}/DejaVuSansMono.ttf")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/web/studio_platform.js)
  target_compile_definitions(${target} PRIVATE ASTAR_SOURCE_LEVEL_DIR="/levels")
endfunction()
