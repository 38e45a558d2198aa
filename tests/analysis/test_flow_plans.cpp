// Units following flow fields (flow_plans.hpp): each plan starts on its unit's start, takes one
// flow move per tick and ends on its goal for the field's cost; units sharing a goal share a
// field; a unit that reaches no goal stays put; and two units meeting in a corridor collide,
// which find_conflicts reports (the point of the lesson).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>

#include "astar/flow_field.hpp"
#include "astar/flow_plans.hpp"
#include "astar/unit_plans.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"

using namespace astar;

TEST_CASE("[flow plans] a corridor: two units meet head on, and the conflict is named") {
  Level lv = test::ascii_level(R"(
    #######
    S.....G
    #######
  )");
  lv.rules().neighbours = Neighbours::Four;
  lv.units = {Unit{{0, 1}, {6, 1}, std::nullopt}, Unit{{6, 1}, {0, 1}, std::nullopt}};
  const auto p = flow_field_plans(lv, lv.rules());
  REQUIRE(p.ok());
  CHECK(p.value().fields == 2);
  const std::vector<Conflict> c = find_conflicts(p.value().plans);
  REQUIRE(c.size() == 1);
  CHECK(conflict_text(c[0]) == "units 0 and 1 both at (3, 1) at t = 3");
  const PlanStats s = plan_stats(p.value().plans, {{6, 1}, {0, 1}});
  CHECK(s.sum_of_costs == 12);
  CHECK(s.makespan == 6);
}

TEST_CASE("[flow plans] on random levels: each plan is its unit's flow, to its goal at its cost") {
  std::mt19937 rng(51);
  std::size_t units_checked = 0, shared = 0;
  for (int round = 0; round < 200; ++round) {
    Level lv = test::random_level(rng, 10);
    // Up to six units on distinct open starts; goals from a pool of two cells, so units share
    // goals and fields.
    std::vector<Cell> open;
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        if (lv.open({x, y})) open.push_back({x, y});
    if (open.size() < 4) continue;
    std::shuffle(open.begin(), open.end(), rng);
    const std::size_t n = std::min<std::size_t>(open.size() - 2, 2 + rng() % 5);
    const Cell pool[2] = {open[open.size() - 1], open[open.size() - 2]};
    for (std::size_t i = 0; i < n; ++i) lv.units.push_back(Unit{open[i], pool[rng() % 2], std::nullopt});
    std::set<std::pair<int, int>> distinct;
    for (const Unit& u : lv.units) distinct.insert({u.goal.x, u.goal.y});
    if (lv.units.empty()) continue;
    REQUIRE(lv.check_units().empty());
    const auto p = flow_field_plans(lv, lv.rules());
    REQUIRE_MESSAGE(p.ok(), (p.ok() ? "" : p.error()));
    CHECK(p.value().fields == distinct.size());  // one field per distinct goal
    for (std::size_t i = 0; i < lv.units.size(); ++i) {
      const Unit& u = lv.units[i];
      const UnitPlan& plan = p.value().plans[i];
      FlowField f = FlowField::make(lv, lv.rules(), {u.goal}).value();
      f.run();
      CHECK(plan.cells.front() == u.start);
      if (f.unreachable(u.start)) {
        CHECK(plan.cells.size() == 1);  // stays put
        continue;
      }
      CHECK(plan.cells.back() == u.goal);
      ExactCost sum;
      for (std::size_t t = 0; t + 1 < plan.cells.size(); ++t) {
        const std::optional<Move> m = f.flow(plan.cells[t]);
        REQUIRE(m.has_value());
        CHECK(m->to == plan.cells[t + 1]);
        sum += m->exact;
      }
      CHECK(sum == *f.integration(u.start));
      ++units_checked;
    }
    shared += lv.units.size() - p.value().fields;
  }
  CHECK(units_checked > 300);
  CHECK(shared > 100);  // units shared fields
  MESSAGE(units_checked, " units' plans checked, ", shared, " of them on a field another unit made");
}

TEST_CASE("[flow plans] refusals") {
  Level lv = test::ascii_level(R"(
    S..
    ..G
  )");
  CHECK(flow_field_plans(lv, lv.rules()).error() == "the level has no units");
  lv.units = {Unit{{0, 0}, {2, 1}, std::nullopt}, Unit{{0, 0}, {1, 1}, std::nullopt}};
  CHECK(flow_field_plans(lv, lv.rules()).error() == "units[1].start (0, 0) is units[0].start too");
}
