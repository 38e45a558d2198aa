// The browser's side of platform.hpp: WebGL 2 through Emscripten's GLFW (an OpenGL ES 3.0
// context), the page's devicePixelRatio as the content scale, and the page's animation frames
// as the main loop (emscripten_set_main_loop_arg). Files, storage and links call the page's
// half, web/studio_platform.js (Module.astar*), through EM_JS.
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include <sstream>
#include <utility>

#include "platform/gl.hpp"
#include "platform/platform.hpp"

namespace studio::platform {

namespace {

EM_JS(void, set_status_element, (const char* text), {
  const element = document.getElementById('status');
  if (element) element.textContent = UTF8ToString(text);
});

// Newline-separated lists from the page: 0 the start's problems, 1 the files picked since the
// last call. Kept in Module.astarStash for page_take_stash; its size in bytes with the 0.
EM_JS(int, page_stash, (int what), {
  const lists = [() => (Module.astarProblems || []), () => (Module.astarPicked || []).splice(0)];
  Module.astarStash = lists[what]().join('\n');
  return lengthBytesUTF8(Module.astarStash) + 1;
});
EM_JS(void, page_take_stash, (char* out, int size), { stringToUTF8(Module.astarStash, out, size); });
// The canvas's size as the page shows it, in the screen's pixels (CSS pixels times
// devicePixelRatio), so that a HiDPI screen gets a sharp canvas; the UI's scale is the ratio
// (content_scale), as on a 4K desktop.
EM_JS(int, page_canvas_width, (), {
  return Module.canvas ? Math.round(Module.canvas.clientWidth * (window.devicePixelRatio || 1)) : 0;
});
EM_JS(int, page_canvas_height, (), {
  return Module.canvas ? Math.round(Module.canvas.clientHeight * (window.devicePixelRatio || 1)) : 0;
});
EM_JS(void, page_pick_files, (), { Module.astarPickFiles(); });
EM_JS(void, page_download, (const char* path), { Module.astarDownload(UTF8ToString(path)); });
EM_JS(void, page_copy_link, (const char* json, const char* name, const char* query, int limit), {
  Module.astarCopyLink(UTF8ToString(json), UTF8ToString(name), UTF8ToString(query), limit);
});

std::vector<std::string> page_lines(int what) {
  std::string text(static_cast<std::size_t>(page_stash(what)), '\0');
  page_take_stash(text.data(), static_cast<int>(text.size()));
  std::vector<std::string> lines;
  std::istringstream in(text.c_str());
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

std::function<void()> g_leaving;
std::function<void(bool, std::string)> g_link_done;

void call_frame(void* arg) {
  const auto& frame = *static_cast<const std::function<std::optional<int>()>*>(arg);
  if (const std::optional<int> code = frame()) {
    emscripten_cancel_main_loop();
    emscripten_force_exit(*code);
  }
}

}  // namespace

}  // namespace studio::platform

// Called by the page (studio_platform.js): it is hidden or closed; a Copy link finished.
extern "C" {
EMSCRIPTEN_KEEPALIVE void astar_page_hidden() {
  if (studio::platform::g_leaving) studio::platform::g_leaving();
}
EMSCRIPTEN_KEEPALIVE void astar_link_done(int copied, const char* message) {
  if (auto done = std::exchange(studio::platform::g_link_done, {})) done(copied != 0, message);
}
}

namespace studio::platform {

void context_hints() {
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
}

astar::Status load_gl() { return astar::Ok{}; }

float content_scale(GLFWwindow*) {
  return static_cast<float>(emscripten_get_device_pixel_ratio());
}

void follow_page_size(GLFWwindow* window) {
  const int shown_w = page_canvas_width(), shown_h = page_canvas_height();
  int w = 0, h = 0;
  glfwGetWindowSize(window, &w, &h);
  if (shown_w > 0 && shown_h > 0 && (shown_w != w || shown_h != h)) glfwSetWindowSize(window, shown_w, shown_h);
}

void publish_status(const std::string& text) { set_status_element(text.c_str()); }

std::vector<std::string> startup_problems() { return page_lines(0); }

bool pick_files_to_open() {
  page_pick_files();
  return true;
}
std::vector<std::string> take_picked_files() { return page_lines(1); }
void file_written(const std::string& path) { page_download(path.c_str()); }
void on_leaving(std::function<void()> keep) { g_leaving = std::move(keep); }

bool can_copy_link() { return true; }
void copy_link(const std::string& level_json, const std::string& file_name, const std::string& query,
               std::function<void(bool, std::string)> done) {
  g_link_done = std::move(done);
  page_copy_link(level_json.c_str(), file_name.c_str(), query.c_str(), kLinkLimit);
}

int run_loop(const std::function<std::optional<int>()>& frame, const std::function<double()>& /*idle_wait*/) {
  // 0 frames per second: the browser's animation frames (the browser paces them). true: never
  // returns (the stack, and with it `frame` and what it refers to, stays alive).
  emscripten_set_main_loop_arg(call_frame, const_cast<std::function<std::optional<int>()>*>(&frame), 0, true);
  return 0;
}

}  // namespace studio::platform
