// Cooperative pathfinding, stepped (cooperative.hpp). Sections: the checks and the priority
// order; CA*, one unit at a time; WHCA*, window by window; the public face.
#include "astar/cooperative.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <utility>

#include "analysis/cooperative_run.hpp"
#include "astar/format.hpp"

namespace astar {

// ---- the checks and the priority order ------------------------------------------------------

std::string_view to_string(CooperativeAlgorithm a) {
  switch (a) {
    case CooperativeAlgorithm::CaStar: return "ca-star";
    case CooperativeAlgorithm::WhcaStar: return "whca-star";
  }
  return "?";
}

std::string_view to_string(UnitFailureKind k) {
  switch (k) {
    case UnitFailureKind::NoWay: return "no-way";
    case UnitFailureKind::Blocked: return "blocked";
    case UnitFailureKind::NoRoom: return "no-room";
    case UnitFailureKind::WindowStuck: return "window-stuck";
    case UnitFailureKind::Horizon: return "horizon";
    case UnitFailureKind::Deadlock: return "deadlock";
  }
  return "?";
}

std::optional<CooperativeAlgorithm> cooperative_algorithm_from(std::string_view name) {
  for (CooperativeAlgorithm a : {CooperativeAlgorithm::CaStar, CooperativeAlgorithm::WhcaStar})
    if (to_string(a) == name) return a;
  return std::nullopt;
}

std::string check_cooperative_options(const CooperativeOptions& o) {
  if (o.window < 2 || o.window > kMaxWindow)
    return "window must be 2.." + std::to_string(kMaxWindow) + ", got " + std::to_string(o.window);
  if (o.horizon && *o.horizon > kMaxHorizon)
    return "horizon must be 0.." + std::to_string(kMaxHorizon) + ", got " +
           std::to_string(*o.horizon);
  if (!std::isfinite(o.wait_cost) || o.wait_cost <= 0 || o.wait_cost > 1e6)
    return "wait cost must be a number above 0 and at most 1e6, got " + number_text(o.wait_cost);
  return {};
}

std::uint32_t default_whca_horizon(const Level& level) {
  return static_cast<std::uint32_t>(4 * (level.width() + level.height()) + 64);
}

std::vector<std::size_t> priority_order(const std::vector<Unit>& units) {
  std::vector<std::size_t> order(units.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return units[a].priority.value_or(0) > units[b].priority.value_or(0);
  });
  return order;
}

namespace {

// Empty when no two units share a goal, else the first pair, by name.
std::string check_distinct_goals(const std::vector<Unit>& units) {
  std::map<std::pair<int, int>, std::size_t> first;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const auto [it, fresh] = first.try_emplace({units[i].goal.y, units[i].goal.x}, i);
    if (!fresh)
      return "units[" + std::to_string(i) + "].goal " + cell_text(units[i].goal) + " is units[" +
             std::to_string(it->second) +
             "].goal too: a cooperative planner keeps a unit on its goal once it is there, so two "
             "units cannot share one (a flow field can)";
  }
  return {};
}

}  // namespace

CooperativePlanner::Run::Run(const Level& lv, const MovementRules& r, CooperativeOptions o)
    : level(&lv),
      rules(r),
      opt(o),
      policy(lv, r),
      table(lv.width(), lv.height()),
      order(priority_order(lv.units)),
      plans(lv.units.size()),
      dist(lv.units.size()),
      horizon(o.horizon ? *o.horizon : default_whca_horizon(lv)),
      window(lv.units.size()),
      stuck_said(lv.units.size(), 0),
      no_way(lv.units.size(), 0),
      fixed(lv.units.size(), 0),
      by_priority(order) {
  for (std::size_t i = 0; i < plans.size(); ++i) {
    plans[i].cells = {lv.units[i].start};
    positions.push_back(lv.units[i].start);
  }
  guide = guide_units(policy);
  find_no_way();
  order = window_order();
  for (std::size_t u : order)
    if (no_way[u]) failures.push_back(no_way_failure(*this, u));
}

