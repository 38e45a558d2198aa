// The lessons about many units (20-23): each number in the text computed here with core's
// planners (cooperative.hpp, flow_plans.hpp) and found in the lesson's text; the plans checked
// apart from the planner (support/plan_oracle.hpp's conflicts).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "astar/cbs.hpp"
#include "astar/cooperative.hpp"
#include "astar/flow_plans.hpp"
#include "astar/format.hpp"
#include "astar/level_io.hpp"
#include "support/plan_oracle.hpp"

using namespace astar;

namespace {

Level lesson(const std::string& file) {
  Result<Level> lv = load_level(ASTAR_SOURCE_DIR "/levels/lessons/" + file);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return lv.value();
}

void says(const Level& lv, const std::string& text) {
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
}

std::vector<Cell> goals_of(const Level& lv) {
  std::vector<Cell> out;
  for (const Unit& u : lv.units) out.push_back(u.goal);
  return out;
}

std::string t_text(std::size_t t) { return "t = " + std::to_string(t); }

}  // namespace

TEST_CASE("[lessons] who goes first: CA* fails in the file's order and succeeds in the other") {
  Level lv = lesson("20-who-goes-first.json");
  REQUIRE(lv.units_plan);
  CHECK(lv.units_plan->algorithm == "ca-star");
  const auto as_given = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(as_given.ok());
  const PlanStats s0 = plan_stats(as_given.value().plans, goals_of(lv));
  CHECK(s0.arrived == 1);
  REQUIRE(s0.costs[0]);
  says(lv, "arriving at " + t_text(*s0.costs[0]));
  REQUIRE(as_given.value().failures.size() == 1);
  CHECK(as_given.value().failures[0].kind == UnitFailureKind::NoRoom);
  says(lv, "finds no way through the reservations of the units planned before it");

  lv.units[1].priority = 1;
  const auto swapped = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(swapped.ok());
  CHECK(swapped.value().failures.empty());
  CHECK(test::brute_conflicts(swapped.value().plans).empty());
  const PlanStats s1 = plan_stats(swapped.value().plans, goals_of(lv));
  REQUIRE(s1.arrived == 2);
  says(lv, "unit 1 walks straight through in " + std::to_string(*s1.costs[1]) + " ticks");
  says(lv, "unit 0 arrives at " + t_text(*s1.costs[0]));
  says(lv, "the sum of costs is " + std::to_string(s1.sum_of_costs));
  const std::vector<Cell>& c0 = swapped.value().plans[0].cells;
  CHECK(std::find(c0.begin(), c0.end(), Cell{2, 2}) != c0.end());  // the niche
  says(lv, "the niche at (2, 2)");
}

TEST_CASE("[lessons] the window: WHCA* deadlocks with a short window, arrives with longer ones") {
  const Level lv = lesson("21-the-window.json");
  REQUIRE(lv.units_plan);
  CHECK(lv.units_plan->algorithm == "whca-star");
  REQUIRE(lv.units_plan->window);
  CHECK(*lv.units_plan->window == 4);
  CooperativeOptions o{.algorithm = CooperativeAlgorithm::WhcaStar, .window = 4};
  const auto w4 = plan_cooperative(lv, lv.rules(), o);
  REQUIRE(w4.ok());
  REQUIRE(w4.value().failures.size() == 2);
  for (const UnitFailure& f : w4.value().failures) CHECK(f.kind == UnitFailureKind::Deadlock);
  const std::string& text = w4.value().failures[0].text;
  const std::size_t at = text.find("at t = ");
  REQUIRE(at != std::string::npos);
  says(lv, text.substr(at, text.find(", so") - at));  // "at t = 10 every unit stands where ..."
  for (std::uint32_t w : {6u, 8u}) {
    o.window = w;
    const auto r = plan_cooperative(lv, lv.rules(), o);
    REQUIRE(r.ok());
    CHECK(r.value().failures.empty());
    CHECK(test::brute_conflicts(r.value().plans).empty());
    const PlanStats s = plan_stats(r.value().plans, goals_of(lv));
    CHECK(s.arrived == 2);
    says(lv, "the sum of costs " + std::to_string(s.sum_of_costs) + " and the makespan " +
                 std::to_string(s.makespan));
  }
  // With 8 as good as CA* in the best order.
  Level best = lv;
  best.units[1].priority = 1;
  const auto ca = plan_cooperative(best, best.rules(), {});
  REQUIRE(ca.ok());
  const PlanStats sc = plan_stats(ca.value().plans, goals_of(best));
  says(lv, "sum of costs " + std::to_string(sc.sum_of_costs) + ", makespan " + std::to_string(sc.makespan));
}

