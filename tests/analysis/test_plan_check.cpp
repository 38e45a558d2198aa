// A multi-agent plan checked against its problem (plan_check.hpp): each planted bug (a
// collision, a swap, a teleport, a diagonal step, a wall, off the map, a wrong start, a wrong
// goal, leaving the goal, a sum of costs above the optimum) gives exactly its finding, and the
// same finding after the plan is written in each format and read back (plan_formats.hpp);
// on 300 random sets of random walks the findings equal an independent count (the conflicts by
// brute force, support/plan_oracle.hpp); CA*'s plans have none; conflicts past the cap are not
// listed, and said so.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "astar/cooperative.hpp"
#include "astar/movingai.hpp"
#include "astar/plan_check.hpp"
#include "astar/plan_formats.hpp"
#include "support/ascii_level.hpp"
#include "support/plan_oracle.hpp"

using namespace astar;

namespace {

// Three units crossing an 8 x 4 map with one wall at (3, 1); MovingAI's multi-agent rules.
//   0 . . . . . . 0'     unit 0: (0, 0) -> (7, 0)
//   . . . # . . . .
//   1 . . . . . . 1'     unit 1: (0, 2) -> (7, 2)
//   2'. . . . . . 2      unit 2: (7, 3) -> (0, 3)
Level crossing() {
  Level lv = test::ascii_level(R"(
    ........
    ...#....
    ........
    ........)", mapf_rules());
  lv.units = {Unit{{0, 0}, {7, 0}, std::nullopt}, Unit{{0, 2}, {7, 2}, std::nullopt},
              Unit{{7, 3}, {0, 3}, std::nullopt}};
  return lv;
}

UnitPlan walk(std::initializer_list<Cell> cells) { return UnitPlan{std::vector<Cell>(cells)}; }
UnitPlan row(int y, int from_x, int to_x) {
  UnitPlan p;
  for (int x = from_x;; x += from_x < to_x ? 1 : -1) {
    p.cells.push_back({x, y});
    if (x == to_x) break;
  }
  return p;
}
std::vector<UnitPlan> straight() { return {row(0, 0, 7), row(2, 0, 7), row(3, 7, 0)}; }

PlanCheckReport check(const Level& lv, const std::vector<UnitPlan>& plans, const PlanCheckOptions& o = {}) {
  auto r = check_plans(lv, lv.rules(), plans, o);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

struct Expected {
  PlanFindingKind kind;
  std::optional<std::size_t> unit, other;
  std::size_t tick;
  Cell cell;
  std::string text;
};

void check_exactly(const PlanCheckReport& r, const Expected& e) {
  REQUIRE(r.findings.size() == 1);
  const PlanFinding& f = r.findings[0];
  CHECK(f.kind == e.kind);
  CHECK(f.unit == e.unit);
  CHECK(f.other == e.other);
  CHECK(f.tick == e.tick);
  CHECK(f.cell == e.cell);
  CHECK(f.text == e.text);
  CHECK(r.total() == 1);
  CHECK(r.counts[static_cast<std::size_t>(e.kind)] == 1);
}

bool same_findings(const PlanCheckReport& a, const PlanCheckReport& b) {
  if (a.findings.size() != b.findings.size()) return false;
  for (std::size_t k = 0; k < a.findings.size(); ++k) {
    const PlanFinding &x = a.findings[k], &y = b.findings[k];
    if (x.kind != y.kind || x.unit != y.unit || x.other != y.other || x.tick != y.tick || !(x.cell == y.cell) ||
        x.text != y.text)
      return false;
  }
  return a.stats.sum_of_costs == b.stats.sum_of_costs && a.stats.makespan == b.stats.makespan &&
         a.ticks == b.ticks;
}

constexpr std::initializer_list<PlanFormat> kAll{PlanFormat::Kei18, PlanFormat::Li, PlanFormat::Tracker};

// The plan written in each of `formats` and read back for the problem gives the same report; a
// bug a format cannot hold is refused by its writer (`unwritable` lists those formats).
void check_in_each_format(const Level& lv, const std::vector<UnitPlan>& plans, const PlanCheckOptions& o,
                          std::initializer_list<PlanFormat> unwritable = {},
                          std::initializer_list<PlanFormat> formats = kAll) {
  const PlanCheckReport direct = check(lv, plans, o);
  std::vector<Cell> starts;
  for (const Unit& u : lv.units) starts.push_back(u.start);
  for (const PlanFormat f : formats) {
    CAPTURE(to_string(f));
    const Result<std::string> text = plans_text(plans, f);
    if (std::find(unwritable.begin(), unwritable.end(), f) != unwritable.end()) {
      CHECK_FALSE(text.ok());
      continue;
    }
    REQUIRE(text.ok());
    const auto read = parse_plans(text.value(), "plan.txt", {.units = lv.units.size(), .starts = starts});
    REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.error()));
    CHECK(same_findings(check(lv, read.value().plans, o), direct));
  }
}

}  // namespace

