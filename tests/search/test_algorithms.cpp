// Every algorithm behind the one Search interface: guarantees against the Dijkstra oracle,
// options, refusals and partial paths.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/search.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A random level every algorithm supports: uniform costs, flat, no overrides, 8 neighbours,
// no corner cutting (MovingAI's rules).
Level random_uniform_level(std::mt19937& rng, int max_side) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Level lv(pick(1, max_side), pick(1, max_side));
  std::bernoulli_distribution wall(pick(0, 40) / 100.0);
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
  lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_wall(lv.start(), false);
  lv.set_wall(lv.goal(), false);
  return lv;
}

double oracle_cost(const Level& lv, const MovementRules& r) {
  const std::vector<double> dist = astar::test::oracle_distances(lv, r);
  return dist[static_cast<std::size_t>(lv.goal().y) * static_cast<std::size_t>(lv.width()) +
              static_cast<std::size_t>(lv.goal().x)];
}

// The path is legal under the level's rules, runs start to goal, and costs what the search says.
void check_legal_path(const Search& s, const Level& lv, const MovementRules& r) {
  const std::vector<Cell> path = s.path();
  REQUIRE_FALSE(path.empty());
  CHECK(path.front() == lv.start());
  CHECK(path.back() == lv.goal());
  const std::optional<double> cost = path_cost(MovePolicy(lv, r), path);
  REQUIRE(cost.has_value());
  CHECK(*cost == doctest::Approx(s.path_cost()).epsilon(1e-9));
}

}  // namespace

TEST_CASE("[algorithms] names, guarantees and parsing") {
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
    const auto a = static_cast<Algorithm>(i);
    CHECK(parse_algorithm(info(a).name) == a);
    CHECK_FALSE(info(a).label.empty());
  }
  CHECK(info(Algorithm::AStar).guarantee == Guarantee::Optimal);
  CHECK(info(Algorithm::WeightedAStar).guarantee == Guarantee::BoundedByWeight);
  CHECK(info(Algorithm::GreedyBestFirst).guarantee == Guarantee::None);
  CHECK_FALSE(parse_algorithm("a-star").has_value());
  for (int i = 0; i < static_cast<int>(TieBreak::_Max); ++i)
    CHECK(parse_tie_break(to_string(static_cast<TieBreak>(i))) == static_cast<TieBreak>(i));
}

TEST_CASE("[algorithms] optimal ones equal the Dijkstra oracle; the others keep their promise") {
  // 1000 random levels with walls, costs, heights, climb limits, jumps and edge overrides.
  std::mt19937 rng(11);
  int found = 0, no_path = 0;
  int actions[static_cast<int>(MoveAction::_Max)] = {};  // in the optimal paths of A*
  for (int n = 0; n < 1000; ++n) {
    const Level lv = astar::test::random_level(rng, 14);
    MovementRules r = lv.rules();
    r.neighbours = n % 2 ? Neighbours::Eight : Neighbours::Four;
    const double best = oracle_cost(lv, r);
    (best == kInf ? no_path : found)++;
    CAPTURE(n);
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional,
                        Algorithm::WeightedAStar, Algorithm::GreedyBestFirst,
                        Algorithm::BreadthFirst}) {
      SearchOptions o{.algorithm = a, .heuristic = Heuristic::Octile};
      if (a == Algorithm::WeightedAStar) o.weight = 1.0 + n % 4;  // 1, 2, 3, 4
      CAPTURE(info(a).name);
      const auto s = make_search(lv, r, o);
      const SearchState st = s->run();
      CHECK(s->check_invariants() == "");
      if (best == kInf) {
        CHECK(st == SearchState::NoPath);
        continue;
      }
      REQUIRE(st == SearchState::Found);
      check_legal_path(*s, lv, r);
      if (a == Algorithm::AStar)
        for (MoveAction act : path_actions(MovePolicy(lv, r), s->path()))
          ++actions[static_cast<int>(act)];
      const double slack = astar::test::oracle_slack(r, best, s->path().size());
      switch (info(a).guarantee) {
        case Guarantee::Optimal: CHECK(std::abs(s->path_cost() - best) <= slack); break;
        case Guarantee::BoundedByWeight:
          CHECK(s->path_cost() <= o.weight * best + slack);
          CHECK(s->path_cost() >= best - slack);
          break;
        case Guarantee::None: CHECK(s->path_cost() >= best - slack); break;
      }
    }
  }
  CHECK(found > 600);
  CHECK(no_path > 100);
  // Jumps must be taken, or this test proves little about them.
  for (int i = 0; i < static_cast<int>(MoveAction::_Max); ++i) {
    CAPTURE(to_string(static_cast<MoveAction>(i)));
    CHECK(actions[i] > 30);
  }
  MESSAGE("actions on A*'s paths: walk " << actions[0] << ", climb " << actions[1] << ", drop "
          << actions[2] << ", jump up " << actions[3] << ", jump down " << actions[4]
          << ", jump across " << actions[5]);
}

