// Importers and exporters: PNG/JPEG images (walls, costs, heights), MovingAI .map export and its
// round trip, and Tiled JSON maps (array and base64 data, flip flags, tile properties, external
// tilesets), each on small files the tests make, with the exact messages for malformed ones.
#include <doctest/doctest.h>

#include <stb_image_write.h>  // the implementation is compiled into libstb

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/generate.hpp"
#include "astar/image_import.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "astar/tiled.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace astar;

namespace {

// A fresh folder, removed at the end (temp_dir.hpp).
struct TempDir : astar::test::TempDir {
  TempDir() : astar::test::TempDir("astar-import") {}
};

void append(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* p = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), p, p + size);
}

// An image from rows of grey levels, encoded by stb_image_write.
struct Pixels {
  int w = 0, h = 0, comp = 1;
  std::vector<std::uint8_t> data;
};

Pixels grey(const std::vector<std::vector<int>>& rows) {
  Pixels p;
  p.h = static_cast<int>(rows.size());
  p.w = static_cast<int>(rows[0].size());
  for (const auto& r : rows)
    for (int v : r) p.data.push_back(static_cast<std::uint8_t>(v));
  return p;
}

std::vector<std::uint8_t> png(const Pixels& p) {
  std::vector<std::uint8_t> out;
  REQUIRE(stbi_write_png_to_func(&append, &out, p.w, p.h, p.comp, p.data.data(), p.w * p.comp));
  return out;
}

std::vector<std::uint8_t> jpeg(const Pixels& p) {
  std::vector<std::uint8_t> out;
  REQUIRE(stbi_write_jpg_to_func(&append, &out, p.w, p.h, p.comp, p.data.data(), 100));
  return out;
}

