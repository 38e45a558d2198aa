// Conflict-Based Search (issue 33; Sharon, Stern, Felner & Sturtevant, "Conflict-based search for
// optimal multi-agent pathfinding", AIJ 2015): the level's units planned together, optimally for
// the sum of their costs, stepped so that the studio can show its two levels.
//
//   auto p = CbsPlanner::make(level, mapf_rules(), {.choice = CbsConflictChoice::Cardinal});
//   if (!p) report(p.error());           // no units, shared starts or goals, bad options
//   CbsPlanner& cbs = p.value();
//   cbs.run();                           // or step() / step_search() / step_node()
//   if (cbs.outcome() == CbsOutcome::Solved) use(cbs.plans());   // unit_plans.hpp's model
//   else say(cbs.failure());             // "no plan within the budget of 1000 tree nodes ..."
//
// - **The high level** is a best-first search over a **constraint tree** (CT). Each node holds
//   one constraint more than its parent ("unit 3 may not be at (12, 4) at t = 9", or may not move
//   (4, 4) -> (5, 4) between t = 2 and t = 3), a plan per unit that keeps its constraints, and
//   its cost: the sum of the plans' costs. The open node of least cost is taken (equal costs: the
//   fewer conflicts, then the node made first). A node whose plans do not meet is the solution;
//   else it splits at one **conflict** (unit_plans.hpp: a vertex or an edge conflict) into two
//   children, each forbidding it to one of the two units, whose plan alone is searched again.
// - **The low level** is a space-time A* per unit (space_time_search.hpp) under that unit's
//   constraints, ties broken towards fewer conflicts with the other units' plans (the conflict
//   avoidance table of Sharon et al.). Its cost is the search's g: move costs plus wait_cost per
//   wait until the unit is on its goal for good; on the multi-agent benchmark's rules
//   (mapf_rules(): 4 neighbours, every move and wait 1) the tick it last arrives, so the CT's
//   cost is plan_stats()'s sum of costs.
// - **Which conflict.** CbsConflictChoice::First splits at the earliest (find_conflicts' first).
//   CbsConflictChoice::Cardinal (Boyarski et al., "ICBS", IJCAI 2015) classifies each conflict
//   with the units' MDDs (the cells and ticks on ANY of a unit's cheapest plans): **cardinal**
//   when both units' cheapest plans all pass there (both children cost more), **semi-cardinal**
//   when one's do, **non-cardinal** else; it splits at a cardinal one first, then semi-cardinal,
//   then the earliest.
// - Optimal: the solution's cost is the least sum of costs of any conflict-free plans (tests
//   check it against a joint-space search). A problem past the budget (tree nodes made, or
//   seconds in run()) is refused by name; so is one a unit cannot solve alone (no way to its
//   goal). CBS cannot tell that a solvable-looking problem has no solution: the budget ends it.
//
// Stepping nests, as the issue asks, and every level goes back the same way (seek: a replay from
// the start, so every view after a step back equals a fresh planner stepped there):
// - step(): ONE iteration: one node of the low-level search under way, or the high level's own
//   step (take the best open node and choose its conflict);
// - step_search(): to the end of the low-level search under way (or the next one);
// - step_node(): to the end of the CT node's expansion under way: both children made (the root:
//   every unit's first plan).
// Breakpoints (run_to): stop when a taken node's conflict is at a cell, or when a node is made
// whose cost is above C.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/space_time_search.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

enum class CbsConflictChoice : std::uint8_t { First, Cardinal };
std::string_view to_string(CbsConflictChoice c);  // "first", "cardinal"
std::optional<CbsConflictChoice> cbs_conflict_choice_from(std::string_view name);

struct CbsOptions {
  CbsConflictChoice choice = CbsConflictChoice::Cardinal;
  std::uint64_t max_nodes = 100'000;  // CT nodes made, the root included: 1..kMaxCbsNodes
  double max_seconds = 0.0;           // run() stops past this (0: no limit); stepping never
  double wait_cost = 1.0;             // what a wait adds to a plan's cost: finite, > 0
};
inline constexpr std::uint64_t kMaxCbsNodes = 100'000'000;
// Empty when the options are acceptable, else why not ("max_nodes must be 1..100000000, got 0").
std::string check_cbs_options(const CbsOptions& o);

// "unit 3 may not be at (12, 4) at t = 9", "unit 3 may not move from (4, 4) to (5, 4) between
// t = 2 and t = 3".
struct CbsConstraint {
  enum class Kind : std::uint8_t { Vertex, Edge };
  Kind kind = Kind::Vertex;
  std::size_t unit = 0;
  Cell cell;               // vertex: the cell it may not be on; edge: the cell it may not enter
  Cell from;               // edge: the cell it may not leave that way; vertex: = cell
  std::uint32_t tick = 0;  // vertex: the tick; edge: the tick the move would end (>= 1)
  friend bool operator==(const CbsConstraint&, const CbsConstraint&) = default;
};
std::string constraint_text(const CbsConstraint& c);

enum class ConflictClass : std::uint8_t { Cardinal, SemiCardinal, NonCardinal, NotClassified };
std::string_view to_string(ConflictClass c);  // "cardinal", "semi-cardinal", "non-cardinal", ""

