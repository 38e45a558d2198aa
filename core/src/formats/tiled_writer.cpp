// Levels to Tiled JSON maps and their tileset pictures (tiled_writer.hpp).
#include "astar/tiled_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "astar/file_io.hpp"
#include "astar/format.hpp"
#include "astar/level_image.hpp"
#include "astar/number_chars.hpp"
#include "formats/tiled_grid.hpp"

namespace astar {

namespace {

constexpr double kMaxTiledCost = 1'000'000.0;  // what tiled.cpp reads
constexpr int kHexSide = 30;
constexpr int kHexAcross = 52;  // round(30 sqrt 3)
constexpr int kSquare = 32;
constexpr int kTilesetColumns = 16;
constexpr Rgb8 kSeeThrough{255, 0, 255};  // the tileset's "transparentcolor"
constexpr Rgb8 kWallColour{58, 62, 74};   // level_image.hpp's wall
constexpr Rgb8 kLowColour{70, 90, 140};   // level_image.hpp's "below 0"

// [SECTION] The tiles

// The tileset's tiles: the wall, then each cost, then each height, and the colour each is drawn.
struct TilePlan {
  std::vector<std::optional<Rgb8>> colours;  // by tile id; none: see-through (height 0)
  std::map<float, int> cost_ids;    // cost -> tile id
  std::map<int, int> height_ids;    // height -> tile id
  std::map<float, std::string> terrain_names;
};

// Each cost's colour as the level picture draws a cell of that cost: a one-row level of every
// cost, coloured by LevelColours (terrains first, else the log ramp over the costs there are).
void add_cost_tiles(const Level& level, const std::set<float>& costs, TilePlan& plan) {
  Level probe(static_cast<int>(costs.size()), 1);
  probe.terrains = level.terrains;
  int x = 0;
  for (float cost : costs) probe.set_cost({x++, 0}, cost);
  const LevelColours colours(probe);
  const std::vector<Terrain> terrains = terrains_of(level);
  x = 0;
  for (float cost : costs) {
    plan.cost_ids[cost] = static_cast<int>(plan.colours.size());
    plan.colours.push_back(colours.cell({x++, 0}));
    for (const Terrain& t : terrains)
      if (static_cast<float>(t.cost) == cost) {
        plan.terrain_names[cost] = t.name;
        break;
      }
  }
}

// Heights tint what is below them (the layer's opacity 0.5): higher darker, below 0 bluer, 0
// not at all.
void add_height_tiles(const std::set<int>& heights, TilePlan& plan) {
  const int top = std::max(1, *heights.rbegin());
  const int bottom = std::min(-1, *heights.begin());
  for (int h : heights) {
    plan.height_ids[h] = static_cast<int>(plan.colours.size());
    std::optional<Rgb8> c;
    if (h > 0) {
      const auto v = static_cast<std::uint8_t>(std::lround(230.0 * (1.0 - double(h) / top)));
      c = Rgb8{v, v, v};
    } else if (h < 0) {
      const double t = double(h) / bottom;  // 0..1
      const auto mix = [&](int from, int to) {
        return static_cast<std::uint8_t>(std::lround(from + (to - from) * t));
      };
      c = Rgb8{mix(236, kLowColour.r), mix(236, kLowColour.g), mix(236, kLowColour.b)};
    }
    plan.colours.push_back(c);
  }
}

Result<TilePlan> plan_tiles(const Level& level) {
  for (std::size_t i = 0; i < level.costs().size(); ++i) {
    const float c = level.costs()[i];
    if (!(std::isfinite(c) && c > 0 && c <= kMaxTiledCost)) {
      const Cell cell = level.cell(CellIndex(static_cast<std::uint32_t>(i)));
      return Error{"the cost at " + cell_text(cell) + " is " + shortest_text(c) +
                   "; Tiled maps are read with costs above 0 and up to 1000000"};
    }
  }
  // Counted before the tiles are made: a noisy level may have a different cost in every cell.
  std::set<float> costs;
  std::set<int> heights{0};
  const auto too_many = [&] {
    return 1 + costs.size() + heights.size() > static_cast<std::size_t>(kMaxTiledExportTiles);
  };
  for (std::size_t i = 0; i < level.costs().size() && !too_many(); ++i) {
    costs.insert(level.costs()[i]);
    heights.insert(level.heights()[i]);
  }
  if (too_many())
    return Error{"the level has more than " + std::to_string(kMaxTiledExportTiles - 1) +
                 " different costs and heights; a Tiled export holds at most " +
                 std::to_string(kMaxTiledExportTiles) +
                 " tiles (the wall, one per cost, one per height)"};
  TilePlan plan;
  plan.colours.push_back(kWallColour);
  add_cost_tiles(level, costs, plan);
  add_height_tiles(heights, plan);
  return plan;
}

// [SECTION] The picture

// Whether the pixel whose centre is (px + 0.5, py + 0.5) lies inside the tile's shape: the
// hexagon Tiled draws in a tile of this size (corners at the middle of two opposite edges, the
// flat sides along the other two), or the whole square.
bool inside_tile(const TiledTileSize& s, Topology t, int px, int py) {
  if (px < 0 || py < 0 || px >= s.width || py >= s.height) return false;
  if (t == Topology::Square) return true;
  // From the centre: towards the two flat sides (x on pointy-top tiles) and towards the two
  // corners between them (y); flat-top tiles the other way round.
  double to_flat = std::abs(px + 0.5 - s.width / 2.0);
  double to_corner = std::abs(py + 0.5 - s.height / 2.0);
  double half_flat = s.width / 2.0, half_corner = s.height / 2.0;
  if (t == Topology::HexFlatTop) {
    std::swap(to_flat, to_corner);
    std::swap(half_flat, half_corner);
  }
  // The slanted sides drop by Tiled's sideOffset, (tile extent - side) / 2, from the corner to
  // the flat side.
  const double slope_drop = (2.0 * half_corner - s.hex_side) / 2.0;
  return to_flat <= half_flat && to_corner <= half_corner - slope_drop * to_flat / half_flat;
}

RgbImage draw_tileset(const TilePlan& plan, const TiledTileSize& s, Topology t) {
  const int n = static_cast<int>(plan.colours.size());
  const int columns = std::min(n, kTilesetColumns);
  RgbImage img;
  img.width = columns * s.width;
  img.height = (n + columns - 1) / columns * s.height;
  img.rgb.assign(static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 3, 0);
  for (std::size_t i = 0; i < img.rgb.size(); i += 3) {
    img.rgb[i] = kSeeThrough.r;
    img.rgb[i + 1] = kSeeThrough.g;
    img.rgb[i + 2] = kSeeThrough.b;
  }
  for (int id = 0; id < n; ++id) {
    if (!plan.colours[static_cast<std::size_t>(id)]) continue;
    Rgb8 fill = *plan.colours[static_cast<std::size_t>(id)];
    if (fill == kSeeThrough) fill.r = 254;  // a terrain of that colour stays visible
    const auto darker = [](std::uint8_t v) { return static_cast<std::uint8_t>(v * 78 / 100); };
    const Rgb8 edge{darker(fill.r), darker(fill.g), darker(fill.b)};
    const int x0 = id % columns * s.width, y0 = id / columns * s.height;
    for (int y = 0; y < s.height; ++y)
      for (int x = 0; x < s.width; ++x) {
        if (!inside_tile(s, t, x, y)) continue;
        const bool border = !inside_tile(s, t, x - 1, y) || !inside_tile(s, t, x + 1, y) ||
                            !inside_tile(s, t, x, y - 1) || !inside_tile(s, t, x, y + 1);
        const Rgb8 c = border ? edge : fill;
        const std::size_t at = (static_cast<std::size_t>(y0 + y) *
                                    static_cast<std::size_t>(img.width) +
                                static_cast<std::size_t>(x0 + x)) * 3;
        img.rgb[at] = c.r;
        img.rgb[at + 1] = c.g;
        img.rgb[at + 2] = c.b;
      }
  }
  return img;
}

// [SECTION] The map's text

std::string json_text(std::string_view s) {
  return nlohmann::json(std::string(s))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string property_json(std::string_view name, std::string_view type, const std::string& value) {
  return "{\"name\": " + json_text(name) + ", \"type\": \"" + std::string(type) +
         "\", \"value\": " + value + "}";
}

std::string tiles_json(const TilePlan& plan) {
  std::string out =
      "      {\"id\": 0, \"properties\": [" + property_json("solid", "bool", "true") + "]}";
  for (const auto& [cost, id] : plan.cost_ids) {
    out += ",\n      {\"id\": " + std::to_string(id) + ", \"properties\": [" +
           property_json("cost", "float", shortest_text(cost));
    if (const auto t = plan.terrain_names.find(cost); t != plan.terrain_names.end())
      out += ", " + property_json("terrain", "string", json_text(t->second));
    out += "]}";
  }
  for (const auto& [h, id] : plan.height_ids)
    out += ",\n      {\"id\": " + std::to_string(id) + ", \"properties\": [" +
           property_json("height", "int", std::to_string(h)) + "]}";
  return out;
}

std::string tileset_json(const TilePlan& plan, const TiledTileSize& s, const RgbImage& picture,
                         std::string_view image_name) {
  const int n = static_cast<int>(plan.colours.size());
  const std::string w = std::to_string(s.width), h = std::to_string(s.height);
  return "  \"tilesets\": [{\n    \"columns\": " + std::to_string(std::min(n, kTilesetColumns)) +
         ",\n    \"firstgid\": 1,\n    \"image\": " + json_text(image_name) +
         ",\n    \"imageheight\": " + std::to_string(picture.height) +
         ",\n    \"imagewidth\": " + std::to_string(picture.width) +
         ",\n    \"margin\": 0,\n    \"name\": \"astar\",\n    \"spacing\": 0," +
         "\n    \"tilecount\": " +
         std::to_string(n) + ",\n    \"tileheight\": " + h + ",\n    \"tiles\": [\n" +
         tiles_json(plan) + "\n    ],\n    \"tilewidth\": " + w +
         ",\n    \"transparentcolor\": \"#ff00ff\"\n  }],\n";
}

// A tile layer: `gid_of(i)` is the gid of cell index i (0: empty); one map row per line.
template <class GidOf>
std::string layer_json(const Level& level, int id, std::string_view name, double opacity,
                       GidOf gid_of) {
  std::string out = "    {\n      \"data\": [";
  const auto n = static_cast<std::size_t>(level.cell_count());
  const auto w = static_cast<std::size_t>(level.width());
  out.reserve(out.size() + n * 4 + 256);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += i % w == 0 ? ",\n        " : ", ";
    out += std::to_string(gid_of(i));
  }
  out += "],\n      \"height\": " + std::to_string(level.height()) + ",\n      \"id\": " +
         std::to_string(id) + ",\n      \"name\": " + json_text(name) +
         ",\n      \"opacity\": " + shortest_text(opacity) +
         ",\n      \"type\": \"tilelayer\",\n      \"visible\": true,\n      \"width\": " +
         std::to_string(level.width()) + ",\n      \"x\": 0,\n      \"y\": 0\n    }";
  return out;
}

std::string layers_json(const Level& level, const TilePlan& plan) {
  const auto& costs = level.costs();
  const auto& heights = level.heights();
  const auto& walls = level.walls();
  return "  \"layers\": [\n" +
         layer_json(level, 1, "costs", 1.0,
                    [&](std::size_t i) { return 1 + plan.cost_ids.at(costs[i]); }) +
         ",\n" +
         layer_json(level, 2, "heights", 0.5,
                    [&](std::size_t i) { return 1 + plan.height_ids.at(heights[i]); }) +
         ",\n" +
         layer_json(level, 3, "walls", 1.0, [&](std::size_t i) { return walls[i] ? 1 : 0; }) +
         "\n  ],\n";
}

std::string map_json(const Level& level, const TilePlan& plan, const RgbImage& picture,
                     std::string_view image_name) {
  const Topology t = level.topology();
  const TiledTileSize s = tiled_tile_size(t);
  std::string out = "{\n  \"compressionlevel\": -1,\n  \"height\": " +
                    std::to_string(level.height()) + ",\n";
  if (level.is_hex()) out += "  \"hexsidelength\": " + std::to_string(s.hex_side) + ",\n";
  out += "  \"infinite\": false,\n" + layers_json(level, plan) +
         "  \"nextlayerid\": 4,\n  \"nextobjectid\": 1,\n  \"orientation\": \"" +
         std::string(detail::tiled_orientation(t)) + "\",\n  \"renderorder\": \"right-down\",\n";
  if (level.is_hex())
    out += "  \"staggeraxis\": \"" + std::string(detail::tiled_stagger_axis(t)) +
           "\",\n  \"staggerindex\": \"" +
           std::string(detail::tiled_stagger_index(level.hex_stagger())) + "\",\n";
  out += "  \"tileheight\": " + std::to_string(s.height) + ",\n" +
         tileset_json(plan, s, picture, image_name) + "  \"tilewidth\": " +
         std::to_string(s.width) + ",\n  \"type\": \"map\",\n  \"version\": \"1.10\"," +
         "\n  \"width\": " +
         std::to_string(level.width()) + "\n}\n";
  return out;
}

}  // namespace

// [SECTION] Public

TiledTileSize tiled_tile_size(Topology t) {
  switch (t) {
    case Topology::Square: return {kSquare, kSquare, 0};
    case Topology::HexPointyTop: return {kHexAcross, 2 * kHexSide, kHexSide};
    case Topology::HexFlatTop: return {2 * kHexSide, kHexAcross, kHexSide};
    case Topology::_Max: break;
  }
  return {kSquare, kSquare, 0};
}

Result<TiledExport> make_tiled_export(const Level& level, std::string_view image_name) {
  auto plan = plan_tiles(level);
  if (!plan) return Error{plan.error()};
  const Topology t = level.topology();
  const RgbImage picture = draw_tileset(plan.value(), tiled_tile_size(t), t);
  auto png = encode_png(picture);
  if (!png) return Error{png.error()};
  return TiledExport{map_json(level, plan.value(), picture, image_name), std::move(png.value())};
}

std::string tiled_tileset_image_path(const std::string& map_path) {
  std::filesystem::path p(map_path);
  return (p.parent_path() / (p.stem().string() + "-tiles.png")).string();
}

Status write_tiled_export(const TiledExport& e, const std::string& path) {
  if (Status s = write_atomically(tiled_tileset_image_path(path), e.tileset_png); !s) return s;
  return write_atomically(path, e.map_json);
}

Status save_tiled_map(const Level& level, const std::string& path) {
  try {
    const std::string image = tiled_tileset_image_path(path);
    auto made = make_tiled_export(level, std::filesystem::path(image).filename().string());
    if (!made) return Error{path + ": " + made.error()};
    return write_tiled_export(made.value(), path);
  } catch (const std::bad_alloc&) {
    return Error{path + ": cannot save: out of memory"};
  }
}

std::vector<std::string> tiled_export_losses(const Level& level) {
  std::vector<std::string> out;
  const auto count = [](std::size_t n) { return " (" + std::to_string(n) + ")"; };
  if (!level.edges().empty()) out.push_back("edge overrides" + count(level.edges().size()));
  if (!level.shapes().empty()) out.push_back("collision shapes" + count(level.shapes().size()));
  const auto agents = static_cast<std::size_t>(
      std::count(level.agents().begin(), level.agents().end(), std::uint8_t{1}));
  if (agents > 0) out.push_back("agents" + count(agents));
  if (level.rules() != MovementRules{})
    out.push_back("movement rules (the import gives the defaults)");
  out.push_back("start and goal (the import puts them far apart)");
  if (!level.name.empty() || !level.description.empty()) out.push_back("name and description");
  if (!level.preset.empty()) out.push_back("the suggested search");
  if (!level.terrains.empty())
    out.push_back("terrain colours (names are kept as the cost tiles' \"terrain\")");
  return out;
}

TiledImportOptions tiled_export_import_options() {
  TiledImportOptions o;
  o.wall_layer = "walls";
  o.costs = TiledValueSource{"costs", "cost", {}};
  o.heights = TiledValueSource{"heights", "height", {}};
  return o;
}

}  // namespace astar
