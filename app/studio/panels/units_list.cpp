#include "panels/units_list.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "overlays/units_overlay.hpp"
#include "panels/panel_widgets.hpp"
#include "state/units_tool.hpp"

namespace studio {

void draw_units_list(Studio& studio) {
  const std::vector<astar::Unit>& units = studio.level().units;
  ImGui::Text("Units: %zu", units.size());
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Units that move: the Unit tool (U) places them, a start then its goal; a click "
                    "on a unit's start or goal with the tool removes it.");
  if (units.empty()) return;
  ImGui::SameLine();
  if (ImGui::SmallButton("Clear units") && studio.editor().set_units({}, "Clear units"))
    studio.status = "Cleared the units; Ctrl+Z brings them back";
  // About eight rows show; more scroll.
  const float row = ImGui::GetFrameHeightWithSpacing();
  const float h = row * static_cast<float>(std::min<std::size_t>(units.size(), 8)) + 4.0f;
  std::optional<std::size_t> remove;
  std::optional<std::pair<std::size_t, int>> set_priority;
  if (ImGui::BeginChild("##units", ImVec2(0, h), false)) {
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(units.size()));
    while (clip.Step())
      for (int k = clip.DisplayStart; k < clip.DisplayEnd; ++k) {
        const auto i = static_cast<std::size_t>(k);
        ImGui::PushID(k);
        ImGui::ColorButton("##colour", to_vec4(unit_colour(i)), ImGuiColorEditFlags_NoTooltip,
                           ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) remove = i;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove unit %d", k);
        ImGui::SameLine();
        ImGui::Text("%d  %s", k, unit_text(units[i]).c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 3.5f);
        int priority = units[i].priority.value_or(0);
        if (ImGui::InputInt("##priority", &priority, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue))
          set_priority = {i, std::clamp(priority, 0, astar::kMaxUnitPriority)};
        if (ImGui::IsItemHovered())
          wrapped_tooltip("Priority: cooperative planners (CA*, WHCA*) plan the highest first; "
                          "equal ones in the list's order.");
        ImGui::PopID();
      }
  }
  ImGui::EndChild();
  if (remove && studio.editor().remove_unit(*remove))
    studio.status = "Removed unit " + std::to_string(*remove) + "; Ctrl+Z brings it back";
  if (set_priority && !remove) {
    std::vector<astar::Unit> changed = units;
    changed[set_priority->first].priority = set_priority->second;
    if (studio.editor().set_units(std::move(changed), "Unit priority"))
      studio.status = "Unit " + std::to_string(set_priority->first) + " has priority " +
                      std::to_string(set_priority->second) + "; Ctrl+Z undoes it";
  }
}

}  // namespace studio
