// The desktop's side of platform.hpp: OpenGL 3.3 core through glad, GLFW's content scale, and
// a plain loop.
#include "gl.hpp"  // before GLFW
#include <GLFW/glfw3.h>

#include "platform.hpp"

namespace studio::platform {

void context_hints() {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
}

astar::Status load_gl() {
  if (!gladLoadGL(glfwGetProcAddress)) return astar::Error{"cannot load the OpenGL 3.3 functions"};
  return astar::Ok{};
}

float content_scale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  return x;
}

void publish_status(const std::string&) {}

int run_loop(const std::function<std::optional<int>()>& frame) {
  while (true)
    if (const std::optional<int> code = frame()) return *code;
}

}  // namespace studio::platform
