// A level drawn as RGB pixels and PNG bytes (level_image.hpp).
#include "astar/level_image.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <stb_image_write.h>  // the implementation is compiled into libstb

#include "astar/file_io.hpp"
#include "formats/level_image_hex.hpp"

namespace astar {

namespace {

constexpr Rgb8 kWall{58, 62, 74};
constexpr Rgb8 kFloor{236, 236, 230};
constexpr Rgb8 kCostly{176, 156, 126};
constexpr Rgb8 kCheap{150, 200, 235};
constexpr Rgb8 kLow{70, 90, 140};
constexpr Rgb8 kAgent{235, 150, 40};

std::uint8_t channel(double v) {
  return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

Rgb8 mix(Rgb8 a, Rgb8 b, double t) {
  return {channel(a.r + (b.r - a.r) * t), channel(a.g + (b.g - a.g) * t),
          channel(a.b + (b.b - a.b) * t)};
}

Rgb8 scale(Rgb8 a, double k) { return {channel(a.r * k), channel(a.g * k), channel(a.b * k)}; }

Rgb8 from_hex(std::uint32_t rgb) {
  return {static_cast<std::uint8_t>(rgb >> 16), static_cast<std::uint8_t>(rgb >> 8),
          static_cast<std::uint8_t>(rgb)};
}

}  // namespace

Rgb8 detail::grid_line_colour(Rgb8 cell) { return scale(cell, 0.78); }

LevelColours::LevelColours(const Level& level) : level_(&level), terrains_(terrains_of(level)) {
  const auto& costs = level.costs();
  const auto& heights = level.heights();
  const auto& walls = level.walls();
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (walls[i]) continue;
    max_cost_ = std::max(max_cost_, static_cast<double>(costs[i]));
    min_cost_ = std::min(min_cost_, static_cast<double>(costs[i]));
    max_height_ = std::max(max_height_, static_cast<int>(heights[i]));
    min_height_ = std::min(min_height_, static_cast<int>(heights[i]));
  }
}

Rgb8 LevelColours::cell(Cell c) const {
  if (level_->wall(c)) return kWall;
  if (level_->agent(c)) return kAgent;
  const double cost = level_->cost(c);
  Rgb8 colour = kFloor;
  if (std::abs(cost - 1.0) > 1e-6) {
    const auto t = std::find_if(terrains_.begin(), terrains_.end(), [&](const Terrain& tr) {
      return std::abs(tr.cost - cost) <= 1e-6 * std::max(1.0, cost);
    });
    if (t != terrains_.end()) colour = from_hex(t->rgb);
    else if (cost > 1.0) colour = mix(kFloor, kCostly, std::log(cost) / std::log(max_cost_));
    else colour = mix(kFloor, kCheap, 0.7 * (1.0 - cost) / std::max(1e-9, 1.0 - min_cost_));
  }
  const int h = level_->height_at(c);
  if (h > 0) colour = scale(colour, 1.0 - 0.35 * static_cast<double>(h) / max_height_);
  else if (h < 0) colour = mix(colour, kLow, 0.45 * static_cast<double>(h) / min_height_);
  return colour;
}

LevelImageSize level_image_size(const Level& level, int cell_px) {
  if (const std::optional<HexLayout> hex = level.hex_layout())
    return detail::hex_level_image_size(level, *hex, cell_px);
  return {std::int64_t{level.width()} * cell_px, std::int64_t{level.height()} * cell_px};
}

namespace {
bool fits(const LevelImageSize& s) {
  return s.width <= kMaxLevelImageSide && s.height <= kMaxLevelImageSide;
}
}  // namespace

int max_level_image_cell_px(const Level& level) {
  for (int px = kMaxLevelImageCellPx; px > 1; --px)
    if (fits(level_image_size(level, px))) return px;
  return 1;
}

std::string check_level_image_options(const Level& level, const LevelImageOptions& o) {
  if (o.cell_px < 1 || o.cell_px > kMaxLevelImageCellPx)
    return "cell-px: must be 1.." + std::to_string(kMaxLevelImageCellPx) + ", got " +
           std::to_string(o.cell_px);
  if (const LevelImageSize s = level_image_size(level, o.cell_px); !fits(s)) {
    const bool one_fits = fits(level_image_size(level, 1));
    return "cell-px: " + std::to_string(o.cell_px) + " px per cell makes a " +
           std::to_string(s.width) + " x " + std::to_string(s.height) + " image; at most " +
           std::to_string(kMaxLevelImageSide) + " px a side " +
           (one_fits ? "(use 1.." + std::to_string(max_level_image_cell_px(level)) + ")"
                     : std::string("(too big even at 1 px per cell)"));
  }
  if (level.width() < 1 || level.height() < 1) return "the level has no cells";
  return "";
}

Result<RgbImage> render_level_image(const Level& level, const LevelImageOptions& o) {
  if (std::string why = check_level_image_options(level, o); !why.empty()) return Error{why};
  const LevelColours colours(level);
  if (const std::optional<HexLayout> hex = level.hex_layout())
    return detail::render_hex_level_image(level, *hex, o, colours);
  const int px = o.cell_px;
  RgbImage img;
  img.width = level.width() * px;
  img.height = level.height() * px;
  img.rgb.resize(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3);
  const bool grid = o.grid && px >= 6;
  const int inset = px >= 4 ? px / 4 : 0;
  for (int cy = 0; cy < level.height(); ++cy) {
    for (int cx = 0; cx < level.width(); ++cx) {
      const Cell c{cx, cy};
      const Rgb8 base = colours.cell(c);
      const bool line_colour = grid && !level.wall(c);
      const Rgb8 line = line_colour ? detail::grid_line_colour(base) : base;
      std::optional<Rgb8> marker;
      if (o.endpoints && c == level.start()) marker = kImageStart;
      else if (o.endpoints && c == level.goal()) marker = kImageGoal;
      for (int y = 0; y < px; ++y) {
        for (int x = 0; x < px; ++x) {
          Rgb8 colour = (grid && (x == 0 || y == 0)) ? line : base;
          if (marker && x >= inset && y >= inset && x < px - inset && y < px - inset)
            colour = *marker;
          img.set(cx * px + x, cy * px + y, colour);
        }
      }
    }
  }
  return img;
}

Result<std::string> encode_png(const RgbImage& image) {
  std::string out;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
  };
  if (image.width < 1 || image.height < 1 ||
      !stbi_write_png_to_func(append, &out, image.width, image.height, 3, image.rgb.data(),
                              image.width * 3))
    return Error{"cannot encode the PNG image (" + std::to_string(image.width) + " x " +
                 std::to_string(image.height) + ")"};
  return out;
}

Status save_level_image(const Level& level, const LevelImageOptions& o, const std::string& path) {
  auto img = render_level_image(level, o);
  if (!img) return Error{path + ": " + img.error()};
  auto png = encode_png(img.value());
  if (!png) return Error{path + ": " + png.error()};
  return write_atomically(path, png.value());
}

}  // namespace astar
