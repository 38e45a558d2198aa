// A* Studio: paint grid levels and watch A* (and other searches) run one iteration at a time.
// The shape of Dear ImGui's example_glfw_opengl3: parse arguments, set up the studio, create the
// window and the GL context with ImGui on it, loop (poll, new frame, build the UI, render, swap),
// shut down in reverse order. What the loop does besides is up to its FrameDriver: a person, or
// one of the capture modes (--screenshot, --gif, --bench-frames), which end the loop themselves.

// [SECTION] Includes
#include "platform/gl.hpp"  // before GLFW, so GLFW does not pull in the system GL header
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <optional>
#include <vector>

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "ui/app_window.hpp"
#include "astar/endpoint_args.hpp"
#include "astar/format.hpp"
#include "astar/generate.hpp"
#include "astar/movingai.hpp"
#include "ui/commands.hpp"
#include "ui/frame_driver.hpp"
#include "ui/frame_pacing.hpp"
#include "canvas/grid_renderer.hpp"
#include "files/exercise_progress.hpp"
#include "files/options.hpp"
#include "ui/ui.hpp"
#include "platform/platform.hpp"
#include "state/studio.hpp"
#include "ui/studio_files.hpp"
#include "files/import_formats.hpp"
#include "state/trace_mode.hpp"

