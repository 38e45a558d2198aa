// What a cooperative planner holds while it plans (cooperative.hpp), shared by its stepping
// (cooperative.cpp) and its failure reports (cooperative_failures.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "astar/cooperative.hpp"
#include "astar/moves.hpp"
#include "astar/true_distance.hpp"

namespace astar {

struct CooperativePlanner::Run {
  Run(const Level& lv, const MovementRules& r, CooperativeOptions o);

  const Level* level;
  MovementRules rules;
  CooperativeOptions opt;
  MovePolicy policy;
  ReservationTable table;
  std::vector<std::size_t> order;
  std::vector<UnitPlan> plans;
  std::vector<UnitFailure> failures;
  std::vector<std::unique_ptr<TrueDistance>> dist;  // per unit, made when first needed
  std::int64_t guide = 0;                           // guide_units(policy): heads for the start
  std::unique_ptr<SpaceTimeSearch> search;
  std::optional<std::size_t> current;  // the unit `search` plans
  std::size_t next = 0;                // position in `order` of the next unit to plan
  std::int64_t finished_nodes = 0;     // nodes taken by searches already ended
  std::size_t unit_steps = 0;
  bool done = false;
  // WHCA*
  std::uint32_t t0 = 0;
  std::uint32_t horizon = 0;
  std::vector<Cell> positions;                // where each unit stands at t0
  std::vector<std::vector<Cell>> window;      // this window's plans, from t0
  std::vector<std::pair<std::uint32_t, std::vector<Cell>>> seen;  // positions at each t0
  std::vector<std::uint8_t> stuck_said;       // a WindowStuck failure is reported once a unit
  std::vector<std::uint8_t> no_way;           // per unit: its goal cannot be reached at all
  bool window_open = false;                   // WHCA*: the current window has begun
  std::vector<std::size_t> promoted;          // WHCA*: units that found no plan, planned earlier
  std::vector<std::uint8_t> fixed;            // WHCA*: units held in place for this window
  std::vector<std::size_t> by_priority;       // priority_order(units)

  const Unit& unit(std::size_t u) const { return level->units[u]; }
  TrueDistance& distance(std::size_t u);
  void find_no_way();                              // fills no_way: a breadth-first search each
  std::vector<std::size_t> window_order() const;   // the order units plan in (cooperative.hpp)
};

// Why unit u's CA* search found no plan (cooperative.hpp's words): the search has ended NoPlan
// and run.table holds the reservations it saw.
UnitFailure explain_no_plan(const CooperativePlanner::Run& run, std::size_t u,
                            const SpaceTimeSearch& search);
// "unit 3 cannot reach its goal (6, 2) at all: no way on the level"
UnitFailure no_way_failure(const CooperativePlanner::Run& run, std::size_t u);
// The failures of units not on their goals when WHCA* stops at t0: a deadlock (the positions at
// t0 repeat those at `repeat`) or the horizon (repeat none).
std::vector<UnitFailure> whca_stop_failures(const CooperativePlanner::Run& run,
                                            std::optional<std::uint32_t> repeat);

}  // namespace astar
