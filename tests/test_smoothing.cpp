// String pulling over found paths.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "ascii_level.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"

using namespace astar;
using astar::test::ascii_level;

TEST_CASE("[smoothing] an open field becomes one straight segment") {
  // S . . . .
  // . . . . .
  // . . . . G
  Level lv = ascii_level("S....\n.....\n....G");
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> w = smooth_path(lv, s->path());
  CHECK(w == std::vector<Cell>{{0, 0}, {4, 2}});
  CHECK(waypoint_length(w) < s->path_cost());
}

TEST_CASE("[smoothing] around a wall the corner stays") {
  // S . # . G
  // . . # . .
  // . . . . .
  Level lv = ascii_level("S.#.G\n..#..\n.....");
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> w = smooth_path(lv, s->path());
  REQUIRE(w.size() >= 3);
  for (std::size_t k = 1; k < w.size(); ++k) CHECK(line_of_sight(lv, w[k - 1], w[k]));
  CHECK_FALSE(line_of_sight(lv, w.front(), w.back()));
}

TEST_CASE("[smoothing] on random levels: waypoints are path cells in order, in sight, never longer") {
  std::mt19937 rng(21);
  int smoothed = 0;
  for (int n = 0; n < 500; ++n) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    Level lv(pick(2, 30), pick(2, 30));
    std::bernoulli_distribution wall(pick(0, 35) / 100.0);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
    lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
    const auto s = make_search(lv);
    if (s->run() != SearchState::Found) continue;
    const std::vector<Cell> path = s->path();
    const std::vector<Cell> w = smooth_path(lv, path);
    CAPTURE(n);
    REQUIRE_FALSE(w.empty());
    CHECK(w.front() == path.front());
    CHECK(w.back() == path.back());
    CHECK(w.size() <= path.size());
    auto at = path.begin();
    for (std::size_t k = 0; k < w.size(); ++k) {
      at = std::find(at, path.end(), w[k]);
      CHECK(at != path.end());  // a cell of the path, after the previous waypoint
      if (k > 0) CHECK(line_of_sight(lv, w[k - 1], w[k]));
    }
    CHECK(waypoint_length(w) <= s->path_cost() + 1e-9);
    smoothed += w.size() < path.size();
  }
  CHECK(smoothed > 200);
}
