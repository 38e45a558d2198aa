#include "panels/overlays_panel.hpp"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "overlays/flow_overlay.hpp"
#include "panels/hierarchy_panel.hpp"
#include "state/overlays.hpp"

namespace studio {

namespace {

const ImVec4 kAmber(1.0f, 0.8f, 0.3f, 1.0f);  // as the other panels' warnings

ImU32 u32(palette::Rgb c, float a = 1.0f) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(a * 255.0f + 0.5f));
}

const char* kHeatLabels[] = {"g (cost so far)", "h (estimate to goal)", "f (priority)"};

}  // namespace

void draw_overlay_controls(Studio& studio) {
  Overlays& ov = studio.appearance.overlays;
  const float slider_w = ImGui::GetFontSize() * 5.0f;
  for (std::size_t i = 0; i < kOverlayCount; ++i) {
    Overlay& o = ov.items[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Checkbox(kOverlays[i].label, &o.on);
    ImGui::SameLine(ImGui::GetFontSize() * 12.5f);
    ImGui::SetNextItemWidth(slider_w);
    ImGui::BeginDisabled(!o.on);
    ImGui::SliderFloat("##opacity", &o.opacity, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::EndDisabled();
    if (static_cast<OverlayId>(i) == OverlayId::Heat && o.on) {
      ImGui::Indent();
      int source = static_cast<int>(ov.heat);
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
      if (ImGui::Combo("of", &source, kHeatLabels, 3)) ov.heat = static_cast<HeatSource>(source);
      ImGui::Unindent();
    }
    if (static_cast<OverlayId>(i) == OverlayId::Order && o.on && ImGui::IsItemHovered())
      ImGui::SetTooltip("The iteration at which each closed cell was taken (from %.0f px per cell)",
                        22.0 * studio.appearance.label_scale());
    ImGui::PopID();
  }
}

void OverlaysPanel::Draw(Studio& studio) { draw_overlay_controls(studio); }

void draw_heuristic_check(Studio& studio) {
  if (ImGui::Button("Check heuristic")) studio.session().check_heuristic();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Computes the true cost to the goal of every cell (Dijkstra from the goal) "
                      "and marks where h overestimates it and the moves where h is inconsistent.");
  const auto& report = studio.session().heuristic_report();
  ImGui::SameLine();
  if (!report) {
    ImGui::TextDisabled("true costs vs h");
    return;
  }
  ImGui::Text("%lld over, %lld inconsistent", static_cast<long long>(report->overestimate_count),
              static_cast<long long>(report->inconsistent_count));
  ImGui::PushTextWrapPos(0.0f);
  if (report->admissible() && report->consistent()) ImGui::TextUnformatted(report->verdict.c_str());
  else ImGui::TextColored(kAmber, "%s", report->verdict.c_str());
  ImGui::PopTextWrapPos();
}

void draw_overlay_legend(const Studio& studio) {
  const Overlays& ov = studio.appearance.overlays;
  const float s = ImGui::GetFontSize();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (ov.on(OverlayId::Heat)) {
    // The ramp from low to high, with the range of the seen cells' values.
    const HeatField& heat = studio.session().heat_field(ov.heat);
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float w = std::min(ImGui::GetContentRegionAvail().x, s * 12.0f);
    constexpr int kSteps = 48;
    for (int k = 0; k < kSteps; ++k) {
      const float x0 = a.x + w * static_cast<float>(k) / kSteps;
      const float x1 = a.x + w * static_cast<float>(k + 1) / kSteps;
      dl->AddRectFilled(ImVec2(x0, a.y), ImVec2(x1 + 0.5f, a.y + s),
                        u32(heat_colour((k + 0.5) / kSteps)));
    }
    ImGui::Dummy(ImVec2(w, s));
    const char* name = kHeatNames[static_cast<std::size_t>(ov.heat)];
    if (heat.any())
      ImGui::TextDisabled("heat of %s: %.2f (low) to %.2f (high)", name, heat.min(), heat.max());
    else
      ImGui::TextDisabled("heat of %s: no cell seen yet", name);
  }
  if (astar::info(studio.session().algorithm()).extras.flow && ov.on(OverlayId::Unreachable)) {
    // The X the canvas draws on the flow field's cells without a flow.
    const ImVec2 a = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(a, ImVec2(a.x + s, a.y + s), u32(studio.appearance.colors().floor));
    const float d = s * 0.3f, m = s * 0.5f;
    dl->AddLine(ImVec2(a.x + m - d, a.y + m - d), ImVec2(a.x + m + d, a.y + m + d),
                u32(kUnreachableMark), 2.0f);
    dl->AddLine(ImVec2(a.x + m - d, a.y + m + d), ImVec2(a.x + m + d, a.y + m - d),
                u32(kUnreachableMark), 2.0f);
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
    ImGui::TextUnformatted("cannot reach the goal (no flow)");
  }
  draw_hierarchy_legend(studio);  // HPA*'s clusters, entrances, abstract and optimal paths
  if (studio.session().heuristic_report() && ov.on(OverlayId::Heuristic)) {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(a, ImVec2(a.x + s, a.y + s), u32(studio.appearance.colors().floor));
    dl->AddTriangleFilled(ImVec2(a.x + s * 0.4f, a.y + s), ImVec2(a.x + s, a.y + s * 0.4f),
                          ImVec2(a.x + s, a.y + s), u32(kOverestimateMark));
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
    ImGui::TextUnformatted("h overestimates (h > true cost)");
    const ImVec2 b = ImGui::GetCursorScreenPos();
    dl->AddLine(ImVec2(b.x + 1, b.y + s * 0.5f), ImVec2(b.x + s * 0.6f, b.y + s * 0.5f),
                u32(kInconsistentMark), 2.0f);
    dl->AddTriangleFilled(ImVec2(b.x + s, b.y + s * 0.5f), ImVec2(b.x + s * 0.55f, b.y + s * 0.25f),
                          ImVec2(b.x + s * 0.55f, b.y + s * 0.75f), u32(kInconsistentMark));
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
    ImGui::TextUnformatted("inconsistent move");
  }
}

}  // namespace studio
