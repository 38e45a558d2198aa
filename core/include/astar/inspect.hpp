// What the studio's inspector and quiz say about a cell, read from a search's views: why a
// finished search never took a cell, a path's cost move by move, and whether a guess of the next
// node taken is right, with the reason in the algorithm's terms.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "astar/moves.hpp"
#include "astar/search.hpp"

namespace astar {

// Why `search` (finished) did not take cell c: "f 14.20 > the path's cost 12.00: a cheaper path
// was found first", "never reached", "a wall", ... Empty when c was taken or the search is still
// running (it may take c yet).
std::string why_not_taken(const Search& search, Cell c);

// One step of a path as the cost policy prices it.
struct PathStep {
  Cell from, to;
  MoveAction action = MoveAction::Walk;
  double cost = 0.0;
};
// The steps of `path` (empty when some step is no possible move, e.g. Theta*'s waypoints).
std::vector<PathStep> path_breakdown(const MovePolicy& policy, const std::vector<Cell>& path);

// "Predict the next node": whether `guess` is the node the next take takes, and why.
struct Verdict {
  bool right = false;
  std::string why;
};
// Needs a search between iterations with a next node (next_to_take()).
std::optional<Verdict> judge_prediction(const Search& search, Cell guess);

}  // namespace astar
