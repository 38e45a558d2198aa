// The one cost policy every search asks: "which moves leave cell c, and what does each cost?"
//
//   cost(a -> b) = override weight of (a, dir)               if the move has a weight override
//                = step_length(dir) * cost(b)                otherwise (1 straight, sqrt 2 diagonal)
//                  + climb_cost * max(0, height(b) - height(a))
//
// A move is impossible when b is outside the level or a wall, the override blocks it, the
// neighbour mode or diagonal policy forbids it, or it climbs more than max_climb or drops more
// than max_drop levels, or when the segment between the two cell centres, widened by the agent
// radius, touches a collision shape (shapes.hpp). Limits, walls and shapes apply even to moves
// with a weight override.
#pragma once

#include <cstdint>
#include <string_view>

#include "astar/level.hpp"

namespace astar {

// Why a move is impossible (None: it is possible). Listeners and the inspector report these.
enum class MoveBlock : std::uint8_t {
  None,
  OutOfBounds,
  Wall,
  BlockedEdge,   // an edge override blocks this move
  NotANeighbour, // diagonal with 4 neighbours, or diagonal policy "never"
  CornerCut,     // the diagonal policy forbids passing these side cells
  ClimbTooHigh,
  DropTooFar,
  ShapeHit,      // the segment between the cell centres, widened by the agent radius, touches a
                 // collision shape ("shape"; not named Shape, which would shadow astar::Shape)
  _Max
};
std::string_view to_string(MoveBlock b);

struct Move {
  Cell to;
  Dir dir = Dir::E;
  MoveBlock block = MoveBlock::None;
  double cost = 0.0;  // meaningful only when block == None
  bool possible() const { return block == MoveBlock::None; }
};

class MovePolicy {
 public:
  // The policy reads the level's rules; `rules` overrides them (the CLI's --neighbours, say).
  explicit MovePolicy(const Level& level) : MovePolicy(level, level.rules()) {}
  MovePolicy(const Level& level, const MovementRules& rules) : level_(&level), rules_(rules) {}

  const Level& level() const { return *level_; }
  const MovementRules& rules() const { return rules_; }

  // The move from `from` (in bounds) in direction d, possible or with the reason it is not.
  Move move(Cell from, Dir d) const;

  // Calls fn(const Move&) for each direction the neighbour mode considers (4 or 8), in the order
  // of kAllDirs, including impossible moves so listeners can say why they were skipped.
  template <class Fn>
  void for_each_move(Cell from, Fn&& fn) const {
    const bool eight = rules_.neighbours == Neighbours::Eight;
    for (Dir d : kAllDirs) {
      if (!eight && is_diagonal(d)) continue;
      fn(move(from, d));
    }
  }

  // The least cost per unit of distance any move can have on this level: min over open cells of
  // cost, and over weight overrides of weight / step length. Heuristics are scaled by it, so that
  // h never overestimates even on levels with costs below 1.
  double min_cost_per_distance() const;

 private:
  const Level* level_;
  MovementRules rules_;
};

}  // namespace astar
