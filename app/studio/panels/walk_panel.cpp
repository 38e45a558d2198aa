// Walk mode's controls and its per-move rows (walk_panel.hpp).
#include "panels/walk_panel.hpp"

#include <cmath>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

namespace {

void draw_walk_rows(const Studio& studio) {
  const std::vector<astar::WalkRow> rows = studio.walk()->rows(*studio.session().replanning());
  if (rows.empty() || !ImGui::TreeNode("walk_rows", "Moves (%zu rows)", rows.size())) return;
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  const float height = ImGui::GetTextLineHeightWithSpacing() * std::min<float>(10.0f, rows.size() + 1.5f);
  if (ImGui::BeginTable("walk_table", 5, kFlags, ImVec2(0.0f, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"move", "cell", "walls found", "cells updated", "path cost"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step())
      for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
        const astar::WalkRow& r = rows[static_cast<std::size_t>(k)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", k);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(astar::cell_text(r.cell).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(r.walls_discovered));
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(r.cells_updated));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::isfinite(r.path_cost) ? value_text(r.path_cost).c_str() : "none");
      }
    ImGui::EndTable();
  }
  ImGui::TreePop();
}

}  // namespace

void draw_walk_controls(Studio& studio) {
  if (studio.session().algorithm() != astar::Algorithm::DStarLite || studio.trace_mode()) return;
  Studio::WalkSettings w = studio.walk_settings();
  bool changed = ImGui::Checkbox("Walk the agent", &w.on);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("D* Lite plans from the goal to the agent. With this on, once it has a path the "
                    "next step moves the agent one cell along it, and the search is repaired from "
                    "there: Step, Play and End walk it to the goal, Back takes moves back.");
  if (w.on) {
    ImGui::SameLine();
    changed |= ImGui::Checkbox("Sensor", &w.use_sensor);
    if (ImGui::IsItemHovered())
      wrapped_tooltip("The agent sees walls only within this many cells of where it has stood, and "
                      "assumes open ground beyond (drawn as fog). Each wall it discovers is a "
                      "repair. Off: it knows every wall.");
    if (w.use_sensor) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
      changed |= ImGui::InputInt("cells##sensor", &w.sensor);
    }
  }
  if (changed) studio.set_walk(w);
  if (!studio.walk()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(studio.session().walk_text().c_str());
  ImGui::PopTextWrapPos();
  draw_walk_rows(studio);
}

}  // namespace studio
