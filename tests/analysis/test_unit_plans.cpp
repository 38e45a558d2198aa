// Plans of many units in time (unit_plans.hpp): hand cases for each rule (a unit waiting on its
// goal still occupies it, following into a cell just left is no conflict, a swap is), and on
// 500 random sets of plans the conflicts equal a brute force over every pair of units and every
// tick (support/plan_oracle.hpp); costs, sum of costs and makespan against their definitions.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "astar/unit_plans.hpp"
#include "support/plan_oracle.hpp"

using namespace astar;

namespace {

UnitPlan plan(std::initializer_list<Cell> cells) { return UnitPlan{std::vector<Cell>(cells)}; }


}  // namespace

TEST_CASE("[unit plans] the rules: waiting on a goal occupies it, following is fine, swapping is not") {
  // Unit 1 arrives at (2, 0) at t = 2 and stays; unit 0 passes through at t = 3.
  const std::vector<UnitPlan> through{plan({{0, 0}, {1, 0}, {1, 1}, {2, 0}, {3, 0}}),
                                      plan({{4, 0}, {3, 0}, {2, 0}})};
  const std::vector<Conflict> c = find_conflicts(through);
  REQUIRE(c.size() == 1);
  CHECK(c[0] == Conflict{Conflict::Kind::Vertex, 0, 1, {2, 0}, {2, 0}, 3});
  CHECK(conflict_text(c[0]) == "units 0 and 1 both at (2, 0) at t = 3");

  // Unit 1 follows unit 0 into the cell it leaves: no conflict.
  CHECK(find_conflicts({plan({{1, 0}, {2, 0}, {3, 0}}), plan({{0, 0}, {1, 0}, {2, 0}})}).empty());

  // A swap along one edge between t = 1 and t = 2.
  const std::vector<Conflict> swap =
      find_conflicts({plan({{0, 0}, {1, 0}, {2, 0}}), plan({{3, 0}, {2, 0}, {1, 0}})});
  REQUIRE(swap.size() == 1);
  CHECK(swap[0] == Conflict{Conflict::Kind::Edge, 0, 1, {2, 0}, {1, 0}, 2});
  CHECK(conflict_text(swap[0]) == "units 0 and 1 swap (1, 0) and (2, 0) between t = 1 and t = 2");

  // Three units in one cell: three pairs, in order.
  const std::vector<Conflict> three =
      find_conflicts({plan({{0, 0}, {1, 1}}), plan({{2, 2}, {1, 1}}), plan({{1, 1}})});
  REQUIRE(three.size() == 3);
  CHECK(three[0].a == 0);
  CHECK(three[0].b == 1);
  CHECK(three[1].b == 2);
  CHECK(three[2].a == 1);
}

TEST_CASE("[unit plans] costs: the last arrival on the goal; sum of costs and makespan") {
  const std::vector<UnitPlan> plans{plan({{0, 0}, {1, 0}, {2, 0}}),          // arrives at 2
                                    plan({{5, 5}}),                          // starts on it: 0
                                    plan({{3, 3}, {4, 3}, {3, 3}, {4, 3}}),  // leaves, back at 3
                                    plan({{7, 7}, {7, 8}})};                 // never arrives
  const PlanStats s = plan_stats(plans, {{2, 0}, {5, 5}, {4, 3}, {9, 9}});
  CHECK(s.costs[0] == 2u);
  CHECK(s.costs[1] == 0u);
  CHECK(s.costs[2] == 3u);
  CHECK_FALSE(s.costs[3].has_value());
  CHECK(s.sum_of_costs == 5);
  CHECK(s.makespan == 3);
  CHECK(s.arrived == 3);
}

TEST_CASE("[unit plans] conflicts equal a brute force on 500 random sets of plans") {
  std::mt19937 rng(20261128);
  std::size_t compared = 0, found = 0;
  for (int round = 0; round < 500; ++round) {
    // 2..12 units on a 5 x 5 grid (crowded, so conflicts are common), random walks of 1..12
    // cells with waits, moving to one of the four neighbours.
    const int units = 2 + static_cast<int>(rng() % 11);
    std::vector<UnitPlan> plans(static_cast<std::size_t>(units));
    for (UnitPlan& p : plans) {
      Cell c{static_cast<int>(rng() % 5), static_cast<int>(rng() % 5)};
      p.cells.push_back(c);
      const int len = static_cast<int>(rng() % 12);
      for (int k = 0; k < len; ++k) {
        constexpr int kDx[] = {0, 1, -1, 0, 0}, kDy[] = {0, 0, 0, 1, -1};
        const int m = static_cast<int>(rng() % 5);
        c = {std::clamp(c.x + kDx[m], 0, 4), std::clamp(c.y + kDy[m], 0, 4)};
        p.cells.push_back(c);
      }
    }
    const std::vector<Conflict> fast = find_conflicts(plans);
    const std::vector<Conflict> brute = test::brute_conflicts(plans);
    CHECK(fast == brute);
    ++compared;
    found += brute.size();
  }
  CHECK(found > 1000);  // the rounds are crowded enough to test something
  MESSAGE(compared, " sets of plans compared, ", found, " conflicts");
}
