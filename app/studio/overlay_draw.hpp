// The viewport's overlays, drawn with ImDrawList over the grid texture: one function per overlay,
// each reading one const OverlayContext (the studio, the draw list, where cell (0, 0) is, the
// cell size, the visible cells, fonts and palette). draw_overlays calls them bottom to top.
#pragma once

#include <optional>

#include <imgui.h>

#include "astar/grid.hpp"
#include "overlays.hpp"
#include "palette.hpp"
#include "studio.hpp"

namespace studio {

struct Fonts;

// An ImGui colour from a palette colour and an opacity.
inline ImU32 color(palette::Rgb c, float alpha = 1.0f) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(alpha * 255.0f + 0.5f));
}

struct OverlayContext {
  const Studio& studio;
  const astar::Level& level;
  const astar::Search& search;
  const Fonts& fonts;
  const palette::Palette& pal;
  const Overlays& ov;
  ImDrawList* dl;
  float ox, oy;      // the screen position of cell (0, 0)'s top-left corner
  float px;          // pixels per cell
  float k;           // the label scale: zoom thresholds and line widths follow it
  int x0, y0, x1, y1;  // the visible cells
  bool show_text;    // cells large enough for g, h and f
  std::optional<astar::Cell> hovered;  // the cell under the mouse, when not dragging

  ImVec2 corner(astar::Cell c) const { return ImVec2(ox + c.x * px, oy + c.y * px); }
  ImVec2 center(astar::Cell c) const {
    return ImVec2(ox + (c.x + 0.5f) * px, oy + (c.y + 0.5f) * px);
  }
};

// The context for the studio's view: visible cells from the canvas, the rest from the studio.
OverlayContext overlay_context(const Studio& studio, const Fonts& fonts, ImDrawList* dl,
                               std::optional<astar::Cell> hovered);

// Every overlay, bottom to top.
void draw_overlays(const OverlayContext& o);

}  // namespace studio
