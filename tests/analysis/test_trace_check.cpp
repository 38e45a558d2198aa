// check_trace: traces written by small A*s with the bugs real pathfinders have
// (trace_writers.hpp), each case asserting exactly which kinds of finding it gets.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <set>

#include "support/ascii_level.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_replay.hpp"
#include "support/random_level.hpp"
#include "support/trace_writers.hpp"
#include "support/traced_search.hpp"

using namespace astar;
using namespace astar::test;

namespace {

std::set<std::string> kinds(const TraceCheckReport& r) {
  std::set<std::string> out;
  for (const Finding& f : r.findings) out.insert(std::string(to_string(f.kind)));
  return out;
}

using Kinds = std::set<std::string>;

// 8 neighbours, no corner cutting (the default rules), walls and a few costly cells.
//   S . . . . .
//   . # # # 3 .
//   . . . # . .
//   . 2 . # . .
//   . . . . . G
constexpr const char* kField = R"(
    S.....
    .###3.
    ...#..
    .2.#..
    .....G)";

}  // namespace

TEST_CASE("[TraceCheck] check: a correct A* has no findings, scaled and rounded or not") {
  const Level lv = ascii_level(kField);
  SUBCASE("as computed") {
    const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv));
    CHECK(kinds(r) == Kinds{});
    CHECK(r.total() == 0);
    CHECK(r.cost_scale == 1.0);
    CHECK(r.scale_note.rfind("cost scale 1 inferred from ", 0) == 0);
    REQUIRE(r.trace_path_cost);
    REQUIRE(r.optimal_cost);
    CHECK(*r.trace_path_cost == doctest::Approx(*r.optimal_cost));
    REQUIRE(r.trace_path_g);  // the trace's own g agrees
    CHECK(*r.trace_path_g == doctest::Approx(*r.trace_path_cost));
  }
  SUBCASE("costs times 1e-5, printed with 6 significant digits") {
    AStarBugs b;
    b.scale = 1e-5;
    b.round6 = true;
    const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
    CHECK(kinds(r) == Kinds{});
    CHECK(r.cost_scale == 1e-5);
    REQUIRE(r.trace_path_g);  // scaled back to the level's units
    CHECK(*r.trace_path_g == doctest::Approx(*r.optimal_cost).epsilon(1e-5));
    CHECK(r.scale_note.rfind("cost scale 1e-05 inferred from ", 0) == 0);
    CHECK(r.scale_note.find(" moves") != std::string::npos);
  }
  SUBCASE("h left out, f and g printed with 6 digits: f - g carries their rounding") {
    // Near the goal of a long search g and f are large and h small: f - g is off by the
    // rounding of f and g, far more than h's own size allows (found with a 6-digit Python
    // trace of arena2, costs times 100, where h 4.829 "overestimated" 4.828).
    const Level corridor = ascii_level("S" + std::string(499, '.') + "\n" + std::string(499, '.') + "G");
    AStarBugs b;
    b.scale = 100;
    b.round6 = true;
    b.omit_h = true;
    const TraceCheckReport r = check_trace(corridor, corridor.rules(), write_astar(corridor, b));
    CHECK(kinds(r) == Kinds{});
  }
  SUBCASE("the scale given") {
    AStarBugs b;
    b.scale = 100;
    const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b), {.cost_scale = 100});
    CHECK(kinds(r) == Kinds{});
    CHECK(r.scale_note == "cost scale 100 (given)");
    // The wrong scale given: every g is 100 times too large.
    const TraceCheckReport wrong = check_trace(lv, lv.rules(), write_astar(lv, b), {.cost_scale = 1});
    CHECK(wrong.counts[static_cast<std::size_t>(FindingKind::GMismatch)] > 0);
  }
}

