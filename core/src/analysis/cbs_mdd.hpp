// A unit's multi-valued decision diagram (MDD; Sharon et al. 2013) under its constraints, as
// Conflict-Based Search's conflict choice asks for it (cbs.hpp, CbsConflictChoice::Cardinal,
// after Boyarski et al., "ICBS", IJCAI 2015): for each tick, how many cells the unit may stand on
// in ANY of its cheapest plans, and which cell when only one. A conflict at a cell and tick that
// every cheapest plan of a unit passes is cardinal for that unit: forbidding it costs the unit
// more.
//
//   const Mdd m = build_mdd(policy, gate, h, start, cost, wait_cost);
//   if (m.only_at(cell, t)) { /* every cheapest plan has the unit on `cell` at t */ }
//
// Built with exact costs (so plans of equal cost are really equal): a layer per tick of the
// least cost to stand on each cell then (within the cost, by the true distance's bound), then
// from the last layer back, the least cost still to pay from there to the goal for good; a cell
// and tick is in the diagram when the two add up to the unit's cost. After its last layer the
// unit is on its goal. Past `max_cells` cell-ticks it stops and says so (complete false): the
// caller then treats the unit's conflicts as non-cardinal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/grid.hpp"
#include "astar/moves.hpp"
#include "astar/space_time_gate.hpp"
#include "astar/true_distance.hpp"

namespace astar {

struct Mdd {
  std::vector<std::uint32_t> width;  // per tick: cells on some cheapest plan
  std::vector<Cell> only;            // per tick: that cell when width is 1
  Cell goal;
  bool complete = true;
  // True when every cheapest plan has the unit on c at tick t.
  bool only_at(Cell c, std::size_t t) const {
    if (!complete) return false;
    if (t >= width.size()) return c == goal;
    return width[t] == 1 && only[t] == c;
  }
};

Mdd build_mdd(const MovePolicy& policy, const SpaceTimeGate& gate, TrueDistance& h, Cell start,
              ExactCost cost, ExactCost wait_cost, std::size_t max_cells = 4'000'000);

}  // namespace astar
