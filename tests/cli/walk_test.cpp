// astar walk: a D* Lite agent walks one cell per move, with or without a sensor radius; rows,
// JSON, exit codes and refusals.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "cli_runner.hpp"

using astar::test::Run;

namespace {

const std::filesystem::path& tmp() {
  static astar::test::ScratchDir dir("astar-cli-walk-tests");
  return dir.path();
}

Run run_cli(const std::vector<std::string>& args) { return astar::test::run_cli(args, tmp()); }

std::string write_level(const std::string& name, const std::string& text) {
  const std::filesystem::path p = tmp() / name;
  std::ofstream(p) << text;
  return p.string();
}

std::string level_json(const std::vector<std::string>& walls, std::pair<int, int> start,
                       std::pair<int, int> goal) {
  nlohmann::json j = {{"format", "astar-studio-level"}, {"version", 1},
                      {"width", walls.front().size()},  {"height", walls.size()},
                      {"start", {start.first, start.second}},
                      {"goal", {goal.first, goal.second}},
                      {"rules", {{"neighbours", 8}}},   {"walls", walls}};
  return j.dump();
}

// A* on the level, in process: the cost the agent would walk knowing every wall.
double astar_cost(const std::string& text) {
  auto level = astar::parse_level(text, "in-process");
  REQUIRE(level.ok());
  const auto s = astar::make_search(level.value(), {.algorithm = astar::Algorithm::AStar});
  s->run();
  return s->path_cost();
}

// The data rows of the text output: each row's fields.
std::vector<std::vector<std::string>> rows_of(const std::string& out) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(out);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    if (line.find('\t') == std::string::npos) break;  // the closing line
    std::vector<std::string> fields;
    std::istringstream f(line);
    for (std::string x; std::getline(f, x, '\t');) fields.push_back(x);
    rows.push_back(fields);
  }
  return rows;
}

// A wall across the middle with a gap at the bottom: an agent that sees only 2 cells around it
// heads straight for the goal, discovers the wall, and goes round.
//
//   S . . . # . . .
//   . . . . # . . .
//   . . . . # . . G
//   . . . . . . . .
const std::vector<std::string> kWall = {"....#...", "....#...", "....#...", "........"};

}  // namespace

TEST_CASE("walk: knowing every wall, the agent walks A*'s cost, one cell per move") {
  const std::string text = level_json(kWall, {0, 0}, {7, 2});
  const std::string file = write_level("wall.json", text);
  const Run r = run_cli({"walk", file});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(r.out.rfind("move\tcell\twalls_discovered\tcells_updated\tpath_cost\n", 0) == 0);
  const auto rows = rows_of(r.out);
  REQUIRE(rows.size() >= 2);
  CHECK(rows.front()[1] == "(0,0)");
  CHECK(rows.back()[1] == "(7,2)");
  CHECK(std::stod(rows.front()[4]) == doctest::Approx(astar_cost(text)));
  CHECK(std::stod(rows.back()[4]) == 0.0);
  const std::string last = "arrived, walked cost ";
  const std::size_t at = r.out.find(last);
  REQUIRE(at != std::string::npos);
  CHECK(std::stod(r.out.substr(at + last.size())) == doctest::Approx(astar_cost(text)));
  for (const auto& row : rows) CHECK(row[2] == "0");  // nothing to discover
}

TEST_CASE("walk --sensor 2 --format json: walls discovered, repairs, arrival") {
  const std::string text = level_json(kWall, {0, 0}, {7, 2});
  const std::string file = write_level("wall.json", text);
  const Run r = run_cli({"walk", file, "--sensor", "2", "--format", "json"});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  CHECK(j.at("algorithm") == "d-star-lite");
  CHECK(j.at("sensor") == 2);
  CHECK(j.at("arrived") == true);
  const nlohmann::json& moves = j.at("moves");
  REQUIRE(moves.size() >= 2);
  CHECK(moves.front().at("cell") == nlohmann::json::array({0, 0}));
  CHECK(moves.back().at("cell") == nlohmann::json::array({7, 2}));
  int walls = 0;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    walls += moves[k].at("walls_discovered").get<int>();
    CHECK(moves[k].at("move") == k);
    if (k == 0) continue;
    // One cell per move: 8-adjacent to the cell before.
    const int ddx = moves[k].at("cell").at(0).get<int>() - moves[k - 1].at("cell").at(0).get<int>();
    const int ddy = moves[k].at("cell").at(1).get<int>() - moves[k - 1].at("cell").at(1).get<int>();
    CHECK(std::max(std::abs(ddx), std::abs(ddy)) == 1);
  }
  CHECK(walls == 3);  // every wall cell is within 2 of some cell walked past it
  // Not knowing the wall costs a detour: at least A*'s cost, which knows it.
  CHECK(j.at("walked_cost").get<double>() >= astar_cost(text) - 1e-9);
  // The first plan goes straight through the unseen wall: cheaper than the true path.
  CHECK(moves.front().at("path_cost").get<double>() < astar_cost(text));
}

TEST_CASE("walk: a goal walled off is found out on the way: exit 1, 'no path'") {
  const std::string text =
      level_json({"......###", "......#..", "......#.."}, {0, 0}, {8, 2});
  const std::string file = write_level("closed.json", text);
  const Run r = run_cli({"walk", file, "--sensor", "1"});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(r.out.size() >= 8);
  CHECK(r.out.substr(r.out.size() - 8) == "no path\n");
  const auto rows = rows_of(r.out);
  REQUIRE_FALSE(rows.empty());
  CHECK(rows.back()[4] == "none");
}

TEST_CASE("walk refuses other algorithms and a sensor shorter than a move") {
  const std::string file = write_level("wall.json", level_json(kWall, {0, 0}, {7, 2}));
  Run r = run_cli({"walk", file, "--algorithm", "astar"});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("walk needs d-star-lite") != std::string::npos);
  r = run_cli({"walk", file, "--sensor", "0"});
  CHECK(r.code == 2);
  CHECK(r.err.find("--sensor") != std::string::npos);
}
