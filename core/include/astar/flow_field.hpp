// Flow fields (issue 32): one Dijkstra from the goal, or from several goals, over the moves that
// ENTER each cell, for a whole army at once (Emerson, "Crowd Pathfinding and Steering Using Flow
// Field Tiles", Game AI Pro). It gives the integration field, each cell's cheapest cost to reach
// a goal, and the flow, from each cell the move a unit there takes:
//
//   Result<FlowField> f = make_flow_field(level, level.rules(), {goal_a, goal_b});
//   if (!f) report(f.error());          // "goal (9, 2) is inside a wall", "no goal", ...
//   f.value().run();                    // or step() by step(): one cell settled per iteration
//   f.value().cost(c);                  // ExactCost to the nearest goal; .value() to show it
//   f.value().flow(c);                  // the Move a unit on c takes; none on a goal or a cell
//                                       // that reaches no goal (unreachable(c))
//   f.value().follow(c);                // c, then every cell the flow leads through to a goal
//
// Stepped like the searches: step() settles the open cell of least exact cost; equal costs go
// in row-major order (the smaller row, then the smaller column), so a field is the same on every
// machine. settled(k) is the k-th cell settled.
//
// The flow of a settled cell c that is not a goal is the possible move out of c (for_each_move:
// steps and jumps across, as the level's rules allow) whose exact cost plus the integration cost
// of the cell it lands on is least; that cell is settled before c (costs are > 0). Equal sums:
// the first move in for_each_move's order (kAllDirs': E, SE, S, SW, W, NW, N, NE, the level's
// directions only; then jumps across). Every comparison is exact (exact_cost.hpp).
//
// What a flow field does not do: each unit follows the flow alone, so units that meet still
// collide (unit_plans.hpp finds where). Action ranks are not used: the field is by cost.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/result.hpp"

namespace astar {

class FlowField {
 public:
  enum class CellState : std::uint8_t { Unseen, Open, Settled };

  // Use make_flow_field, which checks the goals and the level first.
  FlowField(const Level& level, const MovementRules& rules, std::vector<Cell> goals);

  // Settles one cell; false when nothing was left to settle (done()).
  bool step();
  void run();
  bool done() const { return done_; }
  std::size_t settled_count() const { return order_.size(); }
  Cell settled(std::size_t k) const { return level_->cell(CellIndex(order_[k])); }

  CellState state(Cell c) const { return state_[index(c)]; }
  // The cost to the nearest goal found so far: meaningful once c is seen (not Unseen), final
  // once it is settled.
  ExactCost cost(Cell c) const { return cost_[index(c)]; }
  bool is_goal(Cell c) const;
  // True once the field is done and c is open but reaches no goal.
  bool unreachable(Cell c) const { return done_ && state(c) != CellState::Settled; }
  // The move a unit on c takes: for settled cells that are not goals.
  std::optional<Move> flow(Cell c) const;
  // c, then the cells the flow leads through, ending on a goal; just c when c has no flow.
  std::vector<Cell> follow(Cell c) const;

  const std::vector<Cell>& goals() const { return goals_; }
  const Level& level() const { return *level_; }

 private:
  std::uint32_t index(Cell c) const { return static_cast<std::uint32_t>(level_->index(c)); }
  void relax_into(std::uint32_t i);

  const Level* level_;
  MovePolicy policy_;
  std::vector<Cell> goals_;
  std::vector<ExactCost> cost_;
  std::vector<CellState> state_;
  std::vector<std::uint32_t> order_;  // cells settled, in order
  struct Entry {
    ExactCost cost;
    std::uint32_t index;
  };
  // The heap's order: x comes out after y (dearer, or as dear and later in row-major order).
  static bool after(const Entry& x, const Entry& y);
  std::vector<Entry> heap_;  // a min-heap by (cost, index), stale entries skipped
  bool done_ = false;
};

// A flow field over `rules` towards `goals`, its goals seeded (nothing settled yet). Refused: no
// goal, more goals than cells, a goal outside the level, in a wall or on a blocking agent
// ("goals[1] (9, 2) is inside a wall"), or costs too large to add up exactly.
Result<FlowField> make_flow_field(const Level& level, const MovementRules& rules,
                                  std::vector<Cell> goals);

}  // namespace astar
