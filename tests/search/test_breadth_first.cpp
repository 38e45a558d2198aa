// Breadth-first search as a queue: first in, first out whatever the tie-break says, the fewest
// steps, stepping equal to run() (whose loop takes the queue's front without a heap), and
// rewinds equal to a fresh search.
#include <doctest/doctest.h>

#include <algorithm>
#include <deque>
#include <limits>
#include <random>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"
#include "astar/search.hpp"

using namespace astar;
using astar::test::ascii_level;
using astar::test::check_same_state;

namespace {

// Hears the generations (a relax from g = +inf) and the takes, and checks that every take is the
// earliest generated node still open. Breadth-first never improves a node, so every relax is
// a generation.
struct FifoCheck : SearchListener {
  std::deque<Cell> open;
  std::vector<Cell> takes;
  int out_of_order = 0, improvements = 0;
  explicit FifoCheck(Cell start) { open.push_back(start); }
  void on_take(Cell c, const NodeView&) override {
    takes.push_back(c);
    if (open.empty() || !(open.front() == c)) {
      ++out_of_order;
      return;
    }
    open.pop_front();
  }
  void on_relax(Cell, Cell to, double old_g, double, std::optional<Cell>) override {
    if (old_g != std::numeric_limits<double>::infinity()) ++improvements;
    open.push_back(to);
  }
};

// The fewest moves from the level's start to its goal under `r` (an independent queue over the
// policy's possible moves); -1 when the goal cannot be reached.
int fewest_steps(const Level& lv, const MovementRules& r) {
  const MovePolicy policy(lv, r);
  std::vector<int> steps(static_cast<std::size_t>(lv.cell_count()), -1);
  std::deque<Cell> queue{lv.start()};
  steps[static_cast<std::size_t>(lv.index(lv.start()))] = 0;
  while (!queue.empty()) {
    const Cell c = queue.front();
    queue.pop_front();
    const int here = steps[static_cast<std::size_t>(lv.index(c))];
    policy.for_each_move(c, [&](const Move& m) {
      if (!m.possible()) return;
      int& s = steps[static_cast<std::size_t>(lv.index(m.to))];
      if (s >= 0) return;
      s = here + 1;
      queue.push_back(m.to);
    });
  }
  return steps[static_cast<std::size_t>(lv.index(lv.goal()))];
}

// `lv` with its walls, endpoints and rules but every cell costing 1 and nothing else: the
// uniform-grid fast path (and run()'s queue loop) applies.
Level uniform_copy(const Level& lv) {
  Level u(lv.width(), lv.height());
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) u.set_wall({x, y}, lv.wall({x, y}));
  u.set_start(lv.start());
  u.set_goal(lv.goal());
  u.rules().neighbours = lv.rules().neighbours;
  u.rules().diagonal = lv.rules().diagonal;
  return u;
}

}  // namespace

TEST_CASE("[bfs] the tie-break does not apply: first in, first out") {
  CHECK_FALSE(info(Algorithm::BreadthFirst).takes_tie_break);
  // LPA* and D* Lite neither: their key's second part, min(g, rhs), is their tie-break
  // (smaller first), part of the algorithm (replanning.hpp). Nor the flow field: equal costs by
  // row, then column (flow_field.hpp).
  for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a)
    if (static_cast<Algorithm>(a) != Algorithm::BreadthFirst &&
        !info(static_cast<Algorithm>(a)).extras.replans &&
        !info(static_cast<Algorithm>(a)).extras.flow)
      CHECK(info(static_cast<Algorithm>(a)).takes_tie_break);
  for (int t = 0; t < static_cast<int>(TieBreak::_Max); ++t) {
    const auto tie = static_cast<TieBreak>(t);
    CAPTURE(to_string(tie));
    CHECK(normalize({.algorithm = Algorithm::BreadthFirst, .tie_break = tie}).tie_break ==
          TieBreak::FirstIn);
    CHECK(normalize({.algorithm = Algorithm::AStar, .tie_break = tie}).tie_break == tie);
    CHECK(check_options({.algorithm = Algorithm::BreadthFirst, .tie_break = tie}).empty());
    // The search runs first in, first out and says so.
    const Level lv = ascii_level("S...\n.#..\n...G");
    BestFirstSearch s(lv, {.algorithm = Algorithm::BreadthFirst, .tie_break = tie});
    CHECK(s.options().tie_break == TieBreak::FirstIn);
  }
}

