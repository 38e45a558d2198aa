// MovingAI .map and .scen parsing (exact messages), the tolerance rule, map resolution, and A*
// against every optimal length of the shared benchmark files (../shared/movingai).
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "support/movingai_data.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace astar;

namespace {

// "\n" line ends replaced by "\r\n".
std::string crlf(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

Level map_ok(std::string_view text, std::string_view source = "t.map") {
  auto r = parse_movingai_map(text, source);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return r.value();
}

std::string map_error(std::string_view text) {
  auto r = parse_movingai_map(text, "t.map");
  REQUIRE_MESSAGE(!r.ok(), "expected an error for:\n", text);
  return r.error();
}

std::vector<ScenarioQuery> scen_ok(std::string_view text) {
  auto r = parse_movingai_scen(text, "t.scen");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return r.value();
}

std::string scen_error(std::string_view text) {
  auto r = parse_movingai_scen(text, "t.scen");
  REQUIRE_MESSAGE(!r.ok(), "expected an error for:\n", text);
  return r.error();
}

// A fresh folder, removed at the end (temp_dir.hpp).
struct TempDir : astar::test::TempDir {
  TempDir() : astar::test::TempDir("astar-movingai") {}
};

constexpr std::string_view kMap4x3 =
    "type octile\n"
    "height 3\n"
    "width 4\n"
    "map\n"
    "@.GS\n"
    "OTW.\n"
    "....\n";

}  // namespace

// [SECTION] .map

TEST_CASE("[movingai] a .map gives a level with MovingAI's rules; . G S passable, @ O T W not") {
  const Level lv = map_ok(kMap4x3, "maps/dao/t.map");
  CHECK(lv.width() == 4);
  CHECK(lv.height() == 3);
  const char* rows[] = {"@.GS", "OTW.", "...."};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      const char c = rows[y][x];
      INFO("cell (", x, ", ", y, ") '", c, "'");
      CHECK(lv.wall({x, y}) == (c == '@' || c == 'O' || c == 'T' || c == 'W'));
      CHECK(lv.cost({x, y}) == 1.0);
      CHECK(lv.height_at({x, y}) == 0);
    }
  CHECK(lv.rules() == movingai_rules());
  CHECK(lv.rules().neighbours == Neighbours::Eight);
  CHECK(lv.rules().diagonal == DiagonalPolicy::NoCornerCutting);
  CHECK(lv.rules().climb_cost == 0.0);
  CHECK(lv.edges().empty());
  CHECK(lv.name == "t.map");
  // No start or goal in a map: both on the first passable cell.
  CHECK(lv.start() == Cell{1, 0});
  CHECK(lv.goal() == Cell{1, 0});
  CHECK(lv.check_endpoints().empty());

  for (char c : std::string_view(".GS")) {
    CHECK(is_movingai_map_char(c));
    CHECK(is_movingai_passable(c));
  }
  for (char c : std::string_view("@OTW")) {
    CHECK(is_movingai_map_char(c));
    CHECK_FALSE(is_movingai_passable(c));
  }
  for (char c : std::string_view("#x \t\r0g")) CHECK_FALSE(is_movingai_map_char(c));
}

TEST_CASE("[movingai] CRLF maps, blank lines around the header and after the rows load") {
  const Level lf = map_ok(kMap4x3);
  CHECK(map_ok(crlf(kMap4x3)) == lf);
  // No final newline, trailing blank lines, width before height, extra spaces.
  CHECK(map_ok("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW.\n....") == lf);
  CHECK(map_ok("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW.\n....\n\n\r\n") == lf);
  CHECK(map_ok("type  octile\nwidth\t4\n\nheight 3\nmap\n@.GS\nOTW.\n....\n") == lf);
}

TEST_CASE("[movingai] start and goal of a map: the first passable cell, or the defaults") {
  const Level lv = map_ok("type octile\nheight 2\nwidth 3\nmap\n@@@\n@@S\n");
  CHECK(lv.start() == Cell{2, 1});
  CHECK(lv.goal() == Cell{2, 1});
  const Level walls = map_ok("type octile\nheight 2\nwidth 3\nmap\n@@@\nTTT\n");
  CHECK(walls.start() == Level(3, 2).start());
  CHECK(walls.goal() == Level(3, 2).goal());
}