namespace {

// [SECTION] Setting up

// Files dropped on the window go to the studio's files (GLFW calls back inside glfwPollEvents).
studio::StudioFiles* g_drop_target = nullptr;

void glfw_drop(GLFWwindow*, int count, const char** paths) {
  if (!g_drop_target || count <= 0) return;
  g_drop_target->drop(std::vector<std::string>(paths, paths + count));
}

// --list-lessons: each lesson's file and title; 1 when there are none (why on stderr).
int list_lessons() {
  const std::vector<studio::LessonEntry> lessons = studio::find_lessons();
  for (const studio::LessonEntry& l : lessons) std::printf("%s\t%s\n", l.path.c_str(), l.title.c_str());
  if (!lessons.empty()) return 0;
  const std::string problem = studio::level_dir_problem();
  std::fprintf(stderr, "astar-studio: no lessons: %s\n",
               problem.empty() ? ("nothing readable in " + studio::level_dir() + "/lessons").c_str()
                               : problem.c_str());
  return 1;
}

// --help, --version, --list-lessons, --list-commands, --list-keys: print and exit before any
// window, with this exit code.
std::optional<int> print_and_exit(const studio::Options& options) {
  using List = studio::Options::CommandList;
  if (options.help) std::fputs(studio::usage().c_str(), stdout);
  else if (options.version) std::puts("astar-studio " ASTAR_VERSION);
  else if (options.list_lessons) return list_lessons();
  else if (options.list_commands == List::Tsv) std::fputs(studio::command_table_tsv().c_str(), stdout);
  else if (options.list_commands == List::Markdown) std::fputs(studio::command_table_markdown().c_str(), stdout);
  else return std::nullopt;
  return 0;
}

// --trace FILE without LEVEL: the trace on a blank level sized to its cells; an error when the
// trace cannot be read.
astar::Status open_trace_alone(studio::Studio& studio, const std::string& path) {
  auto read = astar::read_trace_file(path);
  auto level = read ? studio::blank_level_for(read.value()) : astar::Error{read.error()};
  if (!level) return astar::Error{level.error()};
  studio.set_level(std::move(level).value(), "");
  studio.open_trace(std::make_shared<const astar::ImportedTrace>(std::move(read).value()), path);
  return astar::Ok{};
}

// LEVEL on the command line: a level file, or a MovingAI map opened as a new untitled level (as
// a dropped one is). `from_map` says which.
astar::Status open_level_arg(studio::Studio& studio, const std::string& path, bool& from_map) {
  from_map = studio::import_format_of(path) == studio::ImportFormat::MovingAi;
  if (!from_map) return studio.open(path);
  auto lv = studio::import_movingai(path);
  if (!lv) return astar::Error{lv.error()};
  studio.set_level(std::move(lv).value(), "");
  studio.status = "Opened the MovingAI map " + path + " as a new untitled level";
  return astar::Ok{};
}

// A map has no start and goal of its own: a trace over it brings them (its source and
// destination), as `astar check-trace MAP TRACE` takes them.
void endpoints_from_trace(studio::Studio& studio) {
  const studio::TraceMode* t = studio.trace_mode();
  if (!t) return;
  const astar::ImportedTrace& trace = *t->trace;
  const auto start = trace.cell_of(trace.source_node);
  auto goal = trace.cell_of(trace.destination_node);
  if (!goal) goal = trace.cell_of(trace.end_node());
  if (start && studio.can_hold_endpoint(*start)) studio.move_start(*start);
  if (goal && studio.can_hold_endpoint(*goal)) studio.move_goal(*goal);
}

// --resume RESULT: the exercise a result file records, taken to where its answers got.
astar::Status resume_exercise(studio::Studio& studio, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return astar::Error{path + ": cannot read the result file"};
  std::ostringstream text;
  text << in.rdbuf();
  auto progress = studio::read_exercise_progress(text.str(), path);
  if (!progress) return astar::Error{progress.error()};
  return studio.restore_exercise(progress.value().spec, progress.value().actions, path);
}

// The level (and trace) load_initial_level starts with.
astar::Status open_initial_level(studio::Studio& studio, const studio::Options& options,
                                 std::string& warning) {
  if (options.exercise) return studio.start_exercise(*options.exercise);  // --exercise KIND
  if (!options.resume.empty()) return resume_exercise(studio, options.resume);
  if (options.level_path.empty() && !options.trace_path.empty())
    return open_trace_alone(studio, options.trace_path);
  if (!options.level_path.empty()) {
    bool from_map = false;
    if (auto opened = open_level_arg(studio, options.level_path, from_map); !opened) return opened;
    if (options.follow) {
      studio.follow_trace(options.trace_path);
    } else if (!options.trace_path.empty()) {
      if (auto traced = studio.open_trace(options.trace_path); !traced) return traced;
      if (from_map) endpoints_from_trace(studio);
    }
    return astar::Ok{};
  }
  const std::string welcome = (std::filesystem::path(studio::level_dir()) / "welcome.json").string();
  std::error_code ec;
  if (std::filesystem::exists(welcome, ec)) {
    if (auto opened = studio.open(welcome); !opened) warning = opened.error();
  }
  studio.status = warning.empty() ? studio.status : "Could not open " + welcome;
  // No levels folder: say where it was looked for (also on stderr, for a terminal's user).
  if (const std::string problem = studio::level_dir_problem(); !problem.empty()) {
    std::fprintf(stderr, "astar-studio: %s\n", problem.c_str());
    studio.status = "No lessons: " + problem;
  }
  return astar::Ok{};
}

// --start and --goal over the level's own (or its trace's): checked by core, then moved as the
// start and goal tools move them (one undo step). The studio keeps start and goal apart.
astar::Status apply_endpoint_options(studio::Studio& studio, const studio::Options& options) {
  const astar::EndpointArgs& e = options.endpoints;
  if (!e.any()) return astar::Ok{};
  const astar::Level& level = studio.level();
  const std::string file = options.level_path.empty() ? "" : options.level_path + ": ";
  if (astar::Status ok = astar::check_endpoint_args(level, e); !ok)
    return astar::Error{file + ok.error()};
  const astar::Cell start = e.start.value_or(level.start()), goal = e.goal.value_or(level.goal());
  if (start == goal)
    return astar::Error{file + (e.start ? "--start" : "the level's start") + " and " +
                        (e.goal ? "--goal" : "the level's goal") + " are the same cell " +
                        astar::cell_text(start) + ": the studio keeps start and goal apart"};
  studio.editor().set_endpoints(start, goal);  // false only when neither moves
  return astar::Ok{};
}

// --scen FILE --agents K: the scenario's first K queries as the level's units, with the
// benchmark's rules (one undo step, as an import). An error names the file and the query.
astar::Status scenario_units(studio::Studio& studio, const studio::Options& options) {
  if (options.scen.empty() && options.agents == 0) return astar::Ok{};
  if (options.scen.empty() || options.agents == 0)
    return astar::Error{"--scen FILE and --agents K go together (a scenario's first K queries as units)"};
  astar::Level level = studio.level();
  if (astar::Status s = astar::add_movingai_units(level, options.scen, static_cast<std::size_t>(options.agents)); !s)
    return s;
  studio.replace_level(std::move(level), "Units from " + options.scen);
  return astar::Ok{};
}

// The level to start with: the command line's, else levels/welcome.json, else a blank level;
// then --trace's trace and --plan's plan. An error when the level, the trace or the plan given on
// the command line fails.
astar::Status load_initial_level(studio::Studio& studio, const studio::Options& options,
                                 std::string& warning) {
  if (auto opened = open_initial_level(studio, options, warning); !opened) return opened;
  if (auto units = scenario_units(studio, options); !units) return units;
  if (!options.plan_path.empty())  // --plan: on the level's units, after --scen's
    if (auto plan = studio.open_plan(options.plan_path); !plan) return plan;
  if (options.finding > 0 && studio.trace_mode() == nullptr && studio.opened_plan() == nullptr)
    return astar::Error{"--finding " + std::to_string(options.finding) + ": " + options.level_path +
                        " opens no trace (--finding needs --trace or --plan, or a LEVEL whose search.trace names one)"};
  return apply_endpoint_options(studio, options);
}

// CBS watched from the command line: --cbs-nodes N tree nodes expanded, then --watch-steps K
// iterations, node --cbs-select shown, its time slider at --tick.
void watch_cbs(studio::UnitsPlayback& p, const studio::Options& options) {
  studio::CbsWatch& w = p.cbs();
  for (std::int64_t i = 0; i < options.cbs_nodes && w.step(studio::CbsStep::Node); ++i) {
  }
  for (std::int64_t i = 0; i < options.watch_steps && w.step(studio::CbsStep::Iteration); ++i) {
  }
  if (options.cbs_select >= 0) w.select(static_cast<std::uint32_t>(std::min<std::int64_t>(options.cbs_select, 0xFFFFFFFE)));
  w.set_tick(static_cast<std::size_t>(options.units_tick));
}

// --units, --window and --tick: Play units, over the level's units_plan, planned now so the
// first frame (and a screenshot) shows the tick; --watch-steps (and CBS's --cbs-*) watching.
void apply_units_options(studio::Studio& studio, const studio::Options& options) {
  studio::UnitsPlayback& p = studio.units_playback;
  if (!options.units_planner.empty()) p.show(*studio::parse_units_planner(options.units_planner));
  if (options.units_window > 0) p.set_window(options.units_window);
  if (options.cbs_choice) p.set_cbs_choice(*options.cbs_choice);
  if (!p.shown()) return;
  p.update(0.0, studio.level());
  p.set_tick(static_cast<std::size_t>(options.units_tick));
  const bool cbs = p.planner() == studio::UnitsPlanner::Cbs;
  const bool watched = options.watch_steps >= 0 || (cbs && (options.cbs_nodes >= 0 || options.cbs_select >= 0));
  if (!watched || !p.watch(studio.level())) return;
  if (cbs) return watch_cbs(p, options);
  for (std::int64_t i = 0; i < options.watch_steps && p.watch_step_node(); ++i) {
  }
}

// The command line over what the level suggests (its preset, applied when it opened), then the
// looks, the tool and the search's starting point.
void apply_command_line(studio::Studio& studio, const studio::Options& options) {
  studio::SearchSession& session = studio.session();
  if (options.was_given("--algorithm")) session.set_algorithm(options.algorithm);
  if (options.was_given("--heuristic")) session.set_heuristic(options.heuristic);
  if (options.was_given("--weight")) session.set_weight(options.weight);
  if (options.was_given("--tie-break")) session.set_tie_break(options.tie_break);
  if (options.range) {  // the movement range (Dijkstra), over the level's search.budget
    session.set_range_budget(*options.range);
    session.set_movement_range(true);
  }
  if (options.partial_path) session.set_partial_path(true);
  if (options.smooth) session.set_smooth(true);
  if (options.was_given("--cluster-size")) session.set_cluster_size(options.cluster_size);
  if (options.hpa_smooth) session.set_hpa_smooth(true);
  apply_units_options(studio, options);
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
  if (options.check_heuristic) session.check_heuristic();
  if (options.run) session.run_to_end();
  else if (options.steps > 0) session.step(options.steps);
  for (std::int64_t i = 0; i < options.back && session.step_back(); ++i) {
  }
  if (options.finding > 0 && studio.trace_mode()) studio.select_finding(static_cast<std::size_t>(options.finding - 1));
  else if (options.finding > 0) studio.select_plan_finding(static_cast<std::size_t>(options.finding - 1));  // --plan's
  studio.view.initial_zoom = options.zoom;
  if (options.focus) {
    studio.view.focus_x = options.focus->x;
    studio.view.focus_y = options.focus->y;
  }
}

// The start's errors (a bad option, a level that does not open): the desktop prints them and
// ends with `code`; the page (platform::kStartErrorsEndTheProgram) keeps them in `problems`, to
// show in the studio and in #status, and goes on without what was wrong.
std::optional<int> start_error(const std::string& error, int code, std::vector<std::string>& problems) {
  std::fprintf(stderr, "astar-studio: %s\n", error.c_str());
  if (studio::platform::kStartErrorsEndTheProgram) return code;
  problems.push_back(error);
  return std::nullopt;
}

// The option `error` names ("--key: ..." or "... '--key' ..."), taken out of `args` with its
// value; all but the program's name when it names none. So a link with one bad option still
// opens its lesson.
void leave_out_named(std::vector<const char*>& args, const std::string& error) {
  const auto named = std::find_if(args.begin() + 1, args.end(), [&](const char* a) {
    const std::string arg = a;
    return arg.starts_with("--") && (error.starts_with(arg + ":") || error.find("'" + arg + "'") != std::string::npos);
  });
  if (named == args.end()) {
    args.resize(1);
    return;
  }
  const bool has_value = named + 1 != args.end() && !std::string(*(named + 1)).starts_with("--");
  args.erase(named, named + (has_value ? 2 : 1));
}

// The options and the level, as far as they go: the page's bad option or level is left out.
std::optional<int> start_studio(int argc, char** argv, studio::Studio& studio, studio::Options& options,
                                std::string& load_warning, std::vector<std::string>& problems) {
  std::vector<const char*> args(argv, argv + argc);
  auto parsed = studio::parse_options(argc, argv);
  while (!parsed) {
    if (auto code = start_error(parsed.error(), 2, problems)) return code;
    leave_out_named(args, parsed.error());
    parsed = studio::parse_options(static_cast<int>(args.size()), args.data());
  }
  options = parsed.value();
  if (const auto code = print_and_exit(options)) return code;
  if (auto loaded = load_initial_level(studio, options, load_warning); !loaded) {
    if (auto code = start_error(loaded.error(), 1, problems)) return code;
    options.level_path.clear();
    options.trace_path.clear();
    options.finding = 0;
    options.endpoints = {};
    options.exercise.reset();
    options.resume.clear();
    (void)load_initial_level(studio, options, load_warning);
  }
  apply_command_line(studio, options);
  return std::nullopt;
}

// [dialogs] --open-dialog, --recipe, --import; and --compare.
void open_requested_windows(studio::Studio& studio, studio::Ui& ui, const studio::Options& options) {
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
    ui.compare.start(options.compare, options.heuristic, options.steps, options.run,
                     options.compare_trace);
}

// [SECTION] The loop

// Everything the loop works with; made after the window, so destroyed before it, with the GL
// context current (the renderers release their GL objects).
struct Session {
  studio::Studio& studio;
  studio::AppWindow& window;
  studio::FrameDriver& driver;
  studio::GridRenderer renderer;
  studio::Ui ui;
  studio::StudioFiles files;
  studio::AnimationExport animation;
  int refit_frames = 0, last_w = 0, last_h = 0;
  int frames_shown = 0;
  std::string published_status;  // the status line as platform::publish_status last had it
  studio::FramePacing pacing;     // a person's studio: how long to wait for input between frames
};

// The page's start problems (start_studio, platform::startup_problems): in the error dialog
// and the status line, which #status mirrors.
void show_start_problems(Session& s, const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  std::string text;
  for (const std::string& p : problems) text += (text.empty() ? "" : "\n") + p;
  s.ui.files.show_error("The link could not be followed", text);
  s.studio.status = problems.front();
}

// Tests that drive the studio with real input set $ASTAR_STUDIO_READY_FILE and wait for it: it is
// written once the first frames are on screen (the first is slow: fonts, shaders), so a key
// they hold is seen in a frame of its own instead of arriving with its release in that first one.
void announce_ready() {
  const char* path = std::getenv("ASTAR_STUDIO_READY_FILE");
  if (!path || !*path) return;
  if (std::FILE* f = std::fopen(path, "w")) {
    std::fputs("ready\n", f);
    std::fclose(f);
  }
}

// The close button: captures close at once; otherwise unsaved changes are asked about first.
bool wants_to_quit(Session& s) {
  if (s.window.should_close()) {
    if (!s.driver.interactive() || s.ui.files.quit_confirmed() ||
        (!s.studio.dirty() && !s.studio.exercise_in_progress()))
      return true;
    s.window.keep_open();
    s.ui.files.request_quit(s.studio);
  }
  return s.ui.files.quit_confirmed();
}

// Presentation mode (View menu, F11, --present) is applied between frames; a window manager may
// resize the window a few frames later, so the view refits to the final size.
void follow_presentation(Session& s) {
  if (s.window.apply_look(s.studio.appearance.presentation)) {
    s.studio.appearance.debugger_column = !s.studio.appearance.presentation;
    s.studio.view.fit_pending = true;  // (a pending --zoom still applies)
    s.refit_frames = 30;
  }
  if (s.refit_frames > 0) {
    --s.refit_frames;
    int w = 0, h = 0;
    s.window.size(w, h);
    if ((w != s.last_w || h != s.last_h) && s.studio.view.initial_zoom <= 0.0f) s.studio.view.fit_pending = true;
    s.last_w = w;
    s.last_h = h;
  }
}

// Builds and renders one frame; returns the driver's exit code when the loop should end.
std::optional<int> run_frame(Session& s) {
  ImGuiIO& io = ImGui::GetIO();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (!s.driver.interactive()) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover
  studio::Frame frame{s.studio, s.ui, s.renderer, s.animation, io.DeltaTime};
  ImGui::NewFrame();
  s.studio.appearance.font_px = ImGui::GetFontSize();  // the atlas is built by now
  s.driver.before_ui(frame);
  s.ui.Draw(s.studio, s.renderer, s.window.fonts());
  if (g_drop_target) {
    // The page's file picker (File > Open there): its files open as dropped ones.
    if (auto picked = studio::platform::take_picked_files(); !picked.empty()) s.files.drop(std::move(picked));
    s.files.frame(s.studio, s.ui.files, glfwGetTime());
  }
  s.studio.flush();         // re-run the search after this frame's edits
  s.renderer.sync(s.studio);  // then upload what changed
  ImGui::Render();

  s.window.framebuffer_size(frame.fb_w, frame.fb_h);
  glViewport(0, 0, frame.fb_w, frame.fb_h);
  glClearColor(0.1f, 0.1f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  frame.scale_x = io.DisplayFramebufferScale.x;
  frame.scale_y = io.DisplayFramebufferScale.y;
  if (auto code = s.driver.after_render(frame)) return code;
  glfwSwapBuffers(s.window.get());
  return s.driver.after_swap(frame, glfwGetTime());
}

// $ASTAR_TEST_THROW_FILE (tests only): once that file exists, the next frame throws, to test
// run_guarded.
void throw_when_asked() {
  const char* path = std::getenv("ASTAR_TEST_THROW_FILE");
  if (path && *path && std::filesystem::exists(path))
    throw std::logic_error(std::string("test: ") + path + " exists");
}

// One turn of the loop: events, then a frame; an exit code ends the loop.
std::optional<int> loop_turn(Session& s) {
  s.driver.frame_start(glfwGetTime());
  studio::platform::follow_page_size(s.window.get());
  glfwPollEvents();
  if (wants_to_quit(s)) return 0;
  throw_when_asked();
  s.window.set_title(s.studio.window_title());
  follow_presentation(s);
  if (auto code = run_frame(s)) return code;
  if (++s.frames_shown == 3) announce_ready();
  if (std::string line = studio::status_line_text(s.studio); line != s.published_status)
    studio::platform::publish_status(s.published_status = std::move(line));
  return std::nullopt;
}

// Something on screen moves by itself: frames follow the screen, however idle the person is.
bool moving(const Session& s) {
  return s.studio.playing || s.studio.following() || s.animation.active() || s.ui.compare.playing() ||
         s.refit_frames > 0;
}

// What the person did in the last frame, as ImGui saw it: a key or button held, the pointer or
// the wheel moved, a field being edited (its cursor blinks), a slider or a button held.
bool input_last_frame() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)
    return true;
  for (const bool down : io.MouseDown)
    if (down) return true;
  for (const bool down : io.KeysDown)
    if (down) return true;
  return io.WantTextInput || ImGui::IsAnyItemActive();
}

