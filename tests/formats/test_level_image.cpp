// The level rasteriser (level_image.hpp): pixel colours at known cells, grid lines, endpoints,
// the size cap and its messages, and a PNG that decodes back to the same pixels; hex levels drawn
// as hexagons on all four layouts, checked against hexagon geometry written here.
#include <doctest/doctest.h>

#include <stb_image.h>  // the implementation is compiled into libstb

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "support/ascii_level.hpp"
#include "support/hex_layouts.hpp"
#include "astar/level_image.hpp"

using namespace astar;
namespace fs = std::filesystem;

namespace {

constexpr Rgb8 kWall{58, 62, 74};
constexpr Rgb8 kFloor{236, 236, 230};

std::string rgb_text(Rgb8 c) {
  return std::to_string(c.r) + " " + std::to_string(c.g) + " " + std::to_string(c.b);
}

}  // namespace

TEST_CASE("[LevelImage] walls, floor, terrains, heights and endpoints at known cells") {
  // S . # .
  // . 2 5 .
  // . . . G      (cell (3, 0) height 4, cell (0, 2) height -2, an agent at (1, 2))
  Level lv = test::ascii_level(R"(
    S.#.
    .25.
    ...G
  )");
  lv.set_height({3, 0}, 4);
  lv.set_height({0, 2}, -2);
  lv.set_agent({1, 2}, true);
  LevelImageOptions o;
  o.cell_px = 8;
  auto img = render_level_image(lv, o);
  REQUIRE(img.ok());
  CHECK(img.value().width == 32);
  CHECK(img.value().height == 24);
  const RgbImage& im = img.value();
  // A cell's pixel away from the grid line and the endpoint inset: (x*8 + 1, y*8 + 1).
  auto at = [&](int x, int y) { return rgb_text(im.at(x * 8 + 1, y * 8 + 1)); };
  CHECK(at(2, 0) == rgb_text(kWall));
  CHECK(at(1, 0) == rgb_text(kFloor));
  CHECK(at(1, 1) == rgb_text({0xC3, 0xC8, 0x6E}));  // grass, cost 2
  CHECK(at(2, 1) == rgb_text({0x3C, 0x8C, 0x46}));  // forest, cost 5
  CHECK(at(3, 0) == rgb_text({153, 153, 150}));     // the highest: 35 % darker
  CHECK(at(0, 2) == rgb_text({161, 170, 190}));     // the lowest: 45 % towards 70 90 140
  CHECK(at(1, 2) == rgb_text({235, 150, 40}));      // agent
  // Grid lines: the top and left pixel rows of an open cell are 22 % darker; walls have none.
  CHECK(rgb_text(im.at(8, 5)) == rgb_text({184, 184, 179}));
  CHECK(rgb_text(im.at(16, 0)) == rgb_text(kWall));
  // Start and goal: a square inset by 2 px (a quarter of 8), floor around it.
  CHECK(rgb_text(im.at(4, 4)) == rgb_text(kImageStart));
  CHECK(rgb_text(im.at(3 * 8 + 4, 2 * 8 + 4)) == rgb_text(kImageGoal));
  CHECK(rgb_text(im.at(1, 1)) == rgb_text(kFloor));

  SUBCASE("a cost no terrain has leans towards the costly tint on a log scale") {
    lv.set_cost({1, 1}, 3.0);  // highest is now 5 (forest): log 3 / log 5 of the way
    auto again = render_level_image(lv, o);
    REQUIRE(again.ok());
    CHECK(rgb_text(again.value().at(9, 9)) == rgb_text({195, 181, 159}));
  }
  SUBCASE("the level's own terrain palette") {
    lv.terrains = {{"mud", 2.0, 0x102030}};
    auto again = render_level_image(lv, o);
    REQUIRE(again.ok());
    CHECK(rgb_text(again.value().at(9, 9)) == rgb_text({0x10, 0x20, 0x30}));
  }
  SUBCASE("no grid lines, no endpoints") {
    o.grid = false;
    o.endpoints = false;
    auto plain = render_level_image(lv, o);
    REQUIRE(plain.ok());
    CHECK(rgb_text(plain.value().at(8, 5)) == rgb_text(kFloor));
    CHECK(rgb_text(plain.value().at(4, 4)) == rgb_text(kFloor));
  }
  SUBCASE("1 px per cell: one pixel each, endpoints fill their cell") {
    o.cell_px = 1;
    auto small = render_level_image(lv, o);
    REQUIRE(small.ok());
    CHECK(small.value().width == 4);
    CHECK(rgb_text(small.value().at(2, 0)) == rgb_text(kWall));
    CHECK(rgb_text(small.value().at(0, 0)) == rgb_text(kImageStart));
    CHECK(rgb_text(small.value().at(3, 2)) == rgb_text(kImageGoal));
  }
}