GreyImage decoded(const std::vector<std::uint8_t>& bytes, const char* name = "t.png") {
  auto r = decode_grey_image(bytes, name);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

Level image_level(const GreyImage& img, const ImageImportOptions& o) {
  auto r = image_to_level(img, o, "dir/t.png");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

std::string walls_text(const Level& lv) {
  std::string out;
  for (int y = 0; y < lv.height(); ++y) {
    for (int x = 0; x < lv.width(); ++x) out += lv.wall({x, y}) ? '#' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace

// [SECTION] Images

TEST_CASE("[Import] PNG walls: pixels darker than the threshold are walls") {
  //   a 5 x 3 image: 0 = black, 255 = white, greys between
  const Pixels p = grey({{255, 0, 255, 255, 127},
                         {255, 0, 128, 0, 255},
                         {255, 255, 255, 0, 200}});
  const GreyImage img = decoded(png(p));
  CHECK(img.width == 5);
  CHECK(img.height == 3);
  CHECK(img.pixels == p.data);  // PNG is lossless

  ImageImportOptions o;
  SUBCASE("threshold 128: grey 127 is a wall, 128 is not") {
    const Level lv = image_level(img, o);
    CHECK(walls_text(lv) == ".#..#\n"
                            ".#.#.\n"
                            "...#.\n");
    CHECK(lv.open(lv.start()));
    CHECK(lv.open(lv.goal()));
    CHECK(lv.name == "t.png");
  }
  SUBCASE("threshold 201: every grey below it") {
    o.threshold = 201;
    CHECK(walls_text(image_level(img, o)) == ".#..#\n"
                                             ".###.\n"
                                             "...##\n");
  }
  SUBCASE("invert: light pixels are walls") {
    o.invert = true;
    CHECK(walls_text(image_level(img, o)) == "#.##.\n"
                                             "#.#.#\n"
                                             "###.#\n");
  }
  SUBCASE("threshold 0: no walls; 256: refused, every pixel a wall") {
    o.threshold = 0;
    CHECK(walls_text(image_level(img, o)) == ".....\n.....\n.....\n");
    o.threshold = 256;
    const auto r = image_to_level(img, o, "dir/t.png");
    REQUIRE(!r.ok());
    CHECK(r.error() == "dir/t.png: every pixel is a wall (threshold 256)");
  }
}

TEST_CASE("[Import] PNG costs and heights from grey levels") {
  const GreyImage img = decoded(png(grey({{0, 51, 102, 153, 204, 255}})));
  ImageImportOptions o;
  SUBCASE("costs: dark is expensive") {
    o.mode = ImageImportMode::Costs;
    o.cost_min = 1;
    o.cost_max = 6;
    const Level lv = image_level(img, o);
    const double expected[] = {6, 5, 4, 3, 2, 1};
    for (int x = 0; x < 6; ++x) CHECK(lv.cost({x, 0}) == doctest::Approx(expected[x]));
    CHECK(std::none_of(lv.walls().begin(), lv.walls().end(), [](auto w) { return w; }));
    CHECK(lv.start() == Cell{0, 0});
    CHECK(lv.goal() == Cell{5, 0});
  }
  SUBCASE("costs, inverted: light is expensive") {
    o.mode = ImageImportMode::Costs;
    o.cost_min = 1;
    o.cost_max = 6;
    o.invert = true;
    const Level lv = image_level(img, o);
    for (int x = 0; x < 6; ++x) CHECK(lv.cost({x, 0}) == doctest::Approx(1 + x));
  }
  SUBCASE("heights: light is high, whole numbers") {
    o.mode = ImageImportMode::Heights;
    o.height_min = -5;
    o.height_max = 5;
    const Level lv = image_level(img, o);
    const int expected[] = {-5, -3, -1, 1, 3, 5};
    for (int x = 0; x < 6; ++x) CHECK(lv.height_at({x, 0}) == expected[x]);
    CHECK(std::all_of(lv.costs().begin(), lv.costs().end(), [](float c) { return c == 1.0f; }));
  }
}

TEST_CASE("[Import] JPEG and colour images are read by their luminance") {
  // 8 x 8 blocks keep JPEG's error small on flat areas: left half black, right half white.
  Pixels p;
  p.w = 16;
  p.h = 8;
  p.comp = 3;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 16; ++x)
      for (int c = 0; c < 3; ++c) p.data.push_back(x < 8 ? 10 : 245);
  for (const auto& bytes : {jpeg(p), png(p)}) {
    const GreyImage img = decoded(bytes, "t.jpg");
    REQUIRE(img.width == 16);
    const Level lv = image_level(img, {});
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 16; ++x) CHECK(lv.wall({x, y}) == (x < 8));
  }
}

TEST_CASE("[Import] malformed images give named errors") {
  const std::vector<std::uint8_t> good = png(grey({{0, 255}, {255, 0}}));
  SUBCASE("a text file") {
    const std::string text = "type octile\nheight 1\n";
    const auto r = decode_grey_image({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
                                     "maze.png");
    REQUIRE(!r.ok());
    CHECK(r.error() == "maze.png: not a PNG or JPEG image");
  }
  SUBCASE("empty") {
    const auto r = decode_grey_image({}, "maze.png");
    REQUIRE(!r.ok());
    CHECK(r.error() == "maze.png: not a PNG or JPEG image");
  }
  SUBCASE("a PNG cut short") {
    for (std::size_t n : {8u, 20u, 40u, static_cast<unsigned>(good.size() - 12)}) {
      CAPTURE(n);
      const auto r = decode_grey_image({good.data(), n}, "maze.png");
      REQUIRE(!r.ok());
      CHECK(r.error().rfind("maze.png: cannot ", 0) == 0);
      CHECK(r.error().find("the PNG image (stb_image: ") != std::string::npos);
    }
  }
  SUBCASE("a JPEG header and nothing else") {
    const std::vector<std::uint8_t> bytes{0xFF, 0xD8, 0xFF, 0xE0, 0x00};
    const auto r = decode_grey_image(bytes, "x.jpg");
    REQUIRE(!r.ok());
    CHECK(r.error().rfind("x.jpg: cannot read the JPEG image (stb_image: ", 0) == 0);
  }
  SUBCASE("a BMP is refused, though stb_image could read it") {
    std::vector<std::uint8_t> bmp;
    const Pixels p = grey({{0, 255}});
    REQUIRE(stbi_write_bmp_to_func(&append, &bmp, p.w, p.h, 1, p.data.data()));
    const auto r = decode_grey_image(bmp, "x.bmp");
    REQUIRE(!r.ok());
    CHECK(r.error() == "x.bmp: not a PNG or JPEG image");
  }
  SUBCASE("too wide for a level: refused before decoding") {
    Pixels p;
    p.w = 9000;
    p.h = 1;
    p.data.assign(9000, 255);
    const auto r = decode_grey_image(png(p), "wide.png");
    REQUIRE(!r.ok());
    CHECK(r.error() == "wide.png: the image is 9000 x 1 pixels: width must be 1..8192, got 9000");
  }
  SUBCASE("files: missing, and a good one") {
    TempDir dir;
    const auto missing = load_grey_image((dir.path / "none.png").string());
    REQUIRE(!missing.ok());
    CHECK(missing.error() == (dir.path / "none.png").string() + ": cannot open: No such file or directory");
    const std::string path = dir.write("m.png", good);
    const auto lv = import_image(path, {});
    REQUIRE(lv.ok());
    CHECK(walls_text(lv.value()) == "#.\n.#\n");
    CHECK(lv.value().name == "m.png");
  }
  SUBCASE("options out of range") {
    const GreyImage img = decoded(good);
    ImageImportOptions o;
    o.threshold = 300;
    CHECK(image_to_level(img, o, "t.png").error() == "threshold: must be 0..256, got 300");
    o = {};
    o.mode = ImageImportMode::Costs;
    o.cost_min = 0;
    CHECK(image_to_level(img, o, "t.png").error() ==
          "costs: must be MIN..MAX with 0 < MIN <= MAX <= 1000000, got 0..10");
    o = {};
    o.mode = ImageImportMode::Heights;
    o.height_min = 4;
    o.height_max = 2;
    CHECK(image_to_level(img, o, "t.png").error() ==
          "heights: must be MIN..MAX with -1000000 <= MIN <= MAX <= 1000000, got 4..2");
  }
}

// [SECTION] MovingAI export

TEST_CASE("[Import] MovingAI .map: export, then import gives the same walls") {
  //   S..#....
  //   .#.#.##.
  //   .#...#.G
  const Level lv = test::ascii_level(R"(
    S..#....
    .#.#.##.
    .#...#.G
  )");
  const std::string text = movingai_map_text(lv);
  CHECK(text == "type octile\nheight 3\nwidth 8\nmap\n"
                "...@....\n"
                ".@.@.@@.\n"
                ".@...@..\n");
  auto back = parse_movingai_map(text, "t.map");
  REQUIRE(back.ok());
  CHECK(back.value().walls() == lv.walls());
  CHECK(back.value().rules() == movingai_rules());
  CHECK(movingai_export_losses(lv).empty());

  TempDir dir;
  const std::string path = (dir.path / "out.map").string();
  REQUIRE(save_movingai_map(lv, path).ok());
  auto loaded = load_movingai_map(path);
  REQUIRE(loaded.ok());
  CHECK(loaded.value().walls() == lv.walls());
  CHECK(movingai_map_text(loaded.value()) == text);

  const auto failed = save_movingai_map(lv, (dir.path / "no-such-dir" / "x.map").string());
  REQUIRE(!failed.ok());
  CHECK(failed.error().rfind((dir.path / "no-such-dir" / "x.map").string() + ": cannot save: ", 0) == 0);
}

TEST_CASE("[Import] MovingAI export of a generated maze round-trips, and says what is lost") {
  GeneratorOptions o;
  o.kind = GeneratorKind::MazeDivision;
  o.width = 33;
  o.height = 17;
  Level lv = generate_level(o).value();
  auto back = parse_movingai_map(movingai_map_text(lv), "m.map");
  REQUIRE(back.ok());
  CHECK(back.value().walls() == lv.walls());

  lv.set_cost(lv.start(), 3);
  lv.set_height(lv.goal(), 2);
  lv.set_height({0, 0}, 7);  // a wall: its height does not count
  lv.rules().neighbours = Neighbours::Four;
  lv.set_edge(lv.start(), Dir::E, EdgeOverride{true, 1.0});
  const std::vector<std::string> losses = movingai_export_losses(lv);
  CHECK(losses == std::vector<std::string>{
                      "costs (1 cells not 1)", "heights (1 cells not 0)", "edge overrides (1)",
                      "movement rules (4 neighbours; MovingAI's are 8 neighbours, no corner cutting)"});
}

// [SECTION] Tiled

namespace {

// A 4 x 3 Tiled map with one tileset (firstgid 1) whose tiles carry properties:
//   id 0 (gid 1) floor   {cost: 1}
//   id 1 (gid 2) wall    {solid: true}
//   id 2 (gid 3) mud     {cost: 3.5, height: 2}
//   id 3 (gid 4) bush    {solid: false, cost: 2}
std::string tiled_map(const std::vector<std::string>& layers, const std::string& tilesets = "") {
  const std::string ts = tilesets.empty() ? R"([{
      "firstgid": 1, "name": "terrain", "tilecount": 4, "columns": 4,
      "tiles": [
        {"id": 0, "properties": [{"name": "cost", "type": "float", "value": 1}]},
        {"id": 1, "properties": [{"name": "solid", "type": "bool", "value": true}]},
        {"id": 2, "properties": [{"name": "cost", "type": "float", "value": 3.5},
                                 {"name": "height", "type": "int", "value": 2}]},
        {"id": 3, "properties": [{"name": "solid", "type": "bool", "value": false},
                                 {"name": "cost", "type": "int", "value": 2}]}
      ]}])"
                                          : tilesets;
  std::string out = R"({"type": "map", "version": "1.10", "orientation": "orthogonal",
    "infinite": false, "width": 4, "height": 3, "tilewidth": 16, "tileheight": 16, "layers": [)";
  for (std::size_t i = 0; i < layers.size(); ++i) {
    if (i > 0) out += ", ";
    out += layers[i];
  }
  out += R"(], "tilesets": )";
  out += ts;
  out += "}";
  return out;
}

// Data rows of a tile layer (gids), as a JSON array.
std::string layer(const std::string& name, const std::string& data, const std::string& extra = "") {
  return R"({"type": "tilelayer", "name": ")" + name + R"(", "width": 4, "height": 3, "data": )" +
         data + extra + "}";
}

//   gids     1 2 1 1        walls (any tile / solid)
//            1 2 3 4
//            1 1 3 0        0: empty
const std::string kGround = "[1, 2, 1, 1,  1, 2, 3, 4,  1, 1, 3, 0]";

Level tiled_ok(const std::string& text, const TiledImportOptions& o = {}) {
  auto r = parse_tiled_map(text, "town.tmj", fs::temp_directory_path(), o);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

std::string tiled_error(const std::string& text, const TiledImportOptions& o = {},
                        const fs::path& folder = fs::temp_directory_path()) {
  auto r = parse_tiled_map(text, "town.tmj", folder, o);
  REQUIRE_MESSAGE(!r.ok(), "expected an error");
  return r.error();
}

// Base64 of little-endian 32-bit gids.
std::string base64(const std::vector<std::uint32_t>& gids) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t g : gids)
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<std::uint8_t>(g >> (8 * b)));
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = std::uint32_t{bytes[i]} << 16 |
                            (i + 1 < bytes.size() ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0u);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
  }
  return out;
}

}  // namespace

