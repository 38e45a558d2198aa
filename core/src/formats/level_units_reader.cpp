// Level files, reading the units that move (issue 32), for parse_document_level
// (level_document.cpp); it throws Fail:
//   "units": [{"start": [1, 1], "goal": [9, 4]}, {"start": [2, 1], "goal": [8, 4], "priority": 3}]
//   "units_plan": {"algorithm": "whca-star", "window": 4}
// Each unit's fields are read here; whether the units fit the level (open cells, no shared start
// or goal) is Level::check_units, asked once walls and agents are read.
#include <string>

#include "astar/cooperative.hpp"
#include "formats/level_format.hpp"

namespace astar::level_file {

namespace {

Unit get_unit(const json& j, const std::string& field) {
  expect_object(j, field);
  check_keys(j, field, {"start", "goal", "priority"});
  Unit u;
  u.start = get_cell(require(j, "start", field), member(field, "start"));
  u.goal = get_cell(require(j, "goal", field), member(field, "goal"));
  if (const json* p = optional_member(j, "priority"))
    u.priority = static_cast<int>(get_int(*p, member(field, "priority"), 0, kMaxUnitPriority,
                                          "must be an integer 0.." + std::to_string(kMaxUnitPriority)));
  return u;
}

}  // namespace

void parse_units(const json& units, Level& level) {
  expect_array(units, "units");
  if (units.size() > kMaxUnits)
    fail("units", "at most " + std::to_string(kMaxUnits) + ", got " + std::to_string(units.size()));
  level.units.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i)
    level.units.push_back(get_unit(units[i], element("units", i)));
}

void parse_units_plan(const json& plan, Level& level) {
  expect_object(plan, "units_plan");
  check_keys(plan, "units_plan", {"algorithm", "window", "horizon"});
  UnitsPlanPreset p;
  p.algorithm = get_string(require(plan, "algorithm", "units_plan"), "units_plan.algorithm");
  const std::optional<CooperativeAlgorithm> coop = cooperative_algorithm_from(p.algorithm);
  if (!coop && p.algorithm != "flow-field" && p.algorithm != "cbs")
    fail("units_plan.algorithm", "must be flow-field, ca-star, whca-star or cbs, got '" + p.algorithm + "'");
  if (const json* w = optional_member(plan, "window")) {
    if (coop != CooperativeAlgorithm::WhcaStar)
      fail("units_plan.window", "only whca-star plans in windows");
    p.window = static_cast<std::uint32_t>(get_int(*w, "units_plan.window", 2, kMaxWindow,
                                                  "must be an integer 2.." + std::to_string(kMaxWindow)));
  }
  if (const json* h = optional_member(plan, "horizon")) {
    if (!coop) fail("units_plan.horizon", "only ca-star and whca-star have a horizon");
    p.horizon = static_cast<std::uint32_t>(get_int(*h, "units_plan.horizon", 0, kMaxHorizon,
                                                   "must be an integer 0.." + std::to_string(kMaxHorizon)));
  }
  if (level.units.empty()) fail("units_plan", "the level has no units to plan");
  level.units_plan = p;
}

void check_units_fit(const Level& level) {
  const std::string why = level.check_units();
  if (why.empty()) return;
  // "units[2].goal (3, 4) is inside a wall": the field, then the rest.
  const std::size_t space = why.find(' ');
  fail(why.substr(0, space), why.substr(space + 1));
}

}  // namespace astar::level_file
