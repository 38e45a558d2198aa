// `astar generate`, `astar import` and `astar export`: the real binary, its files checked against
// astar_core made here, and its refusals; Tiled hex maps in and out, and searched from Tiled's
// cells. The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <stb_image.h>        // the implementation is compiled into libstb
#include <stb_image_write.h>  // the implementation is compiled into libstb

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "astar/format.hpp"
#include "astar/generate.hpp"
#include "astar/level_image.hpp"
#include "astar/level_io.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::test::check_refused;
using astar::test::read_file;
using astar::test::Run;

namespace {

const astar::test::CliScratch kCli("astar-generate-import-tests");
std::string in_scratch(const std::string& name) { return (kCli.path() / name).string(); }

astar::Level loaded(const std::string& path) {
  auto lv = astar::load_level(path);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return std::move(lv).value();
}

void check_ok(const Run& r) {
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
}

}  // namespace

TEST_CASE("[cli] generate writes the level generate_level makes, and the same one every time") {
  const std::string a = in_scratch("maze-a.json");
  const std::string b = in_scratch("maze-b.json");
  const Run r = kCli.run({"generate", "maze-division", "--size", "31x21", "--seed", "12",
                          "--loops=0.1", "-o", a});
  check_ok(r);
  const astar::Level written = loaded(a);
  const auto open = std::count(written.walls().begin(), written.walls().end(), 0);
  std::string expected = "wrote ";
  expected += a;
  expected += ": maze-division --size 31x21 --seed 12 --loops 0.1 (31 x 21, ";
  expected += std::to_string(open) + " open cells, start " + astar::cell_text(written.start());
  expected += ", goal " + astar::cell_text(written.goal()) + ")\n";
  CHECK(r.out == expected);
  check_ok(kCli.run({"generate", "maze-division", "--seed", "12", "--size", "31x21", "--loops",
                     "0.1", "--output", b}));
  CHECK(read_file(a) == read_file(b));

  astar::GeneratorOptions o;
  o.kind = astar::GeneratorKind::MazeDivision;
  o.width = 31;
  o.height = 21;
  o.seed = 12;
  o.loops = 0.1;
  CHECK(loaded(a) == astar::generate_level(o).value());

  // The file is a level `astar run` finds a path on.
  const Run run = kCli.run({"run", a});
  CHECK(run.code == 0);
}

TEST_CASE("[cli] generate without -o prints the level's JSON; --name names it") {
  const Run r = kCli.run({"generate", "noise-heights", "--size", "12x8", "--heights=-2..3",
                          "--name", "Hills"});
  check_ok(r);
  auto lv = astar::parse_level(r.out, "stdout");
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  CHECK(lv.value().name == "Hills");
  CHECK(lv.value().width() == 12);
  const auto [mn, mx] = std::minmax_element(lv.value().heights().begin(), lv.value().heights().end());
  CHECK(*mn == -2);
  CHECK(*mx == 3);
}

TEST_CASE("[cli] generate refuses bad input with a named message") {
  check_refused(kCli.run({"generate"}), "generate: missing KIND, one of maze-backtracker");
  check_refused(kCli.run({"generate", "maze"}), "generate: unknown KIND 'maze'");
  check_refused(kCli.run({"generate", "rooms", "--density", "0.2"}),
                "generate: --density: not a parameter of rooms (it takes: --size, --seed, "
                "--topology, --stagger, --rooms, --room-size, --loops)");
  check_refused(kCli.run({"generate", "obstacles", "--density", "1.5"}),
                "generate: --density: must be 0..1, got 1.5");
  check_refused(kCli.run({"generate", "obstacles", "--size", "10"}),
                "generate: --size: expected WxH (e.g. 41x31), got '10'");
  check_refused(kCli.run({"generate", "maze-backtracker", "--size", "2x2"}),
                "generate: --size: a maze needs at least 3 x 3 cells, got 2 x 2");
  check_refused(kCli.run({"generate", "obstacles", "--wobble", "1"}),
                "generate: unknown option '--wobble'");
  check_refused(kCli.run({"generate", "obstacles", "-o", "a.json", "--output", "b.json"}),
                "generate: -o and --output: give one of them");
  // A file that cannot be written: exit 3.
  const Run r = kCli.run({"generate", "obstacles", "-o", in_scratch("no-dir/x.json")});
  CHECK(r.code == 3);
  CHECK(r.err.rfind("astar: ", 0) == 0);
  CHECK_FALSE(fs::exists(in_scratch("no-dir/x.json")));
}

