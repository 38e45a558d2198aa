// What differs between the desktop studio and the same studio compiled to WebAssembly (issue
// 20), in one place: the GL context and its loader, the shaders' GLSL dialect, the screen's
// content scale and who owns the main loop. Everything else (panels, tools, the renderer) is the
// same code. One implementation per target: platform/desktop.cpp, platform/web.cpp.
//
//   platform::context_hints();                  // before glfwCreateWindow
//   if (Status ok = platform::load_gl(); !ok) fail(ok.error());  // with the context current
//   ImGui_ImplOpenGL3_Init(platform::kImGuiGlslVersion);
//   return platform::run_loop([&] { return run_frame(s); });  // an exit code ends it
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "astar/result.hpp"
#include "grid_shader_source.hpp"

struct GLFWwindow;

namespace studio::platform {

#ifdef __EMSCRIPTEN__
inline constexpr ShaderDialect kShaderDialect = ShaderDialect::WebGl2;
inline constexpr const char* kImGuiGlslVersion = "#version 300 es";
inline constexpr const char* kContextName = "WebGL 2";
#else
inline constexpr ShaderDialect kShaderDialect = ShaderDialect::Gl33;
inline constexpr const char* kImGuiGlslVersion = "#version 330 core";
inline constexpr const char* kContextName = "OpenGL 3.3 core";
#endif

// The window hints for the context: OpenGL 3.3 core, forward compatible; or OpenGL ES 3.0.
void context_hints();
// Loads the GL functions once the context is current (glad on the desktop; nothing to do in
// the browser, where they are WebGL's).
astar::Status load_gl();
// The screen's content scale (2 on most 4K laptops and HiDPI screens): GLFW's on the desktop,
// the page's devicePixelRatio in the browser.
float content_scale(GLFWwindow* window);
// The status line's text (status_line_text) for screen readers and scripts: the page's aria-live element with id
// "status" in the browser; nothing on the desktop. Called when the text changes.
void publish_status(const std::string& text);
// Calls `frame` once per displayed frame until it returns an exit code, and returns that. In the
// browser the page's animation frames call it and this never returns.
int run_loop(const std::function<std::optional<int>()>& frame);

}  // namespace studio::platform
