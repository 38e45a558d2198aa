// Where a level's cells are: the one mapping between screen pixels, "level units" and cells that
// the grid shader's uniforms, picking (the viewport, the tools, start and goal drags), the
// overlays, the exports and the tests all use. Header-only, no GL or ImGui, so the screenshot
// checkers compute cell positions with it too.
//
// Level units: on a square level cell (x, y) spans [x, x + 1) x [y, y + 1). On a hex level each
// hexagon has size kHexSize = 1 / sqrt(3) (centre to corner), so neighbouring centres are 1 apart
// and a hexagon is 1 across its flat sides: a hex level's picture is about as big as the square
// grid of the same width and height, and zoom thresholds in pixels per cell mean the same. The
// picture's bounding box is [0, extent_x()] x [0, extent_y()]; cell (0, 0)'s centre is hex_origin()
// and every centre is hex_origin() + kHexSize * astar::hex_centre(layout, cell). The cell under a
// point is the hexagon holding it (astar::hex_at: cube rounding), edges and corners included.
//
//   const GridGeometry g(level);
//   const ScreenMap m{origin_x, origin_y, cell_px};     // the view: level point p at origin + p * px
//   const astar::Cell c = g.cell_at(m.to_level(mouse_x, mouse_y));  // may be outside the level
//   const LevelPoint centre = g.centre(c);
//   for (int i = 0; i < g.corner_count(); ++i) draw(m.to_screen(g.corners(c)[i]));
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>
#include <utility>

#include "astar/grid.hpp"
#include "astar/hex_coords.hpp"
#include "astar/level.hpp"

namespace studio {

struct LevelPoint {
  double x = 0.0;
  double y = 0.0;
};

// A box in level units, [x0, x1] x [y0, y1].
struct LevelBox {
  double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
};

// Cells (x0..x1, y0..y1), empty when x1 < x0 or y1 < y0.
struct CellSpan {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  bool empty() const { return x1 < x0 || y1 < y0; }
};

// Level units on screen: level point p is at (origin_x + p.x * px, origin_y + p.y * px).
struct ScreenMap {
  double origin_x = 0.0, origin_y = 0.0, px = 1.0;
  LevelPoint to_level(double sx, double sy) const {
    const double s = std::max(px, 1e-6);
    return {(sx - origin_x) / s, (sy - origin_y) / s};
  }
  LevelPoint to_screen(LevelPoint p) const { return {origin_x + p.x * px, origin_y + p.y * px}; }
};

// The hex layout a screenshot sidecar names ("topology", "stagger": astar's names); none for
// "square" or a name astar does not know.
inline std::optional<astar::HexLayout> hex_layout_named(std::string_view topology, std::string_view stagger) {
  const auto t = astar::parse_topology(topology);
  if (!t || *t == astar::Topology::Square) return std::nullopt;
  const auto s = astar::parse_hex_stagger(stagger);
  if (!s) return std::nullopt;
  return astar::HexLayout{*t == astar::Topology::HexPointyTop ? astar::HexOrientation::PointyTop
                                                              : astar::HexOrientation::FlatTop,
                          *s};
}

class GridGeometry {
 public:
  // A hexagon's size (centre to corner) in level units: neighbouring centres 1 apart.
  static constexpr double kHexSize = 1.0 / astar::kSqrt3;