TEST_CASE("[cli] export writes a .map that import reads back") {
  const std::string level = in_scratch("rooms.json");
  check_ok(kCli.run({"generate", "rooms", "--size", "40x30", "--seed", "5", "-o", level}));
  const std::string map = in_scratch("rooms.map");
  const Run e = kCli.run({"export", level, "-o", map});
  check_ok(e);
  CHECK(e.out == "wrote " + map + " (40 x 30, MovingAI map)\n");
  CHECK(e.err.empty());  // nothing lost: walls only, MovingAI's rules
  CHECK(read_file(map) == astar::movingai_map_text(loaded(level)));

  const std::string back = in_scratch("rooms-back.json");
  check_ok(kCli.run({"import", map, "-o", back}));
  const astar::Level a = loaded(level);
  const astar::Level b = loaded(back);
  CHECK(b.walls() == a.walls());
  CHECK(b.open(b.start()));
  CHECK(b.open(b.goal()));
  CHECK(b.start() != b.goal());

  // Costs are not written: a note says so, the exit code stays 0.
  const std::string costly = in_scratch("costly.json");
  check_ok(kCli.run({"generate", "noise-costs", "--size", "6x5", "-o", costly}));
  const Run n = kCli.run({"export", costly, "-o", in_scratch("costly.map")});
  check_ok(n);
  CHECK(n.err.find("astar: note: a .map holds walls only; not written: costs (") == 0);

  check_refused(kCli.run({"export", level}), "export: missing -o OUT.map, OUT.tmj or OUT.png");
  check_refused(kCli.run({"export", level, "-o", in_scratch("x.txt")}),
                "the output format comes from the extension: .map (MovingAI), .tmj (Tiled) or "
                ".png (an image), got '" + in_scratch("x.txt") + "'");
  check_refused(kCli.run({"export", in_scratch("none.json"), "-o", in_scratch("x.map")}),
                "none.json: cannot open");
}

TEST_CASE("[cli] export -o OUT.png draws the level with the core rasteriser") {
  const std::string level = in_scratch("png-maze.json");
  check_ok(
      kCli.run({"generate", "maze-backtracker", "--size", "21x15", "--seed", "3", "-o", level}));
  const std::string png = in_scratch("png-maze.png");
  const Run e = kCli.run({"export", level, "-o", png, "--cell-px", "6"});
  check_ok(e);
  CHECK(e.out == "wrote " + png + " (126 x 90 px, 6 px per cell)\n");
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
  REQUIRE(px != nullptr);
  CHECK(w == 126);
  CHECK(h == 90);
  auto expected = astar::render_level_image(loaded(level), {.cell_px = 6});
  REQUIRE(expected.ok());
  CHECK(std::equal(expected.value().rgb.begin(), expected.value().rgb.end(), px));
  stbi_image_free(px);
  // The default is 4 px per cell.
  check_ok(kCli.run({"export", level, "-o", png}));
  REQUIRE(stbi_info(png.c_str(), &w, &h, &n));
  CHECK(w == 84);

  check_refused(kCli.run({"export", level, "-o", png, "--cell-px", "0"}),
                "export: " + level + ": cell-px: must be 1..16, got 0");
  check_refused(kCli.run({"export", level, "-o", png, "--cell-px", "x"}),
                "--cell-px: expected a whole number 1..16, got 'x'");
  check_refused(kCli.run({"export", level, "-o", in_scratch("x.map"), "--cell-px", "4"}),
                "--cell-px: only for .png output");
  const std::string wide = in_scratch("wide.json");
  check_ok(kCli.run({"generate", "obstacles", "--size", "1000x20", "-o", wide}));
  check_refused(kCli.run({"export", wide, "-o", png, "--cell-px", "9"}),
                "cell-px: 9 px per cell makes a 9000 x 180 image; at most 8192 px a side (use 1..8)");
}

