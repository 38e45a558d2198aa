// The studio's one mapping between screen pixels, level units and cells (state/grid_geometry.hpp)
// against references written apart from it: centres from the offset layouts' own rule (every
// other row or column pushed half a hex), the hex under a screen point by a brute-force search
// for the nearest centre, at several zooms and offsets, and right next to every edge and corner;
// on squares, the mapping the studio had before hexes (floor of (pixel - origin) / cell size).
// Distances in level units are compared within kTolerance.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "astar/hex_coords.hpp"
#include "support/hex_layouts.hpp"
#include "astar/level.hpp"
#include "state/grid_geometry.hpp"

using astar::Cell;
using astar::HexLayout;
using astar::HexOrientation;
using astar::HexStagger;
using studio::GridGeometry;
using studio::LevelPoint;
using studio::ScreenMap;
using astar::test::kHexLayouts;
using astar::test::layout_name;

namespace {

constexpr double kTolerance = 1e-9;
constexpr double kSize = 1.0 / 1.7320508075688772;  // centre to corner: neighbours 1 apart

// A centre up to a translation, from the offset rule: pointy-top rows 1.5 sizes apart with the
// odd (or even) rows pushed half a unit right; flat-top columns likewise, pushed down.
LevelPoint reference_centre(HexLayout l, Cell c) {
  const bool pointy = l.orientation == HexOrientation::PointyTop;
  const int line = pointy ? c.y : c.x;
  const bool pushed = (line % 2 != 0) == (l.stagger == HexStagger::Odd);
  const double across = (pointy ? c.x : c.y) + (pushed ? 0.5 : 0.0), along = 1.5 * kSize * line;
  return pointy ? LevelPoint{across, along} : LevelPoint{along, across};
}

// The cell of a w x h level (and a margin of 4 around it) whose centre is nearest p; `tie` is
// set when the second nearest is within kTolerance.
Cell nearest_centre(const GridGeometry& g, LevelPoint p, bool& tie) {
  double best = 1e9, second = 1e9;
  Cell out{};
  for (int y = -4; y < g.height() + 4; ++y)
    for (int x = -4; x < g.width() + 4; ++x) {
      const LevelPoint c = g.centre({x, y});
      const double d = std::hypot(c.x - p.x, c.y - p.y);
      if (d < best) {
        second = best;
        best = d;
        out = {x, y};
      } else if (d < second) {
        second = d;
      }
    }
  tie = second - best <= kTolerance;
  return out;
}

// Views the tests pick through: zoomed out to zoomed in, at odd offsets.
const std::array<ScreenMap, 4> kMaps{{{10.0, 20.0, 24.0}, {-37.25, 101.5, 7.3}, {300.0, -12.0, 256.0},
                                      {0.0, 0.0, 0.75}}};

}  // namespace

TEST_CASE("[geometry] square levels map as the studio always has: cell = floor((pixel - origin) / size)") {
  const GridGeometry g(12, 8);
  CHECK_FALSE(g.is_hex());
  CHECK(g.extent_x() == 12.0);
  CHECK(g.extent_y() == 8.0);
  CHECK(g.corner_count() == 4);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> coord(-50.0, 400.0);
  for (const ScreenMap& m : kMaps)
    for (int k = 0; k < 2000; ++k) {
      const double sx = coord(rng), sy = coord(rng);
      const Cell want{static_cast<int>(std::floor((sx - m.origin_x) / m.px)),
                      static_cast<int>(std::floor((sy - m.origin_y) / m.px))};
      CHECK(g.pick(m, sx, sy) == want);
    }
  const LevelPoint c = g.centre({3, 5});
  CHECK(c.x == 3.5);
  CHECK(c.y == 5.5);
  const auto corners = g.corners({3, 5});
  CHECK(corners[0].x == 3.0);
  CHECK(corners[0].y == 5.0);
  CHECK(corners[2].x == 4.0);
  CHECK(corners[2].y == 6.0);
  // The border towards the east is the right side; towards the south-east, the shared corner.
  const auto [a, b] = g.border({3, 5}, astar::Dir::E);
  CHECK(a.x == 4.0);
  CHECK(b.x == 4.0);
  CHECK(std::min(a.y, b.y) == 5.0);
  CHECK(std::max(a.y, b.y) == 6.0);
  const auto [p, q] = g.border({3, 5}, astar::Dir::SE);
  CHECK(p.x == 4.0);
  CHECK(p.y == 6.0);
  CHECK(q.x == 4.0);
  CHECK(q.y == 6.0);
}

