// A multi-agent plan checked against its problem (issue 33, item 4): the level's walls and
// movement rules, its units' starts and goals, and the benchmark's rules of conflict
// (unit_plans.hpp). What `astar check-plan` prints, for plans our planners or other programs
// made (plan_formats.hpp reads theirs):
//
//   const auto r = check_plans(level, mapf_rules(), plans, {.optimum = PlanOptimum{54, 12}});
//   for (const PlanFinding& f : r.value().findings) say(f.text);
//     // "units 3 and 8 both at (12, 4) at t = 9"
//     // "unit 2 moves from (4, 4) to (4, 5) between t = 6 and t = 7: into a wall"
//     // "unit 0 ends at (3, 3) at t = 7, not on its goal (4, 4)"
//     // "the sum of costs is 57, the optimum 54 (3 more)"
//
// The findings, each with its kind, its unit (and the other unit of a conflict), its tick, the
// cell and a sentence:
//   vertex-conflict  two units in one cell at one tick (find_conflicts)
//   edge-conflict    two units swapping cells between t - 1 and t
//   illegal-move     a step the rules do not allow: off the map, into a wall (or a blocking
//                    agent), not a neighbour (a diagonal with 4 neighbours, a teleport: "not
//                    adjacent, 3 cells away"), a cut corner, a blocked edge, too high a climb...
//                    A unit off the map or in a wall is not checked again until it is back.
//   wrong-start      the plan's first cell is not the unit's start
//   wrong-goal       the plan's last cell is not the unit's goal
//   leaves-goal      only with stay_at_goal: the unit is on its goal at some tick and off it
//                    later (once per unit; the benchmark's default lets it leave, its cost being
//                    its last arrival)
//   above-optimum    with an optimum given and every unit arriving: the plan's sum of costs is
//                    above the optimum's (a makespan above the optimum's is no finding: the
//                    optimum is of the sum of costs)
// Findings are in order of tick, then of kind (the order above), then of unit. A plan's
// trailing waits are left out first (a unit stays where its plan ends), so every way of writing
// the same plan gives the same findings: a wrong-goal's tick is the one its unit stops at.
//
// Conflicts: a plan whose units pile up (10,000 in one cell are 50 million pairs) has its
// conflicts listed up to the tick where they pass kMaxPlanConflicts; `conflicts_from` then says
// where the listing stopped.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"
#include "astar/cbs.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

enum class PlanFindingKind : std::uint8_t {
  VertexConflict,
  EdgeConflict,
  IllegalMove,
  WrongStart,
  WrongGoal,
  LeavesGoal,
  AboveOptimum,
  _Max
};
// "vertex-conflict", "edge-conflict", "illegal-move", "wrong-start", "wrong-goal",
// "leaves-goal", "above-optimum"
std::string_view to_string(PlanFindingKind k);
inline constexpr std::size_t kPlanFindingKinds = static_cast<std::size_t>(PlanFindingKind::_Max);

inline constexpr std::size_t kMaxPlanConflicts = 1'000'000;

struct PlanFinding {
  PlanFindingKind kind = PlanFindingKind::VertexConflict;
  std::optional<std::size_t> unit;   // none for above-optimum
  std::optional<std::size_t> other;  // the second unit of a conflict
  std::size_t tick = 0;              // a move's or a swap's: the tick it ends
  Cell cell;                         // where: the unit's cell at `tick` (a move: where it goes)
  std::string text;
};

// An optimal solution's sum of costs and makespan (CBS's: cbs.hpp).
struct PlanOptimum {
  std::size_t sum_of_costs = 0;
  std::size_t makespan = 0;
};

// The optimum to check plans against: CBS's (cbs.hpp) within `budget`, when every move and wait
// of the level's rules costs 1 (4 neighbours or hexes, every open cell 1, no extra for a climb, a
// drop or a jump, no weighted edge, no ranks), so that a sum of costs in ticks (plan_stats) is
// what CBS minimises. `note` says where it came from ("CBS, 57 constraint-tree nodes") or why
// there is none ("not known: ...").
struct KnownOptimum {
  std::optional<PlanOptimum> value;
  std::string note;
};
bool moves_cost_one_tick(const Level& level);
KnownOptimum cbs_optimum(const Level& level, const CbsOptions& budget);

struct PlanCheckOptions {
  bool stay_at_goal = false;           // a unit that arrives must stay: leaves-goal findings
  std::optional<PlanOptimum> optimum{};  // none: no above-optimum finding
};

struct PlanCheckReport {
  std::vector<PlanFinding> findings;
  std::array<std::size_t, kPlanFindingKinds> counts{};  // per kind
  PlanStats stats;                      // plan_stats: costs, sum of costs, makespan, arrived
  std::size_t ticks = 0;                // the last tick at which a unit moves
  std::optional<std::size_t> conflicts_from;  // set when conflicts past this tick are not listed
  std::size_t total() const;
};

// Checks `plans` (one per level.units, in order, none empty) under `rules` (the level's own,
// or mapf_rules() for a MovingAI scenario). Refused: a count of plans other than the level's
// units, an empty plan.
Result<PlanCheckReport> check_plans(const Level& level, const MovementRules& rules,
                                    const std::vector<UnitPlan>& plans,
                                    const PlanCheckOptions& options = {});

}  // namespace astar
