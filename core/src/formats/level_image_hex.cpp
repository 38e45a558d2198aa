// A hex level drawn as hexagons (level_image_hex.hpp).
#include "formats/level_image_hex.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace astar::detail {

namespace {

// [SECTION] Geometry

// One of a hexagon's three pairs of opposite edges: their unit normal (y downwards) and the
// neighbour across the edge it points to. The edge on the other side, -normal, faces up (or
// left when the normal is horizontal).
struct EdgePair {
  HexPoint normal;
  Dir ahead;
};
constexpr double kHalfSqrt3 = kSqrt3 / 2.0;
constexpr std::array<EdgePair, 3> kPointyEdges{
    {{{1.0, 0.0}, Dir::E}, {{0.5, kHalfSqrt3}, Dir::SE}, {{-0.5, kHalfSqrt3}, Dir::SW}}};
constexpr std::array<EdgePair, 3> kFlatEdges{
    {{{kHalfSqrt3, 0.5}, Dir::SE}, {{0.0, 1.0}, Dir::S}, {{-kHalfSqrt3, 0.5}, Dir::SW}}};

const std::array<EdgePair, 3>& edges_of(HexOrientation o) {
  return o == HexOrientation::PointyTop ? kPointyEdges : kFlatEdges;
}

// A hex level's picture in pixels: cell_px across flats (between neighbouring centres), the
// corner distance, and where the picture's top-left corner lies from cell (0, 0)'s centre.
struct HexFrame {
  HexLayout layout;
  double across = 0.0;  // cell_px
  double size = 0.0;    // centre to corner: across / sqrt(3)
  double left = 0.0, top = 0.0;
  LevelImageSize image;
};

struct Box {
  double x0 = std::numeric_limits<double>::infinity(), y0 = x0;
  double x1 = -x0, y1 = -x0;
};

// The box around all cells' centres, in hex sizes. A centre's x (pointy-top) depends on its
// column and its row's parity, its y on its row alone (flat-top the other way round), so the
// first two and the last two columns and rows hold every extreme.
Box centre_box(const Level& level, HexLayout l) {
  const std::array<int, 4> xs{0, 1, level.width() - 2, level.width() - 1};
  const std::array<int, 4> ys{0, 1, level.height() - 2, level.height() - 1};
  Box b;
  for (int x : xs)
    for (int y : ys) {
      if (!level.in_bounds({x, y})) continue;
      const HexPoint p = hex_centre(l, {x, y});
      b.x0 = std::min(b.x0, p.x);
      b.y0 = std::min(b.y0, p.y);
      b.x1 = std::max(b.x1, p.x);
      b.y1 = std::max(b.y1, p.y);
    }
  return b;
}

// Whole pixels around a length, forgiving the rounding of lengths that are whole already.
std::int64_t whole_px(double length) { return static_cast<std::int64_t>(std::ceil(length - 1e-6)); }

HexFrame hex_frame(const Level& level, HexLayout l, int cell_px) {
  HexFrame f;
  f.layout = l;
  f.across = cell_px;
  f.size = cell_px / kSqrt3;
  if (level.width() < 1 || level.height() < 1) return f;
  const Box c = centre_box(level, l);
  // From a centre to the hexagon's side: half across flats one way, a corner the other.
  const bool pointy = l.orientation == HexOrientation::PointyTop;
  const double half_w = pointy ? f.across / 2.0 : f.size;
  const double half_h = pointy ? f.size : f.across / 2.0;
  f.left = c.x0 * f.size - half_w;
  f.top = c.y0 * f.size - half_h;
  f.image.width = whole_px((c.x1 - c.x0) * f.size + 2.0 * half_w);
  f.image.height = whole_px((c.y1 - c.y0) * f.size + 2.0 * half_h);
  return f;
}

// [SECTION] Pixels

// The cell whose hexagon holds pixel (x, y)'s centre, and that centre's offset from the cell's
// centre in pixels. The centre is nudged by a hair so that one on an edge (cell_px odd puts a
// column or row of them on the edges) always goes to the same side.
struct PixelHex {
  Cell cell;
  HexPoint from_centre;
};
PixelHex pixel_hex(const HexFrame& f, int x, int y) {
  constexpr double kNudgeX = 1e-6, kNudgeY = 2e-6;
  const HexPoint p{(f.left + x + 0.5 + kNudgeX) / f.size, (f.top + y + 0.5 + kNudgeY) / f.size};
  const Cell c = hex_at(f.layout, p);
  const HexPoint centre = hex_centre(f.layout, c);
  return {c, {(p.x - centre.x) * f.size, (p.y - centre.y) * f.size}};
}

double along(HexPoint d, HexPoint normal) { return d.x * normal.x + d.y * normal.y; }

// How far a point reaches from the centre towards the edges: the hexagon of that half-width
// across flats goes through it (cell_px / 2 on the cell's own edges).
double reach(HexOrientation o, HexPoint d) {
  double r = 0.0;
  for (const EdgePair& e : edges_of(o)) r = std::max(r, std::abs(along(d, e.normal)));
  return r;
}

// Whether a pixel d from cell c's centre is on c's outline: within 1 px of an edge c draws.
// A cell draws its three edges that face up (or left), as a square draws its top and left pixel
// rows, and the other three only at the level's border: neighbours share one 1-px line, and
// the level is closed all round.
bool on_outline(const HexFrame& f, const Level& level, Cell c, HexPoint d) {
  for (const EdgePair& e : edges_of(f.layout.orientation)) {
    const double s = along(d, e.normal);
    if (f.across / 2.0 - std::abs(s) >= 1.0 - 1e-9) continue;
    if (s < 0.0 || !level.in_bounds(hex_step(f.layout, c, e.ahead))) return true;
  }
  return false;
}

// What one cell's pixels may be: its colour, its outline's, its endpoint marker's.
struct CellLook {
  Cell cell{-1, -1};
  Rgb8 base, line;
  std::optional<Rgb8> marker;
};
CellLook cell_look(const Level& level, const LevelImageOptions& o, const LevelColours& colours,
                   Cell c) {
  CellLook look;
  look.cell = c;
  look.base = colours.cell(c);
  look.line = level.wall(c) ? look.base : grid_line_colour(look.base);
  if (o.endpoints && c == level.start()) look.marker = kImageStart;
  else if (o.endpoints && c == level.goal()) look.marker = kImageGoal;
  return look;
}

}  // namespace

