// check_heuristic: true costs to the goal, overestimating cells and inconsistent moves.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/search.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

std::vector<Cell> flagged(const HeuristicReport& r, const std::vector<std::uint8_t>& flags) {
  std::vector<Cell> out;
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x)
      if (flags[r.index({x, y})]) out.push_back({x, y});
  return out;
}

}  // namespace

TEST_CASE("[HeuristicCheck] Manhattan with 8 neighbours overestimates where a diagonal helps") {
  // Open 3x3, every cell costs 1, goal (2,2). With diagonals the true cost is the octile
  // distance max(dx,dy) + (√2-1)·min(dx,dy); Manhattan is dx + dy, too much wherever dx and dy
  // are both >= 1: (0,0) h 4 > 2√2 = 2.83, (1,0) and (0,1) h 3 > 1 + √2 = 2.41,
  // (1,1) h 2 > √2 = 1.41. The worst is (0,0) (4 - 2.83 = 1.17; the others 0.59).
  // Inconsistent moves: the SE steps, h - 2 for a cost of √2: (0,0)→(1,1), (1,0)→(2,1),
  // (0,1)→(1,2), (1,1)→(2,2); every other move changes h by at most its cost.
  const Level lv = ascii_level(R"(
    S..
    ...
    ..G)");
  const HeuristicReport r = check_heuristic(lv, lv.rules(), {.heuristic = Heuristic::Manhattan});
  CHECK(r.scale == 1.0);
  CHECK(r.h_true[r.index({0, 0})] == doctest::Approx(2 * std::sqrt(2.0)));
  CHECK(r.h_true[r.index({2, 0})] == doctest::Approx(2.0));
  CHECK(flagged(r, r.overestimates) ==
        std::vector<Cell>{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  CHECK(r.overestimate_count == 4);
  CHECK(r.worst_cell == Cell{0, 0});
  CHECK(!r.admissible());
  CHECK(r.inconsistent_count == 4);
  CHECK(flagged(r, r.inconsistent) == std::vector<Cell>{{0, 0}, {1, 0}, {0, 1}, {1, 1}});
  CHECK(r.verdict ==
        "h overestimates at 4 cells (worst (0, 0): h 4.00 > true 2.83): the path A* finds may "
        "not be optimal");

  // The same level with 4 neighbours: Manhattan is the true cost.
  const HeuristicReport four =
      check_heuristic(lv, {.neighbours = Neighbours::Four}, {.heuristic = Heuristic::Manhattan});
  CHECK(four.admissible());
  CHECK(four.consistent());
}

TEST_CASE("[HeuristicCheck] octile on a uniform 8-neighbour level never overestimates") {
  const Level lv = ascii_level(R"(
    S....#....
    .###.#.##.
    ...#...#..
    .#.#####.#
    .#......G.)");
  for (Heuristic h : {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean,
                      Heuristic::Zero}) {
    CAPTURE(h);
    const HeuristicReport r = check_heuristic(lv, lv.rules(), {.heuristic = h});
    CHECK(r.overestimate_count == 0);
    CHECK(r.inconsistent_count == 0);
    CHECK(r.verdict == "h never overestimates on this level: A* finds an optimal path");
  }
  // Walls have no h; cells cut off from the goal have no true cost.
  const HeuristicReport r = check_heuristic(lv, lv.rules(), {});
  CHECK(std::isinf(r.h[r.index({5, 0})]));
  CHECK(std::isinf(r.h_true[r.index({5, 0})]));
}

TEST_CASE("[HeuristicCheck] a cheap edge override lowers the scale, so h stays below the truth") {
  // The move (1,1) -> SE costs 0.5 (an override), less than its √2 length: the true cost from
  // (1,1) to G = (2,2) is 0.5, while the plain octile distance is √2 = 1.41. The searches scale
  // h by the cheapest cost per unit of distance, 0.5/√2 = 0.354, so h(1,1) = 0.354·√2 = 0.5
  // (equal up to float noise: within the tolerance) and h(0,0) = 0.354 · 2√2 = 1.0 < √2 + 0.5.
  Level lv = ascii_level(R"(
    S..
    ...
    ..G)");
  lv.set_edge({1, 1}, Dir::SE, EdgeOverride{false, 0.5});
  const HeuristicReport r = check_heuristic(lv, lv.rules(), {});
  CHECK(r.scale == doctest::Approx(0.5 / std::sqrt(2.0)));
  CHECK(r.h_true[r.index({1, 1})] == 0.5);
  CHECK(r.h[r.index({1, 1})] == doctest::Approx(0.5));
  CHECK(r.h_true[r.index({0, 0})] == doctest::Approx(std::sqrt(2.0) + 0.5));
  CHECK(r.admissible());
  CHECK(r.consistent());
  // Manhattan is not saved by the scale on diagonals: h(1,1) = 0.354 · 2 = 0.71 > true 0.5.
  const HeuristicReport m = check_heuristic(lv, lv.rules(), {.heuristic = Heuristic::Manhattan});
  CHECK(m.overestimates[m.index({1, 1})] == 1);
}

TEST_CASE("[HeuristicCheck] admissible but inconsistent: Manhattan far from the goal") {
  // 8 neighbours, no corner cutting. The only way to G = (0,0) is the corridor of row 0, entered
  // at (6,1). Manhattan h(x,y) = x + y. Row 0: h = true. (6,1): h 7 = true 7. Row 2: true
  // (6-x) + 1 + 1 + 6 = 14 - x >= x + 2 = h for x <= 6. Row 3: true >= 15 - x > x + 3. So h never
  // overestimates. But every NW step of row 3, (x,3) -> (x-1,2), lowers h by 2 for a cost of √2:
  // 6 inconsistent moves, from (1,3) to (6,3); all equally bad, the first (1,3) is the worst.
  const Level lv = ascii_level(R"(
    G......
    ######.
    .......
    S......)");
  const HeuristicReport r = check_heuristic(lv, lv.rules(), {.heuristic = Heuristic::Manhattan});
  CHECK(r.h_true[r.index({0, 2})] == 14.0);
  CHECK(r.admissible());
  CHECK(r.inconsistent_count == 6);
  CHECK(flagged(r, r.inconsistent) ==
        std::vector<Cell>{{1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 3}, {6, 3}});
  REQUIRE(r.worst_move);
  CHECK(r.worst_move->from == Cell{1, 3});
  CHECK(r.worst_move->to == Cell{0, 2});
  CHECK(r.verdict ==
        "h never overestimates on this level, but it is inconsistent on 6 moves (worst (1, 3) → "
        "(0, 2): h 4.00 > cost 1.41 + h 2.00): A* does not reopen closed cells, so the path it "
        "finds may not be optimal");
}

TEST_CASE("[HeuristicCheck] h is the search's h, h* the oracle's cost, on random levels") {
  std::mt19937 rng(99);
  for (int round = 0; round < 150; ++round) {
    Level lv = astar::test::random_level(rng, 10);
    // The oracle measures from the start (an independent Dijkstra): its cost to the goal must
    // be h*(start).
    const SearchOptions o{.heuristic = static_cast<Heuristic>(round % 5)};
    const HeuristicReport r = check_heuristic(lv, lv.rules(), o);
    const std::vector<double> oracle = astar::test::oracle_distances(lv, lv.rules());
    const double to_goal = oracle[static_cast<std::size_t>(lv.goal().y * lv.width() + lv.goal().x)];
    CAPTURE(round);
    if (std::isinf(to_goal)) CHECK(std::isinf(r.h_true[r.index(lv.start())]));
    else CHECK(r.h_true[r.index(lv.start())] == doctest::Approx(to_goal));
    // Every h the search shows equals the report's, bit for bit.
    const auto s = make_search(lv, lv.rules(), o);
    s->run();
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        if (s->node({x, y}).state != NodeState::Unseen)
          CHECK(s->node({x, y}).h == r.h[r.index({x, y})]);
    // The octile family never overestimates: the heuristics are scaled for that.
    if (o.heuristic != Heuristic::Manhattan) CHECK(r.admissible());
  }
}
