// The desktop's side of platform.hpp: OpenGL 3.3 core through glad, GLFW's content scale, and
// a plain loop; files are paths, and File > Open is the studio's own dialog.
#include "platform/gl.hpp"  // before GLFW
#include <GLFW/glfw3.h>

#include <chrono>
#include <thread>

#include "platform/platform.hpp"

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

void follow_page_size(GLFWwindow*) {}

void publish_status(const std::string&) {}

std::vector<std::string> startup_problems() { return {}; }

bool pick_files_to_open() { return false; }
std::vector<std::string> take_picked_files() { return {}; }
void file_written(const std::string&) {}
void on_leaving(std::function<void()>) {}

bool can_copy_link() { return false; }
void copy_link(const std::string&, const std::string&, const std::string&,
               std::function<void(bool, std::string)> done) {
  done(false, "Copy link is the web page's: the desktop studio has no address to link to");
}

namespace {

// The shortest time between two paced frames: a little less than one refresh of the primary
// monitor (60 Hz when it says nothing), so that where swapping waits for the screen, the screen
// sets the pace and this never delays a frame.
std::chrono::steady_clock::duration refresh_interval() {
  int hz = 60;
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitor); mode && mode->refreshRate > 0)
      hz = mode->refreshRate;
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(0.9 / hz));
}

}  // namespace

int run_loop(const std::function<std::optional<int>()>& frame, const std::function<double()>& idle_wait) {
  using Clock = std::chrono::steady_clock;
  const Clock::duration refresh = idle_wait ? refresh_interval() : Clock::duration::zero();
  while (true) {
    const Clock::time_point began = Clock::now();
    if (const std::optional<int> code = frame()) return *code;
    if (!idle_wait) continue;
    if (const double wait = idle_wait(); wait > 0.0)
      glfwWaitEventsTimeout(wait);  // input ends the wait: the next frame sees it at once
    else if (began + refresh > Clock::now())
      std::this_thread::sleep_until(began + refresh);
  }
}

}  // namespace studio::platform
