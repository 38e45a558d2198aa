#include "panels.hpp"

#include "edit_panels.hpp"
#include "tools.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include <imgui_stdlib.h>

#include "astar/bidirectional.hpp"
#include "astar/inspect.hpp"
#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "palette.hpp"
#include "layer_legend.hpp"

namespace studio {

namespace fs = std::filesystem;
using astar::Cell;

std::string level_dir() {
  if (const char* env = std::getenv("ASTAR_LEVEL_DIR"); env && *env) return env;
  return ASTAR_LEVEL_DIR;
}

namespace {

constexpr const char* kHeuristicLabels[] = {"Manhattan", "Euclidean", "Octile", "Chebyshev",
                                            "Zero (Dijkstra)"};
static_assert(std::size(kHeuristicLabels) == static_cast<std::size_t>(astar::Heuristic::_Max));

constexpr const char* kTieBreakLabels[] = {"Larger g first", "Smaller g first", "First in first",
                                           "Last in first"};
constexpr const char* kTieBreakTips[] = {
    "Among equal f, take the node with the larger g (nearer the goal): fewer expansions on "
    "open plateaus.",
    "Among equal f, take the node with the smaller g (nearer the start).",
    "Among equal f, take the node that entered the open set first (FIFO).",
    "Among equal f, take the node that entered the open set last (LIFO)."};
static_assert(std::size(kTieBreakLabels) == static_cast<std::size_t>(astar::TieBreak::_Max));
static_assert(std::size(kTieBreakTips) == static_cast<std::size_t>(astar::TieBreak::_Max));

constexpr const char* kDiagonalLabels[] = {"Always", "At least one side open",
                                           "No corner cutting", "Never"};
static_assert(std::size(kDiagonalLabels) == static_cast<std::size_t>(astar::DiagonalPolicy::_Max));

ImVec4 to_vec4(palette::Rgb c, float a = 1.0f) {
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, a);
}

const ImVec4 kErrorText(1.0f, 0.45f, 0.45f, 1.0f);
const ImVec4 kWarnText(1.0f, 0.8f, 0.3f, 1.0f);

std::string value_text(double v) {
  char buf[32];
  if (std::abs(v - std::round(v)) < 1e-9) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

std::string cell_text(Cell c) {
  return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

std::string label_of(astar::Algorithm a) { return std::string(astar::info(a).label); }

// "optimal", "at most 2.5 times optimal" (the weight filled in), "none".
std::string guarantee_text(astar::Algorithm a, double weight) {
  const astar::AlgorithmInfo& i = astar::info(a);
  if (i.guarantee == astar::Guarantee::BoundedByWeight) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "at most %.1f times optimal", weight);
    return buf;
  }
  return std::string(astar::to_string(i.guarantee));
}

// A tooltip wrapped at a readable width.
void wrapped_tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// What an algorithm promises and what it orders by, one line each.
std::string algorithm_summary(astar::Algorithm a, double weight) {
  return "Guarantee: " + guarantee_text(a, weight) + "\nf = " +
         std::string(astar::info(a).priority);
}

// What else a user should know before picking an algorithm (tooltips).
const char* algorithm_note(astar::Algorithm a) {
  switch (a) {
    case astar::Algorithm::AStar: return "Best-first by f = g + h.";
    case astar::Algorithm::WeightedAStar:
      return "Trusts the heuristic w times more: fewer expansions, a path at most w times the "
             "shortest.";
    case astar::Algorithm::Dijkstra: return "No heuristic: expands in rings of equal cost.";
    case astar::Algorithm::GreedyBestFirst:
      return "Heads straight for the goal by h alone; ignores the cost so far.";
    case astar::Algorithm::BreadthFirst:
      return "Fewest steps, not least cost: ignores cell costs.";
    case astar::Algorithm::JumpPoint:
      return "Jumps over symmetric paths: parents are jump points several cells away. Needs "
             "every cell to cost 1, 8 neighbours and no corner cutting.";
    case astar::Algorithm::ThetaStar:
      return "Any-angle paths: a node's parent is any cell it can see. The path is waypoints. "
             "Needs every cell to cost 1, 8 neighbours and no corner cutting.";
    case astar::Algorithm::Bidirectional:
      return "One A* from the start and one from the goal (bluer cells), meeting in the "
             "middle (gold ring). A backward cell's g is its cost to the goal.";
    case astar::Algorithm::_Max: break;
  }
  return "";
}

// Centres the next window (a modal) on the display.
void center_next_window() {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

bool any_popup_open() { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup); }

// "9 walks · 1 climb · 1 jump across": how many steps of the path take each action, in the
// order of MoveAction; empty when there are none (no path, or Theta*'s waypoints).
std::string actions_summary(const std::vector<astar::MoveAction>& actions) {
  static constexpr const char* kPlural[] = {"walks", "climbs", "drops", "jumps up", "jumps down",
                                            "jumps across"};
  static_assert(std::size(kPlural) == static_cast<std::size_t>(astar::MoveAction::_Max));
  int counts[static_cast<int>(astar::MoveAction::_Max)] = {};
  for (astar::MoveAction a : actions) ++counts[static_cast<int>(a)];
  std::string out;
  for (int i = 0; i < static_cast<int>(astar::MoveAction::_Max); ++i) {
    if (counts[i] == 0) continue;
    if (!out.empty()) out += " \xC2\xB7 ";
    out += std::to_string(counts[i]) + " " +
           (counts[i] == 1 ? std::string(astar::to_string(static_cast<astar::MoveAction>(i)))
                           : std::string(kPlural[i]));
  }
  return out;
}

void jump_rules_editor(Studio& studio) {
  astar::JumpRules j = studio.level().rules().jump;
  const ImGuiTreeNodeFlags flags = j.enabled() ? ImGuiTreeNodeFlags_DefaultOpen : 0;
  if (!ImGui::TreeNodeEx("jumps", flags, "Jumps%s", j.enabled() ? "" : " (off)")) return;
  const float w = ImGui::GetContentRegionAvail().x * 0.45f;
  bool changed = false;
  auto limit = [&](const char* label, int& v, int hi, const char* tip) {
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputInt(label, &v)) {
      v = std::clamp(v, 0, hi);
      changed = true;
    }
    if (ImGui::IsItemHovered()) wrapped_tooltip(tip);
  };
  auto cost = [&](const char* label, double& v, const char* tip) {
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputDouble(label, &v, 0.5, 1.0, "%.2f")) {
      v = std::isfinite(v) ? std::clamp(v, 0.0, 1e6) : 0.0;
      changed = true;
    }
    if (ImGui::IsItemHovered()) wrapped_tooltip(tip);
  };
  limit("Up", j.up, astar::JumpRules::kMaxHeight,
        "Most levels a jump up rises, onto a neighbour higher than the climb limit allows. 0: off.");
  limit("Down", j.down, astar::JumpRules::kMaxHeight,
        "Most levels a jump down falls, onto a neighbour lower than the drop limit allows. 0: off.");
  limit("Gap", j.gap, astar::JumpRules::kMaxGap,
        "Most cells a straight jump across clears. The cells jumped over must be lower than "
        "both ends, and the landing within the climb and drop limits. 0: off.");
  cost("Up cost", j.up_cost, "Added to the walking cost of a jump up.");
  cost("Down cost", j.down_cost, "Added to the walking cost of a jump down.");
  cost("Across cost", j.across_cost,
       "Added to a jump across, which costs its length times the landing cell's cost.");
  if (changed) studio.set_jump_rules(j);
  ImGui::TreePop();
}

}  // namespace

