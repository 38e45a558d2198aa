// The studio's panels, each a small struct with Draw(): the menu bar, the sidebar sections
// (tools, search, legend, level, cell inspector), the status bar, the Help window and the file
// dialogs (New, Open, Save As, the unsaved-changes guard, errors). Ui lays them out around the
// canvas in one full-window ImGui window (no docking in ImGui 1.86), so no panel covers the grid.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "astar/grid.hpp"
#include "animation_export.hpp"
#include "compare_window.hpp"
#include "data_dirs.hpp"
#include "debugger.hpp"
#include "edit_panels.hpp"
#include "findings_panel.hpp"
#include "grid_renderer.hpp"
#include "level_dialogs.hpp"
#include "overlays_panel.hpp"
#include "queue_panel.hpp"
#include "rules_editor.hpp"
#include "settings.hpp"
#include "studio.hpp"
#include "viewport.hpp"

namespace studio {


// [SECTION] File dialogs and the unsaved-changes guard

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
  // [files] File > Open Recent (studio_files.cpp): most recent first, missing files disabled,
  // Clear recent. Files opened or saved as through these dialogs go into it.
  void draw_recent_menu(Studio& studio);
  Preferences* prefs = nullptr;  // set by main; null: no recent files

  void Draw(Studio& studio);  // the modals; call once per frame at the top level
  bool quit_confirmed() const { return quit_; }

 private:
  enum class Pending { None, New, Open, Quit, Lesson, File, Level };
  void ask_or_proceed(const Studio& studio, Pending action);
  void proceed(Pending action);
  void refresh_open_list(const Studio& studio);
  void draw_guard(Studio& studio);
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

  int new_w_ = 24, new_h_ = 16;
  std::string open_path_, open_error_text_;
  std::vector<std::string> open_list_;
  std::string save_as_path_, save_as_error_;
  std::string error_title_, error_message_;
};

// [SECTION] Panels

struct HelpWindow {
  bool open = false;
  void Draw();
};

// A lesson file and its title, for the Lessons menu.
struct LessonEntry {
  std::string path, title;
};
// levels/lessons/*.json in file-name order, with their titles (unreadable files are left out).
std::vector<LessonEntry> find_lessons();

// The lesson's title and explanation, and the search it suggests (levels with a description).
struct LessonPanel {
  void Draw(const Studio& studio, const Fonts& fonts);
};

// The menu bar, drawn from the command table (commands.hpp).
struct MainMenu {
  void Draw(Studio& studio, FileDialogs& files, HelpWindow& help, AnimationDialog& animation,
            CompareWindow& compare, ResizeDialog& resize, LevelDialogs& dialogs,
            std::optional<astar::Cell> hovered);
};

struct SearchPanel {
  void Draw(Studio& studio);
};

struct LegendPanel {
  void Draw(const Studio& studio);
};

struct LevelPanel {
  void Draw(Studio& studio);
  std::string name_buffer_;
  RulesEditor rules_;
};

struct InspectorPanel {
  void Draw(const Studio& studio, std::optional<astar::Cell> cell);
};

struct StatusBar {
  void Draw(const Studio& studio, std::optional<astar::Cell> cell);
};
// The search's part of the status line: "A*, iteration 212, found, cost 36.0710678" (the cost
// with 9 significant digits once a path is found).
std::string search_status_text(const Studio& studio);
// The status line as plain text, without the hovered cell, as the browser's #status element
// mirrors it: "welcome.json | 32 x 18 | A*, iteration 212, found, cost 36.0710678 | message".
std::string status_line_text(const Studio& studio);

// [SECTION] Layout

class Ui {
 public:
  // Builds the whole frame: menu, sidebar, canvas, status bar, Help and the dialogs.
  void Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts);
  FileDialogs files;
  HelpWindow help;
  CompareWindow compare;
  LevelDialogs dialogs;  // [dialogs] Generate, Import, Export
  // File > Export animation: the settings chosen this frame, once.
  std::optional<AnimationSettings> take_animation_request() { return std::exchange(animation_request_, {}); }

 private:
  MainMenu menu_;
  LessonPanel lesson_;
  AnimationDialog animation_;
  std::optional<AnimationSettings> animation_request_;
  ToolsPanel tools_;
  LayersPanel layers_;
  ResizeDialog resize_;
  SearchPanel search_;
  LegendPanel legend_;
  OverlaysPanel overlays_;
  LevelPanel level_;
  InspectorPanel inspector_;
  TimelinePanel timeline_;
  CodePanel code_;
  QueuePanel queue_;
  LogPanel log_;
  QuizPanel quiz_;
  BreakpointsPanel breakpoints_;
  FindingsPanel findings_;  // trace mode
  StatusBar status_;
  Viewport viewport_;
  bool presenting_ = false;  // presentation mode as of the last frame (folds the sidebar)
};

}  // namespace studio
