#include "ui/commands.hpp"
#include "state/exercise_mode.hpp"

#include "ui/ui.hpp"  // before GLFW: it brings in glad, which must come first

#include <algorithm>
#include <vector>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/exercise_panel.hpp"
#include "panels/overlays_panel.hpp"
#include "panels/panel_widgets.hpp"
#include "platform/platform.hpp"
#include "state/units_tool.hpp"
#include "ui/share_link.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

namespace studio {

namespace {

using astar::Cell;
using astar::Layer;

// [SECTION] Shortcuts

constexpr Shortcut key(int k, bool repeat = false) { return {k, false, false, repeat}; }
constexpr Shortcut ctrl(int k, bool repeat = false) { return {k, true, false, repeat}; }
constexpr Shortcut ctrl_shift(int k, bool repeat = false) { return {k, true, true, repeat}; }
constexpr Shortcut shift(int k, bool repeat = false) { return {k, false, true, repeat}; }

std::string key_name(int k) {
  if (k >= GLFW_KEY_A && k <= GLFW_KEY_Z) return std::string(1, static_cast<char>('A' + (k - GLFW_KEY_A)));
  if (k >= GLFW_KEY_0 && k <= GLFW_KEY_9) return std::string(1, static_cast<char>('0' + (k - GLFW_KEY_0)));
  if (k >= GLFW_KEY_F1 && k <= GLFW_KEY_F25) return "F" + std::to_string(k - GLFW_KEY_F1 + 1);
  switch (k) {
    case GLFW_KEY_LEFT: return "Left";
    case GLFW_KEY_RIGHT: return "Right";
    case GLFW_KEY_UP: return "Up";
    case GLFW_KEY_DOWN: return "Down";
    case GLFW_KEY_SPACE: return "Space";
    case GLFW_KEY_ENTER: return "Enter";
    case GLFW_KEY_ESCAPE: return "Esc";
    case GLFW_KEY_DELETE: return "Del";
    case GLFW_KEY_HOME: return "Home";
    case GLFW_KEY_END: return "End";
    case GLFW_KEY_LEFT_BRACKET: return "[";
    case GLFW_KEY_RIGHT_BRACKET: return "]";
    default: return "key " + std::to_string(k);
  }
}

// [SECTION] Actions: a function each where a row cannot say it in a line

bool search_running(const CommandTarget& t) { return !t.studio.session().search_done(); }

// K / O over a cell: a breakpoint when the cell is taken / opened, or off again.
void toggle_breakpoint(CommandTarget& t, bool on_take) {
  Studio& studio = t.studio;
  if (!t.hovered || !studio.level().in_bounds(*t.hovered)) return;
  astar::Breakpoints& b = studio.session().breakpoints();
  std::vector<Cell>& cells = on_take ? b.on_take : b.on_open;
  const auto it = std::find(cells.begin(), cells.end(), *t.hovered);
  const bool added = it == cells.end();
  if (added) cells.push_back(*t.hovered);
  else cells.erase(it);
  studio.status = std::string(added ? (on_take ? "Break when taken: " : "Break when opened: ")
                                    : "Breakpoint removed: ") +
                  astar::cell_text(*t.hovered);
}

void toggle_quiz(CommandTarget& t) {
  t.studio.session().quiz.on = !t.studio.session().quiz.on;
  t.studio.status = t.studio.session().quiz.on ? "Quiz: click the cell the search takes next" : "Quiz off";
}

void deselect(CommandTarget& t) {
  t.studio.selection.reset();
  t.studio.selected_shape.reset();
  unit_tool_cancel(t.studio);  // the Unit tool's pending start
}

template <Tool T>
void use_tool(CommandTarget& t) { t.studio.tools.tool = T; }
template <Tool T>
bool tool_chosen(const CommandTarget& t) { return t.studio.tools.tool == T; }
template <Layer L>
void paint_layer(CommandTarget& t) { t.studio.appearance.layers.active = L; }

void draw_palette_menu(CommandTarget& t) {
  if (!ImGui::BeginMenu("Palette")) return;
  Appearance& look = t.studio.appearance;
  for (int i = 0; i < static_cast<int>(palette::Id::_Max); ++i) {
    const auto id = static_cast<palette::Id>(i);
    if (ImGui::MenuItem(palette::get(id).label, nullptr, look.palette == id)) look.choose_palette(id);
  }
  ImGui::EndMenu();
}

void draw_overlays_menu(CommandTarget& t) {
  if (!ImGui::BeginMenu("Overlays")) return;
  draw_overlay_controls(t.studio);
  ImGui::EndMenu();
}

void draw_lessons_list(CommandTarget& t) {
  static const std::vector<LessonEntry> lessons = find_lessons();  // read once, when first shown
  if (lessons.empty()) {
    const std::string problem = level_dir_problem();
    ImGui::TextDisabled("No lessons: %s", problem.empty() ? ("nothing readable in " + level_dir() + "/lessons").c_str()
                                                          : problem.c_str());
  }
  for (const LessonEntry& l : lessons)
    if (ImGui::MenuItem(l.title.c_str(), nullptr, l.path == t.studio.file_path()))
      t.files.request_lesson(t.studio, l.path);
  // One exercise of each kind (levels/exercises): the student runs the algorithm.
  static const std::vector<LessonEntry> exercises = find_lessons("exercises");
  if (exercises.empty()) return;
  ImGui::Separator();
  if (!ImGui::BeginMenu("Exercises")) return;
  for (const LessonEntry& l : exercises)
    if (ImGui::MenuItem(l.title.c_str(), nullptr, l.path == t.studio.file_path()))
      t.files.request_lesson(t.studio, l.path);
  ImGui::EndMenu();
}

// [SECTION] The table

constexpr std::string_view kMenus[] = {"File", "Edit", "Lessons", "Search", "View", "Help"};

// function-length: table
const std::vector<Command>& table() {
  using K = KeyContext;
  static const std::vector<Command> kCommands = {
      // File
      {"file.new", "New...", "File", "Files", "New level", {ctrl(GLFW_KEY_N)}, K::Window,
       [](CommandTarget& t) { t.files.request_new(t.studio); }},
      {"file.open", "Open...", "File", "Files", "Open a level", {ctrl(GLFW_KEY_O)}, K::Window,
       [](CommandTarget& t) { t.files.request_open(t.studio); }},
      {"file.recent", "Open Recent", "File", "", "", {}, K::Window, nullptr, nullptr, nullptr,
       nullptr, [](CommandTarget& t) { t.files.draw_recent_menu(t.studio); }},
      {"file.save", "Save", "File", "Files", "Save", {ctrl(GLFW_KEY_S)}, K::Window,
       [](CommandTarget& t) { t.files.save(t.studio); }},
      {"file.save_as", "Save As...", "File", "Files", "Save as", {ctrl_shift(GLFW_KEY_S)}, K::Window,
       [](CommandTarget& t) { t.files.request_save_as(t.studio); }},
      {"file.copy_link", "Copy link", "File", "Files",
       "In the web page: copy a link that opens this level and search (the level is inside the link)",
       {ctrl_shift(GLFW_KEY_L)}, K::Window, [](CommandTarget& t) { copy_link(t.studio); }, nullptr,
       nullptr, nullptr,
       [](CommandTarget& t) {  // the page's only: the desktop has no address to link to
         if (platform::can_copy_link() && ImGui::MenuItem("Copy link", "Ctrl+Shift+L")) copy_link(t.studio);
       }},
      {"file.new_exercise", "New exercise...", "File", "Files",
       "Start an exercise: you run the algorithm on a level made from a class seed and your name, "
       "each step checked at once", {ctrl_shift(GLFW_KEY_E)}, K::Window,
       [](CommandTarget& t) { t.dialogs.exercise.request(t.studio); }, nullptr, nullptr, nullptr, nullptr, true},
      {"file.save_result", "Save exercise result", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { (void)t.studio.save_exercise_result(); },
       [](const CommandTarget& t) { return t.studio.exercise() != nullptr; }},
      {"file.leave_exercise", "Leave exercise", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.files.request_leave_exercise(t.studio); },
       [](const CommandTarget& t) { return t.studio.exercise() != nullptr; }},
      {"file.open_trace", "Open trace...", "File", "Files",
       "Open a search trace (Posthoc JSON or YAML, JSON Lines) and replay it on the level",
       {ctrl_shift(GLFW_KEY_O)}, K::Window, [](CommandTarget& t) { t.dialogs.trace.request(t.studio); },
       nullptr, nullptr, nullptr, nullptr, true},
      {"file.close_trace", "Close trace", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.studio.close_trace(); },
       [](const CommandTarget& t) { return t.studio.trace_mode() != nullptr; }},
      {"file.follow_trace", "Follow trace", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.studio.set_following(!t.studio.following()); },
       [](const CommandTarget& t) { return t.studio.trace_mode() != nullptr; },
       [](const CommandTarget& t) { return t.studio.following(); }},
      {"file.open_plan", "Open plan...", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.dialogs.plan.request(t.studio); }, nullptr, nullptr, nullptr, nullptr, true},
      {"file.close_plan", "Close plan", "File", "", "", {}, K::Window, [](CommandTarget& t) { t.studio.close_plan(); },
       [](const CommandTarget& t) { return t.studio.opened_plan() != nullptr; }},
      {"file.import", "Import...", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.dialogs.import.request(t.studio); }, nullptr, nullptr, nullptr,
       nullptr, true},
      {"file.export_map", "Export MovingAI map (.map)...", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.dialogs.exporter.request(t.studio, ExportDialog::Kind::Map); }},
      {"file.export_png", "Export image (PNG)...", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.dialogs.exporter.request(t.studio, ExportDialog::Kind::Png); }},
      {"file.export_gif", "Export animation (GIF)...", "File", "", "", {}, K::Window,
       [](CommandTarget& t) { t.animation.open = true; }},
      {"file.export_trace", "Export trace (JSON)", "File", "Files",
       "Save the event log as JSON (astar-trace-N.json) in the current folder", {ctrl(GLFW_KEY_T)},
       K::Window, [](CommandTarget& t) { t.studio.requests.push(MainRequest::ExportTrace); }},
      {"file.quit", "Quit", "File", "Files", "Quit (asks to save unsaved changes)",
       {ctrl(GLFW_KEY_Q)}, K::Window, [](CommandTarget& t) { t.files.request_quit(t.studio); },
       nullptr, nullptr, nullptr, nullptr, true},
      // Edit
      {"edit.undo", "Undo", "Edit", "Edit", "Undo; a stroke, a drag or a paste is one step",
       {ctrl(GLFW_KEY_Z, true)}, K::Canvas, [](CommandTarget& t) { t.studio.undo(); },
       [](const CommandTarget& t) { return t.studio.editor().can_undo(); }, nullptr,
       [](const CommandTarget& t) { return "Undo " + t.studio.editor().undo_label(); }},
      {"edit.redo", "Redo", "Edit", "Edit", "Redo", {ctrl(GLFW_KEY_Y, true), ctrl_shift(GLFW_KEY_Z, true)},
       K::Canvas, [](CommandTarget& t) { t.studio.redo(); },
       [](const CommandTarget& t) { return t.studio.editor().can_redo(); }, nullptr,
       [](const CommandTarget& t) { return "Redo " + t.studio.editor().redo_label(); }},
      {"edit.cut", "Cut", "Edit", "Edit", "Cut the selection", {ctrl(GLFW_KEY_X)}, K::Canvas,
       [](CommandTarget& t) { cut_selection(t.studio); },
       [](const CommandTarget& t) { return t.studio.selection.has_value(); }, nullptr, nullptr,
       nullptr, true},
      {"edit.copy", "Copy", "Edit", "Edit", "Copy the selection", {ctrl(GLFW_KEY_C)}, K::Canvas,
       [](CommandTarget& t) { copy_selection(t.studio); },
       [](const CommandTarget& t) { return t.studio.selection.has_value(); }},
      {"edit.paste", "Paste", "Edit", "Edit", "Paste at the mouse (or at the selection)",
       {ctrl(GLFW_KEY_V)}, K::Canvas, [](CommandTarget& t) { paste_clipboard(t.studio, t.hovered); },
       [](const CommandTarget& t) { return !t.studio.clipboard.empty(); }},
      {"edit.delete", "Delete", "Edit", "Edit", "Erase the selection, or remove the selected shape",
       {key(GLFW_KEY_DELETE)}, K::Canvas, [](CommandTarget& t) { delete_selection(t.studio); }},
      {"edit.select_all", "Select all", "Edit", "Edit", "Select the whole level", {ctrl(GLFW_KEY_A)},
       K::Canvas, [](CommandTarget& t) { select_all(t.studio); }},
      {"edit.deselect", "Deselect", "", "Edit", "Drop the selection, the selected shape and a unit's pending start",
       {key(GLFW_KEY_ESCAPE)}, K::Canvas, deselect},
      {"edit.resize", "Resize level...", "Edit", "", "", {}, K::Window,
       [](CommandTarget& t) { t.resize.request(t.studio); }, nullptr, nullptr, nullptr, nullptr, true},
      {"edit.generate", "Generate level...", "Edit", "", "", {}, K::Window,
       [](CommandTarget& t) { t.dialogs.generate.request(); }},
      {"edit.agents_block", "Agents block", "Edit", "", "", {}, K::Window,
       [](CommandTarget& t) { t.studio.set_agents_block(!t.studio.level().agents_block()); }, nullptr,
       [](const CommandTarget& t) { return t.studio.level().agents_block(); }},
      {"tool.brush", tool_info(Tool::Brush).name, "", "Edit", tool_info(Tool::Brush).help, {key(GLFW_KEY_B)}, K::Canvas,
       use_tool<Tool::Brush>, nullptr, tool_chosen<Tool::Brush>},
      {"tool.eraser", tool_info(Tool::Eraser).name, "", "Edit", tool_info(Tool::Eraser).help, {key(GLFW_KEY_E)}, K::Canvas,
       use_tool<Tool::Eraser>, nullptr, tool_chosen<Tool::Eraser>},
      {"tool.fill", tool_info(Tool::Fill).name, "", "Edit", tool_info(Tool::Fill).help, {key(GLFW_KEY_F)}, K::Canvas,
       use_tool<Tool::Fill>, nullptr, tool_chosen<Tool::Fill>},
      {"tool.rectangle", tool_info(Tool::Rectangle).name, "", "Edit", tool_info(Tool::Rectangle).help, {key(GLFW_KEY_R)},
       K::Canvas, use_tool<Tool::Rectangle>, nullptr, tool_chosen<Tool::Rectangle>},
      {"tool.line", tool_info(Tool::Line).name, "", "Edit", tool_info(Tool::Line).help, {key(GLFW_KEY_L)}, K::Canvas,
       use_tool<Tool::Line>, nullptr, tool_chosen<Tool::Line>},
      {"tool.eyedropper", tool_info(Tool::Eyedropper).name, "", "Edit", tool_info(Tool::Eyedropper).help, {key(GLFW_KEY_I)},
       K::Canvas, use_tool<Tool::Eyedropper>, nullptr, tool_chosen<Tool::Eyedropper>},
      {"tool.select", tool_info(Tool::Select).name, "", "Edit", tool_info(Tool::Select).help, {key(GLFW_KEY_S)}, K::Canvas,
       use_tool<Tool::Select>, nullptr, tool_chosen<Tool::Select>},
      {"tool.unit", tool_info(Tool::Unit).name, "", "Edit", tool_info(Tool::Unit).help, {key(GLFW_KEY_U)}, K::Canvas,
       use_tool<Tool::Unit>, nullptr, tool_chosen<Tool::Unit>},
      {"layer.walls", "Paint walls", "", "Edit", "Active layer: walls", {key(GLFW_KEY_1), key(GLFW_KEY_W)},
       K::Canvas, paint_layer<Layer::Walls>},
      {"layer.costs", "Paint costs", "", "Edit", "Active layer: costs", {key(GLFW_KEY_2)}, K::Canvas,
       paint_layer<Layer::Costs>},
      {"layer.heights", "Paint heights", "", "Edit", "Active layer: heights", {key(GLFW_KEY_3)},
       K::Canvas, paint_layer<Layer::Heights>},
      {"layer.agents", "Paint agents", "", "Edit", "Active layer: agents", {key(GLFW_KEY_4)}, K::Canvas,
       paint_layer<Layer::Agents>},
      {"layer.edges", "Paint edges", "", "Edit", "Active layer: edge overrides", {key(GLFW_KEY_5)},
       K::Canvas, paint_layer<Layer::Edges>},
      {"layer.shapes", "Paint shapes", "", "Edit", "Active layer: collision shapes", {key(GLFW_KEY_6)},
       K::Canvas, paint_layer<Layer::Shapes>},
      {"brush.smaller", "Smaller brush", "", "Edit", "Brush size down (1..64)",
       {key(GLFW_KEY_LEFT_BRACKET, true)}, K::Canvas,
       [](CommandTarget& t) { t.studio.tools.size = std::max(1, t.studio.tools.size - 1); }},
      {"brush.larger", "Larger brush", "", "Edit", "Brush size up (sizes above 2 are discs; on hexes, hexagons)",
       {key(GLFW_KEY_RIGHT_BRACKET, true)}, K::Canvas,
       [](CommandTarget& t) { t.studio.tools.size = std::min(astar::kMaxBrush, t.studio.tools.size + 1); }},
      // Lessons
      {"lessons.list", "Lessons in levels/lessons", "Lessons", "", "", {}, K::Window, nullptr, nullptr, nullptr, nullptr,
       draw_lessons_list},
      // Search
      {"search.step", "Step", "Search", "Search", "Step: one iteration",
       {key(GLFW_KEY_N, true), key(GLFW_KEY_RIGHT, true)}, K::Canvas,
       [](CommandTarget& t) { t.studio.session().step(); }, search_running},
      {"search.step_back", "Step back", "Search", "Search", "Step back: undo one iteration exactly",
       {key(GLFW_KEY_LEFT, true)}, K::Canvas, [](CommandTarget& t) { t.studio.session().step_back(); },
       [](const CommandTarget& t) { return t.studio.session().can_step_back(); }},
      {"search.play", "Play", "Search", "Search", "Play / pause (speed slider: iterations per second)",
       {key(GLFW_KEY_SPACE)}, K::Canvas, [](CommandTarget& t) { t.studio.playing = !t.studio.playing; },
       search_running, nullptr,
       [](const CommandTarget& t) { return std::string(t.studio.playing ? "Pause" : "Play"); }},
      {"search.run", "Run to end", "Search", "Search", "Run to the end",
       {key(GLFW_KEY_ENTER), key(GLFW_KEY_END)}, K::Canvas,
       [](CommandTarget& t) { t.studio.session().run_to_end(); }, search_running},
      {"search.micro_step", "Micro-step", "Search", "Search",
       "Micro-step: take a node, or examine one of its moves", {key(GLFW_KEY_M, true)}, K::Canvas,
       [](CommandTarget& t) { t.studio.session().micro_step(); }},
      {"search.micro_step_back", "Micro-step back", "Search", "Search", "One micro-step back",
       {shift(GLFW_KEY_M, true)}, K::Canvas, [](CommandTarget& t) { t.studio.session().micro_step_back(); }},
      {"search.first", "Back to iteration 0", "Search", "Search",
       "Back to iteration 0, keeping the steps for replay (the timeline)", {key(GLFW_KEY_HOME)},
       K::Canvas, [](CommandTarget& t) { t.studio.session().seek(0); }},
      {"search.reset", "Reset", "Search", "Search", "Reset: a fresh search at iteration 0",
       {ctrl(GLFW_KEY_R)}, K::Window, [](CommandTarget& t) { t.studio.session().reset_search(); }},
      {"search.break_taken", "Break when taken", "", "Search",
       "Over a cell: pause when the cell is taken (again: remove)", {key(GLFW_KEY_K)}, K::Canvas,
       [](CommandTarget& t) { toggle_breakpoint(t, true); }},
      {"search.break_opened", "Break when opened", "", "Search",
       "Over a cell: pause when the cell is opened (again: remove)", {key(GLFW_KEY_O)}, K::Canvas,
       [](CommandTarget& t) { toggle_breakpoint(t, false); }},
      {"search.quiz", "Quiz", "Search", "Search", "Quiz: click the cell you think the search takes next",
       {key(GLFW_KEY_Q)}, K::Canvas, toggle_quiz, nullptr,
       [](const CommandTarget& t) { return t.studio.session().quiz.on; }, nullptr, nullptr, true},
      // View
      {"view.fit", "Fit level", "View", "View", "Fit the level to the canvas", {key(GLFW_KEY_0)},
       K::Canvas, [](CommandTarget& t) { t.studio.view.fit_pending = true; }},
      {"view.compare", "Compare", "View", "View", "Compare: 2 to 4 searches side by side, stepped together",
       {key(GLFW_KEY_C)}, K::Canvas, [](CommandTarget& t) { t.compare.open = !t.compare.open; }, nullptr,
       [](const CommandTarget& t) { return t.compare.open; }},
      {"view.screenshot", "Save screenshot", "View", "View",
       "Save a screenshot (PNG) in the current folder", {key(GLFW_KEY_F12)}, K::Always,
       [](CommandTarget& t) { t.studio.requests.push(MainRequest::Screenshot); }},
      {"view.present", "Presentation mode", "View", "View",
       "Presentation mode: large fonts, high contrast, full screen", {key(GLFW_KEY_F11)}, K::Always,
       [](CommandTarget& t) { t.studio.appearance.presentation = !t.studio.appearance.presentation; },
       nullptr, [](const CommandTarget& t) { return t.studio.appearance.presentation; }, nullptr,
       nullptr, true},
      {"view.palette", "Palette", "View", "", "", {}, K::Window, nullptr, nullptr, nullptr, nullptr,
       draw_palette_menu},
      {"view.patterns", "Patterns (second cue beside colour)", "View", "", "", {}, K::Window,
       [](CommandTarget& t) { t.studio.appearance.patterns = !t.studio.appearance.patterns; }, nullptr,
       [](const CommandTarget& t) { return t.studio.appearance.patterns; }},
      {"view.debugger", "Debugger column", "View", "", "", {}, K::Window,
       [](CommandTarget& t) {
         t.studio.appearance.debugger_column = !t.studio.appearance.debugger_column;
       },
       nullptr, [](const CommandTarget& t) { return t.studio.appearance.debugger_column; }},
      {"view.findings", "Findings panel", "View", "", "", {}, K::Window,
       [](CommandTarget& t) {
         t.studio.findings_panel = !t.studio.findings_panel;
         if (t.studio.findings_panel) t.studio.appearance.debugger_column = true;  // it sits there
       },
       nullptr, [](const CommandTarget& t) { return t.studio.findings_panel; }},
      {"view.overlays", "Overlays", "View", "", "", {}, K::Window, nullptr, nullptr, nullptr, nullptr,
       draw_overlays_menu},
      // Help
      {"help.controls", "Controls", "Help", "View", "Help: the mouse, the keys and what the canvas shows",
       {key(GLFW_KEY_F1), key(GLFW_KEY_H)}, K::Canvas, [](CommandTarget& t) { t.help.open = !t.help.open; },
       nullptr, [](const CommandTarget& t) { return t.help.open; }},
  };
  return kCommands;
}

