// Cooperative pathfinding (cooperative.hpp): the corridor where the order decides, the named
// failures and refusals; and, against oracles written here apart:
// - CA* on 1,000 random benchmark-rule levels with 2..20 units: every plan legal, no vertex or
//   edge conflict (support/plan_oracle.hpp's brute force) but those of units that failed, and each
//   unit's arrival tick equal to a breadth-first search over (cell, tick) against the plans of the
//   units before it; a unit fails exactly when that search finds nothing;
// - CA* on 300 random levels with every layer (costs, heights, edges, jumps, agents, hexes): each
//   plan's cost equal to a space-time Dijkstra's against the units before it;
// - WHCA* on 300 random levels: legal plans, no conflict at all, every unit home or named;
// - rewinding: seek back to any iteration equals a fresh planner stepped there.
#include <doctest/doctest.h>

#include <algorithm>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "astar/cooperative.hpp"
#include "astar/movingai.hpp"
#include "support/ascii_level.hpp"
#include "support/plan_oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// The corridor of lesson "Who goes first": a pocket at (2, 2) next to unit 0's start. Unit 1
// going first passes while unit 0 steps into the pocket; unit 0 going first leaves unit 1 no
// way out of its path.
Level corridor() {
  Level lv = test::ascii_level(R"(
    #######
    #.....#
    ##.####
    #######
  )", mapf_rules());
  lv.units = {Unit{{1, 1}, {5, 1}, std::nullopt}, Unit{{5, 1}, {1, 1}, std::nullopt}};
  return lv;
}

// Where unit j of `before` is at tick t (a plan's last cell after its end).
Cell at(const UnitPlan& p, std::size_t t) { return p.cells[std::min(t, p.cells.size() - 1)]; }

// True when a unit moving from -> to between t - 1 and t meets one of `before`.
bool blocked(const std::vector<UnitPlan>& before, Cell from, Cell to, std::size_t t) {
  for (const UnitPlan& p : before)
    if (at(p, t) == to || (from != to && at(p, t) == from && at(p, t - 1) == to)) return true;
  return false;
}

// True when no plan of `before` is on c at any tick >= t.
bool free_from(const std::vector<UnitPlan>& before, Cell c, std::size_t t, std::size_t last) {
  for (std::size_t k = t; k <= last + 1; ++k)
    for (const UnitPlan& p : before)
      if (at(p, k) == c) return false;
  return true;
}

// The least cost of a plan from `start` at 0 to `goal`, staying there, among `before`: a
// Dijkstra over (cell, tick) up to the last tick of `before` plus the cell count (after its last
// tick nothing changes, so no cheapest plan needs more). None when there is none.
std::optional<ExactCost> oracle_cost(const MovePolicy& policy, const std::vector<UnitPlan>& before,
                                     Cell start, Cell goal) {
  const Level& lv = policy.level();
  std::size_t last = 0;
  for (const UnitPlan& p : before) last = std::max(last, p.cells.size() - 1);
  const std::size_t ticks = last + static_cast<std::size_t>(lv.cell_count()) + 2;
  struct Item {
    ExactCost g;
    Cell c;
    std::size_t t;
  };
  const auto later = [](const Item& x, const Item& y) { return compare(x.g, y.g) > 0; };
  std::priority_queue<Item, std::vector<Item>, decltype(later)> open(later);
  std::vector<std::uint8_t> done(ticks * static_cast<std::size_t>(lv.cell_count()), 0);
  if (blocked(before, start, start, 0)) return std::nullopt;
  open.push({ExactCost{}, start, 0});
  while (!open.empty()) {
    const Item n = open.top();
    open.pop();
    std::uint8_t& d = done[n.t * static_cast<std::size_t>(lv.cell_count()) + to_u32(lv.index(n.c))];
    if (d) continue;
    d = 1;
    if (n.c == goal && free_from(before, goal, n.t, last)) return n.g;
    if (n.t + 1 >= ticks) continue;
    if (!blocked(before, n.c, n.c, n.t + 1)) open.push({n.g + ExactCost::straight(1.0), n.c, n.t + 1});
    policy.for_each_move(n.c, [&](const Move& m) {
      if (m.possible() && !blocked(before, n.c, m.to, n.t + 1)) open.push({n.g + m.exact, m.to, n.t + 1});
    });
  }
  return std::nullopt;
}

