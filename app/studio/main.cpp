// A* Studio: paint grid levels and watch A* (and other searches) run one iteration at a time.
// The shape of Dear ImGui's example_glfw_opengl3: parse arguments, create the window and the GL
// context, initialise ImGui, loop (poll, new frame, build the UI, render, swap), shut down in
// reverse order.

// [SECTION] Includes
#include <glad/gl.h>  // before GLFW, so GLFW does not pull in the system GL header
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "animation_export.hpp"
#include "commands.hpp"
#include "grid_renderer.hpp"
#include "astar/generate.hpp"
#include "frame_bench.hpp"
#include "options.hpp"
#include "panels.hpp"
#include "screenshot.hpp"
#include "studio.hpp"
#include "studio_files.hpp"
#include "viewport.hpp"

namespace {

// [SECTION] Helpers

// Files dropped on the window go to the studio's files (GLFW calls back inside glfwPollEvents).
studio::StudioFiles* g_drop_target = nullptr;

void glfw_drop(GLFWwindow*, int count, const char** paths) {
  if (!g_drop_target || count <= 0) return;
  g_drop_target->drop(std::vector<std::string>(paths, paths + count));
}

void glfw_error(int code, const char* description) {
  std::fprintf(stderr, "astar-studio: GLFW error %d: %s\n", code, description);
}

// DejaVu Sans when installed (crisper at the sizes cell labels need), else ImGui's default font,
// at `scale` times the normal sizes. Glyphs are rasterised at `raster` times that (the
// framebuffer scale: Retina screens) and shown through io.FontGlobalScale = 1 / raster.
studio::Fonts load_fonts(ImGuiIO& io, float scale, float raster) {
  const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const float r = scale * raster;
  studio::Fonts fonts;
  std::error_code ec;
  // Latin-1 plus the arrows and maths signs the log writes (→, ∞, ×).
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

// Presentation mode's full screen: the primary monitor at its current video mode, and back to
// the window's place and size. Under Xvfb (no window manager) GLFW resizes an override-redirect
// window; any failure leaves the window as it was.
struct Placement {
  int x = 0, y = 0, w = 0, h = 0;
};

void set_full_screen(GLFWwindow* window, bool on, Placement& windowed) {
  if (on == (glfwGetWindowMonitor(window) != nullptr)) return;
  if (on) {
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) {
      std::fprintf(stderr, "astar-studio: no monitor to go full screen on\n");
      return;
    }
    glfwGetWindowPos(window, &windowed.x, &windowed.y);
    glfwGetWindowSize(window, &windowed.w, &windowed.h);
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window, nullptr, windowed.x, windowed.y, windowed.w, windowed.h,
                         GLFW_DONT_CARE);
  }
}

// The level to start with: the command line's, else levels/welcome.json, else a blank level.
// Returns false (after printing the load error) when the level given on the command line fails.
bool load_initial_level(studio::Studio& studio, const studio::Options& options,
                        std::string& warning) {
  if (!options.level_path.empty()) {
    if (auto opened = studio.open(options.level_path); !opened) {
      std::fprintf(stderr, "astar-studio: %s\n", opened.error().c_str());
      return false;
    }
    return true;
  }
  const std::string welcome = (std::filesystem::path(studio::level_dir()) / "welcome.json").string();
  std::error_code ec;
  if (std::filesystem::exists(welcome, ec)) {
    if (auto opened = studio.open(welcome); !opened) warning = opened.error();
  }
  studio.status = warning.empty() ? studio.status : "Could not open " + welcome;
  return true;
}

// F12: astar-studio-1.png, -2, ... in the current folder, never overwriting a file.
std::string next_free_name(const std::string& stem, const std::string& ext) {
  for (int i = 1;; ++i) {
    const std::string name = stem + std::to_string(i) + ext;
    std::error_code ec;
    if (!std::filesystem::exists(name, ec)) return name;
  }
}

}  // namespace

// [SECTION] Main

