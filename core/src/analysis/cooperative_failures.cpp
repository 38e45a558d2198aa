// Why a cooperative planner's unit does not arrive, in words (cooperative.hpp's list).
#include <algorithm>
#include <deque>
#include <string>

#include "analysis/cooperative_run.hpp"
#include "astar/format.hpp"

namespace astar {

namespace {

std::string unit_name(std::size_t u) { return "unit " + std::to_string(u); }

// "1", "1 and 4", "1, 4 and 6"
std::string number_list(const std::vector<std::size_t>& units) {
  std::string out;
  for (std::size_t k = 0; k < units.size(); ++k) {
    if (k > 0) out += k + 1 == units.size() ? " and " : ", ";
    out += std::to_string(units[k]);
  }
  return out;
}

// A way from unit u's start to its goal over the level's moves (breadth-first), parked cells
// closed unless `through_parks`; empty when there is none.
std::vector<Cell> bfs_way(const CooperativePlanner::Run& run, std::size_t u, bool through_parks) {
  const Level& lv = *run.level;
  std::vector<std::uint32_t> from(static_cast<std::size_t>(lv.cell_count()), 0xFFFFFFFFu);
  const Cell start = run.unit(u).start, goal = run.unit(u).goal;
  std::deque<Cell> queue{start};
  from[to_u32(lv.index(start))] = to_u32(lv.index(start));
  while (!queue.empty()) {
    const Cell c = queue.front();
    queue.pop_front();
    if (c == goal) {
      std::vector<Cell> way{goal};
      for (std::uint32_t i = to_u32(lv.index(goal)); i != to_u32(lv.index(start)); i = from[i])
        way.push_back(lv.cell(CellIndex(from[i])));
      return way;
    }
    run.policy.for_each_move(c, [&](const Move& m) {
      std::uint32_t& f = from[to_u32(lv.index(m.to))];
      if (!m.possible() || f != 0xFFFFFFFFu) return;
      if (const auto p = run.table.parked(m.to); p && p->unit != u && !through_parks) return;
      f = to_u32(lv.index(c));
      queue.push_back(m.to);
    });
  }
  return {};
}

// The parked units in unit u's way: none when it reaches its goal round every park; else those
// parked on a shortest way that goes through them.
std::vector<std::size_t> parks_around(const CooperativePlanner::Run& run, std::size_t u) {
  if (!bfs_way(run, u, false).empty()) return {};
  std::vector<std::size_t> out;
  for (Cell c : bfs_way(run, u, true))
    if (const auto p = run.table.parked(c); p && p->unit != u &&
        std::find(out.begin(), out.end(), p->unit) == out.end())
      out.push_back(p->unit);
  return out;
}

// "unit 0, which stays on (3, 1) from t = 1" for up to three units, then "and 4 more".
std::string parks_text(const CooperativePlanner::Run& run, const std::vector<std::size_t>& units) {
  std::string out;
  const std::size_t shown = units.size() > 3 ? 3 : units.size();
  for (std::size_t k = 0; k < shown; ++k) {
    if (k > 0) out += k + 1 == units.size() ? " and " : ", ";
    const Cell at = run.plans[units[k]].cells.back();
    const auto p = run.table.parked(at);
    out += unit_name(units[k]) + ", which stays on " + cell_text(at) + " from t = " +
           std::to_string(p ? p->from : 0);
  }
  if (shown < units.size()) out += " and " + std::to_string(units.size() - shown) + " more";
  return out;
}

}  // namespace

UnitFailure no_way_failure(const CooperativePlanner::Run& run, std::size_t u) {
  return {u, UnitFailureKind::NoWay, run.t0, {},
          unit_name(u) + " cannot reach its goal " + cell_text(run.unit(u).goal) +
              " at all: no way on the level"};
}

UnitFailure explain_no_plan(const CooperativePlanner::Run& run, std::size_t u,
                            const SpaceTimeSearch& search) {
  if (search.horizon_cut())
    return {u, UnitFailureKind::Horizon, *run.opt.horizon, {},
            unit_name(u) + " is not on its goal " + cell_text(run.unit(u).goal) +
                " by the horizon t = " + std::to_string(*run.opt.horizon)};
  if (std::vector<std::size_t> parks = parks_around(run, u); !parks.empty())
    return {u, UnitFailureKind::Blocked, 0, parks,
            unit_name(u) + " is blocked by " + parks_text(run, parks)};
  return {u, UnitFailureKind::NoRoom, 0, {},
          unit_name(u) + " finds no way through the reservations of the units planned before it"};
}

std::vector<UnitFailure> whca_stop_failures(const CooperativePlanner::Run& run,
                                            std::optional<std::uint32_t> repeat) {
  std::vector<std::size_t> away;  // not home, and not for want of any way
  for (std::size_t u = 0; u < run.positions.size(); ++u) {
    bool no_way = false;
    for (const UnitFailure& f : run.failures)
      no_way = no_way || (f.unit == u && f.kind == UnitFailureKind::NoWay);
    if (run.positions[u] != run.unit(u).goal && !no_way) away.push_back(u);
  }
  std::vector<UnitFailure> out;
  for (std::size_t u : away) {
    if (repeat) {
      std::vector<std::size_t> others;
      for (std::size_t v : away)
        if (v != u) others.push_back(v);
      out.push_back({u, UnitFailureKind::Deadlock, run.t0, away,
                     unit_name(u) + " never reaches its goal " + cell_text(run.unit(u).goal) +
                         ": at t = " + std::to_string(run.t0) + " every unit stands where it stood at t = " +
                         std::to_string(*repeat) + ", so the windows repeat for ever" +
                         (others.empty() ? std::string() : " (deadlocked with " +
                                                             std::string(others.size() == 1 ? "unit " : "units ") +
                                                             number_list(others) + ")")});
    } else {
      out.push_back({u, UnitFailureKind::Horizon, run.t0, {},
                     unit_name(u) + " is not on its goal " + cell_text(run.unit(u).goal) +
                         " by the horizon t = " + std::to_string(run.horizon)});
    }
  }
  return out;
}

}  // namespace astar
