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
// Guided (Silver's RRA* is an A* from the goal towards the unit's start): given a cell to head
// for and the least cost a unit of distance can have, the open set is taken by g plus the
// distance still to that cell (octile, Manhattan with 4 neighbours, hex steps; times that cost),
// so a query near the unit's way settles a corridor, not a disc. The estimate is consistent, so
// a settled cell's cost is exact whichever cell is asked for later. Unguided, it is a Dijkstra.
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

// Where a true distance heads for, and the least micro-units a unit of distance costs (the
// floor of MovePolicy::min_cost_per_distance() times kCostUnitsPerOne; 0: unguided).
struct DistanceGuide {
  Cell toward;
  std::int64_t units = 0;
};
// The least cost per unit of distance for guides on `policy`'s level: 0 (no guide) where steps
// are measured in 3D over heights, which the flat distances do not bound.
std::int64_t guide_units(const MovePolicy& policy);

class TrueDistance {
 public:
  TrueDistance(const MovePolicy& policy, Cell goal, std::optional<DistanceGuide> guide = {});

  // The least cost from c to the goal, or none when no way leads there (c outside the level
  // included). Settles as many cells as that takes; later calls resume where it stopped.
  std::optional<ExactCost> to_goal(Cell c);
  // How many cells are settled so far.
  std::int64_t settled() const { return settled_; }
  Cell goal() const { return goal_; }

 private:
  struct Entry {
    ExactCost key;  // cost + the guide's estimate
    ExactCost cost;
    std::uint32_t index;
  };
  struct Later {
    bool operator()(const Entry& x, const Entry& y) const {
      if (const int k = compare(x.key, y.key); k != 0) return k > 0;
      if (const int k = compare(x.cost, y.cost); k != 0) return k < 0;
      return x.index > y.index;
    }
  };
  ExactCost estimate(Cell c) const;  // the guide's distance from c to its cell
  struct Slot {
    ExactCost cost;
    std::uint8_t state = 0;  // 0 unseen, 1 open, 2 settled
  };
  bool settle_next();  // false when the open set is empty
  Slot& slot(std::uint32_t i);  // made unseen when first asked for

  const MovePolicy* policy_;
  Cell goal_;
  std::optional<DistanceGuide> guide_;
  bool four_ = false;
  std::unordered_map<std::uint32_t, Slot> sparse_;
  std::vector<Slot> dense_;  // empty while sparse_ holds the cells
  std::vector<Entry> heap_;
  std::int64_t settled_ = 0;
};

}  // namespace astar
