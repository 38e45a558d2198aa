// docs/hex-layouts.md's formulas, checked against hex geometry: each of Godot 4's hex TileMap
// layouts (tile_offset_axis horizontal or vertical; tile_layout stacked, stacked offset, stairs
// right, stairs down, diamond right, diamond down) converted to our offset cells must put every
// cell where Godot draws it (TileSet::map_to_local in scene/resources/2d/tile_set.cpp, restated
// below as a formula), so that a cell's six Godot neighbours become its six hex neighbours here.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "astar/hex_coords.hpp"

using namespace astar;

namespace {

enum class Axis { Horizontal, Vertical };  // TileSet.tile_offset_axis
enum class Layout { Stacked, StackedOffset, StairsRight, StairsDown, DiamondRight, DiamondDown };
constexpr std::array<Layout, 6> kLayouts{Layout::Stacked,     Layout::StackedOffset,
                                         Layout::StairsRight, Layout::StairsDown,
                                         Layout::DiamondRight, Layout::DiamondDown};

int floor_div2(int n) { return n >= 0 ? n / 2 : -((-n + 1) / 2); }

// docs/hex-layouts.md, "Godot 4": our layout for Godot's axis and layout.
HexLayout our_layout(Axis a, Layout l) {
  return {a == Axis::Horizontal ? HexOrientation::PointyTop : HexOrientation::FlatTop,
          l == Layout::StackedOffset ? HexStagger::Even : HexStagger::Odd};
}

// docs/hex-layouts.md, "Godot 4": Godot's cell (x, y) as our offset Cell{column, row}.
Cell to_ours(Axis a, Layout l, Cell g) {
  const int x = g.x, y = g.y;
  if (a == Axis::Horizontal) {
    switch (l) {
      case Layout::Stacked:
      case Layout::StackedOffset: return {x, y};
      case Layout::StairsRight: return {x + floor_div2(y), y};
      case Layout::StairsDown: return {floor_div2(x), x + 2 * y};
      case Layout::DiamondRight: return {floor_div2(x + y), y - x};
      case Layout::DiamondDown: return {floor_div2(x - y), x + y};
    }
  }
  switch (l) {
    case Layout::Stacked:
    case Layout::StackedOffset: return {x, y};
    case Layout::StairsRight: return {2 * x + y, floor_div2(y)};
    case Layout::StairsDown: return {x, y + floor_div2(x)};
    case Layout::DiamondRight: return {x + y, floor_div2(y - x)};
    case Layout::DiamondDown: return {x - y, floor_div2(x + y)};
  }
  return g;
}

// Where Godot draws cell (x, y), in units of the hex's size (centre to corner): map_to_local's
// layout step, its overlap (a hexagon's rows or columns 0.75 of a tile apart) and its tile size,
// here one regular hexagon: sqrt 3 x 2 (horizontal axis, pointy-top) or 2 x sqrt 3 (vertical).
std::pair<double, double> godot_centre(Axis a, Layout l, Cell g) {
  const double x = g.x, y = g.y;
  const auto odd = [](int n) { return ((n % 2) + 2) % 2 == 1; };  // Math::posmod(n, 2) == 1
  const bool h = a == Axis::Horizontal;
  double u = x, v = y;  // along the rows (horizontal) or columns (vertical), and across them
  switch (l) {
    case Layout::Stacked:
      if (h) u = x + (odd(g.y) ? 0.5 : 0.0);
      else v = y + (odd(g.x) ? 0.5 : 0.0);
      break;
    case Layout::StackedOffset:
      if (h) u = x + (odd(g.y) ? 0.0 : 0.5);
      else v = y + (odd(g.x) ? 0.0 : 0.5);
      break;
    case Layout::StairsRight:
      if (h) u = x + y / 2;
      else u = 2 * x + y, v = y / 2;
      break;
    case Layout::StairsDown:
      if (h) u = x / 2, v = 2 * y + x;
      else v = y + x / 2;
      break;
    case Layout::DiamondRight:
      if (h) u = (x + y) / 2, v = y - x;
      else u = x + y, v = (y - x) / 2;
      break;
    case Layout::DiamondDown:
      if (h) u = (x - y) / 2, v = y + x;
      else u = x - y, v = (y + x) / 2;
      break;
  }
  const double s3 = std::sqrt(3.0);
  if (h) return {(u + 0.5) * s3, (0.75 * v + 0.5) * 2.0};
  return {(0.75 * u + 0.5) * 2.0, (v + 0.5) * s3};
}

}  // namespace

TEST_CASE("[docs] hex-layouts.md: Godot's cells land where Godot draws them") {
  for (const Axis a : {Axis::Horizontal, Axis::Vertical}) {
    for (const Layout l : kLayouts) {
      CAPTURE(static_cast<int>(a));
      CAPTURE(static_cast<int>(l));
      const HexLayout ours = our_layout(a, l);
      const auto [gx0, gy0] = godot_centre(a, l, {0, 0});
      const HexPoint o = hex_centre(ours, to_ours(a, l, {0, 0}));
      std::set<std::pair<int, int>> seen;
      for (int y = -6; y <= 6; ++y)
        for (int x = -6; x <= 6; ++x) {
          CAPTURE(x);
          CAPTURE(y);
          const Cell c = to_ours(a, l, {x, y});
          CHECK(seen.insert({c.x, c.y}).second);  // no two Godot cells on one of ours
          const auto [gx, gy] = godot_centre(a, l, {x, y});
          const HexPoint p = hex_centre(ours, c);
          CHECK(p.x - o.x == doctest::Approx(gx - gx0).epsilon(1e-12));
          CHECK(p.y - o.y == doctest::Approx(gy - gy0).epsilon(1e-12));
        }
    }
  }
}

TEST_CASE("[docs] hex-layouts.md: a cell's six Godot neighbours are its six hex neighbours") {
  for (const Axis a : {Axis::Horizontal, Axis::Vertical}) {
    for (const Layout l : kLayouts) {
      CAPTURE(static_cast<int>(a));
      CAPTURE(static_cast<int>(l));
      const HexLayout ours = our_layout(a, l);
      for (int y = -4; y <= 4; ++y)
        for (int x = -4; x <= 4; ++x) {
          CAPTURE(x);
          CAPTURE(y);
          // Godot's neighbours by geometry: the cells whose centres are one hex width (sqrt 3)
          // from this one's, among the cells around it.
          const auto [cx, cy] = godot_centre(a, l, {x, y});
          std::set<std::pair<int, int>> converted, expected;
          for (int ny = y - 3; ny <= y + 3; ++ny)
            for (int nx = x - 3; nx <= x + 3; ++nx) {
              const auto [px, py] = godot_centre(a, l, {nx, ny});
              if (std::abs(std::hypot(px - cx, py - cy) - std::sqrt(3.0)) < 1e-9) {
                const Cell n = to_ours(a, l, {nx, ny});
                converted.insert({n.x, n.y});
              }
            }
          for (Cell n : hex_neighbours(ours, to_ours(a, l, {x, y}))) expected.insert({n.x, n.y});
          CHECK(converted.size() == 6);
          CHECK(converted == expected);
        }
    }
  }
}
