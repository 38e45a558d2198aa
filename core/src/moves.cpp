#include "astar/moves.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace astar {

namespace {
constexpr std::string_view kMoveBlockNames[] = {
    "possible", "outside the level", "wall", "blocked edge", "not a neighbour",
    "corner cut", "climb too high", "drop too far", "shape"};
static_assert(std::size(kMoveBlockNames) == static_cast<std::size_t>(MoveBlock::_Max));
}

std::string_view to_string(MoveBlock b) { return kMoveBlockNames[static_cast<int>(b)]; }

Move MovePolicy::move(Cell from, Dir d) const {
  const Level& lv = *level_;
  Move m{step(from, d), d, MoveBlock::None, 0.0};
  if (!lv.in_bounds(m.to)) { m.block = MoveBlock::OutOfBounds; return m; }
  if (lv.wall(m.to)) { m.block = MoveBlock::Wall; return m; }
  if (is_diagonal(d)) {
    if (rules_.neighbours == Neighbours::Four || rules_.diagonal == DiagonalPolicy::Never) {
      m.block = MoveBlock::NotANeighbour;
      return m;
    }
    // The two side cells a diagonal step passes between.
    const bool side_a = lv.open({m.to.x, from.y});
    const bool side_b = lv.open({from.x, m.to.y});
    const bool ok = rules_.diagonal == DiagonalPolicy::Always ||
                    (rules_.diagonal == DiagonalPolicy::AtLeastOneSideOpen && (side_a || side_b)) ||
                    (rules_.diagonal == DiagonalPolicy::NoCornerCutting && side_a && side_b);
    if (!ok) { m.block = MoveBlock::CornerCut; return m; }
  }
  std::optional<EdgeOverride> over;
  if (lv.has_edges(from)) over = lv.edge(from, d);
  if (over && over->blocked) { m.block = MoveBlock::BlockedEdge; return m; }

  const int rise = lv.height_at(m.to) - lv.height_at(from);
  if (rules_.max_climb != kUnlimited && rise > rules_.max_climb) {
    m.block = MoveBlock::ClimbTooHigh;
    return m;
  }
  if (rules_.max_drop != kUnlimited && -rise > rules_.max_drop) {
    m.block = MoveBlock::DropTooFar;
    return m;
  }
  // Last, as the dearest test (cached per cell in the level); no shapes: one branch.
  if (!lv.shapes().empty() && lv.shape_blocks(from, d, rules_.agent_radius)) {
    m.block = MoveBlock::ShapeHit;
    return m;
  }
  m.cost = over ? over->weight
                : step_length(d) * lv.cost(m.to) + rules_.climb_cost * std::max(0, rise);
  return m;
}

double MovePolicy::min_cost_per_distance() const {
  const Level& lv = *level_;
  double lo = std::numeric_limits<double>::infinity();
  const auto& walls = lv.walls();
  const auto& costs = lv.costs();
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (!walls[i]) lo = std::min(lo, static_cast<double>(costs[i]));
  for (const auto& [key, e] : lv.edges())
    if (!e.blocked) lo = std::min(lo, e.weight / step_length(key.second));
  return std::isfinite(lo) ? lo : 1.0;
}

}  // namespace astar