int main(int argc, char** argv) {
  // Arguments and the level come first: a bad command line fails fast, even without a display.
  auto parsed = studio::parse_options(argc, argv);
  if (!parsed) {
    std::fprintf(stderr, "astar-studio: %s\n", parsed.error().c_str());
    return 2;
  }
  const studio::Options options = parsed.value();
  if (options.help) {
    std::fputs(studio::usage().c_str(), stdout);
    return 0;
  }
  if (options.list_commands != studio::Options::CommandList::None) {
    const bool tsv = options.list_commands == studio::Options::CommandList::Tsv;
    std::fputs((tsv ? studio::command_table_tsv() : studio::command_table_markdown()).c_str(), stdout);
    return 0;
  }
  const bool screenshot_mode = !options.screenshot.empty();
  const bool bench_mode = options.bench_frames > 0;
  const bool gif_mode = !options.gif.empty();

  studio::Studio studio;
  std::string load_warning;
  if (!load_initial_level(studio, options, load_warning)) return 1;
  // The command line overrides what the level suggests (its preset, applied when it opened).
  if (options.was_given("--algorithm")) studio.set_algorithm(options.algorithm);
  if (options.was_given("--heuristic")) studio.set_heuristic(options.heuristic);
  if (options.was_given("--weight")) studio.set_weight(options.weight);
  if (options.was_given("--tie-break")) studio.set_tie_break(options.tie_break);
  if (options.partial_path) studio.set_partial_path(true);
  if (options.smooth) studio.set_smooth(true);
  studio.appearance.layers = options.layers;  // --hide-layer, --layer-opacity (before --tool)
  // --tool: wall (Brush on walls), erase (Eraser on walls), cost=V, height=H (Brush on that layer).
  constexpr astar::Layer kToolLayers[] = {astar::Layer::Walls, astar::Layer::Walls, astar::Layer::Costs,
                                          astar::Layer::Heights};
  studio.appearance.layers.active = kToolLayers[options.tool];
  studio.tools.tool = options.tool == 1 ? studio::Tool::Eraser : studio::Tool::Brush;
  if (options.tool == 2) studio.tools.cost = options.tool_value;
  if (options.tool == 3) studio.tools.height = static_cast<int>(options.tool_value);
  studio.appearance.choose_palette(options.palette);
  if (options.patterns) studio.appearance.patterns = *options.patterns;
  studio.appearance.overlays = options.overlays;
  studio.flush();
  if (options.check_heuristic) studio.check_heuristic();
  if (options.run) studio.run_to_end();
  else if (options.steps > 0) studio.step(options.steps);
  for (std::int64_t i = 0; i < options.back && studio.step_back(); ++i) {
  }
  studio.view.initial_zoom = options.zoom;
  if (options.focus) {
    studio.view.focus_x = options.focus->x;
    studio.view.focus_y = options.focus->y;
  }

  // [SECTION] Window and OpenGL 3.3 core context
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr, "astar-studio: cannot initialise GLFW (no display?)\n");
    return 1;
  }
  const char* glsl_version = "#version 330 core";
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
  std::string title = studio.window_title();
  GLFWwindow* window =
      glfwCreateWindow(options.width, options.height, title.c_str(), nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "astar-studio: cannot create an OpenGL 3.3 core window\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(bench_mode ? 0 : 1);  // a benchmark measures frames, not the display's rate
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "astar-studio: cannot load the OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }

  // [SECTION] Dear ImGui
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // Never imgui.ini in the working directory: StudioFiles keeps the layout in the config folder
  // (written atomically), and captures (--screenshot, --gif) neither read nor write it.
  io.IniFilename = nullptr;
  // HiDPI: the monitor's content scale over the framebuffer's (1 on X11 and Windows, where a
  // 4K laptop says 2; 2 / 2 on a Retina Mac, whose window coordinates are already points), or
  // --ui-scale. Fonts and style sizes follow it; presentation mode multiplies it by 1.6.
  float content_x = 1.0f, content_y = 1.0f;
  glfwGetWindowContentScale(window, &content_x, &content_y);
  int win_w = 0, win_h = 0, fb_w0 = 0, fb_h0 = 0;
  glfwGetWindowSize(window, &win_w, &win_h);
  glfwGetFramebufferSize(window, &fb_w0, &fb_h0);
  const float fb_scale = win_w > 0 && fb_w0 > 0 ? static_cast<float>(fb_w0) / win_w : 1.0f;
  const float ui_scale = options.ui_scale > 0.0f
                             ? options.ui_scale
                             : std::clamp(content_x / fb_scale, 0.5f, 4.0f);
  studio.appearance.ui_scale = ui_scale;
  // A scaled UI needs a larger window: the default size times the scale, within the screen.
  if (!options.size_given && ui_scale > 1.0f) {
    const GLFWvidmode* mode = glfwGetVideoMode(glfwGetPrimaryMonitor());
    if (mode)
      glfwSetWindowSize(window, std::min(static_cast<int>(options.width * ui_scale), mode->width * 9 / 10),
                        std::min(static_cast<int>(options.height * ui_scale), mode->height * 9 / 10));
  }
  const studio::Fonts normal_fonts = load_fonts(io, ui_scale, fb_scale);
  const studio::Fonts present_fonts = load_fonts(io, ui_scale * studio::kPresentationScale, fb_scale);
  io.FontGlobalScale = 1.0f / fb_scale;
  const ImGuiStyle styles[2] = {normal_style(ui_scale),
                                presentation_style(ui_scale * studio::kPresentationScale)};
  ImGui::GetStyle() = styles[0];
  io.FontDefault = normal_fonts.ui;
  studio.appearance.presentation = options.present;
  bool presenting = false;  // what is applied: fonts, style, full screen
  Placement windowed;
  int refit_frames = 0, last_w = 0, last_h = 0;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(glsl_version);

  studio::GridRenderer renderer;
  if (!renderer.init(studio::shader_dir()))
    std::fprintf(stderr, "astar-studio: %s\n", renderer.error().c_str());

  studio::Ui ui;
  // Settings, recent files, autosave and the recovery offer, from the config folder. Captures
  // depend on their command line alone: they leave the config folder alone.
  studio::StudioFiles files;
  if (!screenshot_mode && !gif_mode && !bench_mode) {
    files.start(studio, ui.files, options);
    files.load_layout();
    g_drop_target = &files;
    glfwSetDropCallback(window, glfw_drop);
  }
  files.import = &ui.dialogs.import;  // dropped images and Tiled maps
  // [dialogs] --open-dialog, --recipe, --import.
  if (options.open_dialog == "generate") {
    if (auto r = astar::parse_generator_recipe(options.recipe); r && !options.recipe.empty())
      ui.dialogs.generate.request(r.value());
    else
      ui.dialogs.generate.request();
  } else if (options.open_dialog == "import") {
    ui.dialogs.import.request(studio, options.import_path);
  } else if (options.open_dialog == "export-map" || options.open_dialog == "export-png") {
    ui.dialogs.exporter.request(studio, options.open_dialog == "export-map"
                                            ? studio::ExportDialog::Kind::Map
                                            : studio::ExportDialog::Kind::Png);
  }
  if (!options.compare.empty())
    ui.compare.start(options.compare, options.heuristic, options.steps, options.run);
  if (!load_warning.empty()) ui.files.show_error("Could not open the welcome level", load_warning);

  // --gif: export the run, then exit (like --screenshot, without hover effects).
  studio::AnimationExport animation;
  if (gif_mode) {
    studio::AnimationSettings s;
    s.path = options.gif;
    s.from = options.gif_from;
    s.to = options.gif_to;
    s.frames = options.gif_frames;
    s.delay_ms = options.gif_delay_ms;
    s.shrink = options.gif_shrink;
    if (auto started = animation.start(studio, s); !started) {
      std::fprintf(stderr, "astar-studio: --gif: %s\n", started.error().c_str());
      return 1;
    }
  }

  // [SECTION] Main loop
  int exit_code = 0;
  int frame = 0;
  studio::FrameBench bench(options.bench_frames);
  if (bench_mode && options.bench_play > 0) {
    studio.speed = static_cast<float>(options.bench_play);
    studio.playing = true;
  }
  while (true) {
    if (bench_mode) bench.frame_start(glfwGetTime());
    glfwPollEvents();
    if (glfwWindowShouldClose(window)) {
      if (screenshot_mode || !studio.dirty() || ui.files.quit_confirmed()) break;
      glfwSetWindowShouldClose(window, 0);  // unsaved changes: ask first
      ui.files.request_quit(studio);
    }
    if (ui.files.quit_confirmed()) break;
    if (const std::string t = studio.window_title(); t != title) {
      title = t;
      glfwSetWindowTitle(window, title.c_str());
    }

    // Presentation mode (View menu, F11, --present): applied between frames.
    if (studio.appearance.presentation != presenting) {
      presenting = studio.appearance.presentation;
      ImGui::GetStyle() = styles[presenting ? 1 : 0];
      io.FontDefault = (presenting ? present_fonts : normal_fonts).ui;
      studio.appearance.debugger_column = !presenting;
      set_full_screen(window, presenting, windowed);
      studio.view.fit_pending = true;  // (a pending --zoom still applies)
      refit_frames = 30;
    }
    // A window manager may resize the window a few frames later: refit to the final size.
    if (refit_frames > 0) {
      --refit_frames;
      int w = 0, h = 0;
      glfwGetWindowSize(window, &w, &h);
      if ((w != last_w || h != last_h) && studio.view.initial_zoom <= 0.0f) studio.view.fit_pending = true;
      last_w = w;
      last_h = h;
    }
    const studio::Fonts& fonts = presenting ? present_fonts : normal_fonts;

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (screenshot_mode || gif_mode || bench_mode) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover
    if (bench_mode && options.bench_pan && !studio.view.fit_pending) {
      // Back and forth across the level, 6 px a frame.
      const float dx = (frame / 100) % 2 == 0 ? 6.0f : -6.0f;
      studio.view.offset_x += dx;
      studio.view.offset_y += dx * 0.5f;
    }
    ImGui::NewFrame();
    studio.appearance.font_px = ImGui::GetFontSize();  // the atlas is built by now
    if (animation.active()) animation.before_frame(studio);
    else if (!screenshot_mode) studio.update(io.DeltaTime);
    else if (options.play_steps > 0) studio.step(options.play_steps);  // as playing does
    ui.Draw(studio, renderer, fonts);
    if (g_drop_target) files.frame(studio, ui.files, glfwGetTime());
    studio.flush();          // re-run the search after this frame's edits
    renderer.sync(studio);   // then upload what changed
    ImGui::Render();

    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.1f, 0.1f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (screenshot_mode && ++frame >= options.frames) {
      auto written = studio::write_screenshot(options.screenshot, fb_w, fb_h);
      if (written)
        written = studio::write_sidecar(options.screenshot, studio, fb_w, fb_h,
                                        io.DisplayFramebufferScale.x, io.DisplayFramebufferScale.y,
                                        ui.compare.sidecar_json(io.DisplayFramebufferScale.x,
                                                                io.DisplayFramebufferScale.y));
      if (!written) {
        std::fprintf(stderr, "astar-studio: %s\n", written.error().c_str());
        exit_code = 1;
      } else if (!renderer.ready()) {
        std::fprintf(stderr, "astar-studio: screenshot written without the grid: %s\n",
                     renderer.error().c_str());
        exit_code = 1;
      }
      break;
    }
    if (const auto exported = animation.after_render(studio, io.DisplayFramebufferScale.x,
                                                     io.DisplayFramebufferScale.y, fb_h)) {
      if (!*exported) studio.status = "Animation not saved: " + exported->error();
      if (gif_mode) {
        if (!*exported) std::fprintf(stderr, "astar-studio: %s\n", exported->error().c_str());
        else std::printf("%s\n", studio.status.c_str());
        exit_code = *exported ? 0 : 1;
        break;
      }
    }
    if (auto request = ui.take_animation_request()) {
      if (auto started = animation.start(studio, *request); !started)
        studio.status = "Animation not started: " + started.error();
    }
    for (const studio::MainRequest request : studio.requests.take()) {
      switch (request) {
        case studio::MainRequest::ExportTrace:
          (void)studio.export_trace(next_free_name("astar-trace-", ".json"));
          break;
        case studio::MainRequest::Screenshot: {
          const std::string file = next_free_name("astar-studio-", ".png");
          auto written = studio::write_screenshot(file, fb_w, fb_h);
          if (written)  // with the state it shows, as --screenshot does (tests read it)
            written = studio::write_sidecar(file, studio, fb_w, fb_h, io.DisplayFramebufferScale.x,
                                            io.DisplayFramebufferScale.y,
                                            ui.compare.sidecar_json(io.DisplayFramebufferScale.x,
                                                                    io.DisplayFramebufferScale.y));
          studio.status = written ? "Screenshot saved: " + file : written.error();
          break;
        }
      }
    }
    glfwSwapBuffers(window);
    if (bench_mode) {
      glFinish();  // the frame is done when the GPU (llvmpipe: the CPU) has drawn it
      ++frame;
      if (bench.frame_end(glfwGetTime())) {
        std::printf("%s\n", bench.report(studio).c_str());
        break;
      }
    }
  }

  // [SECTION] Shutdown, in reverse order
  if (g_drop_target) files.finish();
  g_drop_target = nullptr;
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}
