// File > New, Open, Save As, Open Recent and lessons, the unsaved-changes guard ("Save / Discard
// / Cancel" before New, Open and Quit) and the error dialog: one object, FileDialogs, whose
// request_* functions ask and whose Draw() shows the modals once a frame (file_dialogs.cpp; the
// recent files in ui/studio_files.cpp).
//
//   ui.files.request_open(studio);   // the guard first when the level has unsaved changes
//   ui.files.Draw(studio);           // once per frame, at the top level
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/level.hpp"
#include "files/settings.hpp"
#include "state/studio.hpp"

namespace studio {

class FileDialogs {
 public:
  // New, Open and Quit ask "Save / Discard / Cancel" first when the level has unsaved changes.
  void request_new(const Studio& studio);
  void request_open(const Studio& studio);
  void request_quit(const Studio& studio);
  void request_save_as(const Studio& studio);
  // Opens a lesson (a level file of levels/lessons/), after the guard.
  void request_lesson(const Studio& studio, std::string path);
  void save(Studio& studio);  // Save As when the level has no file yet
  void show_error(std::string title, std::string message);
  // [files] Opens `path` after the guard (File > Open Recent, a dropped file); `note` goes to
  // the status line once it has opened. Errors show in the error dialog, naming the file.
  void request_open_file(const Studio& studio, std::string path, std::string note = "");
  // [dialogs] Opens an imported level as a new untitled one after the guard (File > Import's
  // "Open as new level", a dropped .map); `note` goes to the status line.
  void request_open_level(const Studio& studio, astar::Level level, std::string note);
  // [dialogs] Starts an exercise made by File > New exercise (or the page's link) after the
  // guard; an exercise under way is guarded too (its answers are lost unless saved).
  void request_exercise(const Studio& studio, astar::Exercise exercise);
  void request_leave_exercise(const Studio& studio);
  // [files] File > Open Recent (studio_files.cpp): most recent first, missing files disabled,
  // Clear recent. Files opened or saved as through these dialogs go into it.
  void draw_recent_menu(Studio& studio);
  Preferences* prefs = nullptr;  // set by main; null: no recent files

  void Draw(Studio& studio);  // the modals; call once per frame at the top level
  bool quit_confirmed() const { return quit_; }

 private:
  enum class Pending { None, New, Open, Quit, Lesson, File, Level, Exercise, LeaveExercise };
  void ask_or_proceed(const Studio& studio, Pending action);
  void proceed(Pending action);
  void refresh_open_list(const Studio& studio);
  void draw_guard(Studio& studio);
  void draw_exercise_guard(Studio& studio);
  void draw_discard_cancel(float width);
  void start_pending(Studio& studio);  // a level, an exercise or leaving one, once proceeded
  void draw_new(Studio& studio);
  void draw_open(Studio& studio);
  void draw_save_as(Studio& studio);
  void draw_error();
  void remember(Studio& studio, const std::string& path);  // [files] into the recent files

  Pending pending_ = Pending::None;
  bool continue_after_save_ = false;  // "Save" in the guard on an untitled level
  bool quit_ = false;
  // Popups to open at the next Draw (OpenPopup must run in the modal's ID scope).
  bool open_guard_ = false, open_new_ = false, open_open_ = false, open_save_as_ = false,
       open_error_ = false, open_lesson_ = false;
  std::string lesson_path_;
  bool open_file_ = false;  // [files] request_open_file, after the guard
  std::string file_path_, file_note_;
  std::optional<astar::Level> level_;  // [dialogs] request_open_level, after the guard
  bool open_level_ = false;
  std::optional<astar::Exercise> exercise_;  // request_exercise, after the guard
  bool start_exercise_ = false, leave_exercise_ = false;

  int new_w_ = 24, new_h_ = 16;
  astar::Topology new_topology_ = astar::Topology::Square;
  astar::HexStagger new_stagger_ = astar::HexStagger::Odd;
  std::string open_path_, open_error_text_;
  std::vector<std::string> open_list_;
  std::string save_as_path_, save_as_error_;
  std::string error_title_, error_message_;
};

// The files `accept` takes in the working folder, the levels' folder and the open level's folder,
// each once (canonical paths, sorted): what Open trace and Open plan list.
std::vector<std::string> files_near_level(const Studio& studio, bool (*accept)(const std::string&));

}  // namespace studio
