// run()'s batch loop against stepping. On a uniform grid, run() without a listener (recording
// or not) takes nodes in its own loop (BestFirstSearch::run_batch: over a radix heap for A*,
// Dijkstra and Jump Point Search, over the indexed heap for the others), from iteration 0 or
// from wherever steps left the search. A search run to its end from any iteration must equal
// the same search stepped there: the same takes (so the same counters, heap operations
// included), every cell's state, g, h, f and parent, the same path and last taken node, and an
// open set whose heap and positions hold (check_invariants), whether the loop ends the search
// itself (no path) or leaves its last step to step() (the goal, the iteration limit).
#include <doctest/doctest.h>

#include <random>
#include <span>

#include "astar/detail/best_first.hpp"
#include "astar/search.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;
using astar::test::check_same_state;

namespace {

// check_same_state, and the same path cost and a sound open set.
void check_same(const Level& lv, const BestFirstSearch& a, const BestFirstSearch& b) {
  check_same_state(a, b, lv);
  CHECK(a.path_cost() == b.path_cost());
  CHECK(a.check_invariants() == "");
}

// A random uniform level and search options for one of `algorithms`: any heuristic and
// tie-break, an iteration limit on a fifth of them, a weight for weighted A*, and for JPS the
// rules it supports (8 neighbours without corner cutting).
struct RandomCase {
  Level level;
  SearchOptions options;
};
RandomCase random_case(std::mt19937& rng, std::span<const Algorithm> algorithms) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  RandomCase c{test::random_uniform_level(rng), {}};
  SearchOptions& o = c.options;
  const int last = static_cast<int>(algorithms.size()) - 1;
  o = {.algorithm = algorithms[static_cast<std::size_t>(pick(0, last))],
       .heuristic = static_cast<Heuristic>(pick(0, 4)),
       .tie_break = static_cast<TieBreak>(pick(0, 3)),
       .max_iterations = pick(0, 4) == 0 ? pick(1, 400) : 0};
  if (o.algorithm == Algorithm::WeightedAStar) o.weight = pick(10, 40) / 10.0;
  if (o.algorithm == Algorithm::JumpPoint) {
    c.level.rules().neighbours = Neighbours::Eight;
    c.level.rules().diagonal = DiagonalPolicy::NoCornerCutting;
  }
  return c;
}

}  // namespace

TEST_CASE("[search] run() from any iteration equals stepping, on 600 random uniform levels") {
  std::mt19937 rng(20261125);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Algorithm algorithms[] = {Algorithm::AStar, Algorithm::WeightedAStar, Algorithm::Dijkstra,
                                  Algorithm::GreedyBestFirst, Algorithm::JumpPoint};
  std::int64_t improved = 0, limited = 0, no_path = 0;
  for (int n = 0; n < 600; ++n) {
    RandomCase rc = random_case(rng, algorithms);
    // Not structured bindings: Emscripten's clang (14) cannot capture those in CAPTURE's lambda.
    Level& lv = rc.level;
    const SearchOptions& o = rc.options;
    CAPTURE(n);
    CAPTURE(static_cast<int>(o.algorithm));
    CAPTURE(static_cast<int>(o.tie_break));
    BestFirstSearch stepped(lv, o), ran(lv, o);
    while (!finished(stepped.step())) {
    }
    // Step the other some way first: run() starts from an open set the steps left.
    const int first = pick(0, 3) == 0 ? 0 : pick(0, static_cast<int>(stepped.iterations()));
    for (int k = 0; k < first && !finished(ran.step()); ++k) {
    }
    ran.run();
    check_same(lv, ran, stepped);
    improved += stepped.metrics().improved;
    limited += stepped.state() == SearchState::IterationLimit;
    no_path += stepped.state() == SearchState::NoPath;
    // A restart runs again from nothing, through the same loop.
    ran.restart();
    ran.run();
    check_same(lv, ran, stepped);
  }
  // The levels exercise what the loop must get right: improved nodes, limits, dead ends.
  CHECK(improved > 1000);
  CHECK(limited > 20);
  CHECK(no_path > 30);
  MESSAGE(improved << " improvements, " << limited << " iteration limits, " << no_path << " no path");
}

TEST_CASE("[search] run() with recording rewinds as stepping does, on 300 random uniform levels") {
  // A recording search at the end of its trace runs in the batch loop and writes the trace as
  // it goes: stepped back, or seeked near (step by step) and far (in bulk through the trace),
  // it must equal a fresh search stepped to the same iteration. Breadth-first included (its own
  // loop, run_queue).
  std::mt19937 rng(20261126);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Algorithm algorithms[] = {Algorithm::AStar,           Algorithm::WeightedAStar,
                                  Algorithm::Dijkstra,        Algorithm::GreedyBestFirst,
                                  Algorithm::JumpPoint,       Algorithm::BreadthFirst};
  std::int64_t far_seeks = 0;
  for (int n = 0; n < 300; ++n) {
    RandomCase rc = random_case(rng, algorithms);
    // Not structured bindings: Emscripten's clang (14) cannot capture those in CAPTURE's lambda.
    Level& lv = rc.level;
    const SearchOptions& o = rc.options;
    CAPTURE(n);
    CAPTURE(static_cast<int>(o.algorithm));
    BestFirstSearch stepped(lv, o), ran(lv, o);
    while (!finished(stepped.step())) {
    }
    ran.set_recording(true);
    const int first = pick(0, 3) == 0 ? 0 : pick(0, static_cast<int>(stepped.iterations()));
    for (int k = 0; k < first && !finished(ran.step()); ++k) {
    }
    ran.run();
    check_same(lv, ran, stepped);
    const std::int64_t end = ran.iterations();
    for (int t = 0; t < 6; ++t) {
      const std::int64_t to = pick(0, 2) == 0 ? end - pick(0, 3) : pick(0, static_cast<int>(end));
      const std::int64_t target = std::max<std::int64_t>(0, to);
      far_seeks += std::abs(target - ran.iterations()) > 64;
      ran.seek(target);
      BestFirstSearch fresh(lv, o);
      for (std::int64_t k = 0; k < target; ++k) fresh.step();
      check_same(lv, ran, fresh);
    }
    ran.seek(end);
    check_same(lv, ran, stepped);
  }
  CHECK(far_seeks > 200);
  MESSAGE(far_seeks << " far seeks");
}
