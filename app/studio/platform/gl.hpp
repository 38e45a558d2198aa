// The OpenGL functions the studio calls: OpenGL 3.3 core through glad on the desktop, WebGL 2
// (OpenGL ES 3.0, Emscripten's GLES3 header) in the browser. Studio files include this, never
// glad's or a GLES header themselves; it comes before GLFW's header, so GLFW does not pull in
// the system GL header.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
