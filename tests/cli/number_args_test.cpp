// Every number an `astar` command reads (app/cli/number_args.hpp) refused with its option's own
// message, one row per reader and kind of bad text (empty, trailing text, a sign, out of the
// type's range, NaN and infinities), and the forms each accepts. The real binary; the doctest
// main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <stb_image_write.h>  // the implementation is compiled into libstb

#include <cstdint>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-number-tests");
  return s;
}

const std::string kLessons = std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/";
const std::string kLevel = kLessons + "01-four-searches.json";
const std::string kJumps = kLessons + "12-terrain-jumps.json";
const std::string kShapes = kLessons + "08-raycast-shapes.json";
const std::string kBug = kLessons + "13-find-the-bug.json";
const std::string kBugTrace = kLessons + "13-find-the-bug.trace.jsonl";

// A 4 x 2 grey ramp for `astar import`.
std::string ramp_png() {
  const std::vector<std::uint8_t> px{0, 60, 180, 255, 0, 60, 180, 255};
  const std::string path = (scratch().path() / "ramp.png").string();
  REQUIRE(stbi_write_png(path.c_str(), 4, 2, 1, px.data(), 4));
  return path;
}

// A 2 x 1 Tiled map for `astar import --walls / --costs / --heights tiles:...`.
std::string town_tmj() {
  return scratch().write("town.tmj", R"({"type": "map", "orientation": "orthogonal",
    "width": 2, "height": 1, "infinite": false,
    "layers": [{"type": "tilelayer", "name": "Ground", "width": 2, "height": 1, "data": [1, 2]}],
    "tilesets": [{"firstgid": 1, "tilecount": 2}]})");
}

std::string shown(const std::vector<std::string>& args) {
  std::string out = "astar";
  for (const std::string& a : args) out += " '" + a + "'";
  return out;
}

struct Refusal {
  std::vector<std::string> args;
  std::string message;  // stderr's one line, after "astar: "
};

}  // namespace

