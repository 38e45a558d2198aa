// The Level panel: name, size, start and goal, the movement rules and the jump rules edited in
// place (rules_editor.hpp), the iteration guard, edge overrides and shapes, and the file.
#include "panels/panels.hpp"

#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/format.hpp"

namespace studio {

void LevelPanel::Draw(Studio& studio) {
  const astar::Level& level = studio.level();
  if (name_buffer_ != level.name && !ImGui::IsAnyItemActive()) name_buffer_ = level.name;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  if (ImGui::InputTextWithHint("Name", "(unnamed)", &name_buffer_)) studio.set_name(name_buffer_);
  ImGui::Text("%d x %d cells", level.width(), level.height());
  ImGui::Text("Start %s   Goal %s", astar::cell_text(level.start()).c_str(),
              astar::cell_text(level.goal()).c_str());
  rules_.movement(studio);
  rules_.jumps(studio);
  rules_.ranks(studio);
  rules_.iteration_guard(studio);
  if (!level.edges().empty()) ImGui::Text("%zu edge overrides", level.edges().size());
  if (!level.shapes().empty()) ImGui::Text("%zu collision shapes", level.shapes().size());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", studio.file_path().empty() ? "not saved yet" : studio.file_path().c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace studio
