// Movement range (reach.hpp): Dijkstra with a budget run to its end on a copy of the level whose
// start is the unit's cell, its taken cells collected with their exact costs, sorted, and the
// border found with outside_directions.
#include "astar/reach.hpp"

#include <algorithm>

#include "astar/detail/best_first.hpp"

namespace astar {

namespace {

// Cheapest first, exactly; equal costs by row, then column.
bool cheaper(const RangeCell& a, const RangeCell& b) {
  if (const int k = compare(a.cost, b.cost); k != 0) return k < 0;
  if (a.cell.y != b.cell.y) return a.cell.y < b.cell.y;
  return a.cell.x < b.cell.x;
}

// The cells a finished range search took, in range order.
std::vector<RangeCell> taken_cells(const BestFirstSearch& s) {
  const Level& level = s.level();
  std::vector<RangeCell> out;
  out.reserve(static_cast<std::size_t>(s.closed_count()));
  for (std::int64_t i = 0; i < level.cell_count(); ++i) {
    const Cell c = level.cell(CellIndex(static_cast<std::uint32_t>(i)));
    if (s.node_state(c) == NodeState::Closed) out.push_back({c, s.g_exact(c), s.node(c).parent});
  }
  std::sort(out.begin(), out.end(), cheaper);
  return out;
}

// The cells of `cells` with a neighbour outside the level or the range, in their order.
std::vector<Cell> border_of(const Level& level, const std::vector<RangeCell>& cells) {
  std::vector<std::uint8_t> inside(static_cast<std::size_t>(level.cell_count()), 0);
  for (const RangeCell& rc : cells) inside[to_u32(level.index(rc.cell))] = 1;
  const auto in = [&](Cell n) { return inside[to_u32(level.index(n))] != 0; };
  std::vector<Cell> out;
  for (const RangeCell& rc : cells)
    if (outside_directions(level, rc.cell, in) != 0) out.push_back(rc.cell);
  return out;
}

}  // namespace

Result<MovementRange> movement_range(const Level& level, const MovementRules& rules, Cell from,
                                     double budget) {
  if (std::string why = level.check_endpoint("from", from); !why.empty()) return Error{why};
  // The search starts at the level's start and checks its goal too: both are the unit's cell
  // (a range has no goal test).
  Level at = level;
  at.set_start(from);
  at.set_goal(from);
  BestFirstSearch s(at, rules, {.algorithm = Algorithm::Dijkstra, .budget = budget});
  if (s.state() == SearchState::Invalid) return Error{s.message()};
  s.run();
  MovementRange r{.from = from, .budget = budget, .cells = taken_cells(s), .border = {}};
  r.border = border_of(at, r.cells);
  return r;
}

Result<MovementRange> movement_range(const Level& level, Cell from, double budget) {
  return movement_range(level, level.rules(), from, budget);
}

bool in_range(const Search& s, Cell c) {
  return s.options().budget && s.level().in_bounds(c) && s.node_state(c) == NodeState::Closed;
}

}  // namespace astar