void CooperativePlanner::Run::find_no_way() {
  // A greedy search towards the goal per unit (the open cell nearest the goal first): it only
  // asks whether the goal can be reached, and where it can, heading for it finds it soon.
  std::vector<std::uint32_t> stamp(static_cast<std::size_t>(level->cell_count()), 0);
  using Item = std::pair<int, std::uint32_t>;  // distance left, cell index
  std::vector<Item> open;
  for (std::size_t u = 0; u < no_way.size(); ++u) {
    const auto mark = static_cast<std::uint32_t>(u + 1);
    const Cell goal = unit(u).goal;
    const auto push = [&](Cell c) {
      std::uint32_t& s = stamp[to_u32(level->index(c))];
      if (s == mark) return;
      s = mark;
      open.emplace_back(std::abs(c.x - goal.x) + std::abs(c.y - goal.y), to_u32(level->index(c)));
      std::push_heap(open.begin(), open.end(), std::greater<>{});
    };
    open.clear();
    push(unit(u).start);
    bool found = false;
    while (!open.empty() && !found) {
      std::pop_heap(open.begin(), open.end(), std::greater<>{});
      const Cell c = level->cell(CellIndex(open.back().second));
      open.pop_back();
      found = c == goal;
      policy.for_each_move(c, [&](const Move& m) {
        if (m.possible()) push(m.to);
      });
    }
    no_way[u] = found ? 0 : 1;
  }
}

std::vector<std::size_t> CooperativePlanner::Run::window_order() const {
  // Units that cannot reach their goals at all first (they stay, the others plan around them);
  // with WHCA*, then the units held in place for the window, the units promoted for having
  // found no plan (in the order they were), those still on their way, and last those on their
  // goals, who may step aside.
  std::vector<std::size_t> out;
  const bool whca = opt.algorithm == CooperativeAlgorithm::WhcaStar;
  const auto is_promoted = [&](std::size_t u) {
    return std::find(promoted.begin(), promoted.end(), u) != promoted.end();
  };
  const auto group = [&](std::size_t u) {
    if (no_way[u]) return 0;
    if (!whca) return 3;
    if (fixed[u]) return 1;
    if (is_promoted(u)) return 2;
    return positions[u] == unit(u).goal ? 4 : 3;
  };
  for (int g = 0; g <= 4; ++g) {
    if (g == 2) {
      out.insert(out.end(), promoted.begin(), promoted.end());
      continue;
    }
    for (std::size_t u : by_priority)
      if (group(u) == g) out.push_back(u);
  }
  return out;
}

TrueDistance& CooperativePlanner::Run::distance(std::size_t u) {
  if (!dist[u])
    dist[u] = std::make_unique<TrueDistance>(policy, unit(u).goal, DistanceGuide{unit(u).start, guide});
  return *dist[u];
}