// [SECTION] File dialogs

void FileDialogs::ask_or_proceed(const Studio& studio, Pending action) {
  if (studio.dirty()) {
    pending_ = action;
    open_guard_ = true;
  } else {
    proceed(action);
  }
}

void FileDialogs::proceed(Pending action) {
  pending_ = Pending::None;
  continue_after_save_ = false;
  switch (action) {
    case Pending::New: open_new_ = true; break;
    case Pending::Open: open_open_ = true; break;
    case Pending::Quit: quit_ = true; break;
    case Pending::Lesson: open_lesson_ = true; break;
    case Pending::File: open_file_ = true; break;
    case Pending::Level: open_level_ = true; break;
    case Pending::None: break;
  }
}

void FileDialogs::request_open_file(const Studio& studio, std::string path, std::string note) {
  file_path_ = std::move(path);
  file_note_ = std::move(note);
  ask_or_proceed(studio, Pending::File);
}

void FileDialogs::request_open_level(const Studio& studio, astar::Level level, std::string note) {
  level_ = std::move(level);
  file_note_ = std::move(note);
  ask_or_proceed(studio, Pending::Level);
}

void FileDialogs::request_lesson(const Studio& studio, std::string path) {
  lesson_path_ = std::move(path);
  ask_or_proceed(studio, Pending::Lesson);
}

std::vector<LessonEntry> find_lessons() {
  std::vector<LessonEntry> out;
  std::error_code ec;
  const fs::path dir = fs::path(level_dir()) / "lessons";
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".json")
      if (auto lv = astar::load_level(e.path().string()))
        out.push_back({e.path().string(), lv.value().name.empty() ? e.path().stem().string()
                                                                  : lv.value().name});
  std::sort(out.begin(), out.end(), [](const LessonEntry& a, const LessonEntry& b) { return a.path < b.path; });
  return out;
}

void LessonPanel::Draw(const Studio& studio, const Fonts& fonts) {
  const astar::Level& lv = studio.level();
  ImGui::PushTextWrapPos(0.0f);
  if (fonts.large) ImGui::PushFont(fonts.large);
  ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.35f, 1.0f), "%s", lv.name.c_str());
  if (fonts.large) ImGui::PopFont();
  ImGui::TextUnformatted(lv.description.c_str());
  const astar::SearchPreset& p = lv.preset;
  std::string suggested;
  auto add = [&](const std::string& s) { suggested += (suggested.empty() ? "" : ", ") + s; };
  if (p.algorithm) add(*p.algorithm);
  if (p.heuristic) add(*p.heuristic + " heuristic");
  if (p.weight) {
    char w[32];
    std::snprintf(w, sizeof w, "w = %g", *p.weight);
    add(w);
  }
  if (p.tie_break) add(*p.tie_break + " ties");
  if (p.partial_path && *p.partial_path) add("partial path");
  if (p.max_iterations) add("at most " + std::to_string(*p.max_iterations) + " iterations");
  if (p.smooth && *p.smooth) add("smoothed path");
  if (!suggested.empty()) ImGui::TextDisabled("Set up for this lesson: %s.", suggested.c_str());
  ImGui::PopTextWrapPos();
}

void FileDialogs::request_new(const Studio& studio) { ask_or_proceed(studio, Pending::New); }

void FileDialogs::request_open(const Studio& studio) {
  refresh_open_list(studio);
  ask_or_proceed(studio, Pending::Open);
}

void FileDialogs::request_quit(const Studio& studio) { ask_or_proceed(studio, Pending::Quit); }

void FileDialogs::request_save_as(const Studio& studio) {
  save_as_path_ = studio.file_path().empty() ? (fs::path(level_dir()) / "untitled.json").string()
                                        : studio.file_path();
  save_as_error_.clear();
  open_save_as_ = true;
}

void FileDialogs::save(Studio& studio) {
  if (studio.file_path().empty()) {
    request_save_as(studio);
    return;
  }
  if (auto saved = studio.save_as(studio.file_path()); !saved) {
    studio.status = "Save failed: " + saved.error();
    show_error("Save failed", saved.error());
  }
}

void FileDialogs::show_error(std::string title, std::string message) {
  error_title_ = std::move(title);
  error_message_ = std::move(message);
  open_error_ = true;
}

void FileDialogs::refresh_open_list(const Studio& studio) {
  std::set<std::string> files;
  std::vector<fs::path> folders{fs::path(level_dir())};
  if (!studio.file_path().empty()) folders.push_back(fs::absolute(studio.file_path()).parent_path());
  for (const fs::path& folder : folders) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() == ".json" && it->is_regular_file(ec))
        files.insert(fs::weakly_canonical(it->path(), ec).string());
    }
  }
  open_list_.assign(files.begin(), files.end());
  std::error_code ec;
  open_path_ = studio.file_path().empty() ? std::string()
                                          : fs::weakly_canonical(studio.file_path(), ec).string();
  open_error_text_.clear();
}

void FileDialogs::Draw(Studio& studio) {
  // Open the requested popup (at most one per frame; the others wait for the next frame).
  auto open_if = [](bool& requested, const char* name) {
    if (!requested) return false;
    requested = false;
    ImGui::OpenPopup(name);
    return true;
  };
  if (open_lesson_) {
    open_lesson_ = false;
    if (auto opened = studio.open(lesson_path_); !opened) show_error("Could not open the lesson", opened.error());
  }
  if (open_file_) {
    open_file_ = false;
    if (auto opened = studio.open(file_path_); !opened) {
      studio.status = "Open failed: " + opened.error();
      show_error("Could not open " + fs::path(file_path_).filename().string(), opened.error());
    } else {
      remember(studio, file_path_);
      if (!file_note_.empty()) studio.status = file_note_;
    }
  }
  if (open_level_ && level_) {
    open_level_ = false;
    studio.set_level(std::move(*level_), "");
    level_.reset();
    studio.status = file_note_;
  }
  open_if(open_guard_, "Unsaved changes") || open_if(open_new_, "New level") ||
      open_if(open_open_, "Open level") || open_if(open_save_as_, "Save level as") ||
      open_if(open_error_, "Error##modal");
  draw_guard(studio);
  draw_new(studio);
  draw_open(studio);
  draw_save_as(studio);
  draw_error();
}

