// Bidirectional A*: the fast path (halves without a listener) gives the listener path's results
// step for step; the stopping rule (mu <= max(fmin_F, fmin_B, gmin_F + gmin_B + eps)) keeps
// paths optimal and stops earlier than the f bound alone; rewinds keep its open-g heaps right.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "astar/bidirectional.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// Counts every event, so a test knows the listener path ran.
struct Counter : SearchListener {
  std::int64_t takes = 0, relaxes = 0, skips = 0;
  void on_take(Cell, const NodeView&) override { ++takes; }
  void on_relax(Cell, Cell, double, double, std::optional<Cell>) override { ++relaxes; }
  void on_skip(Cell, const Move&, SkipReason) override { ++skips; }
};

// The walls of `lv` only, same endpoints: a level the halves' uniform fast path runs on.
Level walls_of(const Level& lv) {
  Level uniform(lv.width(), lv.height());
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) uniform.set_wall({x, y}, lv.wall({x, y}));
  uniform.set_start(lv.start());
  uniform.set_goal(lv.goal());
  MovementRules r;
  r.neighbours = Neighbours::Eight;
  r.diagonal = DiagonalPolicy::NoCornerCutting;
  uniform.rules() = r;
  return uniform;
}

double oracle_cost(const Level& lv) {
  const std::vector<double> dist = astar::test::oracle_distances(lv, lv.rules());
  return dist[static_cast<std::size_t>(lv.index(lv.goal()))];
}

// A search run to its end against the oracle's cost: sound invariants, no path where the oracle
// finds none, else found at its cost. True when found.
bool agrees_with_oracle(const BidirectionalSearch& s, double best) {
  CHECK(s.check_invariants() == "");
  if (best == astar::test::kOracleInf) {
    CHECK(s.state() == SearchState::NoPath);
    return false;
  }
  REQUIRE(s.state() == SearchState::Found);
  CHECK(std::abs(s.path_cost() - best) <=
        astar::test::oracle_slack(s.level().rules(), best, s.path().size()));
  return true;
}

// Both searches stand at the same place: state, counters, mu exactly, the meeting, the views.
void check_same(const BidirectionalSearch& a, const BidirectionalSearch& b) {
  REQUIRE(a.iterations() == b.iterations());
  REQUIRE(a.state() == b.state());
  CHECK(a.best_cost_exact() == b.best_cost_exact());
  CHECK(a.meeting() == b.meeting());
  CHECK(a.turn() == b.turn());
  CHECK(a.last_taken() == b.last_taken());
  CHECK(a.last_relaxed() == b.last_relaxed());
  CHECK(a.open_size() == b.open_size());
  CHECK(a.metrics().generated == b.metrics().generated);
  CHECK(a.metrics().improved == b.metrics().improved);
}

// Steps a search without a listener and one with a listener side by side to the end.
// Returns the final state.
SearchState run_side_by_side(const Level& lv) {
  Counter heard;
  BidirectionalSearch quiet(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional});
  BidirectionalSearch told(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional}, &heard);
  while (quiet.state() == SearchState::InProgress) {
    quiet.step();
    told.step();
    check_same(quiet, told);
  }
  CHECK(heard.takes == told.iterations());
  CHECK(quiet.path() == told.path());
  CHECK(quiet.path_cost() == told.path_cost());  // bit for bit
  CHECK(quiet.check_invariants() == "");
  CHECK(told.check_invariants() == "");
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      CHECK(quiet.forward().node_state({x, y}) == told.forward().node_state({x, y}));
      CHECK(quiet.backward().node_state({x, y}) == told.backward().node_state({x, y}));
    }
  return quiet.state();
}

}  // namespace

TEST_CASE("[bidirectional] without a listener: the listener path's results, step by step") {
  std::mt19937 rng(21);
  int found = 0, no_path = 0;
  for (int n = 0; n < 300; ++n) {
    CAPTURE(n);
    const Level mixed = astar::test::random_level(rng, 20);  // costs, heights, edges, jumps
    const Level uniform = walls_of(mixed);                   // the halves' grid fast path
    for (const Level* lv : {&mixed, &uniform}) {
      const SearchState s = run_side_by_side(*lv);
      ++(s == SearchState::Found ? found : no_path);
    }
  }
  // Both endings, or this proves little.
  CHECK(found > 300);
  CHECK(no_path > 30);
}