namespace {

using Run = CooperativePlanner::Run;

// ---- CA*: one unit at a time, from tick 0 to its goal ----------------------------------------

// The unit stays on its start for good (it found no plan).
void ca_stay(Run& run, std::size_t u) {
  const Cell s = run.unit(u).start;
  run.plans[u].cells = {s};
  if (!run.table.holder(s, 0)) run.table.reserve(u, s, 0, s);
  run.table.park(u, s, 0);
}

// Starts the next unit's search; false when none runs (a unit that cannot move was settled at
// once, or every unit is planned).
bool ca_start_next(Run& run) {
  if (run.next == run.order.size()) {
    run.done = true;
    return false;
  }
  const std::size_t u = run.order[run.next++];
  if (run.no_way[u]) {  // its failure is said when the planner is made
    ca_stay(run, u);
    ++run.unit_steps;
    return false;
  }
  TrueDistance& h = run.distance(u);
  SpaceTimeLimits limits;
  if (run.opt.horizon) limits.horizon = *run.opt.horizon;
  limits.wait_cost = ExactCost::straight(run.opt.wait_cost);
  run.search = std::make_unique<SpaceTimeSearch>(run.policy, run.table, h, run.unit(u).start, limits);
  run.current = u;
  return true;
}

void ca_commit(Run& run) {
  const std::size_t u = *run.current;
  const SpaceTimeSearch& s = *run.search;
  if (s.state() == SpaceTimeState::Found) {
    run.plans[u].cells = s.plan();
    run.table.reserve_path(u, s.plan(), 0, true);
  } else {
    run.failures.push_back(explain_no_plan(run, u, s));
    ca_stay(run, u);
  }
  run.dist[u].reset();  // CA* needs each unit's distances only while it plans
}

// ---- WHCA*: window by window -----------------------------------------------------------------

// Drops each plan's repeats of its last cell: a plan ends where its unit last arrives.
void trim_plans(Run& run) {
  for (UnitPlan& p : run.plans)
    while (p.cells.size() >= 2 && p.cells.back() == p.cells[p.cells.size() - 2]) p.cells.pop_back();
}

// Plans the window from its first unit, in the order window_order gives now.
void whca_plan_window_again(Run& run) {
  run.table.clear();
  run.order = run.window_order();
  run.next = 0;
}

// At the start of a window: stops when every unit is on its goal, at the horizon, or when the
// positions repeat an earlier window's (a deadlock). True when planning goes on.
bool whca_window_opens(Run& run) {
  bool all_home = true;
  for (std::size_t u = 0; u < run.positions.size(); ++u)
    all_home = all_home && run.positions[u] == run.unit(u).goal;
  std::optional<std::uint32_t> repeat;
  for (const auto& entry : run.seen)
    if (entry.second == run.positions) repeat = entry.first;
  if (!all_home && (repeat || run.t0 >= run.horizon)) {
    std::vector<UnitFailure> f = whca_stop_failures(run, repeat);
    run.failures.insert(run.failures.end(), f.begin(), f.end());
  }
  if (all_home || repeat || run.t0 >= run.horizon) {
    trim_plans(run);
    run.done = true;
    return false;
  }
  run.seen.emplace_back(run.t0, run.positions);
  run.promoted.clear();
  std::fill(run.fixed.begin(), run.fixed.end(), 0);
  run.window_open = true;
  whca_plan_window_again(run);
  return true;
}

// Every unit takes the first window / 2 ticks of its window's plan.
void whca_advance(Run& run) {
  const std::uint32_t k = std::max<std::uint32_t>(1, run.opt.window / 2);
  for (std::size_t u = 0; u < run.positions.size(); ++u) {
    const std::vector<Cell>& w = run.window[u];
    for (std::uint32_t j = 1; j <= k; ++j) run.plans[u].cells.push_back(w[std::min<std::size_t>(j, w.size() - 1)]);
    run.positions[u] = run.plans[u].cells.back();
  }
  run.t0 += k;
  run.window_open = false;
}

// The unit waits where it stands for the window. Only units with no way and units held in place
// do, and they plan before every other, so no tick of theirs is taken.
void whca_stay(Run& run, std::size_t u) {
  const Cell at = run.positions[u];
  run.window[u].assign(run.opt.window + 1, at);
  run.table.reserve_path(u, run.window[u], run.t0, false);
}

bool whca_start_next(Run& run) {
  if (!run.window_open && !whca_window_opens(run)) return false;
  if (run.next == run.order.size()) {
    whca_advance(run);
    return false;
  }
  const std::size_t u = run.order[run.next++];
  if (run.no_way[u] || run.fixed[u]) {
    whca_stay(run, u);
    ++run.unit_steps;
    return false;
  }
  TrueDistance& h = run.distance(u);
  SpaceTimeLimits limits;
  limits.t0 = run.t0;
  limits.window_end = run.t0 + run.opt.window;
  limits.wait_cost = ExactCost::straight(run.opt.wait_cost);
  run.search = std::make_unique<SpaceTimeSearch>(run.policy, run.table, h, run.positions[u], limits);
  run.current = u;
  return true;
}

// A unit that found no plan is planned earlier in the window (promoted); one that found none
// even so is held in place for the window, planned before all but the units with no way at all,
// and the others go round it. Either way the window is planned again from its first unit, so
// the plans of a window never meet.
void whca_no_plan(Run& run, std::size_t u) {
  const auto it = std::find(run.promoted.begin(), run.promoted.end(), u);
  if (it == run.promoted.end()) {
    run.promoted.push_back(u);
  } else {
    run.promoted.erase(it);
    run.fixed[u] = 1;
    if (run.stuck_said[u] == 0) {
      run.stuck_said[u] = 1;
      run.failures.push_back({u, UnitFailureKind::WindowStuck, run.t0, {},
                              "unit " + std::to_string(u) +
                                  " cannot get past the others in the window at t = " +
                                  std::to_string(run.t0) + ": it waits on " +
                                  cell_text(run.positions[u])});
    }
  }
  whca_plan_window_again(run);
}

void whca_commit(Run& run) {
  const std::size_t u = *run.current;
  const SpaceTimeSearch& s = *run.search;
  if (s.state() != SpaceTimeState::Found) {
    whca_no_plan(run, u);
    return;
  }
  std::vector<Cell> path = s.plan();
  path.resize(run.opt.window + 1, path.back());  // on its goal: it stays to the window's end
  run.table.reserve_path(u, path, run.t0, false);
  run.window[u] = std::move(path);
}

// ---- both ----------------------------------------------------------------------------------

bool start_next(Run& run) {
  return run.opt.algorithm == CooperativeAlgorithm::CaStar ? ca_start_next(run)
                                                            : whca_start_next(run);
}

void commit(Run& run) {
  if (run.opt.algorithm == CooperativeAlgorithm::CaStar)
    ca_commit(run);
  else
    whca_commit(run);
  run.finished_nodes += run.search->expanded();
  ++run.unit_steps;
  run.search.reset();
  run.current.reset();
}

// Does what follows without taking a node: commits a search that has ended, starts the next
// unit's, ends a window, ends the planning; stops at a search under way, or when done.
void settle(Run& run) {
  while (!run.done) {
    if (!run.search) {
      start_next(run);
    } else if (run.search->state() == SpaceTimeState::InProgress) {
      return;
    } else {
      commit(run);
    }
  }
}

}  // namespace