TEST_CASE("[bfs] takes are first in, first out; paths have the fewest steps; the tie-break changes nothing") {
  std::mt19937 rng(15);
  int found = 0, no_path = 0;
  std::int64_t takes = 0;
  for (int n = 0; n < 300; ++n) {
    const Level mixed = astar::test::random_level(rng, 20);
    const Level lv = n % 2 ? mixed : uniform_copy(mixed);  // costs, jumps, ... or the fast path
    CAPTURE(n);
    const int fewest = fewest_steps(lv, lv.rules());
    (fewest < 0 ? no_path : found)++;
    std::vector<Cell> first_takes, first_path;
    std::int64_t first_generated = 0;
    for (int t = 0; t < static_cast<int>(TieBreak::_Max); ++t) {
      const SearchOptions o{.algorithm = Algorithm::BreadthFirst,
                            .tie_break = static_cast<TieBreak>(t)};
      CAPTURE(to_string(o.tie_break));
      FifoCheck fifo(lv.start());
      BestFirstSearch heard(lv, o, &fifo);
      heard.run();
      CHECK(fifo.out_of_order == 0);
      CHECK(fifo.improvements == 0);
      CHECK(heard.check_invariants() == "");
      takes += static_cast<std::int64_t>(fifo.takes.size());
      if (fewest < 0) {
        CHECK(heard.state() == SearchState::NoPath);
      } else {
        REQUIRE(heard.state() == SearchState::Found);
        CHECK(static_cast<int>(heard.path().size()) == fewest + 1);
      }
      if (t == 0) {
        first_takes = fifo.takes;
        first_path = heard.path();
        first_generated = heard.metrics().generated;
        continue;
      }
      // Every tie-break: the same takes in the same order, the same path.
      CHECK(fifo.takes == first_takes);
      CHECK(heard.path() == first_path);
      CHECK(heard.metrics().generated == first_generated);
    }
  }
  CHECK(found > 150);
  CHECK(no_path > 20);
  MESSAGE(found << " found, " << no_path << " no path, " << takes << " takes checked");
}

TEST_CASE("[bfs] stepping, micro-stepping and run() give the same search") {
  std::mt19937 rng(16);
  int compared = 0;
  for (int n = 0; n < 300; ++n) {
    const Level mixed = astar::test::random_level(rng, 24);
    const Level lv = n % 3 ? uniform_copy(mixed) : mixed;
    CAPTURE(n);
    SearchOptions o{.algorithm = Algorithm::BreadthFirst};
    if (n % 5 == 0) o.max_iterations = 1 + n % 37;
    if (n % 4 == 0) o.partial_path = true;
    BestFirstSearch run(lv, o), stepped(lv, o), micro(lv, o);
    run.run();
    std::int64_t steps = 0;
    while (stepped.step() == SearchState::InProgress) {
      ++steps;
      if (steps % 7 == 0) REQUIRE(stepped.check_invariants() == "");
    }
    while (micro.micro_step() == SearchState::InProgress) {
    }
    for (const BestFirstSearch* s : {&stepped, &micro}) {
      CHECK(s->state() == run.state());
      CHECK(s->path() == run.path());
      CHECK(s->path_cost() == run.path_cost());
      CHECK(s->metrics().expanded == run.metrics().expanded);
      CHECK(s->metrics().generated == run.metrics().generated);
      CHECK(s->metrics().improved == 0);
      CHECK(s->metrics().heap_ops == run.metrics().heap_ops);
      CHECK(s->open_size() == run.open_size());
      CHECK(s->closed_count() == run.closed_count());
      CHECK(s->last_taken() == run.last_taken());
      CHECK(s->check_invariants() == "");
    }
    CHECK(run.check_invariants() == "");
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const NodeView a = run.node({x, y}), b = stepped.node({x, y});
        REQUIRE(a.state == b.state);
        REQUIRE(a.g == b.g);
        REQUIRE(a.f == b.f);
        REQUIRE(a.parent == b.parent);
      }
    ++compared;
  }
  CHECK(compared == 300);
}

TEST_CASE("[bfs] step backs and seeks, near and far, equal a fresh search") {
  std::mt19937 rng(17);
  std::int64_t seeks = 0, far = 0;
  for (int n = 0; n < 40; ++n) {
    // Open 30 x 30 levels: searches of hundreds of iterations, so seeks cross the bulk distance.
    Level lv(30, 30);
    std::bernoulli_distribution wall(0.25);
    for (int y = 0; y < 30; ++y)
      for (int x = 0; x < 30; ++x) lv.set_wall({x, y}, wall(rng));
    lv.set_start({1, 1});
    lv.set_goal({28, 27});
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
    if (n % 2) lv.set_cost({5, 5}, 3.0);  // not uniform: steps go through the policy
    if (n % 4 == 3) lv.rules().neighbours = Neighbours::Four;
    CAPTURE(n);
    const SearchOptions o{.algorithm = Algorithm::BreadthFirst,
                          .tie_break = static_cast<TieBreak>(n % 4),
                          .partial_path = n % 3 == 0};
    BestFirstSearch probe(lv, o);
    probe.run();
    const std::int64_t end = probe.iterations();
    BestFirstSearch s(lv, o);
    s.set_recording(true);
    std::uniform_int_distribution<std::int64_t> target(0, end);
    for (int k = 0; k < 12; ++k) {
      const std::int64_t to = k % 4 == 3 ? s.iterations() - 1 : target(rng);
      far += std::abs(to - s.iterations()) > 64;
      if (k % 4 == 3) s.step_back();
      else s.seek(to);
      REQUIRE(s.iterations() == std::clamp<std::int64_t>(to, 0, end));
      REQUIRE(s.check_invariants() == "");
      BestFirstSearch fresh(lv, o);
      fresh.seek(s.iterations());
      check_same_state(s, fresh, lv);
      CHECK(s.next_to_take() == fresh.next_to_take());
      CHECK(s.top_priority() == fresh.top_priority());
      ++seeks;
    }
    CHECK(s.run() == probe.state());
    CHECK(s.path() == probe.path());
    CHECK(s.iterations() == end);
  }
  CHECK(far > 100);
  MESSAGE(seeks << " seeks compared, " << far << " of them far");
}