TEST_CASE("[bidirectional] run() (its halves batched on radix heaps) equals stepping") {
  // From iteration 0 or from wherever steps left the search, to its end, on uniform levels with
  // every heuristic and tie-break the halves batch with.
  std::mt19937 rng(31);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Heuristic heuristics[] = {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Zero,
                                  Heuristic::Euclidean};
  int found = 0, no_path = 0;
  for (int n = 0; n < 400; ++n) {
    CAPTURE(n);
    const Level lv = astar::test::random_uniform_level(rng, 40);
    const SearchOptions o{.algorithm = Algorithm::Bidirectional,
                          .heuristic = heuristics[pick(0, 3)],
                          .tie_break = static_cast<TieBreak>(pick(0, 3))};
    BidirectionalSearch stepped(lv, lv.rules(), o), ran(lv, lv.rules(), o);
    while (!finished(stepped.step())) {
    }
    const int first = pick(0, 2) == 0 ? 0 : pick(0, static_cast<int>(stepped.iterations()));
    for (int k = 0; k < first && !finished(ran.step()); ++k) {
    }
    ran.run();
    astar::test::check_same_state(ran, stepped, lv);
    check_same(ran, stepped);  // and mu, the meeting, the side
    CHECK(ran.path_cost() == stepped.path_cost());
    CHECK(ran.check_invariants() == "");
    ++(stepped.state() == SearchState::Found ? found : no_path);
  }
  CHECK(found > 200);
  CHECK(no_path > 20);
}

// S and G at the ends of the middle row of an open 25 x 25 room, four neighbours, no heuristic
// (h = 0: fmin is gmin on each side). The f bound alone stops only once one side's whole open
// set lies as far as mu = 24: that side alone covers what Dijkstra does. With
// gmin_F + gmin_B + eps the search stops once the two balls together span mu: each of radius
// about 12.
//   .........................
//   S.......................G   (row 12 of 25)
//   .........................
TEST_CASE("[bidirectional] the gmin term stops where the two sides together span mu") {
  Level lv(25, 25);
  lv.set_start({0, 12});
  lv.set_goal({24, 12});
  lv.rules().neighbours = Neighbours::Four;
  BidirectionalSearch bi(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional,
                                          .heuristic = Heuristic::Zero});
  REQUIRE(bi.run() == SearchState::Found);
  CHECK(bi.path_cost() == 24.0);
  CHECK(bi.check_invariants() == "");
  CHECK(bi.cheapest_move() == ExactCost::straight(1.0));
  BestFirstSearch dijkstra(lv, lv.rules(), {.algorithm = Algorithm::Dijkstra});
  REQUIRE(dijkstra.run() == SearchState::Found);
  CHECK(dijkstra.iterations() > 400);
  CHECK(bi.iterations() < dijkstra.iterations() * 3 / 4);
}

// S and G side by side in an open 41 x 41 room, but G's cell costs 60: the sides meet at once
// (mu = 60, the step into G), and proving it takes two balls of g that together span 60. With
// no heuristic each side closes its cheapest cell every time, so the open-g log's witness (its
// cheapest open cell) is closed at nearly every step and the log, read too often, becomes the
// heap. The invariants (the heap's among them) are checked at every step.
//   . . . . .
//   . . S G . . .   (G costs 60)
//   . . . . .
TEST_CASE("[bidirectional] a meeting found early, then proved: the open-g log becomes a heap") {
  Level lv(41, 41);
  lv.set_start({20, 20});
  lv.set_goal({21, 20});
  lv.set_cost({21, 20}, 60);
  lv.rules().neighbours = Neighbours::Eight;
  BidirectionalSearch bi(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional,
                                          .heuristic = Heuristic::Zero});
  std::int64_t met_at = -1;
  while (bi.step() == SearchState::InProgress) {
    if (met_at < 0 && bi.meeting()) met_at = bi.iterations();
    REQUIRE(bi.check_invariants() == "");
  }
  REQUIRE(bi.state() == SearchState::Found);
  CHECK(bi.path_cost() == doctest::Approx(oracle_cost(lv)).epsilon(1e-12));
  CHECK(bi.path_cost() == 60.0);
  CHECK(met_at <= 2);
  CHECK(bi.iterations() > 1000);  // the proof took many steps after the meeting
}