TEST_CASE("[plan check] the straight plan has no finding; its sum of costs and makespan") {
  const Level lv = crossing();
  const PlanCheckReport r = check(lv, straight());
  CHECK(r.findings.empty());
  CHECK(r.total() == 0);
  CHECK(r.stats.sum_of_costs == 21);
  CHECK(r.stats.makespan == 7);
  CHECK(r.stats.arrived == 3);
  CHECK(r.ticks == 7);
  CHECK_FALSE(r.conflicts_from.has_value());
  check_in_each_format(lv, straight(), {});
}

TEST_CASE("[plan check] a collision: exactly one vertex conflict, in each format") {
  const Level lv = crossing();
  std::vector<UnitPlan> p = straight();
  // Unit 1 dips into row 3 and meets unit 2 at (3, 3) at t = 4.
  p[1] = walk({{0, 2}, {1, 2}, {2, 2}, {3, 2}, {3, 3}, {4, 3}, {4, 2}, {5, 2}, {6, 2}, {7, 2}});
  check_exactly(check(lv, p), {PlanFindingKind::VertexConflict, 1, 2, 4, {3, 3},
                               "units 1 and 2 both at (3, 3) at t = 4"});
  check_in_each_format(lv, p, {});
}

TEST_CASE("[plan check] a swap: exactly one edge conflict, in each format") {
  const Level lv = crossing();
  std::vector<UnitPlan> p = straight();
  // Unit 1 waits at (2, 3) and steps into (3, 3) as unit 2 steps out of it into (2, 3).
  p[1] = walk({{0, 2}, {1, 2}, {2, 2}, {2, 3}, {2, 3}, {3, 3}, {4, 3}, {4, 2}, {5, 2}, {6, 2}, {7, 2}});
  check_exactly(check(lv, p), {PlanFindingKind::EdgeConflict, 1, 2, 5, {3, 3},
                               "units 1 and 2 swap (2, 3) and (3, 3) between t = 4 and t = 5"});
  check_in_each_format(lv, p, {});
}

TEST_CASE("[plan check] a teleport: exactly one illegal move; the tracker cannot write it") {
  const Level lv = crossing();
  std::vector<UnitPlan> p = straight();
  p[0] = walk({{0, 0}, {1, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}});
  check_exactly(check(lv, p), {PlanFindingKind::IllegalMove, 0, std::nullopt, 2, {4, 0},
                               "unit 0 moves from (1, 0) to (4, 0) between t = 1 and t = 2: not adjacent: 3 "
                               "cells away (a teleport)"});
  check_in_each_format(lv, p, {}, {PlanFormat::Tracker});
}

TEST_CASE("[plan check] a diagonal step under 4 neighbours: exactly one illegal move") {
  const Level lv = crossing();
  std::vector<UnitPlan> p = straight();
  p[0] = walk({{0, 0}, {1, 1}, {2, 1}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}});
  check_exactly(check(lv, p), {PlanFindingKind::IllegalMove, 0, std::nullopt, 1, {1, 1},
                               "unit 0 moves from (0, 0) to (1, 1) between t = 0 and t = 1: a diagonal step, "
                               "and the rules allow 4 neighbours"});
  check_in_each_format(lv, p, {}, {PlanFormat::Tracker});
}

TEST_CASE("[plan check] into a wall, and off the map: one illegal move each, in each format") {
  const Level lv = crossing();
  std::vector<UnitPlan> wall = straight();
  // Into the wall at (3, 1), and on through it: a unit in a wall is not checked again.
  wall[0] = walk({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {4, 1}, {4, 0}, {5, 0}, {6, 0}, {7, 0}});
  check_exactly(check(lv, wall), {PlanFindingKind::IllegalMove, 0, std::nullopt, 4, {3, 1},
                                  "unit 0 moves from (3, 0) to (3, 1) between t = 3 and t = 4: into a wall"});
  check_in_each_format(lv, wall, {});
  std::vector<UnitPlan> off = straight();
  off[2] = walk({{7, 3}, {7, 4}, {7, 3}, {6, 3}, {5, 3}, {4, 3}, {3, 3}, {2, 3}, {1, 3}, {0, 3}});
  check_exactly(check(lv, off), {PlanFindingKind::IllegalMove, 2, std::nullopt, 1, {7, 4},
                                 "unit 2 moves from (7, 3) to (7, 4) between t = 0 and t = 1: off the map"});
  check_in_each_format(lv, off, {});
}