TEST_CASE("[Import] Tiled: walls from a tile layer, by any tile, tile ids or a property") {
  const std::string map = tiled_map({layer("Ground", kGround)});
  TiledImportOptions o;
  SUBCASE("any non-empty tile") {
    CHECK(walls_text(tiled_ok(map, o)) == "####\n####\n###.\n");
  }
  SUBCASE("tile ids 2 and 4") {
    o.wall_rule = TiledWallRule::TileIds;
    o.wall_gids = {2, 4};
    CHECK(walls_text(tiled_ok(map, o)) == ".#..\n.#.#\n....\n");
  }
  SUBCASE("property solid: true walls, false and missing open") {
    o.wall_rule = TiledWallRule::Property;
    o.wall_property = "solid";
    const Level lv = tiled_ok(map, o);
    CHECK(walls_text(lv) == ".#..\n.#..\n....\n");
    CHECK(lv.open(lv.start()));
    CHECK(lv.open(lv.goal()));
    CHECK(lv.name == "town.tmj");
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

TEST_CASE("[Import] Tiled: costs and heights from tile properties or a table") {
  TiledImportOptions o;
  o.wall_rule = TiledWallRule::Property;
  SUBCASE("properties on the walls layer") {
    o.costs = TiledValueSource{"", "cost", {}};
    o.heights = TiledValueSource{"", "height", {}};
    const Level lv = tiled_ok(tiled_map({layer("Ground", kGround)}), o);
    CHECK(lv.cost({2, 1}) == doctest::Approx(3.5));
    CHECK(lv.cost({2, 2}) == doctest::Approx(3.5));
    CHECK(lv.cost({3, 1}) == doctest::Approx(2));
    CHECK(lv.cost({0, 0}) == doctest::Approx(1));
    CHECK(lv.cost({3, 2}) == doctest::Approx(1));  // empty: the default
    CHECK(lv.height_at({2, 1}) == 2);
    CHECK(lv.height_at({0, 0}) == 0);
  }
  SUBCASE("a table on another layer") {
    //   Terrain gids: 0 0 3 3 / 0 0 3 3 / 4 4 4 4
    const std::string terrain = layer("Terrain", "[0,0,3,3, 0,0,3,3, 4,4,4,4]");
    o.costs = TiledValueSource{"Terrain", "", {{3, 5.0}, {4, 0.5}}};
    const Level lv = tiled_ok(tiled_map({layer("Ground", kGround), terrain}), o);
    CHECK(lv.cost({2, 0}) == doctest::Approx(5));
    CHECK(lv.cost({0, 2}) == doctest::Approx(0.5));
    CHECK(lv.cost({0, 0}) == doctest::Approx(1));
    CHECK(walls_text(lv) == ".#..\n.#..\n....\n");
  }
  SUBCASE("bad values are named") {
    o.costs = TiledValueSource{"", "", {{3, 0.0}}};
    CHECK(tiled_error(tiled_map({layer("Ground", kGround)}), o) ==
          "town.tmj: tile 3: a cost must be > 0 and at most 1000000, got 0");
    o.wall_rule = TiledWallRule::AnyTile;
    const std::string ts = R"([{"firstgid": 1, "tiles": [
        {"id": 2, "properties": [{"name": "height", "type": "float", "value": 1.5}]}]}])";
    o.costs = std::nullopt;
    o.heights = TiledValueSource{"", "height", {}};
    CHECK(tiled_error(tiled_map({layer("Ground", kGround)}, ts), o) ==
          "town.tmj: tilesets[0].tiles[0].properties[0] ('height'): a height must be a whole "
          "number within -1000000..1000000, got 1.5");
  }
}