TEST_CASE("[cli] export -o OUT.png draws a hex level as hexagons, tight around them") {
  // 7 x 5 flat-top, even columns pushed down, 6 px from centre to centre: 6 columns 1.5 sizes
  // apart and one hex of 2 sizes wide (11 * 6 / sqrt 3 = 38.1), 5.5 hexes high.
  astar::Level lv(7, 5);
  lv.set_topology(astar::Topology::HexFlatTop, astar::HexStagger::Even);
  lv.set_wall({2, 1}, true);
  lv.set_goal({6, 4});
  const std::string level = in_scratch("hex-picture.json");
  REQUIRE(astar::save_level(lv, level).ok());
  const std::string png = in_scratch("hex-picture.png");
  const Run e = kCli.run({"export", level, "-o", png, "--cell-px", "6"});
  check_ok(e);
  CHECK(e.out == "wrote " + png + " (39 x 33 px, 6 px per cell)\n");
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
  REQUIRE(px != nullptr);
  CHECK(w == 39);
  CHECK(h == 33);
  // The top-left pixel is outside every hexagon: the background.
  CHECK(std::array<int, 3>{px[0], px[1], px[2]} == std::array<int, 3>{30, 31, 36});
  auto expected = astar::render_level_image(loaded(level), {.cell_px = 6});
  REQUIRE(expected.ok());
  CHECK(std::equal(expected.value().rgb.begin(), expected.value().rgb.end(), px));
  stbi_image_free(px);
}

TEST_CASE("[cli] import a PNG as walls, costs or heights") {
  // 4 x 2: black, dark grey, light grey, white on both rows.
  const std::vector<std::uint8_t> px{0, 60, 180, 255, 0, 60, 180, 255};
  const std::string png = in_scratch("ramp.png");
  REQUIRE(stbi_write_png(png.c_str(), 4, 2, 1, px.data(), 4));

  const std::string walls = in_scratch("ramp-walls.json");
  check_ok(kCli.run({"import", png, "--threshold", "100", "-o", walls}));
  const astar::Level w = loaded(walls);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) CHECK(w.wall({x, y}) == (x < 2));
  CHECK(w.name == "ramp.png");

  const Run c = kCli.run({"import", png, "--mode", "costs", "--range", "1..11", "--invert"});
  check_ok(c);
  auto costs = astar::parse_level(c.out, "stdout");
  REQUIRE(costs.ok());
  CHECK(costs.value().cost({0, 0}) == doctest::Approx(1));
  CHECK(costs.value().cost({3, 1}) == doctest::Approx(11));

  const Run h = kCli.run({"import", png, "--mode", "heights", "--range=-5..5"});
  check_ok(h);
  auto heights = astar::parse_level(h.out, "stdout");
  REQUIRE(heights.ok());
  CHECK(heights.value().height_at({0, 0}) == -5);
  CHECK(heights.value().height_at({3, 0}) == 5);

  check_refused(kCli.run({"import", png, "--threshold", "300"}),
                "import: --threshold: expected a whole number 0..256, got '300'");
  check_refused(kCli.run({"import", png, "--mode", "costs", "--range", "0..3"}),
                "import: --range: must be MIN..MAX with 0 < MIN <= MAX <= 1000000, got 0..3");
  check_refused(kCli.run({"import", png, "--walls", "any"}),
                "import: --walls: only for Tiled maps, and " + png + " is read as an image");
  const std::string text = kCli.write("fake.png", "not an image\n");
  check_refused(kCli.run({"import", text}), "fake.png: not a PNG or JPEG image");
}