TEST_CASE("[LevelImage] the size cap and bad cell sizes are refused with their numbers") {
  const Level wide(1000, 30);
  CHECK(max_level_image_cell_px(wide) == 8);
  CHECK(max_level_image_cell_px(Level(10, 10)) == kMaxLevelImageCellPx);
  CHECK(max_level_image_cell_px(Level(8192, 1)) == 1);
  CHECK(check_level_image_options(wide, {.cell_px = 8}).empty());
  CHECK(check_level_image_options(wide, {.cell_px = 9}) ==
        "cell-px: 9 px per cell makes a 9000 x 270 image; at most 8192 px a side (use 1..8)");
  CHECK(check_level_image_options(wide, {.cell_px = 0}) == "cell-px: must be 1..16, got 0");
  CHECK(check_level_image_options(wide, {.cell_px = 17}) == "cell-px: must be 1..16, got 17");
  CHECK(render_level_image(wide, {.cell_px = 9}).error() ==
        check_level_image_options(wide, {.cell_px = 9}));
}

TEST_CASE("[LevelImage] the PNG decodes to the same pixels; a bad path is named") {
  const Level lv = test::ascii_level(R"(
    S#.
    .#G
  )");
  const LevelImageOptions o{.cell_px = 5};
  auto img = render_level_image(lv, o);
  REQUIRE(img.ok());
  auto png = encode_png(img.value());
  REQUIRE(png.ok());
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load_from_memory(
      reinterpret_cast<const unsigned char*>(png.value().data()),
      static_cast<int>(png.value().size()), &w, &h, &n, 3);
  REQUIRE(px != nullptr);
  CHECK(w == 15);
  CHECK(h == 10);
  CHECK(std::equal(img.value().rgb.begin(), img.value().rgb.end(), px));
  stbi_image_free(px);

  const fs::path dir = fs::temp_directory_path() / ("astar-level-image-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "out.png").string();
  REQUIRE(save_level_image(lv, o, path).ok());
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(bytes == png.value());
  CHECK(save_level_image(lv, {.cell_px = 0}, path).error() ==
        path + ": cell-px: must be 1..16, got 0");
  const std::string missing = (dir / "no-such-folder" / "out.png").string();
  const Status s = save_level_image(lv, o, missing);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().rfind(missing + ": cannot save", 0) == 0);
  fs::remove_all(dir);
}

// [SECTION] Hex levels, against geometry written here from the offset layouts' definition
// (hex_coords.hpp's header), not from hex_coords' functions: centres and corners of each cell,
// the picture's bounds from every corner, and the hex a pixel is in by searching every centre.

