// The command line on hex levels: `astar run` searches the six neighbours with the hex heuristic
// unless told otherwise, and refuses, by name, what hexes do not have (4 or 8 neighbours,
// diagonal rules, square heuristics, JPS, smoothing); `astar generate` makes hex levels.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "astar/level_io.hpp"
#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-hex-tests");
  return s;
}

// Pointy-top hexes, odd rows pushed right:   (0,0) (1,0) (2,0) (3,0)        top (3,0) costs 5
//                                              (0,1)  #     #   (3,1)      S (0,1), G (3,1)
//                                            (0,2) (1,2) (2,2) (3,2)        (2,2) costs 2
// The wall cuts the middle row, so every way round takes 4 steps. Over the top: (1,0), (2,0),
// (3,0), G costs 1 + 1 + 5 + 1 = 8; below: (1,2), (2,2), (3,2), G costs 1 + 2 + 1 + 1 = 5. (From
// an even row the two neighbours below are (x - 1, y + 1) and (x, y + 1), so (2,0) and (2,2)
// do not touch G.)
const char* const kHexLevel = R"({"format":"astar-studio-level","version":1,"width":4,"height":3,
 "topology":"hex-pointy-top","stagger":"odd","start":[0,1],"goal":[3,1],
 "walls":["....",".##.","...."],"cost":[[1,1,1,5],[1,1,1,1],[1,1,2,1]]})";

std::string hex_level() { return scratch().write("hex.json", kHexLevel); }

}  // namespace

TEST_CASE("[cli] run on a hex level: six neighbours, the hex heuristic, the cheapest way round") {
  for (const char* algorithm : {"astar", "dijkstra", "bidirectional", "lpa-star", "d-star-lite"}) {
    CAPTURE(algorithm);
    const Run r = scratch().run({"run", hex_level(), "--algorithm", algorithm, "--format", "json"});
    INFO("stderr: ", r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["outcome"] == "found");
    CHECK(j["cost"] == 5);
    CHECK(j["path"] == nlohmann::json::parse("[[0,1],[1,2],[2,2],[3,2],[3,1]]"));
    if (std::string(algorithm) != "dijkstra") CHECK(j["heuristic"] == "hex");
  }
}

TEST_CASE("[cli] run on a hex level refuses what hexes do not have, by name") {
  const std::string level = hex_level();
  check_refused(scratch().run({"run", level, "--neighbours", "4"}),
                "--neighbours does not apply to hex levels: every hex has six neighbours (this "
                "level is hex-pointy-top)");
  check_refused(scratch().run({"run", level, "--diagonal", "never"}),
                "--diagonal does not apply to hex levels: hexes have no diagonal steps");
  check_refused(scratch().run({"run", level, "--heuristic", "octile"}),
                "octile measures square cells");
  check_refused(scratch().run({"run", level, "--algorithm", "jps"}), "has no standard hex form");
  check_refused(scratch().run({"run", level, "--smooth"}),
                "smoothing traces lines of sight through square cells");
  check_refused(scratch().run({"compare", level, "--algorithms", "astar,dijkstra", "--neighbours", "8"}),
                "--neighbours does not apply to hex levels");
  check_refused(scratch().run({"check-heuristic", level, "--neighbours", "8"}),
                "--neighbours does not apply to hex levels");
}

TEST_CASE("[cli] check-heuristic and compare take the hex heuristic on hex levels") {
  const Run check = scratch().run({"check-heuristic", hex_level(), "--format", "json"});
  INFO("stderr: ", check.err);
  REQUIRE(check.code == 0);
  const nlohmann::json j = nlohmann::json::parse(check.out);
  CHECK(j["heuristic"] == "hex");
  const Run cmp = scratch().run({"compare", hex_level(), "--algorithms", "astar,dijkstra", "--format", "json"});
  INFO("stderr: ", cmp.err);
  REQUIRE(cmp.code == 0);
  for (const auto& row : nlohmann::json::parse(cmp.out)["rows"]) CHECK(row["cost"] == 5);
}

TEST_CASE("[cli] generate --topology makes hex levels") {
  const std::string out = (scratch().path() / "maze.json").string();
  const Run r = scratch().run({"generate", "maze-backtracker", "--size", "15x11", "--topology",
                               "hex-flat-top", "--stagger", "even", "-o", out});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  const auto lv = astar::load_level(out);
  REQUIRE(lv.ok());
  CHECK(lv.value().topology() == astar::Topology::HexFlatTop);
  CHECK(lv.value().hex_stagger() == astar::HexStagger::Even);
  CHECK(lv.value().name.find("--topology hex-flat-top --stagger even") != std::string::npos);
  check_refused(scratch().run({"generate", "obstacles", "--topology", "hexagons"}),
                "--topology: expected square, hex-pointy-top or hex-flat-top, got 'hexagons'");
}