TEST_CASE("[cli] import a Tiled map: --list, walls by property, costs by property") {
  const std::string tmj = kCli.write("town.tmj", R"({"type": "map", "orientation": "orthogonal",
    "width": 3, "height": 2, "infinite": false,
    "layers": [{"type": "tilelayer", "name": "Ground", "width": 3, "height": 2,
                "data": [1, 2, 1, 3, 1, 1]}],
    "tilesets": [{"firstgid": 1, "tiles": [
      {"id": 1, "properties": [{"name": "solid", "type": "bool", "value": true}]},
      {"id": 2, "properties": [{"name": "cost", "type": "float", "value": 4.5}]}]}]})");
  const Run list = kCli.run({"import", tmj, "--list"});
  check_ok(list);
  CHECK(list.out == "map: " + tmj + "\nsize: 3 x 2\ngrid: square\ntile layers:\n"
                    "  'Ground' (layers[0], 6 tiles)\n"
                    "tile properties:\n  cost (float, 1 tiles)\n  solid (bool, 1 tiles)\n");

  const std::string out = in_scratch("town.json");
  check_ok(kCli.run({"import", tmj, "--walls", "property:solid", "--costs", "property:cost",
                     "-o", out}));
  const astar::Level lv = loaded(out);
  CHECK(lv.wall({1, 0}));
  CHECK(lv.open({0, 1}));
  CHECK(lv.cost({0, 1}) == doctest::Approx(4.5));
  CHECK(lv.cost({0, 0}) == doctest::Approx(1));

  check_refused(kCli.run({"import", tmj, "--walls", "solid"}),
                "import: --walls: expected any, tiles:GID,GID,... or property:NAME, got 'solid'");
  check_refused(kCli.run({"import", tmj, "--layer", "Walls"}),
                "town.tmj: no tile layer named 'Walls' (tile layers: 'Ground')");
  check_refused(kCli.run({"import", tmj, "--threshold", "9"}),
                "import: --threshold: only for images, and " + tmj + " is read as a Tiled map");
  const std::string short_data = kCli.write("short.tmj", R"({"width": 3, "height": 2,
    "layers": [{"type": "tilelayer", "name": "Ground", "data": [1, 2, 1]}]})");
  check_refused(kCli.run({"import", short_data}),
                "short.tmj: layers[0].data: expected 6 tile ids (3 x 2), got 3");
  check_refused(kCli.run({"import", in_scratch("level.txt")}),
                "level.txt: unknown file type '.txt' (expected .png, .jpg, .jpeg, .map, .tmj or "
                ".json; or give --format)");
}

// [SECTION] Tiled hex maps: `export -o X.tmj` read back, `import --list` naming the grid, and a
// Tiled map made by hand, imported and searched with `run --start/--goal` in Tiled's column and
// row, its cost checked against a Dijkstra written here on hex-grids.md's neighbour table
// (entering a cell costs its cost).

namespace {

const std::vector<std::string> kReadBack{"--layer",       "walls",          "--costs",
                                         "property:cost", "--costs-layer",  "costs",
                                         "--heights",     "property:height", "--heights-layer",
                                         "heights"};

}  // namespace

