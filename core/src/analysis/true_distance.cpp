// The true distance to one goal, searched as far as asked (true_distance.hpp).
#include "astar/true_distance.hpp"

#include <algorithm>

#include "astar/level.hpp"

namespace astar {

namespace {
constexpr std::uint8_t kOpen = 1, kSettled = 2;
}

TrueDistance::TrueDistance(const MovePolicy& policy, Cell goal) : policy_(&policy), goal_(goal) {
  const Level& lv = policy.level();
  const auto n = static_cast<std::size_t>(lv.cell_count());
  cost_.assign(n, ExactCost{});
  state_.assign(n, 0);
  if (!lv.open(goal)) return;  // nothing reaches a solid goal
  const std::uint32_t g = to_u32(lv.index(goal));
  state_[g] = kOpen;
  heap_.push_back({ExactCost{}, g});
}

bool TrueDistance::settle_next() {
  const Level& lv = policy_->level();
  while (!heap_.empty() && state_[heap_.front().index] == kSettled) {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    heap_.pop_back();
  }
  if (heap_.empty()) return false;
  const std::uint32_t i = heap_.front().index;
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  heap_.pop_back();
  state_[i] = kSettled;
  ++settled_;
  const ExactCost here = cost_[i];
  policy_->for_each_move_into(lv.cell(CellIndex(i)), [&](const Move& in) {
    if (!in.possible()) return;
    const std::uint32_t j = to_u32(lv.index(in.to));  // the cell the move leaves
    const ExactCost via = here + in.exact;
    if (state_[j] == kSettled || (state_[j] == kOpen && compare(via, cost_[j]) >= 0)) return;
    state_[j] = kOpen;
    cost_[j] = via;
    heap_.push_back({via, j});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  });
  return true;
}

std::optional<ExactCost> TrueDistance::to_goal(Cell c) {
  const Level& lv = policy_->level();
  if (!lv.in_bounds(c)) return std::nullopt;
  const std::uint32_t i = to_u32(lv.index(c));
  while (state_[i] != kSettled)
    if (!settle_next()) return std::nullopt;
  return cost_[i];
}

}  // namespace astar