TEST_CASE("[movingai] searches on a parsed map cut no corners") {
  // From (0,0) to (1,1): the diagonal passes the wall at (1,0), so it takes 2 straight steps.
  Level lv = map_ok("type octile\nheight 2\nwidth 2\nmap\n.@\n..\n");
  lv.set_start({0, 0});
  lv.set_goal({1, 1});
  BestFirstSearch s(lv);
  REQUIRE(s.run() == SearchState::Found);
  CHECK(s.path_cost() == 2.0);
  // Open on both sides: one diagonal step.
  Level open = map_ok("type octile\nheight 2\nwidth 2\nmap\n..\n..\n");
  open.set_start({0, 0});
  open.set_goal({1, 1});
  BestFirstSearch so(open);
  REQUIRE(so.run() == SearchState::Found);
  CHECK(so.path_cost() == doctest::Approx(std::sqrt(2.0)));
}

TEST_CASE("[movingai] malformed .map files: one exact message each") {
  const std::string kChars = " (passable: . G S; blocked: @ O T W)";
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTx.\n....\n") ==
        "t.map: row 1, column 2: unexpected character 'x'" + kChars);
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW.\n...#\n") ==
        "t.map: row 2, column 3: unexpected character '#'" + kChars);
  CHECK(map_error("type octile\nheight 1\nwidth 4\nmap\n@.\tS\n") ==
        "t.map: row 0, column 2: unexpected character '\\t'" + kChars);
  // A lone '\r' inside a row (CR only at the very end is a CRLF line end).
  CHECK(map_error("type octile\nheight 1\nwidth 4\nmap\n@.\rS\n") ==
        "t.map: row 0, column 2: unexpected character '\\r'" + kChars);

  // Header.
  CHECK(map_error("") == "t.map: line 1: empty file, expected 'type octile'");
  CHECK(map_error("height 3\nwidth 4\nmap\n") ==
        "t.map: line 1: expected 'type octile', got 'height 3'");
  CHECK(map_error("type tile\nheight 3\nwidth 4\nmap\n") ==
        "t.map: line 1: type: unsupported map type 'tile' (expected octile)");
  CHECK(map_error("type octile\nheight three\nwidth 4\nmap\n") ==
        "t.map: line 2: height: expected a whole number, got 'three'");
  CHECK(map_error("type octile\nheight -3\nwidth 4\nmap\n") ==
        "t.map: line 2: height: expected a whole number, got '-3'");
  CHECK(map_error("type octile\nheight 3\nwidth\nmap\n") ==
        "t.map: line 3: width: expected 'width N', got 'width'");
  CHECK(map_error("type octile\nheight 3\nheight 3\nmap\n") ==
        "t.map: line 3: height: given more than once");
  CHECK(map_error("type octile\nheight 3\ndepth 4\nmap\n") ==
        "t.map: line 3: expected 'height H', 'width W' or 'map', got 'depth 4'");
  CHECK(map_error("type octile\nheight 3\nmap\n") == "t.map: line 3: 'map' before the 'width' line");
  CHECK(map_error("type octile\nwidth 3\nmap\n") == "t.map: line 3: 'map' before the 'height' line");
  CHECK(map_error("type octile\nheight 3\nwidth 4\n") ==
        "t.map: line 4: the file ends before the 'map' line");

  // Sizes: checked (Level::check_size) before anything is allocated.
  CHECK(map_error("type octile\nheight 3\nwidth 100000\nmap\n") ==
        "t.map: line 3: width must be 1..8192, got 100000");
  CHECK(map_error("type octile\nheight 0\nwidth 4\nmap\n") ==
        "t.map: line 2: height must be 1..8192, got 0");
  CHECK(map_error("type octile\nheight 99999999999999999999999\nwidth 4\nmap\n") ==
        "t.map: line 2: height must be 1..8192, got 99999999999999999999999");
  CHECK(map_error("type octile\nheight 8192\nwidth 8192\nmap\n") ==
        "t.map: line 4: width x height must be at most 16777216 cells, got 8192 x 8192 = "
        "67108864");

  // Truncated map, rows of the wrong width, text after the rows.
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW.\n") ==
        "t.map: line 7: expected 3 rows (height), got 2 (the file ends)");
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n") ==
        "t.map: line 5: expected 3 rows (height), got 0 (the file ends)");
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW\n....\n") ==
        "t.map: row 1: expected 4 characters (width), got 3");
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW..\n....\n") ==
        "t.map: row 1: expected 4 characters (width), got 5");
  CHECK(map_error("type octile\nheight 3\nwidth 4\nmap\n@.GS\n\n....\n") ==
        "t.map: row 1: expected 4 characters (width), got 0");
  CHECK(map_error("type octile\nheight 2\nwidth 4\nmap\n@.GS\nOTW.\n....\n") ==
        "t.map: line 7: unexpected text after the 2 rows of the map: '....'");
  // A few bytes claiming 4096 x 4096 cells: the rows are checked before the level (16 M cells,
  // 160 MB) is allocated, so this is refused at once.
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(map_error("type octile\nheight 4096\nwidth 4096\nmap\n") ==
        "t.map: line 5: expected 4096 rows (height), got 0 (the file ends)");
  CHECK(map_error("type octile\nheight 4096\nwidth 4096\nmap\n" + std::string(4096, '.') + "\nx\n") ==
        "t.map: row 1: expected 4096 characters (width), got 1");
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(500));
  // The same messages with CRLF line ends.
  CHECK(map_error(crlf("type octile\nheight 3\nwidth 4\nmap\n@.GS\nOTW\n....\n")) ==
        "t.map: row 1: expected 4 characters (width), got 3");
  CHECK(map_error(crlf("type tile\n")) ==
        "t.map: line 1: type: unsupported map type 'tile' (expected octile)");
}

