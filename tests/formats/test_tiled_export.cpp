// Levels written as Tiled maps (tiled_writer.hpp): the tile sizes against Tiled's hex geometry
// (support/tiled_hex_geometry.hpp), the map's fields and its tileset picture, the round trip
// through the importer (tiled.hpp) for square levels and all four hex layouts, the files
// save_tiled_map writes, what is not written, and the refusals.
#include <doctest/doctest.h>

#include <stb_image.h>  // the implementation is compiled into libstb

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/tiled.hpp"
#include "astar/tiled_writer.hpp"
#include "support/random_level.hpp"
#include "support/temp_dir.hpp"
#include "support/tiled_hex_geometry.hpp"

namespace fs = std::filesystem;
using namespace astar;
using astar::test::TiledHexGeometry;
using json = nlohmann::json;

namespace {

struct Grid {
  Topology topology;
  HexStagger stagger;
};
constexpr std::array<Grid, 5> kGrids{{{Topology::Square, HexStagger::Odd},
                                      {Topology::HexPointyTop, HexStagger::Odd},
                                      {Topology::HexPointyTop, HexStagger::Even},
                                      {Topology::HexFlatTop, HexStagger::Odd},
                                      {Topology::HexFlatTop, HexStagger::Even}}};

// A seeded level with walls, costs (terrain costs, costs no float holds exactly, a wall with a
// cost), heights below and above 0, on the given grid.
Level sample_level(const Grid& g, unsigned seed) {
  std::mt19937 rng(seed);
  Level lv = astar::test::random_level(rng, 9);
  lv.set_topology(g.topology, g.stagger);
  lv.set_cost({0, 0}, 3.7);
  lv.set_cost({lv.width() - 1, lv.height() - 1}, 0.1);
  lv.set_wall({0, 0}, true);  // a wall over a cost of 3.7
  lv.set_height({lv.width() - 1, 0}, -7);
  return lv;
}

TiledExport exported(const Level& lv) {
  auto e = make_tiled_export(lv, "town-tiles.png");
  REQUIRE_MESSAGE(e.ok(), (e.ok() ? "" : e.error()));
  return std::move(e).value();
}

Level read_back(const std::string& map_json) {
  auto r = parse_tiled_map(map_json, "town.tmj", fs::temp_directory_path(),
                           tiled_export_import_options());
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

void check_same_grid(const Level& a, const Level& b) {
  CHECK(b.width() == a.width());
  CHECK(b.height() == a.height());
  CHECK(b.topology() == a.topology());
  CHECK(b.hex_stagger() == a.hex_stagger());
  CHECK(b.walls() == a.walls());
  CHECK(b.costs() == a.costs());  // exact: the same floats
  CHECK(b.heights() == a.heights());
}

struct Picture {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> at(int x, int y) const {
    const auto i =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) *
        3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Picture decode(const std::string& png) {
  Picture p;
  int comp = 0;
  unsigned char* px = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                            static_cast<int>(png.size()), &p.w, &p.h, &comp, 3);
  REQUIRE(px != nullptr);
  p.rgb.assign(px, px + static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h) * 3);
  stbi_image_free(px);
  return p;
}

constexpr std::array<int, 3> kMagenta{255, 0, 255};

}  // namespace

TEST_CASE("[Tiled export] hex tile sizes make regular hexagons that tile the plane in Tiled") {
  for (const Topology t : {Topology::HexPointyTop, Topology::HexFlatTop}) {
    for (const HexStagger st : {HexStagger::Odd, HexStagger::Even}) {
      CAPTURE(static_cast<int>(t));
      CAPTURE(static_cast<int>(st));
      const TiledTileSize s = tiled_tile_size(t);
      // Tiled's renderer drops an odd pixel; the sizes are even so nothing is lost.
      CHECK(s.width % 2 == 0);
      CHECK(s.height % 2 == 0);
      const TiledHexGeometry g{t, st, s.width, s.height, s.hex_side};
      // Every side of the hexagon Tiled outlines is the same length, within 0.1 %.
      const auto c = g.corners({2, 2});
      for (std::size_t i = 0; i < 6; ++i) {
        const auto [ax, ay] = c[i];
        const auto [bx, by] = c[(i + 1) % 6];
        CHECK(std::hypot(bx - ax, by - ay) == doctest::Approx(s.hex_side).epsilon(0.001));
      }
      // Neighbouring centres are equally far apart (sqrt 3 sides), within 0.1 %.
      Level lv(6, 6);
      lv.set_topology(t, st);
      const auto [cx, cy] = g.centre({2, 2});
      for (Dir d : lv.directions()) {
        const auto [nx, ny] = g.centre(lv.neighbour({2, 2}, d));
        CHECK(std::hypot(nx - cx, ny - cy) ==
              doctest::Approx(std::sqrt(3.0) * s.hex_side).epsilon(0.001));
      }
      // No gap and no overlap: each corner of an inner tile is a corner of exactly two other
      // tiles, and those are two of its neighbours.
      std::map<std::pair<int, int>, std::vector<Cell>> at_corner;
      for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 6; ++x)
          for (const auto& p : g.corners({x, y})) at_corner[p].push_back({x, y});
      for (const auto& p : c) {
        const std::vector<Cell>& cells = at_corner[p];
        REQUIRE(cells.size() == 3);
        for (Cell other : cells)
          if (other != Cell{2, 2}) CHECK(lv.direction_between({2, 2}, other).has_value());
      }
    }
  }
  CHECK(tiled_tile_size(Topology::Square) == TiledTileSize{32, 32, 0});
}

