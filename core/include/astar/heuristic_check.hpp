// Does the heuristic tell the truth on this level? For every open cell c, the true cost to the
// goal h*(c) (a reverse Dijkstra from the goal over the moves entering each cell, under the
// same MovePolicy the searches use) is compared with h(c), the estimate exactly as the search
// uses it and the studio shows it (BestFirstSearch::heuristic_scale() × heuristic_distance):
//
//   overestimate (inadmissible)  h(c) > h*(c)
//   inconsistent move a -> b     h(a) > cost(a -> b) + h(b)
//
// Our searches never reopen closed cells, so A* is guaranteed an optimal path only when h is
// consistent (which, with h(goal) = 0, also makes it admissible). Differences up to
// kHeuristicTolerance × max(1, |right-hand side|) are float noise and not reported.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "astar/search.hpp"

namespace astar {

inline constexpr double kHeuristicTolerance = 1e-9;

struct HeuristicReport {
  Heuristic heuristic = Heuristic::Octile;  // as used: Zero for algorithms without one
  double scale = 0.0;  // h = scale × distance (0 without a heuristic)
  int width = 0, height = 0;

  // Per cell, row-major (index y * width + x), for overlays.
  std::vector<double> h;        // the search's h; +inf for walls
  std::vector<double> h_true;   // cost of the cheapest path to the goal; +inf: wall or no path
  std::vector<std::uint8_t> overestimates;  // 1 where h > h_true (beyond the tolerance)
  std::vector<std::uint8_t> inconsistent;   // 1 where some move leaving the cell is inconsistent

  std::int64_t overestimate_count = 0;  // cells
  std::optional<Cell> worst_cell;       // the largest h - h_true (first in row-major order)
  std::int64_t inconsistent_count = 0;  // moves
  struct BadMove {
    Cell from, to;
    double h_from, cost, h_to;  // h_from > cost + h_to
  };
  std::optional<BadMove> worst_move;  // the largest h_from - cost - h_to

  std::string verdict;  // one sentence; see check_heuristic

  bool admissible() const { return overestimate_count == 0; }
  bool consistent() const { return inconsistent_count == 0; }
  std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(c.x);
  }
};

// The report for `options`' heuristic (as scaled for options.algorithm; bidirectional A*: each
// side's A*) under `rules`. The verdict is one of:
//   "h never overestimates on this level: A* finds an optimal path"
//   "h never overestimates on this level, but it is inconsistent on 3 moves (worst (1,3) → (0,2):
//    h 4.00 > cost 1.41 + h 2.00): A* does not reopen closed cells, so the path it finds may not
//    be optimal"
//   "h overestimates at 12 cells (worst (3,4): h 9.00 > true 7.00): the path A* finds may not be
//    optimal"
// O(cells log cells). The level's start is not used; its goal must be in bounds.
HeuristicReport check_heuristic(const Level& level, const MovementRules& rules,
                                const SearchOptions& options);

// h*(c) for every cell (row-major): the cheapest cost from c to the level's goal; +inf for walls
// and cells that cannot reach it.
std::vector<double> true_cost_to_goal(const Level& level, const MovementRules& rules);

}  // namespace astar
