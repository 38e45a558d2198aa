// A level drawn as a picture, for File > Export image in the studio and `astar export LEVEL -o
// OUT.png`; its cell colours (LevelColours) also for the dialogs' preview thumbnails. No GL:
// plain RGB bytes, written as PNG by stb_image_write.
//
//   auto img = render_level_image(level, {.cell_px = 8});      // an error names a bad cell_px
//   Status s = save_level_image(level, {.cell_px = 8}, "out.png");
//
// Square levels: one square of cell_px x cell_px pixels per cell, cell (0, 0) at the top left.
// Hex levels: one hexagon per cell (hex_coords.hpp's layouts, both orientations and staggers),
// cell_px the distance between neighbouring centres, which is the hexagon's width across flats
// (its height corner to corner is cell_px * 2 / sqrt(3)), so a hex level comes out about as big
// as a square level of as many cells. The picture is tight around the hexagons: its left and
// top edges touch the leftmost and topmost corners, its size is their extent rounded up to whole
// pixels (level_image_size). A pixel has the colour of the hex its centre is in (hex_at), the
// background outside the level's hexes.
//
// Colours (8-bit sRGB, the studio's default palette where it has one):
//   wall                  58  62  74
//   open floor, cost 1   236 236 230
//   other costs          the colour of the level's terrain of that cost (terrains_of: road 1,
//                        grass 2, forest 5, swamp 10 by default); a cost no terrain has leans
//                        from the floor towards 176 156 126 (cheaper than 1: towards 150 200 235)
//                        on a log scale up to the level's highest cost
//   heights              above 0 darker (up to 35 % at the level's highest), below 0 towards
//                        70 90 140 (up to 45 % at the lowest)
//   agents               235 150  40
//   start / goal          40 190  70 / 225  50  50 (a square inset by a quarter of the cell, on
//                        hexes a hexagon inset from the cell's edges by as many pixels: about
//                        half as wide; the whole cell below 4 px)
//   grid lines           from 6 px per cell, 22 % darker than the cell (none on walls): a
//                        square's top and left pixel rows; on hexes the pixels within 1 px of
//                        the three edges facing up (or left), and of the others at the level's
//                        border, so neighbours share a 1-px line and the level is outlined
//   background            30  31  36 outside a hex level's hexagons (the studio's background)
// A level is at most 8192 cells a side, so a square level fits at 1 px per cell; a hex level
// 8192 cells wide (pointy-top) or high (flat-top) is half a hex too big even then.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

inline constexpr int kMaxLevelImageSide = 8192;  // pixels per side of an exported image
inline constexpr int kMaxLevelImageCellPx = 16;

struct LevelImageOptions {
  int cell_px = 4;         // 1..kMaxLevelImageCellPx, and each side <= kMaxLevelImageSide
  bool grid = true;        // grid lines (from 6 px per cell)
  bool endpoints = true;   // start and goal
  friend bool operator==(const LevelImageOptions&, const LevelImageOptions&) = default;
};

struct Rgb8 {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb8&, const Rgb8&) = default;
};

// Row-major RGB, (0, 0) the top-left pixel.
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // width * height * 3
  Rgb8 at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
  void set(int x, int y, Rgb8 c) {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) * 3;
    rgb[i] = c.r;
    rgb[i + 1] = c.g;
    rgb[i + 2] = c.b;
  }
};

// The colour of each cell (walls, costs, heights, agents; no endpoints, no grid), with the
// level's cost and height ranges measured once. Cheap per cell: the thumbnails sample it.
class LevelColours {
 public:
  explicit LevelColours(const Level& level);
  Rgb8 cell(Cell c) const;

 private:
  const Level* level_;
  std::vector<Terrain> terrains_;
  double max_cost_ = 1.0, min_cost_ = 1.0;
  int max_height_ = 0, min_height_ = 0;
};

inline constexpr Rgb8 kImageStart{40, 190, 70};
inline constexpr Rgb8 kImageGoal{225, 50, 50};
inline constexpr Rgb8 kImageBackground{30, 31, 36};  // outside a hex level's hexagons

// A level's picture's size in pixels at cell_px per cell (any cell_px >= 1, before the cap):
// width x cell_px by height x cell_px on squares, the hexagons' extent on hexes.
struct LevelImageSize {
  std::int64_t width = 0;
  std::int64_t height = 0;
  friend bool operator==(const LevelImageSize&, const LevelImageSize&) = default;
};
LevelImageSize level_image_size(const Level& level, int cell_px);

// The largest cell_px (<= kMaxLevelImageCellPx) that keeps both sides of level_image_size
// within kMaxLevelImageSide; at least 1 (even when 1 does not fit: check_level_image_options says).
int max_level_image_cell_px(const Level& level);
// Empty when the options fit the level, else "cell-px: must be 1..16, got 0",
// "cell-px: 16 px per cell makes a 16384 x 480 image; at most 8192 px a side (use 1..8)", or for
// a level too big at any size "...; at most 8192 px a side (too big even at 1 px per cell)".
std::string check_level_image_options(const Level& level, const LevelImageOptions& o);

Result<RgbImage> render_level_image(const Level& level, const LevelImageOptions& o);
// The PNG file's bytes of an image (stb_image_write); an error only when encoding fails.
Result<std::string> encode_png(const RgbImage& image);
// render_level_image, encode_png, write_atomically. Messages name `path`:
// "out.png: cell-px: must be 1..16, got 0", "out.png: cannot save: ...".
Status save_level_image(const Level& level, const LevelImageOptions& o, const std::string& path);

}  // namespace astar
