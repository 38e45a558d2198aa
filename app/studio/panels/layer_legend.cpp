#include "panels/layer_legend.hpp"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "astar/edit.hpp"

namespace studio {

namespace {

ImU32 u32(palette::Rgb c, float a = 1.0f) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(a * 255.0f + 0.5f));
}

palette::Rgb rgb(std::uint32_t v) {
  return {static_cast<std::uint8_t>((v >> 16) & 0xFF), static_cast<std::uint8_t>((v >> 8) & 0xFF),
          static_cast<std::uint8_t>(v & 0xFF)};
}

// A swatch of the font's size drawn by `mark` over the floor, then the label.
template <class Mark>
void row(const palette::Palette& p, const char* label, Mark&& mark) {
  const float s = ImGui::GetFontSize();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(a, ImVec2(a.x + s, a.y + s), u32(p.floor));
  mark(dl, a, s);
  ImGui::Dummy(ImVec2(s, s));
  ImGui::SameLine();
  ImGui::TextUnformatted(label);
}

// "12", "0.5": whole numbers without decimals.
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

void draw_layer_legend(const Studio& studio) {
  const palette::Palette& p = studio.appearance.colors();
  const palette::LayerLook& look = p.layers;
  const Layers& layers = studio.appearance.layers;
  const astar::Level& level = studio.level();
  using astar::Layer;

  if (const float a = layers.alpha(Layer::Costs); a > 0.0f) {
    ImGui::TextDisabled("Terrains (cost)");
    if (ImGui::BeginTable("terrains", 2)) {
      for (const astar::Terrain& t : astar::terrains_of(level)) {
        ImGui::TableNextColumn();
        std::string label = t.name;  // appended, not "+"-chained: GCC 12 warns on that (-Wrestrict)
        label.append(" ").append(number(t.cost)).append(t.cost == 1.0 ? " (floor)" : "");
        row(p, label.c_str(), [&](ImDrawList* dl, ImVec2 at, float s) {
          if (t.cost != 1.0) dl->AddRectFilled(at, ImVec2(at.x + s, at.y + s), u32(rgb(t.rgb), a));
        });
      }
      ImGui::TableNextColumn();
      row(p, "other costs", [&](ImDrawList* dl, ImVec2 at, float s) {
        dl->AddRectFilledMultiColor(at, ImVec2(at.x + s, at.y + s), u32(p.floor, a), u32(p.cost_tint, a),
                                    u32(p.cost_tint, a), u32(p.floor, a));
      });
      ImGui::EndTable();
    }
  }
  if (ImGui::BeginTable("layer marks", 2)) {
    if (const float a = layers.alpha(Layer::Heights); a > 0.0f) {
      ImGui::TableNextColumn();
      row(p, "Height, contour", [&](ImDrawList* dl, ImVec2 at, float s) {
        dl->AddRectFilled(at, ImVec2(at.x + s, at.y + s), u32(look.high, look.height_alpha * a));
        dl->AddBezierCubic(ImVec2(at.x, at.y + s * 0.8f), ImVec2(at.x + s * 0.4f, at.y + s * 0.1f),
                           ImVec2(at.x + s * 0.6f, at.y + s * 0.9f), ImVec2(at.x + s, at.y + s * 0.2f),
                           u32(look.contour, look.contour_alpha * a), 1.5f);
      });
    }
    if (const float a = layers.alpha(Layer::Agents); a > 0.0f) {
      ImGui::TableNextColumn();
      const bool block = level.agents_block();
      row(p, block ? "Agent (blocks)" : "Agent (not blocking)", [&](ImDrawList* dl, ImVec2 at, float s) {
        const ImVec2 m(at.x + s * 0.5f, at.y + s * 0.5f);
        if (block) dl->AddCircleFilled(m, s * 0.4f, u32(look.agent, a), 16);
        else dl->AddCircle(m, s * 0.36f, u32(look.agent, 0.9f * a), 16, 1.5f);
        dl->AddCircleFilled(ImVec2(m.x, m.y - s * 0.12f), s * 0.11f,
                            u32(block ? look.agent_ink : look.agent, (block ? 1.0f : 0.5f) * a), 8);
      });
    }
    if (const float a = layers.alpha(Layer::Edges); a > 0.0f) {
      auto arrow = [&](palette::Rgb c, bool bar) {
        return [c, bar, a](ImDrawList* dl, ImVec2 at, float s) {
          const float y = at.y + s * 0.5f;
          dl->AddLine(ImVec2(at.x + 1, y), ImVec2(at.x + s * 0.6f, y), u32(c, a), 2.0f);
          dl->AddTriangleFilled(ImVec2(at.x + s, y), ImVec2(at.x + s * 0.55f, y - s * 0.25f),
                                ImVec2(at.x + s * 0.55f, y + s * 0.25f), u32(c, a));
          if (bar) dl->AddLine(ImVec2(at.x + s * 0.45f, at.y + 2), ImVec2(at.x + s * 0.45f, at.y + s - 2), u32(c, a), 2.0f);
        };
      };
      ImGui::TableNextColumn();
      row(p, "Edge weight", arrow(look.edge, false));
      ImGui::TableNextColumn();
      row(p, "Blocked move", arrow(look.edge_blocked, true));
    }
    ImGui::EndTable();
  }
}

}  // namespace studio
