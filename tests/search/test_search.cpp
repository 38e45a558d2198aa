// The steppable A*: lessons with exact answers, stepping, outcomes, views, and a random oracle.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <queue>
#include <random>
#include <string>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"
#include "astar/level_io.hpp"
#include "astar/search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

MovementRules four_neighbours() {
  MovementRules r;
  r.neighbours = Neighbours::Four;
  return r;
}

// The Roblox write-up's cost grid, in its own 1-based (x, y): costs by row {1,10,1,1}
// {1,10,10,1} {1,1,1,1} {1,1,1,1}; 10 is a wall-like cost that can still be crossed.
//   S 10  .  G
//   . 10 10  .
//   .  .  .  .
//   .  .  .  .
void check_roblox_lesson(const Level& lv) {
  BestFirstSearch s(lv, {.heuristic = Heuristic::Manhattan});
  REQUIRE(s.run() == SearchState::Found);
  // The write-up's answer, converted from 1-based (x, y).
  const std::vector<std::pair<int, int>> one_based{{1, 1}, {1, 2}, {1, 3}, {2, 3},
                                                   {3, 3}, {4, 3}, {4, 2}, {4, 1}};
  std::vector<Cell> expected;
  for (auto [x, y] : one_based) expected.push_back({x - 1, y - 1});
  CHECK(s.path() == expected);
  CHECK(s.path_cost() == doctest::Approx(7.0));
}

}  // namespace

