// Units following the flow fields of their goals (flow_plans.hpp).
#include "astar/flow_plans.hpp"

#include <map>
#include <utility>

#include "astar/flow_field.hpp"

namespace astar {

UnitPlan flow_plan(const FlowField& field, Cell start) {
  std::vector<Cell> way = field.follow(start);
  if (way.empty()) way.push_back(start);  // reaches no goal: stays
  return UnitPlan{std::move(way)};
}

Result<FlowPlans> flow_field_plans(const Level& level, const MovementRules& rules) {
  if (level.units.empty()) return Error{"the level has no units"};
  if (std::string why = level.check_units(); !why.empty()) return Error{why};
  FlowPlans out;
  out.plans.resize(level.units.size());
  // One field per distinct goal, computed when its first unit needs it, dropped after its last.
  std::map<std::pair<int, int>, std::vector<std::size_t>> by_goal;
  for (std::size_t i = 0; i < level.units.size(); ++i)
    by_goal[{level.units[i].goal.y, level.units[i].goal.x}].push_back(i);
  for (const auto& entry : by_goal) {
    const Cell goal = level.units[entry.second.front()].goal;
    auto field = FlowField::make(level, rules, {goal});
    if (!field) return Error{field.error()};
    field.value().run();
    ++out.fields;
    for (std::size_t i : entry.second) out.plans[i] = flow_plan(field.value(), level.units[i].start);
  }
  return out;
}

}  // namespace astar