TEST_CASE("[cli] export a hex level as a Tiled map, and import it back") {
  astar::Level lv(6, 5);
  lv.set_topology(astar::Topology::HexFlatTop, astar::HexStagger::Even);
  lv.set_wall({2, 1}, true);
  lv.set_wall({2, 2}, true);
  lv.set_cost({4, 3}, 2.5);
  lv.set_height({1, 4}, -2);
  lv.set_goal({5, 4});
  const std::string level = in_scratch("hex.json");
  REQUIRE(astar::save_level(lv, level).ok());

  const std::string tmj = in_scratch("hex.tmj");
  const Run e = kCli.run({"export", level, "-o", tmj});
  check_ok(e);
  CHECK(e.out == "wrote " + tmj + " and " + in_scratch("hex-tiles.png") +
                     " (6 x 5, hex-flat-top even, Tiled map)\n");
  CHECK(e.err == "astar: note: a Tiled map holds walls, costs and heights; not written: start and "
                 "goal (the import puts them far apart)\n");
  CHECK(std::filesystem::exists(in_scratch("hex-tiles.png")));

  const Run list = kCli.run({"import", tmj, "--list"});
  check_ok(list);
  CHECK(list.out.find("\ngrid: hex-flat-top, stagger even (staggeraxis x, staggerindex even)\n") !=
        std::string::npos);

  std::vector<std::string> args{"import", tmj};
  args.insert(args.end(), kReadBack.begin(), kReadBack.end());
  args.insert(args.end(), {"-o", in_scratch("back.json")});
  check_ok(kCli.run(args));
  const astar::Level back = loaded(in_scratch("back.json"));
  CHECK(back.topology() == lv.topology());
  CHECK(back.hex_stagger() == lv.hex_stagger());
  CHECK(back.walls() == lv.walls());
  CHECK(back.costs() == lv.costs());
  CHECK(back.heights() == lv.heights());

  lv.set_cost({0, 0}, 2e6);
  REQUIRE(astar::save_level(lv, level).ok());
  check_refused(kCli.run({"export", level, "-o", tmj}),
                level + ": the cost at (0, 0) is 2e+06; Tiled maps are read with costs above 0 "
                        "and up to 1000000");
  check_refused(kCli.run({"export", level, "-o", in_scratch("hex.tsx")}),
                "-o: the output format comes from the extension: .map (MovingAI), .tmj (Tiled) "
                "or .png (an image)");
}

namespace {

// A pointy-top map, odd rows pushed right, as one might draw it in Tiled (gid 1 a wall, gid 2
// forest costing 5, gid 3 hills costing 2; 0 open ground costing 1). Every cost is at least 1,
// so the hex heuristic (steps to the goal) never overestimates and A* finds the cheapest path.
//
//   row 0    .  .  #  .  .  .  .
//   row 1      .  2  #  .  3  .  .
//   row 2    .  .  #  2  3  .  .
//   row 3      .  .  .  2  #  .  .
//   row 4    .  3  .  .  #  .  .
constexpr int kW = 7, kH = 5;
const std::array<int, kW * kH> kGids{0, 0, 1, 0, 0, 0, 0,  //
                                     0, 2, 1, 0, 3, 0, 0,  //
                                     0, 0, 1, 2, 3, 0, 0,  //
                                     0, 0, 0, 2, 1, 0, 0,  //
                                     0, 3, 0, 0, 1, 0, 0};

std::string hand_made_map() {
  std::string data;
  for (std::size_t i = 0; i < kGids.size(); ++i) data += (i ? "," : "") + std::to_string(kGids[i]);
  return R"({ "compressionlevel":-1, "height":5, "hexsidelength":16, "infinite":false,
 "layers":[{"data":[)" + data + R"(], "height":5, "id":1, "name":"Terrain", "opacity":1,
   "type":"tilelayer", "visible":true, "width":7, "x":0, "y":0}],
 "nextlayerid":2, "nextobjectid":1, "orientation":"hexagonal", "renderorder":"right-down",
 "staggeraxis":"y", "staggerindex":"odd", "tiledversion":"1.10.2", "tileheight":32,
 "tilesets":[{"columns":3, "firstgid":1, "image":"hexes.png", "imageheight":32,
   "imagewidth":84, "margin":0, "name":"hexes", "spacing":0, "tilecount":3, "tileheight":32,
   "tiles":[{"id":0, "properties":[{"name":"solid", "type":"bool", "value":true}]},
            {"id":1, "properties":[{"name":"cost", "type":"float", "value":5}]},
            {"id":2, "properties":[{"name":"cost", "type":"float", "value":2}]}],
   "tilewidth":28}],
 "tilewidth":28, "type":"map", "version":"1.10", "width":7})";
}

