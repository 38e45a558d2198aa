// Plans of many units in time: conflicts and costs (unit_plans.hpp).
#include "astar/unit_plans.hpp"

#include <algorithm>
#include <cstdint>

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

// Where the units are at one tick: (cell, unit) sorted, so the units on one cell are a run, in
// the order of their numbers.
struct Placed {
  std::uint64_t cell;
  std::size_t unit;
  bool operator<(const Placed& o) const { return cell != o.cell ? cell < o.cell : unit < o.unit; }
};

void place(const std::vector<UnitPlan>& plans, std::size_t t, std::vector<Placed>& out) {
  out.clear();
  for (std::size_t i = 0; i < plans.size(); ++i) out.push_back({key(plans[i].at(t)), i});
  std::sort(out.begin(), out.end());
}

void sort_by_units(std::vector<Conflict>& out, std::size_t first) {
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const Conflict& p, const Conflict& q) { return p.a != q.a ? p.a < q.a : p.b < q.b; });
}

// The vertex conflicts at tick t: every pair of units in one cell (`now`: place() at t).
void vertex_conflicts(const std::vector<UnitPlan>& plans, std::size_t t,
                      const std::vector<Placed>& now, std::vector<Conflict>& out) {
  const std::size_t first = out.size();
  for (std::size_t x = 0; x < now.size(); ++x)
    for (std::size_t y = x + 1; y < now.size() && now[y].cell == now[x].cell; ++y) {
      const Cell c = plans[now[x].unit].at(t);
      out.push_back({Conflict::Kind::Vertex, now[x].unit, now[y].unit, c, c, t});
    }
  sort_by_units(out, first);
}

// The edge conflicts ending at tick t >= 1: a unit moved from u to v while another moved from v
// to u (`before`: place() at t - 1).
void edge_conflicts(const std::vector<UnitPlan>& plans, std::size_t t,
                    const std::vector<Placed>& before, std::vector<Conflict>& out) {
  const std::size_t first = out.size();
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const Cell u = plans[i].at(t - 1), v = plans[i].at(t);
    if (u == v) continue;
    // The units that were on v at t - 1 and are on u at t.
    auto it = std::lower_bound(before.begin(), before.end(), Placed{key(v), 0});
    for (; it != before.end() && it->cell == key(v); ++it)
      if (it->unit > i && plans[it->unit].at(t) == u) out.push_back({Conflict::Kind::Edge, i, it->unit, v, u, t});
  }
  sort_by_units(out, first);
}

}  // namespace

std::vector<Conflict> find_conflicts(const std::vector<UnitPlan>& plans) {
  std::vector<Conflict> out;
  if (plans.empty()) return out;
  std::vector<Placed> before, now;
  const std::size_t end = last_tick(plans);
  for (std::size_t t = 0; t <= end; ++t) {
    place(plans, t, now);
    vertex_conflicts(plans, t, now, out);
    if (t > 0) edge_conflicts(plans, t, before, out);
    std::swap(before, now);
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
