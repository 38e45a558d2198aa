// File > New, Open, Save As, the unsaved-changes guard before New, Open, Quit and lessons, and
// the error dialog; and the levels folder they start in.
#include "dialogs/file_dialogs.hpp"
#include "state/exercise_mode.hpp"
#include "files/data_dirs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/level_io.hpp"
#include "panels/panel_widgets.hpp"
#include "platform/platform.hpp"
#include "state/topology_words.hpp"

namespace studio {

using astar::Cell;

namespace fs = std::filesystem;

// [SECTION] File dialogs

namespace {

enum class DialogButton { None, Ok, Cancel };

// The foot of the Open and Save As dialogs: the last error (when there is one), then the OK
// button (disabled while `disabled`) and Cancel, which Escape presses too.
DialogButton error_and_buttons(const std::string& error, const char* ok_label, bool disabled) {
  if (!error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s", error.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  ImGui::BeginDisabled(disabled);
  const bool ok = ImGui::Button(ok_label, ImVec2(100, 0));
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    return DialogButton::Cancel;
  return ok ? DialogButton::Ok : DialogButton::None;
}

}  // namespace

void FileDialogs::ask_or_proceed(const Studio& studio, Pending action) {
  if (studio.dirty() || studio.exercise_in_progress()) {
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
    case Pending::Exercise: start_exercise_ = true; break;
    case Pending::LeaveExercise: leave_exercise_ = true; break;
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

void FileDialogs::request_exercise(const Studio& studio, astar::Exercise exercise) {
  exercise_ = std::move(exercise);
  ask_or_proceed(studio, Pending::Exercise);
}

void FileDialogs::request_leave_exercise(const Studio& studio) { ask_or_proceed(studio, Pending::LeaveExercise); }

void FileDialogs::request_lesson(const Studio& studio, std::string path) {
  lesson_path_ = std::move(path);
  ask_or_proceed(studio, Pending::Lesson);
}

void FileDialogs::request_new(const Studio& studio) { ask_or_proceed(studio, Pending::New); }

void FileDialogs::request_open(const Studio& studio) {
  // The page: the browser's picker; its files come back as dropped ones, through the guard.
  if (platform::pick_files_to_open()) return;
  refresh_open_list(studio);
  ask_or_proceed(studio, Pending::Open);
}

void FileDialogs::request_quit(const Studio& studio) { ask_or_proceed(studio, Pending::Quit); }

void FileDialogs::request_save_as(const Studio& studio) {
  save_as_path_ = studio.file_path().empty() ? (fs::path(save_dir()) / "untitled.json").string()
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
  start_pending(studio);
  open_if(open_guard_, "Unsaved changes") || open_if(open_new_, "New level") ||
      open_if(open_open_, "Open level") || open_if(open_save_as_, "Save level as") ||
      open_if(open_error_, "Error##modal");
  draw_guard(studio);
  draw_new(studio);
  draw_open(studio);
  draw_save_as(studio);
  draw_error();
}

void FileDialogs::start_pending(Studio& studio) {
  if (open_level_ && level_) {
    open_level_ = false;
    studio.set_level(std::move(*level_), "");
    level_.reset();
    studio.status = file_note_;
  }
  if (start_exercise_ && exercise_) {
    start_exercise_ = false;
    studio.start_exercise(std::move(*exercise_), "");
    exercise_.reset();
  }
  if (leave_exercise_) {
    leave_exercise_ = false;
    studio.close_exercise();
  }
}

void FileDialogs::draw_guard(Studio& studio) {
  center_next_window();
  if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  if (studio.exercise_in_progress()) return draw_exercise_guard(studio);
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
  draw_discard_cancel(100);
}

// The guard's words and buttons for an exercise under way (inside the guard's popup).
void FileDialogs::draw_exercise_guard(Studio& studio) {
  ImGui::TextUnformatted("The exercise is under way. Its answers are kept: opening it again continues it.");
  ImGui::Text("Save the result to hand in (%s) before %s?", studio.exercise_result_path().c_str(),
              pending_ == Pending::Quit            ? "quitting"
              : pending_ == Pending::LeaveExercise ? "leaving it"
                                                   : "going on");
  ImGui::Spacing();
  if (ImGui::Button("Save result", ImVec2(120, 0))) {
    ImGui::CloseCurrentPopup();
    if (auto saved = studio.save_exercise_result(); saved) {
      proceed(pending_);
    } else {
      pending_ = Pending::None;
      show_error("Save failed", saved.error());
    }
  }
  draw_discard_cancel(120);
}

// The guard's last two buttons (and the popup's end): Discard goes on, Cancel (or Esc) stays.
void FileDialogs::draw_discard_cancel(float width) {
  ImGui::SameLine();
  if (ImGui::Button("Discard", ImVec2(width, 0))) {
    ImGui::CloseCurrentPopup();
    proceed(pending_);
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(width, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) {
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
  topology_picker(new_topology_, new_stagger_, 160);
  const std::string problem = astar::Level::check_size(new_w_, new_h_);
  if (!problem.empty()) ImGui::TextColored(kErrorText, "%s", problem.c_str());
  ImGui::Spacing();
  ImGui::BeginDisabled(!problem.empty());
  if (ImGui::Button("Create", ImVec2(100, 0))) {
    astar::Level level(new_w_, new_h_);
    level.set_topology(new_topology_, new_stagger_);
    studio.set_level(std::move(level), "");
    studio.status = "New " + std::to_string(new_w_) + " x " + std::to_string(new_h_) + " " +
                    topology_text(studio.level()) + " level";
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
  switch (error_and_buttons(open_error_text_, "Open", open_path_.empty())) {
    case DialogButton::Ok: open_now = true; break;
    case DialogButton::Cancel: ImGui::CloseCurrentPopup(); break;
    case DialogButton::None: break;
  }
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
  switch (error_and_buttons(save_as_error_, "Save", target.empty())) {
    case DialogButton::Ok: save_now = true; break;
    case DialogButton::Cancel:
      ImGui::CloseCurrentPopup();
      pending_ = Pending::None;
      continue_after_save_ = false;
      break;
    case DialogButton::None: break;
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

std::vector<std::string> files_near_level(const Studio& studio, bool (*accept)(const std::string&)) {
  namespace fs = std::filesystem;
  std::set<std::string> found;
  std::vector<fs::path> folders{fs::current_path(), fs::path(level_dir())};
  if (!studio.file_path().empty()) folders.push_back(fs::absolute(studio.file_path()).parent_path());
  for (const fs::path& folder : folders) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec) && accept(it->path().string()))
        found.insert(fs::weakly_canonical(it->path(), ec).string());
  }
  return {found.begin(), found.end()};
}

}  // namespace studio
