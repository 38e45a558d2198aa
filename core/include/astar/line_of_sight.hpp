// Line of sight on the grid: can an agent go in a straight line from one cell centre to another?
// Used by Theta* (any-angle parents) and by path smoothing (string pulling).
#pragma once

#include <vector>

#include "astar/level.hpp"

namespace astar {

// True when the segment between the centres of a and b touches no wall cell, cells being closed
// unit squares: grazing a wall's edge or corner counts as touching. So a one-cell step has line
// of sight exactly when it is a legal move under "no corner cutting", and line of sight is the
// any-angle form of that rule. a == b is true when a is open; cells outside the level are walls.
bool line_of_sight(const Level& level, Cell a, Cell b);

// Euclidean length of a path of waypoints (any angle).
double waypoint_length(const std::vector<Cell>& waypoints);

}  // namespace astar
