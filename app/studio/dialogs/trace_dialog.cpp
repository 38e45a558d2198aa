#include "dialogs/trace_dialog.hpp"

#include "dialogs/file_dialogs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key


#include <imgui.h>
#include <imgui_stdlib.h>

#include "files/dropped_files.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {


void TraceDialog::request(const Studio& studio) {
  files_ = files_near_level(studio, looks_like_trace);
  if (const TraceMode* t = studio.trace_mode()) path_ = t->path;
  error_.clear();
  open_ = true;
}

void TraceDialog::Draw(Studio& studio) {
  if (open_) {
    open_ = false;
    ImGui::OpenPopup("Open trace");
  }
  center_next_window();
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal("Open trace", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextWrapped("A search trace (Posthoc JSON or YAML, JSON Lines, astar trace JSON), replayed "
                     "on this level and checked against it:");
  bool open_now = false;
  if (ImGui::BeginListBox("##traces", ImVec2(-FLT_MIN, 180))) {
    if (files_.empty()) ImGui::TextDisabled("(no trace files found here or in the levels folder)");
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
  if (ImGui::InputTextWithHint("##path", "path/to/trace.json", &path_,
                               ImGuiInputTextFlags_EnterReturnsTrue))
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
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  if (open_now && !path_.empty()) {
    if (auto opened = studio.open_trace(path_); opened) ImGui::CloseCurrentPopup();
    else error_ = opened.error();  // stays open: fix the path or pick another file
  }
  ImGui::EndPopup();
}

}  // namespace studio
