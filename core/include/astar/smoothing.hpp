// Path smoothing by string pulling: a grid path becomes fewer waypoints joined by straight
// segments an agent can walk (line of sight: no wall touched). Reported beside the grid path,
// never instead of it: the segments ignore cell costs, so on levels with costs the smoothed
// length is a geometric length, not a cost.
#pragma once

#include <vector>

#include "astar/level.hpp"

namespace astar {

// From the first cell, repeatedly keeps the farthest later cell of `path` still in line of sight
// of the last kept one, so every waypoint is a cell of the path, consecutive waypoints see each
// other, and the first and last cells are kept. A path of fewer than 3 cells is returned as is.
// O(n * k) line-of-sight tests for n cells and k waypoints.
// On a level with collision shapes a shortcut must also keep clear of them: its segment widened
// by `agent_radius` touches no shape (the test a move between neighbours passes), so a smoothed
// path never crosses a shape. Walls are not widened, as for moves.
std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path,
                              double agent_radius);
// The same with the level's own agent radius (level.rules().agent_radius).
std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path);

}  // namespace astar