TEST_CASE("[lessons] one field, many units: the army follows one field and walks through itself") {
  const Level lv = lesson("22-one-field-many-units.json");
  REQUIRE(lv.units_plan);
  CHECK(lv.units_plan->algorithm == "flow-field");
  const auto p = flow_field_plans(lv, lv.rules());
  REQUIRE(p.ok());
  CHECK(p.value().fields == 1);
  says(lv, "army of " + std::to_string(lv.units.size()) + " units");
  const std::vector<Conflict> c = test::brute_conflicts(p.value().plans);
  CHECK(c == find_conflicts(p.value().plans));
  says(lv, "The plans have " + std::to_string(c.size()) + " conflicts");
  REQUIRE(!c.empty());
  says(lv, "units " + std::to_string(c[0].a) + " and " + std::to_string(c[0].b) + " merge at (" +
               std::to_string(c[0].cell.x) + ", " + std::to_string(c[0].cell.y) + ") at " + t_text(c[0].tick));
  const PlanStats s = plan_stats(p.value().plans, goals_of(lv));
  CHECK(s.arrived == lv.units.size());
  says(lv, "by " + t_text(s.makespan) + " all " + std::to_string(lv.units.size()) + " stand on the one goal cell");
  std::size_t through_gap = 0;
  for (const UnitPlan& plan : p.value().plans)
    through_gap += std::any_of(plan.cells.begin(), plan.cells.end(), [](Cell x) {
      return (x.x == 11 || x.x == 12) && (x.y == 5 || x.y == 6);
    }) ? 1 : 0;
  says(lv, "funnels " + std::to_string(through_gap) + " of them");
  CHECK(!lv.open({11, 4}));  // the rocks around the gap
  CHECK(!lv.open({12, 7}));
}

TEST_CASE("[lessons] taking turns is not enough: CA* fails in both orders, CBS finds the optimum") {
  Level lv = lesson("23-taking-turns-is-not-enough.json");
  REQUIRE(lv.units_plan);
  CHECK(lv.units_plan->algorithm == "cbs");
  for (int first = 0; first < 2; ++first) {  // either unit first
    CAPTURE(first);
    lv.units[0].priority = first == 0 ? 1 : 0;
    lv.units[1].priority = first == 1 ? 1 : 0;
    const auto ca = plan_cooperative(lv, lv.rules(), {});
    REQUIRE(ca.ok());
    REQUIRE(ca.value().failures.size() == 1);
    CHECK(ca.value().failures[0].kind == UnitFailureKind::Blocked);
    CHECK(ca.value().failures[0].unit == static_cast<std::size_t>(1 - first));
    if (first == 0) says(lv, ca.value().failures[0].text);
    else says(lv, "unit 0 is blocked the same way at " + cell_text(lv.units[1].goal));
    const std::size_t cost = *plan_stats(ca.value().plans, goals_of(lv)).costs[static_cast<std::size_t>(first)];
    says(lv, "stays there from " + t_text(cost));
  }
  lv.units[0].priority.reset();
  lv.units[1].priority.reset();
  auto made = CbsPlanner::make(lv, lv.rules(), {});
  REQUIRE(made.ok());
  CbsPlanner& cbs = made.value();
  REQUIRE(cbs.step_node());
  says(lv, "Its root plans each unit alone (cost " + number_text(cbs.nodes()[0].cost.value()) + ")");
  const Conflict root = find_conflicts(cbs.plans_of(0)).front();
  says(lv, "finds them both at " + cell_text(root.cell) + " at " + t_text(root.tick));
  cbs.run();
  REQUIRE(cbs.outcome() == CbsOutcome::Solved);
  CHECK(test::brute_conflicts(cbs.plans()).empty());
  const PlanStats s = plan_stats(cbs.plans(), goals_of(lv));
  says(lv, "until node " + std::to_string(*cbs.solution()) + " (cost " + std::to_string(s.sum_of_costs) + ")");
  says(lv, "The sum of costs is " + std::to_string(s.sum_of_costs) + " and the makespan " + std::to_string(s.makespan));
  says(lv, "CBS made " + std::to_string(cbs.nodes_made()) + " tree nodes and split " + std::to_string(cbs.nodes_expanded()));
  // Unit 1 is in the niche at t = 5 while unit 0 waits at (4, 1).
  CHECK(cbs.plans()[1].at(5) == Cell{5, 2});
  says(lv, "unit 1 ducks into the niche at " + t_text(5));
  CHECK(cbs.plans()[0].at(3) == Cell{4, 1});
  CHECK(cbs.plans()[0].at(4) == Cell{4, 1});
}
