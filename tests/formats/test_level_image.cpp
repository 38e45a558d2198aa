// The level rasteriser (level_image.hpp): pixel colours at known cells, grid lines, endpoints,
// the size cap and its messages, and a PNG that decodes back to the same pixels.
#include <doctest/doctest.h>

#include <stb_image.h>  // the implementation is compiled into libstb

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/ascii_level.hpp"
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
