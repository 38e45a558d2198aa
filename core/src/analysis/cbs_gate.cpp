// One unit's constraints and conflict avoidance table in Conflict-Based Search (cbs_gate.hpp).
#include "analysis/cbs_gate.hpp"

#include <algorithm>

namespace astar {

CbsGate::CbsGate(int width, std::size_t unit, const std::vector<CbsConstraint>& constraints,
                 const std::vector<UnitPlan>& plans, bool avoid)
    : width_(width) {
  for (const CbsConstraint& c : constraints) {
    if (c.unit != unit) continue;
    if (c.kind == CbsConstraint::Kind::Vertex) {
      vertex_.insert(key(index(c.cell), c.tick));
      std::uint32_t& last = last_on_[index(c.cell)];
      last = std::max(last, c.tick);
    } else {
      edge_.insert(Move{index(c.from), index(c.cell), c.tick});
    }
    last_tick_ = std::max(last_tick_, c.tick);
  }
  avoid_ = avoid && plans.size() > 1;
  if (!avoid_) return;
  std::size_t ticks = 0;
  for (const UnitPlan& p : plans) ticks += p.cells.size();
  others_at_.reserve(ticks);
  for (std::size_t i = 0; i < plans.size(); ++i)
    if (i != unit) add_plan(plans[i]);
}

void CbsGate::add_plan(const UnitPlan& p) {
  const std::size_t end = p.cells.size() - 1;  // from here the unit stays for good
  for (std::size_t t = 0; t <= end; ++t) {
    const std::uint32_t from = index(p.cells[t == 0 ? 0 : t - 1]);
    if (t == end && t > 0 && from == index(p.cells[t])) break;  // it only waits into its stay
    Others& o = others_at_[key(index(p.cells[t]), static_cast<std::uint32_t>(t))];
    o.count += t < end ? 1 : 0;  // at `end` it stays: counted below
    o.from = from;
  }
  const std::uint32_t te = static_cast<std::uint32_t>(end);
  others_stay_[index(p.cells[end])].push_back(te);
  last_tick_ = std::max(last_tick_, te);
}

bool CbsGate::blocked(Cell c, std::uint32_t t) const {
  return !vertex_.empty() && vertex_.count(key(index(c), t)) != 0;
}

bool CbsGate::blocks_move(Cell from, Cell to, std::uint32_t t) const {
  if (blocked(to, t)) return true;
  return !edge_.empty() && !(from == to) && edge_.count(Move{index(from), index(to), t}) != 0;
}

bool CbsGate::stays_free(Cell c, std::uint32_t t, std::uint32_t until) const {
  const auto it = last_on_.find(index(c));
  if (it == last_on_.end() || it->second <= t) return true;
  const std::uint32_t end = std::min(it->second, until);
  for (std::uint32_t k = t + 1; k <= end; ++k)
    if (vertex_.count(key(index(c), k)) != 0) return false;
  return true;
}

std::uint32_t CbsGate::soft_conflicts(Cell from, Cell to, std::uint32_t t) const {
  if (!avoid_) return 0;
  std::uint32_t n = 0;
  const std::uint32_t i = index(to);
  if (const auto it = others_at_.find(key(i, t)); it != others_at_.end()) n += it->second.count;
  if (const auto it = others_stay_.find(i); it != others_stay_.end())
    for (std::uint32_t from_tick : it->second) n += from_tick <= t ? 1 : 0;
  if (!(from == to))  // a swap: one of the others is on `from` at t, having come from `to`
    if (const auto it = others_at_.find(key(index(from), t)); it != others_at_.end() && it->second.from == i)
      ++n;
  return n;
}

}  // namespace astar
