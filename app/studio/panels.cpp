#include "panels.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include <imgui_stdlib.h>

#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "palette.hpp"

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

// Centres the next window (a modal) on the display.
void center_next_window() {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

bool any_popup_open() { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup); }

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
    case Pending::None: break;
  }
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
  ImGui::SetNextWindowSize(ImVec2(560, 0), ImGuiCond_Appearing);
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
  auto table = [](const char* id) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return false;
    ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, 190);
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    return true;
  };
  section("Canvas");
  if (table("canvas")) {
    row("Left drag", "Paint with the current tool (Wall or Erase)");
    row("Shift + left drag", "Paint with the other tool");
    row("W / E", "Wall tool / Erase tool");
    row("Drag S or G", "Move the start or goal (never onto a wall)");
    row("Right or middle drag", "Pan");
    row("Mouse wheel", "Zoom around the cursor");
    row("F", "Fit the level to the canvas");
    ImGui::EndTable();
  }
  section("Search");
  if (table("search")) {
    row("N or Right arrow", "Step: one iteration");
    row("B or Left arrow", "Step back: undo one iteration exactly");
    row("Space", "Play / pause (speed slider: iterations per second)");
    row("Enter or End", "Run to the end");
    row("R", "Reset to iteration 0");
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "Editing while a search is shown re-runs it on the edited level to the same iteration "
      "(or to the end, if it had finished), so you can watch how the edit changes the search. "
      "Changing the heuristic does the same.");
  section("Files");
  if (table("files")) {
    row("Ctrl+N", "New level");
    row("Ctrl+O", "Open a level");
    row("Ctrl+S", "Save");
    row("Ctrl+Shift+S", "Save as");
    row("Ctrl+Q", "Quit");
    row("F12", "Save a screenshot (PNG) in the current folder");
    row("F1 or H", "This window");
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "New, Open and Quit ask to save unsaved changes first. The title bar shows * while "
      "there are unsaved changes.");
  section("Overlays");
  ImGui::TextWrapped(
      "Green: open set. Purple: closed set. Orange line: the path. Magenta outline: the node "
      "taken by the last step; teal outlines: its neighbours whose cost improved. From %.0f px "
      "per cell, arrows point from each visited cell to its parent (cameFrom); from %.0f px, "
      "cells show g (top left), h (top right) and f = g + h (centre).",
      kArrowMinPx, kTextMinPx);
  ImGui::End();
}

// [SECTION] Menu

void MainMenu::Draw(Studio& studio, FileDialogs& files, HelpWindow& help) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New...", "Ctrl+N")) files.request_new(studio);
    if (ImGui::MenuItem("Open...", "Ctrl+O")) files.request_open(studio);
    if (ImGui::MenuItem("Save", "Ctrl+S")) files.save(studio);
    if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) files.request_save_as(studio);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) files.request_quit(studio);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Search")) {
    const bool done = astar::finished(studio.search().state());
    if (ImGui::MenuItem("Step", "N", false, !done)) studio.step();
    if (ImGui::MenuItem("Step back", "B", false, studio.can_step_back())) studio.step_back();
    if (ImGui::MenuItem(studio.playing ? "Pause" : "Play", "Space", false, !done))
      studio.playing = !studio.playing;
    if (ImGui::MenuItem("Run to end", "Enter", false, !done)) studio.run_to_end();
    if (ImGui::MenuItem("Reset", "R")) studio.reset_search();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit level", "F")) studio.view.fit_pending = true;
    if (ImGui::MenuItem("Save screenshot", "F12")) studio.screenshot_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Controls", "F1", &help.open);
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

// [SECTION] Sidebar panels

