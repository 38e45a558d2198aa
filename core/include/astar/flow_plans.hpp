// Units playing a flow field (issue 32's "Play units"): every unit of a level follows the flow
// field of its own goal (flow_field.hpp), one move per tick, from its start until it stands on
// its goal. Units that share a goal share one field, as an army does; a unit whose start reaches
// no goal stays where it is. Nothing here keeps units apart: find_conflicts (unit_plans.hpp)
// says where they collide, which is the point the lesson makes.
//
//   Result<FlowPlans> p = flow_field_plans(level, level.rules());
//   if (!p) report(p.error());                       // "the level has no units", a refused goal
//   for (const Conflict& c : find_conflicts(p.value().plans)) say(conflict_text(c));
#pragma once

#include <cstddef>
#include <vector>

#include "astar/flow_field.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

struct FlowPlans {
  std::vector<UnitPlan> plans;  // one per unit of the level, in its order
  std::size_t fields = 0;       // flow fields computed: one per distinct goal
};

// Unit plan of one unit on `field` (done): the cells following its flow from `start`, one a
// tick, to the goal; just `start` when it reaches no goal (it stays).
UnitPlan flow_plan(const FlowField& field, Cell start);

// Refused: a level without units, units that do not fit it (Level::check_units), or what
// FlowField::make refuses (costs too large to add up exactly).
Result<FlowPlans> flow_field_plans(const Level& level, const MovementRules& rules);

}  // namespace astar
