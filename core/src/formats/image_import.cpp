// PNG and JPEG images to levels (image_import.hpp). stb_image decodes; nothing throws out.
#include "astar/image_import.hpp"

#include "astar/format.hpp"

#include <stb_image.h>  // the implementation is compiled into libstb

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <memory>

#include "astar/enum_names.hpp"
#include "astar/generate.hpp"
#include "base/text_file.hpp"

namespace astar {

namespace {

constexpr std::array<std::string_view, 3> kModeNames{"walls", "costs", "heights"};
constexpr double kMaxCost = 1'000'000.0;

std::string file_name(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

enum class Format { Png, Jpeg, Other };

Format sniff(std::span<const std::uint8_t> b) {
  constexpr std::array<std::uint8_t, 8> kPng{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (b.size() >= kPng.size() && std::equal(kPng.begin(), kPng.end(), b.begin()))
    return Format::Png;
  if (b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return Format::Jpeg;
  return Format::Other;
}

}  // namespace

std::string_view to_string(ImageImportMode m) { return kModeNames[static_cast<std::size_t>(m)]; }

std::optional<ImageImportMode> parse_image_import_mode(std::string_view name) {
  return parse_enum_name<ImageImportMode>(kModeNames, name);
}

std::string check_image_import_options(const ImageImportOptions& o) {
  switch (o.mode) {
    case ImageImportMode::Walls:
      if (o.threshold < 0 || o.threshold > 256)
        return "threshold: must be 0..256, got " + std::to_string(o.threshold);
      return {};
    case ImageImportMode::Costs:
      if (!std::isfinite(o.cost_min) || !std::isfinite(o.cost_max) || o.cost_min <= 0.0 ||
          o.cost_min > o.cost_max || o.cost_max > kMaxCost)
        return "costs: must be MIN..MAX with 0 < MIN <= MAX <= " + std::to_string(static_cast<int>(kMaxCost)) +
               ", got " + number_text(o.cost_min) + ".." + number_text(o.cost_max);
      return {};
    case ImageImportMode::Heights:
      if (o.height_min < -kMaxAbsHeight || o.height_min > o.height_max ||
          o.height_max > kMaxAbsHeight)
        return "heights: must be MIN..MAX with " + std::to_string(-kMaxAbsHeight) +
               " <= MIN <= MAX <= " + std::to_string(kMaxAbsHeight) + ", got " +
               std::to_string(o.height_min) + ".." + std::to_string(o.height_max);
      return {};
    case ImageImportMode::_Max: break;
  }
  return "mode: unknown";
}

Result<GreyImage> decode_grey_image(std::span<const std::uint8_t> bytes, std::string_view source) {
  const std::string src(source);
  const Format format = sniff(bytes);
  if (format == Format::Other) return Error{src + ": not a PNG or JPEG image"};
  const char* format_name = format == Format::Png ? "PNG" : "JPEG";
  if (bytes.size() > static_cast<std::size_t>(INT_MAX))
    return Error{src + ": the file is too large to decode"};
  const int len = static_cast<int>(bytes.size());
  const auto fail = [&](const char* what) {
    const char* reason = stbi_failure_reason();
    return Error{src + ": cannot " + what + " the " + format_name + " image (stb_image: " +
                 (reason ? reason : "unknown error") + ")"};
  };
  int w = 0, h = 0, channels = 0;
  if (!stbi_info_from_memory(bytes.data(), len, &w, &h, &channels)) return fail("read");
  // Checked before the pixels are allocated.
  if (std::string why = Level::check_size(w, h); !why.empty())
    return Error{src + ": the image is " + std::to_string(w) + " x " + std::to_string(h) +
                 " pixels: " + why};
  const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load_from_memory(bytes.data(), len, &w, &h, &channels, 1), &stbi_image_free);
  if (!pixels) return fail("decode");
  if (std::string why = Level::check_size(w, h); !why.empty())  // the decoder agrees with info
    return Error{src + ": the image is " + std::to_string(w) + " x " + std::to_string(h) +
                 " pixels: " + why};
  GreyImage img;
  img.width = w;
  img.height = h;
  img.pixels.assign(pixels.get(), pixels.get() + static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  return img;
}

Result<GreyImage> load_grey_image(const std::string& path) {
  return detail::guard_load<GreyImage>(path, [&]() -> Result<GreyImage> {
    auto bytes = detail::read_text_file(path, kMaxImageFileBytes);
    if (!bytes) return Error{bytes.error()};
    const std::string& b = bytes.value();
    return decode_grey_image(
        std::span(reinterpret_cast<const std::uint8_t*>(b.data()), b.size()), path);
  });
}

Result<Level> image_to_level(const GreyImage& image, const ImageImportOptions& o,
                              std::string_view source) {
  const std::string src(source);
  if (std::string why = check_image_import_options(o); !why.empty()) return Error{why};
  if (std::string why = Level::check_size(image.width, image.height); !why.empty())
    return Error{src + ": " + why};
  if (image.pixels.size() !=
      static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
    return Error{src + ": the image has " + std::to_string(image.pixels.size()) +
                 " pixels, expected " + std::to_string(image.width) + " x " +
                 std::to_string(image.height)};
  return detail::guard_load<Level>(src, [&]() -> Result<Level> {
    Level lv(image.width, image.height);
    // One table per grey level: 256 entries instead of a multiply per pixel.
    std::array<float, 256> cost{};
    std::array<int, 256> height{};
    for (int g = 0; g < 256; ++g) {
      const int v = o.invert ? 255 - g : g;
      const double dark = (255 - v) / 255.0;  // 1 for black, 0 for white
      cost[static_cast<std::size_t>(g)] = static_cast<float>(
          std::clamp(o.cost_min + dark * (o.cost_max - o.cost_min), o.cost_min, o.cost_max));
      height[static_cast<std::size_t>(g)] = static_cast<int>(std::clamp(
          std::round(o.height_min + (v / 255.0) * (static_cast<double>(o.height_max) - o.height_min)),
          static_cast<double>(o.height_min), static_cast<double>(o.height_max)));
    }
    for (int y = 0; y < image.height; ++y)
      for (int x = 0; x < image.width; ++x) {
        const std::uint8_t g = image.at(x, y);
        const Cell c{x, y};
        switch (o.mode) {
          case ImageImportMode::Walls:
            lv.set_wall(c, (o.invert ? 255 - g : g) < o.threshold);
            break;
          case ImageImportMode::Costs: lv.set_cost(c, cost[g]); break;
          case ImageImportMode::Heights: lv.set_height(c, height[g]); break;
          case ImageImportMode::_Max: break;
        }
      }
    if (!place_endpoints_far_apart(lv))
      return Error{src + ": every pixel is a wall (threshold " + std::to_string(o.threshold) +
                   (o.invert ? ", inverted" : "") + ")"};
    lv.name = file_name(source);
    return lv;
  });
}

Result<Level> import_image(const std::string& path, const ImageImportOptions& o) {
  auto img = load_grey_image(path);
  if (!img) return Error{img.error()};
  return image_to_level(img.value(), o, path);
}

}  // namespace astar