// [SECTION] Running keys and drawing menus

bool context_allows(KeyContext c, bool popup, bool typing) {
  switch (c) {
    case KeyContext::Always: return true;
    case KeyContext::Window: return !popup;
    case KeyContext::Canvas: return !popup && !typing;
  }
  return false;
}

bool pressed(const Shortcut& s, const ImGuiIO& io) {
  return s.defined() && ImGui::IsKeyPressed(s.key, s.repeat) && s.ctrl == io.KeyCtrl &&
         s.shift == io.KeyShift && !io.KeyAlt;
}

// While an exercise runs, the commands that would edit its level, run or show the search (but
// stepping find-bug's trace), open another trace or plan, export or compare are off: the level
// is the exercise's, and the search is the answer.
bool allowed_in_exercise(const CommandTarget& t, const Command& c) {
  const ExerciseMode* ex = t.studio.exercise();
  if (!ex) return true;
  const std::string_view id = c.id;
  if (id.starts_with("edit.") || id.starts_with("tool.") || id.starts_with("layer.") || id.starts_with("brush."))
    return false;
  constexpr std::string_view kOff[] = {"view.compare",      "file.open_trace",  "file.close_trace",
                                       "file.follow_trace", "file.open_plan",   "file.close_plan",
                                       "file.import",       "file.export_trace", "file.export_gif"};
  if (std::find(std::begin(kOff), std::end(kOff), id) != std::end(kOff)) return false;
  if (!id.starts_with("search.")) return true;
  constexpr std::string_view kStepping[] = {"search.step", "search.step_back", "search.play", "search.run",
                                            "search.micro_step", "search.micro_step_back", "search.first"};
  return ex->spec().kind == astar::ExerciseKind::FindBug &&
         std::find(std::begin(kStepping), std::end(kStepping), id) != std::end(kStepping);
}

