// Cooperative pathfinding (issue 32, item 3; Silver, "Cooperative Pathfinding", AIIDE 2005):
// units plan one after another, in priority order, each with a space-time A*
// (space_time_search.hpp) against a reservation table (reservation_table.hpp) of the cells and
// ticks the units before it took, so that no two units meet in a cell or swap along an edge.
//
//   auto p = CooperativePlanner::make(level, mapf_rules(), {.algorithm = CooperativeAlgorithm::CaStar});
//   if (!p) report(p.error());         // no units, two units sharing a goal, a bad window, ...
//   CooperativePlanner& planner = p.value();
//   while (planner.step()) { /* planner.planning(), planner.search()->nodes(), reservations() */ }
//   for (const UnitFailure& f : planner.failures()) say(f.text);
//   use(planner.plans());              // plans()[i].cells[t]: unit i at tick t (unit_plans.hpp)
//
// - **CA\*** plans each unit once, from tick 0 to its goal, against every reservation so far; a
//   unit on its goal stays there for good, so later units plan around it. Its plan is the
//   cheapest against those reservations (the search's g: move costs plus wait_cost per wait; on
//   the benchmark's rules, the arrival tick). It can fail where another order succeeds.
// - **WHCA\*** (windowed hierarchical CA*) plans each unit only `window` ticks ahead, the rest
//   estimated by the true distance, then lets every unit take window / 2 ticks of its plan and
//   plans again from where they stand, the table cleared: a unit on its goal can step aside for
//   one that has to pass. It stops when every unit is on its goal at a replanning tick, when the
//   units stand where they stood at an earlier replanning tick (a deadlock: the same would repeat
//   for ever), or at the horizon.
// - Priority order: the highest Unit::priority first; equal priorities, and units without one
//   (taken as 0), in the level's order (priority_order). Units whose goals cannot be reached
//   at all plan before every other (they stay on their starts, and the others go round them);
//   with WHCA*, each window, units still on their way plan before units already on their
//   goals, so those can step aside. Units may not share a goal (refused by name).
// - The heuristic is the true distance from a reverse search per unit, Silver's RRA*: an A* from
//   the unit's goal towards its start, resumed when a cell off its way is asked for
//   (true_distance.hpp).
//
// Stepping, at two levels as the issue asks: step() takes ONE node of the unit being planned
// (an iteration); step_unit() finishes that unit's plan (a unit step). Going back replays from
// the start (seek), so every view after a step back equals a fresh planner stepped there.
//
// WHCA*'s windows never meet: a unit that finds no plan is planned again earlier in the window
// (the window planned afresh), and one that finds none even so is held in place for the window,
// planned before the others, who go round it.
//
// Failures are named, and the unit then stays where it is (CA*: on its start, for good, which
// find_conflicts may then report against the units planned before it):
//   "unit 3 cannot reach its goal (6, 2) at all: no way on the level"
//   "unit 3 is blocked by unit 1, which stays on (4, 2) from t = 3"
//   "unit 3 finds no way through the reservations of the units planned before it"
//   "unit 3 is not on its goal (6, 2) by the horizon t = 40"
//   "unit 2 cannot get past the others in the window at t = 8: it waits on (3, 0)"
//   "unit 1 never reaches its goal (9, 1): at t = 8 every unit stands where it stood at t = 4, so
//    the windows repeat for ever (deadlocked with unit 2)"
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/reservation_table.hpp"
#include "astar/result.hpp"
#include "astar/space_time_search.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

enum class CooperativeAlgorithm : std::uint8_t { CaStar, WhcaStar };
std::string_view to_string(CooperativeAlgorithm a);  // "ca-star", "whca-star"
std::optional<CooperativeAlgorithm> cooperative_algorithm_from(std::string_view name);

