// The true distance to one goal (issue 32, item 3): a Dijkstra from the goal over the moves
// entering each cell, run only as far as asked and resumed when asked further, as Silver's
// "Reverse Resumable A*" is (Silver, "Cooperative Pathfinding", AIIDE 2005). Cooperative
// planners use it as their heuristic: the exact cost from a cell to the goal with every other
// unit ignored, which never overestimates the cost among them and is consistent.
//
//   TrueDistance d(policy, goal);                 // nothing searched yet
//   std::optional<ExactCost> h = d.to_goal(c);    // settles cells until c is settled
//   if (!h) { /* no way from c to the goal on the level */ }
//
// Costs are exact (exact_cost.hpp). It keeps a cost and a state per cell it has reached: in a
// hash table while those are few (a unit near its goal, the common case among hundreds of units),
// in an array over the level (24 bytes a cell) once they are more than an eighth of the level.
// The policy (and its level) must outlive it.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/grid.hpp"
#include "astar/moves.hpp"

namespace astar {

class TrueDistance {
 public:
  TrueDistance(const MovePolicy& policy, Cell goal);

  // The least cost from c to the goal, or none when no way leads there (c outside the level
  // included). Settles as many cells as that takes; later calls resume where it stopped.
  std::optional<ExactCost> to_goal(Cell c);
  // How many cells are settled so far.
  std::int64_t settled() const { return settled_; }
  Cell goal() const { return goal_; }

 private:
  struct Entry {
    ExactCost cost;
    std::uint32_t index;
  };
  struct Later {
    bool operator()(const Entry& x, const Entry& y) const {
      if (const int k = compare(x.cost, y.cost); k != 0) return k > 0;
      return x.index > y.index;
    }
  };
  struct Slot {
    ExactCost cost;
    std::uint8_t state = 0;  // 0 unseen, 1 open, 2 settled
  };
  bool settle_next();  // false when the open set is empty
  Slot& slot(std::uint32_t i);  // made unseen when first asked for

  const MovePolicy* policy_;
  Cell goal_;
  std::unordered_map<std::uint32_t, Slot> sparse_;
  std::vector<Slot> dense_;  // empty while sparse_ holds the cells
  std::vector<Entry> heap_;
  std::int64_t settled_ = 0;
};

}  // namespace astar
