// Why a cooperative planner's unit does not arrive, in words (cooperative.hpp's list).
#include <deque>
#include <set>
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

// The parked units that wall unit u in: a breadth-first search over the level's moves from its
// start, parked cells closed, collects the parks it runs into; empty when it still reaches its
// goal that way (the parks are not what stops it).
std::vector<std::size_t> parks_around(const CooperativePlanner::Run& run, std::size_t u) {
  const Level& lv = *run.level;
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(lv.cell_count()), 0);
  std::set<std::size_t> parks;
  std::deque<Cell> queue{run.unit(u).start};
  seen[to_u32(lv.index(run.unit(u).start))] = 1;
  while (!queue.empty()) {
    const Cell c = queue.front();
    queue.pop_front();
    if (c == run.unit(u).goal) return {};
    run.policy.for_each_move(c, [&](const Move& m) {
      if (!m.possible()) return;
      std::uint8_t& s = seen[to_u32(lv.index(m.to))];
      if (const auto p = run.table.parked(m.to); p && p->unit != u) {
        parks.insert(p->unit);
        return;
      }
      if (s != 0) return;
      s = 1;
      queue.push_back(m.to);
    });
  }
  return {parks.begin(), parks.end()};
}

std::string parks_text(const CooperativePlanner::Run& run, const std::vector<std::size_t>& units) {
  std::string out;
  for (std::size_t k = 0; k < units.size(); ++k) {
    if (k > 0) out += k + 1 == units.size() ? " and " : ", ";
    const Cell at = run.plans[units[k]].cells.back();
    const auto p = run.table.parked(at);
    out += unit_name(units[k]) + ", which stays on " + cell_text(at) + " from t = " +
           std::to_string(p ? p->from : 0);
  }
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
