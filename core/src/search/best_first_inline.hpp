// The best-first engine's small steps (detail/best_first.hpp): the heuristic, the keys, the
// open set's heap and queue operations, and one relaxation. Every file of the engine includes
// this header, and the loops inline them (ASTAR_HOT), as they did when the engine was one file:
// the step loop (best_first.cpp), the batch loops (best_first_batch.cpp) and the rewind
// (best_first_rewind.cpp) run the same operations. Private to core/src/search.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "astar/detail/best_first.hpp"
#include "base/double_bits.hpp"

namespace astar {

// The open set's and the relaxation's small steps, inlined into the loop (each is called once or
// more per relaxation; GCC leaves several as calls otherwise).
#define ASTAR_HOT [[gnu::always_inline]] inline

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNone = to_u32(kNoCell);

// The cost of a jump between two jump points on a uniform grid: its octile distance, exactly.
inline ExactCost jump_cost(Cell a, Cell b) {
  const std::int64_t ddx = std::abs(a.x - b.x), ddy = std::abs(a.y - b.y);
  const std::int64_t one = static_cast<std::int64_t>(kCostUnitsPerOne);
  return {(std::max(ddx, ddy) - std::min(ddx, ddy)) * one, std::min(ddx, ddy) * one};
}

inline bool before(const BestFirstSearch::HeapEntry& a, const BestFirstSearch::HeapEntry& b) {
  return BestFirstSearch::HeapOrder{}(a, b);
}

// A binary heap (measured faster here than 4- and 8-ary ones, whose extra child comparisons cost
// more than the levels they save). Each node's position lives in heap_pos_ (4 bytes a node), not
// in the nodes, so moving entries touches a small array.
constexpr std::size_t kArity = 2;

// [SECTION] Keys

// h of node i, exactly: the heuristic distance to the goal times h_units_ (octile distance keeps
// its sqrt 2 part apart, so it adds up with g exactly; Euclidean is rounded down to the unit).
ASTAR_HOT ExactCost BestFirstSearch::h_of(Cell c) const {
  if (h_units_ == 0) return {};
  if (height_h_) return h_with_height(c);
  const std::int64_t ddx = std::abs(c.x - goal_cell_.x), ddy = std::abs(c.y - goal_cell_.y);
  const std::int64_t lo = std::min(ddx, ddy), hi = std::max(ddx, ddy);
  switch (options_.heuristic) {
    case Heuristic::Manhattan: return {(ddx + ddy) * h_units_, 0};
    case Heuristic::Euclidean:
      return {static_cast<std::int64_t>(std::floor(static_cast<double>(h_units_) *
                                                   std::sqrt(static_cast<double>(ddx * ddx + ddy * ddy)))),
              0};
    case Heuristic::Octile: return {(hi - lo) * h_units_, lo * h_units_};
    case Heuristic::Chebyshev: return {hi * h_units_, 0};
    case Heuristic::Hex:
      if (const std::optional<HexLayout> hex = level_->hex_layout())
        return {hex_distance(*hex, c, goal_cell_) * h_units_, 0};
      break;
    case Heuristic::Zero:
    case Heuristic::_Max: break;
  }
  return {};
}

// Weighted A*'s w * h, each part rounded to the unit.
inline ExactCost BestFirstSearch::weighted(ExactCost h) const {
  return {std::llround(options_.weight * static_cast<double>(h.a)),
          std::llround(options_.weight * static_cast<double>(h.b))};
}

// The priority each algorithm orders by, exactly (breadth-first's steps excepted: key_of).
ASTAR_HOT ExactCost BestFirstSearch::f_of(std::uint32_t i, Cell c) const {
  const Node& n = nodes_[i];
  switch (order_) {
    case Priority::GPlusWeightedH: return n.g + weighted(h_of(c));
    case Priority::H: return h_of(c);
    case Priority::G: return n.g;  // Dijkstra: h = 0
    case Priority::Steps:
    case Priority::GPlusH: break;  // A*, JPS, Theta*, each side of bidirectional
  }
  return n.g + h_of(c);
}

ASTAR_HOT double BestFirstSearch::key_of(std::uint32_t i, Cell c) const {
  return order_ == Priority::Steps ? static_cast<double>(nodes_[i].rank) : f_of(i, c).key();
}

// Lower priority first. Equal priorities are ordered by the tie-break policy; larger g first
// (the default) takes the node nearer the goal, which keeps A* heading straight across plateaus.
// The insertion order settles what is left, so results never depend on the heap's layout (nor
// on its arity: the order is total, so every heap takes the same entry first).
//
// The keys are integers: f and g are the bits of their exact keys (ExactCost::key(), >= 0, whose
// bit patterns order as the numbers do), the tie-break policy folded in when the entry is made
// (make_entry): one comparison for every policy, and no branch on a floating-point compare.
ASTAR_HOT BestFirstSearch::HeapEntry BestFirstSearch::make_entry(std::uint32_t i, Cell c,
                                                      std::uint32_t seq) const {
  const std::uint64_t g = bits_of(nodes_[i].g.key());
  HeapEntry e{bits_of(key_of(i, c)), 0, seq, i};
  switch (options_.tie_break) {
    case TieBreak::LargerG: e.tie = ~g; break;
    case TieBreak::SmallerG: e.tie = g; break;
    case TieBreak::FirstIn:
    case TieBreak::LastIn:
    case TieBreak::_Max: break;
  }
  return e;
}

// The insertion number as the entry keeps it: last in first reverses it.
ASTAR_HOT std::uint32_t BestFirstSearch::seq_key(std::uint32_t seq) const {
  return options_.tie_break == TieBreak::LastIn ? ~seq : seq;
}

// [SECTION] The open set: an indexed binary heap with decrease-key, or a queue

ASTAR_HOT void BestFirstSearch::sift_up(std::size_t pos) {
  HeapEntry* heap = heap_.data();
  const HeapEntry item = heap[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / kArity;
    if (!before(item, heap[parent])) break;
    heap[pos] = heap[parent];
    heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
    pos = parent;
  }
  heap[pos] = item;
  heap_pos_[item.node] = static_cast<std::uint32_t>(pos);
}

// The smallest of the children of `pos` (which has some).
ASTAR_HOT std::size_t BestFirstSearch::least_child(std::size_t pos) const {
  const HeapEntry* heap = heap_.data();
  const std::size_t first = kArity * pos + 1, last = std::min(first + kArity, heap_.size());
  std::size_t best = first;
  for (std::size_t c = first + 1; c < last; ++c) best = before(heap[c], heap[best]) ? c : best;
  return best;
}

inline void BestFirstSearch::sift_down(std::size_t pos) {
  HeapEntry* heap = heap_.data();
  const HeapEntry item = heap[pos];
  while (kArity * pos + 1 < heap_.size()) {
    const std::size_t best = least_child(pos);
    if (!before(heap[best], item)) break;
    heap[pos] = heap[best];
    heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
    pos = best;
  }
  heap[pos] = item;
  heap_pos_[item.node] = static_cast<std::uint32_t>(pos);
}

ASTAR_HOT void BestFirstSearch::heap_push(HeapEntry e) {
  heap_.push_back(e);
  sift_up(heap_.size() - 1);
  ++metrics_.heap_ops;
}

ASTAR_HOT std::uint32_t BestFirstSearch::heap_pop() {
  const std::uint32_t top = heap_.front().node;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    // Bottom-up (Floyd): the hole at the root goes down to a leaf along the smallest children,
    // then the last entry, which belongs near the bottom, goes up from there. About half the
    // comparisons of sifting the last entry down from the root.
    HeapEntry* heap = heap_.data();
    std::size_t pos = 0;
    while (kArity * pos + 1 < heap_.size()) {
      const std::size_t best = least_child(pos);
      heap[pos] = heap[best];
      heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
      pos = best;
    }
    heap[pos] = last;
    sift_up(pos);
  }
  ++metrics_.heap_ops;
  return top;
}