void FileDialogs::draw_guard(Studio& studio) {
  center_next_window();
  if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  ImGui::Text("%s has unsaved changes.", studio.file_name().c_str());
  ImGui::Text("Save them before %s?", pending_ == Pending::Quit   ? "quitting"
                                      : pending_ == Pending::New ? "creating a new level"
                                                                 : "opening another level");
  ImGui::Spacing();
  if (ImGui::Button("Save", ImVec2(100, 0))) {
    ImGui::CloseCurrentPopup();
    if (studio.file_path().empty()) {
      continue_after_save_ = true;  // Save As first, then carry on
      request_save_as(studio);
    } else if (auto saved = studio.save_as(studio.file_path()); saved) {
      proceed(pending_);
    } else {
      pending_ = Pending::None;
      show_error("Save failed", saved.error());
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Discard", ImVec2(100, 0))) {
    ImGui::CloseCurrentPopup();
    proceed(pending_);
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) {
    ImGui::CloseCurrentPopup();
    pending_ = Pending::None;
  }
  ImGui::EndPopup();
}

void FileDialogs::draw_new(Studio& studio) {
  center_next_window();
  if (!ImGui::BeginPopupModal("New level", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted("A blank level: every cell open, cost 1, height 0.");
  ImGui::SetNextItemWidth(160);
  ImGui::InputInt("Width", &new_w_);
  ImGui::SetNextItemWidth(160);
  ImGui::InputInt("Height", &new_h_);
  const std::string problem = astar::Level::check_size(new_w_, new_h_);
  if (!problem.empty()) ImGui::TextColored(kErrorText, "%s", problem.c_str());
  ImGui::Spacing();
  ImGui::BeginDisabled(!problem.empty());
  if (ImGui::Button("Create", ImVec2(100, 0))) {
    studio.set_level(astar::Level(new_w_, new_h_), "");
    studio.status = "New " + std::to_string(new_w_) + " x " + std::to_string(new_h_) + " level";
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void FileDialogs::draw_open(Studio& studio) {
  center_next_window();
  // A fixed width, and a height that follows the content (error lines come and go).
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal("Open level", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::Text("Levels in %s and beside the current file:", level_dir().c_str());
  bool open_now = false;
  if (ImGui::BeginListBox("##files", ImVec2(-FLT_MIN, 220))) {
    if (open_list_.empty()) ImGui::TextDisabled("(no .json files found)");
    for (const std::string& file : open_list_) {
      const bool selected = file == open_path_;
      if (ImGui::Selectable(file.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
        open_path_ = file;
        open_error_text_.clear();
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) open_now = true;
      }
    }
    ImGui::EndListBox();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::InputTextWithHint("##path", "path/to/level.json", &open_path_,
                               ImGuiInputTextFlags_EnterReturnsTrue))
    open_now = true;
  if (!open_error_text_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s", open_error_text_.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  ImGui::BeginDisabled(open_path_.empty());
  if (ImGui::Button("Open", ImVec2(100, 0))) open_now = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  if (open_now && !open_path_.empty()) {
    if (auto opened = studio.open(open_path_); opened) {
      ImGui::CloseCurrentPopup();
      remember(studio, open_path_);
    } else {
      open_error_text_ = opened.error();  // stays open: fix the path or pick another file
      studio.status = "Open failed: " + opened.error();
    }
  }
  ImGui::EndPopup();
}

void FileDialogs::draw_save_as(Studio& studio) {
  center_next_window();
  // A fixed width, and a height that follows the content (error lines come and go).
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal("Save level as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted("File (\".json\" is added when missing):");
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool save_now = ImGui::InputText("##path", &save_as_path_, ImGuiInputTextFlags_EnterReturnsTrue);
  std::string target = save_as_path_;
  if (!target.empty() && fs::path(target).extension() != ".json") target += ".json";
  std::error_code ec;
  if (!target.empty() && target != studio.file_path() && fs::exists(target, ec))
    ImGui::TextColored(kWarnText, "%s exists and will be replaced.", target.c_str());
  if (!save_as_error_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s", save_as_error_.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  ImGui::BeginDisabled(target.empty());
  if (ImGui::Button("Save", ImVec2(100, 0))) save_now = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) {
    ImGui::CloseCurrentPopup();
    pending_ = Pending::None;
    continue_after_save_ = false;
  }
  if (save_now && !target.empty()) {
    if (auto saved = studio.save_as(target); saved) {
      ImGui::CloseCurrentPopup();
      remember(studio, target);
      if (continue_after_save_) proceed(pending_);
    } else {
      save_as_error_ = saved.error();
      studio.status = "Save failed: " + saved.error();
    }
  }
  ImGui::EndPopup();
}

void FileDialogs::draw_error() {
  center_next_window();
  if (!ImGui::BeginPopupModal("Error##modal", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextColored(kErrorText, "%s", error_title_.c_str());
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
  ImGui::TextUnformatted(error_message_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  if (ImGui::Button("OK", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE) ||
      ImGui::IsKeyPressed(GLFW_KEY_ENTER))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// [SECTION] Help

void HelpWindow::Draw() {
  if (!open) return;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const float em = ImGui::GetFontSize() / 15.0f;  // larger with the UI scale and when presenting
  ImGui::SetNextWindowSize(ImVec2(560 * em, 0), ImGuiCond_Appearing);
  if (!ImGui::Begin("Help", &open, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  auto section = [](const char* title) {
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", title);
    ImGui::Separator();
  };
  auto row = [](const char* keys, const char* what) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(keys);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", what);
  };
  auto table = [em](const char* id) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return false;
    ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, 190 * em);
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    return true;
  };
  section("Canvas");
  if (table("canvas")) {
    row("Left drag", "Use the current tool on the active layer");
    row("Shift + left drag", "Paint the opposite value (erase, cost 1, height 0)");
    row("Drag S or G", "Move the start or goal (never onto a wall)");
    row("Right or middle drag", "Pan");
    row("Mouse wheel", "Zoom around the cursor");
    row("0", "Fit the level to the canvas");
    ImGui::EndTable();
  }
  section("Edit (Tiled's keys)");
  if (table("edit")) {
    for (int k = 0; k < static_cast<int>(Tool::_Max); ++k) {
      const ToolInfo& info = tool_info(static_cast<Tool>(k));
      const std::string keys = std::string(info.key) + "  " + info.name;
      row(keys.c_str(), info.help);
    }
    row("1 .. 6 (W: walls)", "Active layer: walls, costs, heights, agents, edges, shapes");
    row("[ / ]", "Brush size smaller / larger");
    row("Ctrl+Z / Ctrl+Y", "Undo / redo (also Ctrl+Shift+Z); a stroke is one step");
    row("Ctrl+X / C / V", "Cut / copy / paste the selection (paste at the mouse)");
    row("Ctrl+A, Del, Esc", "Select all, erase the selection (or the selected shape), deselect");
    row("Edit > Resize level", "New size, with an anchor for the old content");
    ImGui::EndTable();
  }
  section("Search");
  if (table("search")) {
    row("N or Right arrow", "Step: one iteration");
    row("Left arrow", "Step back: undo one iteration exactly");
    row("Space", "Play / pause (speed slider: iterations per second)");
    row("Enter or End", "Run to the end");
    row("M / Shift+M", "Micro-step: take a node or examine one move / one micro-step back");
    row("Home", "Back to iteration 0, keeping the steps for replay (the timeline)");
    row("Ctrl+R", "Reset: a fresh search at iteration 0");
    row("K / O over a cell", "Breakpoint: pause when the cell is taken / opened");
    row("Q", "Quiz: click the cell you think the search takes next");
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "Editing while a search is shown re-runs it on the edited level to the same iteration "
      "(or to the end, if it had finished), so you can watch how the edit changes the search. "
      "Changing the algorithm, heuristic, weight, tie-break or partial path does the same.");
  section("Algorithms");
  ImGui::TextWrapped(
      "Search > Algorithm picks the search; the line below it says what the path is worth and "
      "what f is. Dijkstra and Breadth-first use no heuristic (greyed out); Weighted A* has a "
      "Weight slider. Jump Point Search and Theta* need every cell to cost 1, 8 neighbours and "
      "no corner cutting: elsewhere they do not run and the panel says why. Theta*'s path is "
      "any-angle waypoints. Bidirectional A* shows the search from the goal in a bluer hue and "
      "its meeting cell with a gold ring. Partial path: with no path, a dashed line to the "
      "reached cell nearest the goal.");
  ImGui::TextDisabled("Command line: --algorithm NAME, --weight W (astar-studio --help).");
  section("Files");
  if (table("files")) {
    row("Ctrl+N", "New level");
    row("Ctrl+O", "Open a level");
    row("Ctrl+S", "Save");
    row("Ctrl+Shift+S", "Save as");
    row("Drop a file", "On the window: a level (.json) or MovingAI map (.map) opens; an image "
                       "(.png, .jpg) or Tiled map (.tmj) opens File > Import");
    row("File menu", "Open Recent, Import, Export map / image; Edit > Generate level");
    row("Autosave", "Unsaved changes go to a recovery file every 30 s; after a crash the "
                    "next start offers to restore them");
    row("Ctrl+Q", "Quit");
    row("F12", "Save a screenshot (PNG) in the current folder");
    row("Ctrl+T", "Save the event log as JSON (astar-trace-N.json) in the current folder");
    row("F11", "Presentation mode: large fonts, high contrast, full screen");
    row("View > Palette", "Default, Colour-blind safe or High contrast colours; Patterns adds "
                          "dots (open), a cross-hatch (closed) and path dots");
    row("C", "Compare: 2 to 4 searches side by side, stepped together");
    row("F1 or H", "This window");
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "New, Open and Quit ask to save unsaved changes first. The title bar shows * while "
      "there are unsaved changes.");
  section("Overlays");
  ImGui::TextWrapped(
      "Default palette: green open set, purple closed set, orange path (the Legend shows the "
      "palette in use). Dashed and lighter: a partial "
      "path. Magenta outline: the node taken by the last step; teal outlines: its neighbours whose cost improved. From %.0f px "
      "per cell, arrows point from each visited cell to its parent (cameFrom); from %.0f px, "
      "cells show g (top left), h (top right) and f = g + h (centre).",
      kArrowMinPx, kTextMinPx);
  ImGui::End();
}

// [SECTION] Menu

void MainMenu::Draw(Studio& studio, FileDialogs& files, HelpWindow& help, AnimationDialog& animation,
                    CompareWindow& compare, ResizeDialog& resize, LevelDialogs& dialogs) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New...", "Ctrl+N")) files.request_new(studio);
    if (ImGui::MenuItem("Open...", "Ctrl+O")) files.request_open(studio);
    files.draw_recent_menu(studio);
    if (ImGui::MenuItem("Save", "Ctrl+S")) files.save(studio);
    if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) files.request_save_as(studio);
    ImGui::Separator();
    if (ImGui::MenuItem("Import...")) dialogs.import.request(studio);
    if (ImGui::MenuItem("Export MovingAI map (.map)...")) dialogs.exporter.request(studio, ExportDialog::Kind::Map);
    if (ImGui::MenuItem("Export image (PNG)...")) dialogs.exporter.request(studio, ExportDialog::Kind::Png);
    if (ImGui::MenuItem("Export animation (GIF)...")) animation.open = true;
    if (ImGui::MenuItem("Export trace (JSON)", "Ctrl+T")) studio.requests.push(MainRequest::ExportTrace);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) files.request_quit(studio);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    const astar::Editor& ed = studio.editor();
    const std::string undo = "Undo " + ed.undo_label(), redo = "Redo " + ed.redo_label();
    if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, ed.can_undo())) studio.undo();
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, ed.can_redo())) studio.redo();
    ImGui::Separator();
    if (ImGui::MenuItem("Cut", "Ctrl+X", false, studio.selection.has_value())) cut_selection(studio);
    if (ImGui::MenuItem("Copy", "Ctrl+C", false, studio.selection.has_value())) copy_selection(studio);
    if (ImGui::MenuItem("Paste", "Ctrl+V", false, !studio.clipboard.empty()))
      paste_clipboard(studio, std::nullopt);
    if (ImGui::MenuItem("Delete", "Del")) delete_selection(studio);
    if (ImGui::MenuItem("Select all", "Ctrl+A")) select_all(studio);
    ImGui::Separator();
    if (ImGui::MenuItem("Resize level...")) resize.request(studio);
    if (ImGui::MenuItem("Generate level...")) dialogs.generate.request();
    bool block = studio.level().agents_block();
    if (ImGui::MenuItem("Agents block", nullptr, &block)) studio.set_agents_block(block);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Lessons")) {
    if (!lessons_read_) {
      lessons_ = find_lessons();
      lessons_read_ = true;
    }
    if (lessons_.empty()) ImGui::TextDisabled("No lessons in %s/lessons", level_dir().c_str());
    for (const LessonEntry& l : lessons_)
      if (ImGui::MenuItem(l.title.c_str(), nullptr, l.path == studio.file_path()))
        files.request_lesson(studio, l.path);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Search")) {
    const bool done = astar::finished(studio.search().state());
    if (ImGui::MenuItem("Step", "N", false, !done)) studio.step();
    if (ImGui::MenuItem("Step back", "B", false, studio.can_step_back())) studio.step_back();
    if (ImGui::MenuItem(studio.playing ? "Pause" : "Play", "Space", false, !done))
      studio.playing = !studio.playing;
    if (ImGui::MenuItem("Run to end", "Enter", false, !done)) studio.run_to_end();
    if (ImGui::MenuItem("Reset", "Ctrl+R")) studio.reset_search();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit level", "F")) studio.view.fit_pending = true;
    ImGui::MenuItem("Compare", "C", &compare.open);
    if (ImGui::MenuItem("Save screenshot", "F12")) studio.requests.push(MainRequest::Screenshot);
    ImGui::Separator();
    Appearance& look = studio.appearance;
    ImGui::MenuItem("Presentation mode", "F11", &look.presentation);
    if (ImGui::BeginMenu("Palette")) {
      for (int i = 0; i < static_cast<int>(palette::Id::_Max); ++i) {
        const auto id = static_cast<palette::Id>(i);
        if (ImGui::MenuItem(palette::get(id).label, nullptr, look.palette == id)) look.choose_palette(id);
      }
      ImGui::EndMenu();
    }
    ImGui::MenuItem("Patterns (second cue beside colour)", nullptr, &look.patterns);
    ImGui::MenuItem("Debugger column", nullptr, &look.debugger_column);
    if (ImGui::BeginMenu("Overlays")) {
      draw_overlay_controls(studio);
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Controls", "F1", &help.open);
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

// [SECTION] Sidebar panels

void SearchPanel::Draw(Studio& studio) {
  const astar::Search& search = studio.search();
  const bool done = astar::finished(search.state());
  const float w = (ImGui::GetContentRegionAvail().x - 4 * ImGui::GetStyle().ItemSpacing.x) / 5;

  ImGui::BeginDisabled(!studio.can_step_back());
  if (ImGui::Button("Back", ImVec2(w, 0))) studio.step_back();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(studio.rewind_enabled() ? "Undo one iteration exactly (Left arrow)"
                                              : "Stepping back is off for levels above 4M cells");
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Step", ImVec2(w, 0))) studio.step();
  ImGui::SameLine();
  if (ImGui::Button(studio.playing ? "Pause" : "Play", ImVec2(w, 0))) studio.playing = !studio.playing;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(w, 0))) studio.reset_search();
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Run", ImVec2(w, 0))) studio.run_to_end();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Run to the end");

  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::SliderFloat("##speed", &studio.speed, 1.0f, 100000.0f, "speed %.0f it/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);

  // The algorithm, with what it promises on hover and on the line below.
  const astar::Algorithm algorithm = studio.algorithm();
  const astar::AlgorithmInfo& ai = astar::info(algorithm);
  const float combo_w = ImGui::GetContentRegionAvail().x * 0.6f;
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::BeginCombo("Algorithm", std::string(ai.label).c_str())) {
    for (int i = 0; i < static_cast<int>(astar::Algorithm::_Max); ++i) {
      const auto a = static_cast<astar::Algorithm>(i);
      const bool selected = a == algorithm;
      if (ImGui::Selectable(label_of(a).c_str(), selected)) studio.set_algorithm(a);
      if (selected) ImGui::SetItemDefaultFocus();
      if (ImGui::IsItemHovered())
        wrapped_tooltip(algorithm_summary(a, studio.options().weight) + "\n\n" + algorithm_note(a));
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    wrapped_tooltip(algorithm_summary(algorithm, studio.options().weight) + "\n\n" +
                    algorithm_note(algorithm));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", algorithm_summary(algorithm, studio.options().weight).c_str());
  ImGui::PopTextWrapPos();

  if (algorithm == astar::Algorithm::WeightedAStar) {
    float weight = static_cast<float>(studio.options().weight);
    ImGui::SetNextItemWidth(combo_w);
    if (ImGui::SliderFloat("Weight", &weight, 1.0f, 10.0f, "w = %.1f", ImGuiSliderFlags_AlwaysClamp))
      studio.set_weight(std::round(weight * 10.0f) / 10.0f);  // tenths: the label shows them
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("f = g + w * h. Ctrl+click to type a value.");
  }

  int h = static_cast<int>(studio.heuristic());
  ImGui::BeginDisabled(!ai.uses_heuristic);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::Combo("Heuristic", &h, kHeuristicLabels, static_cast<int>(std::size(kHeuristicLabels))))
    studio.set_heuristic(static_cast<astar::Heuristic>(h));
  ImGui::EndDisabled();
  if (!ai.uses_heuristic && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s uses no heuristic", std::string(ai.label).c_str());

  int t = static_cast<int>(studio.options().tie_break);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::BeginCombo("Tie-break", kTieBreakLabels[t])) {
    for (int i = 0; i < static_cast<int>(astar::TieBreak::_Max); ++i) {
      if (ImGui::Selectable(kTieBreakLabels[i], i == t))
        studio.set_tie_break(static_cast<astar::TieBreak>(i));
      if (i == t) ImGui::SetItemDefaultFocus();
      if (ImGui::IsItemHovered()) wrapped_tooltip(kTieBreakTips[i]);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) wrapped_tooltip(kTieBreakTips[t]);

  const bool partial_ok = Studio::supports_partial_path(algorithm);
  bool partial = studio.options().partial_path && partial_ok;
  ImGui::BeginDisabled(!partial_ok);
  if (ImGui::Checkbox("Partial path", &partial)) studio.set_partial_path(partial);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(partial_ok ? "When no path exists, show the way to the reached cell "
                                   "nearest the goal (dashed)"
                                 : "Bidirectional A* has no partial paths");

  const bool smooth_ok = Studio::supports_smoothing(algorithm);
  bool smooth = studio.smooth() && smooth_ok;
  ImGui::BeginDisabled(!smooth_ok);
  if (ImGui::Checkbox("Smooth path", &smooth)) studio.set_smooth(smooth);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(smooth_ok ? "Also show the path string-pulled: straight segments between "
                                  "waypoints that see each other (cyan)"
                                : "Theta*'s path is already any-angle");

  const astar::MovementRules& rules = studio.level().rules();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Neighbours");
  ImGui::SameLine();
  if (ImGui::RadioButton("4", rules.neighbours == astar::Neighbours::Four))
    studio.set_neighbours(astar::Neighbours::Four);
  ImGui::SameLine();
  if (ImGui::RadioButton("8", rules.neighbours == astar::Neighbours::Eight))
    studio.set_neighbours(astar::Neighbours::Eight);
  if (rules.neighbours == astar::Neighbours::Eight) {
    int d = static_cast<int>(rules.diagonal);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::Combo("Diagonals", &d, kDiagonalLabels, static_cast<int>(std::size(kDiagonalLabels))))
      studio.set_diagonal(static_cast<astar::DiagonalPolicy>(d));
  }
  if (ai.uses_heuristic && ai.guarantee != astar::Guarantee::None &&
      !astar::admissible(studio.heuristic(), rules.neighbours)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText,
                       "%s is not admissible with %s neighbours: it can overestimate, so the path "
                       "found may not be the shortest.",
                       kHeuristicLabels[h], std::string(astar::to_string(rules.neighbours)).c_str());
    ImGui::PopTextWrapPos();
  }
  if (ai.uses_heuristic) draw_heuristic_check(studio);

  ImGui::Separator();
  ImGui::Text("Iteration %lld", static_cast<long long>(search.iterations()));
  ImGui::Text("Open %zu   Closed %lld", search.open_size(),
              static_cast<long long>(search.closed_count()));
  const astar::SearchState state = search.state();
  const std::string outcome(astar::to_string(state));
  const bool waypoints = algorithm == astar::Algorithm::ThetaStar;
  const std::size_t shown = studio.path().size();
  const std::string length =
      std::to_string(shown) + (waypoints ? (shown == 1 ? " waypoint" : " waypoints")
                                         : (shown == 1 ? " cell" : " cells"));
  ImGui::PushTextWrapPos(0.0f);
  if (state == astar::SearchState::Found) {
    ImGui::TextColored(to_vec4(studio.appearance.colors().path), "%s: cost %s, %s", outcome.c_str(),
                       value_text(search.path_cost()).c_str(), length.c_str());
  } else if (state == astar::SearchState::Invalid) {
    ImGui::TextColored(kWarnText, "invalid: this search cannot run here.");
    ImGui::TextColored(kWarnText, "%s", search.message().c_str());
    ImGui::TextDisabled("Choose another algorithm or edit the level.");
  } else if (state == astar::SearchState::InProgress) {
    ImGui::Text("%s%s", outcome.c_str(), studio.playing ? " (playing)" : "");
  } else if (studio.path_partial()) {
    ImGui::TextColored(kWarnText, "%s: partial path to %s, cost %s, %s", outcome.c_str(),
                       cell_text(studio.path().back()).c_str(),
                       value_text(search.path_cost()).c_str(), length.c_str());
  } else {
    ImGui::TextColored(kWarnText, "%s", outcome.c_str());
  }
  if (const std::string moves = actions_summary(studio.path_actions()); !moves.empty())
    ImGui::TextDisabled("%s", moves.c_str());
  // The path's cost, move by move, as the cost policy prices each step.
  if (!studio.path().empty() && ImGui::TreeNode("Path cost, move by move")) {
    const astar::MovePolicy policy(studio.level());
    const auto steps = astar::path_breakdown(policy, studio.path());
    if (steps.empty()) ImGui::TextDisabled("The path's steps are waypoints, not moves.");
    double total = 0.0;
    for (const astar::PathStep& st : steps) {
      total += st.cost;
      ImGui::Text("%s -> %s  %s  %s  (total %s)", cell_text(st.from).c_str(), cell_text(st.to).c_str(),
                  std::string(astar::to_string(st.action)).c_str(), value_text(st.cost).c_str(),
                  value_text(total).c_str());
    }
    ImGui::TreePop();
  }
  if (const auto& smoothed = studio.smoothed(); !smoothed.empty()) {
    ImGui::TextColored(to_vec4(studio.appearance.colors().smoothed), "path cost %s \xC2\xB7 smoothed length %s (%zu %s)",
                       value_text(search.path_cost()).c_str(),
                       value_text(studio.smoothed_length()).c_str(), smoothed.size(),
                       smoothed.size() == 1 ? "waypoint" : "waypoints");
  }
  ImGui::PopTextWrapPos();
}

void LegendPanel::Draw(const Studio& studio) {
  const palette::Palette& p = studio.appearance.colors();
  const bool patterns = studio.appearance.patterns;
  // A swatch: the colour as the grid shows it, with its pattern when patterns are on.
  enum class Mark { None, Dots, Hatch, PathDot };
  auto swatch = [&](const char* label, palette::Rgb c, float alpha, Mark mark = Mark::None) {
    const float s = ImGui::GetFontSize();
    ImGui::ColorButton(label, to_vec4(c, alpha), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_AlphaPreview,
                       ImVec2(s, s));
    const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink = ImGui::GetColorU32(to_vec4(p.pattern_ink, p.pattern_alpha + 0.2f));
    if (patterns && mark == Mark::Dots)
      for (float fy : {0.25f, 0.75f})
        for (float fx : {0.25f, 0.75f})
          dl->AddCircleFilled(ImVec2(a.x + (z.x - a.x) * fx, a.y + (z.y - a.y) * fy), s * 0.1f, ink, 8);
    if (patterns && mark == Mark::Hatch) {
      dl->PushClipRect(a, z, true);
      for (float t = -1.0f; t <= 1.01f; t += 1.0f / 3.0f) {
        dl->AddLine(ImVec2(a.x + t * s, a.y), ImVec2(a.x + (t + 1) * s, z.y), ink, 1.0f);
        dl->AddLine(ImVec2(a.x + t * s, z.y), ImVec2(a.x + (t + 1) * s, a.y), ink, 1.0f);
      }
      dl->PopClipRect();
    }
    if (patterns && mark == Mark::PathDot)
      dl->AddCircleFilled(ImVec2((a.x + z.x) * 0.5f, (a.y + z.y) * 0.5f), s * 0.18f,
                          ImGui::GetColorU32(to_vec4(palette::path_dot(p))), 10);
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
  };
  ImGui::TextDisabled("%s%s", p.label, patterns ? ", patterns" : "");
  if (ImGui::BeginTable("legend", 2)) {
    // Open and closed as the grid tints them (blended over the floor).
    ImGui::TableNextColumn(); swatch("Open set", palette::blend_over_floor(p, p.open), 1.0f, Mark::Dots);
    ImGui::TableNextColumn(); swatch("Closed set", palette::blend_over_floor(p, p.closed), 1.0f, Mark::Hatch);
    ImGui::TableNextColumn(); swatch("Path", p.path, 1.0f, Mark::PathDot);
    ImGui::TableNextColumn(); swatch("Wall", p.wall, 1.0f);
    ImGui::TableNextColumn(); swatch("Taken, path to it", p.taken, 1.0f);
    ImGui::TableNextColumn(); swatch("Relaxed", p.relaxed, 1.0f);
    ImGui::TableNextColumn(); swatch("Start", p.start, 1.0f);
    ImGui::TableNextColumn(); swatch("Goal", p.goal, 1.0f);
    if (Studio::supports_partial_path(studio.algorithm()) && studio.options().partial_path) {
      ImGui::TableNextColumn(); swatch("Partial path", p.partial_path, 1.0f);
    }
    if (!studio.smoothed().empty()) {
      ImGui::TableNextColumn(); swatch("Smoothed path", p.smoothed, 1.0f);
    }
    if (!studio.level().shapes().empty()) {
      ImGui::TableNextColumn(); swatch("Collision shape", p.shape, p.shape_alpha);
    }
    if (studio.algorithm() == astar::Algorithm::Bidirectional) {
      ImGui::TableNextColumn(); swatch("From the goal", p.backward, 1.0f);
      ImGui::TableNextColumn(); swatch("Meeting cell", p.meet, 1.0f);
    }
    ImGui::EndTable();
  }
  draw_layer_legend(studio);
  draw_overlay_legend(studio);
}

// The jump rules (rules.jump), edited in place: 0 turns that jump off. Each change is an edit
// (the search re-runs, the level is unsaved). Values stay within what level files accept.
void LevelPanel::Draw(Studio& studio) {
  const astar::Level& level = studio.level();
  if (name_buffer_ != level.name && !ImGui::IsAnyItemActive()) name_buffer_ = level.name;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  if (ImGui::InputTextWithHint("Name", "(unnamed)", &name_buffer_)) studio.set_name(name_buffer_);
  ImGui::Text("%d x %d cells", level.width(), level.height());
  ImGui::Text("Start %s   Goal %s", cell_text(level.start()).c_str(),
              cell_text(level.goal()).c_str());
  const astar::MovementRules& r = level.rules();
  if (r.max_climb != astar::kUnlimited || r.max_drop != astar::kUnlimited || r.climb_cost != 0.0 ||
      r.drop_cost != 0.0)
    ImGui::TextWrapped("Climb %s, drop %s, climb cost %s, drop cost %s",
                r.max_climb == astar::kUnlimited ? "any" : std::to_string(r.max_climb).c_str(),
                r.max_drop == astar::kUnlimited ? "any" : std::to_string(r.max_drop).c_str(),
                value_text(r.climb_cost).c_str(), value_text(r.drop_cost).c_str());
  jump_rules_editor(studio);
  if (!level.edges().empty()) ImGui::Text("%zu edge overrides", level.edges().size());
  if (!level.shapes().empty() || r.agent_radius != 0.0)
    ImGui::Text("%zu collision shapes, agent radius %s", level.shapes().size(),
                value_text(r.agent_radius).c_str());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", studio.file_path().empty() ? "not saved yet" : studio.file_path().c_str());
  ImGui::PopTextWrapPos();
}

void InspectorPanel::Draw(const Studio& studio, std::optional<Cell> cell) {
  if (!cell) {
    ImGui::TextDisabled("Hover a cell to inspect it.");
    return;
  }
  const astar::Level& level = studio.level();
  const Cell c = *cell;
  ImGui::Text("Cell %s%s%s", cell_text(c).c_str(), c == level.start() ? "  start" : "",
              c == level.goal() ? "  goal" : "");
  if (level.wall(c)) {
    ImGui::TextUnformatted("Wall");
    return;
  }
  ImGui::Text("Cost %s   Height %d", value_text(level.cost(c)).c_str(), level.height_at(c));
  // The moves out of the cell under the level's rules, with their costs or why they are impossible.
  if (ImGui::TreeNode("Moves out")) {
    const astar::MovePolicy policy(level);
    policy.for_each_move(c, [&](const astar::Move& m) {
      if (m.possible())
        ImGui::Text("%s %s  %s  %s", std::string(astar::dir_name(m.dir)).c_str(), cell_text(m.to).c_str(),
                    std::string(astar::to_string(m.action)).c_str(), value_text(m.cost).c_str());
      else if (m.block != astar::MoveBlock::OutOfBounds)
        ImGui::TextDisabled("%s %s  %s", std::string(astar::dir_name(m.dir)).c_str(), cell_text(m.to).c_str(),
                            std::string(astar::to_string(m.block)).c_str());
    });
    ImGui::TreePop();
  }
  const astar::NodeView n = studio.search().node(c);
  const std::string why = astar::why_not_taken(studio.search(), c);
  if (n.state == astar::NodeState::Unseen) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", why.empty() ? "Not reached yet" : ("Not taken: " + why).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const auto* bidi = dynamic_cast<const astar::BidirectionalSearch*>(&studio.search());
  const bool backward =
      bidi && bidi->forward().node(c).state == astar::NodeState::Unseen;
  ImGui::Text("%s%s%s", n.state == astar::NodeState::Open ? "Open" : "Closed",
              backward ? " (from the goal)" : "",
              !studio.path_contains(c) ? ""
              : studio.path_partial()  ? ", on the partial path"
                                       : ", on the path");
  ImGui::Text("g %s   h %s   f %s", value_text(n.g).c_str(), value_text(n.h).c_str(),
              value_text(n.f).c_str());
  if (backward) ImGui::TextDisabled("g: cost from here to the goal");
  if (n.parent) ImGui::Text("Parent %s", cell_text(*n.parent).c_str());
  if (!why.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText, "Not taken: %s", why.c_str());
    ImGui::PopTextWrapPos();
  }
}

void StatusBar::Draw(const Studio& studio, std::optional<Cell> cell) {
  const astar::Search& s = studio.search();
  const astar::SearchState state = s.state();
  ImGui::Text("%s%s  |  %d x %d  |  %.3g px/cell  |  %s, iteration %lld, ",
              studio.file_name().c_str(), studio.dirty() ? " *" : "", studio.level().width(),
              studio.level().height(), studio.view.cell_px, label_of(studio.algorithm()).c_str(),
              static_cast<long long>(s.iterations()));
  ImGui::SameLine(0.0f, 0.0f);
  const std::string outcome(astar::to_string(state));
  if (state == astar::SearchState::Invalid) {
    ImGui::TextColored(kWarnText, "%s: %s", outcome.c_str(), s.message().c_str());
  } else if (studio.path_partial()) {
    ImGui::TextColored(kWarnText, "%s (partial path)", outcome.c_str());
  } else if (state == astar::SearchState::NoPath || state == astar::SearchState::IterationLimit) {
    ImGui::TextColored(kWarnText, "%s", outcome.c_str());
  } else {
    ImGui::TextUnformatted(outcome.c_str());
  }
  if (cell) {
    ImGui::SameLine();
    ImGui::Text("|  cell %s", cell_text(*cell).c_str());
  }
  if (!studio.status.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("|  %s", studio.status.c_str());
  }
}

// [SECTION] Shortcuts

void handle_shortcuts(Studio& studio, FileDialogs& files, HelpWindow& help) {
  const ImGuiIO& io = ImGui::GetIO();
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (pressed(GLFW_KEY_F12)) studio.requests.push(MainRequest::Screenshot);  // works over dialogs too
  if (pressed(GLFW_KEY_F11)) studio.appearance.presentation = !studio.appearance.presentation;
  if (any_popup_open()) return;
  if (io.KeyCtrl) {  // also while typing in the level name: text fields do not use these
    if (pressed(GLFW_KEY_N)) files.request_new(studio);
    if (pressed(GLFW_KEY_O)) files.request_open(studio);
    if (pressed(GLFW_KEY_S)) {
      if (io.KeyShift) files.request_save_as(studio);
      else files.save(studio);
    }
    if (pressed(GLFW_KEY_Q)) files.request_quit(studio);
    if (pressed(GLFW_KEY_T)) studio.requests.push(MainRequest::ExportTrace);
    if (pressed(GLFW_KEY_R)) studio.reset_search();
    return;
  }
  if (io.WantTextInput) return;
  // Tool and layer keys are in handle_edit_keys (edit_panels.cpp).
  if (pressed(GLFW_KEY_0)) studio.view.fit_pending = true;
  if (ImGui::IsKeyPressed(GLFW_KEY_N) || ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) studio.step();
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) studio.step_back();
  if (pressed(GLFW_KEY_SPACE) && !astar::finished(studio.search().state()))
    studio.playing = !studio.playing;
  if (pressed(GLFW_KEY_ENTER) || pressed(GLFW_KEY_END)) studio.run_to_end();
  if (pressed(GLFW_KEY_F1) || pressed(GLFW_KEY_H)) help.open = !help.open;
}

// [SECTION] Layout

void Ui::Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::Begin("A* Studio", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar(2);
  menu_.Draw(studio, files, help, animation_, compare, resize_, dialogs);

  const float status_h = ImGui::GetFrameHeight();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Column widths follow the font (UI scale, presentation mode); View > Debugger column hides
  // the right one (presentation mode starts without it).
  const float em = ImGui::GetFontSize() / 15.0f;
  const float sidebar_w = std::clamp(avail.x * 0.26f, 270.0f * em, 330.0f * em);
  const bool debugger_shown = studio.appearance.debugger_column;
  const float debugger_w =
      debugger_shown ? std::clamp(avail.x * 0.25f, 270.0f * em, 360.0f * em) : 0.0f;
  const float body_h = avail.y - status_h - ImGui::GetStyle().ItemSpacing.y;

  // Sidebar: the panels, scrolling when the window is short.
  ImGui::BeginChild("sidebar", ImVec2(sidebar_w, body_h), true);
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  // Presentation mode folds Edit, Level and Cell (Search and Legend stay), leaving it unfolds them.
  const bool presenting = studio.appearance.presentation;
  const bool fold = std::exchange(presenting_, presenting) != presenting;
  auto folds = [&] { if (fold) ImGui::SetNextItemOpen(!presenting); };
  if (!studio.level().description.empty() && ImGui::CollapsingHeader("Lesson", open))
    lesson_.Draw(studio, fonts);
  folds();
  if (ImGui::CollapsingHeader("Tools", open)) tools_.Draw(studio);
  if (ImGui::CollapsingHeader("Layers", open)) layers_.Draw(studio);
  if (ImGui::CollapsingHeader("Search", open)) search_.Draw(studio);
  if (ImGui::CollapsingHeader("Legend", open)) legend_.Draw(studio);
  // Folded unless the command line changed an overlay.
  if (studio.appearance.overlays.items != Overlays{}.items)
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
  if (ImGui::CollapsingHeader("Overlays")) overlays_.Draw(studio);
  folds();
  if (ImGui::CollapsingHeader("Level", open)) level_.Draw(studio);
  folds();
  if (ImGui::CollapsingHeader("Cell", open)) inspector_.Draw(studio, viewport_.hovered_cell());
  ImGui::EndChild();

  // Canvas: the rest of the window.
  ImGui::SameLine();
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("canvas", ImVec2(avail.x - sidebar_w - debugger_w - (debugger_shown ? 2 : 1) * ImGui::GetStyle().ItemSpacing.x, body_h), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_NoMove);
  viewport_.Draw(studio, renderer, fonts, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  ImGui::PopStyleVar();

  // Debugger: the timeline, the pseudo-code and the breakpoints.
  if (debugger_shown) {
    ImGui::SameLine();
    ImGui::BeginChild("debugger", ImVec2(0, body_h), true);
    if (ImGui::CollapsingHeader("Timeline", open)) timeline_.Draw(studio);
    if (ImGui::CollapsingHeader("Pseudo-code", open)) code_.Draw(studio, fonts);
    if (ImGui::CollapsingHeader("Log", open)) log_.Draw(studio);
    if (ImGui::CollapsingHeader("Quiz")) quiz_.Draw(studio);
  if (ImGui::CollapsingHeader("Breakpoints", open)) breakpoints_.Draw(studio);
    ImGui::EndChild();
  }

  status_.Draw(studio, viewport_.hovered_cell());
  handle_shortcuts(studio, files, help);
  handle_edit_keys(studio, viewport_.hovered_cell());
  resize_.Draw(studio);
  compare.handle_key();
  if (!any_popup_open()) handle_debugger_keys(studio, viewport_.hovered_cell());
  files.Draw(studio);
  dialogs.Draw(studio, files);
  if (auto chosen = animation_.Draw(studio)) animation_request_ = std::move(chosen);
  ImGui::End();

  help.Draw();
  compare.Draw(studio, fonts);
}

}  // namespace studio
