// Start and goal given on a command line (`astar run` and `astar trace`, the studio, the web
// page's query): "X,Y", the column X and the row Y, 0-based and counted as MovingAI files count
// them, each overriding the level's own, so that a MovingAI .map (which has neither) opens on
// one query. Parsing needs no level; checking asks the level (Level::check_endpoint), so the
// messages are the level's own, named after the option.
//
//   Result<Cell> c = parse_cell_arg("--start", "3,4");      // (3, 4), or "--start: expected ..."
//   EndpointArgs e{.start = c.value(), .goal = std::nullopt};
//   Status ok = override_endpoints(level, e);               // checked, then set; on failure:
//     "--start (40, 4) is outside the level (0, 0)-(31, 19) (the level is 32 x 20 cells)"
//     "--goal (3, 4) is inside a wall"
// The studio checks with check_endpoint_args and moves them as its start and goal tools do.
#pragma once

#include <optional>
#include <string_view>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

// --start and --goal as given; none: the level's own.
struct EndpointArgs {
  std::optional<Cell> start;
  std::optional<Cell> goal;
  bool any() const { return start.has_value() || goal.has_value(); }
};

// "X,Y": two whole numbers (a minus sign allowed, no spaces) around one comma. Negative values
// parse, and checking says they are outside the level. On failure: "OPTION: expected X,Y (the
// column and the row, whole numbers from 0), got 'TEXT'".
Result<Cell> parse_cell_arg(std::string_view option, std::string_view text);

// A cell given as `option` ("--from", say), checked as the level checks an endpoint (in bounds,
// not a wall, not on a blocking agent); the message starts with the option: "--from (40, 4) is
// outside the level (0, 0)-(31, 19) (the level is 32 x 20 cells)".
Status check_cell_arg(const Level& level, std::string_view option, Cell c);

// Each endpoint given, checked as the level checks its own (in bounds, not a wall, not on a
// blocking agent), the start first; the message starts with "--start" or "--goal". Start and goal
// may be the same cell.
Status check_endpoint_args(const Level& level, const EndpointArgs& e);

// check_endpoint_args, then the level's start and goal set to those given. Nothing is changed
// on failure.
Status override_endpoints(Level& level, const EndpointArgs& e);

}  // namespace astar