  GridGeometry() = default;
  GridGeometry(int width, int height, std::optional<astar::HexLayout> hex = std::nullopt)
      : w_(width), h_(height), hex_(hex) {
    if (!hex_) return;
    // Pointy-top rows (flat-top columns) sit 1.5 sizes apart; a shifted row (column) is half a
    // unit over. The box starts at the leftmost (topmost) hexagon's side.
    const bool pointy = hex_->orientation == astar::HexOrientation::PointyTop;
    const int lines = pointy ? h_ : w_;  // rows (pointy) or columns (flat) that may be shifted
    const bool first_shifted = shifted(0);
    const bool both = lines >= 2;  // some line is shifted and some is not
    const double across = 0.5 + (first_shifted && both ? 0.5 : 0.0);
    const double along_extent = 1.5 * kHexSize * std::max(0, lines - 1) + 2.0 * kHexSize;
    const double cross_extent = (pointy ? w_ : h_) + (both ? 0.5 : 0.0);
    origin_ = pointy ? LevelPoint{across, kHexSize} : LevelPoint{kHexSize, across};
    extent_ = pointy ? LevelPoint{cross_extent, along_extent} : LevelPoint{along_extent, cross_extent};
  }
  explicit GridGeometry(const astar::Level& level)
      : GridGeometry(level.width(), level.height(), level.hex_layout()) {}

  int width() const { return w_; }
  int height() const { return h_; }
  const std::optional<astar::HexLayout>& hex() const { return hex_; }
  bool is_hex() const { return hex_.has_value(); }
  bool pointy() const { return hex_ && hex_->orientation == astar::HexOrientation::PointyTop; }
  bool in_bounds(astar::Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < w_ && c.y < h_; }

  // The picture's size: it spans [0, extent_x()] x [0, extent_y()] in level units.
  double extent_x() const { return hex_ ? extent_.x : w_; }
  double extent_y() const { return hex_ ? extent_.y : h_; }
  // Hex levels: cell (0, 0)'s centre (the shader's u_hex_origin).
  LevelPoint hex_origin() const { return origin_; }

  LevelPoint centre(astar::Cell c) const {
    if (!hex_) return {c.x + 0.5, c.y + 0.5};
    const astar::HexPoint p = astar::hex_centre(*hex_, c);
    return {origin_.x + kHexSize * p.x, origin_.y + kHexSize * p.y};
  }

