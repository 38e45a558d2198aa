// The whole frame around the canvas: the menu, the sidebar, the canvas, the debugger column, the
// status bar, the keys and the dialogs, in one full-window ImGui window (no docking in 1.86).
#include "ui/ui.hpp"
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <utility>

#include <imgui.h>

#include "ui/commands.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/units_list.hpp"

namespace studio {

using astar::Cell;

// [SECTION] Layout

void Ui::Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts) {
  studio.widget_rects.clear();  // the panels record this frame's
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  // Embedded (--embed) during an exercise: the grid, the Exercise panel and the status line only.
  const bool embedded = studio.appearance.embed && studio.exercise();
  ImGui::Begin("A* Studio", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | (embedded ? 0 : ImGuiWindowFlags_MenuBar) |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar(2);
  if (!embedded)
    menu_.Draw(studio, files, help, animation_, compare, resize_, dialogs, viewport_.hovered_cell(studio.level()));

  const float status_h = ImGui::GetFrameHeight();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Column widths follow the font (UI scale, presentation mode); View > Debugger column hides
  // the right one (presentation mode starts without it).
  const float em = ImGui::GetFontSize() / 15.0f;
  const float sidebar_w = std::clamp(avail.x * 0.26f, 270.0f * em, 330.0f * em);
  const bool debugger_shown = studio.appearance.debugger_column && !embedded;
  const float debugger_w =
      debugger_shown ? std::clamp(avail.x * 0.25f, 270.0f * em, 360.0f * em) : 0.0f;
  const float body_h = avail.y - status_h - ImGui::GetStyle().ItemSpacing.y;

  // Sidebar: the panels, scrolling when the window is short.
  ImGui::BeginChild("sidebar", ImVec2(sidebar_w, body_h), true);
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  // Presentation mode folds Edit, Level and Cell (Search and Legend stay), leaving it unfolds them.
  const bool presenting = studio.appearance.presentation;
  const bool fold = std::exchange(presenting_, presenting) != presenting;
  // An exercise: its panel, and nothing that shows the search or edits the level.
  const ExerciseMode* exercising = studio.exercise();
  if (exercising && ImGui::CollapsingHeader("Exercise", open)) exercise_.Draw(studio);
  if (!exercising && !studio.level().description.empty() && ImGui::CollapsingHeader("Lesson", open))
    lesson_.Draw(studio, fonts);
  if (exercising) {
    if (!embedded && ImGui::CollapsingHeader("Legend")) legend_.Draw(studio);
  } else {
    draw_editing_panels(studio, fold, presenting);
  }
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

  // Debugger: the timeline, a trace's findings, the pseudo-code, the log and the breakpoints.
  if (debugger_shown) {
    ImGui::SameLine();
    ImGui::BeginChild("debugger", ImVec2(0, body_h), true);
    draw_debugger_column(studio, fonts);
    ImGui::EndChild();
  }

  status_.Draw(studio, viewport_.hovered_cell(studio.level()));
  CommandTarget target{studio, files, help, compare, resize_, dialogs, animation_, viewport_.hovered_cell(studio.level())};
  exercise_keys(studio);  // before the commands: an exercise takes some of their keys
  run_shortcuts(target);
  resize_.Draw(studio);
  files.Draw(studio);
  dialogs.Draw(studio, files);
  if (auto chosen = animation_.Draw(studio)) animation_request_ = std::move(chosen);
  ImGui::End();

  help.Draw();
  compare.Draw(studio, fonts);
}

// The sidebar's panels that edit the level and set up the search (not during an exercise).
// Presentation mode folds Edit, Level and Cell (Search and Legend stay) when `fold`.
void Ui::draw_editing_panels(Studio& studio, bool fold, bool presenting) {
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  auto folds = [&] { if (fold) ImGui::SetNextItemOpen(!presenting); };
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
  if (ImGui::CollapsingHeader("Cell", open)) inspector_.Draw(studio, viewport_.hovered_cell(studio.level()));
}

// The debugger column: the timeline, a trace's findings, the pseudo-code, the log and the
// breakpoints. During an exercise only what does not give the answer away: the pseudo-code (not
// for the heuristic kind, which runs no search), and for find-bug the trace's timeline and log
// (its findings are the answer).
void Ui::draw_debugger_column(Studio& studio, const Fonts& fonts) {
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (const ExerciseMode* ex = studio.exercise()) {
    const bool find_bug = ex->spec().kind == astar::ExerciseKind::FindBug;
    if (find_bug && ImGui::CollapsingHeader("Timeline", open)) timeline_.Draw(studio);
    if (ex->spec().kind != astar::ExerciseKind::Heuristic && ImGui::CollapsingHeader("Pseudo-code", open))
      code_.Draw(studio, fonts);  // the line of the question asked (find-bug: of the trace)
    if (find_bug && ImGui::CollapsingHeader("Log", open)) log_.Draw(studio);
    return;
  }
  if (ImGui::CollapsingHeader("Timeline", open)) timeline_.Draw(studio);
  if (!studio.level().units.empty() && ImGui::CollapsingHeader("Units", open))
    draw_units_playback_panel(studio);
  if (studio.units_playback.cbs().active() && ImGui::CollapsingHeader("Constraint tree", open))
    cbs_tree_.Draw(studio);
  if ((studio.trace_mode() || studio.opened_plan()) && studio.findings_panel &&
      ImGui::CollapsingHeader("Findings", open))
    findings_.Draw(studio);
  if (studio.session().replanning() && ImGui::CollapsingHeader("Queue", open)) queue_.Draw(studio);
  if (ImGui::CollapsingHeader("Pseudo-code", open)) code_.Draw(studio, fonts);
  if (ImGui::CollapsingHeader("Log", open)) log_.Draw(studio);
  if (ImGui::CollapsingHeader("Quiz")) quiz_.Draw(studio);
  if (ImGui::CollapsingHeader("Breakpoints", open)) breakpoints_.Draw(studio);
}

}  // namespace studio
