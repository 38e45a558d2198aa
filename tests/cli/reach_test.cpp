// astar reach: the movement range on the command line. Text and JSON against core's
// movement_range() in process, on square and hex levels and a MovingAI map, a rule override, the
// help, and bad input (exit 2, the option named).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/movingai.hpp"
#include "astar/reach.hpp"
#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-reach-tests");
  return s;
}

// A level with costs: a wall with a gap, a dear column and a cheap row.
//   . . # . . .
//   . . # . . .
//   . . . . . .
//   . . # . . .
std::string level_text(const std::string& topology = "") {
  nlohmann::json j = {{"format", "astar-studio-level"},
                      {"version", 1},
                      {"width", 6},
                      {"height", 4},
                      {"start", {0, 0}},
                      {"goal", {5, 3}},
                      {"walls", {"..#...", "..#...", "......", "..#..."}},
                      {"cost",
                       {{1, 1, 1, 3, 1, 1}, {1, 2.5, 1, 3, 1, 1}, {0.5, 0.5, 0.5, 3, 1, 1},
                        {1, 1, 1, 3, 1, 1}}}};
  if (!topology.empty()) {
    j["topology"] = topology;
    j["stagger"] = "even";
  } else {
    j["rules"] = {{"neighbours", 8}, {"diagonal", "always"}};
  }
  return j.dump();
}

astar::MovementRange core_range(const std::string& text, astar::Cell from, double budget,
                                std::optional<astar::Neighbours> n = std::nullopt) {
  auto level = astar::parse_level(text, "in-process");
  REQUIRE(level.ok());
  astar::MovementRules rules = level.value().rules();
  if (n) rules.neighbours = *n;
  auto r = astar::movement_range(level.value(), rules, from, budget);
  REQUIRE(r.ok());
  return r.value();
}