TEST_CASE("[search] the Roblox cost grid lesson, built in code") {
  Level lv(4, 4);
  const int costs[4][4] = {{1, 10, 1, 1}, {1, 10, 10, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) lv.set_cost({x, y}, costs[y][x]);
  lv.set_start({0, 0});
  lv.set_goal({3, 0});
  lv.rules() = four_neighbours();
  check_roblox_lesson(lv);
}

TEST_CASE("[search] the Roblox cost grid lesson, as shipped in levels/") {
  Result<Level> lv = load_level(ASTAR_SOURCE_DIR "/levels/lessons/09-roblox-cost-grid.json");
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  CHECK(lv.value().rules().neighbours == Neighbours::Four);
  check_roblox_lesson(lv.value());
}

TEST_CASE("[search] stepping one iteration at a time") {
  // S . . .
  // . # # .
  // . . . G
  Level lv = ascii_level(R"(
    S...
    .##.
    ...G)");
  BestFirstSearch s(lv, {.heuristic = Heuristic::Octile});
  CHECK(s.state() == SearchState::InProgress);
  CHECK(s.iterations() == 0);
  CHECK(s.open_size() == 1);
  CHECK(s.node_state({0, 0}) == NodeState::Open);
  CHECK_FALSE(s.last_taken().has_value());

  SUBCASE("the first step takes the start and opens its neighbours") {
    CHECK(s.step() == SearchState::InProgress);
    CHECK(s.iterations() == 1);
    CHECK(s.last_taken() == Cell{0, 0});
    CHECK(s.node_state({0, 0}) == NodeState::Closed);
    // (1,1) is a wall, so only east and south open.
    CHECK(s.last_relaxed().size() == 2);
    CHECK(s.open_size() == 2);
    CHECK(s.closed_count() == 1);
    const NodeView e = s.node({1, 0});
    CHECK(e.state == NodeState::Open);
    CHECK(e.parent == Cell{0, 0});
    CHECK(e.g == doctest::Approx(1.0));
    CHECK(e.h == doctest::Approx(heuristic_distance(Heuristic::Octile, {1, 0}, {3, 2})));
    CHECK(e.f == doctest::Approx(e.g + e.h));
    CHECK(s.path_to({1, 0}) == std::vector<Cell>{{0, 0}, {1, 0}});
    CHECK(s.path_to({3, 2}).empty());  // not seen yet
    CHECK(s.path().empty());           // not found yet
  }
  SUBCASE("path_to the goal equals path once found, and follows parents mid-search") {
    s.step();
    s.step();
    const Cell taken = *s.last_taken();
    const std::vector<Cell> mid = s.path_to(taken);
    REQUIRE(mid.size() >= 2);
    CHECK(mid.front() == lv.start());
    CHECK(mid.back() == taken);
    CHECK(s.node(taken).parent == mid[mid.size() - 2]);
    s.run();
    CHECK(s.path_to(lv.goal()) == s.path());
  }
  SUBCASE("step by step to the end equals run, and reading changes nothing") {
    BestFirstSearch whole(lv);
    whole.run();
    int steps = 0;
    while (s.step() == SearchState::InProgress) {
      ++steps;
      (void)s.node({1, 0});
      (void)s.path();
      (void)s.path_cost();
    }
    CHECK(s.state() == whole.state());
    CHECK(s.path() == whole.path());
    CHECK(s.path_cost() == whole.path_cost());
    CHECK(s.iterations() == whole.iterations());
    CHECK(s.iterations() == steps + 1);
    CHECK(s.metrics().generated == whole.metrics().generated);
  }
  SUBCASE("a finished search stays finished") {
    s.run();
    const auto iterations = s.iterations();
    CHECK(s.step() == SearchState::Found);
    CHECK(s.iterations() == iterations);
  }
  SUBCASE("restart goes back to iteration 0 and repeats exactly") {
    s.run();
    const auto path = s.path();
    const auto iterations = s.iterations();
    s.restart();
    CHECK(s.iterations() == 0);
    CHECK(s.node_state({1, 0}) == NodeState::Unseen);
    CHECK(s.node_state({0, 0}) == NodeState::Open);
    CHECK(s.path().empty());
    CHECK(s.run() == SearchState::Found);
    CHECK(s.path() == path);
    CHECK(s.iterations() == iterations);
  }
}

TEST_CASE("[search] outcomes stay distinct") {
  SUBCASE("found") {
    Level lv = ascii_level("S.G");
    BestFirstSearch s(lv);
    CHECK(s.run() == SearchState::Found);
    CHECK(s.path_cost() == doctest::Approx(2.0));
  }
  SUBCASE("no path: the goal is walled off") {
    // S . # G
    Level lv = ascii_level("S.#G");
    BestFirstSearch s(lv);
    CHECK(s.run() == SearchState::NoPath);
    CHECK(s.path().empty());
    CHECK(s.path_cost() == kInf);
    CHECK(s.iterations() == 2);
  }
  SUBCASE("iteration limit: stopped after exactly max_iterations") {
    // S . . . . . . G
    Level lv = ascii_level("S......G");
    BestFirstSearch s(lv, {.heuristic = Heuristic::Octile, .max_iterations = 3});
    CHECK(s.step() == SearchState::InProgress);
    CHECK(s.step() == SearchState::InProgress);
    CHECK(s.step() == SearchState::IterationLimit);
    CHECK(s.iterations() == 3);
    CHECK(s.path().empty());
  }
  SUBCASE("the limit does not hide a goal taken on the last allowed iteration") {
    Level lv = ascii_level("S.G");
    BestFirstSearch s(lv, {.heuristic = Heuristic::Octile, .max_iterations = 3});
    CHECK(s.run() == SearchState::Found);
    CHECK(s.iterations() == 3);
  }
  SUBCASE("invalid: the start is inside a wall") {
    Level lv = ascii_level("S.G");
    lv.set_wall({0, 0}, true);
    BestFirstSearch s(lv);
    CHECK(s.state() == SearchState::Invalid);
    CHECK(s.message() == "start (0, 0) is inside a wall");
    CHECK(s.step() == SearchState::Invalid);
    CHECK(s.iterations() == 0);
  }
  SUBCASE("invalid: the goal is outside the level") {
    Level lv = ascii_level("S..");
    lv.set_goal({5, 0});
    BestFirstSearch s(lv);
    CHECK(s.state() == SearchState::Invalid);
    CHECK(s.message() == "goal (5, 0) is outside the level (0, 0)-(2, 0)");
  }
  SUBCASE("start equals goal: found at once with cost 0") {
    Level lv = ascii_level("S..");
    lv.set_goal({0, 0});
    BestFirstSearch s(lv);
    CHECK(s.run() == SearchState::Found);
    CHECK(s.path() == std::vector<Cell>{{0, 0}});
    CHECK(s.path_cost() == 0.0);
  }
  SUBCASE("state names are distinct") {
    for (int a = 0; a < static_cast<int>(SearchState::_Max); ++a)
      for (int b = a + 1; b < static_cast<int>(SearchState::_Max); ++b)
        CHECK(to_string(static_cast<SearchState>(a)) != to_string(static_cast<SearchState>(b)));
  }
}

TEST_CASE("[search] tie-breaking: equal f takes the larger g first") {
  // S . . G   with the zero heuristic every f is g, so nothing ties; with Manhattan on a
  // straight corridor every cell on the line has f = 3: the one with larger g (nearer the goal)
  // is taken first, so A* walks straight to the goal taking exactly 4 nodes.
  // . . . .
  Level lv = ascii_level("S..G\n....", four_neighbours());
  BestFirstSearch s(lv, {.heuristic = Heuristic::Manhattan});
  CHECK(s.run() == SearchState::Found);
  CHECK(s.iterations() == 4);
  BestFirstSearch d(lv, {.heuristic = Heuristic::Zero});
  CHECK(d.run() == SearchState::Found);
  CHECK(d.iterations() > 4);
  CHECK(d.path_cost() == s.path_cost());
}

TEST_CASE("[search] heuristics") {
  const Cell a{0, 0}, b{3, 4};
  CHECK(heuristic_distance(Heuristic::Manhattan, a, b) == doctest::Approx(7.0));
  CHECK(heuristic_distance(Heuristic::Euclidean, a, b) == doctest::Approx(5.0));
  CHECK(heuristic_distance(Heuristic::Octile, a, b) == doctest::Approx(1.0 + 3 * std::sqrt(2.0)));
  CHECK(heuristic_distance(Heuristic::Chebyshev, a, b) == doctest::Approx(4.0));
  CHECK(heuristic_distance(Heuristic::Zero, a, b) == 0.0);
  CHECK_FALSE(admissible(Heuristic::Manhattan, Neighbours::Eight));
  CHECK(admissible(Heuristic::Manhattan, Neighbours::Four));
  for (int i = 0; i < static_cast<int>(Heuristic::_Max); ++i) {
    const auto h = static_cast<Heuristic>(i);
    CHECK(parse_heuristic(to_string(h)) == h);
  }
  CHECK_FALSE(parse_heuristic("taxicab").has_value());
  SUBCASE("h is scaled down on levels cheaper than 1 per step, so it stays admissible") {
    // all costs 0.5: h = 0.5 x distance
    Level lv = ascii_level("S..G");
    for (int x = 0; x < 4; ++x) lv.set_cost({x, 0}, 0.5);
    BestFirstSearch s(lv, {.heuristic = Heuristic::Euclidean});
    CHECK(s.heuristic_scale() == doctest::Approx(0.5));
    CHECK(s.node({0, 0}).h == doctest::Approx(1.5));
    CHECK(s.run() == SearchState::Found);
    CHECK(s.path_cost() == doctest::Approx(1.5));
  }
}

TEST_CASE("[search] a guarantee holds only with an admissible heuristic") {
  // Manhattan with 8 neighbours overestimates a diagonal (2 for 1.41): A*'s optimality and
  // weighted A*'s bound are gone; with 4 neighbours, or octile, they hold.
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
    const auto a = static_cast<Algorithm>(i);
    const AlgorithmInfo& ai = info(a);
    const std::string name(ai.name);
    CAPTURE(name);
    CHECK(guarantee_holds(a, Heuristic::Octile, Neighbours::Eight));
    CHECK(guarantee_holds(a, Heuristic::Manhattan, Neighbours::Four));
    // Without a heuristic, or without a promise, there is nothing the heuristic can break.
    const bool at_stake = ai.uses_heuristic && ai.guarantee != Guarantee::None;
    CHECK(guarantee_holds(a, Heuristic::Manhattan, Neighbours::Eight) == !at_stake);
  }
  CHECK_FALSE(guarantee_holds(Algorithm::AStar, Heuristic::Manhattan, Neighbours::Eight));
  CHECK_FALSE(guarantee_holds(Algorithm::WeightedAStar, Heuristic::Manhattan, Neighbours::Eight));
  CHECK(guarantee_holds(Algorithm::Dijkstra, Heuristic::Manhattan, Neighbours::Eight));
  CHECK(guarantee_holds(Algorithm::GreedyBestFirst, Heuristic::Manhattan, Neighbours::Eight));
}