TEST_CASE("[TraceCheck] check: Manhattan h with 8 neighbours overestimates, and f goes down") {
  //   S . .    h(S) = 4 > 2.83. S (f 4) is expanded, then (1, 1) with f 1.41 + 2 = 3.41 and
  //   . . .    the goal with f 2.83: f goes down (one run of two expansions). The path
  //   . . G    S (1,1) G is optimal and every g is right.
  const Level lv = ascii_level(R"(
      S..
      ...
      ..G)");
  AStarBugs b;
  b.h = AStarBugs::H::Manhattan;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"f-order", "overestimate"});
  CHECK(r.counts[static_cast<std::size_t>(FindingKind::FOrder)] == 1);
  for (const Finding& f : r.findings)
    if (f.kind == FindingKind::FOrder) CHECK(f.message.find("2 expansions in a row") != std::string::npos);
  CHECK(r.findings.front().kind == FindingKind::Overestimate);
  CHECK(r.findings.front().cell == lv.start());
  CHECK(r.findings.front().message == "(0, 0) has h 4.00, more than its true remaining cost 2.83");
}

TEST_CASE("[TraceCheck] check: cutting a corner is an illegal move and breaks the path") {
  //   S #     S -> G diagonally passes the wall at (1, 0): no corner cutting on this level
  //   . G
  const Level lv = ascii_level(R"(
      S#
      .G)");
  AStarBugs b;
  b.cut_corners = true;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"bad-path", "illegal-move"});
  const Finding& f = r.findings.front();
  CHECK(f.kind == FindingKind::IllegalMove);
  CHECK(f.cell == lv.goal());
  CHECK(f.message == "(1, 1) is reached from (0, 0), which no legal move allows: corner cut");
  // No cost under the level's rules, which forbid the move; the cost the trace gives it (and
  // the replay shows) is its g at the goal, one diagonal.
  CHECK_FALSE(r.trace_path_cost);
  REQUIRE(r.trace_path_g);
  CHECK(*r.trace_path_g == doctest::Approx(std::sqrt(2.0)));
  TraceReplay replay(lv, std::make_shared<const ImportedTrace>(write_astar(lv, b)));
  CHECK(replay.run() == SearchState::Found);
  CHECK(replay.path_cost() == doctest::Approx(*r.trace_path_g));
  // The same A* without the bug: nothing.
  CHECK(kinds(check_trace(lv, lv.rules(), write_astar(lv))) == Kinds{});
}

TEST_CASE("[TraceCheck] check: diagonals costing 1 are g mismatches") {
  //   S . .    h = 0 (so the order is by g and f never goes down); straight moves set the
  //   . . .    scale to 1; every diagonal link is 0.41 short; the path S (1,1) G is still the
  //   . . G    optimal one.
  const Level lv = ascii_level(R"(
      S..
      ...
      ..G)");
  AStarBugs b;
  b.h = AStarBugs::H::Zero;
  b.diagonal_costs_one = true;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"g-mismatch"});
  CHECK(r.cost_scale == 1.0);
  CHECK(r.findings.front().message ==
        "(1, 1) has g 1.00 via (0, 0), but g 0.00 there + the move's cost 1.41 = 1.41");
  // Priced under the rules the path costs two diagonals; the trace says 2.
  REQUIRE(r.trace_path_cost);
  REQUIRE(r.trace_path_g);
  CHECK(*r.trace_path_cost == doctest::Approx(2 * std::sqrt(2.0)));
  CHECK(*r.trace_path_g == doctest::Approx(2.0));
}

TEST_CASE("[TraceCheck] check: a better path to an open node ignored") {
  //   S # .    diagonals allowed past walls on this level. X = (1, 1) costs 9: from S
  //   . X G    diagonally 12.73, then from (0, 1) 1 + 9 = 10, which the buggy A* ignores; X is
  //   . # .    expanded with 12.73 (missed-improvement) and the path costs 13.73, not 11.
  Level lv = ascii_level(R"(
      S#.
      .9G
      .#.)");
  lv.rules().diagonal = DiagonalPolicy::Always;
  AStarBugs b;
  b.h = AStarBugs::H::Zero;
  b.ignore_better_paths = true;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"missed-improvement", "suboptimal"});
  for (const Finding& f : r.findings) {
    if (f.kind == FindingKind::MissedImprovement)
      CHECK(f.message == "(1, 1) is expanded with g 12.73, but the expanded neighbour (0, 1) "
                         "offers 1.00 + 9.00 = 10.00: a better path was ignored");
    if (f.kind == FindingKind::Suboptimal)
      CHECK(f.message == "the trace's path costs 13.73, the optimum 11.00; they part at (0, 0)");
  }
  CHECK(kinds(check_trace(lv, lv.rules(), write_astar(lv, {.h = AStarBugs::H::Zero}))) == Kinds{});
}

