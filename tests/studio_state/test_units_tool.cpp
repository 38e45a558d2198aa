// The Unit tool's clicks (state/units_tool.hpp) without a window: a start then its goal add a
// unit as one undo step; a goal the level refuses adds nothing, keeps the start and says why in
// Level::check_units's words; Escape's cancel drops the start; a click on a unit's start or goal
// removes that unit; another tool drops the pending start.
//
// The level (support/wall_studio.hpp), 12 x 8, a wall with a gap at the bottom:
//   S . . . . # . . . . . G
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . . . . . . . .
//   . . . . . . . . . . . .
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "astar/format.hpp"
#include "astar/level.hpp"
#include "state/studio.hpp"
#include "state/units_tool.hpp"
#include "support/wall_studio.hpp"

using astar::Algorithm;
using astar::Cell;
using astar::Unit;
using astar::test::studio_with;
using studio::Tool;
using studio::unit_tool_cancel;
using studio::unit_tool_click;
using studio::UnitClick;

namespace {

// What Level::check_units says of `level` with `u` added: the refusal the status line must name.
std::string refusal(const astar::Level& level, const Unit& u) {
  astar::Level trial = level;
  trial.units.push_back(u);
  return trial.check_units();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("Unit tool: a start then a goal add a unit, one undo step") {
  auto st = studio_with(Algorithm::AStar);
  st->tools.tool = Tool::Unit;
  const Cell start{1, 1}, goal{8, 2};
  CHECK(unit_tool_click(*st, start) == UnitClick::Started);
  REQUIRE(st->unit_start.has_value());
  CHECK(*st->unit_start == start);
  CHECK(st->level().units.empty());
  CHECK(unit_tool_click(*st, goal) == UnitClick::Added);
  REQUIRE(st->level().units.size() == 1);
  CHECK(st->level().units[0] == Unit{start, goal, std::nullopt});
  CHECK_FALSE(st->unit_start.has_value());
  CHECK(contains(st->status, "Added unit 0"));
  CHECK(st->dirty());
  // A second unit takes the next index.
  CHECK(unit_tool_click(*st, {2, 6}) == UnitClick::Started);
  CHECK(unit_tool_click(*st, {10, 7}) == UnitClick::Added);
  REQUIRE(st->level().units.size() == 2);
  CHECK(st->level().units[1].start == Cell{2, 6});
  // Each unit is one undo step.
  CHECK(st->undo());
  CHECK(st->level().units.size() == 1);
  CHECK(st->undo());
  CHECK(st->level().units.empty());
  CHECK(st->redo());
  CHECK(st->level().units.size() == 1);
}

TEST_CASE("Unit tool: a refused goal adds nothing, keeps the start and says why") {
  auto st = studio_with(Algorithm::AStar);
  st->tools.tool = Tool::Unit;
  const Cell start{1, 1}, wall{5, 2};
  REQUIRE(st->level().wall(wall));
  CHECK(unit_tool_click(*st, start) == UnitClick::Started);
  const std::string why = refusal(st->level(), {start, wall, std::nullopt});
  REQUIRE_FALSE(why.empty());
  CHECK(unit_tool_click(*st, wall) == UnitClick::Refused);
  CHECK(st->level().units.empty());
  CHECK(contains(st->status, why));
  CHECK(contains(st->status, "goal"));
  CHECK(contains(st->status, astar::cell_text(wall)));
  CHECK_FALSE(st->editor().can_undo());
  // The start still waits: an open goal now adds the unit.
  REQUIRE(st->unit_start.has_value());
  CHECK(unit_tool_click(*st, {3, 3}) == UnitClick::Added);
  CHECK(st->level().units.size() == 1);

  SUBCASE("a goal another unit has is accepted: units may share a goal, as an army does") {
    CHECK(unit_tool_click(*st, {0, 7}) == UnitClick::Started);
    CHECK(refusal(st->level(), {{0, 7}, {3, 3}, std::nullopt}).empty());
    CHECK(unit_tool_click(*st, {3, 3}) == UnitClick::Added);
    CHECK(st->level().units.size() == 2);
  }
  SUBCASE("a start on a wall is refused at the first click") {
    CHECK(unit_tool_click(*st, wall) == UnitClick::Refused);
    CHECK_FALSE(st->unit_start.has_value());
    CHECK(contains(st->status, "start"));
    CHECK(contains(st->status, astar::cell_text(wall)));
  }
}

TEST_CASE("Unit tool: cancel, another tool and clicks off the level") {
  auto st = studio_with(Algorithm::AStar);
  st->tools.tool = Tool::Unit;
  CHECK_FALSE(unit_tool_cancel(*st));  // nothing pending
  CHECK(unit_tool_click(*st, {-1, 3}) == UnitClick::Outside);
  CHECK_FALSE(st->unit_start.has_value());
  CHECK(unit_tool_click(*st, {2, 2}) == UnitClick::Started);
  CHECK(unit_tool_cancel(*st));
  CHECK_FALSE(st->unit_start.has_value());
  CHECK(contains(st->status, "cancelled"));
  // The next click is a start again, not a goal.
  CHECK(unit_tool_click(*st, {7, 7}) == UnitClick::Started);
  CHECK(st->level().units.empty());
  // Choosing another tool drops the pending start (the canvas tidies every frame).
  studio::unit_tool_tidy(*st);
  CHECK(st->unit_start.has_value());
  st->tools.tool = Tool::Brush;
  studio::unit_tool_tidy(*st);
  CHECK_FALSE(st->unit_start.has_value());
}

TEST_CASE("Unit tool: a click on a unit's start or goal removes it") {
  auto st = studio_with(Algorithm::AStar);
  st->tools.tool = Tool::Unit;
  const std::vector<Unit> placed{{{1, 1}, {8, 1}, std::nullopt}, {{1, 4}, {8, 4}, std::nullopt},
                                 {{1, 6}, {8, 6}, std::nullopt}};
  for (const Unit& u : placed) {
    REQUIRE(unit_tool_click(*st, u.start) == UnitClick::Started);
    REQUIRE(unit_tool_click(*st, u.goal) == UnitClick::Added);
  }
  REQUIRE(st->level().units == placed);
  CHECK(studio::unit_at(st->level(), placed[1].goal) == std::optional<std::size_t>(1));
  CHECK_FALSE(studio::unit_at(st->level(), {3, 3}).has_value());

  SUBCASE("by its goal") {
    CHECK(unit_tool_click(*st, placed[1].goal) == UnitClick::Removed);
    CHECK(st->level().units == std::vector<Unit>{placed[0], placed[2]});
    CHECK(contains(st->status, "Removed unit 1"));
  }
  SUBCASE("by its start") {
    CHECK(unit_tool_click(*st, placed[0].start) == UnitClick::Removed);
    CHECK(st->level().units == std::vector<Unit>{placed[1], placed[2]});
  }
  CHECK_FALSE(st->unit_start.has_value());  // a removal starts nothing
  CHECK(st->undo());
  CHECK(st->level().units == placed);
}

TEST_CASE("Unit tool: unit_text names start, goal and priority") {
  const Unit u{{1, 2}, {5, 6}, std::nullopt};
  CHECK(studio::unit_text(u) == astar::cell_text(u.start) + " -> " + astar::cell_text(u.goal));
  Unit p = u;
  p.priority = 3;
  CHECK(contains(studio::unit_text(p), "priority 3"));
}
