// Path smoothing by string pulling: a grid path becomes fewer waypoints joined by straight
// segments an agent can walk (line of sight: no wall touched). Reported beside the grid path,
// never instead of it: the segments ignore cell costs, so on levels with costs the smoothed
// length is a geometric length, not a cost.
#pragma once

#include <vector>

#include "astar/level.hpp"
#include "astar/moves.hpp"

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

// The same under the policy's rules, for levels with heights, edge overrides and jumps: a
// shortcut between two path cells is taken only when walking its straight line is legal, that
// is, when it has line of sight and every two consecutive cells the segment touches are a
// possible walk, climb or drop under the policy (at a lattice point, through both side cells),
// and the segment widened by the agent radius touches no collision shape.
// Shortcuts never span a jump: both ends of every jump step (up, down, across) are waypoints.
// So consecutive waypoints are joined by a walkable line or are one step of the path (a jump,
// or a legal diagonal step whose corner grazes a cell the agent may not enter). On a flat level
// without overrides or jumps this equals smooth_path(level, path).
std::vector<Cell> smooth_path(const MovePolicy& policy, const std::vector<Cell>& path);

// True when an agent may walk the straight segment between the centres of a and b under the
// policy (line of sight, clear of shapes, and each step between touched cells a walk, climb or
// drop).
bool walkable_line(const MovePolicy& policy, Cell a, Cell b);

}  // namespace astar
