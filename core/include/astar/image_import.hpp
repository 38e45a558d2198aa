// Images to levels: a PNG or JPEG (decoded by stb_image, converted to grey by its luminance)
// becomes walls, costs or heights, one cell per pixel.
//
//   walls    a pixel darker than `threshold` (grey < threshold, 0..256) is a wall
//   costs    grey 0..255 mapped linearly onto [cost_min, cost_max]; dark is expensive unless
//            `invert` (then light is)
//   heights  grey 0..255 mapped linearly onto whole heights [height_min, height_max]; light is
//            high unless `invert`
// `invert` turns the grey levels round first (255 - grey) in every mode, so with it light pixels
// are walls. Start and goal go far apart in the largest open region (place_endpoints_far_apart).
//
// The decoded grey image is kept apart from the options, so the studio decodes once and calls
// image_to_level on every change of a threshold (a 512 x 512 image converts in 2 to 5 ms,
// walls mode the slower: it labels the open regions to place start and goal). Messages name the file: "maze.png: not a PNG or JPEG image".
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

inline constexpr std::uintmax_t kMaxImageFileBytes = 256ull << 20;  // refused before reading

// One byte of grey per pixel, row-major, (0, 0) the top-left pixel.
struct GreyImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height
  std::uint8_t at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)];
  }
};

enum class ImageImportMode : std::uint8_t { Walls, Costs, Heights, _Max };
std::string_view to_string(ImageImportMode m);  // "walls", "costs", "heights"
std::optional<ImageImportMode> parse_image_import_mode(std::string_view name);

struct ImageImportOptions {
  ImageImportMode mode = ImageImportMode::Walls;
  bool invert = false;      // 255 - grey before anything else
  int threshold = 128;      // walls: grey < threshold is a wall; 0..256 (0: none, 256: all)
  double cost_min = 1.0;    // costs: 0 < cost_min <= cost_max <= 1,000,000
  double cost_max = 10.0;
  int height_min = 0;       // heights: -1,000,000 <= height_min <= height_max <= 1,000,000
  int height_max = 10;
  friend bool operator==(const ImageImportOptions&, const ImageImportOptions&) = default;
};

// Empty when the options are in range, else "threshold: must be 0..256, got 300".
std::string check_image_import_options(const ImageImportOptions& o);

// Decodes PNG or JPEG bytes to grey. Other formats are refused (stb_image reads more, but only
// these two are promised), and the size is checked with Level::check_size before decoding.
//   "maze.png: not a PNG or JPEG image"
//   "maze.png: cannot decode the PNG image (stb_image: bad zlib header)"
//   "maze.png: the image is 9000 x 20 pixels: width must be 1..8192, got 9000"
Result<GreyImage> decode_grey_image(std::span<const std::uint8_t> bytes, std::string_view source);
// Reads and decodes a file; messages name the file by `path` as given.
Result<GreyImage> load_grey_image(const std::string& path);

// The level of an image under the options (the studio's preview: cheap, no I/O). Errors:
// options out of range, or an image with no open cell ("maze.png: every pixel is a wall
// (threshold 128)"). The level's name is `source`'s file name.
Result<Level> image_to_level(const GreyImage& image, const ImageImportOptions& o,
                             std::string_view source);
// load_grey_image then image_to_level.
Result<Level> import_image(const std::string& path, const ImageImportOptions& o);

}  // namespace astar
