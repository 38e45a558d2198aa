// A level drawn as a picture: one square of cell_px x cell_px pixels per cell, coloured from the
// level's layers, for File > Export image in the studio, `astar export LEVEL -o OUT.png` and the
// dialogs' preview thumbnails. No GL: plain RGB bytes, written as PNG by stb_image_write.
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
//   start / goal          40 190  70 / 225  50  50 (a square inset by a quarter of the cell;
//                        the whole cell below 4 px)
//   grid lines           from 6 px per cell, the cell's top and left pixel row 22 % darker
// A level is at most 8192 cells a side, so any level fits at 1 px per cell.
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

// The largest cell_px (<= kMaxLevelImageCellPx) that keeps both sides within
// kMaxLevelImageSide; at least 1.
int max_level_image_cell_px(const Level& level);
// Empty when the options fit the level, else "cell-px: must be 1..16, got 0" or
// "cell-px: 16 px per cell makes a 16384 x 480 image; at most 8192 px a side (use 1..8)".
std::string check_level_image_options(const Level& level, const LevelImageOptions& o);

Result<RgbImage> render_level_image(const Level& level, const LevelImageOptions& o);
// The PNG file's bytes of an image (stb_image_write); an error only when encoding fails.
Result<std::string> encode_png(const RgbImage& image);
// render_level_image, encode_png, write_atomically. Messages name `path`:
// "out.png: cell-px: must be 1..16, got 0", "out.png: cannot save: ...".
Status save_level_image(const Level& level, const LevelImageOptions& o, const std::string& path);

}  // namespace astar
