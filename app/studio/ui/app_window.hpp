// The studio's window: GLFW, a GL context (OpenGL 3.3 core through glad, or WebGL 2 in the
// browser: platform.hpp), and Dear ImGui on it with the studio's two looks (normal and
// presentation mode: fonts and style, scaled for HiDPI screens). One object owns all of it and
// its destructor shuts it down in reverse order, so every exit path of main releases it, and
// everything made after it that holds GL objects (renderers) is destroyed while the context is
// still current:
//
//   AppWindow window;
//   if (auto opened = window.open(options, title, vsync); !opened) return fail(opened.error());
//   GridRenderer renderer;  // destroyed before `window`, with the context current
//   window.apply_look(studio.appearance.presentation);  // between frames
#pragma once

#include <string>

#include <imgui.h>

#include "astar/result.hpp"
#include "files/options.hpp"
#include "canvas/viewport.hpp"  // Fonts

struct GLFWwindow;

namespace studio {

class AppWindow {
 public:
  AppWindow() = default;
  AppWindow(const AppWindow&) = delete;
  AppWindow& operator=(const AppWindow&) = delete;
  ~AppWindow();  // ImGui's backends and context, the window, GLFW: whatever was made

  // Creates the window (options' size and UI scale), the context, loads GL and starts ImGui with
  // both looks, the normal one applied. `ui_scale` gets the scale in use.
  astar::Status open(const Options& options, const std::string& title, bool vsync, float& ui_scale);
  GLFWwindow* get() const { return window_; }

  // Presentation mode's look on or off (fonts, style, full screen); true when it changed.
  bool apply_look(bool presenting);
  const Fonts& fonts() const { return presenting_ ? present_fonts_ : normal_fonts_; }
  void set_title(const std::string& title);
  bool should_close() const;
  void keep_open();  // the close button was pressed but the studio asks first
  void size(int& w, int& h) const;
  void framebuffer_size(int& w, int& h) const;

 private:
  float choose_ui_scale(const Options& options);
  void load_looks(float ui_scale);
  void set_full_screen(bool on);

  bool glfw_ = false, imgui_ = false;
  GLFWwindow* window_ = nullptr;
  std::string title_;
  float fb_scale_ = 1.0f;
  Fonts normal_fonts_, present_fonts_;
  ImGuiStyle styles_[2];
  bool presenting_ = false;
  struct Placement {
    int x = 0, y = 0, w = 0, h = 0;
  } windowed_;  // where the window was before full screen
};

}  // namespace studio
