// Line of sight between cell centres: drawn cases, the one-step rule (a step has line of sight
// exactly when it is a legal no-corner-cutting move), symmetry, and an exact brute-force oracle.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "support/ascii_level.hpp"
#include "support/random_level.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/moves.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// A copy of the level's walls only: uniform cost, no heights, no overrides, 8 neighbours and no
// corner cutting.
Level walls_only(const Level& src) {
  Level lv(src.width(), src.height());
  for (int y = 0; y < src.height(); ++y)
    for (int x = 0; x < src.width(); ++x) lv.set_wall({x, y}, src.wall({x, y}));
  lv.rules() = MovementRules{};
  return lv;
}

// Exact test: does the closed segment between the centres of a and b touch the closed square of
// cell c? Separating axis theorem on doubled (integer) coordinates: the centre of cell (x, y) is
// (2x + 1, 2y + 1) and its square is [2x, 2x + 2] x [2y, 2y + 2]. Two closed convex sets touch
// unless some axis strictly separates them; the candidate axes are x, y and the segment's normal.
bool segment_touches_cell(Cell a, Cell b, Cell c) {
  const long long px = 2LL * a.x + 1, py = 2LL * a.y + 1;
  const long long qx = 2LL * b.x + 1, qy = 2LL * b.y + 1;
  const long long x0 = 2LL * c.x, x1 = x0 + 2, y0 = 2LL * c.y, y1 = y0 + 2;
  if (std::max(px, qx) < x0 || std::min(px, qx) > x1) return false;
  if (std::max(py, qy) < y0 || std::min(py, qy) > y1) return false;
  // Normal n = (-(qy - py), qx - px); the segment projects to the single value n . p.
  const long long nx = -(qy - py), ny = qx - px;
  const long long s = nx * px + ny * py;
  int below = 0, above = 0;
  for (long long cx : {x0, x1})
    for (long long cy : {y0, y1}) {
      const long long v = nx * cx + ny * cy;
      if (v < s) ++below;
      if (v > s) ++above;
    }
  return !(below == 4 || above == 4);
}

// The reference: every cell (including a ring outside the level, which counts as wall) whose
// closed square the segment touches must be open.
bool reference_los(const Level& lv, Cell a, Cell b) {
  for (int y = -1; y <= lv.height(); ++y)
    for (int x = -1; x <= lv.width(); ++x) {
      const Cell c{x, y};
      if (!lv.open(c) && segment_touches_cell(a, b, c)) return false;
    }
  // Endpoints further out than the ring: their own cells are outside the level.
  return lv.open(a) && lv.open(b);
}

// Dense sampling of the segment (floating point): the cells whose interiors the samples fall in.
// Every one must also be touched according to the exact test (a check of the reference itself).
std::set<std::pair<int, int>> sampled_cells(Cell a, Cell b) {
  std::set<std::pair<int, int>> cells;
  const int n = 64 * (std::abs(b.x - a.x) + std::abs(b.y - a.y) + 1);
  std::pair<int, int> last{a.x - 1, a.y - 1};  // no sample's cell: the first one is inserted
  for (int k = 0; k <= n; ++k) {
    const double t = static_cast<double>(k) / n;
    const double x = a.x + 0.5 + t * (b.x - a.x);
    const double y = a.y + 0.5 + t * (b.y - a.y);
    const std::pair<int, int> cell{static_cast<int>(std::floor(x)),
                                   static_cast<int>(std::floor(y))};
    if (cell != last) cells.insert(cell);  // most samples fall in the cell of the one before
    last = cell;
  }
  return cells;
}

Level random_walls(std::mt19937& rng, int max_side) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Level lv(pick(1, max_side), pick(1, max_side));
  const double density = pick(0, 45) / 100.0;
  std::bernoulli_distribution wall(density);
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
  return lv;
}

Cell random_cell(std::mt19937& rng, const Level& lv, int margin = 0) {
  return {std::uniform_int_distribution<int>(-margin, lv.width() - 1 + margin)(rng),
          std::uniform_int_distribution<int>(-margin, lv.height() - 1 + margin)(rng)};
}

}  // namespace

TEST_CASE("[los] straight lines, and a line beside a wall") {
  //   x: 0123
  // y=0  ..#.
  // y=1  ....
  Level lv = ascii_level(R"(
    ..#.
    ....
  )");
  CHECK(line_of_sight(lv, {0, 0}, {1, 0}));
  CHECK_FALSE(line_of_sight(lv, {0, 0}, {3, 0}));  // through the wall (2,0)
  CHECK_FALSE(line_of_sight(lv, {3, 0}, {0, 0}));
  CHECK(line_of_sight(lv, {0, 1}, {3, 1}));  // runs half a cell below the wall: not touching
  CHECK(line_of_sight(lv, {3, 0}, {3, 1}));  // vertical, beside the wall
  CHECK(line_of_sight(lv, {1, 0}, {1, 1}));
  CHECK_FALSE(line_of_sight(lv, {2, 1}, {2, 0}));  // into the wall
}