// [SECTION] .scen

TEST_CASE("[movingai] .scen queries: tab- or space-separated, version 1 or 1.0") {
  const std::string tabs =
      "version 1\n"
      "0\tmaps/dao/t.map\t4\t3\t1\t0\t3\t2\t3.82842712\n"
      "3\tmaps/dao/t.map\t4\t3\t3\t2\t1\t0\t3.41421\n";
  const auto q = scen_ok(tabs);
  REQUIRE(q.size() == 2);
  CHECK(q[0].line == 2);
  CHECK(q[0].bucket == 0);
  CHECK(q[0].map == "maps/dao/t.map");
  CHECK(q[0].map_width == 4);
  CHECK(q[0].map_height == 3);
  CHECK(q[0].start == Cell{1, 0});
  CHECK(q[0].goal == Cell{3, 2});
  CHECK(q[0].optimal == 3.82842712);
  CHECK(q[0].optimal_text == "3.82842712");
  CHECK(q[0].tolerance == doctest::Approx(5e-9).epsilon(1e-9));
  CHECK(q[1].line == 3);
  CHECK(q[1].bucket == 3);
  CHECK(q[1].start == Cell{3, 2});
  CHECK(q[1].goal == Cell{1, 0});
  CHECK(q[1].optimal_text == "3.41421");
  CHECK(q[1].tolerance == doctest::Approx(5e-6).epsilon(1e-9));

  const auto same = [&](const std::vector<ScenarioQuery>& other) {
    REQUIRE(other.size() == q.size());
    for (std::size_t i = 0; i < q.size(); ++i) {
      CHECK(other[i].bucket == q[i].bucket);
      CHECK(other[i].map == q[i].map);
      CHECK(other[i].start == q[i].start);
      CHECK(other[i].goal == q[i].goal);
      CHECK(other[i].optimal_text == q[i].optimal_text);
    }
  };
  // Spaces, runs of blanks, CRLF, version 1.0, blank lines (line numbers still count them).
  same(scen_ok("version 1.0\n"
               "0 maps/dao/t.map 4 3 1 0 3 2 3.82842712\n"
               "3  maps/dao/t.map \t4 3 3 2 1 0\t3.41421  \n"));
  same(scen_ok(crlf(tabs)));
  const auto blank = scen_ok("\nversion 1\n\n0 m 4 3 1 0 3 2 3.82842712\n  \n3 m 4 3 3 2 1 0 1\n\n");
  REQUIRE(blank.size() == 2);
  CHECK(blank[0].line == 4);
  CHECK(blank[1].line == 6);
  CHECK(scen_ok("version 1.00\n").empty());
  CHECK(scen_ok("version\t1\r\n").empty());
}