TEST_CASE("[TraceCheck] check: a node expanded twice") {
  //   S . .    a correct trace whose writer logs the source's expansion twice
  //   . . G
  const Level lv = ascii_level(R"(
      S..
      ..G)");
  ImportedTrace t = write_astar(lv);
  std::size_t first = 0;
  while (t.events[first].type != TraceEventType::Expanding) ++first;
  t.events.insert(t.events.begin() + static_cast<std::ptrdiff_t>(first) + 1, t.events[first]);
  const TraceCheckReport r = check_trace(lv, lv.rules(), t);
  CHECK(kinds(r) == Kinds{"reexpanded"});
  CHECK(r.findings.front().event == first + 1);
}

TEST_CASE("[TraceCheck] check: the open list ordered by g while f is written as g + h") {
  //   S . .    (1, 0) and (0, 1) (g 1, f 3.24) are taken before (1, 1) (g 1.41, f 2.83)
  //   . . .
  //   . . G
  const Level lv = ascii_level(R"(
      S..
      ...
      ..G)");
  AStarBugs b;
  b.order_by_g = true;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"f-order"});
}

TEST_CASE("[TraceCheck] check: a broken final path") {
  //   S . . .    the writer ends at the first node within one step of the goal
  //   . . . G
  const Level lv = ascii_level(R"(
      S...
      ...G)");
  AStarBugs b;
  b.stop_early = true;
  const TraceCheckReport r = check_trace(lv, lv.rules(), write_astar(lv, b));
  CHECK(kinds(r) == Kinds{"bad-path"});
  CHECK(r.findings.front().message.find("not at the destination (3, 1)") != std::string::npos);
  CHECK_FALSE(r.trace_path_cost);  // short of the destination: no path to price
  CHECK(r.trace_path_g);           // but the trace gives the cells it reached a g

  SUBCASE("a chain of parents that loops") {
    TraceBuilder t;
    t.add(TraceEventType::Source, {0, 0}, std::nullopt, 0);
    t.add(TraceEventType::Destination, {3, 1});
    t.add(TraceEventType::Expanding, {0, 0}, std::nullopt, 0);
    t.add(TraceEventType::Generating, {1, 0}, Cell{0, 0}, 1);
    t.add(TraceEventType::Generating, {2, 0}, Cell{1, 0}, 2);
    t.add(TraceEventType::Updating, {1, 0}, Cell{2, 0}, 3);
    t.end(Cell{2, 0});
    const TraceCheckReport loop = check_trace(lv, lv.rules(), t.t);
    CHECK(kinds(loop).count("bad-path") == 1);
    CHECK(kinds(loop) == Kinds{"bad-path"});
    REQUIRE(loop.findings.size() == 2);  // the loop, and its end is not the destination
    CHECK_FALSE(loop.trace_path_g);      // no chain from the source: no cost of its own
    CHECK(loop.findings[0].message == "the path's chain of parents from (2, 0) runs in a loop "
                                      "through (1, 0) and never reaches the source (0, 0)");
  }
}

TEST_CASE("[TraceCheck] check: findings capped per kind, counted, in event order") {
  const Level lv = ascii_level(kField);
  AStarBugs b;
  b.h = AStarBugs::H::Zero;
  b.diagonal_costs_one = true;
  const TraceCheckReport all = check_trace(lv, lv.rules(), write_astar(lv, b), {.cost_scale = std::nullopt, .max_per_kind = 0});
  const std::int64_t n = all.counts[static_cast<std::size_t>(FindingKind::GMismatch)];
  REQUIRE(n > 3);
  const TraceCheckReport capped = check_trace(lv, lv.rules(), write_astar(lv, b), {.cost_scale = std::nullopt, .max_per_kind = 2});
  CHECK(capped.counts[static_cast<std::size_t>(FindingKind::GMismatch)] == n);
  CHECK(capped.total() == all.total());
  CHECK(std::count_if(capped.findings.begin(), capped.findings.end(), [](const Finding& f) {
          return f.kind == FindingKind::GMismatch;
        }) == 2);
  for (std::size_t i = 1; i < all.findings.size(); ++i)
    CHECK(all.findings[i - 1].event <= all.findings[i].event);
}

