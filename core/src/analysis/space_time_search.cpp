// Space-time A* for one unit against a reservation table (space_time_search.hpp).
#include "astar/space_time_search.hpp"

#include <algorithm>
#include <utility>

#include "astar/level.hpp"

namespace astar {

SpaceTimeSearch::SpaceTimeSearch(const MovePolicy& policy, const SpaceTimeGate& table,
                                 TrueDistance& h, Cell start, SpaceTimeLimits limits)
    : policy_(&policy), table_(&table), h_(&h), start_(start), limits_(limits) {
  collapse_ = limits.horizon == SpaceTimeLimits::kNone && limits.window_end == SpaceTimeLimits::kNone;
  const std::optional<ExactCost> h0 = h.to_goal(start);
  if (!h0 || table.blocked(start, limits.t0)) {  // no way to the goal, or the start is taken
    state_ = SpaceTimeState::NoPlan;
    return;
  }
  nodes_.push_back({start, limits.t0, ExactCost{}, *h0, 0, 0, 0xFFFFFFFFu, false});
  index_[(static_cast<std::uint64_t>(to_u32(policy.level().index(start))) << 32) |
         tick_key(limits.t0)] = 0;
  heap_.push_back({*h0, ExactCost{}, 0, 0, 0});
  open_ = 1;
}

std::uint32_t SpaceTimeSearch::tick_key(std::uint32_t t) const {
  return collapse_ ? std::min(t, table_->last_tick() + 1) : t;
}

bool SpaceTimeSearch::ends_at(const SpaceTimeNode& n) {
  const std::uint32_t end = limits_.window_end;
  if (n.cell == h_->goal() && table_->stays_free(n.cell, n.t, end)) {
    reached_goal_ = true;
    return true;
  }
  return end != SpaceTimeLimits::kNone && n.t >= end;
}

SpaceTimeState SpaceTimeSearch::step() {
  if (state_ != SpaceTimeState::InProgress) return state_;
  const Entry top = heap_.front();  // drop_stale keeps a live node on top while in progress
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  heap_.pop_back();
  SpaceTimeNode& n = nodes_[top.node];
  n.closed = true;
  --open_;
  ++expanded_;
  last_taken_ = top.node;
  if (ends_at(n)) {
    finish(top.node);
    return state_;
  }
  expand(top.node);
  drop_stale();
  return state_;
}

// Pops heap entries of closed nodes and of improved ones; ends the search NoPlan when no open
// node is left, so the state after a step is final.
void SpaceTimeSearch::drop_stale() {
  while (!heap_.empty()) {
    const Entry& top = heap_.front();
    const SpaceTimeNode& n = nodes_[top.node];
    if (!n.closed && n.g == top.g && n.conflicts == top.conflicts && n.moves == top.moves) return;
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    heap_.pop_back();
  }
  state_ = SpaceTimeState::NoPlan;
}

SpaceTimeState SpaceTimeSearch::run() {
  while (step() == SpaceTimeState::InProgress) {
  }
  return state_;
}

void SpaceTimeSearch::expand(std::uint32_t i) {
  const SpaceTimeNode n = nodes_[i];
  const std::uint32_t t1 = n.t + 1;
  if (t1 > limits_.window_end) return;
  if (t1 > limits_.horizon) {
    horizon_cut_ = true;
    return;
  }
  policy_->for_each_move(n.cell, [&](const Move& m) {
    if (m.possible() && !table_->blocks_move(n.cell, m.to, t1)) offer(i, m.to, m.exact, false);
  });
  // Past the table's last tick a wait leads back to the same node: it cannot help.
  const bool static_now = collapse_ && n.t > table_->last_tick();
  if (!static_now && !table_->blocks_move(n.cell, n.cell, t1)) offer(i, n.cell, limits_.wait_cost, true);
}

void SpaceTimeSearch::offer(std::uint32_t from, Cell to, ExactCost cost, bool wait) {
  const SpaceTimeNode& parent = nodes_[from];
  const std::uint32_t t1 = parent.t + 1;
  const ExactCost g = parent.g + cost;
  const std::uint32_t moves = parent.moves + (wait ? 0 : 1);
  const std::uint32_t conflicts = parent.conflicts + table_->soft_conflicts(parent.cell, to, t1);
  const std::uint64_t key =
      (static_cast<std::uint64_t>(to_u32(policy_->level().index(to))) << 32) | tick_key(t1);
  const auto [it, fresh] = index_.try_emplace(key, static_cast<std::uint32_t>(nodes_.size()));
  if (fresh) {
    const std::optional<ExactCost> h = h_->to_goal(to);
    if (!h) {  // cannot happen for a cell a move reaches from a cell that reaches the goal
      index_.erase(it);
      return;
    }
    nodes_.push_back({to, t1, g, *h, moves, conflicts, from, false});
    ++open_;
  } else {
    SpaceTimeNode& old = nodes_[it->second];
    if (old.closed) return;
    const int k = compare(g, old.g);
    if (k > 0 || (k == 0 && std::pair(conflicts, moves) >= std::pair(old.conflicts, old.moves)))
      return;  // (g, conflicts, moves): no better
    old.g = g;
    old.conflicts = conflicts;
    old.moves = moves;
    old.t = t1;
    old.parent = from;
  }
  const SpaceTimeNode& node = nodes_[it->second];
  heap_.push_back({node.f(), node.g, node.conflicts, node.moves, it->second});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
}

void SpaceTimeSearch::finish(std::uint32_t i) {
  state_ = SpaceTimeState::Found;
  cost_ = nodes_[i].g;
  conflicts_ = nodes_[i].conflicts;
  plan_.clear();
  for (std::uint32_t k = i; k != 0xFFFFFFFFu; k = nodes_[k].parent) plan_.push_back(nodes_[k].cell);
  std::reverse(plan_.begin(), plan_.end());
}

}  // namespace astar