TEST_CASE("[Import] Tiled: flip flags are cleared, base64 data is read") {
  const std::uint32_t kH = 0x80000000u, kV = 0x40000000u, kD = 0x20000000u, kR = 0x10000000u;
  const std::vector<std::uint32_t> gids{1, 2 | kH, 1, 1, 1, 2 | kV | kD, 3 | kR, 4 | kH | kV,
                                        1, 1, 3 | kD, 0};
  TiledImportOptions o;
  o.wall_rule = TiledWallRule::Property;
  o.costs = TiledValueSource{"", "cost", {}};
  std::string array = "[";
  for (std::size_t i = 0; i < gids.size(); ++i) {
    if (i > 0) array += ',';
    array += std::to_string(gids[i]);
  }
  array += "]";
  const Level from_array = tiled_ok(tiled_map({layer("Ground", array)}), o);
  CHECK(walls_text(from_array) == ".#..\n.#..\n....\n");
  CHECK(from_array.cost({2, 1}) == doctest::Approx(3.5));
  CHECK(from_array.cost({3, 1}) == doctest::Approx(2));

  const std::string b64 = "\"" + base64(gids) + "\"";
  SUBCASE("base64") {
    const Level lv = tiled_ok(tiled_map({layer("Ground", b64, R"(, "encoding": "base64")")}), o);
    CHECK(lv == from_array);
  }
  SUBCASE("base64 with an empty compression") {
    const Level lv = tiled_ok(
        tiled_map({layer("Ground", b64, R"(, "encoding": "base64", "compression": "")")}), o);
    CHECK(lv == from_array);
  }
  SUBCASE("inside a group layer") {
    const std::string group = R"({"type": "group", "name": "G", "layers": [)" +
                              layer("Ground", array) + "]}";
    const std::string objects = R"({"type": "objectgroup", "name": "Objects", "objects": []})";
    const Level lv = tiled_ok(tiled_map({objects, group}), o);
    CHECK(lv == from_array);
  }
}