namespace {

constexpr Rgb8 kGrass{0xC3, 0xC8, 0x6E};      // cost 2
constexpr Rgb8 kFloorLine{184, 184, 179};     // the floor 22 % darker
constexpr Rgb8 kBackground{30, 31, 36};
constexpr double kRoot3 = 1.7320508075688772;
constexpr double kPi = 3.14159265358979323846;

struct Pt {
  double x = 0.0, y = 0.0;
};

// Hexagons p pixels from centre to centre (the hexagon's width across flats). Pointy-top hexes sit
// in rows 1.5 sizes apart (the size is centre to corner, p / sqrt 3), the odd (or even) rows
// pushed half a hex right; flat-top hexes the same in columns, pushed half a hex down.
struct TestHexes {
  HexLayout layout;
  double p = 16.0;
  bool pointy() const { return layout.orientation == HexOrientation::PointyTop; }
  double size() const { return p / kRoot3; }
  bool pushed(int n) const { return ((n & 1) == 1) == (layout.stagger == HexStagger::Odd); }
  Pt centre(int col, int row) const {
    if (pointy()) return {p * (col + (pushed(row) ? 0.5 : 0.0)), 1.5 * size() * row};
    return {1.5 * size() * col, p * (row + (pushed(col) ? 0.5 : 0.0))};
  }
  // Pointy-top corners at 30 + 60 k degrees from the centre, flat-top corners at 60 k.
  std::array<Pt, 6> corners(int col, int row) const {
    std::array<Pt, 6> out{};
    const Pt c = centre(col, row);
    for (int k = 0; k < 6; ++k) {
      const double a = ((pointy() ? 30.0 : 0.0) + 60.0 * k) * kPi / 180.0;
      out[static_cast<std::size_t>(k)] = {c.x + size() * std::cos(a), c.y + size() * std::sin(a)};
    }
    return out;
  }
};

// The box around every corner of every cell; its size rounded up to whole pixels.
struct Bounds {
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  int width() const { return static_cast<int>(std::ceil(x1 - x0 - 1e-6)); }
  int height() const { return static_cast<int>(std::ceil(y1 - y0 - 1e-6)); }
};
Bounds corner_bounds(const TestHexes& h, int w, int ht) {
  Bounds b;
  for (int row = 0; row < ht; ++row)
    for (int col = 0; col < w; ++col)
      for (const Pt& q : h.corners(col, row)) {
        b.x0 = std::min(b.x0, q.x);
        b.y0 = std::min(b.y0, q.y);
        b.x1 = std::max(b.x1, q.x);
        b.y1 = std::max(b.y1, q.y);
      }
  return b;
}

// The centre nearest a point among the level's cells and the ring of cells around them (which
// covers the picture's corners), and how far the point is from the border of that cell's
// hexagon: the least (|q - B|^2 - |q - A|^2) / (2 |A - B|) over the other centres B.
struct Nearest {
  Cell cell;
  double to_edge = 0.0;
  double to_centre = 0.0;
};
Nearest nearest_centre(const TestHexes& h, int w, int ht, Pt q) {
  auto d2 = [](Pt a, Pt b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); };
  Nearest best{{-1, -1}, 0.0, 1e300};
  for (int row = -1; row <= ht; ++row)
    for (int col = -1; col <= w; ++col) {
      const double d = d2(q, h.centre(col, row));
      if (d < best.to_centre) best = {{col, row}, 0.0, d};
    }
  const Pt a = h.centre(best.cell.x, best.cell.y);
  double edge = 1e300;
  for (int row = -1; row <= ht; ++row)
    for (int col = -1; col <= w; ++col) {
      if (Cell{col, row} == best.cell) continue;
      const Pt b = h.centre(col, row);
      edge = std::min(edge, (d2(q, b) - best.to_centre) / (2.0 * std::sqrt(d2(a, b))));
    }
  best.to_edge = edge;
  best.to_centre = std::sqrt(best.to_centre);
  return best;
}

// S . # . . . .
// . 2 # . . . .      on each of the four layouts
// . . # . 2 . .
// . . . . # . .
// . . . . # . G
Level hex_level(HexLayout l) {
  Level lv = test::ascii_level(R"(
    S.#....
    .2#....
    ..#.2..
    ....#..
    ....#.G
  )");
  lv.set_topology(test::topology_of(l), l.stagger);
  return lv;
}

Rgb8 expected_colour(const Level& lv, Cell c) {
  if (lv.wall(c)) return kWall;
  return lv.cost(c) == 2.0 ? kGrass : kFloor;
}

// The pixel whose square holds point q of the hexes' plane, the picture's top-left at (x0, y0).
Rgb8 pixel_at(const RgbImage& im, const Bounds& b, Pt q) {
  return im.at(static_cast<int>(std::floor(q.x - b.x0)), static_cast<int>(std::floor(q.y - b.y0)));
}

}  // namespace

TEST_CASE("[LevelImage] hex levels: the picture is tight around the hexagons' corners") {
  for (const HexLayout l : test::kHexLayouts) {
    INFO(test::layout_name(l));
    const Level lv = hex_level(l);
    for (int px : {1, 3, 6, 9, 16}) {
      INFO("cell_px " << px);
      const Bounds b = corner_bounds({l, static_cast<double>(px)}, lv.width(), lv.height());
      auto img = render_level_image(lv, {.cell_px = px});
      REQUIRE(img.ok());
      CHECK(img.value().width == b.width());
      CHECK(img.value().height == b.height());
      CHECK(level_image_size(lv, px) == LevelImageSize{b.width(), b.height()});
    }
  }
  // By hand: 7 x 5 pointy-top at 16 px is 7 hexes and half a hex wide, 4 rows of 1.5 sizes and
  // one hex (2 sizes) high, the size 16 / sqrt 3.
  const Level pointy = hex_level({HexOrientation::PointyTop, HexStagger::Odd});
  CHECK(level_image_size(pointy, 16) == LevelImageSize{120, 74});  // 7.5 * 16; 8 sizes = 73.9
  // Flat-top 7 x 5 at 16 px: 6 columns of 1.5 sizes and one hex (2 sizes) wide, 5.5 hexes high.
  const Level flat = hex_level({HexOrientation::FlatTop, HexStagger::Even});
  CHECK(level_image_size(flat, 16) == LevelImageSize{102, 88});  // 11 sizes = 101.6; 5.5 * 16
}

