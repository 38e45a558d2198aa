// Internal to the exercise layer: the textbook best-first search an exercise checks a student
// against, one decision at a time. It orders its open set as our engine does (best_first.hpp:
// the priority exactly, then larger g, then the node generated first; breadth-first: fewest
// steps, then first generated), but it lets the caller take any node the order allows (a tie
// the stated tie-break does not decide), so a student's choice among ties is followed. Taking
// engine_choice() every time reproduces the engine's run exactly (test_exercise checks that).
//
//   ModelSearch m(level, ModelOrder::AStar);
//   while (!m.finished()) m.expand(*m.engine_choice());
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"

namespace astar::exercise_detail {

enum class ModelOrder : std::uint8_t { AStar, Dijkstra, Greedy, Bfs };
// "astar", "dijkstra", "greedy", "bfs" (the spec's names) to the order; AStar for any other.
ModelOrder model_order(const std::string& algorithm);
std::string_view algorithm_title(ModelOrder o);  // "A*", "Dijkstra", "greedy best-first", "BFS"

// The exact h of a cell: octile (8 neighbours) or Manhattan (4) steps to the goal, each step
// costing 1 (exercise levels have cost-1 cells, so the engine's scale is 1).
ExactCost exact_h(const Level& level, Cell c);
// 16 hex digits of FNV-1a over `text` (continuing from `h`): the exercises' digests and checks.
std::uint64_t fnv1a(std::string_view text, std::uint64_t h = 0xcbf29ce484222325ull);
std::string hex16(std::uint64_t v);
// g, h and f as a student reads and types them: the exact value as a double.
inline double shown(ExactCost c) { return c.value(); }
// "4", "2.83", "1.5": two decimals at most, trailing zeros dropped.
std::string number_words(double v);

struct ModelNode {
  ExactCost g{}, h{};
  int depth = 0;            // steps from the start along parents (BFS's priority)
  std::uint32_t seq = 0;    // generation order
  bool seen = false, closed = false;
  std::optional<Cell> parent;
};

class ModelSearch {
 public:
  ModelSearch(const Level& level, ModelOrder order);

  const Level& level() const { return *level_; }
  ModelOrder order() const { return order_; }
  const ModelNode& node(Cell c) const { return nodes_[index(c)]; }
  bool open(Cell c) const { return node(c).seen && !node(c).closed; }
  // The priority the order takes nodes by (f = g + h, g, h; BFS: none, see depth).
  ExactCost priority(Cell c) const;
  // -1 / 0 / 1: a is taken before / ties with / after b, by priority then larger g (BFS: depth).
  int before(Cell a, Cell b) const;

  // Open nodes the order allows now (every open node tied with the best), row-major.
  std::vector<Cell> allowed() const;
  // Of those, the one the engine takes (the first generated). None when the open set is empty.
  std::optional<Cell> engine_choice() const;
  bool finished() const { return goal_taken_ || allowed().empty(); }
  bool goal_taken() const { return goal_taken_; }

  // The possible moves out of c in the order the engine examines them.
  std::vector<Move> moves(Cell c) const;
  // What relaxing a move would do.
  enum class Effect : std::uint8_t { Improves, NoChange, Closed };
  Effect effect(Cell from, const Move& m) const;

  void take(Cell c);
  void relax(Cell from, const Move& m);  // applies effect(): a new g and parent when Improves
  // One whole iteration: take c, then (unless it is the goal) relax each of its moves.
  void expand(Cell c);
  const std::vector<Cell>& taken() const { return taken_; }
  // Goal back to start along the parents (empty when the goal has no parent chain).
  std::vector<Cell> path_back() const;

 private:
  std::size_t index(Cell c) const { return static_cast<std::size_t>(c.y) * level_->width() + c.x; }
  const Level* level_;
  MovePolicy policy_;
  ModelOrder order_;
  std::vector<ModelNode> nodes_;
  std::vector<Cell> taken_;
  std::uint32_t next_seq_ = 0;
  bool goal_taken_ = false;
};

}  // namespace astar::exercise_detail
