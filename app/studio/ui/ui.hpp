// The studio's frame: the menu bar (drawn from the command table, commands.hpp), the Help window,
// and Ui, which lays the panels (panels/), the dialogs (dialogs/) and the canvas (canvas/) out
// in one full-window ImGui window (no docking in ImGui 1.86), so no panel covers the grid.
//
//   ui.Draw(studio, renderer, fonts);   // once per frame, between ImGui::NewFrame and Render
#pragma once

#include <optional>
#include <string>
#include <utility>

#include <imgui.h>

#include "astar/grid.hpp"
#include "canvas/grid_renderer.hpp"
#include "canvas/viewport.hpp"
#include "dialogs/animation_export.hpp"
#include "dialogs/compare_window.hpp"
#include "dialogs/file_dialogs.hpp"
#include "dialogs/level_dialogs.hpp"
#include "files/data_dirs.hpp"
#include "files/settings.hpp"
#include "panels/cbs_panel.hpp"
#include "panels/debugger.hpp"
#include "panels/exercise_panel.hpp"
#include "panels/findings_panel.hpp"
#include "panels/overlays_panel.hpp"
#include "panels/panels.hpp"
#include "panels/queue_panel.hpp"
#include "panels/rules_editor.hpp"
#include "state/studio.hpp"
#include "ui/edit_panels.hpp"

namespace studio {

struct HelpWindow {
  bool open = false;
  void Draw();
};

// The menu bar, drawn from the command table (commands.hpp).
struct MainMenu {
  void Draw(Studio& studio, FileDialogs& files, HelpWindow& help, AnimationDialog& animation,
            CompareWindow& compare, ResizeDialog& resize, LevelDialogs& dialogs,
            std::optional<astar::Cell> hovered);
};

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
  void draw_editing_panels(Studio& studio, bool fold, bool presenting);
  void draw_debugger_column(Studio& studio, const Fonts& fonts);

  MainMenu menu_;
  LessonPanel lesson_;
  ExercisePanel exercise_;
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
  CbsTreePanel cbs_tree_;   // CBS watched
  StatusBar status_;
  Viewport viewport_;
  bool presenting_ = false;  // presentation mode as of the last frame (folds the sidebar)
};

}  // namespace studio