TEST_CASE("[TraceCheck] check: Dijkstra of ours on random levels has no findings") {
  std::mt19937 rng(2024);
  int checked = 0;
  for (int round = 0; round < 60; ++round) {
    const Level lv = random_level(rng, 10);
    TracedSearch ts(lv, {.algorithm = Algorithm::Dijkstra});
    if (ts.search->state() == SearchState::Invalid) continue;
    const NodeView start = ts.search->node(lv.start());
    ts.search->run();
    const ImportedTrace t = from_recorder(lv, start, ts.rec.events(), ts.search->state() == SearchState::Found);
    const TraceCheckReport r = check_trace(lv, lv.rules(), t);
    CAPTURE(round);
    CHECK(kinds(r) == Kinds{});
    if (!r.findings.empty()) CHECK(r.findings.front().message == "");
    ++checked;
  }
  CHECK(checked > 30);
}

TEST_CASE("[TraceCheck] check: tolerance, names and the scale notes") {
  CHECK(trace_equal(1.0, 1.0 + 0.5e-4));
  CHECK_FALSE(trace_equal(1.0, 1.0 + 2e-4));
  CHECK(trace_equal(1e5, 1e5 + 5));  // relative
  CHECK(trace_less(1.0, 1.001));
  CHECK_FALSE(trace_less(1.0, 1.00001));
  for (int k = 0; k < static_cast<int>(FindingKind::_Max); ++k)
    CHECK(parse_finding_kind(to_string(static_cast<FindingKind>(k))) == static_cast<FindingKind>(k));
  CHECK_FALSE(parse_finding_kind("nonsense"));
  const Level lv = ascii_level("S.G");
  TraceBuilder t;
  t.add(TraceEventType::Source, {0, 0});
  const TraceCheckReport r = check_trace(lv, lv.rules(), t.t);
  CHECK(r.scale_note == "cost scale 1 (nothing to infer from)");
  const TraceCheckReport bad = check_trace(lv, lv.rules(), t.t, {.cost_scale = 0});
  CHECK(bad.cost_scale == 1.0);
  CHECK(bad.scale_note == "cost scale 0 is not a number > 0: 1 used instead");
}

TEST_CASE("[TraceCheck] check: any-angle and jump point traces of ours are legal moves") {
  //   links longer than one cell with line of sight: legal, costing their length
  const Level lv = ascii_level(R"(
      S.........
      ..........
      ...####...
      ......#...
      ......#..G)");
  for (Algorithm a : {Algorithm::ThetaStar, Algorithm::JumpPoint}) {
    CAPTURE(static_cast<int>(a));
    TracedSearch ts(lv, {.algorithm = a});
    const NodeView start = ts.search->node(lv.start());
    REQUIRE(ts.search->run() == SearchState::Found);
    const ImportedTrace t = from_recorder(lv, start, ts.rec.events(), true);
    const TraceCheckReport r = check_trace(lv, lv.rules(), t);
    CHECK(kinds(r).count("illegal-move") == 0);
    CHECK(kinds(r).count("g-mismatch") == 0);
    CHECK(kinds(r).count("bad-path") == 0);
    CHECK(kinds(r).count("suboptimal") == 0);
    REQUIRE(r.trace_path_cost);
    CHECK(*r.trace_path_cost == doctest::Approx(ts.search->path_cost()));
  }
  // A trace that jumps one node two cells now and then is not any-angle: "not adjacent".
  TraceBuilder b;
  b.add(TraceEventType::Source, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Expanding, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Generating, {1, 0}, Cell{0, 0}, 1);
  b.add(TraceEventType::Generating, {0, 1}, Cell{0, 0}, 1);
  b.add(TraceEventType::Generating, {2, 0}, Cell{0, 0}, 2);
  const TraceCheckReport r = check_trace(lv, lv.rules(), b.t);
  REQUIRE(r.counts[static_cast<std::size_t>(FindingKind::IllegalMove)] == 1);
  CHECK(r.findings.front().message ==
        "(2, 0) is reached from (0, 0), which no legal move allows: not adjacent");
}
