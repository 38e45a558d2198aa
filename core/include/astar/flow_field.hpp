// Flow fields (issue 32, item 2): one field for a whole army. One Dijkstra from the goal, or from
// several goals at once, over the moves ENTERING each cell gives every cell's cheapest cost to
// reach a goal, the integration field, and from it the flow: from each cell, the one move a unit
// standing there takes. Every unit follows the same field; none plans a path of its own.
//
//   Result<FlowField> r = FlowField::make(level, rules, {{3, 4}, {9, 1}});  // or make(level)
//   if (!r) report(r.error());      // "goal (9, 2) is outside the level (0, 0)-(7, 7)", ...
//   FlowField& f = r.value();
//   while (f.step()) { /* draw: f.state(c), f.integration(c), f.settle_order().back() */ }
//   if (std::optional<Move> m = f.flow(c)) arrow(c, m->to);   // none on goals and cut-off cells
//   std::vector<Cell> way = f.follow(c);                      // c ... a goal, along the flow
//
// It is STEPPED like a search: one step() settles one cell, so the studio can step and draw the
// field as it grows. FlowFieldSearch (flow_field_search.hpp) is the same field behind the Search
// interface, stepped move by move and rewound: it drives this class's take() and relax_into(),
// the two halves of step(), so both settle the same cells with the same costs and flows. At the start every goal is open at cost 0. A step takes the open cell of
// least integration cost, EQUAL COSTS BY ROW, THEN COLUMN (the smaller y first, then the smaller
// x: the cells' row-major order), settles it, fixes its flow, and relaxes the moves entering it
// (MovePolicy::for_each_move_into). run() steps to the end; the k-th step settles
// settle_order()[k - 1], and the costs along settle_order() never go down.
//
// Costs are exact (exact_cost.hpp: a + b sqrt 2 in micro-units): every comparison and every tie,
// in the open set and in the flow, is decided by compare(), never by doubles. Levels whose sums
// could leave that range are refused.
//
// The flow of a cell c is fixed when c is settled. Among the possible moves out of c
// (MovePolicy::for_each_move) into cells settled before c, it is the move m with the least
// m.exact + integration(m.to); this least sum is integration(c) itself. TIES: a one-cell straight
// move (E, S, W, N on squares; every hex step) before a one-cell diagonal (SE, SW, NW, NE) before
// a jump across; within one kind, the first in kAllDirs' order (E, SE, S, SW, W, NW, N, NE,
// clockwise from east), and of two jumps across in one direction the shorter. With every move
// costing more than 0 (every level a file can hold: costs and weights are > 0) no cell settled
// after c can tie, so the flow is the least over all of c's moves. Because a flow always leads to
// a cell settled earlier, following it never loops and ends on a goal.
//
// Works on every topology and rule (square cells with 4 or 8 neighbours and every diagonal rule,
// hexes; costs, heights, edge overrides, jumps, agents, shapes, action ranks): the moves are
// MovePolicy's. The level must outlive the field and not change while it is used; after an edit,
// make a new field. A flow field does NOT keep units apart: units following one field still walk
// into the same cells and through each other (docs/algorithms.md, "Flow fields").
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/result.hpp"

namespace astar {

// Where a cell stands in the field's Dijkstra: never reached, reached with a tentative cost
// (in the open set), or settled with its final cost and its flow.
enum class FlowCellState : std::uint8_t { Unseen, Open, Settled };

class FlowField {
 public:
  // A field towards `goals` (several goals: each cell flows to its cheapest) under `rules`.
  // A goal listed twice counts once. Refused with a message: no goals; a goal outside the level,
  // in a wall or on a blocking agent ("goal (9, 2) is outside the level (0, 0)-(7, 7)"; with
  // several goals "goals[1] (3, 4) is inside a wall"); a goal inside a collision shape; an agent
  // radius that is not acceptable; shapes on a hex level; and levels whose costs are too large
  // to add up exactly.
  static Result<FlowField> make(const Level& level, const MovementRules& rules,
                                std::vector<Cell> goals);
  // Towards the level's goal, under the level's own rules.
  static Result<FlowField> make(const Level& level);

  // Settles one cell (see above); false, settling nothing, once done().
  bool step();
  // Steps to the end.
  void run();
  // Back to the start: nothing settled, every goal open at cost 0.
  void restart();
  // True when the open set is empty: every cell that can reach a goal is settled.
  bool done() const { return open_count_ == 0; }
  // The cell the next step settles; none once done().
  std::optional<Cell> next() const;

  std::int64_t settled_count() const { return settled_; }
  std::int64_t open_count() const { return open_count_; }
  // The cells in the order they were settled: step k (1, 2, ...) settled settle_order()[k - 1].
  // The goals come first (cost 0, by row then column).
  // After a repair it is rebuilt when first asked for: the settled cells by cost, then row, then
  // column, which is the order a new field settles them in.
  const std::vector<Cell>& settle_order() const;
  // The goals, as given, without repeats.
  const std::vector<Cell>& goals() const { return goals_; }
  const Level& level() const { return policy_.level(); }
  const MovementRules& rules() const { return policy_.rules(); }