  // The cell whose square or hexagon holds p; it may lie outside the level.
  astar::Cell cell_at(LevelPoint p) const {
    // Clamped first: far-away (or invalid) points stay ints.
    const double x = std::clamp(p.x, -1.0e6, 1.0e6), y = std::clamp(p.y, -1.0e6, 1.0e6);
    if (!hex_) return {static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y))};
    return astar::hex_at(*hex_, {(x - origin_.x) / kHexSize, (y - origin_.y) / kHexSize});
  }

  // The cell's outline: corner_count() corners (4 or 6), clockwise on screen (y grows down).
  int corner_count() const { return hex_ ? 6 : 4; }
  std::array<LevelPoint, 6> corners(astar::Cell c) const {
    std::array<LevelPoint, 6> out{};
    if (!hex_) {
      const double x = c.x, y = c.y;
      out[0] = {x, y}, out[1] = {x + 1, y}, out[2] = {x + 1, y + 1}, out[3] = {x, y + 1};
      return out;
    }
    const LevelPoint m = centre(c);
    const double first = pointy() ? -30.0 : 0.0;  // degrees, clockwise on screen
    for (int i = 0; i < 6; ++i) {
      const double a = (first + 60.0 * i) * kRadians;
      out[static_cast<std::size_t>(i)] = {m.x + kHexSize * std::cos(a), m.y + kHexSize * std::sin(a)};
    }
    return out;
  }

  // The unit vector from c's centre towards its neighbour in direction d (a hex direction on hex
  // levels; on squares any, diagonals sqrt(2) long).
  LevelPoint step(astar::Cell c, astar::Dir d) const {
    if (!hex_) return {static_cast<double>(astar::dx(d)), static_cast<double>(astar::dy(d))};
    const LevelPoint a = centre(c), b = centre(astar::hex_step(*hex_, c, d));
    return {b.x - a.x, b.y - a.y};
  }

  // The border c shares with its neighbour in direction d: its two ends (one point, the shared
  // corner, for a square's diagonal).
  std::pair<LevelPoint, LevelPoint> border(astar::Cell c, astar::Dir d) const {
    const LevelPoint m = centre(c), v = step(c, d);
    if (!hex_) {
      const double ex = v.x * 0.5, ey = v.y * 0.5;  // from the centre to the side (or corner)
      if (v.x != 0.0 && v.y != 0.0) return {{m.x + ex, m.y + ey}, {m.x + ex, m.y + ey}};
      return {{m.x + ex - ey, m.y + ey - ex}, {m.x + ex + ey, m.y + ey + ex}};
    }
    const double half = kHexSize * 0.5;  // half a side, along the side: v turned a quarter
    const LevelPoint mid{m.x + v.x * 0.5, m.y + v.y * 0.5};
    return {{mid.x + v.y * half, mid.y - v.x * half}, {mid.x - v.y * half, mid.y + v.x * half}};
  }

  // A box inside the cell, centred on it, for its labels (g, h, f, order): the whole square, or
  // on a hexagon a box 0.8 wide that fits inside it with some height left (0.66 or 0.6).
  LevelBox label_box(astar::Cell c) const {
    const LevelPoint m = centre(c);
    if (!hex_) return {m.x - 0.5, m.y - 0.5, m.x + 0.5, m.y + 0.5};
    // Pointy-top: 0.4 left or right of the centre the slanted sides are kHexSize * 0.6 (0.346)
    // above and below it; flat-top: 0.3 above or below it they are kHexSize * 0.7 (0.404) either
    // side. The box stays a little inside them.
    const double hw = 0.4, hh = pointy() ? 0.33 : 0.3;
    return {m.x - hw, m.y - hh, m.x + hw, m.y + hh};
  }

  // The cells whose pictures may meet `box` (level units), clipped to the level: every cell
  // that does is inside, some just outside it may be too.
  CellSpan cells_near(LevelBox box) const {
    auto lo = [](double v) { return static_cast<int>(std::floor(std::clamp(v, -1.0e6, 1.0e6))); };
    auto hi = [](double v) { return static_cast<int>(std::ceil(std::clamp(v, -1.0e6, 1.0e6))); };
    CellSpan s;
    if (!hex_) {
      s = {lo(box.x0), lo(box.y0), lo(box.x1), lo(box.y1)};
    } else {
      // Along the staggered axis lines are 1.5 sizes apart and a hexagon reaches a size either
      // side; across it cells are 1 apart, half a unit over at most, and reach half a unit.
      const double along = 1.5 * kHexSize;
      const bool p = pointy();
      const double a0 = p ? box.y0 - origin_.y : box.x0 - origin_.x, a1 = p ? box.y1 - origin_.y : box.x1 - origin_.x;
      const double c0 = p ? box.x0 - origin_.x : box.y0 - origin_.y, c1 = p ? box.x1 - origin_.x : box.y1 - origin_.y;
      const int l0 = lo((a0 - kHexSize) / along), l1 = hi((a1 + kHexSize) / along);
      const int k0 = lo(c0 - 1.0), k1 = hi(c1 + 1.0);
      s = p ? CellSpan{k0, l0, k1, l1} : CellSpan{l0, k0, l1, k1};
    }
    s.x0 = std::max(s.x0, 0), s.y0 = std::max(s.y0, 0);
    s.x1 = std::min(s.x1, w_ - 1), s.y1 = std::min(s.y1, h_ - 1);
    return s;
  }

  // The cell under screen point (sx, sy) shown through `map`: what the viewport picks.
  astar::Cell pick(const ScreenMap& map, double sx, double sy) const { return cell_at(map.to_level(sx, sy)); }

 private:
  static constexpr double kRadians = 3.14159265358979323846 / 180.0;
  // Whether row (pointy-top) or column (flat-top) n is pushed half a hex over.
  bool shifted(int n) const { return ((n & 1) == 1) == (hex_->stagger == astar::HexStagger::Odd); }

  int w_ = 0, h_ = 0;
  std::optional<astar::HexLayout> hex_;
  LevelPoint origin_{}, extent_{};
};

}  // namespace studio
