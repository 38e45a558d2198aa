#include "findings_panel.hpp"

#include <optional>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panel_widgets.hpp"
#include "studio.hpp"

namespace studio {

namespace {

// The scale note, the paths' costs and a count per kind ("illegal-move 2").
void draw_summary(const astar::TraceCheckReport& r) {
  ImGui::PushTextWrapPos(0.0f);
  if (!r.scale_note.empty()) ImGui::TextDisabled("%s", r.scale_note.c_str());
  if (r.trace_path_cost || r.optimal_cost)
    ImGui::TextDisabled("path cost: trace %s, optimal %s",
                        r.trace_path_cost ? astar::fixed2_text(*r.trace_path_cost).c_str() : "none",
                        r.optimal_cost ? astar::fixed2_text(*r.optimal_cost).c_str() : "none");
  ImGui::PopTextWrapPos();
  if (r.total() == 0) {
    ImGui::TextUnformatted("No findings: every move legal, every g right, no f out of order.");
    return;
  }
  bool first = true;
  for (std::size_t k = 0; k < r.counts.size(); ++k) {
    if (r.counts[k] == 0) continue;
    if (!first) ImGui::SameLine();
    first = false;
    ImGui::TextColored(kWarnText, "%s %s",
                       std::string(astar::to_string(static_cast<astar::FindingKind>(k))).c_str(),
                       astar::count_text(r.counts[k]).c_str());
  }
  if (static_cast<std::int64_t>(r.findings.size()) < r.total())
    ImGui::TextDisabled("%zu listed of %s", r.findings.size(),
                        astar::count_text(r.total()).c_str());
}

}  // namespace

void FindingsPanel::Draw(Studio& studio) {
  const TraceMode* t = studio.trace_mode();
  if (!t) return;
  const astar::TraceCheckReport& r = t->report;
  draw_summary(r);
  if (r.findings.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float h = ImGui::GetTextLineHeightWithSpacing() * 12;
  std::optional<std::size_t> clicked;
  if (ImGui::BeginTable("findings", 4, flags, ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("kind");
    ImGui::TableSetupColumn("event");
    ImGui::TableSetupColumn("cell");
    ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
      const astar::Finding& f = r.findings[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      const std::string kind(astar::to_string(f.kind));
      if (ImGui::Selectable(kind.c_str(), t->selected == i, ImGuiSelectableFlags_SpanAllColumns))
        clicked = i;
      ImGui::PopID();
      if (ImGui::IsItemHovered()) wrapped_tooltip(f.message);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", f.event);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(astar::cell_text(f.cell).c_str());
      ImGui::TableNextColumn();  // one line a finding, clipped: the whole sentence on hover
      ImGui::TextUnformatted(f.message.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("Click a finding to go to its event.");
  if (clicked) studio.select_finding(*clicked);
}

}  // namespace studio