LevelImageSize hex_level_image_size(const Level& level, HexLayout layout, int cell_px) {
  return hex_frame(level, layout, cell_px).image;
}

RgbImage render_hex_level_image(const Level& level, HexLayout layout, const LevelImageOptions& o,
                                const LevelColours& colours) {
  const HexFrame f = hex_frame(level, layout, o.cell_px);
  RgbImage img;
  img.width = static_cast<int>(f.image.width);
  img.height = static_cast<int>(f.image.height);
  img.rgb.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3);
  const bool grid = o.grid && o.cell_px >= 6;
  // Start and goal: a hexagon inset from the cell's edges by a quarter of cell_px, rounded down
  // as a square's marker is (about half as wide), the whole hex below 4 px.
  const double marker_reach = o.cell_px >= 4 ? o.cell_px / 2.0 - o.cell_px / 4
                                             : std::numeric_limits<double>::infinity();
  CellLook look;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const PixelHex h = pixel_hex(f, x, y);
      if (!level.in_bounds(h.cell)) {
        img.set(x, y, kImageBackground);
        continue;
      }
      if (h.cell != look.cell) look = cell_look(level, o, colours, h.cell);
      Rgb8 colour = look.base;
      if (look.marker && reach(layout.orientation, h.from_centre) < marker_reach)
        colour = *look.marker;
      else if (grid && on_outline(f, level, h.cell, h.from_centre))
        colour = look.line;
      img.set(x, y, colour);
    }
  return img;
}

}  // namespace astar::detail