void ToolsPanel::Draw(Studio& studio) {
  int tool = studio.tool == Tool::Wall ? 0 : 1;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Paint");
  ImGui::SameLine();
  ImGui::RadioButton("Wall (W)", &tool, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Erase (E)", &tool, 1);
  studio.tool = tool == 0 ? Tool::Wall : Tool::Erase;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("Left drag paints, Shift+drag the other tool. Drag S or G to move them.");
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Fit view (F)")) studio.view.fit_pending = true;
}

void SearchPanel::Draw(Studio& studio) {
  const astar::AStarSearch& search = studio.search();
  const bool done = astar::finished(search.state());
  const float w = (ImGui::GetContentRegionAvail().x - 4 * ImGui::GetStyle().ItemSpacing.x) / 5;

  ImGui::BeginDisabled(!studio.can_step_back());
  if (ImGui::Button("Back", ImVec2(w, 0))) studio.step_back();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(studio.rewind_enabled() ? "Undo one iteration exactly (B or Left arrow)"
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
  ImGui::SliderFloat("##speed", &studio.speed, 1.0f, 1000.0f, "speed %.0f it/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);

  int h = static_cast<int>(studio.heuristic());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::Combo("Heuristic", &h, kHeuristicLabels, static_cast<int>(std::size(kHeuristicLabels))))
    studio.set_heuristic(static_cast<astar::Heuristic>(h));

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
  if (!astar::admissible(studio.heuristic(), rules.neighbours)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText,
                       "%s is not admissible with %s neighbours: it can overestimate, so the path "
                       "found may not be the shortest.",
                       kHeuristicLabels[h], std::string(astar::to_string(rules.neighbours)).c_str());
    ImGui::PopTextWrapPos();
  }

  ImGui::Separator();
  ImGui::Text("Iteration %lld", static_cast<long long>(search.iterations()));
  ImGui::Text("Open %zu   Closed %lld", search.open_size(),
              static_cast<long long>(search.closed_count()));
  const astar::SearchState state = search.state();
  const std::string outcome(astar::to_string(state));
  if (state == astar::SearchState::Found) {
    ImGui::TextColored(to_vec4(palette::kPath), "%s: cost %s, %zu cells", outcome.c_str(),
                       value_text(search.path_cost()).c_str(), studio.path().size());
  } else if (state == astar::SearchState::Invalid) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s: %s", outcome.c_str(), search.message().c_str());
    ImGui::PopTextWrapPos();
  } else if (state == astar::SearchState::InProgress) {
    ImGui::Text("%s%s", outcome.c_str(), studio.playing ? " (playing)" : "");
  } else {
    ImGui::TextColored(kWarnText, "%s", outcome.c_str());
  }
}

