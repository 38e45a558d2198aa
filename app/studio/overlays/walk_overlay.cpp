// Walk mode on the canvas (issue 17): the fog over every cell the agent has not seen (walls
// there are drawn dimmed, for the teacher; the agent assumes open ground), the square its sensor
// covers now, the trail of cells it has stood on, and the agent itself. Fog is drawn as one
// rectangle per run of unseen cells in each visible row, so a big level costs rows, not cells.
#include <algorithm>

#include "overlays/overlay_draw.hpp"

namespace studio {

namespace {

constexpr palette::Rgb kFog{120, 128, 140};
constexpr palette::Rgb kTrail{186, 85, 211};

}  // namespace

void OverlayContext::walk_fog() const {
  const astar::AgentWalk* walk = studio.walk();
  if (!walk || !walk->sensor()) return;
  const ImU32 fog = color(palette::blend(pal.background, kFog, 0.35f), 0.62f);
  if (geom.is_hex()) {  // hexagons do not join into rectangles: one each
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (!walk->seen({x, y})) fill({x, y}, fog);
  } else {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1;) {
        if (walk->seen({x, y})) {
          ++x;
          continue;
        }
        const int from = x;
        while (x <= x1 && !walk->seen({x, y})) ++x;
        dl->AddRectFilled(corner({from, y}), ImVec2(ox + x * px, oy + (y + 1) * px), fog);
      }
  }
  const int r = *walk->sensor();
  const astar::Cell at = walk->at();
  const float thick = std::max(1.5f, px * 0.06f);
  if (geom.is_hex()) {  // the block of cells around it, as offset rows and columns
    outline_cells(dl, map, geom,
                  {std::max(0, at.x - r), std::max(0, at.y - r), std::min(level.width() - 1, at.x + r),
                   std::min(level.height() - 1, at.y + r)},
                  color(kTrail, 0.9f), thick);
    return;
  }
  const ImVec2 a(ox + std::max(0, at.x - r) * px, oy + std::max(0, at.y - r) * px);
  const ImVec2 z(ox + (std::min(level.width() - 1, at.x + r) + 1) * px,
                 oy + (std::min(level.height() - 1, at.y + r) + 1) * px);
  dl->AddRect(a, z, color(kTrail, 0.9f), 0.0f, 0, thick);
}

void OverlayContext::walk_trail() const {
  const astar::AgentWalk* walk = studio.walk();
  if (!walk) return;
  const std::vector<astar::Cell> trail = walk->trail();
  const float thick = std::clamp(px * 0.16f, 2.0f, 8.0f * k);
  std::vector<ImVec2> points;
  points.reserve(trail.size());
  for (const astar::Cell c : trail) points.push_back(center(c));
  if (points.size() >= 2)
    dl->AddPolyline(points.data(), static_cast<int>(points.size()), color(kTrail, 0.95f), 0, thick);
  const float dot = std::clamp(px * 0.12f, 1.5f, 6.0f * k);
  for (const ImVec2& p : points) dl->AddCircleFilled(p, dot, color(kTrail), 12);
  draw_endpoint_marker(dl, fonts, center(walk->at()), px, kTrail, "R");
}

}  // namespace studio
