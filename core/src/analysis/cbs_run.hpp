// What a Conflict-Based Search holds while it plans (cbs.hpp), shared by its stepping (cbs.cpp),
// its conflict choice (cbs_choice.cpp) and its words (cbs_text.cpp).
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/cbs_gate.hpp"
#include "analysis/cbs_mdd.hpp"
#include "astar/cbs.hpp"
#include "astar/moves.hpp"
#include "astar/true_distance.hpp"

namespace astar {

// What a tree node keeps beyond CbsNode: the plan it searched again (the root: every unit's).
struct CbsNodePlans {
  std::size_t unit = 0;                 // the unit it searched again (not the root)
  std::vector<Cell> path;               // that unit's plan
  ExactCost unit_cost;                  // its cost
  std::vector<UnitPlan> all;            // the root only: every unit's plan
  std::vector<ExactCost> all_costs;     // the root only
};

struct CbsOpenKey {
  ExactCost cost;
  std::size_t conflicts;
  std::uint32_t id;
  bool operator<(const CbsOpenKey& o) const {
    if (const int k = compare(cost, o.cost); k != 0) return k < 0;
    if (conflicts != o.conflicts) return conflicts < o.conflicts;
    return id < o.id;
  }
};

struct CbsPlanner::Run {
  Run(const Level& lv, const MovementRules& r, CbsOptions o);

  // What the last step did, for breakpoints.
  enum class Event : std::uint8_t { None, SearchNode, Took, Made, Finished };

  const Level* level;
  MovementRules rules;
  CbsOptions opt;
  MovePolicy policy;
  std::vector<std::unique_ptr<TrueDistance>> dist;  // per unit, made when first needed, kept
  std::int64_t guide = 0;

  std::vector<CbsNode> nodes;
  std::vector<CbsNodePlans> extra;  // beside nodes
  std::set<CbsOpenKey> open;
  std::vector<UnitPlan> plans;      // the answer (starts until solved)
  std::vector<std::string> log;
  CbsOutcome outcome = CbsOutcome::Running;
  std::string failure;

  // Where the stepping is: the root's units one by one, then nodes taken and split.
  std::size_t root_unit = 0;                  // the next unit the root plans
  std::optional<std::uint32_t> expanding;     // the node being split
  int child = 0;                              // which of its two children is searched
  std::optional<std::uint32_t> searching;     // the node whose search is under way
  std::size_t searching_unit = 0;
  std::unique_ptr<CbsGate> gate;              // the search's; outlives it
  std::unique_ptr<SpaceTimeSearch> search;
  std::vector<UnitPlan> search_plans;         // every unit's plan at the searched node's parent

  std::int64_t iterations = 0;
  std::int64_t finished_nodes = 0;            // low-level nodes of searches already ended
  std::size_t searches = 0, expanded = 0, expansions_done = 0;
  Event last_event = Event::None;
  std::optional<std::uint32_t> last_node;     // the node the last Took / Made was about
  std::map<std::pair<std::uint32_t, std::size_t>, std::shared_ptr<const Mdd>> mdds;

  const Unit& unit(std::size_t u) const { return level->units[u]; }
  TrueDistance& distance(std::size_t u);
  ExactCost wait_cost() const { return ExactCost::straight(opt.wait_cost); }
  std::vector<UnitPlan> plans_of(std::uint32_t node) const;
  ExactCost unit_cost(std::uint32_t node, std::size_t u) const;
  std::vector<CbsConstraint> constraints_of(std::uint32_t node) const;
  // The node whose plan of unit u node inherits: the nearest of it and its ancestors that
  // searched u again, else the root.
  std::uint32_t owner(std::uint32_t node, std::size_t u) const;
};

// The conflict a node splits at (cbs_choice.cpp): the earliest, or with the MDDs the first
// cardinal, else semi-cardinal, else the earliest. Sets the node's conflict and class.
void choose_conflict(CbsPlanner::Run& run, std::uint32_t node, const std::vector<UnitPlan>& plans);
// The two constraints that split a conflict: the first binds c.a, the second c.b.
std::array<CbsConstraint, 2> split_constraints(const Conflict& c);

// Words (cbs_text.cpp).
std::string root_text(const CbsPlanner::Run& run);
std::string took_text(const CbsPlanner::Run& run, std::uint32_t node);
std::string split_text(const CbsPlanner::Run& run, std::uint32_t node);
std::string solved_text(const CbsPlanner::Run& run, std::uint32_t node);
std::string budget_text(const CbsPlanner::Run& run, CbsOutcome why);

}  // namespace astar