std::string table_cell(std::string_view text) {
  std::string out(text);
  std::replace(out.begin(), out.end(), '|', '/');
  return out;
}

}  // namespace

std::string shortcut_text(const Shortcut& s) {
  if (!s.defined()) return "";
  return std::string(s.ctrl ? "Ctrl+" : "") + (s.shift ? "Shift+" : "") + key_name(s.key);
}

std::span<const Command> commands() { return table(); }

const Command* find_command(std::string_view id) {
  for (const Command& c : table())
    if (c.id == id) return &c;
  return nullptr;
}

std::span<const std::string_view> menu_names() { return kMenus; }

std::string keys_text(const Command& c) {
  std::string out;
  for (const Shortcut& s : c.keys)
    if (s.defined()) out += (out.empty() ? "" : " or ") + shortcut_text(s);
  return out;
}

std::string tool_key_text(Tool t) {
  for (const Command& c : table())
    if (c.id.starts_with("tool.") && c.label == tool_info(t).name) return keys_text(c);
  return "";
}

void run_shortcuts(CommandTarget& target) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool popup = any_popup_open();
  for (const Command& c : table()) {
    if (!c.run || !context_allows(c.context, popup, io.WantTextInput) || !allowed_in_exercise(target, c)) continue;
    const bool hit = std::any_of(c.keys.begin(), c.keys.end(), [&](const Shortcut& s) {
      return pressed(s, io) && !exercise_takes_key(target.studio, s.key, s.ctrl, s.shift);
    });
    if (hit && (!c.enabled || c.enabled(target))) c.run(target);
  }
}