// Units on distinct random open cells, distinct goals: up to `most`; priorities on some.
void place_units(Level& lv, std::mt19937& rng, std::size_t most) {
  std::vector<Cell> open;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      if (lv.open({x, y})) open.push_back({x, y});
  std::vector<Cell> starts = open, goals = open;
  std::shuffle(starts.begin(), starts.end(), rng);
  std::shuffle(goals.begin(), goals.end(), rng);
  const std::size_t n = std::min({most, open.size()});
  lv.units.clear();
  for (std::size_t i = 0; i < n; ++i) {
    Unit u{starts[i], goals[i], std::nullopt};
    if (rng() % 4 == 0) u.priority = static_cast<int>(rng() % 3);
    lv.units.push_back(u);
  }
}

// CA*'s planning order by its definition: units that cannot reach their goals at all first,
// then priority (none is 0) downwards, then the list's order.
std::vector<std::size_t> expected_order(const MovePolicy& policy, const std::vector<Unit>& units) {
  std::vector<std::size_t> order;
  for (int stuck = 1; stuck >= 0; --stuck)
    for (int p = 2; p >= 0; --p)
      for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].priority.value_or(0) == p &&
            !oracle_cost(policy, {}, units[i].start, units[i].goal).has_value() == (stuck == 1))
          order.push_back(i);
  return order;
}

// Failed units, from the planner's words.
std::vector<bool> failed_units(const std::vector<UnitFailure>& failures, std::size_t n) {
  std::vector<bool> out(n, false);
  for (const UnitFailure& f : failures) out[f.unit] = true;
  return out;
}

// Checks every plan is legal (each step a wait or a possible move) and every conflict involves
// a failed unit.
void check_legal_and_apart(const MovePolicy& policy, const std::vector<UnitPlan>& plans,
                           const std::vector<bool>& failed) {
  for (const UnitPlan& p : plans) CHECK(test::plan_cost(policy, p.cells).has_value());
  for (const Conflict& c : test::brute_conflicts(plans)) CHECK((failed[c.a] || failed[c.b]));
}

// Each unit of `res`, in planning order, against the oracle over the plans of the units before
// it: it fails exactly when the oracle finds nothing, and else its plan, from its start to its
// goal, costs the oracle's least. Returns how many planned units wait somewhere.
std::size_t check_against_oracle(const Level& lv, const CooperativeResult& res, std::size_t& units) {
  const MovePolicy policy(lv, lv.rules());
  const std::vector<bool> failed = failed_units(res.failures, lv.units.size());
  check_legal_and_apart(policy, res.plans, failed);
  std::vector<UnitPlan> before;
  std::size_t waited = 0;
  for (std::size_t u : res.order) {
    const std::optional<ExactCost> best = oracle_cost(policy, before, lv.units[u].start, lv.units[u].goal);
    CHECK(best.has_value() == !failed[u]);
    if (best && !failed[u]) {
      const std::vector<Cell>& c = res.plans[u].cells;
      CHECK(c.front() == lv.units[u].start);
      CHECK(c.back() == lv.units[u].goal);
      CHECK(compare(*test::plan_cost(policy, c), *best) == 0);
      waited += std::adjacent_find(c.begin(), c.end()) != c.end() ? 1 : 0;
    }
    before.push_back(res.plans[u]);
    ++units;
  }
  return waited;
}

}  // namespace

TEST_CASE("[cooperative] the corridor: who goes first decides") {
  Level lv = corridor();
  const auto first0 = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(first0.ok());
  REQUIRE(first0.value().failures.size() == 1);
  CHECK(first0.value().failures[0].unit == 1);
  CHECK(first0.value().failures[0].text ==
        "unit 1 finds no way through the reservations of the units planned before it");
  CHECK(first0.value().plans[0].cells.size() == 5);  // straight through, arriving at t = 4

  lv.units[1].priority = 1;  // unit 1 first
  const auto first1 = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(first1.ok());
  CHECK(first1.value().failures.empty());
  CHECK(first1.value().order == std::vector<std::size_t>{1, 0});
  CHECK(find_conflicts(first1.value().plans).empty());
  const PlanStats s = plan_stats(first1.value().plans, {{5, 1}, {1, 1}});
  CHECK(s.costs[1] == 4u);  // unit 1 straight through
  CHECK(s.costs[0] == 7u);  // unit 0 steps into the pocket and out: 4 moves, 3 ticks lost
  const std::vector<Cell>& c0 = first1.value().plans[0].cells;
  CHECK(std::find(c0.begin(), c0.end(), Cell{2, 2}) != c0.end());
}