// The cheapest path's cost from `from` to `to` on that map, entering a cell costing its cost,
// moving to the six neighbours of ../shared/formats/hex-grids.md's odd-r rows.
double hand_dijkstra(std::pair<int, int> from, std::pair<int, int> to) {
  using Offsets = std::array<std::pair<int, int>, 6>;
  const Offsets even_row{{{+1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, +1}, {0, +1}}};
  const Offsets odd_row{{{+1, 0}, {+1, -1}, {0, -1}, {-1, 0}, {0, +1}, {+1, +1}}};
  const auto cost = [](int gid) { return gid == 2 ? 5.0 : gid == 3 ? 2.0 : 1.0; };
  std::vector<double> dist(kW * kH, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[static_cast<std::size_t>(from.second * kW + from.first)] = 0;
  open.push({0.0, from.second * kW + from.first});
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    if (d > dist[static_cast<std::size_t>(i)]) continue;
    const int x = i % kW, y = i / kW;
    for (const auto& [dx, dy] : (y % 2 == 0 ? even_row : odd_row)) {
      const int nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= kW || ny >= kH) continue;
      const int j = ny * kW + nx;
      if (kGids[static_cast<std::size_t>(j)] == 1) continue;
      const double nd = d + cost(kGids[static_cast<std::size_t>(j)]);
      if (nd < dist[static_cast<std::size_t>(j)]) {
        dist[static_cast<std::size_t>(j)] = nd;
        open.push({nd, j});
      }
    }
  }
  return dist[static_cast<std::size_t>(to.second * kW + to.first)];
}

}  // namespace

TEST_CASE("[cli] a Tiled hex map made by hand: imported, then searched from Tiled's cells") {
  const std::string tmj = kCli.write("hand.tmj", hand_made_map());
  const std::string level = in_scratch("hand.json");
  check_ok(kCli.run({"import", tmj, "--walls", "property:solid", "--costs", "property:cost",
                     "-o", level}));
  const astar::Level lv = loaded(level);
  CHECK(lv.topology() == astar::Topology::HexPointyTop);
  CHECK(lv.hex_stagger() == astar::HexStagger::Odd);
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x) CHECK(lv.wall({x, y}) == (kGids[std::size_t(y * kW + x)] == 1));

  for (const auto& query : std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>>{
           {{0, 0}, {6, 4}}, {{0, 4}, {6, 0}}, {{1, 1}, {5, 3}}, {{6, 2}, {0, 2}}}) {
    const auto& [from, to] = query;  // CAPTURE names query's parts: clang 14 cannot capture a binding
    CAPTURE(query.first.first);
    CAPTURE(query.first.second);
    CAPTURE(query.second.first);
    CAPTURE(query.second.second);
    for (const std::vector<std::string>& search :
         {std::vector<std::string>{"--heuristic", "hex"}, {"--algorithm", "dijkstra"}}) {
      const auto xy = [](std::pair<int, int> c) {
        return std::to_string(c.first) + "," + std::to_string(c.second);
      };
      std::vector<std::string> args{"run",    level,    "--start",  xy(from),
                                    "--goal", xy(to),   "--format", "json"};
      args.insert(args.end(), search.begin(), search.end());
      const Run r = kCli.run(args);
      check_ok(r);
      const nlohmann::json out = nlohmann::json::parse(r.out);
      CHECK(out["cost"].get<double>() == doctest::Approx(hand_dijkstra(from, to)).epsilon(1e-12));
      CHECK(out["path"].front() == nlohmann::json::array({from.first, from.second}));
      CHECK(out["path"].back() == nlohmann::json::array({to.first, to.second}));
    }
  }
}