TEST_CASE("[los] a == b") {
  Level lv = ascii_level(".#");
  CHECK(line_of_sight(lv, {0, 0}, {0, 0}));
  CHECK_FALSE(line_of_sight(lv, {1, 0}, {1, 0}));
  CHECK_FALSE(line_of_sight(lv, {-1, 0}, {-1, 0}));
}

TEST_CASE("[los] endpoints outside the level") {
  Level lv = ascii_level(R"(
    ....
    ....
  )");
  CHECK_FALSE(line_of_sight(lv, {-1, 0}, {1, 0}));
  CHECK_FALSE(line_of_sight(lv, {0, 0}, {4, 0}));
  CHECK_FALSE(line_of_sight(lv, {0, 0}, {0, 2}));
  CHECK_FALSE(line_of_sight(lv, {5, 5}, {0, 0}));
  CHECK(line_of_sight(lv, {0, 0}, {3, 1}));
}

TEST_CASE("[los] diagonals: a single wall corner, and the gap between two diagonal walls") {
  // The segment (0,0)->(1,1) passes exactly through the lattice point (1,1), the corner of (1,0).
  //   .#
  //   ..
  Level one = ascii_level(".#\n..");
  CHECK_FALSE(line_of_sight(one, {0, 0}, {1, 1}));
  CHECK_FALSE(line_of_sight(one, {1, 1}, {0, 0}));
  CHECK(line_of_sight(one, {0, 1}, {1, 1}));

  // Two walls touching at a corner: no seeing through the "gap" in either diagonal.
  //   .#
  //   #.
  Level two = ascii_level(".#\n#.");
  CHECK_FALSE(line_of_sight(two, {0, 0}, {1, 1}));

  // A long diagonal touches the corners of the cells beside it at each lattice point.
  //   x: 0123
  // y=0  ....
  // y=1  ....
  // y=2  ...#     (3,2) shares the lattice point (3,3) with the diagonal (0,0)->(3,3)
  // y=3  ....
  Level diag = ascii_level(R"(
    ....
    ....
    ...#
    ....
  )");
  CHECK_FALSE(line_of_sight(diag, {0, 0}, {3, 3}));
  CHECK(line_of_sight(diag, {0, 0}, {2, 2}));  // ends at (2.5, 2.5): never reaches (3,3)
  CHECK(line_of_sight(diag, {0, 3}, {3, 0}));  // the other diagonal stays clear of (3,2)
  CHECK(line_of_sight(diag, {0, 1}, {2, 3}));  // lattice points (1,2), (2,3): (3,2) not among
                                               // the cells around them
}

TEST_CASE("[los] shallow and steep slopes") {
  // (0,0)->(4,1): y = 0.5 + (x - 0.5) / 4. Touches (0,0) (1,0) (2,0) (2,1) (3,1) (4,1) only:
  // at x = 2 it is at y = 0.875 (below row 1 starts), at x = 3 at y = 1.125 (past row 0).
  //   x: 01234
  // y=0  ...#.     (3,0): not touched
  // y=1  .#...     (1,1): not touched
  Level shallow = ascii_level(R"(
    ...#.
    .#...
  )");
  CHECK(line_of_sight(shallow, {0, 0}, {4, 1}));
  CHECK(line_of_sight(shallow, {4, 1}, {0, 0}));
  Level blocked_low = ascii_level(R"(
    .....
    ..#..
  )");
  CHECK_FALSE(line_of_sight(blocked_low, {0, 0}, {4, 1}));  // (2,1) is crossed
  Level blocked_high = ascii_level(R"(
    ..#..
    .....
  )");
  CHECK_FALSE(line_of_sight(blocked_high, {0, 0}, {4, 1}));  // (2,0) is crossed

  // (0,0)->(3,1): y = 0.5 + (x - 0.5) / 3 passes exactly through the lattice point (2,1), so it
  // touches all of (1,0) (2,0) (1,1) (2,1): a wall at (1,1) is grazed at its corner.
  //   x: 0123
  // y=0  ....
  // y=1  .#..
  Level graze = ascii_level(R"(
    ....
    .#..
  )");
  CHECK_FALSE(line_of_sight(graze, {0, 0}, {3, 1}));
  CHECK_FALSE(line_of_sight(graze, {3, 1}, {0, 0}));
  CHECK(line_of_sight(graze, {0, 0}, {3, 0}));
  CHECK(line_of_sight(graze, {0, 0}, {2, 0}));

  // Steep: the same two lines transposed.
  //   ..      (0,0)->(1,3): passes the lattice point (1,2), corner of (0,2)
  //   ..
  //   #.
  //   ..
  Level steep = ascii_level(R"(
    ..
    ..
    #.
    ..
  )");
  CHECK_FALSE(line_of_sight(steep, {0, 0}, {1, 3}));
  CHECK(line_of_sight(steep, {0, 0}, {1, 1}));  // a legal diagonal step, far from (0,2)
  //   ..      (0,0)->(1,4): x = 0.5 + (y - 0.5) / 4 touches (0,0) (0,1) (0,2) (1,2) (1,3) (1,4)
  //   .#      (1,1): at y = 2 the line is at x = 0.875: not touched
  //   ..
  //   #.      (0,3): at y = 3 the line is at x = 1.125: not touched
  //   ..
  Level steep2 = ascii_level(R"(
    ..
    .#
    ..
    #.
    ..
  )");
  CHECK(line_of_sight(steep2, {0, 0}, {1, 4}));
  CHECK(line_of_sight(steep2, {1, 4}, {0, 0}));
}

