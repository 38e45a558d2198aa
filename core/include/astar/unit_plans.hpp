// Many units moving in time (issue 32): a plan per unit, one cell per tick, and what the
// multi-agent benchmark counts on a set of plans: each unit's cost, the sum of costs, the
// makespan and the conflicts. Flow fields, cooperative A* and (later) CBS and check-plan read and
// write plans through this one model, so they count the same way:
//
//   std::vector<UnitPlan> plans = ...;                        // plans[i].cells[t]: unit i at t
//   const PlanStats s = plan_stats(plans, goals);            // s.sum_of_costs, s.makespan
//   for (const Conflict& c : find_conflicts(plans)) say(conflict_text(c));
//     // "units 3 and 8 both at (12, 4) at t = 9"
//     // "units 1 and 2 swap (4, 4) and (5, 4) between t = 2 and t = 3"
//
// The rules (Stern et al., "Multi-Agent Pathfinding: Definitions, Variants, and Benchmarks",
// SoCS 2019; ../shared/formats/multi-agent.md):
// - time is discrete; a plan lists the unit's cell at t = 0, 1, 2, ... (its start first); after
//   its last entry the unit stays where it ended (on its goal, once it has arrived for good), and
//   still occupies that cell;
// - a **vertex conflict**: two units in one cell at one tick (a unit waiting on its goal
//   included); an **edge conflict**: two units swapping cells between t - 1 and t. A unit moving
//   into the cell another leaves in the same tick is neither;
// - a unit's **cost** is the tick at which it last arrives on its goal (0 when it starts there
//   and never leaves; none when its plan does not end there). The **sum of costs** adds the
//   units' costs, the **makespan** is the largest.
// find_conflicts is O(ticks x units log units): the units' cells sorted at each tick.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "astar/grid.hpp"

namespace astar {

struct UnitPlan {
  std::vector<Cell> cells;  // cells[t]: where the unit is at tick t; at least its start
  // Where the unit is at tick t: its last cell after its plan ends.
  Cell at(std::size_t t) const { return cells[std::min(t, cells.size() - 1)]; }
};

struct Conflict {
  enum class Kind { Vertex, Edge };
  Kind kind = Kind::Vertex;
  std::size_t a = 0, b = 0;  // the two units, a < b
  Cell cell;                 // vertex: the shared cell; edge: where a is at `tick`
  Cell other;                // edge: where b is at `tick` (a's cell at tick - 1); vertex: = cell
  std::size_t tick = 0;      // vertex: the tick; edge: the tick the swap ends (>= 1)
  friend bool operator==(const Conflict&, const Conflict&) = default;
};

// Every conflict, in order of tick, then vertex before edge, then by the units (a, then b). A
// cell that three units share at one tick gives the three pairs. Plans must not be empty.
std::vector<Conflict> find_conflicts(const std::vector<UnitPlan>& plans);

// "units 3 and 8 both at (12, 4) at t = 9", "units 1 and 2 swap (4, 4) and (5, 4) between t = 2
// and t = 3".
std::string conflict_text(const Conflict& c);

struct PlanStats {
  std::vector<std::optional<std::size_t>> costs;  // per unit; none: its plan does not end on its goal
  std::size_t sum_of_costs = 0;  // over the units that arrive
  std::size_t makespan = 0;      // the largest cost of those
  std::size_t arrived = 0;       // how many units arrive
};
// goals[i] is unit i's goal (as many as plans).
PlanStats plan_stats(const std::vector<UnitPlan>& plans, const std::vector<Cell>& goals);

}  // namespace astar