TEST_CASE("[cooperative] WHCA* lets a unit on its goal step aside; CA* cannot") {
  // Unit 0 arrives first on (3, 1), in the corridor unit 1 must pass; a pocket at (3, 2).
  Level lv = test::ascii_level(R"(
    #######
    #.....#
    ###.###
    #######
  )", mapf_rules());
  lv.units = {Unit{{2, 1}, {3, 1}, std::nullopt}, Unit{{1, 1}, {5, 1}, std::nullopt}};
  const auto ca = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(ca.ok());
  REQUIRE(ca.value().failures.size() == 1);
  CHECK(ca.value().failures[0].kind == UnitFailureKind::Blocked);
  CHECK(ca.value().failures[0].text == "unit 1 is blocked by unit 0, which stays on (3, 1) from t = 1");
  const auto wh = plan_cooperative(lv, lv.rules(), {.algorithm = CooperativeAlgorithm::WhcaStar, .window = 8});
  REQUIRE(wh.ok());
  CHECK(wh.value().failures.empty());
  CHECK(find_conflicts(wh.value().plans).empty());
  const PlanStats s = plan_stats(wh.value().plans, {{3, 1}, {5, 1}});
  CHECK(s.arrived == 2);
}

TEST_CASE("[cooperative] named failures: no way at all, the horizon, a deadlock") {
  Level lv = test::ascii_level(R"(
    ..#..
    ..#..
  )", mapf_rules());
  lv.units = {Unit{{0, 0}, {4, 0}, std::nullopt}, Unit{{1, 1}, {0, 1}, std::nullopt}};
  const auto r = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(r.ok());
  REQUIRE(r.value().failures.size() == 1);
  CHECK(r.value().failures[0].text == "unit 0 cannot reach its goal (4, 0) at all: no way on the level");

  Level line = test::ascii_level("......", mapf_rules());
  line.units = {Unit{{0, 0}, {5, 0}, std::nullopt}};
  const auto h = plan_cooperative(line, line.rules(), {.horizon = 3});
  REQUIRE(h.ok());
  REQUIRE(h.value().failures.size() == 1);
  CHECK(h.value().failures[0].text == "unit 0 is not on its goal (5, 0) by the horizon t = 3");

  // Head on in a corridor with no room: WHCA* units wait for ever.
  Level head = test::ascii_level("....", mapf_rules());
  head.units = {Unit{{0, 0}, {3, 0}, std::nullopt}, Unit{{3, 0}, {0, 0}, std::nullopt}};
  const auto d = plan_cooperative(head, head.rules(), {.algorithm = CooperativeAlgorithm::WhcaStar, .window = 4});
  REQUIRE(d.ok());
  bool deadlock = false;
  for (const UnitFailure& f : d.value().failures)
    if (f.kind == UnitFailureKind::Deadlock) {
      deadlock = true;
      CHECK(f.text.find("every unit stands where it stood at t = ") != std::string::npos);
    }
  CHECK(deadlock);
}

TEST_CASE("[cooperative] refusals") {
  Level lv = corridor();
  lv.units[1].goal = lv.units[0].goal;
  const auto shared = CooperativePlanner::make(lv, lv.rules(), {});
  REQUIRE(!shared.ok());
  CHECK(shared.error().find("units[1].goal (5, 1) is units[0].goal too") == 0);
  Level ok = corridor();
  CHECK(CooperativePlanner::make(ok, ok.rules(), {.window = 1}).error() == "window must be 2..100000, got 1");
  CHECK(!CooperativePlanner::make(ok, ok.rules(), {.wait_cost = 0}).ok());
  ok.units.clear();
  CHECK(CooperativePlanner::make(ok, ok.rules(), {}).error() == "the level has no units");
}

TEST_CASE("[cooperative] CA* on 1,000 random levels: legal, apart, each unit optimal against those before it") {
  std::mt19937 rng(32);
  std::size_t units = 0, failures = 0, waited = 0;
  for (int round = 0; round < 1000; ++round) {
    const int w = 3 + static_cast<int>(rng() % 6), h = 3 + static_cast<int>(rng() % 6);
    Level lv(w, h);
    lv.rules() = mapf_rules();
    const int walls = static_cast<int>(rng() % 30);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) lv.set_wall({x, y}, static_cast<int>(rng() % 100) < walls);
    place_units(lv, rng, 2 + rng() % 19);
    if (lv.units.size() < 2) continue;
    const auto r = plan_cooperative(lv, lv.rules(), {});
    REQUIRE(r.ok());
    const CooperativeResult& res = r.value();
    CHECK(res.order == expected_order(MovePolicy(lv, lv.rules()), lv.units));
    waited += check_against_oracle(lv, res, units);
    failures += res.failures.size();
  }
  MESSAGE("units " << units << ", failures " << failures << ", waited " << waited);
  CHECK(units > 5000);
  CHECK(failures > 0);  // the oracle agrees on failures too, so they must occur
  CHECK(waited > 100);  // and units do wait for each other
}

