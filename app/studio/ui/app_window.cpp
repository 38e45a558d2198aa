#include "ui/app_window.hpp"

#include "platform/gl.hpp"  // before GLFW, so GLFW does not pull in the system GL header
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "state/appearance.hpp"
#include "platform/platform.hpp"

namespace studio {

namespace {

void glfw_error(int code, const char* description) {
  std::fprintf(stderr, "astar-studio: GLFW error %d: %s\n", code, description);
}

// DejaVu Sans when installed (crisper at the sizes cell labels need), else ImGui's default font,
// at `scale` times the normal sizes. Glyphs are rasterised at `raster` times that (the
// framebuffer scale: Retina screens) and shown through io.FontGlobalScale = 1 / raster.
Fonts load_fonts(ImGuiIO& io, float scale, float raster) {
  const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const float r = scale * raster;
  Fonts fonts;
  std::error_code ec;
  // Latin-1 plus the arrows and maths signs the log writes (→, ∞, ×). The page's fonts are cut
  // down to these (cmake/web_studio.cmake): a range added here goes there too.
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
  if (std::filesystem::exists(kFont, ec)) {
    fonts.ui = io.Fonts->AddFontFromFileTTF(kFont, std::round(15.0f * r), nullptr, kRanges);
    fonts.small = io.Fonts->AddFontFromFileTTF(kFont, std::round(12.0f * r));
    fonts.large = io.Fonts->AddFontFromFileTTF(kFont, std::round(26.0f * r));
  }
  const char* kMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
  if (fonts.ui && std::filesystem::exists(kMono, ec))
    fonts.mono = io.Fonts->AddFontFromFileTTF(kMono, std::round(12.0f * r));
  if (!fonts.ui || !fonts.small || !fonts.large) {
    ImFontConfig config;
    config.SizePixels = std::round(13.0f * r);
    fonts.ui = fonts.small = fonts.large = io.Fonts->AddFontDefault(&config);
  }
  return fonts;
}

// The two looks of the UI, built once at start and swapped between frames: the normal dark style
// and presentation mode's high-contrast one (black, white text, thick borders), each with its
// sizes scaled.
ImGuiStyle normal_style(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowRounding = 4.0f;
  style.ChildRounding = 0.0f;
  style.ScaleAllSizes(scale);
  return style;
}

ImGuiStyle presentation_style(float scale) {
  ImGuiStyle style = normal_style(scale);
  ImVec4* c = style.Colors;
  const ImVec4 black(0, 0, 0, 1), white(1, 1, 1, 1), grey(0.16f, 0.16f, 0.16f, 1);
  const ImVec4 accent(1.0f, 0.85f, 0.0f, 1.0f);  // yellow: selection, checks, the slider grab
  c[ImGuiCol_Text] = white;
  c[ImGuiCol_TextDisabled] = ImVec4(0.8f, 0.8f, 0.8f, 1);
  c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = c[ImGuiCol_MenuBarBg] = black;
  c[ImGuiCol_PopupBg] = ImVec4(0.05f, 0.05f, 0.05f, 1);
  c[ImGuiCol_Border] = ImVec4(0.85f, 0.85f, 0.85f, 1);
  c[ImGuiCol_FrameBg] = c[ImGuiCol_Button] = c[ImGuiCol_Header] = grey;
  c[ImGuiCol_FrameBgHovered] = c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] =
      ImVec4(0.3f, 0.3f, 0.3f, 1);
  c[ImGuiCol_FrameBgActive] = c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] =
      ImVec4(0.45f, 0.45f, 0.45f, 1);
  c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrab] = c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_Separator] = ImVec4(0.7f, 0.7f, 0.7f, 1);
  style.WindowBorderSize = 2.0f;
  style.ChildBorderSize = 2.0f;
  style.FrameBorderSize = 1.5f;
  style.PopupBorderSize = 2.0f;
  return style;
}

}  // namespace