ASTAR_HOT void BestFirstSearch::update_key(std::uint32_t i, Cell c) {
  HeapEntry& e = heap_[heap_pos_[i]];
  e = make_entry(i, c, e.seq);
  sift_up(heap_pos_[i]);
  sift_down(heap_pos_[i]);
}

// Breadth-first's open set (see queue_head_): a push appends, a pop takes the front. The same
// counts as the heap's, so the metrics do not depend on which one runs.
ASTAR_HOT void BestFirstSearch::queue_push(HeapEntry e) {
  heap_.push_back(e);
  ++metrics_.heap_ops;
}

ASTAR_HOT std::uint32_t BestFirstSearch::queue_pop() {
  ++metrics_.heap_ops;
  return heap_[queue_head_++].node;
}

// Makes node i open with these g and parent, without touching the open set, and returns its
// entry's insertion number (the next one).
ASTAR_HOT std::uint32_t BestFirstSearch::init_node(std::uint32_t i, ExactCost g,
                                                   std::uint32_t parent) {
  Node& n = nodes_[i];
  mark(i, NodeState::Open);
  n.g = g;
  n.parent = parent;
  const std::uint32_t seq = seq_key(next_seq_++);
  if (order_ == Priority::Steps)
    n.rank = parent == kNone ? 0 : nodes_[parent].rank + 1;  // its depth
  else
    n.rank = seq;
  return seq;
}