TEST_CASE("[movingai] malformed .scen files: one exact message each") {
  CHECK(scen_error("") == "t.scen: line 1: expected a 'version 1' line first, got the end of the file");
  CHECK(scen_error("0 m 4 3 1 0 3 2 1\n") ==
        "t.scen: line 1: expected a 'version 1' line first, got '0 m 4 3 1 0 3 2 1'");
  CHECK(scen_error("version 2\n") == "t.scen: line 1: unsupported version '2' (expected 1 or 1.0)");
  CHECK(scen_error("version 1.5\n") ==
        "t.scen: line 1: unsupported version '1.5' (expected 1 or 1.0)");
  CHECK(scen_error("version\n") == "t.scen: line 1: expected 'version 1', got 'version'");
  CHECK(scen_error("version 1 2\n") == "t.scen: line 1: expected 'version 1', got 'version 1 2'");

  const std::string fields =
      " fields separated by tabs or spaces (bucket, map, map width, map height, start x, start "
      "y, goal x, goal y, optimal length), got ";
  CHECK(scen_error("version 1\n0 m 4 3 1 0 3 2\n") == "t.scen: line 2: expected 9" + fields + "8");
  CHECK(scen_error("version 1\n0 m 4 3 1 0 3 2 1 x\n") ==
        "t.scen: line 2: expected 9" + fields + "10");
  CHECK(scen_error("version 1\n\n0 my map.map 4 3 1 0 3 2 1\n") ==
        "t.scen: line 3: expected 9" + fields + "10");

  CHECK(scen_error("version 1\n0 m 4 3 1 0 3 2 1\nb m 4 3 1 0 3 2 1\n") ==
        "t.scen: line 3: field 1 (bucket): expected a whole number >= 0, got 'b'");
  CHECK(scen_error("version 1\n0 m 4x 3 1 0 3 2 1\n") ==
        "t.scen: line 2: field 3 (map width): expected a whole number >= 0, got '4x'");
  CHECK(scen_error("version 1\n0 m 4 0 1 0 3 2 1\n") ==
        "t.scen: line 2: field 4 (map height): must be 1..8192, got '0'");
  CHECK(scen_error("version 1\n0 m 9000 3 1 0 3 2 1\n") ==
        "t.scen: line 2: field 3 (map width): must be 1..8192, got '9000'");
  CHECK(scen_error("version 1\n0\tm\t4\t3\tx\t0\t3\t2\t1\n") ==
        "t.scen: line 2: field 5 (start x): expected a whole number >= 0, got 'x'");
  CHECK(scen_error("version 1\n0 m 4 3 1 -1 3 2 1\n") ==
        "t.scen: line 2: field 6 (start y): expected a whole number >= 0, got '-1'");
  CHECK(scen_error("version 1\n0 m 4 3 1 0 4 2 1\n") ==
        "t.scen: line 2: field 7 (goal x): '4' is outside the map (width 4, so 0..3)");
  CHECK(scen_error("version 1\n0 m 4 3 1 0 3 3 1\n") ==
        "t.scen: line 2: field 8 (goal y): '3' is outside the map (height 3, so 0..2)");
  for (std::string_view bad : {"abc", "-1", "inf", "nan", "1.2.3", ".", "1e", "0x1p3", "+1"}) {
    INFO("optimal: ", bad);
    CHECK(scen_error("version 1\n0 m 4 3 1 0 3 2 " + std::string(bad) + "\n") ==
          "t.scen: line 2: field 9 (optimal length): expected a number >= 0, got '" +
              std::string(bad) + "'");
  }
}

TEST_CASE("[movingai] tolerance: half a unit in the last printed digit") {
  CHECK(movingai_tolerance("3.41421") == doctest::Approx(0.000005).epsilon(1e-12));  // 2011
  CHECK(movingai_tolerance("3.82842712") == doctest::Approx(0.000000005).epsilon(1e-12));
  CHECK(movingai_tolerance("12") == 0.5);
  CHECK(movingai_tolerance("603.764") == doctest::Approx(0.0005).epsilon(1e-12));
  CHECK(movingai_tolerance("0.00000000") == doctest::Approx(5e-9).epsilon(1e-12));
  CHECK(movingai_tolerance("1.5e2") == doctest::Approx(5.0).epsilon(1e-12));
  CHECK(movingai_tolerance("2.5e-3") == doctest::Approx(0.00005).epsilon(1e-12));
  CHECK(movingai_tolerance(".5") == doctest::Approx(0.05).epsilon(1e-12));
}

