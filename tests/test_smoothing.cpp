// String pulling over found paths.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "ascii_level.hpp"
#include "random_level.hpp"
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

TEST_CASE("[smoothing] with heights: a shortcut never climbs what the agent cannot") {
  // S . . . .      heights: the middle row's ^ cells are 3 high; max_climb 1
  // . ^ ^ ^ .      (open, so line of sight alone would cut straight across them)
  // . . . . G
  Level lv = ascii_level("S....\n.....\n....G");
  for (int x = 1; x <= 3; ++x) lv.set_height({x, 1}, 3);
  lv.rules().max_climb = 1;
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  CHECK(smooth_path(lv, s->path()).size() == 2);  // walls only: straight over the block
  const MovePolicy policy(lv);
  const std::vector<Cell> w = smooth_path(policy, s->path());
  // Around the block: the diagonal step off its corner grazes a 3-high cell, so it is kept as
  // the path's own step; the long legs are walkable lines.
  CHECK(w == std::vector<Cell>{{0, 0}, {3, 0}, {4, 1}, {4, 2}});
  CHECK(walkable_line(policy, {0, 0}, {3, 0}));
  CHECK_FALSE(walkable_line(policy, {3, 0}, {4, 1}));
  CHECK_FALSE(walkable_line(policy, {0, 0}, {4, 2}));
  CHECK(walkable_line(policy, {0, 0}, {4, 0}));
  SUBCASE("on a flat level it is the walls-only smoothing") {
    Level flat = ascii_level("S....\n.#...\n....G");
    const auto f = make_search(flat);
    REQUIRE(f->run() == SearchState::Found);
    CHECK(smooth_path(MovePolicy(flat), f->path()) == smooth_path(flat, f->path()));
  }
}

TEST_CASE("[smoothing] both ends of every jump stay waypoints") {
  // S . . v v . . . G     heights 2 2 2 0 0 2 2 2 2; max_climb 0, max_drop 0, gap 2:
  // . . . v v . . . .     the ditch (v) can only be jumped across
  Level lv = ascii_level("S.......G\n.........");
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 9; ++x) lv.set_height({x, y}, x == 3 || x == 4 ? 0 : 2);
  lv.rules().max_climb = 0;
  lv.rules().max_drop = 0;
  lv.rules().jump.gap = 2;
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> path = s->path();
  CHECK(path == std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}, {5, 0}, {6, 0}, {7, 0}, {8, 0}});
  const MovePolicy policy(lv);
  CHECK(smooth_path(policy, path) == std::vector<Cell>{{0, 0}, {2, 0}, {5, 0}, {8, 0}});
  CHECK(smooth_path(lv, path) == std::vector<Cell>{{0, 0}, {8, 0}});  // walls only: over the ditch
}

TEST_CASE("[smoothing] with rules, on random levels: legal shortcuts, jumps kept") {
  std::mt19937 rng(22);
  int jumps = 0, smoothed = 0;
  for (int n = 0; n < 1500; ++n) {
    const Level lv = astar::test::random_level(rng, 16);
    const auto s = make_search(lv);
    if (s->run() != SearchState::Found) continue;
    const MovePolicy policy(lv);
    const std::vector<Cell> path = s->path();
    const std::vector<MoveAction> actions = path_actions(policy, path);
    REQUIRE(actions.size() + 1 == path.size());
    const std::vector<Cell> w = smooth_path(policy, path);
    CAPTURE(n);
    REQUIRE_FALSE(w.empty());
    CHECK(w.front() == path.front());
    CHECK(w.back() == path.back());
    // Waypoints are path cells in order.
    std::vector<std::size_t> at;
    for (std::size_t i = 0, k = 0; k < w.size(); ++k) {
      while (i < path.size() && !(path[i] == w[k])) ++i;
      REQUIRE(i < path.size());
      at.push_back(i);
    }
    // Each leg is a walkable line, or exactly one step of the path (a jump, or a diagonal step
    // that grazes a cell the line may not touch).
    for (std::size_t k = 1; k < w.size(); ++k)
      CHECK((walkable_line(policy, w[k - 1], w[k]) || at[k] == at[k - 1] + 1));
    // Both ends of every jump are waypoints.
    for (std::size_t i = 0; i < actions.size(); ++i) {
      if (!is_jump(actions[i])) continue;
      ++jumps;
      CHECK(std::find(w.begin(), w.end(), path[i]) != w.end());
      CHECK(std::find(w.begin(), w.end(), path[i + 1]) != w.end());
    }
    smoothed += w.size() < path.size();
  }
  CHECK(jumps > 50);
  CHECK(smoothed > 300);
}