ASTAR_HOT void BestFirstSearch::open_node(std::uint32_t i, Cell c, ExactCost g, std::uint32_t parent) {
  const HeapEntry e = make_entry(i, c, init_node(i, g, parent));
  if (order_ == Priority::Steps)
    queue_push(e);
  else
    heap_push(e);
  ++metrics_.generated;
}

// [SECTION] Relaxation

// Who hears a relaxation's outcome. A move examined one by one (examine) tells the listener,
// when there is one, with the move itself; the fast paths (expand_uniform, expand_jump_points)
// run only without a listener and have no Move to give, so they tell no one: neither can
// reach the listener with a move that is not there. Both are inlined, so the quiet one costs
// nothing.
struct BestFirstSearch::Quiet {
  static constexpr bool kKeepsRelaxed = true;  // last_relaxed() is kept up to date
  void relaxed(Cell /*to*/, double /*old_g*/, double /*new_g*/, std::uint32_t /*old_parent*/) const {}
  void skipped(SkipReason /*why*/) const {}
};

// run_batch's loop: nobody reads last_relaxed() before the run ends (a search run_batch ends
// itself has relaxed nothing in its last step; the others end in step()).
struct BestFirstSearch::Batch : Quiet {
  static constexpr bool kKeepsRelaxed = false;
};

// Offers cell `to` (node ni), reached from the taken cell, the g `g_new` through parent `via`;
// `tell` hears the outcome.
template <class Tell>
inline void BestFirstSearch::relax_to(Cell to, std::uint32_t ni, std::uint32_t via, ExactCost g_new,
                                      const Tell& tell) {
  const NodeState state = state_of(ni);
  if (state == NodeState::Unseen) {
    if (writing_) changes_.push_back({ni, kNone, via, true, {}, g_new});
    tell.relaxed(to, kInf, g_new.value(), kNone);
    open_node(ni, to, g_new, via);
    if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
    return;
  }
  if (state == NodeState::Closed) {
    // With a consistent heuristic a closed node already has its best g; closed nodes are not
    // reopened (weighted A* keeps its bound without reopening; greedy and BFS promise nothing).
    tell.skipped(SkipReason::Closed);
    return;
  }
  // Breadth-first keeps the first parent found; the others keep the cheaper one, exactly: a sum
  // of the same costs in another order is the same cost, not a better one.
  Node& nb = nodes_[ni];
  if (order_ == Priority::Steps || compare(g_new, nb.g) >= 0) {
    tell.skipped(SkipReason::NotBetter);
    return;
  }
  if (writing_) changes_.push_back({ni, nb.parent, via, false, nb.g, g_new});
  tell.relaxed(to, nb.g.value(), g_new.value(), nb.parent);
  nb.g = g_new;
  nb.parent = via;
  update_key(ni, to);
  ++metrics_.heap_ops;
  ++metrics_.improved;
  if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
}

// The uniform-grid fast path: relaxes the taken node's successors as examining its moves one by
// one would (same cells, same costs, same order: kAllDirs), without a listener to tell about
// impossible moves. Every possible move costs its step length, exactly as the policy computes
// it (step_length(d) * 1 + 0).
template <class Tell>
ASTAR_HOT void BestFirstSearch::expand_uniform(std::uint32_t taken, Cell c) {
  const ExactCost g = nodes_[taken].g;
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    relax_to({c.x + kDirDx[d], c.y + kDirDy[d]}, taken + static_cast<std::uint32_t>(node_step_[d]),
             taken, (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b}, Tell{});
  }
}

// [SECTION] Jump points

// The direction node i was reached in, sign(i - parent) per axis: (0, 0) for the start, which
// explores every direction.
inline Cell BestFirstSearch::arrival(std::uint32_t i, Cell c) const {
  const std::uint32_t p = nodes_[i].parent;
  if (p == kNone) return {0, 0};
  const Cell pc = level_->cell(CellIndex(p));
  return {(c.x > pc.x) - (c.x < pc.x), (c.y > pc.y) - (c.y < pc.y)};
}

// The jump points leaving the taken node (cell c), for the loops without a listener. Jump points
// lie far apart in the node array: each one's node is asked for as soon as it is found, so the
// cache misses overlap the remaining jumps instead of stalling each relaxation.
inline int BestFirstSearch::prefetched_jump_points(std::uint32_t taken, Cell c,
                                            JumpGrid::Successors& found) const {
  const Cell m = arrival(taken, c);
  return jump_grid_.successors(c, m.x, m.y, goal_cell_, found, [this](Cell to) {
    __builtin_prefetch(&stamp_[to_u32(level_->index(to))], 1);
  });
}

}  // namespace astar