AppWindow::~AppWindow() {
  if (imgui_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (window_) glfwDestroyWindow(window_);
  if (glfw_) glfwTerminate();
}

astar::Status AppWindow::open(const Options& options, const std::string& title, bool vsync,
                              float& ui_scale) {
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) return astar::Error{"cannot initialise GLFW (no display?)"};
  glfw_ = true;
  platform::context_hints();
  title_ = title;
  window_ = glfwCreateWindow(options.width, options.height, title.c_str(), nullptr, nullptr);
  if (!window_) return astar::Error{std::string("cannot create an ") + platform::kContextName + " window"};
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(vsync ? 1 : 0);
  if (astar::Status loaded = platform::load_gl(); !loaded) return loaded;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_ = true;
  // Never imgui.ini in the working directory: StudioFiles keeps the layout in the config folder
  // (written atomically), and captures (--screenshot, --gif) neither read nor write it.
  ImGui::GetIO().IniFilename = nullptr;
  ui_scale = choose_ui_scale(options);
  load_looks(ui_scale);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init(platform::kImGuiGlslVersion);
  return astar::Ok{};
}

// HiDPI: the monitor's content scale over the framebuffer's (1 on X11 and Windows, where a 4K
// laptop says 2; 2 / 2 on a Retina Mac, whose window coordinates are already points), or
// --ui-scale. A scaled UI needs a larger window: the default size times the scale, within the
// screen.
float AppWindow::choose_ui_scale(const Options& options) {
  const float content_x = platform::content_scale(window_);
  int win_w = 0, win_h = 0, fb_w = 0, fb_h = 0;
  glfwGetWindowSize(window_, &win_w, &win_h);
  glfwGetFramebufferSize(window_, &fb_w, &fb_h);
  fb_scale_ = win_w > 0 && fb_w > 0 ? static_cast<float>(fb_w) / win_w : 1.0f;
  const float ui_scale =
      options.ui_scale > 0.0f ? options.ui_scale : std::clamp(content_x / fb_scale_, 0.5f, 4.0f);
  if (!options.size_given && ui_scale > 1.0f) {
    if (const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor()))
      glfwSetWindowSize(window_, std::min(static_cast<int>(options.width * ui_scale), mode->width * 9 / 10),
                        std::min(static_cast<int>(options.height * ui_scale), mode->height * 9 / 10));
  }
  return ui_scale;
}

// Fonts and style sizes follow the UI scale; presentation mode multiplies it by 1.6.
void AppWindow::load_looks(float ui_scale) {
  ImGuiIO& io = ImGui::GetIO();
  normal_fonts_ = load_fonts(io, ui_scale, fb_scale_);
  present_fonts_ = load_fonts(io, ui_scale * kPresentationScale, fb_scale_);
  io.FontGlobalScale = 1.0f / fb_scale_;
  styles_[0] = normal_style(ui_scale);
  styles_[1] = presentation_style(ui_scale * kPresentationScale);
  ImGui::GetStyle() = styles_[0];
  io.FontDefault = normal_fonts_.ui;
}

bool AppWindow::apply_look(bool presenting) {
  if (presenting == presenting_) return false;
  presenting_ = presenting;
  ImGui::GetStyle() = styles_[presenting ? 1 : 0];
  ImGui::GetIO().FontDefault = fonts().ui;
  set_full_screen(presenting);
  return true;
}

// Presentation mode's full screen: the primary monitor at its current video mode, and back to
// the window's place and size. Under Xvfb (no window manager) GLFW resizes an override-redirect
// window; any failure leaves the window as it was.
void AppWindow::set_full_screen(bool on) {
  if (on == (glfwGetWindowMonitor(window_) != nullptr)) return;
  if (!on) {
    glfwSetWindowMonitor(window_, nullptr, windowed_.x, windowed_.y, windowed_.w, windowed_.h,
                         GLFW_DONT_CARE);
    return;
  }
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!mode) {
    std::fprintf(stderr, "astar-studio: no monitor to go full screen on\n");
    return;
  }
  glfwGetWindowPos(window_, &windowed_.x, &windowed_.y);
  glfwGetWindowSize(window_, &windowed_.w, &windowed_.h);
  glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

void AppWindow::set_title(const std::string& title) {
  if (title == title_) return;
  title_ = title;
  glfwSetWindowTitle(window_, title_.c_str());
}

bool AppWindow::should_close() const { return glfwWindowShouldClose(window_); }
void AppWindow::keep_open() { glfwSetWindowShouldClose(window_, 0); }
void AppWindow::size(int& w, int& h) const { glfwGetWindowSize(window_, &w, &h); }
void AppWindow::framebuffer_size(int& w, int& h) const { glfwGetFramebufferSize(window_, &w, &h); }

}  // namespace studio