TEST_CASE("[Tiled export] the map's fields are the grid's, and the tileset matches its picture") {
  for (const Grid& g : kGrids) {
    CAPTURE(static_cast<int>(g.topology));
    CAPTURE(static_cast<int>(g.stagger));
    const Level lv = sample_level(g, 7);
    const TiledExport e = exported(lv);
    const json m = json::parse(e.map_json);
    const TiledTileSize s = tiled_tile_size(g.topology);
    CHECK(m["type"] == "map");
    CHECK(m["infinite"] == false);
    CHECK(m["width"] == lv.width());
    CHECK(m["height"] == lv.height());
    CHECK(m["tilewidth"] == s.width);
    CHECK(m["tileheight"] == s.height);
    if (g.topology == Topology::Square) {
      CHECK(m["orientation"] == "orthogonal");
      CHECK_FALSE(m.contains("staggeraxis"));
    } else {
      CHECK(m["orientation"] == "hexagonal");
      CHECK(m["hexsidelength"] == s.hex_side);
      CHECK(m["staggeraxis"] == (g.topology == Topology::HexPointyTop ? "y" : "x"));
      CHECK(m["staggerindex"] == (g.stagger == HexStagger::Odd ? "odd" : "even"));
    }
    std::vector<std::string> names;
    for (const json& l : m["layers"]) names.push_back(l["name"]);
    CHECK(names == std::vector<std::string>{"costs", "heights", "walls"});

    REQUIRE(m["tilesets"].size() == 1);
    const json& ts = m["tilesets"][0];
    CHECK(ts["firstgid"] == 1);
    CHECK(ts["image"] == "town-tiles.png");
    CHECK(ts["tilewidth"] == s.width);
    CHECK(ts["tileheight"] == s.height);
    const int n = ts["tilecount"], columns = ts["columns"];
    CHECK(ts["tiles"].size() == static_cast<std::size_t>(n));
    CHECK(ts["imagewidth"] == columns * s.width);
    CHECK(ts["imageheight"] == (n + columns - 1) / columns * s.height);
    const Picture p = decode(e.tileset_png);
    CHECK(p.w == ts["imagewidth"]);
    CHECK(p.h == ts["imageheight"]);
    CHECK(ts["transparentcolor"] == "#ff00ff");
    // Tile 0 is the wall: the level picture's wall colour in its middle, see-through corners
    // (a hexagon's; a square fills its tile).
    CHECK(p.at(s.width / 2, s.height / 2) == std::array<int, 3>{58, 62, 74});
    if (g.topology == Topology::Square) CHECK(p.at(1, 1) != kMagenta);
    else CHECK(p.at(1, 1) == kMagenta);
  }
}

TEST_CASE("[Tiled export] the tiles: the wall, each cost with its terrain, each height") {
  Level lv(4, 2);
  lv.set_topology(Topology::HexPointyTop, HexStagger::Odd);
  lv.set_wall({1, 0}, true);
  lv.set_cost({2, 0}, 2);  // grass in the default terrains
  lv.set_cost({3, 0}, 4.25);
  lv.set_height({0, 1}, 3);
  const TiledExport e = exported(lv);
  const json m = json::parse(e.map_json);
  const json& tiles = m["tilesets"][0]["tiles"];
  const auto property = [&](int id, const std::string& name) {
    for (const json& p : tiles[static_cast<std::size_t>(id)]["properties"])
      if (p["name"] == name) return p;
    return json();
  };
  REQUIRE(tiles.size() == 1 + 3 + 2);  // wall; costs 1, 2, 4.25; heights 0, 3
  CHECK(property(0, "solid") == json::parse(R"({"name": "solid", "type": "bool", "value": true})"));
  CHECK(property(1, "cost")["value"] == 1);
  CHECK(property(1, "terrain")["value"] == "road");
  CHECK(property(2, "cost")["value"] == 2);
  CHECK(property(2, "terrain")["value"] == "grass");
  CHECK(property(3, "cost")["value"] == 4.25);
  CHECK(property(3, "terrain").is_null());
  CHECK(property(4, "height") == json::parse(R"({"name": "height", "type": "int", "value": 0})"));
  CHECK(property(5, "height")["value"] == 3);
  // Each cell's gid (tile id + 1) in each layer, row by row.
  CHECK(m["layers"][0]["data"] == json::parse("[2, 2, 3, 4, 2, 2, 2, 2]"));
  CHECK(m["layers"][1]["data"] == json::parse("[5, 5, 5, 5, 6, 5, 5, 5]"));
  CHECK(m["layers"][2]["data"] == json::parse("[0, 1, 0, 0, 0, 0, 0, 0]"));
  // The grass tile is drawn in grass's colour; height 0 is see-through.
  const Picture p = decode(e.tileset_png);
  const TiledTileSize s = tiled_tile_size(lv.topology());
  std::uint32_t grass = 0;
  for (const Terrain& t : default_terrains())
    if (t.name == "grass") grass = t.rgb;
  CHECK(p.at(2 * s.width + s.width / 2, s.height / 2) ==
        std::array<int, 3>{int(grass >> 16 & 255), int(grass >> 8 & 255), int(grass & 255)});
  CHECK(p.at(4 * s.width + s.width / 2, s.height / 2) == kMagenta);
  CHECK(p.at(5 * s.width + s.width / 2, s.height / 2) != kMagenta);

  // A terrain whose colour is the see-through magenta is drawn all the same.
  Level pink(2, 1);
  pink.terrains = {Terrain{"candy", 7.0, 0xff00ff}};
  pink.set_cost({1, 0}, 7.0);
  const Picture q = decode(exported(pink).tileset_png);
  const TiledTileSize sq = tiled_tile_size(Topology::Square);
  CHECK(q.at(2 * sq.width + sq.width / 2, sq.height / 2) == std::array<int, 3>{254, 0, 255});
}

