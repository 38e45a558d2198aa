// Hex coordinates (hex_coords.hpp) against references written apart from it: the centres of
// offset cells computed in offset terms (Red Blob's offset-to-pixel), neighbours found by
// geometry (the cells whose centres are sqrt(3) away), the neighbour table of
// ../shared/formats/hex-grids.md, and distances by breadth-first search over those neighbours.
// Two centres are the same point when they are within kTolerance hex sizes.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "astar/hex_coords.hpp"
#include "support/hex_layouts.hpp"

using namespace astar;
using astar::test::kHexLayouts;
using astar::test::layout_name;

namespace {

constexpr double kTolerance = 1e-9;

// The centre of (col, row) straight from the offset layout: every other row (column) is pushed
// half a hex, right (down) for the staggered ones and left (up) for the even layouts' odd ones.
HexPoint reference_centre(HexLayout l, Cell c) {
  const double sqrt3 = std::sqrt(3.0);
  const int odd_row = c.y & 1, odd_col = c.x & 1;
  const double sign = l.stagger == HexStagger::Odd ? 0.5 : -0.5;
  if (l.orientation == HexOrientation::PointyTop)
    return {sqrt3 * (c.x + sign * odd_row), 1.5 * c.y};
  return {1.5 * c.x, sqrt3 * (c.y + sign * odd_col)};
}

// The cells of the square window [-half, half]² whose centres are one hex width from c's.
std::vector<Cell> geometric_neighbours(HexLayout l, Cell c, int half) {
  const HexPoint p = reference_centre(l, c);
  std::vector<Cell> out;
  for (int y = c.y - half; y <= c.y + half; ++y)
    for (int x = c.x - half; x <= c.x + half; ++x) {
      const HexPoint o = reference_centre(l, {x, y});
      if (std::abs(std::hypot(o.x - p.x, o.y - p.y) - std::sqrt(3.0)) <= kTolerance)
        out.push_back({x, y});
    }
  return out;
}

std::vector<std::pair<int, int>> sorted(std::vector<Cell> cells) {
  std::vector<std::pair<int, int>> out;
  for (Cell c : cells) out.emplace_back(c.x, c.y);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("[hex] offset, axial and cube coordinates convert both ways, in every layout") {
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    for (int y = -9; y <= 9; ++y)
      for (int x = -9; x <= 9; ++x) {
        const HexCube c = to_cube(l, Cell{x, y});
        CHECK(c.q + c.r + c.s == 0);
        CHECK(to_offset(l, c) == Cell{x, y});
        CHECK(to_offset(l, to_axial(l, Cell{x, y})) == Cell{x, y});
        CHECK(to_cube(to_axial(c)) == c);
      }
    // (0, 0) is the axial origin in every layout.
    CHECK(to_axial(l, Cell{0, 0}) == HexAxial{0, 0});
  }
}

TEST_CASE("[hex] centres agree with the offset layouts' own geometry") {
  for (const HexLayout l : kHexLayouts)
    for (int y = -7; y <= 7; ++y)
      for (int x = -7; x <= 7; ++x) {
        const HexPoint got = hex_centre(l, {x, y}), want = reference_centre(l, {x, y});
        INFO(layout_name(l), " (", x, ", ", y, ")");
        CHECK(std::abs(got.x - want.x) <= kTolerance);
        CHECK(std::abs(got.y - want.y) <= kTolerance);
      }
}

TEST_CASE("[hex] the six neighbours are the hexes whose centres are one hex width away") {
  for (const HexLayout l : kHexLayouts)
    for (int y = -6; y <= 6; ++y)
      for (int x = -6; x <= 6; ++x) {
        const auto n = hex_neighbours(l, {x, y});
        const std::vector<Cell> got(n.begin(), n.end());
        INFO(layout_name(l), " (", x, ", ", y, ")");
        CHECK(sorted(got) == sorted(geometric_neighbours(l, {x, y}, 2)));
        for (std::size_t i = 0; i < n.size(); ++i) {
          // Direction i, then its opposite (i + 3), comes back.
          CHECK(hex_neighbours(l, n[i])[(i + 3) % 6] == Cell{x, y});
          CHECK(hex_distance(l, {x, y}, n[i]) == 1);
        }
      }
}

TEST_CASE("[hex] neighbour offsets as ../shared/formats/hex-grids.md tables them") {
  // Layout, parity of the row (pointy) or column (flat), the six (dcol, drow) as tabled.
  struct Row {
    HexLayout layout;
    int parity;
    std::array<std::pair<int, int>, 6> offsets;
  };
  const HexLayout odd_r{HexOrientation::PointyTop, HexStagger::Odd},
      even_r{HexOrientation::PointyTop, HexStagger::Even},
      odd_q{HexOrientation::FlatTop, HexStagger::Odd},
      even_q{HexOrientation::FlatTop, HexStagger::Even};
  const Row table[] = {
      {odd_r, 0, {{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}}},
      {odd_r, 1, {{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}}},
      {even_r, 0, {{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}}},
      {even_r, 1, {{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}}},
      {odd_q, 0, {{{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}}}},
      {odd_q, 1, {{{1, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}}},
      {even_q, 0, {{{1, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}}},
      {even_q, 1, {{{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}}}},
  };
  for (const Row& row : table)
    for (const Cell c : {Cell{4, 6}, Cell{-3, -2}, Cell{0, 0}, Cell{7, 3}, Cell{-5, 5}}) {
      // Move c to the row's parity along the staggered axis.
      const bool pointy = row.layout.orientation == HexOrientation::PointyTop;
      const Cell at = pointy ? Cell{c.x, c.y + ((c.y & 1) != row.parity)}
                             : Cell{c.x + ((c.x & 1) != row.parity), c.y};
      std::vector<Cell> want;
      for (const auto& [dc, dr] : row.offsets) want.push_back({at.x + dc, at.y + dr});
      const auto n = hex_neighbours(row.layout, at);
      INFO(layout_name(row.layout), " parity ", row.parity, " (", at.x, ", ", at.y, ")");
      CHECK(sorted(std::vector<Cell>(n.begin(), n.end())) == sorted(want));
    }
}

TEST_CASE("[hex] distance equals a breadth-first search over the geometric neighbours") {
  std::mt19937 rng(20261128);
  std::uniform_int_distribution<int> coord(-6, 6);
  for (const HexLayout l : kHexLayouts) {
    // Breadth-first from a few sources over the window [-20, 20]²: shortest hex paths between
    // cells of [-6, 6]² stay well inside it. The window's geometric neighbours, found once.
    std::map<std::pair<int, int>, std::vector<Cell>> around;
    for (int y = -20; y <= 20; ++y)
      for (int x = -20; x <= 20; ++x) around[{x, y}] = geometric_neighbours(l, {x, y}, 2);
    for (int source = 0; source < 6; ++source) {
      const Cell from{coord(rng), coord(rng)};
      std::map<std::pair<int, int>, int> steps{{{from.x, from.y}, 0}};
      std::queue<Cell> queue;
      queue.push(from);
      while (!queue.empty()) {
        const Cell c = queue.front();
        queue.pop();
        for (const Cell n : around.at({c.x, c.y})) {
          if (std::abs(n.x) > 20 || std::abs(n.y) > 20 || steps.count({n.x, n.y})) continue;
          steps[{n.x, n.y}] = steps[{c.x, c.y}] + 1;
          queue.push(n);
        }
      }
      for (int y = -6; y <= 6; ++y)
        for (int x = -6; x <= 6; ++x) {
          INFO(layout_name(l), " from (", from.x, ", ", from.y, ") to (", x, ", ", y, ")");
          CHECK(hex_distance(l, from, {x, y}) == steps.at({x, y}));
          CHECK(hex_distance(l, {x, y}, from) == steps.at({x, y}));
        }
    }
  }
}

TEST_CASE("[hex] the hex under a point has the nearest centre, next to edges and corners too") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-9.0, 9.0);
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    // Random points, against the nearest of the reference centres around them; points whose two
    // nearest centres are within kTolerance of a tie are left out (on an edge, either is right).
    int checked = 0;
    for (int k = 0; k < 4000; ++k) {
      const HexPoint p{coord(rng), coord(rng)};
      double best = 1e9, second = 1e9;
      Cell nearest{};
      for (int y = -9; y <= 9; ++y)
        for (int x = -9; x <= 9; ++x) {
          const HexPoint c = reference_centre(l, {x, y});
          const double d = std::hypot(c.x - p.x, c.y - p.y);
          if (d < best) {
            second = best;
            best = d;
            nearest = {x, y};
          } else if (d < second) {
            second = d;
          }
        }
      if (second - best <= kTolerance) continue;
      ++checked;
      INFO("point (", p.x, ", ", p.y, ")");
      CHECK(hex_at(l, p) == nearest);
    }
    CHECK(checked > 3900);
    // Right next to each corner and the middle of each edge of a few hexes, just inside.
    const double corner0 = l.orientation == HexOrientation::PointyTop ? 30.0 : 0.0;
    for (const Cell c : {Cell{0, 0}, Cell{3, 4}, Cell{-2, 5}, Cell{5, -3}}) {
      const HexPoint centre = reference_centre(l, c);
      for (int i = 0; i < 6; ++i) {
        const double pi = std::acos(-1.0);
        const double corner = (corner0 + 60.0 * i) * pi / 180.0;
        const double edge = corner + 30.0 * pi / 180.0;  // the edge's middle, sqrt(3)/2 away
        for (const std::pair<double, double>& at :
             {std::pair{corner, 1.0}, std::pair{edge, std::sqrt(3.0) / 2}}) {
          const double angle = at.first, inside = at.second - 1e-7;  // reach, just inside
          const HexPoint p{centre.x + inside * std::cos(angle),
                           centre.y + inside * std::sin(angle)};
          INFO("hex (", c.x, ", ", c.y, ") angle ", angle);
          CHECK(hex_at(l, p) == c);
        }
      }
    }
  }
}