TEST_CASE("[geometry] hex centres follow the offset layouts, and the picture fills [0, extent] tightly") {
  for (const HexLayout l : kHexLayouts)
    for (const auto& size : {std::pair{12, 9}, std::pair{1, 1}, std::pair{1, 5}, std::pair{6, 1}}) {
      const int w = size.first, h = size.second;  // not bound: clang 14 cannot capture a binding
      INFO(layout_name(l), " ", w, "x", h);
      const GridGeometry g(w, h, l);
      CHECK(g.is_hex());
      CHECK(g.corner_count() == 6);
      // One translation takes every reference centre to the geometry's.
      const LevelPoint t0 = g.centre({0, 0}), r0 = reference_centre(l, {0, 0});
      double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const LevelPoint c = g.centre({x, y}), r = reference_centre(l, {x, y});
          CHECK(std::abs((c.x - t0.x) - (r.x - r0.x)) <= kTolerance);
          CHECK(std::abs((c.y - t0.y) - (r.y - r0.y)) <= kTolerance);
          const auto corners = g.corners({x, y});
          for (const LevelPoint& k : corners) {
            CHECK(std::abs(std::hypot(k.x - c.x, k.y - c.y) - kSize) <= kTolerance);
            min_x = std::min(min_x, k.x), min_y = std::min(min_y, k.y);
            max_x = std::max(max_x, k.x), max_y = std::max(max_y, k.y);
          }
        }
      CHECK(std::abs(min_x) <= kTolerance);
      CHECK(std::abs(min_y) <= kTolerance);
      CHECK(std::abs(max_x - g.extent_x()) <= kTolerance);
      CHECK(std::abs(max_y - g.extent_y()) <= kTolerance);
    }
  // About as big as the square grid of the same size: 12 x 9 pointy-top is 12.5 x 8.08 units.
  const GridGeometry g(12, 9, kHexLayouts[0]);
  CHECK(std::abs(g.extent_x() - 12.5) <= kTolerance);
  CHECK(std::abs(g.extent_y() - (8 * 1.5 * kSize + 2 * kSize)) <= kTolerance);
}

TEST_CASE("[geometry] odd-r pushes row 1 right, as Tiled draws it; even-r pushes row 0") {
  const GridGeometry odd(4, 3, HexLayout{HexOrientation::PointyTop, HexStagger::Odd});
  CHECK(std::abs(odd.centre({0, 1}).x - odd.centre({0, 0}).x - 0.5) <= kTolerance);
  CHECK(std::abs(odd.centre({0, 0}).x - 0.5) <= kTolerance);  // row 0 touches the left edge
  const GridGeometry even(4, 3, HexLayout{HexOrientation::PointyTop, HexStagger::Even});
  CHECK(std::abs(even.centre({0, 0}).x - even.centre({0, 1}).x - 0.5) <= kTolerance);
  CHECK(std::abs(even.centre({0, 1}).x - 0.5) <= kTolerance);
  const GridGeometry flat(4, 3, HexLayout{HexOrientation::FlatTop, HexStagger::Odd});
  CHECK(std::abs(flat.centre({1, 0}).y - flat.centre({0, 0}).y - 0.5) <= kTolerance);
}

TEST_CASE("[geometry] picking a hex: the nearest centre, at every zoom, through the viewport's mapping") {
  std::mt19937 rng(11);
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    const GridGeometry g(7, 6, l);
    for (const ScreenMap& m : kMaps) {
      INFO("origin (", m.origin_x, ", ", m.origin_y, ") px ", m.px);
      // Random points over the picture and a margin around it.
      std::uniform_real_distribution<double> ux(-1.5, g.extent_x() + 1.5), uy(-1.5, g.extent_y() + 1.5);
      int checked = 0;
      for (int k = 0; k < 1500; ++k) {
        const LevelPoint p{ux(rng), uy(rng)};
        const LevelPoint s = m.to_screen(p);
        const LevelPoint back = m.to_level(s.x, s.y);
        bool tie = false;
        const Cell want = nearest_centre(g, back, tie);
        if (tie) continue;
        ++checked;
        INFO("level point (", back.x, ", ", back.y, ")");
        CHECK(g.pick(m, s.x, s.y) == want);
      }
      CHECK(checked > 1450);
    }
  }
}

TEST_CASE("[geometry] right next to every edge and corner, a hex is picked inside and its neighbour outside") {
  const double pi = std::acos(-1.0);
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    const GridGeometry g(5, 4, l);
    const double corner0 = l.orientation == HexOrientation::PointyTop ? -30.0 : 0.0;
    for (const ScreenMap& m : kMaps) {
      const double eps = 1e-6;  // level units: a hair inside or outside
      for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x) {
          const Cell c{x, y};
          const LevelPoint centre = g.centre(c);
          for (int i = 0; i < 6; ++i) {
            const double corner = (corner0 + 60.0 * i) * pi / 180.0, edge = corner + pi / 6.0;
            INFO("cell (", x, ", ", y, ") corner ", i, " px ", m.px);
            for (double reach : {kSize - eps, 0.5 - eps}) {
              const double a = reach < 0.5 ? edge : corner;
              const LevelPoint s = m.to_screen({centre.x + reach * std::cos(a), centre.y + reach * std::sin(a)});
              CHECK(g.pick(m, s.x, s.y) == c);
            }
            // Just outside the middle of an edge: the neighbour across it.
            const LevelPoint out = m.to_screen({centre.x + (0.5 + eps) * std::cos(edge),
                                                centre.y + (0.5 + eps) * std::sin(edge)});
            bool tie = false;
            const Cell across = nearest_centre(g, m.to_level(out.x, out.y), tie);
            CHECK_FALSE(tie);
            CHECK(across != c);
            CHECK(g.pick(m, out.x, out.y) == across);
            // Just past a corner, along the line from the centre: one of the two hexes there.
            const LevelPoint past = m.to_screen({centre.x + (kSize + eps) * std::cos(corner),
                                                 centre.y + (kSize + eps) * std::sin(corner)});
            const Cell beyond = g.pick(m, past.x, past.y);
            CHECK(beyond != c);
            const LevelPoint b = g.centre(beyond);
            CHECK(std::abs(std::hypot(b.x - centre.x, b.y - centre.y) - 1.0) <= 1e-6);
          }
        }
    }
  }
}

