// Path smoothing by string pulling: a grid path becomes fewer waypoints joined by straight
// segments an agent can walk (line of sight: no wall touched). Reported beside the grid path,
// never instead of it.
//
//   const MovePolicy policy(level);
//   std::vector<Cell> w = smooth_path(policy, path);                  // respects costs
//   std::optional<double> c = smoothed_cost(policy, path, w);         // <= the path's cost
//   smooth_path(policy, path, {.respect_costs = false});              // any walkable shortcut
//
// Costs. By default (SmoothOptions::respect_costs) a shortcut from waypoint a to a later path
// cell b is taken only when walking its straight segment costs no more than the path's moves
// from a to b, so the smoothed path is never dearer than the grid path it replaces. The segment
// is priced as a move is, by the cells it enters (line_cost):
//
//   line_cost(a, b) = sum over the cells the segment's line passes through after a of
//                       (length of the line inside the cell) x (the cell's cost)
//                     + for each step between two of those cells, what that move costs
//                       beyond its cell's cost (its climb or drop cost)
//
// where b counts whole: its chord along the line, from where the line enters b to where,
// carried on, it would leave it (a move pays for the cell it enters, never for the one it
// leaves). So a segment along a row or a column costs exactly what the moves along it cost, and
// so does one along a diagonal on a flat level; on a level whose cells all cost the same
// (without climb or drop costs or edge overrides) every walkable shortcut is taken, as with
// costs ignored. Where the line passes a lattice point it grazes both side cells: the dearer of
// the two ways round is added (its two steps' costs beyond their cells). With 3D step lengths
// or action ranks (moves.hpp), what a step costs beyond its cell also holds the extra length of
// its rise and its rank points, so shortcuts are weighed as the search weighs paths. Edge
// weights price a move, not a stretch of line: a segment that crosses an edge with an override
// (or passes a lattice point whose diagonal has one) has no line_cost, and is never a shortcut
// under costs.
//
// Tolerance: lengths such as sqrt 5 are not of the exact form a + b sqrt 2 (exact_cost.hpp), so
// this one comparison uses one stated tolerance, relative: a shortcut is taken when
// line_cost(a, b) <= (cost of the moves it replaces) x (1 + kSmoothingTolerance). Summed over
// the legs, the smoothed cost is at most the path's cost x (1 + kSmoothingTolerance).
//
// With respect_costs off, costs are ignored: the smoothed path may cross dearer cells than the
// path it replaces (smoothed_cost then says by how much). The walls-only smooth_path(level, path)
// ignores costs and rules alike.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/moves.hpp"

namespace astar {

// Relative: a shortcut at most this fraction dearer than the moves it replaces counts as no
// dearer. Doubles round a segment's cost at about 1e-16 of it; a real difference below 1e-9 of
// the cost is taken as a tie, in the shortcut's favour.
inline constexpr double kSmoothingTolerance = 1e-9;

struct SmoothOptions {
  // A shortcut only when line_cost(a, b) is no more than the cost of the path's moves it
  // replaces (see above); false: any walkable shortcut, costs ignored.
  bool respect_costs = true;
};

// From the first cell, repeatedly keeps the farthest later cell of `path` still in line of sight
// of the last kept one, so every waypoint is a cell of the path, consecutive waypoints see each
// other, and the first and last cells are kept. A path of fewer than 3 cells is returned as is.
// O(n * k) line-of-sight tests for n cells and k waypoints. Costs are ignored.
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
// and the segment widened by the agent radius touches no collision shape; and, with
// options.respect_costs (the default), when it costs no more than the moves it replaces.
// Shortcuts never span a jump: both ends of every jump step (up, down, across) are waypoints.
// So consecutive waypoints are joined by a walkable line or are one step of the path (a jump,
// or a legal diagonal step whose corner grazes a cell the agent may not enter). On a flat level
// without overrides or jumps, with costs ignored, this equals smooth_path(level, path).
std::vector<Cell> smooth_path(const MovePolicy& policy, const std::vector<Cell>& path,
                              SmoothOptions options = {});

// Smoothing traces its lines through square cells: on hex levels every smooth_path returns the
// path as it is (no shortcut), and the CLI and the studio refuse or hide it with this reason.
inline constexpr std::string_view kHexSmoothingRefusal =
    "smoothing traces lines of sight through square cells and does not run on hex levels";

// True when an agent may walk the straight segment between the centres of a and b under the
// policy (line of sight, clear of shapes, each step between touched cells a walk, climb or drop,
// and no diagonal it makes through a lattice point blocked by an edge override).
bool walkable_line(const MovePolicy& policy, Cell a, Cell b);

// The cost of walking the straight segment from the centre of a to the centre of b (defined
// above); nullopt when a == b, when it is no walkable_line, or when it crosses an edge override.
std::optional<double> line_cost(const MovePolicy& policy, Cell a, Cell b);

// The cost of walking `waypoints` (cells of `path`, in its order, first and last included, as
// smooth_path returns them): a leg that is one step of the path costs that move (a jump, say),
// a longer leg its line_cost. nullopt when a waypoint is not the next such cell of the path, a
// step is no move, or a leg has no line_cost (costs ignored: a leg across an edge override).
// Equals the path's cost when the waypoints are the whole path.
std::optional<double> smoothed_cost(const MovePolicy& policy, const std::vector<Cell>& path,
                                    const std::vector<Cell>& waypoints);

}  // namespace astar
