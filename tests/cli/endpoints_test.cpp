// `astar run` and `astar trace` with --start X,Y and --goal X,Y: the query over the level's own
// start and goal, a MovingAI .map opened on one query of its .scen file (the optimal length, as
// bench checks it), and bad values refused with the option named. The doctest main is in
// cli_test.cpp.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "astar/movingai.hpp"
#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-endpoint-tests");
  return s;
}

Run astar_cli(const std::vector<std::string>& args) { return scratch().run(args); }

// S . . . .
// . # # # .     5 x 3, 4 neighbours; (2, 0) and (2, 2) are 4 moves apart round the wall
// . . . . G
const char* const kLevel = R"({"format":"astar-studio-level","version":1,"width":5,"height":3,
 "start":[0,0],"goal":[4,2],"rules":{"neighbours":4},"walls":[".....",".###.","....."]})";

// `astar run ARGS... --format json`, which must find a path.
nlohmann::json run_json(std::vector<std::string> args) {
  args.insert(args.begin(), "run");
  args.insert(args.end(), {"--format", "json"});
  const Run r = astar_cli(args);
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  return nlohmann::json::parse(r.out);
}

// The last line of `astar trace`: "# outcome found, cost C, N iterations".
std::string trace_outcome(const std::vector<std::string>& args) {
  const Run r = astar_cli(args);
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  const std::string out = r.out.substr(0, r.out.size() - 1);
  return out.substr(out.rfind('\n') + 1);
}

}  // namespace

TEST_CASE("run --start/--goal search from and to the cells given, over the level's own") {
  const std::string level = scratch().write("level.json", kLevel);
  const nlohmann::json own = run_json({level});
  CHECK(own["path"].front() == nlohmann::json::parse("[0,0]"));
  CHECK(own["cost"] == 6);

  const nlohmann::json both = run_json({level, "--start", "2,0", "--goal", "2,2"});
  CHECK(both["path"].front() == nlohmann::json::parse("[2,0]"));
  CHECK(both["path"].back() == nlohmann::json::parse("[2,2]"));
  CHECK(both["cost"] == 6);  // round the wall: 2 left or right, 2 down, 2 back

  // One alone keeps the level's other endpoint; --option=VALUE works too.
  const nlohmann::json start = run_json({level, "--start=4,0"});
  CHECK(start["path"].front() == nlohmann::json::parse("[4,0]"));
  CHECK(start["path"].back() == nlohmann::json::parse("[4,2]"));
  CHECK(start["cost"] == 2);
  const nlohmann::json goal = run_json({level, "--goal", "0,2"});
  CHECK(goal["path"].back() == nlohmann::json::parse("[0,2]"));
  CHECK(goal["cost"] == 2);
  // Start and goal on one cell: found, cost 0.
  CHECK(run_json({level, "--start", "3,2", "--goal", "3,2"})["cost"] == 0);
}

TEST_CASE("trace --start/--goal traces the query given") {
  const std::string level = scratch().write("level.json", kLevel);
  const Run r = astar_cli({"trace", level, "--start", "2,0", "--goal", "2,2", "--max-events", "1"});
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(r.out.rfind("1  took (2, 0): ", 0) == 0);
  CHECK(trace_outcome({"trace", level, "--start", "4,0", "--goal", "4,2"}) ==
        "# outcome found, cost 2, 3 iterations");
}

TEST_CASE("run and trace refuse a bad --start or --goal, naming the option") {
  const std::string level = scratch().write("level.json", kLevel);
  for (const std::string command : {"run", "trace"}) {
    CAPTURE(command);
    const std::string expected = ": expected X,Y (the column and the row, whole numbers from 0)";
    check_refused(astar_cli({command, level, "--start", "2;0"}),
                  "--start" + expected + ", got '2;0'");
    check_refused(astar_cli({command, level, "--goal", "7"}), "--goal" + expected + ", got '7'");
    check_refused(astar_cli({command, level, "--goal"}), "--goal: missing value");
    check_refused(astar_cli({command, level, "--start", "5,0"}),
                  level + ": --start (5, 0) is outside the level (0, 0)-(4, 2) (the level is 5 x 3 "
                          "cells)");
    check_refused(astar_cli({command, level, "--goal", "0,-1"}),
                  level + ": --goal (0, -1) is outside the level (0, 0)-(4, 2)");
    check_refused(astar_cli({command, level, "--start", "0,0", "--goal", "2,1"}),
                  level + ": --goal (2, 1) is inside a wall");
    check_refused(astar_cli({command, level, "--start", "1,2", "--start", "2,2"}),
                  "--start: given more than once");
  }
  // The other commands that search a level do not take them.
  check_refused(astar_cli({"check-heuristic", level, "--start", "2,0"}),
                "unknown option '--start'");
}

TEST_CASE("run --help and trace --help document --start and --goal") {
  for (const std::string command : {"run", "trace"}) {
    CAPTURE(command);
    const Run h = astar_cli({command, "--help"});
    CHECK(h.code == 0);
    CHECK(h.out.find("astar " + command + " LEVEL [--start X,Y] [--goal X,Y]") !=
          std::string::npos);
    CHECK(h.out.find("  --start X,Y ") != std::string::npos);
    CHECK(h.out.find("  --goal X,Y ") != std::string::npos);
    CHECK(h.out.find("MovingAI .map") != std::string::npos);
  }
}

TEST_CASE("a MovingAI .map opened with --start/--goal gives its .scen file's optimal length") {
  for (const char* name : {"den312d.map", "Berlin_0_512.map"}) {
    CAPTURE(name);
    const auto map = astar::test::shared_movingai_file(name);
    const auto scen = astar::test::shared_movingai_file(std::string(name) + ".scen");
    if (!map || !scen) continue;
    const auto queries = astar::load_movingai_scen(scen->string());
    REQUIRE(queries.ok());
    // The first query, and the last (the longest bucket).
    for (const astar::ScenarioQuery& q : {queries.value().front(), queries.value().back()}) {
      CAPTURE(q.line);
      const std::string start = std::to_string(q.start.x) + "," + std::to_string(q.start.y);
      const std::string goal = std::to_string(q.goal.x) + "," + std::to_string(q.goal.y);
      const nlohmann::json r = run_json({map->string(), "--start", start, "--goal", goal});
      CHECK(r["path"].front() == nlohmann::json::array({q.start.x, q.start.y}));
      CHECK(r["path"].back() == nlohmann::json::array({q.goal.x, q.goal.y}));
      const double cost = r["cost"].get<double>();
      CAPTURE(cost);
      CHECK(astar::movingai_length_matches(q, cost));
      // trace finds the same cost (its events left out but the first; the search runs on).
      const Run text = astar_cli({"run", map->string(), "--start", start, "--goal", goal});
      const std::string cost_line = text.out.substr(text.out.find("\ncost: ") + 7);
      const std::string cost_text = cost_line.substr(0, cost_line.find('\n'));
      const std::string outcome = trace_outcome(
          {"trace", map->string(), "--start", start, "--goal", goal, "--max-events", "1"});
      CHECK(outcome.rfind("# outcome found, cost " + cost_text + ", ", 0) == 0);
    }
    // A map has no start or goal of its own: both are needed.
    check_refused(astar_cli({"run", map->string(), "--start", "1,1"}),
                  ": a MovingAI map has no start or goal of its own: give --start X,Y and "
                  "--goal X,Y");
    check_refused(astar_cli({"trace", map->string()}), "give --start X,Y and --goal X,Y");
  }
}
