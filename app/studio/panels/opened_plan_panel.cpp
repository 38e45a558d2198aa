// An opened plan in the Units section and the Findings panel (opened_plan_panel.hpp). Its widgets
// are marked "plan.*" for the end-to-end tests.
#include "panels/opened_plan_panel.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"
#include "state/studio.hpp"

namespace studio {

namespace {

// A count per kind ("vertex-conflict 1  wrong-goal 2"), or that there is none.
void draw_counts(const astar::PlanCheckReport& r) {
  if (r.total() == 0) {
    ImGui::TextUnformatted("No findings: no conflict, every move legal, every unit from its start to its goal.");
    return;
  }
  bool first = true;
  for (std::size_t k = 0; k < r.counts.size(); ++k) {
    if (r.counts[k] == 0) continue;
    if (!first) ImGui::SameLine();
    first = false;
    ImGui::TextColored(kWarnText, "%s %s", std::string(astar::to_string(static_cast<astar::PlanFindingKind>(k))).c_str(),
                       astar::count_text(static_cast<std::int64_t>(r.counts[k])).c_str());
  }
  if (r.conflicts_from)
    ImGui::TextDisabled("conflicts from t = %zu on are not listed (more than %s)", *r.conflicts_from,
                        astar::count_text(static_cast<std::int64_t>(astar::kMaxPlanConflicts)).c_str());
}

// One row per finding; the index clicked, if any.
std::optional<std::size_t> draw_rows(const OpenedPlan& p) {
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingFixedFit;
  // As tall as its rows (two lines each, and the header), up to 14 lines; it scrolls past that.
  const float rows = static_cast<float>(std::min<std::size_t>(p.report.findings.size() * 2 + 1, 14));
  const float h = ImGui::GetTextLineHeightWithSpacing() * rows + ImGui::GetStyle().CellPadding.y * 2.0f * rows;
  std::optional<std::size_t> clicked;
  if (!ImGui::BeginTable("plan findings", 2, flags, ImVec2(0, h))) return clicked;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("finding");
  ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  const auto& findings = p.report.findings;
  ImGuiListClipper clipper;  // a plan whose units pile up has very many
  clipper.Begin(static_cast<int>(findings.size()));
  while (clipper.Step())
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto i = static_cast<std::size_t>(row);
      const astar::PlanFinding& f = findings[i];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(1);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(f.text.c_str());
      ImGui::PopTextWrapPos();
      const float message_h = ImGui::GetItemRectSize().y;
      ImGui::TableSetColumnIndex(0);
      ImGui::PushID(row);
      const std::string label = std::string(astar::to_string(f.kind)) + "\nt = " + std::to_string(f.tick) +
                                (f.unit ? " " + astar::cell_text(f.cell) : std::string());
      const float label_h = ImGui::CalcTextSize(label.c_str()).y;
      if (ImGui::Selectable(label.c_str(), p.selected == i, ImGuiSelectableFlags_SpanAllColumns,
                            ImVec2(0.0f, std::max(message_h, label_h))))
        clicked = i;
      ImGui::PopID();
    }
  ImGui::EndTable();
  return clicked;
}

}  // namespace

bool draw_opened_plan_controls(Studio& studio) {
  const OpenedPlan* p = studio.opened_plan();
  if (!p || studio.units_playback.given().empty()) return false;
  ImGui::TextUnformatted(("From file: " + p->file_name()).c_str());
  if (ImGui::IsItemHovered())
    wrapped_tooltip(p->path + "\n" + std::string(astar::plan_format_label(p->format)) +
                    "\nAnother program's plan, checked against this level: its findings are in the "
                    "Findings panel.");
  ImGui::SameLine();
  if (ImGui::SmallButton("Close plan")) studio.close_plan();
  mark_item(studio, "plan", "close", 60);
  return true;
}

void draw_plan_findings(Studio& studio) {
  const OpenedPlan* p = studio.opened_plan();
  if (!p) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(p->title().c_str());
  ImGui::TextDisabled("%s", p->summary().c_str());
  ImGui::PopTextWrapPos();
  draw_counts(p->report);
  if (!p->report.findings.empty()) {
    const std::optional<std::size_t> clicked = draw_rows(*p);
    ImGui::TextDisabled("Click a finding to go to its tick.");
    if (clicked) studio.select_plan_finding(*clicked);
  }
  if (studio.trace_mode()) ImGui::Separator();  // a trace's findings follow
}

}  // namespace studio