TEST_CASE("[cli] a bad number is refused with its option's message") {
  const std::string png = ramp_png();
  const std::string tmj = town_tmj();
  const std::string out_png = (scratch().path() / "out.png").string();
  const std::string too_large = "is too large (at most 9223372036854775807)";
  const std::string export_help = " (see 'astar export --help')";
  const std::vector<std::string> weighted = {"run", kLevel, "--algorithm", "weighted-astar"};
  auto weight = [&](const std::string& w) {
    std::vector<std::string> a = weighted;
    a.push_back("--weight=" + w);
    return a;
  };
  // import's messages: "import: " before, the help's name after.
  auto imported = [](std::vector<std::string> args, const std::string& message) {
    args.insert(args.begin(), "import");
    return Refusal{args, "import: " + message + " (see 'astar import --help')"};
  };
  const std::vector<Refusal> rows = {
      // Whole numbers >= 1 (parse_positive_int).
      {{"run", kLevel, "--max-iterations", "12x"},
       "--max-iterations: expected a whole number >= 1, got '12x'"},
      {{"run", kLevel, "--max-iterations", "+5"},
       "--max-iterations: expected a whole number >= 1, got '+5'"},
      {{"run", kLevel, "--max-iterations=-3"},
       "--max-iterations: expected a whole number >= 1, got '-3'"},
      {{"run", kLevel, "--max-iterations", "9223372036854775808"},
       "--max-iterations: value '9223372036854775808' " + too_large},
      {{"trace", kLevel, "--max-events", "0"},
       "--max-events: expected a whole number >= 1, got '0'"},
      {{"bench", kLevel, "--limit", "1x"}, "--limit: expected a whole number >= 1, got '1x'"},
      // Finite numbers, >= 1 and > 0.
      {weight("nan"), "--weight: expected a finite number >= 1, got 'nan'"},
      {weight("-inf"), "--weight: expected a finite number >= 1, got '-inf'"},
      {weight("1e999"), "--weight: expected a finite number >= 1, got '1e999'"},
      {weight("+2"), "--weight: expected a finite number >= 1, got '+2'"},
      {weight("2e"), "--weight: expected a finite number >= 1, got '2e'"},
      {{"check-trace", kBug, kBugTrace, "--cost-scale", "0"},
       "--cost-scale: expected a finite number > 0, got '0'"},
      {{"check-trace", kBug, kBugTrace, "--cost-scale", "inf"},
       "--cost-scale: expected a finite number > 0, got 'inf'"},
      {{"check-trace", kBug, kBugTrace, "--cost-scale", "1e-400"},
       "--cost-scale: expected a finite number > 0, got '1e-400'"},
      {{"check-trace", kBug, kBugTrace, "--cost-scale=2x"},
       "--cost-scale: expected a finite number > 0, got '2x'"},
      // The movement rules' whole numbers and the agent's radius.
      {{"run", kJumps, "--max-drop", "99999999999999999999"},
       "--max-drop: expected a whole number 0..2000000 or 'any', got '99999999999999999999'"},
      {{"run", kJumps, "--jump-down", "+1"},
       "--jump-down: expected a whole number 0..1000, got '+1'"},
      {{"run", kJumps, "--jump-gap="}, "--jump-gap: expected a whole number 0..64, got ''"},
      {{"run", kShapes, "--agent-radius", "1e400"},
       "--agent-radius: expected a number, got '1e400'"},
      {{"run", kShapes, "--agent-radius", "0.5m"}, "--agent-radius: expected a number, got '0.5m'"},
      // Shape indices.
      {{"run", kShapes, "--ignore-shapes", "-1"},
       "--ignore-shapes: expected shape indices such as 0,2, got '-1'"},
      {{"run", kShapes, "--ignore-shapes", "0,4294967296"},
       "--ignore-shapes: expected shape indices such as 0,2, got '0,4294967296'"},
      {{"run", kShapes, "--ignore-shapes", ","},
       "--ignore-shapes: expected shape indices such as 0,2, got ','"},
      // export's pixels per cell.
      {{"export", kLevel, "-o", out_png, "--cell-px", "2.5"},
       "export: --cell-px: expected a whole number 1..16, got '2.5'" + export_help},
      {{"export", kLevel, "-o", out_png, "--cell-px", "99999999999"},
       "export: --cell-px: expected a whole number 1..16, got '99999999999'" + export_help},
      // import's threshold, range and tile tables.
      imported({png, "--threshold", "x"}, "--threshold: expected a whole number 0..256, got 'x'"),
      imported({png, "--threshold", "nan"},
               "--threshold: expected a whole number 0..256, got 'nan'"),
      imported({png, "--threshold", "1.5"},
               "--threshold: expected a whole number 0..256, got '1.5'"),
      imported({png, "--mode", "costs", "--range", "1-3"}, "--range: expected MIN..MAX, got '1-3'"),
      imported({png, "--mode", "costs", "--range", "1..inf"},
               "--range: expected MIN..MAX, got '1..inf'"),
      imported({png, "--mode", "heights", "--range=-5..5.5"},
               "--range: heights need whole numbers MIN..MAX, got '-5..5.5'"),
      imported({tmj, "--walls", "tiles:1,-1"},
               "--walls: expected tiles:GID,GID,... (whole numbers), got '-1'"),
      imported({tmj, "--walls", "tiles:4294967296"},
               "--walls: expected tiles:GID,GID,... (whole numbers), got '4294967296'"),
      imported({tmj, "--costs", "tiles:1=2,x=3"},
               "--costs: expected tiles:GID=VALUE,GID=VALUE,..., got 'x=3'"),
      imported({tmj, "--costs", "tiles:1=2,2=nan"},
               "--costs: expected tiles:GID=VALUE,GID=VALUE,..., got '2=nan'"),
      imported({tmj, "--heights", "tiles:2=1e400"},
               "--heights: expected tiles:GID=VALUE,GID=VALUE,..., got '2=1e400'"),
  };
  for (const Refusal& row : rows) {
    INFO(shown(row.args));
    const Run r = scratch().run(row.args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "astar: " + row.message + "\n");
  }
}

TEST_CASE("[cli] the number forms each reader accepts") {
  const std::string png = ramp_png();
  const std::string tmj = town_tmj();
  const std::vector<std::vector<std::string>> accepted = {
      {"run", kLevel, "--max-iterations", "9223372036854775807"},
      {"run", kLevel, "--algorithm", "weighted-astar", "--weight", ".5e1"},
      {"run", kLevel, "--algorithm", "weighted-astar", "--weight", "2."},
      {"run", kLevel, "--algorithm", "weighted-astar", "--weight", "1E1"},
      {"run", kJumps, "--max-climb", "2000000", "--jump-gap", "0"},
      {"run", kShapes, "--agent-radius", "4e-1", "--ignore-shapes", "0,12"},
      {"import", png, "--threshold", "1e2"},
      {"import", png, "--mode", "heights", "--range=-5e0..5"},
      {"import", tmj, "--walls", "tiles:1", "--costs", "tiles:2=2.5e0"},
  };
  for (const std::vector<std::string>& args : accepted) {
    INFO(shown(args));
    const Run r = scratch().run(args);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
  }
  const Run scaled = scratch().run({"check-trace", kBug, kBugTrace, "--cost-scale", "1e0"});
  CHECK(scaled.code == 1);  // the trace's bug found: the scale was read
  CHECK(scaled.err.empty());
}