TEST_CASE("[plan check] a wrong start and a wrong goal: exactly their finding") {
  const Level lv = crossing();
  std::vector<UnitPlan> start = straight();
  start[0] = row(0, 1, 7);
  check_exactly(check(lv, start), {PlanFindingKind::WrongStart, 0, std::nullopt, 0, {1, 0},
                                   "unit 0 starts at (1, 0), not on its start (0, 0)"});
  // The tracker's plans start where the problem says: this bug cannot be written in it (its
  // writer leaves the start out, and reading puts the problem's back).
  check_in_each_format(lv, start, {}, {}, {PlanFormat::Kei18, PlanFormat::Li});
  std::vector<UnitPlan> goal = straight();
  goal[0] = row(0, 0, 6);
  check_exactly(check(lv, goal), {PlanFindingKind::WrongGoal, 0, std::nullopt, 6, {6, 0},
                                  "unit 0 ends at (6, 0) (from t = 6 on), not on its goal (7, 0)"});
  CHECK(check(lv, goal).stats.arrived == 2);
  check_in_each_format(lv, goal, {});
}

TEST_CASE("[plan check] leaving the goal is a finding only when the rules say a unit stays") {
  const Level lv = crossing();
  std::vector<UnitPlan> p = straight();
  p[0].cells.push_back({7, 1});
  p[0].cells.push_back({7, 0});
  CHECK(check(lv, p).findings.empty());
  CHECK(check(lv, p).stats.sum_of_costs == 23);  // unit 0's cost is its last arrival, t = 9
  check_exactly(check(lv, p, {.stay_at_goal = true}),
                {PlanFindingKind::LeavesGoal, 0, std::nullopt, 8, {7, 1},
                 "unit 0 arrives on its goal (7, 0) at t = 7 and leaves it at t = 8 (to (7, 1)); the rules say "
                 "a unit that arrives stays"});
  check_in_each_format(lv, p, {.stay_at_goal = true});
}

TEST_CASE("[plan check] a sum of costs above the optimum's, and not above it") {
  const Level lv = crossing();
  check_exactly(check(lv, straight(), {.optimum = PlanOptimum{20, 7}}),
                {PlanFindingKind::AboveOptimum, std::nullopt, std::nullopt, 7, {0, 0},
                 "the plan's sum of costs is 21, the optimum's 20 (1 more)"});
  CHECK(check(lv, straight(), {.optimum = PlanOptimum{21, 7}}).findings.empty());
  // A plan that does not bring every unit home is not compared.
  std::vector<UnitPlan> p = straight();
  p[0] = row(0, 0, 6);
  CHECK(check(lv, p, {.optimum = PlanOptimum{1, 1}}).counts[static_cast<std::size_t>(PlanFindingKind::AboveOptimum)] ==
        0);
}

TEST_CASE("[plan check] refusals and names") {
  const Level lv = crossing();
  CHECK(check_plans(lv, lv.rules(), {row(0, 0, 7)}).error() == "1 plans for 3 units");
  std::vector<UnitPlan> p = straight();
  p[1].cells.clear();
  CHECK(check_plans(lv, lv.rules(), p).error() == "unit 1's plan is empty");
  CHECK(to_string(PlanFindingKind::VertexConflict) == "vertex-conflict");
  CHECK(to_string(PlanFindingKind::AboveOptimum) == "above-optimum");
}