TEST_CASE("[hex] a line goes from hex to hex through neighbours, each near the segment") {
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> coord(-8, 8);
  for (const HexLayout l : kHexLayouts)
    for (int k = 0; k < 300; ++k) {
      const Cell a{coord(rng), coord(rng)}, b{coord(rng), coord(rng)};
      const std::vector<Cell> line = hex_line(l, a, b);
      INFO(layout_name(l), " (", a.x, ", ", a.y, ") to (", b.x, ", ", b.y, ")");
      REQUIRE(line.size() == static_cast<std::size_t>(hex_distance(l, a, b)) + 1);
      CHECK(line.front() == a);
      CHECK(line.back() == b);
      const HexPoint pa = reference_centre(l, a), pb = reference_centre(l, b);
      for (std::size_t i = 0; i < line.size(); ++i) {
        if (i > 0) CHECK(hex_distance(l, line[i - 1], line[i]) == 1);
        // The segment passes within a hex's size (centre to corner) of each hex's centre.
        const HexPoint c = reference_centre(l, line[i]);
        const double ux = pb.x - pa.x, uy = pb.y - pa.y, len2 = ux * ux + uy * uy;
        const double along = (c.x - pa.x) * ux + (c.y - pa.y) * uy;
        const double t = len2 == 0.0 ? 0.0 : std::clamp(along / len2, 0.0, 1.0);
        CHECK(std::hypot(pa.x + t * ux - c.x, pa.y + t * uy - c.y) <= 1.0 + kTolerance);
      }
    }
}