TEST_CASE("[algorithms] on uniform levels JPS and bidirectional A* equal A*, Theta* is legal") {
  std::mt19937 rng(12);
  int found = 0;
  for (int n = 0; n < 1000; ++n) {
    const Level lv = random_uniform_level(rng, 24);
    const double best = oracle_cost(lv, lv.rules());
    CAPTURE(n);
    for (Algorithm a : {Algorithm::JumpPoint, Algorithm::Bidirectional, Algorithm::ThetaStar}) {
      CAPTURE(info(a).name);
      const auto s = make_search(lv, {.algorithm = a});
      const SearchState st = s->run();
      CHECK(s->check_invariants() == "");
      if (best == kInf) {
        CHECK(st == SearchState::NoPath);
        continue;
      }
      REQUIRE(st == SearchState::Found);
      if (a == Algorithm::ThetaStar) {
        // Any-angle waypoints: never longer than the grid optimum, never shorter than a straight
        // line, and each leg costs its Euclidean length.
        const std::vector<Cell> w = s->path();
        CHECK(w.front() == lv.start());
        CHECK(w.back() == lv.goal());
        CHECK(s->path_cost() <= best + 1e-9);
        CHECK(s->path_cost() >= heuristic_distance(Heuristic::Euclidean, lv.start(), lv.goal()) - 1e-9);
        double length = 0;
        for (std::size_t k = 1; k < w.size(); ++k)
          length += heuristic_distance(Heuristic::Euclidean, w[k - 1], w[k]);
        CHECK(length == doctest::Approx(s->path_cost()));
        continue;
      }
      ++found;
      check_legal_path(*s, lv, lv.rules());
      CHECK(s->path_cost() == doctest::Approx(best).epsilon(1e-9));
    }
  }
  CHECK(found > 1000);
}

TEST_CASE("[algorithms] f is the priority each algorithm orders by") {
  // S . . . G   after one step, (1,0) has g 1 and octile h 3
  Level lv = ascii_level("S...G");
  auto f_after_one_step = [&](SearchOptions o) {
    const auto s = make_search(lv, o);
    s->step();
    return s->node({1, 0});
  };
  CHECK(f_after_one_step({.algorithm = Algorithm::AStar}).f == doctest::Approx(4.0));
  CHECK(f_after_one_step({.algorithm = Algorithm::WeightedAStar, .weight = 2.0}).f ==
        doctest::Approx(7.0));
  const NodeView d = f_after_one_step({.algorithm = Algorithm::Dijkstra});
  CHECK(d.h == 0.0);
  CHECK(d.f == doctest::Approx(1.0));
  CHECK(f_after_one_step({.algorithm = Algorithm::GreedyBestFirst}).f == doctest::Approx(3.0));
  const NodeView b = f_after_one_step({.algorithm = Algorithm::BreadthFirst});
  CHECK(b.f == 1.0);  // one step from the start
  CHECK(b.g == 1.0);
}

TEST_CASE("[algorithms] breadth-first ignores costs, Dijkstra does not") {
  // S 9 G      the straight line crosses a cost-9 cell; the detour below costs 1 per step
  // . . .
  Level lv = ascii_level("S9G\n...");
  const auto bfs = make_search(lv, {.algorithm = Algorithm::BreadthFirst});
  const auto dij = make_search(lv, {.algorithm = Algorithm::Dijkstra});
  REQUIRE(bfs->run() == SearchState::Found);
  REQUIRE(dij->run() == SearchState::Found);
  CHECK(bfs->path().size() == 3);
  CHECK(bfs->path_cost() == doctest::Approx(10.0));
  CHECK(dij->path_cost() < bfs->path_cost());
}