// [SECTION] Random levels against an independent Dijkstra

namespace {

}  // namespace

TEST_CASE("[search] A* equals an independent Dijkstra on 600 random levels") {
  std::mt19937 rng(20261122);
  int found = 0, no_path = 0, checked = 0;
  for (int n = 0; n < 600; ++n) {
    const Level lv = astar::test::random_level(rng);
    for (Neighbours nb : {Neighbours::Four, Neighbours::Eight}) {
      MovementRules r = lv.rules();
      r.neighbours = nb;
      const std::vector<double> dist = astar::test::oracle_distances(lv, r);
      const double best = dist[lv.goal().y * lv.width() + lv.goal().x];
      for (int h = 0; h < static_cast<int>(Heuristic::_Max); ++h) {
        const auto heuristic = static_cast<Heuristic>(h);
        if (!admissible(heuristic, nb)) continue;
        CAPTURE(n);
        CAPTURE(to_string(heuristic));
        CAPTURE(to_string(nb));
        BestFirstSearch s(lv, r, {.heuristic = heuristic});
        const SearchState st = s.run();
        CHECK(s.check_invariants() == "");
        ++checked;
        if (best == kInf) {
          CHECK(st == SearchState::NoPath);
          ++no_path;
          continue;
        }
        REQUIRE(st == SearchState::Found);
        ++found;
        CHECK(std::abs(s.path_cost() - best) <= astar::test::oracle_slack(r, best, s.path().size()));
        // The path is legal and costs what the search claims.
        const std::vector<Cell> path = s.path();
        CHECK(path.front() == lv.start());
        CHECK(path.back() == lv.goal());
        const std::optional<double> cost = path_cost(MovePolicy(lv, r), path);
        REQUIRE(cost.has_value());
        CHECK(*cost == doctest::Approx(s.path_cost()).epsilon(1e-9));
      }
    }
  }
  // The generator must exercise both outcomes, or this test proves little.
  CHECK(found > 1000);
  CHECK(no_path > 100);
  MESSAGE("checked " << checked << " searches: " << found << " found, " << no_path << " no path");
}