TEST_CASE("[plan check] 300 random sets of random walks: the findings equal an independent count") {
  std::mt19937 rng(3301);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::size_t conflicts = 0, illegal = 0;
  for (int round = 0; round < 300; ++round) {
    CAPTURE(round);
    Level lv(pick(2, 7), pick(2, 7));
    lv.rules() = mapf_rules();
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, pick(0, 99) < 15);
    std::vector<UnitPlan> plans;
    const int n = pick(1, 6);
    for (int i = 0; i < n; ++i) {
      const Cell start{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
      lv.units.push_back({start, {pick(0, lv.width() - 1), pick(0, lv.height() - 1)}, std::nullopt});
      UnitPlan p{{start}};
      for (int t = pick(0, 12); t > 0; --t) {
        const int k = pick(0, 9);
        const Cell c = p.cells.back();
        p.cells.push_back(k < 2 ? c : k == 2 ? Cell{c.x + 1, c.y} : k == 3 ? Cell{c.x - 1, c.y}
                          : k == 4 ? Cell{c.x, c.y + 1} : k == 5 ? Cell{c.x, c.y - 1} : k == 6 ? Cell{c.x + 1, c.y + 1}
                          : k == 7 ? Cell{c.x + 2, c.y} : lv.units[static_cast<std::size_t>(pick(0, i))].start);
      }
      plans.push_back(std::move(p));
    }
    const PlanCheckReport r = check(lv, plans);
    // Independently: trailing waits dropped, then every pair at every tick, every step.
    std::vector<UnitPlan> trimmed = plans;
    for (UnitPlan& p : trimmed)
      while (p.cells.size() > 1 && p.cells.back() == p.cells[p.cells.size() - 2]) p.cells.pop_back();
    const std::vector<Conflict> expected = test::brute_conflicts(trimmed);
    std::size_t steps = 0, starts = 0, goals = 0;
    for (std::size_t i = 0; i < trimmed.size(); ++i) {
      const std::vector<Cell>& c = trimmed[i].cells;
      starts += !(c.front() == lv.units[i].start);
      goals += !(c.back() == lv.units[i].goal);
      for (std::size_t t = 1; t < c.size(); ++t) {
        if (c[t] == c[t - 1] || !lv.in_bounds(c[t - 1]) || lv.wall(c[t - 1])) continue;
        const bool neighbour = std::abs(c[t].x - c[t - 1].x) + std::abs(c[t].y - c[t - 1].y) == 1;
        steps += !neighbour || !lv.in_bounds(c[t]) || lv.wall(c[t]);
      }
    }
    const auto count = [&](PlanFindingKind k) { return r.counts[static_cast<std::size_t>(k)]; };
    CHECK(count(PlanFindingKind::VertexConflict) + count(PlanFindingKind::EdgeConflict) == expected.size());
    CHECK(count(PlanFindingKind::IllegalMove) == steps);
    CHECK(count(PlanFindingKind::WrongStart) == starts);
    CHECK(count(PlanFindingKind::WrongGoal) == goals);
    std::size_t k = 0;
    for (const PlanFinding& f : r.findings) {
      if (f.kind != PlanFindingKind::VertexConflict && f.kind != PlanFindingKind::EdgeConflict) continue;
      REQUIRE(k < expected.size());
      CHECK(f.text == conflict_text(expected[k++]));
    }
    CHECK(std::is_sorted(r.findings.begin(), r.findings.end(),
                         [](const PlanFinding& a, const PlanFinding& b) { return a.tick < b.tick; }));
    conflicts += expected.size();
    illegal += steps;
  }
  CHECK(conflicts > 100);
  CHECK(illegal > 300);
}

TEST_CASE("[plan check] CA*'s plans on 200 random problems have no finding when every unit arrives") {
  std::mt19937 rng(3302);
  std::size_t checked = 0;
  for (int round = 0; round < 200; ++round) {
    const int w = 3 + static_cast<int>(rng() % 6), h = 3 + static_cast<int>(rng() % 6);
    Level lv(w, h);
    lv.rules() = mapf_rules();
    std::vector<Cell> open;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        lv.set_wall({x, y}, rng() % 100 < 15);
        if (!lv.wall({x, y})) open.push_back({x, y});
      }
    std::shuffle(open.begin(), open.end(), rng);
    std::vector<Cell> goals = open;
    std::shuffle(goals.begin(), goals.end(), rng);
    const std::size_t n = std::min<std::size_t>(open.size(), 2 + rng() % 6);
    for (std::size_t i = 0; i < n; ++i) lv.units.push_back({open[i], goals[i], std::nullopt});
    if (lv.units.size() < 2 || !lv.check_units().empty()) continue;
    const auto plan = plan_cooperative(lv, lv.rules(), {});
    REQUIRE(plan.ok());
    if (!plan.value().failures.empty()) continue;
    CAPTURE(round);
    const PlanCheckReport r = check(lv, plan.value().plans);
    CHECK(r.findings.empty());
    ++checked;
  }
  CHECK(checked > 50);
}

TEST_CASE("[plan check] 2,000 units in one cell: the conflicts are not listed past the cap, and that is said") {
  Level lv(100, 100);
  lv.rules() = mapf_rules();
  std::vector<UnitPlan> plans;
  for (int i = 0; i < 2000; ++i) {
    const Cell start{i % 100, i / 100};
    lv.units.push_back({start, {50, 50}, std::nullopt});
    plans.push_back({{start, {50, 50}}});
  }
  const PlanCheckReport r = check(lv, plans);
  REQUIRE(r.conflicts_from.has_value());
  CHECK(*r.conflicts_from == 1);  // 1,999,000 pairs at t = 1
  CHECK(r.counts[static_cast<std::size_t>(PlanFindingKind::VertexConflict)] == 0);
  CHECK(r.counts[static_cast<std::size_t>(PlanFindingKind::IllegalMove)] > 1900);  // teleports
}