TEST_CASE("[LevelImage] hex levels: each pixel has the colour of the nearest centre's cell") {
  for (const HexLayout l : test::kHexLayouts) {
    INFO(test::layout_name(l));
    const Level lv = hex_level(l);
    for (int px : {16, 9}) {
      INFO("cell_px " << px);
      const TestHexes h{l, static_cast<double>(px)};
      const Bounds b = corner_bounds(h, lv.width(), lv.height());
      auto img = render_level_image(lv, {.cell_px = px});
      REQUIRE(img.ok());
      const RgbImage& im = img.value();
      REQUIRE(im.width == b.width());
      REQUIRE(im.height == b.height());
      int checked = 0, background = 0;
      for (int y = 0; y < im.height; ++y)
        for (int x = 0; x < im.width; ++x) {
          const Pt q{b.x0 + x + 0.5, b.y0 + y + 0.5};
          const Nearest n = nearest_centre(h, lv.width(), lv.height(), q);
          if (n.to_edge < 1.5) continue;  // ties and the outline
          std::optional<Rgb8> want;
          if (!lv.in_bounds(n.cell)) want = kBackground;
          else if (n.cell == lv.start() || n.cell == lv.goal()) {
            // The marker hexagon is inset by px / 4 (rounded down) from the cell's edges: inside
            // its inner circle, outside its outer one.
            const Rgb8 marker = n.cell == lv.start() ? kImageStart : kImageGoal;
            const double inner = px / 2.0 - px / 4;
            if (n.to_centre < inner - 0.25) want = marker;
            else if (n.to_centre > inner * 2.0 / kRoot3 + 0.25) want = expected_colour(lv, n.cell);
          } else {
            want = expected_colour(lv, n.cell);
          }
          if (!want) continue;
          INFO("pixel " << x << ", " << y << " in cell " << n.cell.x << ", " << n.cell.y);
          CHECK(rgb_text(im.at(x, y)) == rgb_text(*want));
          ++checked;
          if (*want == kBackground) ++background;
        }
      CHECK(checked > im.width * im.height / 3);
      CHECK(background > 0);
    }
  }
}

TEST_CASE("[LevelImage] hex levels: the centre pixels, the background, the outline") {
  for (const HexLayout l : test::kHexLayouts) {
    INFO(test::layout_name(l));
    const Level lv = hex_level(l);
    for (int px : {3, 6, 16}) {
      INFO("cell_px " << px);
      const TestHexes h{l, static_cast<double>(px)};
      const Bounds b = corner_bounds(h, lv.width(), lv.height());
      auto img = render_level_image(lv, {.cell_px = px});
      REQUIRE(img.ok());
      for (int row = 0; row < lv.height(); ++row)
        for (int col = 0; col < lv.width(); ++col) {
          const Cell c{col, row};
          INFO("cell " << col << ", " << row);
          const Rgb8 want = c == lv.start()  ? kImageStart
                            : c == lv.goal() ? kImageGoal
                                             : expected_colour(lv, c);
          CHECK(rgb_text(pixel_at(img.value(), b, h.centre(col, row))) == rgb_text(want));
        }
      // The top-left pixel is outside every hexagon: the picture's corner is cut off.
      const Nearest corner = nearest_centre(h, lv.width(), lv.height(), {b.x0 + 0.5, b.y0 + 0.5});
      REQUIRE_FALSE(lv.in_bounds(corner.cell));
      CHECK(rgb_text(img.value().at(0, 0)) == rgb_text(kBackground));
    }
  }
}

