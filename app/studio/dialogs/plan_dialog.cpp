// File > Open plan... (plan_dialog.hpp).
#include "dialogs/plan_dialog.hpp"
#include "dialogs/file_dialogs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key


#include <imgui.h>
#include <imgui_stdlib.h>

#include "files/dropped_files.hpp"
#include "panels/panel_widgets.hpp"
#include "platform/platform.hpp"
#include "state/studio.hpp"

namespace studio {


void PlanDialog::request(const Studio& studio) {
  if (platform::pick_files_to_open()) return;  // the page: its picker, the file opened as dropped
  files_ = files_near_level(studio, has_plan_extension);
  if (const OpenedPlan* p = studio.opened_plan()) path_ = p->path;
  error_.clear();
  open_ = true;
}

void PlanDialog::Draw(Studio& studio) {
  if (open_) {
    open_ = false;
    ImGui::OpenPopup("Open plan");
  }
  center_next_window();
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal("Open plan", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextWrapped("A multi-agent plan (Kei18's t:(x,y),...; Li's Agent i: (row,col)->...; MAPF Tracker's "
                     "u, d, l, r, w from the starts), played on this level's %zu units and checked against them:",
                     studio.level().units.size());
  bool open_now = false;
  if (ImGui::BeginListBox("##plans", ImVec2(-FLT_MIN, 180))) {
    if (files_.empty()) ImGui::TextDisabled("(no .txt, .plan or .log files found here or in the levels folder)");
    for (const std::string& file : files_)
      if (ImGui::Selectable(file.c_str(), file == path_, ImGuiSelectableFlags_AllowDoubleClick)) {
        path_ = file;
        error_.clear();
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) open_now = true;
      }
    ImGui::EndListBox();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputTextWithHint("##path", "path/to/plan.txt", &path_, ImGuiInputTextFlags_EnterReturnsTrue))
    open_now = true;
  if (!error_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s", error_.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(path_.empty());
  open_now |= ImGui::Button("Open", ImVec2(100, 0));
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) ImGui::CloseCurrentPopup();
  if (open_now && !path_.empty()) {
    if (auto opened = studio.open_plan(path_); opened) ImGui::CloseCurrentPopup();
    else error_ = opened.error();  // stays open: fix the path or pick another file
  }
  ImGui::EndPopup();
}

}  // namespace studio
