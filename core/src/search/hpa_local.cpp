// HPA*'s searches inside an area (hpa_local.hpp).
#include "search/hpa_local.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>

namespace astar::hpa {

std::vector<Cell> LocalResult::path(Cell c) const {
  std::vector<Cell> out;
  if (!reached(c)) return out;
  for (std::int32_t i = static_cast<std::int32_t>(area->local(c)); i >= 0;
       i = parent[static_cast<std::size_t>(i)])
    out.push_back(area->cell(static_cast<std::uint32_t>(i)));
  std::reverse(out.begin(), out.end());
  return out;
}

namespace {
double octile(Cell a, Cell b) {
  const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return std::max(dx, dy) + (1.4142135623730951 - 1.0) * std::min(dx, dy);
}
}  // namespace

LocalResult local_search(const LocalArea& area, Cell source, bool forward,
                         std::optional<Cell> target, double h_scale) {
  LocalResult r;
  r.area = &area;
  const std::size_t n = static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height);
  r.g.assign(n, ExactCost{});
  r.parent.assign(n, -1);
  r.done.assign(n, 0);
  std::vector<char> seen(n, 0);
  if (!area.contains(source)) return r;
  const double scale = h_scale * kCostUnitsPerOne;
  auto key = [&](std::uint32_t i) {
    return r.g[i].key() + (target && scale > 0 ? scale * octile(area.cell(i), *target) : 0.0);
  };
  using Entry = std::tuple<double, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  const std::uint32_t s = area.local(source);
  seen[s] = 1;
  open.push({key(s), s});
  while (!open.empty()) {
    const auto [k, i] = open.top();
    open.pop();
    if (r.done[i] || k != key(i)) continue;
    r.done[i] = 1;
    ++r.expanded;
    const Cell c = area.cell(i);
    if (target && c == *target) break;
    auto relax = [&](const Move& m) {
      if (!m.possible() || !area.contains(m.to)) return;
      const std::uint32_t j = area.local(m.to);
      if (r.done[j]) return;
      const ExactCost g = r.g[i] + m.exact;
      if (seen[j] && compare(g, r.g[j]) >= 0) return;
      seen[j] = 1;
      r.g[j] = g;
      r.parent[j] = static_cast<std::int32_t>(i);
      open.push({key(j), j});
    };
    if (forward)
      area.policy->for_each_move(c, relax);
    else
      area.policy->for_each_move_into(c, relax);
  }
  return r;
}

}  // namespace astar::hpa