TEST_CASE("[LevelImage] hex levels: one 1-px line between neighbours, and one round the level") {
  // Near the middle of each edge of a floor cell (pixel centres within 2.5 px of it), by the
  // signed distance s from the edge, positive into the cell beyond: the line is the pixels
  // 0 < s < 1 when the cell beyond (further down, or right) draws it, its edge facing up or left;
  // at the level's border the pixels -1 < s < 0, the background beyond. Others are floor.
  for (const HexLayout l : test::kHexLayouts) {
    INFO(test::layout_name(l));
    const Level lv = hex_level(l);
    const TestHexes h{l, 16.0};
    const Bounds b = corner_bounds(h, lv.width(), lv.height());
    auto img = render_level_image(lv, {.cell_px = 16, .endpoints = false});
    REQUIRE(img.ok());
    const RgbImage& im = img.value();
    auto floor_cell = [&](Cell c) { return !lv.wall(c) && lv.cost(c) == 1.0; };
    int lines = 0;
    for (int row = 0; row < lv.height(); ++row)
      for (int col = 0; col < lv.width(); ++col) {
        const Cell a{col, row};
        if (!floor_cell(a)) continue;
        const Pt ca = h.centre(col, row);
        for (int nrow = row - 1; nrow <= row + 1; ++nrow)
          for (int ncol = col - 1; ncol <= col + 1; ++ncol) {
            const Pt cb = h.centre(ncol, nrow);
            const double gap = std::hypot(cb.x - ca.x, cb.y - ca.y);
            if (std::abs(gap - 16.0) > 1e-6) continue;  // not a neighbour
            const Cell bc{ncol, nrow};
            const bool border = !lv.in_bounds(bc);
            const bool beyond_draws = cb.y > ca.y + 1e-6 || (cb.y > ca.y - 1e-6 && cb.x > ca.x);
            if (!border && (!floor_cell(bc) || !beyond_draws)) continue;
            INFO("cell " << col << ", " << row << " towards " << ncol << ", " << nrow);
            const Pt m{(ca.x + cb.x) / 2.0, (ca.y + cb.y) / 2.0};
            const Pt u{(cb.x - ca.x) / gap, (cb.y - ca.y) / gap};
            const double lo = border ? -1.0 : 0.0;
            for (int y = 0; y < im.height; ++y)
              for (int x = 0; x < im.width; ++x) {
                const Pt q{b.x0 + x + 0.5, b.y0 + y + 0.5};
                if (std::hypot(q.x - m.x, q.y - m.y) > 2.5) continue;
                const double s = (q.x - m.x) * u.x + (q.y - m.y) * u.y;
                if (std::abs(s - lo) < 0.05 || std::abs(s - lo - 1.0) < 0.05 || std::abs(s) < 0.05)
                  continue;  // on the line's sides or on the edge itself
                INFO("pixel " << x << ", " << y << ", s " << s);
                const bool on_line = s > lo && s < lo + 1.0;
                const Rgb8 want = on_line ? kFloorLine : (border && s > 0.0 ? kBackground : kFloor);
                CHECK(rgb_text(im.at(x, y)) == rgb_text(want));
                if (on_line) ++lines;
              }
          }
      }
    CHECK(lines > 100);
  }
}

TEST_CASE("[LevelImage] hex levels: the size cap holds for the hexagons' own size") {
  // 630 pointy-top hexes a row are 630.5 hexes wide with the pushed rows: 13 px makes 8197 px
  // (a square level of 630 cells would take 13 px), 12 px 7566; 10 rows are 15.5 sizes high.
  const HexLayout pointy{HexOrientation::PointyTop, HexStagger::Odd};
  Level wide(630, 10);
  wide.set_topology(Topology::HexPointyTop, HexStagger::Odd);
  const Bounds b13 = corner_bounds({pointy, 13.0}, 630, 10);
  CHECK(b13.width() == 8197);
  CHECK(b13.height() == 117);  // 15.5 * 13 / sqrt 3 = 116.3
  CHECK(corner_bounds({pointy, 12.0}, 630, 10).width() == 7566);
  CHECK(max_level_image_cell_px(wide) == 12);
  CHECK(check_level_image_options(wide, {.cell_px = 12}).empty());
  const std::string too_big = "cell-px: 13 px per cell makes a " + std::to_string(b13.width()) +
                              " x " + std::to_string(b13.height()) +
                              " image; at most 8192 px a side (use 1..12)";
  CHECK(check_level_image_options(wide, {.cell_px = 13}) == too_big);
  CHECK(render_level_image(wide, {.cell_px = 13}).error() == too_big);

  // Flat-top: the same, standing up.
  Level tall(10, 630);
  tall.set_topology(Topology::HexFlatTop, HexStagger::Even);
  CHECK(max_level_image_cell_px(tall) == 12);
  CHECK(check_level_image_options(tall, {.cell_px = 13}) ==
        "cell-px: 13 px per cell makes a 117 x 8197 image; at most 8192 px a side (use 1..12)");

  // 8192 pointy-top hexes a row do not fit even at 1 px per cell: 8192.5 px.
  Level widest(8192, 2);
  widest.set_topology(Topology::HexPointyTop, HexStagger::Even);
  const Bounds b1 = corner_bounds({{HexOrientation::PointyTop, HexStagger::Even}, 1.0}, 8192, 2);
  CHECK(b1.width() == 8193);
  CHECK(max_level_image_cell_px(widest) == 1);
  CHECK(check_level_image_options(widest, {.cell_px = 1}) ==
        "cell-px: 1 px per cell makes a 8193 x " + std::to_string(b1.height()) +
            " image; at most 8192 px a side (too big even at 1 px per cell)");
}
