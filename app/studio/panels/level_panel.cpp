// The Level panel: name, size, topology (asking before a change drops shapes or edges), start and
// goal, the movement rules and the jump rules edited in place (rules_editor.hpp), the iteration
// guard, edge overrides and shapes, the units that move (units_list.hpp), and the file.
#include "panels/panels.hpp"

#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/edit.hpp"
#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/units_list.hpp"
#include "state/topology_words.hpp"

namespace studio {

void LevelPanel::Draw(Studio& studio) {
  const astar::Level& level = studio.level();
  if (name_buffer_ != level.name && !ImGui::IsAnyItemActive()) name_buffer_ = level.name;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  if (ImGui::InputTextWithHint("Name", "(unnamed)", &name_buffer_)) studio.set_name(name_buffer_);
  ImGui::Text("%d x %d cells", level.width(), level.height());
  topology(studio);
  ImGui::Text("Start %s   Goal %s", astar::cell_text(level.start()).c_str(),
              astar::cell_text(level.goal()).c_str());
  rules_.movement(studio);
  rules_.jumps(studio);
  rules_.ranks(studio);
  rules_.iteration_guard(studio);
  if (!level.edges().empty()) ImGui::Text("%zu edge overrides", level.edges().size());
  if (!level.shapes().empty()) ImGui::Text("%zu collision shapes", level.shapes().size());
  draw_units_list(studio);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", studio.file_path().empty() ? "not saved yet" : studio.file_path().c_str());
  ImGui::PopTextWrapPos();
}

void LevelPanel::topology(Studio& studio) {
  const astar::Level& level = studio.level();
  astar::Topology t = level.topology();
  astar::HexStagger stagger = level.hex_stagger();
  if (topology_picker(t, stagger, ImGui::GetContentRegionAvail().x * 0.5f, &studio)) {
    const astar::TopologyLoss loss = astar::topology_loss(level, t);
    if (loss.empty()) {
      studio.set_topology(t, stagger);
    } else {
      pending_ = {t, stagger, topology_loss_text(loss, t)};
      ImGui::OpenPopup("Change topology");
    }
  }
  topology_question(studio);
}

// Shapes or edges the new topology has no place for: said, and dropped only on "Change".
void LevelPanel::topology_question(Studio& studio) {
  center_next_window();
  if (!ImGui::BeginPopupModal("Change topology", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return;
  ImGui::Text("Make the level %s?", topology_text(pending_.topology, pending_.stagger).c_str());
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  ImGui::TextColored(kWarnText, "%s", pending_.loss.c_str());
  ImGui::TextUnformatted("Undo (Ctrl+Z) brings them back.");
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  const bool change = ImGui::Button("Change", ImVec2(100, 0));
  mark_item(studio, "level", "topology change", 100);
  if (change) {
    studio.set_topology(pending_.topology, pending_.stagger);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || escape) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace studio
