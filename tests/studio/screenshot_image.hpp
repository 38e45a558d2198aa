// What the studio's screenshot checkers share: the PNG's pixels, colour comparison, and the
// mapping from level cells to window pixels that a sidecar gives (origin, cell size, canvas, and
// on hex levels the topology: the studio's own state/grid_geometry.hpp places the hexagons).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <stb_image.h>  // the implementation is compiled into libstb

#include "astar/grid.hpp"
#include "astar/level_io.hpp"
#include "state/grid_geometry.hpp"
#include "state/palette.hpp"

namespace astar::test {

using astar::Cell;
using studio::palette::Rgb;

// Appended, not "+"-chained from a literal: GCC 12 warns on that (-Wrestrict, a false positive).
inline std::string cell_text(Cell c) {
  std::string s = "(";
  s.append(std::to_string(c.x)).append(", ").append(std::to_string(c.y)).append(")");
  return s;
}
inline std::string rgb_text(Rgb c) {
  return std::to_string(c.r) + " " + std::to_string(c.g) + " " + std::to_string(c.b);
}

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  Rgb at(int x, int y) const {
    const auto i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                    static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

inline bool close_to(Rgb a, Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

struct Mapping {
  double ox = 0, oy = 0, s = 0;
  double cx = 0, cy = 0, cw = 0, ch = 0;  // canvas
  studio::GridGeometry geometry;  // hex levels: where the hexagons are (squares: unused)
  // The box of a cell the checks look inside, in level units: the square, or on a hex level
  // the hexagon's label box (the widest box inside it, 0.8 wide).
  studio::LevelBox box(Cell c) const {
    if (geometry.is_hex()) return geometry.label_box(c);
    return {static_cast<double>(c.x), static_cast<double>(c.y), c.x + 1.0, c.y + 1.0};
  }
  // Pixel bounds of a cell's interior (that box), shrunk by `inset` pixels on each side.
  bool interior(Cell c, double inset, int& x0, int& y0, int& x1, int& y1) const {
    const studio::LevelBox b = box(c);
    x0 = static_cast<int>(std::ceil(ox + b.x0 * s + inset));
    y0 = static_cast<int>(std::ceil(oy + b.y0 * s + inset));
    x1 = static_cast<int>(std::floor(ox + b.x1 * s - inset)) - 1;
    y1 = static_cast<int>(std::floor(oy + b.y1 * s - inset)) - 1;
    return x0 <= x1 && y0 <= y1 && x0 >= cx && y0 >= cy && x1 < cx + cw && y1 < cy + ch;
  }
  // The pixel (fx, fy) of the way across that box (0.5, 0.5: the centre).
  void point(Cell c, double fx, double fy, double& x, double& y) const {
    const studio::LevelBox b = box(c);
    x = ox + (b.x0 + (b.x1 - b.x0) * fx) * s;
    y = oy + (b.y0 + (b.y1 - b.y0) * fy) * s;
  }
  void center(Cell c, int& x, int& y) const {
    double px = 0, py = 0;
    point(c, 0.5, 0.5, px, py);
    x = static_cast<int>(std::floor(px));
    y = static_cast<int>(std::floor(py));
  }
};

// The mapping a sidecar gives (or a Compare pane's entry in it): "origin", "cell_px", "canvas".
inline Mapping mapping_of(const nlohmann::json& side) {
  Mapping m;
  m.ox = side.at("origin").at(0).get<double>();
  m.oy = side.at("origin").at(1).get<double>();
  m.s = side.at("cell_px").get<double>();
  m.cx = side.at("canvas").at(0).get<double>();
  m.cy = side.at("canvas").at(1).get<double>();
  m.cw = side.at("canvas").at(2).get<double>();
  m.ch = side.at("canvas").at(3).get<double>();
  if (const auto hex = studio::hex_layout_named(side.value("topology", "square"), side.value("stagger", "odd"));
      hex && side.contains("level"))
    m.geometry = studio::GridGeometry(side.at("level").at(0).get<int>(), side.at("level").at(1).get<int>(), hex);
  return m;
}

// The share of a cell's interior pixels close to `want`.
inline double coverage(const Image& img, const Mapping& m, Cell c, Rgb want, int tolerance) {
  int x0, y0, x1, y1;
  if (!m.interior(c, 2.0, x0, y0, x1, y1)) return -1.0;
  int hits = 0, total = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x, ++total)
      if (close_to(img.at(x, y), want, tolerance)) ++hits;
  return static_cast<double>(hits) / total;
}

// The PNG at `path` as RGB, or none.
inline std::optional<Image> load_image(const std::string& path) {
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &channels, 3);
  if (!data) return std::nullopt;
  img.rgb.assign(data, data + static_cast<std::size_t>(img.w) * static_cast<std::size_t>(img.h) * 3);
  stbi_image_free(data);
  return img;
}

// The screenshot's sidecar (PNG + ".json"), or nullopt after printing FAIL and why.
inline std::optional<nlohmann::json> load_sidecar(const std::string& png) {
  try {
    std::ifstream in(png + ".json");
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: %s.json: %s\n", png.c_str(), e.what());
    return std::nullopt;
  }
}

// A screenshot, its sidecar and the level it shows, or nullopt after printing FAIL and why.
struct Shot {
  nlohmann::json side;
  Image img;
  Level level;
};
inline std::optional<Shot> load_shot(const std::string& png, const std::string& level_path) {
  std::optional<nlohmann::json> side = load_sidecar(png);
  if (!side) return std::nullopt;
  std::optional<Image> img = load_image(png);
  auto loaded = load_level(level_path);
  if (!img || !loaded) {
    std::fprintf(stderr, "FAIL: cannot load %s or %s\n", png.c_str(), level_path.c_str());
    return std::nullopt;
  }
  return Shot{std::move(*side), std::move(*img), std::move(loaded.value())};
}

}  // namespace astar::test