TEST_CASE("[movingai] a length matches within rounding, and the generators' short sqrt(2)") {
  const auto query = [](std::string text) {
    return scen_ok("version 1\n0 m 4 3 0 0 1 1 " + text + "\n").front();
  };
  const double r2 = std::sqrt(2.0);
  CHECK(movingai_length_matches(query("3.41421"), 2 + r2));
  CHECK(movingai_length_matches(query("3.41421356"), 2 + r2));
  CHECK(movingai_length_matches(query("12"), 12.4));
  CHECK_FALSE(movingai_length_matches(query("3.41422"), 2 + r2));  // 6.4e-6 below
  CHECK_FALSE(movingai_length_matches(query("3.41420"), 2 + r2));  // 1.4e-5 above
  CHECK_FALSE(movingai_length_matches(query("3.41421"), 2 + r2 + 1e-4));
  CHECK_FALSE(movingai_length_matches(query("3.41421"), std::numeric_limits<double>::infinity()));
  CHECK_FALSE(movingai_length_matches(query("3.41421"), std::nan("")));

  // Real queries (random512-40-0 line 1500, 8room_000 line 44): 468 straight + 96 diagonal
  // steps printed as 603.764 (%g of 468 + 96 * float(sqrt 2)), and 9 + 7 printed 18.89949493
  // (%.8f of 9 + 7 * 1.414213562). Half a unit alone refuses both true lengths.
  const double a = 468 + 96 * r2;  // 603.7645019...
  const ScenarioQuery qa = query("603.764");
  CHECK(std::fabs(a - qa.optimal) > qa.tolerance);
  CHECK(movingai_length_matches(qa, a));
  const double b = 9 + 7 * r2;  // 18.899494937
  const ScenarioQuery qb = query("18.89949493");
  CHECK(std::fabs(b - qb.optimal) > qb.tolerance);
  CHECK(movingai_length_matches(qb, b));
  // The allowance is one-sided: a length below the printed one gets rounding only.
  CHECK_FALSE(movingai_length_matches(qb, qb.optimal - 6e-9));
  // ...and far too small to accept the next longer length, 1 + ... away or a Pell near-miss:
  // 99 - 70 sqrt 2 = 0.00505.
  CHECK_FALSE(movingai_length_matches(query("98.99494937"), 99.0));
}

// [SECTION] Files

TEST_CASE("[movingai] files: load, messages naming the file, the map of a scenario") {
  TempDir dir;
  const std::string map = dir.write("a/t.map", crlf(kMap4x3));
  const std::string scen = dir.write("a/t.map.scen", "version 1\n0\tmaps/x/t.map\t4\t3\t1\t0\t3\t2\t3.82842712\n");
  auto lv = load_movingai_map(map);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  CHECK(lv.value() == map_ok(kMap4x3));
  auto q = load_movingai_scen(scen);
  REQUIRE_MESSAGE(q.ok(), (q.ok() ? "" : q.error()));
  CHECK(q.value().size() == 1);

  const std::string missing = (dir.path / "nope.map").string();
  CHECK(load_movingai_map(missing).error() == missing + ": cannot open: No such file or directory");
  CHECK(load_movingai_scen(missing + ".scen").error() ==
        missing + ".scen: cannot open: No such file or directory");
  CHECK(load_movingai_map(dir.path.string()).error() ==
        dir.path.string() + ": cannot open: Is a directory");
  const std::string bad = dir.write("bad.map", "type octile\nheight 1\nwidth 1\nmap\nx\n");
  CHECK(load_movingai_map(bad).error() ==
        bad + ": row 0, column 0: unexpected character 'x' (passable: . G S; blocked: @ O T W)");

  // The map: the scenario's name without .scen when that file exists...
  CHECK(resolve_movingai_map_path(scen, "maps/x/other.map") == map);
  // ...else the file name of the map field, in the scenario's folder.
  const std::string other = dir.write("a/other.scen", "version 1\n");
  CHECK(resolve_movingai_map_path(other, "maps/dao/den312d.map") ==
        (dir.path / "a" / "den312d.map").string());
  CHECK(resolve_movingai_map_path(other, "maps\\dao\\den312d.map") ==
        (dir.path / "a" / "den312d.map").string());
  CHECK(resolve_movingai_map_path(other, "den312d.map") ==
        (dir.path / "a" / "den312d.map").string());
  CHECK(resolve_movingai_map_path("x.scen", "maps/dao/den312d.map") == "den312d.map");
  // A folder named like the map does not count.
  fs::create_directories(dir.path / "a" / "dir.map");
  const std::string dscen = dir.write("a/dir.map.scen", "version 1\n");
  CHECK(resolve_movingai_map_path(dscen, "m/t.map") == (dir.path / "a" / "t.map").string());
}

