// Hex coordinates: the four offset layouts that tile maps store, cube and axial coordinates, and
// the conversions, neighbours, distances and centres between them. The definitions are Red Blob
// Games' ("Hexagonal Grids"); ../shared/formats/hex-grids.md has the facts, Tiled's included.
// No dependencies but grid.hpp's Cell; all but rounding, picking and lines is constexpr.
//
// Offset cells are a Cell{column, row}, counted from 0 at the top-left, as Tiled shows them:
//   pointy-top hexes sit in rows, and the odd (or even) rows are pushed half a hex to the right;
//   flat-top hexes sit in columns, and the odd (or even) columns are pushed half a hex down.
// Red Blob calls the four layouts odd-r, even-r (pointy) and odd-q, even-q (flat). Tiled's
// staggeraxis "y" is pointy-top, "x" flat-top; its staggerindex is the HexStagger.
//
//   constexpr HexLayout odd_r{HexOrientation::PointyTop, HexStagger::Odd};
//   const HexCube c = to_cube(odd_r, Cell{3, 2});        // and back: to_offset(odd_r, c)
//   const int d = hex_distance(odd_r, Cell{0, 0}, Cell{3, 2});
//   for (Cell n : hex_neighbours(odd_r, Cell{3, 2})) ...  // six, in kHexCubeDirs' order
//   const Cell east = hex_step(odd_r, Cell{3, 2}, Dir::E); // directions: hex_dirs(orientation)
//   const HexPoint p = hex_centre(odd_r, Cell{3, 2});     // in hex sizes (centre to corner)
//   const Cell under = hex_at(odd_r, p);                  // the hex a point is in (picking)
//   for (Cell c : hex_line(odd_r, Cell{0, 0}, Cell{5, 3})) ...  // the hexes between two centres
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "astar/grid.hpp"

namespace astar {

enum class HexOrientation : std::uint8_t { PointyTop, FlatTop };
// Which rows (pointy-top) or columns (flat-top) are pushed half a hex over.
enum class HexStagger : std::uint8_t { Odd, Even };

struct HexLayout {
  HexOrientation orientation = HexOrientation::PointyTop;
  HexStagger stagger = HexStagger::Odd;
  friend constexpr bool operator==(HexLayout, HexLayout) = default;
};

// Axial (q, r) and cube (q, r, s) coordinates; a cube's q + r + s is 0.
struct HexAxial {
  int q = 0;
  int r = 0;
  friend constexpr bool operator==(HexAxial, HexAxial) = default;
};
struct HexCube {
  int q = 0;
  int r = 0;
  int s = 0;
  friend constexpr bool operator==(HexCube, HexCube) = default;
};

constexpr HexCube to_cube(HexAxial a) { return {a.q, a.r, -a.q - a.r}; }
constexpr HexAxial to_axial(HexCube c) { return {c.q, c.r}; }

namespace detail {
// 1 when n is odd, for negative n too (two's complement: -1 & 1 is 1).
constexpr int hex_odd(int n) { return n & 1; }
// Half of the shifted line's number, rounded as the layout rounds: the numerator is even.
constexpr int hex_half(HexStagger st, int n) {
  return st == HexStagger::Odd ? (n - hex_odd(n)) / 2 : (n + hex_odd(n)) / 2;
}
}  // namespace detail

constexpr HexAxial to_axial(HexLayout l, Cell offset) {
  if (l.orientation == HexOrientation::PointyTop)
    return {offset.x - detail::hex_half(l.stagger, offset.y), offset.y};
  return {offset.x, offset.y - detail::hex_half(l.stagger, offset.x)};
}
constexpr HexCube to_cube(HexLayout l, Cell offset) { return to_cube(to_axial(l, offset)); }

constexpr Cell to_offset(HexLayout l, HexAxial a) {
  if (l.orientation == HexOrientation::PointyTop)
    return {a.q + detail::hex_half(l.stagger, a.r), a.r};
  return {a.q, a.r + detail::hex_half(l.stagger, a.q)};
}
constexpr Cell to_offset(HexLayout l, HexCube c) { return to_offset(l, to_axial(c)); }

// The six directions in cube coordinates, counter-clockwise from (+1, 0, -1): on pointy-top
// hexes east, north-east, north-west, west, south-west, south-east (y grows downwards).
inline constexpr std::array<HexCube, 6> kHexCubeDirs{
    {{1, 0, -1}, {1, -1, 0}, {0, -1, 1}, {-1, 0, 1}, {-1, 1, 0}, {0, 1, -1}}};

constexpr HexCube operator+(HexCube a, HexCube b) { return {a.q + b.q, a.r + b.r, a.s + b.s}; }

// The six directions as grid.hpp's Dir names them, in kAllDirs' order (clockwise from east):
// pointy-top hexes have no N or S neighbour, flat-top hexes no E or W. A hex level keys its edge
// overrides, its moves and its cameFrom arrows by these.
constexpr std::array<Dir, 6> hex_dirs(HexOrientation o) {
  if (o == HexOrientation::PointyTop) return {Dir::E, Dir::SE, Dir::SW, Dir::W, Dir::NW, Dir::NE};
  return {Dir::SE, Dir::S, Dir::SW, Dir::NW, Dir::N, Dir::NE};
}
constexpr bool is_hex_dir(HexOrientation o, Dir d) {
  return o == HexOrientation::PointyTop ? d != Dir::N && d != Dir::S : d != Dir::E && d != Dir::W;
}

// Direction d (is_hex_dir) in cube coordinates: the kHexCubeDirs entry whose centre lies that way.
constexpr HexCube hex_cube_dir(HexOrientation o, Dir d) {
  // kHexCubeDirs' places of E, SE, S, SW, W, NW, N, NE (-1: not a direction of that orientation).
  constexpr std::array<int, 8> kPointy{0, 5, -1, 4, 3, 2, -1, 1};
  constexpr std::array<int, 8> kFlat{-1, 0, 5, 4, -1, 3, 2, 1};
  const int i = (o == HexOrientation::PointyTop ? kPointy : kFlat)[static_cast<int>(d)];
  return i < 0 ? HexCube{} : kHexCubeDirs[static_cast<std::size_t>(i)];
}

// The neighbour of an offset cell in hex direction d (is_hex_dir; another d returns the cell).
constexpr Cell hex_step(HexLayout l, Cell offset, Dir d) {
  const HexCube c = to_cube(l, offset), s = hex_cube_dir(l.orientation, d);
  return to_offset(l, c + s);
}

// The hex direction from a to its neighbour b; none when they are not neighbours.
constexpr std::optional<Dir> hex_dir_between(HexLayout l, Cell a, Cell b) {
  for (Dir d : hex_dirs(l.orientation))
    if (hex_step(l, a, d) == b) return d;
  return std::nullopt;
}

// The six neighbours of an offset cell, direction i of kHexCubeDirs at place i. Some may lie
// outside a level: the caller checks its bounds.
constexpr std::array<Cell, 6> hex_neighbours(HexLayout l, Cell offset) {
  const HexCube c = to_cube(l, offset);
  std::array<Cell, 6> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = to_offset(l, c + kHexCubeDirs[i]);
  return out;
}

// Steps between two hexes: (|dq| + |dr| + |ds|) / 2.
constexpr int hex_distance(HexCube a, HexCube b) {
  const auto abs = [](int v) { return v < 0 ? -v : v; };
  return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) / 2;
}
constexpr int hex_distance(HexLayout l, Cell a, Cell b) {
  return hex_distance(to_cube(l, a), to_cube(l, b));
}

