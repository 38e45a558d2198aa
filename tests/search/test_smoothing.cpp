// String pulling over found paths.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"
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

TEST_CASE("[smoothing] a line through a lattice point never takes a blocked diagonal move") {
  // S . .      On an open level the segment from (0,0) to (2,2) runs through the lattice
  // . . .      points between the diagonal neighbours: at each it moves diagonally. Blocking
  // . . G      the diagonal move (1,1) -> (2,2) (an edge override) must stop the line there,
  //            with costs ignored (walkable_line) as with costs respected (line_cost); both ways
  //            round the corner stay open, so only the override can refuse it.
  Level lv = ascii_level("S..\n...\n..G");
  lv.rules().neighbours = Neighbours::Eight;
  const MovePolicy open(lv);
  REQUIRE(walkable_line(open, {0, 0}, {2, 2}));
  REQUIRE(line_cost(open, {0, 0}, {2, 2}).has_value());
  lv.set_edge({1, 1}, Dir::SE, EdgeOverride{true, 1.0});
  const MovePolicy blocked(lv);
  CHECK_FALSE(blocked.move({1, 1}, Dir::SE).possible());
  CHECK_FALSE(walkable_line(blocked, {0, 0}, {2, 2}));
  CHECK_FALSE(line_cost(blocked, {0, 0}, {2, 2}).has_value());
  CHECK(walkable_line(blocked, {0, 0}, {1, 1}));  // the first diagonal is still free
  // A weight on the diagonal prices it, but does not block a line that ignores costs.
  lv.set_edge({1, 1}, Dir::SE, EdgeOverride{false, 5.0});
  CHECK(walkable_line(MovePolicy(lv), {0, 0}, {2, 2}));
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

namespace {

// line_cost's definition (smoothing.hpp) by brute force, for levels without heights or edge
// overrides: the segment cut at every grid line it crosses, each piece priced by the cell
// holding its midpoint; a's pieces left out, b's counted twice (its whole chord).
double line_cost_by_pieces(const Level& lv, Cell a, Cell b) {
  const double ax = a.x + 0.5, ay = a.y + 0.5, bx = b.x + 0.5, by = b.y + 0.5;
  std::vector<double> ts{0.0, 1.0};
  for (int x = std::min(a.x, b.x) + 1; x <= std::max(a.x, b.x); ++x)
    ts.push_back((x - ax) / (bx - ax));
  for (int y = std::min(a.y, b.y) + 1; y <= std::max(a.y, b.y); ++y)
    ts.push_back((y - ay) / (by - ay));
  std::sort(ts.begin(), ts.end());
  const double length = std::hypot(bx - ax, by - ay);
  double sum = 0.0;
  for (std::size_t i = 1; i < ts.size(); ++i) {
    const double mid = (ts[i - 1] + ts[i]) / 2;
    const Cell c{static_cast<int>(std::floor(ax + mid * (bx - ax))),
                 static_cast<int>(std::floor(ay + mid * (by - ay)))};
    if (!(c == a)) sum += (ts[i] - ts[i - 1]) * length * lv.cost(c) * (c == b ? 2 : 1);
  }
  return sum;
}

// The cost of the path's moves from path[i] to path[k].
double moves_cost(const MovePolicy& policy, const std::vector<Cell>& path, std::size_t i,
                  std::size_t k) {
  ExactCost sum;
  for (std::size_t j = i + 1; j <= k; ++j) sum += policy.move_between(path[j - 1], path[j])->exact;
  return sum.value();
}

// The index in `path` of each waypoint, in order; REQUIREs that each is a later path cell.
std::vector<std::size_t> waypoint_indices(const std::vector<Cell>& path,
                                          const std::vector<Cell>& w) {
  std::vector<std::size_t> at;
  for (std::size_t i = 0, k = 0; k < w.size(); ++k, ++i) {
    while (i < path.size() && !(path[i] == w[k])) ++i;
    REQUIRE(i < path.size());
    at.push_back(i);
  }
  return at;
}

}  // namespace

TEST_CASE("[smoothing] line_cost: a segment pays for the cells it enters, b whole") {
  // . . . .     costs: row 0 all 1 but (3, 0) = 4; (1, 1) = 3
  // . 3 . .
  const Level lv = [] {
    Level l = ascii_level("...4\n.3..");
    l.rules().neighbours = Neighbours::Eight;
    return l;
  }();
  const MovePolicy policy(lv);
  CHECK(line_cost(policy, {0, 0}, {3, 0}) == 1.0 + 1.0 + 4.0);  // a row: exactly its moves
  CHECK(line_cost(policy, {3, 0}, {0, 0}) == 1.0 + 1.0 + 1.0);  // back: (3, 0) is left, not paid
  CHECK(*line_cost(policy, {0, 0}, {1, 1}) == doctest::Approx(3 * std::sqrt(2.0)));  // a diagonal
  // (0, 0) -> (2, 1): half of (1, 0) and half of (1, 1) at sqrt 5 / 2 each, then (2, 1) whole.
  CHECK(*line_cost(policy, {0, 0}, {2, 1}) ==
        doctest::Approx(std::sqrt(5.0) / 2 * (0.5 * 1 + 0.5 * 3 + 1)));
  CHECK(*line_cost(policy, {0, 0}, {2, 1}) ==
        doctest::Approx(line_cost_by_pieces(lv, {0, 0}, {2, 1})));
  CHECK_FALSE(line_cost(policy, {0, 0}, {0, 0}).has_value());
  SUBCASE("climb and drop costs are added, edge overrides refused") {
    Level hill = lv;
    hill.set_height({2, 0}, 1);
    hill.rules().climb_cost = 0.5;
    hill.rules().drop_cost = 0.25;
    CHECK(line_cost(MovePolicy(hill), {0, 0}, {3, 0}) == 6.0 + 0.5 + 0.25);
    hill.set_edge({1, 0}, Dir::E, EdgeOverride{false, 0.5});
    CHECK_FALSE(line_cost(MovePolicy(hill), {0, 0}, {3, 0}).has_value());
    CHECK(walkable_line(MovePolicy(hill), {0, 0}, {3, 0}));  // walkable, but priced by no line
  }
}

TEST_CASE("[smoothing] line_cost against the pieces of the segment, on random flat levels") {
  std::mt19937 rng(23);
  int checked = 0;
  for (int n = 0; n < 300; ++n) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const double costs[] = {0.5, 1, 1.5, 2, 3, 10};
    Level lv(pick(2, 20), pick(2, 20));
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_cost({x, y}, costs[pick(0, 5)]);
    const MovePolicy policy(lv);
    const Cell a{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
    const Cell b{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
    if (a == b) continue;
    CAPTURE(n);
    const std::optional<double> cost = line_cost(policy, a, b);
    REQUIRE(cost.has_value());
    CHECK(*cost == doctest::Approx(line_cost_by_pieces(lv, a, b)).epsilon(1e-12));
    ++checked;
  }
  CHECK(checked > 250);
}

TEST_CASE("[smoothing] respecting costs, the detour round a swamp stays") {
  // S . . . . . .     8 neighbours; ~ swamp (cost 10), every other cell costs 1
  // . ~ ~ ~ ~ ~ .
  // . ~ ~ ~ ~ ~ .
  // . . . . . . G
  const std::string map = "S......\n.......\n.......\n......G";
  Level lv = ascii_level(map);
  lv.rules().neighbours = Neighbours::Eight;
  for (int y = 1; y <= 2; ++y)
    for (int x = 1; x <= 5; ++x) lv.set_cost({x, y}, 10);
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> path = s->path();
  const MovePolicy policy(lv);
  // Costs ignored, the cut goes straight through the swamp, dearer than the grid path.
  const std::vector<Cell> ignoring = smooth_path(policy, path, {.respect_costs = false});
  CHECK(ignoring == std::vector<Cell>{{0, 0}, {6, 3}});
  CHECK(*smoothed_cost(policy, path, ignoring) > s->path_cost() + 10);
  // Respecting them (the default), the detour round the swamp is kept.
  const std::vector<Cell> w = smooth_path(policy, path);
  CHECK(w == std::vector<Cell>{{0, 0}, {5, 0}, {6, 1}, {6, 3}});
  CHECK(*smoothed_cost(policy, path, w) <= s->path_cost() * (1 + kSmoothingTolerance));
  CHECK(*smoothed_cost(policy, path, w) == doctest::Approx(5 + std::sqrt(2.0) + 2));

  SUBCASE("on the same level without the swamp both give the same waypoints") {
    Level flat = ascii_level(map);
    flat.rules().neighbours = Neighbours::Eight;
    const auto f = make_search(flat);
    REQUIRE(f->run() == SearchState::Found);
    const MovePolicy fp(flat);
    const std::vector<Cell> straight = smooth_path(fp, f->path());
    CHECK(straight == std::vector<Cell>{{0, 0}, {6, 3}});
    CHECK(straight == smooth_path(fp, f->path(), {.respect_costs = false}));
    CHECK(*smoothed_cost(fp, f->path(), straight) == doctest::Approx(std::sqrt(45.0)));
  }
}

TEST_CASE("[smoothing] respecting costs, on random levels: never dearer than the grid path") {
  std::mt19937 rng(24);
  int dearer_ignoring = 0, smoothed = 0, levels = 0;
  for (int n = 0; n < 600; ++n) {
    const Level lv = astar::test::random_level(rng, 16);
    const auto s = make_search(lv);
    if (s->run() != SearchState::Found) continue;
    ++levels;
    const MovePolicy policy(lv);
    const std::vector<Cell> path = s->path();
    const std::vector<Cell> w = smooth_path(policy, path);
    CAPTURE(n);
    REQUIRE_FALSE(w.empty());
    CHECK(w.front() == path.front());
    CHECK(w.back() == path.back());
    const std::vector<std::size_t> at = waypoint_indices(path, w);  // path cells, in order
    for (std::size_t k = 1; k < w.size(); ++k) {
      if (at[k] == at[k - 1] + 1) continue;  // one step of the path: its own move
      CHECK(walkable_line(policy, w[k - 1], w[k]));
      const std::optional<double> leg = line_cost(policy, w[k - 1], w[k]);
      REQUIRE(leg.has_value());
      CHECK(*leg <= moves_cost(policy, path, at[k - 1], at[k]) * (1 + kSmoothingTolerance));
    }
    const std::optional<double> cost = smoothed_cost(policy, path, w);
    REQUIRE(cost.has_value());
    CHECK(*cost <= s->path_cost() * (1 + kSmoothingTolerance));
    CHECK(smoothed_cost(policy, path, path) == s->path_cost());  // no shortcut: the path's cost
    const std::vector<Cell> ignoring = smooth_path(policy, path, {.respect_costs = false});
    const std::optional<double> ignored = smoothed_cost(policy, path, ignoring);
    dearer_ignoring += ignored && *ignored > s->path_cost() * (1 + kSmoothingTolerance);
    smoothed += w.size() < path.size();
  }
  CHECK(levels > 300);
  CHECK(smoothed > 150);
  CHECK(dearer_ignoring > 20);  // the levels where ignoring costs cuts across dearer cells
}
