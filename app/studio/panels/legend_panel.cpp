// The Legend panel: what each colour of the grid means (with its pattern), then the layers' and
// the overlays' rows.
#include "panels/panels.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/layer_legend.hpp"
#include "overlays/units_overlay.hpp"
#include "panels/overlays_panel.hpp"

namespace studio {

using astar::Cell;

void LegendPanel::Draw(const Studio& studio) {
  const SearchSession& session = studio.session();
  const palette::Palette& p = studio.appearance.colors();
  const bool patterns = studio.appearance.patterns;
  // A swatch: the colour as the grid shows it, with its pattern when patterns are on.
  enum class Mark { None, Dots, Hatch, PathDot };
  auto swatch = [&](const char* label, palette::Rgb c, float alpha, Mark mark = Mark::None) {
    const float s = ImGui::GetFontSize();
    ImGui::ColorButton(label, to_vec4(c, alpha), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_AlphaPreview,
                       ImVec2(s, s));
    const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink = ImGui::GetColorU32(to_vec4(p.pattern_ink, p.pattern_alpha + 0.2f));
    if (patterns && mark == Mark::Dots)
      for (float fy : {0.25f, 0.75f})
        for (float fx : {0.25f, 0.75f})
          dl->AddCircleFilled(ImVec2(a.x + (z.x - a.x) * fx, a.y + (z.y - a.y) * fy), s * 0.1f, ink, 8);
    if (patterns && mark == Mark::Hatch) {
      dl->PushClipRect(a, z, true);
      for (float t = -1.0f; t <= 1.01f; t += 1.0f / 3.0f) {
        dl->AddLine(ImVec2(a.x + t * s, a.y), ImVec2(a.x + (t + 1) * s, z.y), ink, 1.0f);
        dl->AddLine(ImVec2(a.x + t * s, z.y), ImVec2(a.x + (t + 1) * s, a.y), ink, 1.0f);
      }
      dl->PopClipRect();
    }
    if (patterns && mark == Mark::PathDot)
      dl->AddCircleFilled(ImVec2((a.x + z.x) * 0.5f, (a.y + z.y) * 0.5f), s * 0.18f,
                          ImGui::GetColorU32(to_vec4(palette::path_dot(p))), 10);
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
  };
  ImGui::TextDisabled("%s%s", p.label, patterns ? ", patterns" : "");
  if (ImGui::BeginTable("legend", 2)) {
    // Open and closed as the grid tints them (blended over the floor).
    ImGui::TableNextColumn(); swatch("Open set", palette::blend_over_floor(p, p.open), 1.0f, Mark::Dots);
    ImGui::TableNextColumn(); swatch("Closed set", palette::blend_over_floor(p, p.closed), 1.0f, Mark::Hatch);
    ImGui::TableNextColumn(); swatch("Path", p.path, 1.0f, Mark::PathDot);
    ImGui::TableNextColumn(); swatch("Wall", p.wall, 1.0f);
    ImGui::TableNextColumn(); swatch("Taken, path to it", p.taken, 1.0f);
    ImGui::TableNextColumn(); swatch("Relaxed", p.relaxed, 1.0f);
    ImGui::TableNextColumn(); swatch("Start", p.start, 1.0f);
    ImGui::TableNextColumn(); swatch("Goal", p.goal, 1.0f);
    if (SearchSession::supports_partial_path(session.algorithm()) && session.options().partial_path) {
      ImGui::TableNextColumn(); swatch("Partial path", p.partial_path, 1.0f);
    }
    if (!session.smoothed().empty()) {
      ImGui::TableNextColumn(); swatch("Smoothed path", p.smoothed, 1.0f);
    }
    if (!studio.level().shapes().empty()) {
      ImGui::TableNextColumn(); swatch("Collision shape", p.shape, p.shape_alpha);
    }
    if (!studio.level().units.empty()) {  // each in its colour: the Level panel lists them
      ImGui::TableNextColumn(); swatch("Units: disc, ring", unit_colour(0), 1.0f);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Each unit in its own colour: its start a disc with its index, its goal a ring");
    }
    if (astar::info(session.algorithm()).extras.meeting) {
      ImGui::TableNextColumn(); swatch("From the goal", p.backward, 1.0f);
      ImGui::TableNextColumn(); swatch("Meeting cell", p.meet, 1.0f);
    }
    ImGui::EndTable();
  }
  draw_layer_legend(studio);
  draw_overlay_legend(studio);
}

// The jump rules (rules.jump), edited in place: 0 turns that jump off. Each change is an edit

}  // namespace studio
