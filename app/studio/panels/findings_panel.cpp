#include "panels/findings_panel.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/opened_plan_panel.hpp"
#include "panels/panel_widgets.hpp"
#include "state/studio.hpp"

namespace studio {

namespace {

// The trace's path cost: under the level's rules, else the g the trace gives its path's end
// (what the Search panel shows for the replay) when the rules give the path no cost (a bad-path
// finding says why); both when they differ.
std::string trace_cost_text(const astar::TraceCheckReport& r) {
  const auto text = [](double c) { return astar::fixed2_text(c); };
  if (!r.trace_path_g) return r.trace_path_cost ? text(*r.trace_path_cost) : "none";
  if (!r.trace_path_cost)
    return text(*r.trace_path_g) + " (its own g; none under the rules: bad path)";
  if (astar::trace_equal(*r.trace_path_cost, *r.trace_path_g)) return text(*r.trace_path_cost);
  return text(*r.trace_path_cost) + " (its own g says " + text(*r.trace_path_g) + ")";
}

// The scale note, the paths' costs and a count per kind ("illegal-move 2").
void draw_summary(const astar::TraceCheckReport& r) {
  ImGui::PushTextWrapPos(0.0f);
  if (!r.scale_note.empty()) ImGui::TextDisabled("%s", r.scale_note.c_str());
  if (r.trace_path_cost || r.trace_path_g || r.optimal_cost)
    ImGui::TextDisabled("path cost: trace %s, optimal %s", trace_cost_text(r).c_str(),
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
  draw_plan_findings(studio);  // an opened plan's (opened_plan_panel.hpp), above a trace's
  const TraceMode* t = studio.trace_mode();
  if (!t) return;
  const astar::TraceCheckReport& r = t->report;
  draw_summary(r);
  if (r.findings.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float h = ImGui::GetTextLineHeightWithSpacing() * 14;
  std::optional<std::size_t> clicked;
  // Two columns, so the message has most of the panel's width: the finding (its kind, over its
  // event and cell) and the whole message, wrapped at the panel's edge.
  if (ImGui::BeginTable("findings", 2, flags, ImVec2(0, h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("finding");
    ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
      const astar::Finding& f = r.findings[i];
      ImGui::TableNextRow();
      // The message first: its height, or the finding's two lines, is the row's; the finding's
      // row-wide Selectable is made that tall, so a click anywhere on the row picks it.
      ImGui::TableSetColumnIndex(1);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(f.message.c_str());
      ImGui::PopTextWrapPos();
      const float message_h = ImGui::GetItemRectSize().y;
      ImGui::TableSetColumnIndex(0);
      ImGui::PushID(static_cast<int>(i));
      const std::string label = std::string(astar::to_string(f.kind)) + "\nevent " +
                                std::to_string(f.event) + " " + astar::cell_text(f.cell);
      const float label_h = ImGui::CalcTextSize(label.c_str()).y;
      if (ImGui::Selectable(label.c_str(), t->selected == i, ImGuiSelectableFlags_SpanAllColumns,
                            ImVec2(0.0f, std::max(message_h, label_h))))
        clicked = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("Click a finding to go to its event.");
  if (clicked) studio.select_finding(*clicked);
}

}  // namespace studio