  // Per cell (c inside the level; else Unseen, none, false):
  FlowCellState state(Cell c) const;
  // The integration cost: final when settled, the best found so far when open, none when unseen.
  std::optional<ExactCost> integration(Cell c) const;
  // integration(c)->value(), or +infinity when there is none (for heat maps).
  double integration_value(Cell c) const;
  bool is_goal(Cell c) const;
  // The move a unit on c takes (see above): for a settled cell that is not a goal; none for goals
  // and for cells not settled (yet).
  std::optional<Move> flow(Cell c) const;
  // True once done() for an open cell (not a wall, not a blocking agent) that no goal can be
  // reached from: it was never settled and has no flow.
  bool unreachable(Cell c) const;
  // The cells visited following the flow from c: c first, a goal last (just c when c is a goal);
  // empty when c is not settled. At most settled_count() cells: the flow never loops.
  std::vector<Cell> follow(Cell c) const;

  // After `edited` cells of the level changed (a wall, cost, height or agent, an edge override
  // leaving them), brings a done() field up to date instead of making a new one: the cells whose
  // way to a goal came within reach of an edit (one cell, or a jump's length, for corners, climbs
  // and jumps) are searched again from the cells around them, and ways made cheaper spread from
  // the edit; then the flows near any change are chosen again. Afterwards every view equals a new
  // field's (make) on the edited level. Refused, the field unchanged, when it is not done, when
  // the level's size changed, when a goal is no longer usable, when action ranks or the costs'
  // range changed: make a new field then. `edited` may hold cells twice or outside the level.
  // (flow_field_repair.cpp; FlowFieldSearch never repairs its field.)
  struct Repair {
    std::int64_t reset = 0;    // cells whose way came near an edit, searched again
    std::int64_t settled = 0;  // cells the repair settled (those, and cells made cheaper)
  };
  Result<Repair> repair(const std::vector<Cell>& edited);

  // For tests: empty when the open set holds every open cell at its cost, the counts agree and
  // the costs along settle_order() never go down; else what is wrong. O(cells).
  std::string check() const;

 private:
  // FlowFieldSearch steps the field move by move and rewinds it, through the parts below.
  friend class FlowFieldSearch;
  // What relax_into did with one move entering the settled cell.
  enum class Relaxed : std::uint8_t { Impossible, Settled, NotBetter, Opened, Lowered };
  // The first half of step(): settles the next cell (done() must be false), fixes its flow, and
  // returns its index. The second: one move `in` entering settled cell i, relaxed.
  std::uint32_t take();
  // What take() and a repair share: the open set's top popped and marked settled (the counts
  // kept); its index.
  std::uint32_t settle_top();
  Relaxed relax_into(std::uint32_t i, const Move& in);
  // Their inverses, for a step back: the last cell settled, open again with its cost and no
  // flow; cell j put back to state `s` with cost `cost` (its cost while open).
  void unsettle();
  void restore(std::uint32_t j, FlowCellState s, ExactCost cost);

  struct OpenEntry {
    ExactCost cost;
    std::uint32_t index;  // the cell's row-major index: equal costs by row, then column
  };
  // Greater-than for std::push_heap: the cheapest entry, then the smallest index, on top.
  struct Later {
    bool operator()(const OpenEntry& x, const OpenEntry& y) const {
      if (const int k = compare(x.cost, y.cost); k != 0) return k > 0;
      return x.index > y.index;
    }
  };

  FlowField(const Level& level, const MovementRules& rules, std::vector<Cell> goals);
  // An entry is stale when its cell is no longer open at its cost (settled, improved, or put
  // back by a step back). Every open cell has one entry that is not.
  bool stale(const OpenEntry& e) const {
    return state_[e.index] != FlowCellState::Open || !(cost_[e.index] == e.cost);
  }
  void push(std::uint32_t i);     // an entry for open cell i at its cost
  void drop_stale();              // pops stale entries off the top
  void fix_flow(std::uint32_t i);
  // flow_field_repair.cpp: the cells whose way passes a cell marked `near`, reset to unseen; and
  // the repair's Dijkstra, which may lower settled cells too.
  std::vector<std::uint8_t> reset_affected(const std::vector<std::uint8_t>& near);
  std::int64_t repair_search(std::vector<std::uint8_t>& touched);

  MovePolicy policy_;
  std::vector<Cell> goals_;
  std::vector<FlowCellState> state_;
  std::vector<ExactCost> cost_;
  std::vector<std::uint8_t> goal_;
  std::vector<Move> flow_;        // block None: the flow of a settled cell that is not a goal
  // Lazy: an improved cell is pushed again, stale entries are dropped when they reach the top
  // (and all of them when they outnumber the open cells). Its top is never stale.
  std::vector<OpenEntry> heap_;
  mutable std::vector<Cell> order_;
  mutable bool order_stale_ = false;  // a repair changed it: settle_order() sorts it again
  std::int64_t settled_ = 0;
  std::int64_t open_count_ = 0;
};

}  // namespace astar
