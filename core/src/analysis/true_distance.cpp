// The true distance to one goal, searched as far as asked (true_distance.hpp).
#include "astar/true_distance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "astar/hex_coords.hpp"
#include "astar/level.hpp"

namespace astar {

namespace {
constexpr std::uint8_t kOpen = 1, kSettled = 2;
}

std::int64_t guide_units(const MovePolicy& policy) {
  const Level& lv = policy.level();
  const bool heights_3d = policy.rules().step_length == StepLength::Height &&
                          std::any_of(lv.heights().begin(), lv.heights().end(),
                                      [&](int h) { return h != lv.heights().front(); });
  if (heights_3d) return 0;
  return static_cast<std::int64_t>(std::floor(policy.min_cost_per_distance() * kCostUnitsPerOne));
}

TrueDistance::TrueDistance(const MovePolicy& policy, Cell goal, std::optional<DistanceGuide> guide)
    : policy_(&policy), goal_(goal), guide_(guide) {
  const Level& lv = policy.level();
  four_ = !lv.is_hex() && policy.rules().neighbours == Neighbours::Four;
  if (guide_ && guide_->units <= 0) guide_.reset();
  if (!lv.open(goal)) return;  // nothing reaches a solid goal
  const std::uint32_t g = to_u32(lv.index(goal));
  slot(g).state = kOpen;
  heap_.push_back({estimate(goal), ExactCost{}, g});
}

ExactCost TrueDistance::estimate(Cell c) const {
  if (!guide_) return {};
  const Cell t = guide_->toward;
  const std::int64_t u = guide_->units;
  if (const std::optional<HexLayout> hex = policy_->level().hex_layout())
    return {hex_distance(*hex, c, t) * u, 0};
  const std::int64_t ddx = std::abs(c.x - t.x), ddy = std::abs(c.y - t.y);
  if (four_) return {(ddx + ddy) * u, 0};
  const std::int64_t lo = std::min(ddx, ddy), hi = std::max(ddx, ddy);
  return {(hi - lo) * u, lo * u};
}

TrueDistance::Slot& TrueDistance::slot(std::uint32_t i) {
  if (!dense_.empty()) return dense_[i];
  Slot& s = sparse_[i];
  const auto cells = static_cast<std::size_t>(policy_->level().cell_count());
  if (sparse_.size() <= cells / 8) return s;
  dense_.assign(cells, Slot{});
  for (const auto& entry : sparse_) dense_[entry.first] = entry.second;
  sparse_ = {};
  return dense_[i];
}

bool TrueDistance::settle_next() {
  const Level& lv = policy_->level();
  while (!heap_.empty() && slot(heap_.front().index).state == kSettled) {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    heap_.pop_back();
  }
  if (heap_.empty()) return false;
  const std::uint32_t i = heap_.front().index;
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  heap_.pop_back();
  slot(i).state = kSettled;
  ++settled_;
  const ExactCost here = slot(i).cost;
  policy_->for_each_move_into(lv.cell(CellIndex(i)), [&](const Move& in) {
    if (!in.possible()) return;
    const std::uint32_t j = to_u32(lv.index(in.to));  // the cell the move leaves
    const ExactCost via = here + in.exact;
    Slot& to = slot(j);
    if (to.state == kSettled || (to.state == kOpen && compare(via, to.cost) >= 0)) return;
    to.state = kOpen;
    to.cost = via;
    heap_.push_back({via + estimate(in.to), via, j});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
  });
  return true;
}

std::optional<ExactCost> TrueDistance::to_goal(Cell c) {
  const Level& lv = policy_->level();
  if (!lv.in_bounds(c)) return std::nullopt;
  const std::uint32_t i = to_u32(lv.index(c));
  while (slot(i).state != kSettled)
    if (!settle_next()) return std::nullopt;
  return slot(i).cost;
}

}  // namespace astar