// A hex's centre, in units of its size (centre to corner), the centre of offset cell (0, 0) at
// the origin, y downwards. Neighbouring centres are sqrt(3) apart.
struct HexPoint {
  double x = 0.0;
  double y = 0.0;
};
inline constexpr double kSqrt3 = 1.7320508075688772;
constexpr HexPoint hex_centre(HexLayout l, Cell offset) {
  const HexAxial a = to_axial(l, offset);
  if (l.orientation == HexOrientation::PointyTop) return {kSqrt3 * (a.q + a.r / 2.0), 1.5 * a.r};
  return {1.5 * a.q, kSqrt3 * (a.r + a.q / 2.0)};
}

// The cube nearest to fractional cube coordinates (q + r + s = 0): each rounded, then the one
// that moved most recomputed from the other two.
inline HexCube hex_round(double q, double r, double s) {
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  else
    rs = -rq - rr;
  return {static_cast<int>(rq), static_cast<int>(rr), static_cast<int>(rs)};
}

// The offset cell whose hexagon holds point p (hex_centre's units and origin): the nearest
// centre. A point exactly on an edge or corner goes to one of the hexes that share it.
inline Cell hex_at(HexLayout l, HexPoint p) {
  double q = 0.0, r = 0.0;
  if (l.orientation == HexOrientation::PointyTop) {
    q = kSqrt3 / 3.0 * p.x - p.y / 3.0;
    r = 2.0 / 3.0 * p.y;
  } else {
    q = 2.0 / 3.0 * p.x;
    r = -p.x / 3.0 + kSqrt3 / 3.0 * p.y;
  }
  return to_offset(l, hex_round(q, r, -q - r));
}

// The hexes a straight line from a's centre to b's passes, a first and b last: one per step of
// hex_distance(a, b), each a neighbour of the one before. The line is sampled at N + 1 evenly
// spaced points and each rounded to its hex, nudged by a hair so that a sample on an edge
// between two hexes always goes to the same side.
inline std::vector<Cell> hex_line(HexLayout l, Cell a, Cell b) {
  const HexCube ca = to_cube(l, a), cb = to_cube(l, b);
  const int n = hex_distance(ca, cb);
  std::vector<Cell> out;
  out.reserve(static_cast<std::size_t>(n) + 1);
  constexpr double kNudgeQ = 1e-6, kNudgeR = 2e-6, kNudgeS = -3e-6;  // sums to 0
  for (int i = 0; i <= n; ++i) {
    const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
    const auto lerp = [t](int from, int to, double nudge) {
      return from + nudge + (to - from) * t;
    };
    out.push_back(to_offset(l, hex_round(lerp(ca.q, cb.q, kNudgeQ), lerp(ca.r, cb.r, kNudgeR),
                                         lerp(ca.s, cb.s, kNudgeS))));
  }
  return out;
}

}  // namespace astar