struct CooperativeOptions {
  CooperativeAlgorithm algorithm = CooperativeAlgorithm::CaStar;
  std::uint32_t window = 16;  // WHCA*: ticks planned ahead, 2..100,000; replans every window / 2
  // CA*: no unit's plan goes past this tick (none: no limit; the search is finite anyway).
  // WHCA*: the planner stops at this tick (none: 4 * (width + height) + 64).
  std::optional<std::uint32_t> horizon{};
  double wait_cost = 1.0;  // what a wait adds to g: finite, > 0
};
inline constexpr std::uint32_t kMaxWindow = 100'000;
inline constexpr std::uint32_t kMaxHorizon = 10'000'000;
// Empty when the options are acceptable, else why not ("window must be 2..100000, got 1").
std::string check_cooperative_options(const CooperativeOptions& o);
// The horizon WHCA* stops at on `level` when none is given.
std::uint32_t default_whca_horizon(const Level& level);

enum class UnitFailureKind : std::uint8_t {
  NoWay,        // its goal cannot be reached from its start on the level at all
  Blocked,      // units parked for good (on their goals) cut it off
  NoRoom,       // no plan through the other units' reservations (CA*)
  WindowStuck,  // WHCA*: no plan past the others even planned earlier: held in place a window
  Horizon,      // not on its goal by the horizon
  Deadlock,     // WHCA*: the units' positions repeat, it will never arrive
};
// "no-way", "blocked", "no-room", "window-stuck", "horizon", "deadlock"
std::string_view to_string(UnitFailureKind k);
struct UnitFailure {
  std::size_t unit = 0;
  UnitFailureKind kind = UnitFailureKind::NoWay;
  std::uint32_t tick = 0;            // when it was found
  std::vector<std::size_t> others;   // Blocked: the parked units; Deadlock: every unit stuck
  std::string text;                  // in the words above
};

// The units in the order they plan: highest priority first, equal ones in the level's order.
std::vector<std::size_t> priority_order(const std::vector<Unit>& units);

class CooperativePlanner {
 public:
  // Refused: no units, units that do not fit (Level::check_units), two units sharing a goal,
  // options check_cooperative_options refuses, costs too large to add up exactly. The level
  // must outlive the planner and not change while it plans.
  static Result<CooperativePlanner> make(const Level& level, const MovementRules& rules,
                                         CooperativeOptions options);
  CooperativePlanner(CooperativePlanner&&) noexcept;
  CooperativePlanner& operator=(CooperativePlanner&&) noexcept;
  ~CooperativePlanner();

  // One node of the current unit's space-time search (an iteration), committing that unit's
  // plan when its search ends; false, doing nothing, once done().
  bool step();
  // Steps until the unit being planned (or the next one) has its plan; false once done().
  bool step_unit();
  void run();
  bool done() const;

  // Back to the start; seek replays to `iteration` (clamped to where planning ends); step_back
  // is seek(iterations() - 1), false at iteration 0.
  void restart();
  void seek(std::int64_t iteration);
  bool step_back();

  std::int64_t iterations() const;  // nodes taken over all units' searches so far
  std::size_t unit_steps() const;   // plans committed so far (WHCA*: over every window)
  // The unit whose search is under way, none between units and once done.
  std::optional<std::size_t> planning() const;
  const SpaceTimeSearch* search() const;  // its search, null when none
  const ReservationTable& reservations() const;
  // Per unit (in the level's order): the plan so far. Before a unit is planned it is its start;
  // once done, what the units do (WHCA*: ending where each last arrived).
  const std::vector<UnitPlan>& plans() const;
  const std::vector<UnitFailure>& failures() const;
  // The order units plan in (WHCA*: in the current window).
  const std::vector<std::size_t>& order() const;
  std::uint32_t window_start() const;  // WHCA*: the tick the current window starts at; CA*: 0
  const CooperativeOptions& options() const;
  const Level& level() const;

  // What it holds while it plans: defined in core's own sources (analysis/cooperative_run.hpp).
  struct Run;

 private:
  explicit CooperativePlanner(std::unique_ptr<Run> run);
  std::unique_ptr<Run> run_;
};

struct CooperativeResult {
  std::vector<UnitPlan> plans;
  std::vector<UnitFailure> failures;
  std::vector<std::size_t> order;
  std::int64_t iterations = 0;
  std::size_t unit_steps = 0;
};
// make() and run() in one call.
Result<CooperativeResult> plan_cooperative(const Level& level, const MovementRules& rules,
                                           CooperativeOptions options);

}  // namespace astar