TEST_CASE("[algorithms] greedy falls into the trap that A* avoids") {
  // S . . . . . .      greedy heads straight at G, into the cup, and must back out;
  // . . . # # # .      A* finds the shortest path around it.
  // . . . . . # .
  // . . . G . # .
  // . . . # # # .
  Level lv = ascii_level(R"(
    .......
    ...###.
    S....#.
    ...G.#.
    ...###.)");
  lv.rules().diagonal = DiagonalPolicy::NoCornerCutting;
  const auto astar_s = make_search(lv, {.algorithm = Algorithm::AStar});
  const auto greedy = make_search(lv, {.algorithm = Algorithm::GreedyBestFirst});
  REQUIRE(astar_s->run() == SearchState::Found);
  REQUIRE(greedy->run() == SearchState::Found);
  CHECK(greedy->path_cost() >= astar_s->path_cost());
}

TEST_CASE("[algorithms] tie-breaking policies") {
  // An open 9 x 9 field, 4 neighbours, Manhattan, start and goal in opposite corners: every cell
  // of the field has f = 16, so the policy alone decides the order. Every policy finds cost 16;
  // larger g first walks straight to the goal (17 nodes), smaller g first floods the field.
  Level lv(9, 9);
  lv.rules().neighbours = Neighbours::Four;
  std::int64_t expanded[static_cast<int>(TieBreak::_Max)] = {};
  for (int t = 0; t < static_cast<int>(TieBreak::_Max); ++t) {
    CAPTURE(to_string(static_cast<TieBreak>(t)));
    const auto s = make_search(lv, {.algorithm = Algorithm::AStar, .heuristic = Heuristic::Manhattan,
                                    .tie_break = static_cast<TieBreak>(t)});
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == doctest::Approx(16.0));
    expanded[t] = s->iterations();
  }
  CHECK(expanded[static_cast<int>(TieBreak::LargerG)] == 17);
  CHECK(expanded[static_cast<int>(TieBreak::SmallerG)] == 81);
  CHECK(expanded[static_cast<int>(TieBreak::FirstIn)] > 17);
  CHECK(expanded[static_cast<int>(TieBreak::LastIn)] < expanded[static_cast<int>(TieBreak::FirstIn)]);
}

TEST_CASE("[algorithms] partial path to the reached cell nearest the goal") {
  // S . . # G      the goal is walled off: the partial path ends at (2,0), nearest to G
  // . . . # #
  Level lv = ascii_level("S..#G\n...##");
  SUBCASE("with partial paths") {
    const auto s = make_search(lv, {.partial_path = true});
    CHECK(s->run() == SearchState::NoPath);
    CHECK(s->partial());
    CHECK(s->path() == std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}});
    CHECK(s->path_cost() == doctest::Approx(2.0));
  }
  SUBCASE("without: no path at all") {
    const auto s = make_search(lv);
    CHECK(s->run() == SearchState::NoPath);
    CHECK_FALSE(s->partial());
    CHECK(s->path().empty());
  }
  SUBCASE("stopped by the iteration limit, the partial path leads towards the goal") {
    Level open = ascii_level("S......G");
    const auto s = make_search(open, {.partial_path = true, .max_iterations = 3});
    CHECK(s->run() == SearchState::IterationLimit);
    CHECK(s->path().back() == Cell{2, 0});
  }
}

TEST_CASE("[algorithms] refusals name the reason instead of ignoring data") {
  Level lv = ascii_level("S2.G");
  SUBCASE("JPS needs uniform costs") {
    const auto s = make_search(lv, {.algorithm = Algorithm::JumpPoint});
    CHECK(s->state() == SearchState::Invalid);
    CHECK(s->message() == "Jump Point Search needs every cell to cost 1, but cost[0][1] is 2");
    CHECK(s->step() == SearchState::Invalid);
  }
  SUBCASE("Theta* needs 8 neighbours without corner cutting") {
    Level flat = ascii_level("S..G");
    flat.rules().neighbours = Neighbours::Four;
    const auto s = make_search(flat, {.algorithm = Algorithm::ThetaStar});
    CHECK(s->message() == "Theta* needs 8 neighbours with diagonal rule no-corner-cutting");
  }
  SUBCASE("JPS refuses edge overrides and climb rules on uneven ground") {
    Level flat = ascii_level("S..G");
    flat.set_edge({0, 0}, Dir::E, {true, 1.0});
    CHECK(make_search(flat, {.algorithm = Algorithm::JumpPoint})->message() ==
          "Jump Point Search needs a level without edge overrides");
    Level hilly = ascii_level("S..G");
    hilly.set_height({1, 0}, 2);
    hilly.rules().max_climb = 1;
    CHECK(make_search(hilly, {.algorithm = Algorithm::JumpPoint})->state() == SearchState::Invalid);
    hilly.rules().max_climb = kUnlimited;  // heights that change nothing are fine
    CHECK(make_search(hilly, {.algorithm = Algorithm::JumpPoint})->state() == SearchState::InProgress);
  }
  SUBCASE("a weight belongs to weighted A* only, and must be >= 1") {
    CHECK(make_search(lv, {.weight = 2.0})->message() == "a weight applies to weighted A* only, not to A*");
    CHECK(make_search(lv, {.algorithm = Algorithm::WeightedAStar, .weight = 0.5})->state() ==
          SearchState::Invalid);
    CHECK(make_search(lv, {.algorithm = Algorithm::WeightedAStar, .weight = NAN})->state() ==
          SearchState::Invalid);
  }
  SUBCASE("bidirectional A* has no partial paths") {
    CHECK(make_search(lv, {.algorithm = Algorithm::Bidirectional, .partial_path = true})->message() ==
          "partial paths are not supported by bidirectional A*");
  }
}
