// `astar compare`: the real binary on level files written to a temp folder, each row checked
// against a search made here with astar_core. The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::test::Run;

namespace {

const fs::path& scratch() {
  static astar::test::ScratchDir d("astar-compare-tests");
  return d.path();
}

Run astar_cli(const std::vector<std::string>& args) { return astar::test::run_cli(args, scratch()); }

const std::string kWelcome = ASTAR_SOURCE_DIR "/levels/welcome.json";

std::vector<std::vector<std::string>> tsv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream l(line);
    for (std::string cell; std::getline(l, cell, '\t');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

// A search made here, run to its end: what a row must say.
std::unique_ptr<astar::Search> own_search(const astar::Level& level, astar::SearchOptions o) {
  auto s = astar::make_search(level, o);
  s->run();
  return s;
}

void check_bad(const std::vector<std::string>& args, const std::string& expected) {
  astar::test::check_refused(astar_cli(args), expected);
}

}  // namespace

TEST_CASE("compare prints a header and one tab-separated row per algorithm") {
  const Run r = astar_cli({"compare", kWelcome, "--algorithm", "astar", "--algorithm", "dijkstra",
                           "--algorithm", "greedy", "--algorithm", "bfs"});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  const auto rows = tsv(r.out);
  REQUIRE(rows.size() == 5);
  CHECK(rows[0] == std::vector<std::string>{"algorithm", "heuristic", "weight", "outcome",
                                            "iterations", "expanded", "generated", "open_peak",
                                            "cost", "cells", "ms"});
  const astar::Level level = astar::load_level(kWelcome).value();
  const char* names[] = {"astar", "dijkstra", "greedy", "bfs"};
  for (int i = 0; i < 4; ++i) {
    const auto& row = rows[static_cast<std::size_t>(i) + 1];
    REQUIRE(row.size() == 11);
    INFO("row ", names[i]);
    CHECK(row[0] == names[i]);
    const auto own = own_search(level, {.algorithm = *astar::parse_algorithm(names[i])});
    CHECK(row[1] == (astar::info(own->options().algorithm).uses_heuristic ? "octile" : "none"));
    CHECK(row[2] == "1");
    CHECK(row[3] == "found");
    CHECK(row[4] == std::to_string(own->iterations()));
    CHECK(row[5] == std::to_string(own->metrics().expanded));
    CHECK(row[6] == std::to_string(own->metrics().generated));
    CHECK(std::stoll(row[7]) >= 1);
    CHECK(std::stod(row[8]) == doctest::Approx(own->path_cost()).epsilon(1e-9));
    CHECK(row[9] == std::to_string(own->path().size()));
    CHECK(std::stod(row[10]) > 0.0);
  }
  // A* and Dijkstra agree on the cost; greedy pays for the mud.
  CHECK(rows[1][8] == rows[2][8]);
  CHECK(std::stod(rows[3][8]) > std::stod(rows[1][8]));
}

TEST_CASE("compare: per-algorithm settings, the shorthand and JSON") {
  const astar::Level level = astar::load_level(kWelcome).value();
  // Settings after an --algorithm are its own; a weight before the first goes to weighted-astar.
  const Run r = astar_cli({"compare", kWelcome, "--weight", "3", "--algorithm", "astar",
                           "--heuristic", "manhattan", "--algorithm", "weighted-astar",
                           "--algorithm", "astar", "--format", "json"});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("manhattan may overestimate") != std::string::npos);  // the run note, once
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("level") == kWelcome);
  const auto& rows = j.at("rows");
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].at("heuristic") == "manhattan");
  CHECK(rows[0].at("label") == "A* (manhattan)");
  CHECK(rows[0].at("weight") == 1);
  CHECK(rows[1].at("algorithm") == "weighted-astar");
  CHECK(rows[1].at("weight") == 3);
  CHECK(rows[2].at("heuristic") == "octile");
  const astar::SearchOptions weighted{.algorithm = astar::Algorithm::WeightedAStar, .weight = 3};
  const auto own = own_search(level, weighted);
  CHECK(rows[1].at("iterations") == own->iterations());
  CHECK(rows[1].at("cost").get<double>() == doctest::Approx(own->path_cost()).epsilon(1e-12));
  CHECK(rows[1].at("open_peak").get<int>() >= 1);
  CHECK(rows[1].at("message").is_null());
  CHECK(rows[1].at("ms").get<double>() > 0.0);

  const Run s = astar_cli({"compare", kWelcome, "--algorithms", "astar,dijkstra", "--neighbours", "4"});
  INFO("stderr: ", s.err);
  REQUIRE(s.code == 0);
  const auto t = tsv(s.out);
  REQUIRE(t.size() == 3);
  CHECK(t[1][0] == "astar");
  CHECK(t[2][0] == "dijkstra");
  CHECK(t[1][8] == t[2][8]);
  CHECK(t[1][9] != "21");  // 4 neighbours: a longer path than the 8-neighbour one
}