// The loop's owner is the platform's: this thread on the desktop, the page's animation frames in
// the browser. A person's studio is paced (ui/frame_pacing.hpp); captures are not.
int run(Session& s) {
  std::function<double()> idle_wait;
  if (s.driver.interactive() && s.driver.vsync())
    idle_wait = [&s] { return s.pacing.idle_wait(glfwGetTime(), moving(s) || input_last_frame()); };
  return studio::platform::run_loop([&s] { return loop_turn(s); }, idle_wait);
}

// The loop, with a last guard: a bug that throws (an accessor given a cell outside the level,
// say) ends the studio with a message, and the level goes to the recovery file that the next
// start offers, so no work is lost.
constexpr int kInternalError = 70;  // EX_SOFTWARE

int run_guarded(Session& s) {
  try {
    return run(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "astar-studio: internal error: %s\n", e.what());
    if (g_drop_target && s.files.keep_for_recovery(s.studio))
      std::fprintf(stderr, "astar-studio: the level was kept; the next start offers to restore it\n");
    return kInternalError;
  }
}

}  // namespace

// [SECTION] Main

int main(int argc, char** argv) {
  // Arguments and the level come first: a bad command line fails fast, even without a display.
  std::vector<std::string> problems = studio::platform::startup_problems();
  studio::Options options;
  studio::Studio studio;
  studio.on_file_written = studio::platform::file_written;
  std::string load_warning;
  if (const auto code = start_studio(argc, argv, studio, options, load_warning, problems)) return *code;
  const auto driver = studio::make_frame_driver(options);

  // The window, its context and ImGui; shut down by its destructor on every way out.
  studio::AppWindow window;
  if (auto opened = window.open(options, studio.window_title(), driver->vsync(), studio.appearance.ui_scale);
      !opened) {
    std::fprintf(stderr, "astar-studio: %s\n", opened.error().c_str());
    return 1;
  }
  studio.appearance.presentation = options.present;
  studio.appearance.embed = options.embed;

  Session s{studio, window, *driver, {}, {}, {}, {}, 0, 0, 0, 0, {}, {}};
  if (!s.renderer.init(studio::shader_override_dir()))
    std::fprintf(stderr, "astar-studio: %s\n", s.renderer.error().c_str());
  else if (!s.renderer.warning().empty())  // drawn without a layer: say which, and why
    std::fprintf(stderr, "astar-studio: %s\n", s.renderer.warning_log().c_str());
  // Settings, recent files, autosave and the recovery offer, from the config folder. Captures
  // depend on their command line alone: they leave the config folder alone.
  if (driver->interactive()) {
    s.files.start(studio, s.ui.files, options);
    s.files.load_layout();
    g_drop_target = &s.files;
    glfwSetDropCallback(window.get(), glfw_drop);
    studio::platform::on_leaving([&s] { s.files.keep_for_recovery(s.studio); });
  }
  s.files.import = &s.ui.dialogs.import;  // dropped images and Tiled maps
  open_requested_windows(studio, s.ui, options);
  if (!load_warning.empty()) s.ui.files.show_error("Could not open the welcome level", load_warning);
  show_start_problems(s, problems);
  if (auto started = driver->start(studio, s.animation); !started) {
    std::fprintf(stderr, "astar-studio: %s\n", started.error().c_str());
    return 1;
  }

  const int exit_code = run_guarded(s);
  if (g_drop_target && exit_code != kInternalError) s.files.finish();
  g_drop_target = nullptr;
  return exit_code;  // s (renderers) first, then the window: in reverse order of making
}