TEST_CASE("[Import] Tiled: external tilesets are read beside the map; XML ones refused") {
  TempDir dir;
  dir.write("terrain.tsj", R"({"type": "tileset", "name": "terrain", "tiles": [
      {"id": 1, "properties": [{"name": "collides", "type": "bool", "value": true}]}]})");
  TiledImportOptions o;
  o.wall_rule = TiledWallRule::Property;
  o.wall_property = "collides";
  const std::string map = tiled_map({layer("Ground", kGround)},
                                    R"([{"firstgid": 1, "source": "terrain.tsj"}])");
  const std::string path = dir.write("town.tmj", map);
  auto lv = load_tiled_map(path, o);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  CHECK(walls_text(lv.value()) == ".#..\n.#..\n....\n");

  auto info = load_tiled_map_info(path);
  REQUIRE(info.ok());
  CHECK(info.value().width == 4);
  CHECK(info.value().height == 3);
  CHECK(info.value().tile_layers ==
        std::vector<TiledTileLayerInfo>{{"Ground", "layers[0]", 11}});
  CHECK(info.value().properties == std::vector<TiledPropertyInfo>{{"collides", "bool", 1}});

  CHECK(tiled_error(tiled_map({layer("Ground", kGround)},
                              R"([{"firstgid": 1, "source": "missing.tsj"}])"),
                    o, dir.path) ==
        "town.tmj: tilesets[0].source: " + (dir.path / "missing.tsj").string() +
            ": cannot open: No such file or directory");
  CHECK(tiled_error(tiled_map({layer("Ground", kGround)},
                              R"([{"firstgid": 1, "source": "terrain.tsx"}])"),
                    o, dir.path) ==
        "town.tmj: tilesets[0].source: 'terrain.tsx' is an XML tileset, which cannot be read; in "
        "Tiled, save the tileset as JSON (.tsj) or embed it in the map");
}