TEST_CASE("compare: a refused algorithm gets its row and its reason; exit codes") {
  // JPS refuses a level with costs: its row says invalid, stderr says why, exit 2.
  const Run r = astar_cli({"compare", kWelcome, "--algorithms", "jps,astar"});
  CHECK(r.code == 2);
  CHECK(r.err == "astar: " + kWelcome + ": jps: Jump Point Search needs every cell to cost 1, "
                 "but cost[6][12] is 3\n");
  const auto rows = tsv(r.out);
  REQUIRE(rows.size() == 3);
  CHECK(rows[1][3] == "invalid");
  CHECK(rows[1][8] == "none");
  CHECK(rows[2][3] == "found");

  // An iteration limit: exit 1.
  const Run limited = astar_cli({"compare", kWelcome, "--algorithms", "astar,greedy",
                                 "--max-iterations", "40"});
  CHECK(limited.code == 1);
  const auto lr = tsv(limited.out);
  REQUIRE(lr.size() == 3);
  CHECK(lr[1][3] == "iteration-limit");
  CHECK(lr[1][4] == "40");
  CHECK(lr[2][3] == "found");
}

TEST_CASE("compare: bad command lines") {
  check_bad({"compare", kWelcome, "--algorithm", "astar"}, "give 2 to 4 algorithms");
  check_bad({"compare", kWelcome, "--algorithms", "astar,bfs,greedy,dijkstra,jps"}, "got 5");
  check_bad({"compare", kWelcome, "--algorithms", "astar,nope"}, "unknown algorithm 'nope'");
  check_bad({"compare", kWelcome, "--algorithm", "astar", "--algorithm", "nope"},
            "--algorithm: unknown value 'nope'");
  check_bad({"compare", kWelcome, "--algorithm", "astar", "--algorithms", "bfs,greedy"},
            "cannot be combined");
  check_bad({"compare", kWelcome, "--algorithm", "astar", "--heuristic", "zero", "--heuristic",
             "octile", "--algorithm", "bfs"},
            "--heuristic given twice for --algorithm astar");
  check_bad({"compare", kWelcome, "--algorithm", "weighted-astar", "--weight", "0.5",
             "--algorithm", "astar", "--weight", "2"},
            "--weight: expected a finite number >= 1, got '0.5'");
  check_bad({"compare", "--algorithms", "astar,bfs"}, "missing LEVEL");
  check_bad({"compare", kWelcome, "--algorithms", "astar,bfs", "--neighbours", "4",
             "--neighbours", "8"},
            "--neighbours: given more than once");
  const Run help = astar_cli({"compare", "--help"});
  CHECK(help.code == 0);
  for (const char* s : {"--algorithm NAME", "--algorithms", "open_peak", "ms", "Exit codes"}) {
    INFO("missing from compare --help: ", s);
    CHECK(help.out.find(s) != std::string::npos);
  }
  CHECK(astar_cli({"--help"}).out.find("compare") != std::string::npos);
}