// ---- the public face ------------------------------------------------------------------------

Result<CooperativePlanner> CooperativePlanner::make(const Level& level, const MovementRules& rules,
                                                    CooperativeOptions options) {
  if (level.units.empty()) return Error{"the level has no units"};
  if (std::string why = level.check_units(); !why.empty()) return Error{why};
  if (std::string why = check_distinct_goals(level.units); !why.empty()) return Error{why};
  if (std::string why = check_cooperative_options(options); !why.empty()) return Error{why};
  auto run = std::make_unique<Run>(level, rules, options);
  if (std::string why = exact_sums_problem(run->policy); !why.empty())
    return Error{"cooperative planning cannot add up this level's costs exactly: " + why};
  return CooperativePlanner(std::move(run));
}

CooperativePlanner::CooperativePlanner(std::unique_ptr<Run> run) : run_(std::move(run)) {
  settle(*run_);  // iteration 0: everything before the first node is done
}
CooperativePlanner::CooperativePlanner(CooperativePlanner&&) noexcept = default;
CooperativePlanner& CooperativePlanner::operator=(CooperativePlanner&&) noexcept = default;
CooperativePlanner::~CooperativePlanner() = default;

bool CooperativePlanner::step() {
  Run& run = *run_;
  for (;;) {
    settle(run);
    if (run.done) return false;
    const std::int64_t before = run.search->expanded();
    run.search->step();
    if (run.search->expanded() > before) {
      settle(run);  // so the views after a step are final
      return true;
    }
  }
}

bool CooperativePlanner::step_unit() {
  const std::size_t steps = run_->unit_steps;
  bool any = false;
  while (run_->unit_steps == steps && step()) any = true;
  return any;
}

void CooperativePlanner::run() {
  while (step()) {
  }
}

bool CooperativePlanner::done() const { return run_->done; }

void CooperativePlanner::restart() {
  run_ = std::make_unique<Run>(*run_->level, run_->rules, run_->opt);
  settle(*run_);
}

void CooperativePlanner::seek(std::int64_t iteration) {
  if (iteration < iterations()) restart();
  while (iterations() < iteration && step()) {
  }
}

bool CooperativePlanner::step_back() {
  if (iterations() == 0) return false;
  seek(iterations() - 1);
  return true;
}

std::int64_t CooperativePlanner::iterations() const {
  return run_->finished_nodes + (run_->search ? run_->search->expanded() : 0);
}
std::size_t CooperativePlanner::unit_steps() const { return run_->unit_steps; }
std::optional<std::size_t> CooperativePlanner::planning() const { return run_->current; }
const SpaceTimeSearch* CooperativePlanner::search() const { return run_->search.get(); }
const ReservationTable& CooperativePlanner::reservations() const { return run_->table; }
const std::vector<UnitPlan>& CooperativePlanner::plans() const { return run_->plans; }
const std::vector<UnitFailure>& CooperativePlanner::failures() const { return run_->failures; }
const std::vector<std::size_t>& CooperativePlanner::order() const { return run_->order; }
std::uint32_t CooperativePlanner::window_start() const { return run_->t0; }
const CooperativeOptions& CooperativePlanner::options() const { return run_->opt; }
const Level& CooperativePlanner::level() const { return *run_->level; }

Result<CooperativeResult> plan_cooperative(const Level& level, const MovementRules& rules,
                                           CooperativeOptions options) {
  auto planner = CooperativePlanner::make(level, rules, options);
  if (!planner) return Error{planner.error()};
  CooperativePlanner& p = planner.value();
  p.run();
  return CooperativeResult{p.plans(), p.failures(), p.order(), p.iterations(), p.unit_steps()};
}

}  // namespace astar
