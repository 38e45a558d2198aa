// The whole frame around the canvas: the menu, the sidebar, the canvas, the debugger column, the
// status bar, the keys and the dialogs, in one full-window ImGui window (no docking in 1.86).
#include "panels.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <utility>

#include <imgui.h>

#include "panel_widgets.hpp"

namespace studio {

using astar::Cell;

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