// The uniform-grid fast path (a step without a listener on a level where every possible move
// costs its step length) must do exactly what the general path does (a step with a listener,
// which asks the cost policy move by move): same takes, same relaxations, same views.
TEST_CASE("[search] the uniform-grid fast path equals the general path on 400 random levels") {
  std::mt19937 rng(20260707);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  SearchListener quiet;  // hears everything, does nothing: forces the general path
  const Algorithm algorithms[] = {Algorithm::AStar, Algorithm::WeightedAStar, Algorithm::Dijkstra,
                                  Algorithm::GreedyBestFirst, Algorithm::BreadthFirst};
  int compared = 0;
  for (int n = 0; n < 400; ++n) {
    Level lv(pick(1, 14), pick(1, 14));
    const int density = pick(0, 40);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        lv.set_wall({x, y}, pick(0, 99) < density);
        if (pick(0, 19) == 0) lv.set_agent({x, y}, true);
        // Heights that do not matter (no climb rules): still the fast path.
        if (n % 3 == 0) lv.set_height({x, y}, pick(-2, 2));
      }
    lv.set_agents_block(pick(0, 3) != 0);
    lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    for (Cell c : {lv.start(), lv.goal()}) {
      lv.set_wall(c, false);
      lv.set_agent(c, false);
    }
    MovementRules r;
    r.neighbours = pick(0, 3) == 0 ? Neighbours::Four : Neighbours::Eight;
    r.diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
    const SearchOptions o{.algorithm = algorithms[pick(0, 4)],
                          .heuristic = static_cast<Heuristic>(pick(0, 4)),
                          .tie_break = static_cast<TieBreak>(pick(0, 3)),
                          .partial_path = pick(0, 1) == 1,
                          .max_iterations = pick(0, 3) == 0 ? pick(1, 30) : 0};
    SearchOptions ow = o;
    if (o.algorithm == Algorithm::WeightedAStar) ow.weight = pick(10, 40) / 10.0;
    const auto dir = pick(0, 1) ? BestFirstSearch::Direction::Forward
                                : BestFirstSearch::Direction::Backward;
    CAPTURE(n);
    BestFirstSearch fast(lv, r, ow, nullptr, dir), general(lv, r, ow, &quiet, dir);
    fast.set_recording(n % 2 == 0);
    while (!finished(general.step())) {
      REQUIRE(fast.step() == general.state());
      REQUIRE(fast.last_taken() == general.last_taken());
      REQUIRE(fast.last_relaxed() == general.last_relaxed());
      REQUIRE(fast.open_size() == general.open_size());
    }
    fast.run();
    ++compared;
    REQUIRE(fast.state() == general.state());
    CHECK(fast.metrics().expanded == general.metrics().expanded);
    CHECK(fast.metrics().generated == general.metrics().generated);
    CHECK(fast.metrics().improved == general.metrics().improved);
    CHECK(fast.metrics().heap_ops == general.metrics().heap_ops);
    CHECK(fast.path() == general.path());
    CHECK(fast.path_cost() == general.path_cost());
    CHECK(fast.taken_moves().size() == general.taken_moves().size());
    CHECK(fast.check_invariants() == "");
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const NodeView a = fast.node({x, y}), b = general.node({x, y});
        REQUIRE(a.state == b.state);
        REQUIRE(a.g == b.g);  // bit for bit
        REQUIRE(a.h == b.h);
        REQUIRE(a.f == b.f);
        REQUIRE(a.parent == b.parent);
      }
  }
  CHECK(compared == 400);
}
