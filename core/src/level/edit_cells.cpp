// The cells the editing operations cover (edit.hpp): the brush's squares, discs and hexagons,
// the cells of a line on squares and on hexes, and what a new topology would drop.
#include "astar/edit.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "astar/hex_coords.hpp"

namespace astar {

std::vector<Cell> brush_cells(Cell centre, int size) {
  size = std::clamp(size, 1, kMaxBrush);
  std::vector<Cell> out;
  const int lo = -(size - 1) / 2;  // size 2 covers the centre and the cells right and below
  const double c = (size - 1) / 2.0 + lo;  // the brush's centre in offsets
  const double r2 = size * size / 4.0;
  for (int dy = lo; dy < lo + size; ++dy)
    for (int dx = lo; dx < lo + size; ++dx) {
      const double ex = dx - c, ey = dy - c;
      if (size <= 2 || ex * ex + ey * ey <= r2 + 0.25) out.push_back({centre.x + dx, centre.y + dy});
    }
  return out;
}

std::vector<Cell> brush_cells(const Level& level, Cell centre, int size) {
  const std::optional<HexLayout> hex = level.hex_layout();
  if (!hex) return brush_cells(centre, size);
  const int r = std::clamp(size, 1, kMaxBrush) - 1;
  const HexCube c = to_cube(*hex, centre);
  std::vector<Cell> out;
  for (int dq = -r; dq <= r; ++dq)
    for (int dr = std::max(-r, -dq - r); dr <= std::min(r, -dq + r); ++dr)
      out.push_back(to_offset(*hex, c + HexCube{dq, dr, -dq - dr}));
  return out;
}

std::vector<Cell> line_cells(const Level& level, Cell a, Cell b) {
  if (const std::optional<HexLayout> hex = level.hex_layout()) return hex_line(*hex, a, b);
  std::vector<Cell> out;
  for_each_cell_on_line(a, b, [&](Cell c) { out.push_back(c); });
  return out;
}

TopologyLoss topology_loss(const Level& level, Topology t) {
  TopologyLoss loss;
  if (t != Topology::Square) {
    loss.shapes = level.shapes().size();
    loss.agent_radius = level.rules().agent_radius != 0.0;
  }
  for (const auto& [key, e] : level.edges())
    if (!topology_has_direction(t, key.second)) ++loss.edges;
  return loss;
}

}  // namespace astar
