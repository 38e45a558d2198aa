// The best-first engine's read-only views (detail/best_first.hpp): nodes, the taken node's
// moves, paths, and check_invariants for the tests.
#include "astar/detail/best_first.hpp"

#include <algorithm>
#include <string>

#include "astar/format.hpp"
#include "search/best_first_inline.hpp"

namespace astar {

// [SECTION] The taken node's moves and the invariants

std::span<const Move> BestFirstSearch::taken_moves() const {
  if (moves_stale_) {
    moves_stale_ = false;
    move_count_ = 0;
    if (last_taken_ != to_u32(goal_)) collect_moves(last_taken_);
    examined_ = move_count_;
  }
  return {moves_.data(), move_count_};
}

std::size_t BestFirstSearch::examined() const {
  taken_moves();
  return examined_;
}

std::string BestFirstSearch::check_invariants() const {
  if (order_ == Priority::Steps) {
    // The queue: every node generated, in insertion order, the taken ones before the head, each
    // entry with its node's keys and none ordered before the one ahead of it (so a heap of
    // them would take them in this order).
    if (queue_head_ > heap_.size()) return "the queue's head is past its end";
    if (next_seq_ != heap_.size())
      return std::to_string(heap_.size()) + " in the queue but " + std::to_string(next_seq_) +
             " generated";
    for (std::size_t pos = 0; pos < heap_.size(); ++pos) {
      const HeapEntry& e = heap_[pos];
      const std::string at = "queue[" + std::to_string(pos) + "]";
      if (e.node >= nodes_.size()) return at + ": node out of range";
      if (e.seq != pos) return at + ": insertion number " + std::to_string(e.seq);
      const NodeState want = pos < queue_head_ ? NodeState::Closed : NodeState::Open;
      if (state_of(e.node) != want)
        return at + (want == NodeState::Open ? ": node not open" : ": taken node not closed");
      const HeapEntry keys = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
      if (e.f != keys.f || e.tie != keys.tie) return at + ": keys differ from the node's";
      if (pos > 0 && before(e, heap_[pos - 1])) return at + ": ordered before the entry ahead";
    }
  }
  for (std::size_t pos = 0; pos < heap_.size() && order_ != Priority::Steps; ++pos) {
    const HeapEntry& e = heap_[pos];
    const std::string at = "heap[" + std::to_string(pos) + "]";
    if (e.node >= nodes_.size()) return at + ": node out of range";
    if (state_of(e.node) != NodeState::Open) return at + ": node not open";
    if (heap_pos_[e.node] != pos)
      return at + ": node's heap position is " + std::to_string(heap_pos_[e.node]);
    const HeapEntry want = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (e.f != want.f || e.tie != want.tie) return at + ": keys differ from the node's";
    if (e.seq != nodes_[e.node].rank) return at + ": insertion number differs from the node's";
    if (pos > 0 && before(e, heap_[(pos - 1) / kArity])) return at + ": ordered before its parent";
  }
  if (batched_) {
    if (std::string parked = check_parked(); !parked.empty()) return parked;
  }
  std::size_t open = 0, closed = 0;
  for (std::uint32_t i = 0; i < nodes_.size(); ++i) {
    if (!valid(i)) continue;
    open += state_of(i) == NodeState::Open;
    closed += state_of(i) == NodeState::Closed;
    const std::uint32_t p = nodes_[i].parent;
    if (p != kNone && state_of(p) != NodeState::Closed)
      return "node " + cell_text(level_->cell(CellIndex(i))) + ": parent is not closed";
  }
  if (open != open_size())
    return std::to_string(open) + " open nodes but " + std::to_string(open_size()) +
           " in the open set";
  if (static_cast<std::int64_t>(closed) != closed_)
    return std::to_string(closed) + " closed nodes but closed_count() is " + std::to_string(closed_);
  return {};
}

// A parked open set (run_batch): every open node has one entry with its keys and insertion
// number in the radix heap (the others are entries an improvement or a take left behind), and
// the top is open.
std::string BestFirstSearch::check_parked() const {
  std::vector<std::uint8_t> current(nodes_.size(), 0);
  std::string wrong;
  radix_.for_each([&](const HeapEntry& e) {
    if (e.node >= nodes_.size()) wrong = "parked open set: node out of range";
    if (!wrong.empty() || state_of(e.node) != NodeState::Open) return;
    const HeapEntry want = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (e.f != want.f || e.tie != want.tie || e.seq != nodes_[e.node].rank) return;
    if (current[e.node]++)
      wrong = "parked open set: two entries for " + cell_text(level_->cell(CellIndex(e.node)));
  });
  if (!wrong.empty()) return wrong;
  if (!radix_.empty() && state_of(radix_.top().node) != NodeState::Open)
    return "parked open set: the top's node is not open";
  for (std::uint32_t i = 0; i < nodes_.size(); ++i)
    if (state_of(i) == NodeState::Open && !current[i])
      return "open node " + cell_text(level_->cell(CellIndex(i))) + " not in the parked open set";
  return {};
}

// [SECTION] Read-only views

NodeView BestFirstSearch::node(Cell c) const {
  NodeView v;
  if (!level_->in_bounds(c)) return v;
  const std::uint32_t i = to_u32(level_->index(c));
  if (!valid(i)) return v;
  const Node& n = nodes_[i];
  v.state = state_of(i);
  v.g = n.g.value();
  v.h = h_of(c).value();
  v.f = shown(key_of(i));
  if (n.parent != kNone) v.parent = level_->cell(CellIndex(n.parent));
  return v;
}

// The exact g of the open node that comes next (zero when the open set is empty).
ExactCost BestFirstSearch::top_g() const {
  if (open_size() == 0) return {};
  return nodes_[batched_ ? radix_.top().node : heap_[queue_head_].node].g;
}

std::optional<Cell> BestFirstSearch::next_to_take() const {
  if (state_ != SearchState::InProgress || mid_ || open_size() == 0) return std::nullopt;
  return level_->cell(CellIndex(batched_ ? radix_.top().node : heap_[queue_head_].node));
}

std::optional<Cell> BestFirstSearch::last_taken() const {
  if (last_taken_ == kNone) return std::nullopt;
  return level_->cell(CellIndex(last_taken_));
}

// The cells from this direction's start to node i, following parents. Jump point parents are
// a straight or diagonal line away: the cells between are filled in, so the path is 8-adjacent.
// Theta*'s parents are any angle away: its paths are the waypoints.
std::vector<Cell> BestFirstSearch::chain_to(std::uint32_t i) const {
  std::vector<Cell> out;
  const bool fill = options_.algorithm == Algorithm::JumpPoint;
  for (; i != kNone; i = nodes_[i].parent) {
    const Cell c = level_->cell(CellIndex(i));
    if (fill && !out.empty()) {
      // Walk back from the previous (later) cell towards c, one step at a time.
      Cell at = out.back();
      const int sx = (c.x > at.x) - (c.x < at.x), sy = (c.y > at.y) - (c.y < at.y);
      for (at = {at.x + sx, at.y + sy}; !(at == c); at = {at.x + sx, at.y + sy}) out.push_back(at);
    }
    out.push_back(c);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Cell> BestFirstSearch::path_to(Cell c) const {
  if (!level_->in_bounds(c) || !valid(to_u32(level_->index(c)))) return {};
  return chain_to(to_u32(level_->index(c)));
}

std::vector<Cell> BestFirstSearch::path() const {
  if (state_ == SearchState::Found) return chain_to(to_u32(goal_));
  if (options_.partial_path && state_ != SearchState::InProgress && best_ != kNone)
    return chain_to(best_);
  return {};
}

double BestFirstSearch::path_cost() const {
  if (state_ == SearchState::Found) return nodes_[to_u32(goal_)].g.value();
  if (options_.partial_path && state_ != SearchState::InProgress && best_ != kNone)
    return nodes_[best_].g.value();
  return kInf;
}

}  // namespace astar