TEST_CASE("[Tiled export] exported and imported back: the same grid, walls, costs and heights") {
  for (const Grid& g : kGrids) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
      CAPTURE(static_cast<int>(g.topology));
      CAPTURE(static_cast<int>(g.stagger));
      CAPTURE(seed);
      const Level lv = sample_level(g, seed);
      check_same_grid(lv, read_back(exported(lv).map_json));
    }
  }
}

TEST_CASE("[Tiled export] save_tiled_map writes the map and its picture; load_tiled_map reads it") {
  astar::test::TempDir dir("astar-tiled-export");
  const Level lv = sample_level(kGrids[4], 3);
  const std::string path = (dir.path / "town.tmj").string();
  REQUIRE(save_tiled_map(lv, path).ok());
  CHECK(tiled_tileset_image_path(path) == (dir.path / "town-tiles.png").string());
  CHECK(fs::exists(dir.path / "town-tiles.png"));
  auto back = load_tiled_map(path, tiled_export_import_options());
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  check_same_grid(lv, back.value());
  // The imported level is a level file like any other.
  const std::string level_path = (dir.path / "town.json").string();
  REQUIRE(save_level(back.value(), level_path).ok());
  auto reread = load_level(level_path);
  REQUIRE(reread.ok());
  check_same_grid(lv, reread.value());
}

TEST_CASE("[Tiled export] what a Tiled map does not hold is listed") {
  Level plain(3, 3);
  CHECK(tiled_export_losses(plain) ==
        std::vector<std::string>{"start and goal (the import puts them far apart)"});
  Level lv(3, 3);
  lv.set_topology(Topology::HexFlatTop, HexStagger::Even);
  lv.set_edge({1, 1}, Dir::N, EdgeOverride{true, 1.0});
  lv.set_agent({2, 2}, true);
  lv.rules().max_climb = 1;
  lv.name = "town";
  lv.terrains = default_terrains();
  CHECK(tiled_export_losses(lv) ==
        std::vector<std::string>{"edge overrides (1)", "agents (1)",
                                 "movement rules (the import gives the defaults)",
                                 "start and goal (the import puts them far apart)",
                                 "name and description",
                                 "terrain colours (names are kept as the cost tiles' "
                                 "\"terrain\")"});
}

TEST_CASE("[Tiled export] refusals: a cost the importer cannot read, too many tiles") {
  Level lv(5, 3);
  lv.set_cost({3, 2}, 2e6);
  auto e = make_tiled_export(lv, "x.png");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error() == "the cost at (3, 2) is 2e+06; Tiled maps are read with costs above 0 and up "
                     "to 1000000");
  astar::test::TempDir dir("astar-tiled-export");
  const std::string path = (dir.path / "x.tmj").string();
  const Status s = save_tiled_map(lv, path);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error() == path + ": " + e.error());
  CHECK_FALSE(fs::exists(path));
  CHECK_FALSE(fs::exists(tiled_tileset_image_path(path)));

  Level noisy(kMaxTiledExportTiles, 1);
  for (int x = 0; x < noisy.width(); ++x) noisy.set_cost({x, 0}, 1.0 + x / 8.0);
  auto too_many = make_tiled_export(noisy, "x.png");
  REQUIRE_FALSE(too_many.ok());
  CHECK(too_many.error() == "the level has more than 4095 different costs and heights; a Tiled "
                            "export holds at most 4096 tiles (the wall, one per cost, one per "
                            "height)");
  Level fits(kMaxTiledExportTiles - 2, 1);  // the wall, these costs and height 0
  for (int x = 0; x < fits.width(); ++x) fits.set_cost({x, 0}, 1.0 + x / 8.0);
  CHECK(make_tiled_export(fits, "x.png").ok());
}
