// Plans of many units in time: conflicts and costs (unit_plans.hpp).
#include "astar/unit_plans.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "astar/format.hpp"

namespace astar {

namespace {

std::uint64_t key(Cell c) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.x)) << 32) |
         static_cast<std::uint32_t>(c.y);
}

std::size_t last_tick(const std::vector<UnitPlan>& plans) {
  std::size_t t = 0;
  for (const UnitPlan& p : plans) t = std::max(t, p.cells.size() - 1);
  return t;
}

// The vertex conflicts at tick t: every pair of units in one cell. `where` maps a cell to the
// units there (reused between ticks).
void vertex_conflicts(const std::vector<UnitPlan>& plans, std::size_t t,
                      std::unordered_map<std::uint64_t, std::vector<std::size_t>>& where,
                      std::vector<Conflict>& out) {
  where.clear();
  for (std::size_t i = 0; i < plans.size(); ++i) where[key(plans[i].at(t))].push_back(i);
  const std::size_t first = out.size();
  for (const auto& entry : where) {
    const std::vector<std::size_t>& units = entry.second;
    for (std::size_t x = 0; x < units.size(); ++x)
      for (std::size_t y = x + 1; y < units.size(); ++y) {
        const Cell c = plans[units[x]].at(t);
        out.push_back({Conflict::Kind::Vertex, units[x], units[y], c, c, t});
      }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Conflict& p, const Conflict& q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
}

// The edge conflicts ending at tick t >= 1: a unit moved from u to v while another moved from v
// to u. `from` maps each moved unit's (u, v) to it.
void edge_conflicts(const std::vector<UnitPlan>& plans, std::size_t t, std::vector<Conflict>& out) {
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> arriving;  // v -> units moving in
  for (std::size_t i = 0; i < plans.size(); ++i)
    if (!(plans[i].at(t - 1) == plans[i].at(t))) arriving[key(plans[i].at(t))].push_back(i);
  const std::size_t first = out.size();
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const Cell u = plans[i].at(t - 1), v = plans[i].at(t);
    if (u == v) continue;
    const auto it = arriving.find(key(u));  // units moving into the cell i leaves
    if (it == arriving.end()) continue;
    for (std::size_t j : it->second)
      if (j > i && plans[j].at(t - 1) == v) out.push_back({Conflict::Kind::Edge, i, j, v, u, t});
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Conflict& p, const Conflict& q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
}

}  // namespace

std::vector<Conflict> find_conflicts(const std::vector<UnitPlan>& plans) {
  std::vector<Conflict> out;
  if (plans.empty()) return out;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> where;
  const std::size_t end = last_tick(plans);
  for (std::size_t t = 0; t <= end; ++t) {
    vertex_conflicts(plans, t, where, out);
    if (t > 0) edge_conflicts(plans, t, out);
  }
  return out;
}

std::string conflict_text(const Conflict& c) {
  const std::string units = "units " + std::to_string(c.a) + " and " + std::to_string(c.b);
  if (c.kind == Conflict::Kind::Vertex)
    return units + " both at " + cell_text(c.cell) + " at t = " + std::to_string(c.tick);
  return units + " swap " + cell_text(c.other) + " and " + cell_text(c.cell) +
         " between t = " + std::to_string(c.tick - 1) + " and t = " + std::to_string(c.tick);
}

PlanStats plan_stats(const std::vector<UnitPlan>& plans, const std::vector<Cell>& goals) {
  PlanStats s;
  s.costs.resize(plans.size());
  for (std::size_t i = 0; i < plans.size() && i < goals.size(); ++i) {
    const std::vector<Cell>& cells = plans[i].cells;
    if (cells.empty() || !(cells.back() == goals[i])) continue;
    // The tick of the last arrival: after the last entry that is not the goal.
    std::size_t t = cells.size() - 1;
    while (t > 0 && cells[t - 1] == goals[i]) --t;
    s.costs[i] = t;
    s.sum_of_costs += t;
    s.makespan = std::max(s.makespan, t);
    ++s.arrived;
  }
  return s;
}

}  // namespace astar
