# Fails when a file under one of DIRS, or one of FILES, includes GL, GLFW, glad or ImGui. The
# compiler alone cannot enforce this: GLFW's and GL's headers sit in /usr/include, visible to
# every target. Used for core/ (drawing belongs in app/) and for what the CLI-only build compiles
# (app/cli/ and the studio's GL-free units that the core tests build), and for the studio's
# state library (app/studio/state), whose LINKS file (its link libraries, one line written by
# CMake) must name none of imgui, glad, glfw, OpenGL or GIF either. The studio's own GL header
# ("platform/gl.hpp") counts as GL.
#   cmake -DNAME=core -DDIRS="dir;..." [-DFILES="file;..."] [-DLINKS=file] -P check_include_boundary.cmake
set(files "")
foreach(dir ${DIRS})
  file(GLOB_RECURSE found "${dir}/*.hpp" "${dir}/*.cpp" "${dir}/*.h")
  list(APPEND files ${found})
endforeach()
list(APPEND files ${FILES})
set(bad "")
foreach(f ${files})
  if(NOT EXISTS "${f}")
    message(FATAL_ERROR "${NAME} boundary: no file ${f}")
  endif()
  file(STRINGS "${f}" hits REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](imgui|GLFW|glad|GL/|KHR/|backends/|gif_lib|platform/gl\\.hpp)")
  foreach(h ${hits})
    string(APPEND bad "\n  ${f}: ${h}")
  endforeach()
endforeach()
if(LINKS)
  if(NOT EXISTS "${LINKS}")
    message(FATAL_ERROR "${NAME} boundary: no file ${LINKS} (configure the build again)")
  endif()
  file(READ "${LINKS}" links)
  string(STRIP "${links}" links)
  if(links MATCHES "(imgui|glad|glfw|OpenGL|GIF)")
    string(APPEND bad "\n  it links ${links}")
  endif()
  message(STATUS "${NAME} boundary: links ${links}")
endif()
list(LENGTH files n)
if(n EQUAL 0)
  message(FATAL_ERROR "${NAME} boundary: no files found")
endif()
if(bad)
  message(FATAL_ERROR "${NAME} must not include GL, GLFW, glad, giflib or ImGui:${bad}")
endif()
message(STATUS "${NAME} boundary: ${n} files, no GL/GLFW/ImGui/giflib include")