TEST_CASE("[geometry] a hex border is the side its two hexes share; label boxes fit inside") {
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    const GridGeometry g(6, 5, l);
    for (const Cell c : {Cell{0, 0}, Cell{2, 3}, Cell{5, 4}, Cell{3, 1}}) {
      for (const astar::Dir d : astar::hex_dirs(l.orientation)) {
        const Cell n = astar::hex_step(l, c, d);
        const auto [a, b] = g.border(c, d);
        CHECK(std::abs(std::hypot(a.x - b.x, a.y - b.y) - kSize) <= kTolerance);
        // Both ends are corners of both hexes.
        for (const LevelPoint& end : {a, b})
          for (const Cell owner : {c, n}) {
            const auto corners = g.corners(owner);
            const bool is_corner = std::any_of(corners.begin(), corners.end(), [&](const LevelPoint& k) {
              return std::hypot(k.x - end.x, k.y - end.y) <= kTolerance;
            });
            CHECK(is_corner);
          }
        // The step is the unit vector to the neighbour's centre.
        const LevelPoint v = g.step(c, d), cc = g.centre(c), nc = g.centre(n);
        CHECK(std::abs(v.x - (nc.x - cc.x)) <= kTolerance);
        CHECK(std::abs(std::hypot(v.x, v.y) - 1.0) <= kTolerance);
      }
      const studio::LevelBox box = g.label_box(c);
      CHECK(box.x1 - box.x0 >= 0.8 - kTolerance);
      CHECK(box.y1 - box.y0 >= 0.6 - kTolerance);
      for (const LevelPoint& k : {LevelPoint{box.x0, box.y0}, LevelPoint{box.x1, box.y0},
                                  LevelPoint{box.x0, box.y1}, LevelPoint{box.x1, box.y1}})
        CHECK(g.cell_at(k) == c);
    }
  }
}

TEST_CASE("[geometry] the cells near a box hold every cell whose picture meets it") {
  std::mt19937 rng(5);
  for (const HexLayout l : kHexLayouts) {
    INFO(layout_name(l));
    const GridGeometry g(9, 7, l);
    std::uniform_real_distribution<double> u(-2.0, 11.0);
    for (int k = 0; k < 200; ++k) {
      double x0 = u(rng), x1 = u(rng), y0 = u(rng), y1 = u(rng);
      if (x1 < x0) std::swap(x0, x1);
      if (y1 < y0) std::swap(y0, y1);
      const studio::CellSpan s = g.cells_near({x0, y0, x1, y1});
      for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x) {
          const auto corners = g.corners({x, y});
          double cx0 = 1e9, cy0 = 1e9, cx1 = -1e9, cy1 = -1e9;
          for (const LevelPoint& c : corners) {
            cx0 = std::min(cx0, c.x), cy0 = std::min(cy0, c.y);
            cx1 = std::max(cx1, c.x), cy1 = std::max(cy1, c.y);
          }
          const bool meets = cx1 >= x0 && cx0 <= x1 && cy1 >= y0 && cy0 <= y1;
          if (!meets) continue;
          INFO("cell (", x, ", ", y, ") box (", x0, ", ", y0, ")-(", x1, ", ", y1, ")");
          CHECK((x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1));
        }
    }
  }
}

TEST_CASE("[geometry] a level's geometry follows its topology") {
  astar::Level level(8, 6);
  CHECK_FALSE(GridGeometry(level).is_hex());
  level.set_topology(astar::Topology::HexFlatTop, HexStagger::Even);
  const GridGeometry g(level);
  REQUIRE(g.is_hex());
  CHECK(*g.hex() == HexLayout{HexOrientation::FlatTop, HexStagger::Even});
  CHECK(g.width() == 8);
  CHECK(g.height() == 6);
}

TEST_CASE("[geometry] a sidecar's topology and stagger name the layout") {
  CHECK_FALSE(studio::hex_layout_named("square", "odd"));
  CHECK_FALSE(studio::hex_layout_named("hexagonal", "odd"));
  CHECK_FALSE(studio::hex_layout_named("hex-flat-top", "sideways"));
  CHECK(*studio::hex_layout_named("hex-pointy-top", "odd") == HexLayout{HexOrientation::PointyTop, HexStagger::Odd});
  CHECK(*studio::hex_layout_named("hex-flat-top", "even") == HexLayout{HexOrientation::FlatTop, HexStagger::Even});
}