TEST_CASE("[cooperative] CA* on random levels with every layer: each plan's cost is a space-time Dijkstra's") {
  std::mt19937 rng(33);
  std::size_t units = 0;
  for (int round = 0; round < 300; ++round) {
    Level lv = test::random_level(rng, 7);
    if (rng() % 3 == 0) lv = test::random_plain_level(rng, 7);  // hexes too
    place_units(lv, rng, 1 + rng() % 8);
    if (lv.units.empty() || !lv.check_units().empty()) continue;
    const auto r = plan_cooperative(lv, lv.rules(), {});
    if (!r.ok()) continue;  // costs too large to add up exactly
    check_against_oracle(lv, r.value(), units);
  }
  CHECK(units > 600);
}

TEST_CASE("[cooperative] WHCA* on 300 random levels: legal, apart, every unit home or named") {
  std::mt19937 rng(34);
  std::size_t home = 0, named = 0;
  for (int round = 0; round < 300; ++round) {
    const int w = 3 + static_cast<int>(rng() % 6), h = 3 + static_cast<int>(rng() % 6);
    Level lv(w, h);
    lv.rules() = mapf_rules();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) lv.set_wall({x, y}, rng() % 100 < 20);
    place_units(lv, rng, 2 + rng() % 12);
    if (lv.units.size() < 2) continue;
    const std::uint32_t window = 2 + static_cast<std::uint32_t>(rng() % 10);
    const auto r = plan_cooperative(lv, lv.rules(), {.algorithm = CooperativeAlgorithm::WhcaStar, .window = window});
    REQUIRE(r.ok());
    const CooperativeResult& res = r.value();
    const MovePolicy policy(lv, lv.rules());
    for (const UnitPlan& p : res.plans) CHECK(test::plan_cost(policy, p.cells).has_value());
    CHECK(test::brute_conflicts(res.plans).empty());
    const std::vector<bool> failed = failed_units(res.failures, lv.units.size());
    for (std::size_t u = 0; u < lv.units.size(); ++u) {
      const bool arrived = res.plans[u].cells.back() == lv.units[u].goal;
      CHECK((arrived || failed[u]));
      home += arrived ? 1 : 0;
      named += arrived ? 0 : 1;
    }
  }
  MESSAGE("home " << home << ", named " << named);
  CHECK(home > 1000);
}

TEST_CASE("[cooperative] stepping back to any iteration equals a fresh planner stepped there") {
  std::mt19937 rng(35);
  for (int round = 0; round < 40; ++round) {
    Level lv(6, 5);
    lv.rules() = mapf_rules();
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 6; ++x) lv.set_wall({x, y}, rng() % 100 < 15);
    place_units(lv, rng, 2 + rng() % 5);
    if (lv.units.size() < 2) continue;
    const CooperativeOptions o{.algorithm = round % 2 ? CooperativeAlgorithm::WhcaStar : CooperativeAlgorithm::CaStar, .window = 4};
    auto p = CooperativePlanner::make(lv, lv.rules(), o);
    REQUIRE(p.ok());
    CooperativePlanner& walker = p.value();
    walker.run();
    const std::int64_t end = walker.iterations();
    for (std::int64_t k = end; k >= 0; k -= 1 + static_cast<std::int64_t>(rng() % 3)) {
      walker.seek(k);
      auto fresh = CooperativePlanner::make(lv, lv.rules(), o);
      for (std::int64_t i = 0; i < k; ++i) fresh.value().step();
      const CooperativePlanner& f = fresh.value();
      REQUIRE(walker.iterations() == f.iterations());
      CHECK(walker.unit_steps() == f.unit_steps());
      CHECK(walker.planning() == f.planning());
      CHECK(walker.reservations().vertex_count() == f.reservations().vertex_count());
      CHECK(walker.reservations().park_count() == f.reservations().park_count());
      for (std::size_t u = 0; u < lv.units.size(); ++u) CHECK(walker.plans()[u].cells == f.plans()[u].cells);
      CHECK(walker.failures().size() == f.failures().size());
      CHECK(walker.done() == f.done());
      REQUIRE((walker.search() == nullptr) == (f.search() == nullptr));
      if (walker.search()) {
        CHECK(walker.search()->nodes().size() == f.search()->nodes().size());
        CHECK(walker.search()->last_taken() == f.search()->last_taken());
      }
    }
  }
}