TEST_CASE("[los] waypoint_length") {
  CHECK(waypoint_length({}) == 0.0);
  CHECK(waypoint_length({{3, 4}}) == 0.0);
  CHECK(waypoint_length({{0, 0}, {3, 4}}) == doctest::Approx(5.0));
  CHECK(waypoint_length({{0, 0}, {3, 4}, {3, 0}, {4, 1}}) == doctest::Approx(9.0 + std::sqrt(2.0)));
}

TEST_CASE("[los] one step has line of sight exactly when it is a legal no-corner-cutting move") {
  std::mt19937 rng(20240611);
  int checked = 0;
  for (int round = 0; round < 300; ++round) {
    const Level lv = walls_only(test::random_level(rng, 14));
    const MovePolicy policy(lv, MovementRules{});  // 8 neighbours, no corner cutting
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell c{x, y};
        for (Dir d : kAllDirs) {
          const Cell t = step(c, d);
          const bool los = line_of_sight(lv, c, t);
          if (!lv.open(c) || !lv.in_bounds(t) || lv.wall(t)) {
            CHECK_FALSE(los);
            continue;
          }
          INFO("cell (", x, ",", y, ") dir ", dir_name(d));
          CHECK(los == policy.move(c, d).possible());
          ++checked;
        }
      }
  }
  CHECK(checked > 10000);
}

TEST_CASE("[los] symmetric on random pairs") {
  std::mt19937 rng(7);
  for (int round = 0; round < 400; ++round) {
    const Level lv = random_walls(rng, 24);
    for (int k = 0; k < 50; ++k) {
      const Cell a = random_cell(rng, lv, 1);
      const Cell b = random_cell(rng, lv, 1);
      CHECK(line_of_sight(lv, a, b) == line_of_sight(lv, b, a));
    }
  }
}

TEST_CASE("[los] exact oracle: segment against closed squares, with dense sampling") {
  std::mt19937 rng(424242);
  int with_los = 0, without = 0;
  for (int round = 0; round < 600; ++round) {
    const Level lv = random_walls(rng, 12);
    for (int k = 0; k < 40; ++k) {
      const Cell a = random_cell(rng, lv, 1);
      const Cell b = random_cell(rng, lv, 1);
      // The reference checked against sampling: every sampled cell is touched exactly.
      const std::set<std::pair<int, int>> sampled = sampled_cells(a, b);
      for (auto [x, y] : sampled) REQUIRE(segment_touches_cell(a, b, {x, y}));
      const bool expected = reference_los(lv, a, b);
      // Sampling alone is a necessary condition: a sampled wall means no line of sight.
      bool sampled_wall = false;
      for (auto [x, y] : sampled) sampled_wall = sampled_wall || !lv.open({x, y});
      if (sampled_wall) CHECK_FALSE(expected);
      INFO("level ", lv.width(), "x", lv.height(), " a (", a.x, ",", a.y, ") b (", b.x, ",",
           b.y, ")");
      CHECK(line_of_sight(lv, a, b) == expected);
      (expected ? with_los : without) += 1;
    }
  }
  // Both outcomes were exercised in numbers.
  CHECK(with_los > 2000);
  CHECK(without > 2000);
}

TEST_CASE("[los] exact oracle on open fields with single walls (grazes are the hard cases)") {
  // One wall on an open field: every pair of centres, so every grazing configuration of a single
  // corner appears.
  for (int wx = 0; wx < 5; ++wx)
    for (int wy = 0; wy < 4; ++wy) {
      Level lv(5, 4);
      lv.set_wall({wx, wy}, true);
      for (int ay = 0; ay < 4; ++ay)
        for (int ax = 0; ax < 5; ++ax)
          for (int by = 0; by < 4; ++by)
            for (int bx = 0; bx < 5; ++bx) {
              const Cell a{ax, ay}, b{bx, by};
              REQUIRE(line_of_sight(lv, a, b) == reference_los(lv, a, b));
            }
    }
}
