// Level files, reading the units that move (issue 32), for parse_document_level
// (level_document.cpp); it throws Fail:
//   "units": [{"start": [1, 1], "goal": [9, 4]}, {"start": [2, 1], "goal": [8, 4], "priority": 3}]
// Each unit's fields are read here; whether the units fit the level (open cells, no shared start
// or goal) is Level::check_units, asked once walls and agents are read.
#include <string>

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

void check_units_fit(const Level& level) {
  const std::string why = level.check_units();
  if (why.empty()) return;
  // "units[2].goal (3, 4) is inside a wall": the field, then the rest.
  const std::size_t space = why.find(' ');
  fail(why.substr(0, space), why.substr(space + 1));
}

}  // namespace astar::level_file
