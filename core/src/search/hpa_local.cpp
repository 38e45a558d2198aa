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
       i = s->parent[static_cast<std::size_t>(i)])
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

LocalGraph local_graph(const LocalArea& area) {
  LocalGraph g;
  g.area = &area;
  const std::size_t n = static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height);
  g.first_out.assign(n + 1, 0);
  g.first_in.assign(n + 1, 0);
  const Level& lv = area.policy->level();
  for (std::uint32_t i = 0; i < n; ++i) {
    g.first_out[i] = static_cast<std::uint32_t>(g.out.size());
    g.first_in[i] = static_cast<std::uint32_t>(g.in.size());
    const Cell c = area.cell(i);
    if (!area.contains(c) || lv.solid(c)) continue;
    auto add = [&](std::vector<LocalGraph::Arc>& to) {
      return [&](const Move& m) {
        if (m.possible() && area.contains(m.to)) to.push_back({area.local(m.to), m.exact});
      };
    };
    area.policy->for_each_move(c, add(g.out));
    area.policy->for_each_move_into(c, add(g.in));
  }
  g.first_out[n] = static_cast<std::uint32_t>(g.out.size());
  g.first_in[n] = static_cast<std::uint32_t>(g.in.size());
  return g;
}

std::vector<char> local_reach(const LocalGraph& graph, Cell source, bool forward,
                              std::int64_t& expanded) {
  const LocalArea& area = *graph.area;
  std::vector<char> seen(static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height), 0);
  if (!area.contains(source)) return seen;
  const std::vector<std::uint32_t>& first = forward ? graph.first_out : graph.first_in;
  const std::vector<LocalGraph::Arc>& arcs = forward ? graph.out : graph.in;
  std::vector<std::uint32_t> stack{area.local(source)};
  seen[stack.back()] = 1;
  while (!stack.empty()) {
    const std::uint32_t i = stack.back();
    stack.pop_back();
    ++expanded;
    for (std::uint32_t a = first[i]; a < first[i + 1]; ++a)
      if (!seen[arcs[a].to]) {
        seen[arcs[a].to] = 1;
        stack.push_back(arcs[a].to);
      }
  }
  return seen;
}

void LocalScratch::begin(std::size_t cells) {
  if (stamp.size() < cells) {
    g.resize(cells);
    parent.resize(cells);
    stamp.resize(cells, 0);
  }
  reached += 2;
  if (reached == 0) {  // wrapped: no stamp may look like this search's
    std::fill(stamp.begin(), stamp.end(), 0);
    reached = 2;
  }
}

namespace {
// The search both overloads run: `for_each(i, c, fn)` calls fn(local index, cost) for each move
// out of (forward) or into (backward) local cell i at c.
template <class ForEach>
LocalResult run_local(const LocalArea& area, Cell source, std::optional<Cell> target,
                      double h_scale, LocalScratch* scratch, ForEach&& for_each) {
  LocalResult r;
  r.area = &area;
  if (!scratch) {
    r.own = std::make_shared<LocalScratch>();
    scratch = r.own.get();
  }
  r.s = scratch;
  LocalScratch& w = *scratch;
  w.begin(static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height));
  const std::uint32_t seen = w.reached, done = seen + 1;
  if (!area.contains(source)) return r;
  const double scale = h_scale * kCostUnitsPerOne;
  auto key = [&](std::uint32_t i) {
    return w.g[i].key() + (target && scale > 0 ? scale * octile(area.cell(i), *target) : 0.0);
  };
  using Entry = std::tuple<double, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  const std::uint32_t s = area.local(source);
  w.stamp[s] = seen;
  w.g[s] = ExactCost{};
  w.parent[s] = -1;
  open.push({key(s), s});
  const std::uint32_t t = target ? area.local(*target) : 0xFFFFFFFFu;
  while (!open.empty()) {
    const auto top = open.top();  // not a structured binding: clang 14 cannot capture one
    const std::uint32_t i = std::get<1>(top);
    open.pop();
    if (w.stamp[i] == done || std::get<0>(top) != key(i)) continue;
    w.stamp[i] = done;
    ++r.expanded;
    if (i == t) break;
    for_each(i, area.cell(i), [&](std::uint32_t j, ExactCost cost) {
      if (w.stamp[j] == done) return;
      const ExactCost g = w.g[i] + cost;
      if (w.stamp[j] == seen && compare(g, w.g[j]) >= 0) return;
      w.stamp[j] = seen;
      w.g[j] = g;
      w.parent[j] = static_cast<std::int32_t>(i);
      open.push({key(j), j});
    });
  }
  return r;
}
}  // namespace

// Asks the policy for the moves of the cells it takes only: one search over a large area, or a
// refinement that takes a few cells of its cluster.
LocalResult local_search(const LocalArea& area, Cell source, bool forward,
                         std::optional<Cell> target, double h_scale, LocalScratch* scratch) {
  return run_local(area, source, target, h_scale, scratch, [&](std::uint32_t, Cell c, auto&& fn) {
    auto relax = [&](const Move& m) {
      if (m.possible() && area.contains(m.to)) fn(area.local(m.to), m.exact);
    };
    if (forward) area.policy->for_each_move(c, relax);
    else area.policy->for_each_move_into(c, relax);
  });
}

LocalResult local_search(const LocalGraph& graph, Cell source, bool forward,
                         std::optional<Cell> target, double h_scale, LocalScratch* scratch) {
  const std::vector<std::uint32_t>& first = forward ? graph.first_out : graph.first_in;
  const std::vector<LocalGraph::Arc>& arcs = forward ? graph.out : graph.in;
  return run_local(*graph.area, source, target, h_scale, scratch, [&](std::uint32_t i, Cell, auto&& fn) {
    for (std::uint32_t a = first[i]; a < first[i + 1]; ++a) fn(arcs[a].to, arcs[a].cost);
  });
}

}  // namespace astar::hpa
