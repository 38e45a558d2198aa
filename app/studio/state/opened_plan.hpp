// A multi-agent plan another program wrote, opened on the current level (issue 33, item 4): read
// by core (plan_formats.hpp: Kei18's, Li's or MAPF Tracker's format, told from the text), its
// units the level's own (the file must hold as many; the tracker's letters start from their
// starts), checked by core (plan_check.hpp: conflicts, illegal moves, wrong starts and goals)
// against the optimum when the level's moves all cost one tick (CBS within kPlanOptimumNodes
// tree nodes and kPlanOptimumSeconds), and played on Play units' time slider
// (UnitsPlayback::show_given). Its findings are listed in the Findings panel; a click sets the
// slider to the finding's tick and rings its cell. What `astar check-plan LEVEL PLAN` prints,
// in the studio. No GL or ImGui here.
//
//   if (auto s = studio.open_plan("plan.txt"); !s) say(s.error());  // "plan.txt: line 3: ..."
//   const OpenedPlan* p = studio.opened_plan();   // p->report.findings, p->summary()
//   studio.select_plan_finding(0);                // the slider at its tick, its cell ringed
//
// An edit of the level checks the plan again (once the stroke ends); an edit that changes the
// number of units, a new level, or choosing a planner in Play units closes it, saying so. A file
// that cannot be read or does not fit leaves the level and the plan open before untouched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "astar/plan_check.hpp"
#include "astar/plan_formats.hpp"
#include "astar/result.hpp"
#include "astar/unit_plans.hpp"

namespace studio {

class Studio;

inline constexpr std::uint64_t kPlanOptimumNodes = 2'000;  // CBS's budget for the optimum
inline constexpr double kPlanOptimumSeconds = 0.5;

struct OpenedPlan {
  std::string path;  // the file, as opened
  astar::PlanFormat format = astar::PlanFormat::Kei18;
  std::vector<astar::UnitPlan> plans;  // as read: one per level unit
  astar::PlanCheckReport report;       // check_plans on the level as it is now
  std::optional<astar::PlanOptimum> optimum;
  std::string optimum_note;  // "CBS, 255 constraint-tree nodes" or "not known: why"
  std::optional<std::size_t> selected;  // a finding (index into report.findings): ringed

  std::string file_name() const;  // "plan.txt"
  // "Plan: plan.txt (Kei18's mapf-visualizer (t:(x,y),...), 2 units, 8 ticks)".
  std::string title() const;
  // "sum of costs 16, makespan 8 (2 of 2 units arrive); optimum: sum of costs 23, makespan 15
  // (CBS, 255 constraint-tree nodes)".
  std::string summary() const;
  // Checks the plans on `level` (on open and after edits), with the optimum worked out again;
  // drops the picked finding. An error when the plans no longer fit the level's units.
  astar::Status check(const astar::Level& level);
};

// Reads and checks `path` on `level` (its units, their starts for the tracker's format). An error
// names the file and, for a bad text, its line; a level without units, or a plan of another unit
// count, is refused by name.
astar::Result<OpenedPlan> read_opened_plan(const std::string& path, const astar::Level& level);

// True when every move and wait costs one tick under the level's rules (4 neighbours or hexes, no
// jumps, every open cell 1, no climb or drop costs, no weighted edges, no ranks): then a plan's sum
// of costs in ticks is what CBS minimises, and its optimum is the plan's to compare with.
bool moves_cost_one_tick(const astar::Level& level);
// CBS's optimum for the level's units within the budget, with its note; none and why not.
std::optional<astar::PlanOptimum> plan_optimum(const astar::Level& level, std::string& note);

// The screenshot sidecar's "plan" member: null without a plan, else {"file", "format", "units",
// "ticks", "sum_of_costs", "makespan", "optimum", "findings", "kinds", "list", "selected"}.
std::string plan_sidecar_json(const Studio& studio);

}  // namespace studio