// The JSON output equals core's range: cells in order with their costs (the same doubles) and
// parents, and the border.
void check_json(const std::string& out, const astar::MovementRange& r) {
  const nlohmann::json j = nlohmann::json::parse(out);
  CHECK(j["from"]["x"] == r.from.x);
  CHECK(j["from"]["y"] == r.from.y);
  CHECK(j["budget"].get<double>() == r.budget);
  REQUIRE(j["cells"].size() == r.cells.size());
  for (std::size_t k = 0; k < r.cells.size(); ++k) {
    const nlohmann::json& c = j["cells"][k];
    CHECK(c["x"] == r.cells[k].cell.x);
    CHECK(c["y"] == r.cells[k].cell.y);
    CHECK(c["cost"].get<double>() == r.cells[k].cost.value());
    if (r.cells[k].parent) {
      CHECK(c["parent"]["x"] == r.cells[k].parent->x);
      CHECK(c["parent"]["y"] == r.cells[k].parent->y);
    } else {
      CHECK(c["parent"].is_null());
    }
  }
  REQUIRE(j["border"].size() == r.border.size());
  for (std::size_t k = 0; k < r.border.size(); ++k) {
    CHECK(j["border"][k]["x"] == r.border[k].x);
    CHECK(j["border"][k]["y"] == r.border[k].y);
  }
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("reach: the text lists the range's cells, cheapest first, with costs and parents") {
  const std::string text = level_text();
  const std::string file = scratch().write("costs.json", text);
  const Run r = scratch().run({"reach", file, "--from", "1,2", "--budget", "2.5"});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  const astar::MovementRange range = core_range(text, {1, 2}, 2.5);
  const std::vector<std::string> lines = lines_of(r.out);
  REQUIRE(lines.size() == range.cells.size() + 2);
  CHECK(lines[0] == "range from (1,2), budget 2.5: " + std::to_string(range.cells.size()) +
                        " cells, " + std::to_string(range.border.size()) + " on the border");
  CHECK(lines[1] == "cell\tcost\tparent\tborder");
  CHECK(lines[2] == "(1,2)\t0\t-\t" +
                        std::string(range.border.front() == astar::Cell{1, 2} ? "yes" : "no"));
  std::size_t on_border = 0;
  for (std::size_t k = 0; k < range.cells.size(); ++k) {
    const astar::RangeCell& c = range.cells[k];
    std::istringstream row(lines[k + 2]);
    std::string cell, cost, parent, border;
    std::getline(row, cell, '\t');
    std::getline(row, cost, '\t');
    std::getline(row, parent, '\t');
    std::getline(row, border, '\t');
    CHECK(cell == "(" + std::to_string(c.cell.x) + "," + std::to_string(c.cell.y) + ")");
    CHECK(std::abs(std::stod(cost) - c.cost.value()) <= 1e-9 * std::max(1.0, c.cost.value()));
    CHECK(parent == (c.parent ? "(" + std::to_string(c.parent->x) + "," +
                                    std::to_string(c.parent->y) + ")"
                              : std::string("-")));
    on_border += border == "yes";
  }
  CHECK(on_border == range.border.size());
}

TEST_CASE("reach: JSON on squares, hexes of both orientations and a MovingAI map") {
  SUBCASE("square, 8 neighbours, and --neighbours 4 over it") {
    const std::string text = level_text();
    const std::string file = scratch().write("square.json", text);
    const Run r =
        scratch().run({"reach", file, "--from", "0,0", "--budget", "4", "--format", "json"});
    REQUIRE(r.code == 0);
    check_json(r.out, core_range(text, {0, 0}, 4.0));
    CHECK(nlohmann::json::parse(r.out)["topology"] == "square");
    const Run four = scratch().run(
        {"reach", file, "--from", "0,0", "--budget", "4", "--format", "json", "--neighbours", "4"});
    REQUIRE(four.code == 0);
    check_json(four.out, core_range(text, {0, 0}, 4.0, astar::Neighbours::Four));
    CHECK(four.out != r.out);  // 4 neighbours reach fewer cells for the same budget
  }
  for (const std::string topology : {"hex-pointy-top", "hex-flat-top"}) {
    SUBCASE(topology.c_str()) {
      const std::string text = level_text(topology);
      const std::string file = scratch().write(topology + ".json", text);
      const Run r =
          scratch().run({"reach", file, "--from", "1,2", "--budget", "3.5", "--format", "json"});
      INFO("stderr: ", r.err);
      REQUIRE(r.code == 0);
      check_json(r.out, core_range(text, {1, 2}, 3.5));
      CHECK(nlohmann::json::parse(r.out)["topology"] == topology);
    }
  }
  SUBCASE("a MovingAI map: --from is all it needs") {
    const std::string map = "type octile\nheight 3\nwidth 4\nmap\n.@..\n....\n..@.\n";
    const std::string file = scratch().write("small.map", map);
    const Run r =
        scratch().run({"reach", file, "--from", "0,0", "--budget", "2", "--format", "json"});
    INFO("stderr: ", r.err);
    REQUIRE(r.code == 0);
    auto level = astar::parse_movingai_map(map, "small.map");
    REQUIRE(level.ok());
    auto range = astar::movement_range(level.value(), {0, 0}, 2.0);
    REQUIRE(range.ok());
    check_json(r.out, range.value());
    // A map has no start, so --from is not optional there.
    const Run no_from = scratch().run({"reach", file, "--budget", "2"});
    CHECK(no_from.code == 2);
    CHECK(no_from.err.find(file + ": a MovingAI map has no start of its own: give --from X,Y") !=
          std::string::npos);
  }
}

TEST_CASE("reach: --from defaults to the level's start, --budget to its search.budget") {
  nlohmann::json j = nlohmann::json::parse(level_text("hex-pointy-top"));
  const std::string plain = scratch().write("defaults.json", j.dump());
  j["search"] = {{"algorithm", "dijkstra"}, {"budget", 2.5}};
  const std::string preset = scratch().write("defaults-preset.json", j.dump());
  const Run given =
      scratch().run({"reach", plain, "--from", "0,0", "--budget", "2.5", "--format", "json"});
  REQUIRE(given.code == 0);
  check_json(given.out, core_range(j.dump(), {0, 0}, 2.5));
  const Run no_from = scratch().run({"reach", plain, "--budget", "2.5", "--format", "json"});
  CHECK(no_from.code == 0);
  CHECK(no_from.out == given.out);  // the start is (0, 0)
  const Run from_preset = scratch().run({"reach", preset, "--format", "json"});
  CHECK(from_preset.code == 0);
  CHECK(from_preset.out == given.out);
  // A budget on the command line wins over the level's.
  const Run wins = scratch().run({"reach", preset, "--budget", "4", "--format", "json"});
  REQUIRE(wins.code == 0);
  check_json(wins.out, core_range(j.dump(), {0, 0}, 4.0));
  CHECK(wins.out != given.out);
}

TEST_CASE("run: a level whose preset is a movement range completes it, exit 0") {
  nlohmann::json j = nlohmann::json::parse(level_text("hex-pointy-top"));
  j["search"] = {{"algorithm", "dijkstra"}, {"budget", 2.5}};
  const std::string file = scratch().write("run-range.json", j.dump());
  const Run r = scratch().run({"run", file, "--format", "json"});
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  const nlohmann::json out = nlohmann::json::parse(r.out);
  CHECK(out["outcome"] == "range-complete");
  // One iteration per cell of the range: Dijkstra takes each once and stops.
  CHECK(out["iterations"].get<std::size_t>() == core_range(j.dump(), {0, 0}, 2.5).cells.size());
  // Another algorithm on the command line searches for the goal instead (the budget is the
  // preset's Dijkstra's).
  const Run astar = scratch().run({"run", file, "--algorithm", "astar", "--format", "json"});
  CHECK(astar.code == 0);
  CHECK(nlohmann::json::parse(astar.out)["outcome"] == "found");
}

TEST_CASE("reach: bad input is refused with the option named") {
  const std::string file = scratch().write("bad.json", level_text());
  const auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args{"reach", file};
    args.insert(args.end(), extra.begin(), extra.end());
    return scratch().run(args);
  };
  check_refused(run({"--from", "0,0"}),
                "reach: missing --budget B (its movement points; " + file + " sets no search.budget)");
  check_refused(run({"--from", "0,0", "--budget", "nan"}),
                "--budget: expected a finite number >= 0, got 'nan'");
  check_refused(run({"--from", "0,0", "--budget", "inf"}),
                "--budget: expected a finite number >= 0, got 'inf'");
  check_refused(run({"--from", "0,0", "--budget", "-1"}),
                "--budget: expected a finite number >= 0, got '-1'");
  check_refused(run({"--from", "0,0", "--budget", "two"}),
                "--budget: expected a finite number >= 0, got 'two'");
  check_refused(run({"--from", "0;0", "--budget", "3"}), "--from: expected X,Y");
  check_refused(run({"--from", "9,1", "--budget", "3"}),
                file + ": --from (9, 1) is outside the level (0, 0)-(5, 3) (the level is 6 x 4 "
                       "cells)");
  check_refused(run({"--from", "2,0", "--budget", "3"}), file + ": --from (2, 0) is inside a wall");
  check_refused(run({"--from", "0,0", "--budget", "3", "--format", "yaml"}),
                "--format: unknown value 'yaml'");
  check_refused(run({"--from", "0,0", "--budget", "3", "--algorithm", "astar"}),
                "unknown option '--algorithm'");
  check_refused(scratch().run({"reach", "--from", "0,0", "--budget", "3"}), "reach: missing LEVEL");
  check_refused(scratch().run({"reach", (scratch().path() / "none.json").string(), "--from", "0,0",
                               "--budget", "3"}),
                "none.json");
}

TEST_CASE("reach: square-grid rules are refused on hex levels, naming the option") {
  const std::string file = scratch().write("hex-rules.json", level_text("hex-flat-top"));
  const auto run = [&](const std::string& option, const std::string& value) {
    return scratch().run({"reach", file, "--from", "0,0", "--budget", "3", option, value});
  };
  check_refused(run("--neighbours", "4"), file + ": --neighbours does not apply to hex levels");
  check_refused(run("--diagonal", "never"), file + ": --diagonal does not apply to hex levels");
}

TEST_CASE("reach: --help documents it, and astar --help lists it") {
  const Run h = scratch().run({"reach", "--help"});
  REQUIRE(h.code == 0);
  for (const char* s : {"--from X,Y", "--budget B", "--format", "--neighbours", "--max-climb",
                        "1 + sqrt 2 is within 2.5"})
    CHECK_MESSAGE(h.out.find(s) != std::string::npos, s);
  const Run all = scratch().run({"--help"});
  CHECK(all.out.find("  reach ") != std::string::npos);
  CHECK(all.out.find("astar reach LEVEL [--from X,Y] [--budget B]") != std::string::npos);
}