// [SECTION] The shared benchmark files

namespace {

using test::in_ci;
fs::path shared_dir() { return test::movingai_dir(); }

// The text the scenario generators printed for a path of `straight` and `diagonal` steps, for
// the two printing conventions of the shared files; empty for other shapes of text.
std::string generator_text(long straight, long diagonal, const std::string& like) {
  const auto dot = like.find('.');
  const std::size_t decimals = dot == std::string::npos ? 0 : like.size() - dot - 1;
  std::size_t significant = 0;
  bool leading = true;
  for (char c : like) {
    if (c < '0' || c > '9') continue;
    if (c != '0') leading = false;
    if (!leading) ++significant;
  }
  char buf[64];
  if (decimals == 8 && like.find_first_of("eE") == std::string::npos) {
    // Current files: sqrt 2 as 1.414213562, 8 decimals.
    std::snprintf(buf, sizeof buf, "%.8f", static_cast<double>(straight) + diagonal * 1.414213562);
    return buf;
  }
  if (significant <= 6) {
    // 2011 files: sqrt 2 in single precision, printf's %g (6 significant digits).
    const double c = static_cast<double>(static_cast<float>(std::sqrt(2.0)));
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(straight) + diagonal * c);
    if (buf == like || decimals != 2) return buf;
    // 2011 files of two decimals (AR0041SR, bg512): %.2f.
    std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(straight) + diagonal * std::sqrt(2.0));
    return buf;
  }
  return {};
}

std::string cell_text(Cell c) {
  return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")";
}