enum class CbsNodeState : std::uint8_t {
  Searching,  // its unit's low-level search is under way
  Open,       // made, waiting to be taken
  Expanded,   // taken and split at its conflict
  Solution,   // taken with no conflict: the answer
  DeadEnd,    // its unit found no plan under its constraints: never opened
};
std::string_view to_string(CbsNodeState s);  // "searching", "open", "expanded", "solution", "dead end"

inline constexpr std::uint32_t kNoCbsNode = 0xFFFFFFFFu;

struct CbsNode {
  std::uint32_t parent = kNoCbsNode;            // none for the root
  std::optional<CbsConstraint> constraint;      // the one it adds to its parent's (the root: none)
  CbsNodeState state = CbsNodeState::Searching;
  ExactCost cost;                               // the sum of its plans' costs (once searched)
  std::size_t conflicts = 0;                    // conflicts between its plans (once searched)
  std::uint32_t depth = 0;
  std::optional<Conflict> conflict;             // Expanded: the conflict it split at
  ConflictClass conflict_class = ConflictClass::NotClassified;
  std::array<std::uint32_t, 2> children{kNoCbsNode, kNoCbsNode};
  std::int64_t made_at = 0;                     // the iteration it was made at
};

enum class CbsOutcome : std::uint8_t { Running, Solved, NoSolution, NodeBudget, TimeBudget };
std::string_view to_string(CbsOutcome o);  // "running", "solved", "no solution", "node budget", "time budget"

// A breakpoint of run_to: stop at the step that takes a node whose conflict is at `conflict_at`
// (a vertex conflict's cell, or either cell of an edge conflict), or at the step that makes a
// node whose cost is above `cost_above`.
struct CbsBreak {
  std::optional<Cell> conflict_at{};
  std::optional<double> cost_above{};
};

class CbsPlanner {
 public:
  // Refused: no units, units that do not fit (Level::check_units), two units sharing a start or
  // a goal, options check_cbs_options refuses, costs too large to add up exactly. The level must
  // outlive the planner and not change while it plans.
  static Result<CbsPlanner> make(const Level& level, const MovementRules& rules, CbsOptions options);
  CbsPlanner(CbsPlanner&&) noexcept;
  CbsPlanner& operator=(CbsPlanner&&) noexcept;
  ~CbsPlanner();

  // [SECTION] Stepping (see the top of this file); each returns false, doing nothing, once done().
  bool step();
  bool step_search();
  bool step_node();
  void run();  // to the end, or to options().max_seconds
  // Steps until a breakpoint is hit (true) or the search ends (false).
  bool run_to(const CbsBreak& b);
  bool done() const;
  CbsOutcome outcome() const;

  void restart();
  void seek(std::int64_t iteration);  // clamped to where the search ends
  bool step_back();                   // seek(iterations() - 1); false at 0
  std::int64_t iterations() const;

  // [SECTION] The constraint tree
  const std::vector<CbsNode>& nodes() const;          // by id, in the order they were made
  std::vector<std::uint32_t> open_nodes() const;      // best first
  std::optional<std::uint32_t> best_open() const;
  std::optional<std::uint32_t> expanding() const;     // the node being split, if any
  std::optional<std::uint32_t> solution() const;
  std::vector<CbsConstraint> constraints_of(std::uint32_t node) const;  // root first
  std::vector<UnitPlan> plans_of(std::uint32_t node) const;  // every unit's plan at that node
  ExactCost unit_cost(std::uint32_t node, std::size_t unit) const;
  // "node 14 (cost 57): units 3 and 8 both at (12, 4) at t = 9 (cardinal); child 15 forbids
  // unit 3 there, child 16 unit 8"; for an open node "node 15 (cost 58, 2 conflicts): open".
  std::string node_text(std::uint32_t node) const;

  // [SECTION] The low-level search under way
  std::optional<std::uint32_t> searching_node() const;  // the node whose plan it searches
  std::optional<std::size_t> searching_unit() const;
  const SpaceTimeSearch* search() const;                // null between searches

  // [SECTION] The answer and the counts
  // Solved: the solution's plans; else every unit on its start.
  const std::vector<UnitPlan>& plans() const;
  ExactCost cost() const;             // Solved: the sum of costs
  std::string failure() const;        // why not solved (empty while running or solved)
  // Plain-language lines, one per high-level event (made, taken, split, solved), in order.
  const std::vector<std::string>& log() const;
  std::size_t nodes_expanded() const;
  std::size_t nodes_made() const;
  std::size_t low_level_searches() const;
  std::int64_t low_level_nodes() const;
  const CbsOptions& options() const;
  const Level& level() const;

  struct Run;  // what it holds while it plans: core's own sources (analysis/cbs_run.hpp)

 private:
  explicit CbsPlanner(std::unique_ptr<Run> run);
  std::unique_ptr<Run> run_;
};

struct CbsResult {
  CbsOutcome outcome = CbsOutcome::Running;
  std::vector<UnitPlan> plans;
  ExactCost cost;
  std::string failure;
  std::size_t nodes_expanded = 0, nodes_made = 0, low_level_searches = 0;
  std::int64_t low_level_nodes = 0;
  double seconds = 0.0;
};
// make() and run() in one call.
Result<CbsResult> plan_cbs(const Level& level, const MovementRules& rules, CbsOptions options);

}  // namespace astar
