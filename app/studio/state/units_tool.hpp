// The Unit tool (issue 32, item 1): what its clicks on the canvas do to the level's units that
// move (astar::Unit, Level::units), without a window. A first click on an open cell is the
// pending start (UiState::unit_start, drawn by the canvas); the second click is its goal, and
// the unit is added as one undo step (Editor::add_unit). A goal the level refuses adds nothing,
// keeps the start pending and puts why on the status line, in Level::check_units's words
// ("units[2].goal (3, 4) is inside a wall"). With no start pending, a click on a unit's start or
// goal removes that unit (one undo step). Escape or a right click cancels the pending start.
//
//   studio.tools.tool = Tool::Unit;
//   unit_tool_click(studio, {1, 1});   // UnitClick::Started: {1, 1} waits for its goal
//   unit_tool_click(studio, {6, 2});   // UnitClick::Added: units.back() is {1, 1} -> {6, 2}
//   unit_tool_click(studio, {6, 2});   // UnitClick::Removed: that unit is gone again
//   unit_tool_cancel(studio);          // Escape, right click: false when nothing was pending
//   unit_tool_tidy(studio);            // every frame: drop the start when the tool changed
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "astar/grid.hpp"
#include "astar/level.hpp"

namespace studio {

class Studio;

// What a left click with the Unit tool did.
enum class UnitClick {
  Outside,  // off the level: nothing
  Started,  // the pending start is set
  Added,    // the pending start and this goal are a new unit (the last)
  Refused,  // nothing placed; the status line says why
  Removed,  // the unit whose start or goal was clicked is gone
};

UnitClick unit_tool_click(Studio& studio, astar::Cell c);
// Drops the pending start; false when there was none.
bool unit_tool_cancel(Studio& studio);
// Drops the pending start when the Unit tool is no longer chosen or its cell left the level.
void unit_tool_tidy(Studio& studio);

// The first unit (lowest index) whose start or goal is c.
std::optional<std::size_t> unit_at(const astar::Level& level, astar::Cell c);
// "(1, 2) -> (5, 6)", with ", priority 3" when it has one.
std::string unit_text(const astar::Unit& u);

}  // namespace studio