TEST_CASE("[Import] Tiled: the map info lists tile layers and tile properties") {
  const std::string terrain = layer("Terrain", "[0,0,3,3, 0,0,3,3, 4,4,4,4]");
  auto info = parse_tiled_map_info(tiled_map({layer("Ground", kGround), terrain}),
                                   "town.tmj", ".");
  REQUIRE(info.ok());
  CHECK(info.value().tile_layers == std::vector<TiledTileLayerInfo>{{"Ground", "layers[0]", 11},
                                                                   {"Terrain", "layers[1]", 8}});
  CHECK(info.value().properties == std::vector<TiledPropertyInfo>{
                                       {"cost", "float", 3}, {"height", "int", 1}, {"solid", "bool", 2}});
}

TEST_CASE("[Import] Tiled: malformed maps give the file and the field") {
  const auto map1 = [](const std::string& data, const std::string& extra = "") {
    return tiled_map({layer("Ground", data, extra)});
  };
  struct Case {
    std::string text;
    std::string message;
    TiledImportOptions options{};
  };
  TiledImportOptions named;
  named.wall_layer = "Walls";
  TiledImportOptions by_property;
  by_property.wall_rule = TiledWallRule::Property;
  by_property.wall_property = "solidd";
  const std::vector<Case> cases = {
      {map1("[1, 2, 1, 1,  1, 2, 3, 4,  1, 1, 3]"),
       "town.tmj: layers[0].data: expected 12 tile ids (4 x 3), got 11"},
      {map1("[1, 2, 1, 1,  1, -2, 3, 4,  1, 1, 3, 0]"),
       "town.tmj: layers[0].data[5]: expected a tile id (a whole number 0..4294967295), got -2"},
      {map1("[1, 2, 1, 1,  1, \"2\", 3, 4,  1, 1, 3, 0]"),
       "town.tmj: layers[0].data[5]: expected a tile id (a whole number 0..4294967295), got a string"},
      {map1("\"" + base64({1, 2, 3}) + "\"", R"(, "encoding": "base64")"),
       "town.tmj: layers[0].data: expected 48 bytes after base64 decoding (12 tile ids, 4 x 3), got 12"},
      {map1("\"AAAA*AAA\"", R"(, "encoding": "base64")"),
       "town.tmj: layers[0].data: invalid base64 at character 4"},
      {map1("\"eJxjYGBgAAAABAAB\"", R"(, "encoding": "base64", "compression": "zlib")"),
       "town.tmj: layers[0].compression: zlib-compressed tile data is not supported; in Tiled, set "
       "the map's Tile Layer Format to CSV or Base64 (uncompressed) and save again"},
      {map1("\"AAAA\"", R"(, "encoding": "base64", "compression": "zstd")"),
       "town.tmj: layers[0].compression: zstd-compressed tile data is not supported; in Tiled, set "
       "the map's Tile Layer Format to CSV or Base64 (uncompressed) and save again"},
      {map1("\"1,2,3\""), "town.tmj: layers[0].encoding: string data needs \"encoding\": \"base64\", got none"},
      {tiled_map({R"({"type": "tilelayer", "name": "Ground", "width": 5, "height": 3, "data": []})"}),
       "town.tmj: layers[0].width: expected 4 (the map's width), got 5"},
      {tiled_map({R"({"type": "tilelayer", "name": "Ground", "chunks": []})"}),
       "town.tmj: layers[0].chunks: chunked (infinite) layers are not supported"},
      {R"({"width": 4, "height": 3, "infinite": true, "layers": []})",
       "town.tmj: infinite: infinite maps (stored in chunks) are not supported; in Tiled, turn off "
       "Infinite in the map properties and save again"},
      {R"({"width": 4, "height": 3, "orientation": "isometric", "layers": []})",
       "town.tmj: orientation: 'isometric' maps are diamonds, not squares or hexagons; only "
       "orthogonal and hexagonal maps can be imported"},
      {R"({"width": 4, "layers": []})", "town.tmj: height: missing (the map's size in tiles)"},
      {R"({"width": 4, "height": 9000, "layers": []})",
       "town.tmj: height must be 1..8192, got 9000"},
      {R"({"width": 4, "height": 3, "layers": []})", "town.tmj: layers: the map has no tile layer"},
      {R"({"width": 4, "height": 3, "layers": [{"name": "x"}]})",
       "town.tmj: layers[0].type: expected a layer type (a string)"},
      {R"({"type": "tileset", "name": "x"})", "town.tmj: type: expected \"map\" (a Tiled map), got 'tileset'"},
      {R"({"format": "astar-studio-level", "version": 1})",
       "town.tmj: this is an A* Studio level file, not a Tiled map: open it as a level"},
      {R"([1, 2])", "town.tmj: expected a JSON object (a Tiled map), got an array"},
      {"{\"width\": 4,", "town.tmj: invalid JSON: parse error at line 1, column 13: syntax error while "
                        "parsing object key - unexpected end of input; expected string literal"},
      {map1(kGround), "town.tmj: no tile layer named 'Walls' (tile layers: 'Ground')", named},
      {map1(kGround), "town.tmj: no tile has a property 'solidd' (tile properties: 'cost', 'height', 'solid')",
       by_property},
      {tiled_map({layer("Ground", kGround)}, R"([{"firstgid": 0}])"),
       "town.tmj: tilesets[0].firstgid: expected a whole number 1..268435455"},
      {map1("[1,1,1,1, 1,1,1,1, 1,1,1,1]"), "town.tmj: every cell of layer 'Ground' is a wall"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    CHECK(tiled_error(c.text, c.options) == c.message);
  }
}