TEST_CASE("[bidirectional] optimal with every heuristic on random levels (the oracle)") {
  std::mt19937 rng(22);
  int found = 0;
  for (int n = 0; n < 400; ++n) {
    CAPTURE(n);
    Level lv = astar::test::random_level(rng, 16);
    lv.rules().neighbours = n % 2 ? Neighbours::Eight : Neighbours::Four;
    const double best = oracle_cost(lv);
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev,
                        Heuristic::Zero, Heuristic::Manhattan}) {
      if (!admissible(h, lv.rules().neighbours)) continue;
      CAPTURE(to_string(h));
      const SearchOptions o{.algorithm = Algorithm::Bidirectional, .heuristic = h};
      BidirectionalSearch s(lv, lv.rules(), o);
      while (s.step() == SearchState::InProgress) {
        if (s.iterations() % 7 == 0) REQUIRE(s.check_invariants() == "");
      }
      if (!agrees_with_oracle(s, best)) continue;
      CHECK(std::abs(*path_cost(MovePolicy(lv), s.path()) - best) <=
            astar::test::oracle_slack(lv.rules(), best, s.path().size()));
      ++found;
    }
  }
  CHECK(found > 800);
}

// Free cells (cost 0): a side's g is then 0 beyond its start too, eps is 0, and the meeting test
// has to ask whether a cell with g 0 is seen at all. Random levels with half the cells free,
// against the oracle, the invariants (no cell both sides have seen is a cheaper meeting than
// mu) checked at every step.
TEST_CASE("[bidirectional] free cells: g 0 away from the start, eps 0") {
  std::mt19937 rng(24);
  int found = 0, met_at_free = 0;
  for (int n = 0; n < 300; ++n) {
    CAPTURE(n);
    Level lv = astar::test::random_level(rng, 14);
    std::bernoulli_distribution free(0.5);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        if (free(rng)) lv.set_cost({x, y}, 0.0);
    const double best = oracle_cost(lv);
    BidirectionalSearch s(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional});
    while (s.step() == SearchState::InProgress) REQUIRE(s.check_invariants() == "");
    if (!agrees_with_oracle(s, best)) continue;
    ++found;
    const Cell m = *s.meeting();
    met_at_free += !(m == lv.start()) && !(m == lv.goal()) &&
                   (s.forward().g_exact(m) == ExactCost{} || s.backward().g_exact(m) == ExactCost{});
  }
  CHECK(found > 150);
  CHECK(met_at_free > 5);  // meetings where one side's g is 0 away from its start happen
}

// Random mixes of steps, micro-steps, steps back, micro-steps back and seeks, recording on:
// after each, the search equals a fresh one stepped there, its invariants hold (the open-g
// heaps' among them, at the trace's end), and running on ends as a search never rewound.
TEST_CASE("[bidirectional] rewinds and micro-steps keep the stopping rule's heaps right") {
  std::mt19937 rng(23);
  std::int64_t moves = 0;
  for (int n = 0; n < 120; ++n) {
    CAPTURE(n);
    const Level mixed = astar::test::random_level(rng, 20);
    const Level lv = n % 2 ? walls_of(mixed) : mixed;
    const SearchOptions o{.algorithm = Algorithm::Bidirectional};
    BidirectionalSearch probe(lv, lv.rules(), o);
    probe.run();
    BidirectionalSearch s(lv, lv.rules(), o);
    s.set_recording(true);
    std::uniform_int_distribution<int> op(0, 5);
    std::uniform_int_distribution<std::int64_t> to(0, probe.iterations());
    for (int k = 0; k < 40; ++k, ++moves) {
      switch (op(rng)) {
        case 0: s.step(); break;
        case 1: s.micro_step(); break;
        case 2: s.step_back(); break;
        case 3: s.micro_step_back(); break;
        default: s.seek(to(rng)); break;
      }
      REQUIRE(s.check_invariants() == "");
      if (s.mid_iteration()) continue;
      BidirectionalSearch fresh(lv, lv.rules(), o);
      fresh.seek(s.iterations());
      check_same(s, fresh);
    }
    s.run();
    CHECK(s.check_invariants() == "");
    CHECK(s.state() == probe.state());
    CHECK(s.iterations() == probe.iterations());
    CHECK(s.best_cost_exact() == probe.best_cost_exact());
    CHECK(s.meeting() == probe.meeting());
  }
  CHECK(moves == 120 * 40);
}