void draw_menu(CommandTarget& target, std::string_view menu) {
  for (const Command& c : table()) {
    if (c.menu != menu) continue;
    if (c.separator_before) ImGui::Separator();
    if (c.draw_menu) {
      c.draw_menu(target);
      continue;
    }
    const std::string label = c.menu_label ? c.menu_label(target) : std::string(c.label);
    const std::string keys = shortcut_text(c.keys[0]);
    const bool enabled = (!c.enabled || c.enabled(target)) && allowed_in_exercise(target, c);
    const bool checked = c.checked && c.checked(target);
    if (ImGui::MenuItem(label.c_str(), keys.empty() ? nullptr : keys.c_str(), checked, enabled))
      c.run(target);
  }
}

void draw_help_rows(std::string_view help_group, void (*row)(const char* keys, const char* what)) {
  for (const Command& c : table()) {
    if (c.help_group != help_group || !c.keys[0].defined()) continue;
    // A tool's row names it beside its key ("B  Brush"): its help says what it does, not its name.
    const std::string keys = keys_text(c) + (c.id.starts_with("tool.") ? "  " + std::string(c.label) : "");
    row(keys.c_str(), std::string(c.help).c_str());
  }
}

std::string command_table_tsv() {
  std::string out = "id\tlabel\tshortcut\tmenu\n";
  for (const Command& c : table()) {
    out += std::string(c.id) + "\t" + std::string(c.label) + "\t" + keys_text(c) + "\t" +
           (c.menu.empty() ? "" : std::string(c.menu) + "/" + std::string(c.label)) + "\n";
  }
  return out;
}

std::string command_table_markdown() {
  std::string out = "| keys | command | what it does | menu |\n|---|---|---|---|\n";
  for (const Command& c : table()) {
    if (!c.keys[0].defined()) continue;
    std::string keys;
    for (const Shortcut& s : c.keys)
      if (s.defined()) keys += (keys.empty() ? "" : " or ") + ("`" + shortcut_text(s) + "`");
    out += "| " + keys + " | " + table_cell(c.label) + " | " + table_cell(c.help) + " | " +
           (c.menu.empty() ? "" : std::string(c.menu) + " > " + table_cell(c.label)) + " |\n";
  }
  return out;
}

}  // namespace studio
