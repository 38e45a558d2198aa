#include "overlays/cell_shapes.hpp"

#include <algorithm>

#include "overlays/overlay_draw.hpp"

namespace studio {

using astar::Cell;

int cell_corners(const ScreenMap& map, const GridGeometry& g, Cell c, float inset, ImVec2 out[6]) {
  if (!g.is_hex()) {  // as the studio always placed squares: the corner, then the inset
    const auto px = static_cast<float>(map.px);
    const ImVec2 a(static_cast<float>(map.origin_x) + c.x * px, static_cast<float>(map.origin_y) + c.y * px);
    out[0] = ImVec2(a.x + inset, a.y + inset);
    out[1] = ImVec2(a.x + px - inset, a.y + inset);
    out[2] = ImVec2(a.x + px - inset, a.y + px - inset);
    out[3] = ImVec2(a.x + inset, a.y + px - inset);
    return 4;
  }
  const LevelPoint m = map.to_screen(g.centre(c));
  // A hexagon is 1 across its sides: `inset` pixels in is a scale about its centre.
  const double half = 0.5 * map.px;
  const double k = half > 0.0 ? std::max(0.0, (half - inset) / half) : 0.0;
  const auto corners = g.corners(c);
  for (int i = 0; i < 6; ++i) {
    const LevelPoint p = map.to_screen(corners[static_cast<std::size_t>(i)]);
    out[i] = ImVec2(static_cast<float>(m.x + (p.x - m.x) * k), static_cast<float>(m.y + (p.y - m.y) * k));
  }
  return 6;
}

void fill_cell(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, Cell c, ImU32 col, float inset) {
  ImVec2 pts[6];
  const int n = cell_corners(map, g, c, inset, pts);
  if (n == 4) {
    dl->AddRectFilled(pts[0], pts[2], col);  // as the studio always drew squares
    return;
  }
  dl->AddConvexPolyFilled(pts, n, col);
}

void outline_cell(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, Cell c, ImU32 col, float thick,
                  float inset) {
  ImVec2 pts[6];
  const int n = cell_corners(map, g, c, inset, pts);
  if (n == 4) {
    dl->AddRect(pts[0], pts[2], col, 0.0f, 0, thick);
    return;
  }
  dl->AddPolyline(pts, n, col, ImDrawFlags_Closed, thick);
}

void outline_cells(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, CellSpan block, ImU32 col,
                   float thick) {
  if (block.empty()) return;
  if (!g.is_hex()) {
    const ImVec2 a = on_screen(map, {static_cast<double>(block.x0), static_cast<double>(block.y0)});
    const ImVec2 b = on_screen(map, {block.x1 + 1.0, block.y1 + 1.0});
    dl->AddRect(a, b, col, 0.0f, 0, thick);
    return;
  }
  auto inside = [&](Cell c) { return c.x >= block.x0 && c.x <= block.x1 && c.y >= block.y0 && c.y <= block.y1; };
  const astar::HexLayout l = *g.hex();
  // Only the cells along the block's border can have a side on it.
  for (int y = block.y0; y <= block.y1; ++y)
    for (int x = block.x0; x <= block.x1; ++x) {
      if (x > block.x0 && x < block.x1 && y > block.y0 && y < block.y1) continue;
      for (const astar::Dir d : astar::hex_dirs(l.orientation)) {
        if (inside(astar::hex_step(l, {x, y}, d))) continue;
        const auto [a, b] = g.border({x, y}, d);
        dl->AddLine(on_screen(map, a), on_screen(map, b), col, thick);
      }
    }
}

void outline_block(ImDrawList* dl, const View& view, const astar::Level& level, CellSpan block, ImU32 col,
                   float thick) {
  const ScreenMap map = screen_map(view);
  const GridGeometry g(level);
  outline_cells(dl, map, g, block, IM_COL32(0, 0, 0, 170), thick + 2.0f);
  outline_cells(dl, map, g, block, col, thick);
}

// [SECTION] OverlayContext's cells: label boxes and steps (overlay_draw.hpp)

ImVec2 OverlayContext::label_corner(Cell c) const {
  if (!geom.is_hex()) return corner(c);
  const LevelBox b = geom.label_box(c);
  return on_screen(map, {b.x0, b.y0});
}

ImVec2 OverlayContext::label_size() const {
  if (!geom.is_hex()) return ImVec2(px, px);
  const LevelBox b = geom.label_box({0, 0});
  return ImVec2(static_cast<float>((b.x1 - b.x0) * px), static_cast<float>((b.y1 - b.y0) * px));
}

float OverlayContext::text_unit() const {
  const ImVec2 box = label_size();
  return geom.is_hex() ? std::min(box.x, box.y / 0.7f) : px;
}

ImVec2 OverlayContext::step(Cell c, astar::Dir d) const {
  const LevelPoint v = geom.step(c, d);
  return ImVec2(static_cast<float>(v.x) * px, static_cast<float>(v.y) * px);
}

}  // namespace studio
