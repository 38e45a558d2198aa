// The browser's side of platform.hpp: WebGL 2 through Emscripten's GLFW (an OpenGL ES 3.0
// context), the page's devicePixelRatio as the content scale, and the page's animation frames
// as the main loop (emscripten_set_main_loop_arg).
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include "gl.hpp"
#include "platform.hpp"

namespace studio::platform {

namespace {

EM_JS(void, set_status_element, (const char* text), {
  const element = document.getElementById('status');
  if (element) element.textContent = UTF8ToString(text);
});

void call_frame(void* arg) {
  const auto& frame = *static_cast<const std::function<std::optional<int>()>*>(arg);
  if (const std::optional<int> code = frame()) {
    emscripten_cancel_main_loop();
    emscripten_force_exit(*code);
  }
}

}  // namespace

void context_hints() {
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
}

astar::Status load_gl() { return astar::Ok{}; }

float content_scale(GLFWwindow*) {
  return static_cast<float>(emscripten_get_device_pixel_ratio());
}

void publish_status(const std::string& text) { set_status_element(text.c_str()); }

int run_loop(const std::function<std::optional<int>()>& frame) {
  // 0 frames per second: the browser's animation frames. true: never returns (the stack, and
  // with it `frame` and what it refers to, stays alive).
  emscripten_set_main_loop_arg(call_frame, const_cast<std::function<std::optional<int>()>*>(&frame), 0, true);
  return 0;
}

}  // namespace studio::platform