void LegendPanel::Draw() {
  auto swatch = [](const char* label, palette::Rgb c, float alpha) {
    ImGui::ColorButton(label, to_vec4(c, alpha), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_AlphaPreview,
                       ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
  };
  if (ImGui::BeginTable("legend", 2)) {
    ImGui::TableNextColumn(); swatch("Open set", palette::kOpen, 1.0f);
    ImGui::TableNextColumn(); swatch("Closed set", palette::kClosed, 1.0f);
    ImGui::TableNextColumn(); swatch("Path", palette::kPath, 1.0f);
    ImGui::TableNextColumn(); swatch("Wall", palette::kWall, 1.0f);
    ImGui::TableNextColumn(); swatch("Taken, path to it", palette::kTaken, 1.0f);
    ImGui::TableNextColumn(); swatch("Relaxed", palette::kRelaxed, 1.0f);
    ImGui::TableNextColumn(); swatch("Start", palette::kStart, 1.0f);
    ImGui::TableNextColumn(); swatch("Goal", palette::kGoal, 1.0f);
    ImGui::EndTable();
  }
}

void LevelPanel::Draw(Studio& studio) {
  const astar::Level& level = studio.level();
  if (name_buffer_ != level.name && !ImGui::IsAnyItemActive()) name_buffer_ = level.name;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  if (ImGui::InputTextWithHint("Name", "(unnamed)", &name_buffer_)) studio.set_name(name_buffer_);
  ImGui::Text("%d x %d cells", level.width(), level.height());
  ImGui::Text("Start %s   Goal %s", cell_text(level.start()).c_str(),
              cell_text(level.goal()).c_str());
  const astar::MovementRules& r = level.rules();
  if (r.max_climb != astar::kUnlimited || r.max_drop != astar::kUnlimited || r.climb_cost != 0.0)
    ImGui::Text("Climb %s, drop %s, climb cost %s",
                r.max_climb == astar::kUnlimited ? "any" : std::to_string(r.max_climb).c_str(),
                r.max_drop == astar::kUnlimited ? "any" : std::to_string(r.max_drop).c_str(),
                value_text(r.climb_cost).c_str());
  if (!level.edges().empty()) ImGui::Text("%zu edge overrides", level.edges().size());
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
  const astar::NodeView n = studio.search().node(c);
  if (n.state == astar::NodeState::Unseen) {
    ImGui::TextDisabled("Not reached yet");
    return;
  }
  ImGui::Text("%s%s", n.state == astar::NodeState::Open ? "Open" : "Closed",
              studio.path_contains(c) ? ", on the path" : "");
  ImGui::Text("g %s   h %s   f %s", value_text(n.g).c_str(), value_text(n.h).c_str(),
              value_text(n.f).c_str());
  if (n.parent) ImGui::Text("Parent %s", cell_text(*n.parent).c_str());
}

void StatusBar::Draw(const Studio& studio, std::optional<Cell> cell) {
  const astar::AStarSearch& s = studio.search();
  ImGui::Text("%s%s  |  %d x %d  |  iteration %lld, %s  |  %.3g px/cell", studio.file_name().c_str(),
              studio.dirty() ? " *" : "", studio.level().width(), studio.level().height(),
              static_cast<long long>(s.iterations()), std::string(astar::to_string(s.state())).c_str(),
              studio.view.cell_px);
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
  if (pressed(GLFW_KEY_F12)) studio.screenshot_requested = true;  // works over dialogs too
  if (any_popup_open()) return;
  if (io.KeyCtrl) {  // also while typing in the level name: text fields do not use these
    if (pressed(GLFW_KEY_N)) files.request_new(studio);
    if (pressed(GLFW_KEY_O)) files.request_open(studio);
    if (pressed(GLFW_KEY_S)) {
      if (io.KeyShift) files.request_save_as(studio);
      else files.save(studio);
    }
    if (pressed(GLFW_KEY_Q)) files.request_quit(studio);
    return;
  }
  if (io.WantTextInput) return;
  if (pressed(GLFW_KEY_F)) studio.view.fit_pending = true;
  if (pressed(GLFW_KEY_W)) studio.tool = Tool::Wall;
  if (pressed(GLFW_KEY_E)) studio.tool = Tool::Erase;
  if (ImGui::IsKeyPressed(GLFW_KEY_N) || ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) studio.step();
  if (ImGui::IsKeyPressed(GLFW_KEY_B) || ImGui::IsKeyPressed(GLFW_KEY_LEFT)) studio.step_back();
  if (pressed(GLFW_KEY_SPACE) && !astar::finished(studio.search().state()))
    studio.playing = !studio.playing;
  if (pressed(GLFW_KEY_ENTER) || pressed(GLFW_KEY_END)) studio.run_to_end();
  if (pressed(GLFW_KEY_R)) studio.reset_search();
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
  menu_.Draw(studio, files, help);

  const float status_h = ImGui::GetFrameHeight();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float sidebar_w = std::clamp(avail.x * 0.26f, 270.0f, 330.0f);
  const float body_h = avail.y - status_h - ImGui::GetStyle().ItemSpacing.y;

  // Sidebar: the panels, scrolling when the window is short.
  ImGui::BeginChild("sidebar", ImVec2(sidebar_w, body_h), true);
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (ImGui::CollapsingHeader("Edit", open)) tools_.Draw(studio);
  if (ImGui::CollapsingHeader("Search", open)) search_.Draw(studio);
  if (ImGui::CollapsingHeader("Legend", open)) legend_.Draw();
  if (ImGui::CollapsingHeader("Level", open)) level_.Draw(studio);
  if (ImGui::CollapsingHeader("Cell", open)) inspector_.Draw(studio, viewport_.hovered_cell());
  ImGui::EndChild();

  // Canvas: the rest of the window.
  ImGui::SameLine();
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("canvas", ImVec2(0, body_h), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_NoMove);
  viewport_.Draw(studio, renderer, fonts, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  ImGui::PopStyleVar();

  status_.Draw(studio, viewport_.hovered_cell());
  handle_shortcuts(studio, files, help);
  files.Draw(studio);
  ImGui::End();

  help.Draw();
}

}  // namespace studio