// Runs `algorithm` on every `every`-th query of every shared scenario file and checks each length
// against the optimal one, each path's legality, and its step counts against the printed text.
void check_shared_files(Algorithm algorithm, int every) {
  const fs::path dir = shared_dir();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    const std::string why = "MovingAI files not found in " + dir.string() +
                            " (set ASTAR_MOVINGAI_DIR to their folder)";
    if (!in_ci()) MESSAGE("skipped: " << why);
    CHECK_MESSAGE(!in_ci(), "CI=true but the MovingAI files are missing: " << why);
    return;
  }
  std::vector<std::string> scens;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".scen") scens.push_back(e.path().string());
  std::sort(scens.begin(), scens.end());
  REQUIRE_MESSAGE(!scens.empty(), "no .scen file in " << dir.string());

  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  std::int64_t total = 0, total_expanded = 0, beyond_half_unit = 0;
  for (const std::string& scen_path : scens) {
    INFO("scenario file: ", scen_path);
    auto scen = load_movingai_scen(scen_path);
    REQUIRE_MESSAGE(scen.ok(), (scen.ok() ? "" : scen.error()));
    const std::vector<ScenarioQuery>& queries = scen.value();
    REQUIRE(!queries.empty());
    const std::string map_path = resolve_movingai_map_path(scen_path, queries.front().map);
    auto loaded = load_movingai_map(map_path);
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
    const Level& map_level = loaded.value();

    // The queries are independent: they run on every core (each worker with its own copy of the
    // level and its own search), and doctest sees the results in this thread.
    struct Tally {
      std::int64_t total = 0, expanded = 0, beyond = 0, failures = 0;
      std::vector<std::pair<int, std::string>> first;  // (line, what failed), up to 5
    };
    const unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    std::vector<Tally> tallies(workers);
    auto work = [&](unsigned w) {
      Tally& t = tallies[w];
      Level level = map_level;
      const std::unique_ptr<Search> searcher =
          make_search(level, movingai_rules(), {.algorithm = algorithm, .heuristic = Heuristic::Octile});
      Search& search = *searcher;
      const MovePolicy policy(level, movingai_rules());
      const auto fail = [&](const ScenarioQuery& q, const std::string& why) {
        if (++t.failures <= 5)
          t.first.emplace_back(q.line, "\n  line " + std::to_string(q.line) + ": start " + cell_text(q.start) +
                                           ", goal " + cell_text(q.goal) + ", expected " + q.optimal_text +
                                           ": " + why);
      };
      const std::size_t stride = static_cast<std::size_t>(every) * workers;
      for (std::size_t k = static_cast<std::size_t>(every) * w; k < queries.size(); k += stride) {
        const ScenarioQuery& q = queries[k];
        ++t.total;
        if (q.map_width != level.width() || q.map_height != level.height()) {
          fail(q, "map size differs from " + map_path);
          continue;
        }
        if (!level.open(q.start) || !level.open(q.goal)) {
          fail(q, "start or goal blocked");
          continue;
        }
        level.set_start(q.start);
        level.set_goal(q.goal);
        search.restart();
        const SearchState state = search.run();
        t.expanded += search.metrics().expanded;
        if (state != SearchState::Found) {
          fail(q, "outcome " + std::string(to_string(state)));
          continue;
        }
        const double cost = search.path_cost();
        char got[64];
        std::snprintf(got, sizeof got, "%.10f", cost);
        if (!movingai_length_matches(q, cost)) {
          fail(q, std::string("got ") + got);
          continue;
        }
        if (std::fabs(cost - q.optimal) > q.tolerance) ++t.beyond;
        // The path is legal and costs what the search claims...
        const std::vector<Cell> path = search.path();
        const auto legal = astar::path_cost(policy, path);
        if (!legal || std::fabs(*legal - cost) > 1e-9) {
          fail(q, std::string("the path is illegal or does not cost ") + got);
          continue;
        }
        // ...and its straight and diagonal steps reproduce the printed text exactly.
        long straight = 0, diagonal = 0;
        for (std::size_t i = 1; i < path.size(); ++i)
          (path[i].x != path[i - 1].x && path[i].y != path[i - 1].y ? diagonal : straight) += 1;
        const std::string printed = generator_text(straight, diagonal, q.optimal_text);
        if (!printed.empty() && printed != q.optimal_text)
          fail(q, std::to_string(straight) + " straight + " + std::to_string(diagonal) +
                      " diagonal steps print as " + printed);
      }
    };
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work, w);
    work(0);
    for (std::thread& th : threads) th.join();

    std::int64_t failures = 0;
    std::vector<std::pair<int, std::string>> first;
    for (const Tally& t : tallies) {
      total += t.total;
      total_expanded += t.expanded;
      beyond_half_unit += t.beyond;
      failures += t.failures;
      first.insert(first.end(), t.first.begin(), t.first.end());
    }
    std::sort(first.begin(), first.end());
    std::string first_failures;
    for (std::size_t i = 0; i < first.size() && i < 5; ++i) first_failures += first[i].second;
    CHECK_MESSAGE(failures == 0, info(algorithm).label << ", " << scen_path << ": " << failures
                                                       << " queries fail:" << first_failures);
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  MESSAGE(info(algorithm).label << " on MovingAI: " << total << " queries in " << scens.size()
                                << " files, " << total_expanded
                       << " nodes expanded, " << seconds << " s; " << beyond_half_unit
                       << " lengths beyond half a unit of rounding (the generators' sqrt 2)");
}

}  // namespace

TEST_CASE("[movingai-data] A* matches every optimal length in every shared scenario file") {
  check_shared_files(Algorithm::AStar, 1);
}

TEST_CASE("[movingai-data] JPS matches every optimal length in every shared scenario file") {
  check_shared_files(Algorithm::JumpPoint, 1);
}

TEST_CASE("[movingai-data] bidirectional A* matches every 10th query of every shared file") {
  check_shared_files(Algorithm::Bidirectional, 10);
}

TEST_CASE("[movingai] load_movingai_scenario: the queries, the first N of them, and their map") {
  TempDir dir;
  dir.write("m.map", std::string(kMap4x3));
  const std::string scen = dir.write("m.map.scen",
                                     "version 1\n"
                                     "0\tm.map\t4\t3\t1\t0\t3\t2\t3.41421356\n"
                                     "0\tm.map\t4\t3\t0\t2\t3\t2\t3\n");
  const auto all = load_movingai_scenario(scen);
  REQUIRE(all.ok());
  CHECK(all.value().queries.size() == 2);
  CHECK(all.value().map_path == dir / "m.map");
  CHECK(all.value().map.width() == 4);
  CHECK(all.value().map.wall({0, 0}));
  CHECK(all.value().map.rules() == movingai_rules());
  const auto one = load_movingai_scenario(scen, 1);
  REQUIRE(one.ok());
  CHECK(one.value().queries.size() == 1);
  // A missing map is named.
  std::filesystem::remove(dir / "m.map");
  const auto missing = load_movingai_scenario(scen);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().find("m.map") != std::string::npos);
}
