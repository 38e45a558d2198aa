// The Level panel: name, size, start and goal, the climb and drop rules, the jump rules edited
// in place, edge overrides and shapes, and the file.
#include "panels.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/format.hpp"
#include "panel_widgets.hpp"

namespace studio {

using astar::Cell;

namespace {

// The jump rules (rules.jump), edited in place: 0 turns that jump off. Each change is an edit
// (the search re-runs, the level is unsaved). Values stay within what level files accept.
void jump_rules_editor(Studio& studio) {
  astar::JumpRules j = studio.level().rules().jump;
  const ImGuiTreeNodeFlags flags = j.enabled() ? ImGuiTreeNodeFlags_DefaultOpen : 0;
  if (!ImGui::TreeNodeEx("jumps", flags, "Jumps%s", j.enabled() ? "" : " (off)")) return;
  const float w = ImGui::GetContentRegionAvail().x * 0.45f;
  bool changed = false;
  auto limit = [&](const char* label, int& v, int hi, const char* tip) {
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputInt(label, &v)) {
      v = std::clamp(v, 0, hi);
      changed = true;
    }
    if (ImGui::IsItemHovered()) wrapped_tooltip(tip);
  };
  auto cost = [&](const char* label, double& v, const char* tip) {
    ImGui::SetNextItemWidth(w);
    if (ImGui::InputDouble(label, &v, 0.5, 1.0, "%.2f")) {
      v = std::isfinite(v) ? std::clamp(v, 0.0, 1e6) : 0.0;
      changed = true;
    }
    if (ImGui::IsItemHovered()) wrapped_tooltip(tip);
  };
  limit("Up", j.up, astar::JumpRules::kMaxHeight,
        "Most levels a jump up rises, onto a neighbour higher than the climb limit allows. 0: off.");
  limit("Down", j.down, astar::JumpRules::kMaxHeight,
        "Most levels a jump down falls, onto a neighbour lower than the drop limit allows. 0: off.");
  limit("Gap", j.gap, astar::JumpRules::kMaxGap,
        "Most cells a straight jump across clears. The cells jumped over must be lower than "
        "both ends, and the landing within the climb and drop limits. 0: off.");
  cost("Up cost", j.up_cost, "Added to the walking cost of a jump up.");
  cost("Down cost", j.down_cost, "Added to the walking cost of a jump down.");
  cost("Across cost", j.across_cost,
       "Added to a jump across, which costs its length times the landing cell's cost.");
  if (changed) studio.set_jump_rules(j);
  ImGui::TreePop();
}

}  // namespace

void LevelPanel::Draw(Studio& studio) {
  const astar::Level& level = studio.level();
  if (name_buffer_ != level.name && !ImGui::IsAnyItemActive()) name_buffer_ = level.name;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  if (ImGui::InputTextWithHint("Name", "(unnamed)", &name_buffer_)) studio.set_name(name_buffer_);
  ImGui::Text("%d x %d cells", level.width(), level.height());
  ImGui::Text("Start %s   Goal %s", astar::cell_text(level.start()).c_str(),
              astar::cell_text(level.goal()).c_str());
  const astar::MovementRules& r = level.rules();
  if (r.max_climb != astar::kUnlimited || r.max_drop != astar::kUnlimited || r.climb_cost != 0.0 ||
      r.drop_cost != 0.0)
    ImGui::TextWrapped("Climb %s, drop %s, climb cost %s, drop cost %s",
                r.max_climb == astar::kUnlimited ? "any" : std::to_string(r.max_climb).c_str(),
                r.max_drop == astar::kUnlimited ? "any" : std::to_string(r.max_drop).c_str(),
                value_text(r.climb_cost).c_str(), value_text(r.drop_cost).c_str());
  jump_rules_editor(studio);
  if (!level.edges().empty()) ImGui::Text("%zu edge overrides", level.edges().size());
  if (!level.shapes().empty() || r.agent_radius != 0.0)
    ImGui::Text("%zu collision shapes, agent radius %s", level.shapes().size(),
                value_text(r.agent_radius).c_str());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", studio.file_path().empty() ? "not saved yet" : studio.file_path().c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace studio
