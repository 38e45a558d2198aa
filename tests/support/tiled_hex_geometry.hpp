// Test helper: where Tiled's hexagonal renderer puts a tile, restated from Tiled's source
// (src/libtiled/hexagonalrenderer.cpp: RenderParams, tileToScreenCoords, drawGrid's corners) so
// the tests can compare our hex neighbours and our exported tile sizes with Tiled's drawing:
//
//   const TiledHexGeometry g{Topology::HexFlatTop, HexStagger::Even, 60, 52, 30};
//   const auto [x, y] = g.top_left({3, 1});   // pixels
//   for (auto [cx, cy] : g.corners({3, 1})) ...  // the hexagon Tiled outlines for that tile
#pragma once

#include <array>
#include <utility>

#include "astar/level.hpp"

namespace astar::test {

struct TiledHexGeometry {
  Topology topology = Topology::HexPointyTop;  // staggeraxis y; HexFlatTop: x
  HexStagger stagger = HexStagger::Odd;        // staggerindex
  int tile_width = 0;
  int tile_height = 0;
  int side = 0;  // hexsidelength

  bool stagger_x() const { return topology == Topology::HexFlatTop; }
  // Tiled rounds the tile size down to even numbers before anything else.
  int w() const { return tile_width & ~1; }
  int h() const { return tile_height & ~1; }
  // The side runs along y on pointy-top tiles, along x on flat-top ones; the rest of the tile's
  // extent splits into two equal slopes (Tiled's sideOffset), and a line of tiles moves by
  // slope + side (columnWidth / rowHeight) along the stagger axis.
  int side_x() const { return stagger_x() ? side : 0; }
  int side_y() const { return stagger_x() ? 0 : side; }
  int offset_x() const { return (w() - side_x()) / 2; }
  int offset_y() const { return (h() - side_y()) / 2; }
  int column_width() const { return offset_x() + side_x(); }
  int row_height() const { return offset_y() + side_y(); }
  // A line (column x, or row y) is pushed when its index is odd, or even with staggerindex even.
  bool pushed(int index) const { return ((index & 1) != 0) != (stagger == HexStagger::Even); }

  std::pair<int, int> top_left(Cell c) const {
    if (stagger_x())
      return {c.x * column_width(), c.y * (h() + side_y()) + (pushed(c.x) ? row_height() : 0)};
    return {c.x * (w() + side_x()) + (pushed(c.y) ? column_width() : 0), c.y * row_height()};
  }
  std::pair<double, double> centre(Cell c) const {
    const auto [x, y] = top_left(c);
    return {x + w() / 2.0, y + h() / 2.0};
  }
  // The six corners Tiled outlines, clockwise from the top (pointy) or top-left (flat) one.
  std::array<std::pair<int, int>, 6> corners(Cell c) const {
    const auto [x, y] = top_left(c);
    const int ox = offset_x(), oy = offset_y();
    if (stagger_x())
      return {{{x + ox, y}, {x + w() - ox, y}, {x + w(), y + oy}, {x + w() - ox, y + h()},
               {x + ox, y + h()}, {x, y + oy}}};
    return {{{x + ox, y}, {x + w(), y + oy}, {x + w(), y + h() - oy}, {x + ox, y + h()},
             {x, y + h() - oy}, {x, y + oy}}};
  }
};

}  // namespace astar::test
