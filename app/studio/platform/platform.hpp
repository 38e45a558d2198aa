// What differs between the desktop studio and the same studio compiled to WebAssembly (issue
// 20), in one place: the GL context and its loader, the shaders' GLSL dialect, the screen's
// content scale and who owns the main loop. Everything else (panels, tools, the renderer) is the
// same code. One implementation per target: platform/desktop.cpp, platform/web.cpp; the page's
// half of the browser's is web/studio_platform.js.
//
//   platform::context_hints();                  // before glfwCreateWindow
//   if (Status ok = platform::load_gl(); !ok) fail(ok.error());  // with the context current
//   ImGui_ImplOpenGL3_Init(platform::kImGuiGlslVersion);
//   return platform::run_loop([&] { return run_frame(s); });  // an exit code ends it
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "astar/result.hpp"
#include "platform/grid_shader_source.hpp"

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
// The window follows the page: in the browser the canvas's drawing buffer is kept the size it
// is shown at, in the screen's pixels (CSS pixels times devicePixelRatio), so that a resized tab
// is not drawn stretched nor a HiDPI screen blurred. Nothing on the desktop.
void follow_page_size(GLFWwindow* window);
// The status line's text (status_line_text) for screen readers and scripts: the page's aria-live element with id
// "status" in the browser; nothing on the desktop. Called when the text changes.
void publish_status(const std::string& text);
// [SECTION] Starting

// What a bad command line or level does. The desktop prints the error and exits with a code
// (scripts read it); the page, whose query is the command line, opens the studio with the error
// shown, in the studio and in #status, since a page that stops explains nothing.
#ifdef __EMSCRIPTEN__
inline constexpr bool kStartErrorsEndTheProgram = false;
#else
inline constexpr bool kStartErrorsEndTheProgram = true;
#endif
// What went wrong before main, for the studio to show as its first error: in the page, a
// level= URL that could not be fetched or a link's level cut short. None on the desktop.
std::vector<std::string> startup_problems();

// [SECTION] Files

// File > Open: true when the browser's own file picker was opened (the files it gives arrive
// through take_picked_files); false on the desktop, where the studio's Open dialog asks.
bool pick_files_to_open();
// The files picked since the last call, already in the page's storage: opened as dropped ones.
std::vector<std::string> take_picked_files();
// A file the user asked for was written (Save, Save As, Export, a GIF, a screenshot, a trace):
// the page offers it as a download with its name. On the desktop the file itself is the result.
void file_written(const std::string& path);
// `keep` runs when the page is hidden or closed (the studio autosaves: its frames stop with the
// page's, and a closed tab must not lose work). The desktop's quit asks instead: never called.
void on_leaving(std::function<void()> keep);

// [SECTION] Links

// Copy link: only the page has an address to put a level in.
bool can_copy_link();
// The page's address with `query` (the search's options) and `level_json` packed into the
// fragment, onto the clipboard; over kLinkLimit characters, the level is offered as a download
// named `file_name` instead. `done` gets whether the link was copied and what to tell the user.
inline constexpr int kLinkLimit = 65536;
void copy_link(const std::string& level_json, const std::string& file_name, const std::string& query,
               std::function<void(bool copied, std::string message)> done);

// [SECTION] The loop

// Calls `frame` once per displayed frame until it returns an exit code, and returns that. In the
// browser the page's animation frames call it and this never returns. On the desktop, when
// `idle_wait` is given (a person's studio, not a capture: ui/frame_pacing.hpp), frames come at
// most about once per refresh of the screen, even where swapping buffers waits for no screen (a
// virtual display such as Xvfb, vsync turned off by the driver), and after each frame the loop
// waits for input for as long as idle_wait() says.
int run_loop(const std::function<std::optional<int>()>& frame, const std::function<double()>& idle_wait);

}  // namespace studio::platform
