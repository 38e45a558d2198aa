// Movement range (issue 31, item 5): every cell a unit standing on one cell can reach this turn
// with a budget of movement points, the cheapest cost of each and the way there, and the range's
// border. It is Dijkstra from the unit's cell with no goal, stopped when the next cell would cost
// more than the budget (SearchOptions::budget, the state RangeComplete): a search like any other,
// so the studio steps, rewinds and draws it as it grows. movement_range() runs it to its end:
//
//   Result<MovementRange> r = movement_range(level, {3, 4}, 5.0);  // the level's own rules
//   if (!r) report(r.error());   // "from (9, 2) is outside the level ...", "the budget must ..."
//   for (const RangeCell& c : r.value().cells) use(c.cell, c.cost.value(), c.parent);
//   for (Cell b : r.value().border) outline(b);
//
// How "within the budget" is decided: costs are exact (exact_cost.hpp: a + b sqrt 2, in whole
// micro-units). The budget is rounded once to the micro-unit, as a cell's cost is, and a cell is
// in the range when its cost is at most that, compared exactly. With a budget of 2.5 and sqrt 2
// diagonals, a straight step and a diagonal (1 + sqrt 2 = 2.414...) are in, two diagonals
// (2.828...) are not; one diagonal is within 1.414214 (the budget 1.4142136 rounds to it) and not
// within 1.414213.
//
// Works on every topology and rule (square cells with 4 or 8 neighbours, hexes; costs, heights,
// edge overrides, jumps, agents, shapes): the moves are MovePolicy's.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"

namespace astar {

struct RangeCell {
  Cell cell;
  ExactCost cost;              // the cheapest cost from the unit's cell (cost.value() shows it)
  std::optional<Cell> parent;  // the cell before it on a cheapest way; none for the unit's cell
};

struct MovementRange {
  Cell from;
  double budget = 0.0;
  // Every cell within the budget, cheapest first (equal costs by row, then column): `from` first.
  std::vector<RangeCell> cells;
  // The cells of `cells` with a neighbour (level.directions()) outside the level or the range,
  // in the same order.
  std::vector<Cell> border;
};

// The range of a unit on `from` with `budget` movement points under `rules`. Refused with a
// message: `from` outside the level, in a wall or on a blocking agent ("from (9, 2) is outside
// the level (0, 0)-(7, 7) ..."), a budget that is not a finite number >= 0, or what the search
// refuses on this level (check_supported, sums too large to stay exact).
Result<MovementRange> movement_range(const Level& level, const MovementRules& rules, Cell from,
                                     double budget);
// Under the level's own rules.
Result<MovementRange> movement_range(const Level& level, Cell from, double budget);

// Whether search `s` has cell c in its range: a movement range (s.options().budget) that has
// taken c. While it steps, the cells taken so far (the range growing); once RangeComplete, the
// whole range. False for a search without a budget and for cells outside the level.
bool in_range(const Search& s, Cell c);

// The directions of level.directions() in which c's neighbour is outside the level or not in the
// range (in_range(cell) false), as bits (bit d: direction d). A cell of the range is on its
// border when any is set; the studio outlines the sides they name.
template <class InRange>
std::uint8_t outside_directions(const Level& level, Cell c, const InRange& in_range) {
  std::uint8_t out = 0;
  for (Dir d : level.directions()) {
    const Cell n = level.neighbour(c, d);
    if (!level.in_bounds(n) || !in_range(n))
      out |= static_cast<std::uint8_t>(1u << static_cast<int>(d));
  }
  return out;
}

}  // namespace astar
