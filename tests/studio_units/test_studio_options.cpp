// The studio's command line (app/studio/options.hpp), parsed through its table of options as
// astar-studio parses argv: --start and --goal (and --focus, which reads cells the same way),
// --range, and CBS's --units cbs, --cbs-nodes, --cbs-select and --cbs-choice.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "files/options.hpp"

using astar::Cell;

namespace {

// parse_options on "astar-studio ARGS...".
astar::Result<studio::Options> parse(std::initializer_list<const char*> args) {
  std::vector<const char*> argv{"astar-studio"};
  argv.insert(argv.end(), args.begin(), args.end());
  return studio::parse_options(static_cast<int>(argv.size()), argv.data());
}

std::string error_of(std::initializer_list<const char*> args) {
  const auto r = parse(args);
  return r.ok() ? std::string("(accepted)") : r.error();
}

}  // namespace

TEST_CASE("[studio options] --start X,Y and --goal X,Y: column, then row") {
  const auto both = parse({"maze.map", "--start", "3,4", "--goal", "10,2"});
  REQUIRE(both.ok());
  CHECK(both.value().level_path == "maze.map");
  CHECK(both.value().endpoints.start == Cell{3, 4});
  CHECK(both.value().endpoints.goal == Cell{10, 2});

  const auto one = parse({"--goal", "0,7", "level.json"});
  REQUIRE(one.ok());
  CHECK_FALSE(one.value().endpoints.start.has_value());
  CHECK(one.value().endpoints.goal == Cell{0, 7});
  CHECK(one.value().level_path == "level.json");

  const auto none = parse({"level.json"});
  REQUIRE(none.ok());
  CHECK_FALSE(none.value().endpoints.any());
  // Outside and in walls are the level's to say, once it is open (core's check_endpoint_args).
  CHECK(parse({"--start", "-1,500"}).value().endpoints.start == Cell{-1, 500});
}

TEST_CASE("[studio options] a bad --start or --goal is refused, naming the option") {
  const std::string expected =
      ": expected X,Y (the column and the row, whole numbers from 0), got '";
  CHECK(error_of({"--start", "3;4"}) == "--start" + expected + "3;4'");
  CHECK(error_of({"--goal", "10"}) == "--goal" + expected + "10'");
  CHECK(error_of({"--goal", "1,2,3"}) == "--goal" + expected + "1,2,3'");
  CHECK(error_of({"--start", "a,b", "level.json"}) == "--start" + expected + "a,b'");
  CHECK(error_of({"level.json", "--start"}) == "--start: missing value (X,Y)");
  CHECK(error_of({"level.json", "--goal"}) == "--goal: missing value (X,Y)");
}

TEST_CASE("[studio options] --focus reads a cell the same way, from 0") {
  CHECK(parse({"--focus", "12,7"}).value().focus == Cell{12, 7});
  CHECK(error_of({"--focus", "12;7"}) ==
        "--focus: expected X,Y (the column and the row, whole numbers from 0), got '12;7'");
  CHECK(error_of({"--focus", "-1,7"}) == "--focus: expected a cell X,Y, got '-1,7'");
}

TEST_CASE("[studio options] --help lists --start and --goal") {
  const std::string help = studio::usage();
  CHECK(help.find("  --start X,Y") != std::string::npos);
  CHECK(help.find("  --goal X,Y") != std::string::npos);
  CHECK(help.find("MovingAI") != std::string::npos);
}

TEST_CASE("[studio options] --range B: the movement range's budget, a number >= 0") {
  CHECK_FALSE(parse({"level.json"}).value().range.has_value());
  CHECK(parse({"level.json", "--range", "4.5"}).value().range == 4.5);
  CHECK(parse({"--range", "0"}).value().range == 0.0);
  CHECK(error_of({"--range", "-1"}).find("--range") == 0);
  CHECK(error_of({"--range", "-1"}).find("movement points 0..1000000000") != std::string::npos);
  CHECK(error_of({"--range", "nan"}).find("movement points") != std::string::npos);
  CHECK(error_of({"--range"}) == "--range: missing value");
  CHECK(studio::usage().find("  --range B") != std::string::npos);
}

TEST_CASE("[studio options] CBS: --units cbs, --cbs-nodes, --cbs-select, --cbs-choice") {
  const auto o = parse({"level.json", "--units", "cbs", "--cbs-nodes", "3", "--cbs-select", "5", "--cbs-choice", "first"});
  REQUIRE(o.ok());
  CHECK(o.value().units_planner == "cbs");
  CHECK(o.value().cbs_nodes == 3);
  CHECK(o.value().cbs_select == 5);
  CHECK(o.value().cbs_choice == astar::CbsConflictChoice::First);
  const auto plain = parse({"level.json"});
  CHECK(plain.value().cbs_nodes == -1);
  CHECK(plain.value().cbs_select == -1);
  CHECK_FALSE(plain.value().cbs_choice.has_value());
  // Without --units, the level's units_plan may be cbs: accepted here, applied when it is.
  CHECK(parse({"lesson.json", "--cbs-nodes", "2"}).ok());
  CHECK(error_of({"--units", "bogus"}) == "--units: expected flow-field, ca-star, whca-star or cbs, got 'bogus'");
  CHECK(error_of({"--cbs-choice", "best"}) == "--cbs-choice: expected first or cardinal, got 'best'");
  CHECK(error_of({"--cbs-nodes", "-1"}).find("a node count 0..100000000") != std::string::npos);
  CHECK(error_of({"--units", "ca-star", "--cbs-select", "1"}) ==
        "--cbs-nodes, --cbs-select and --cbs-choice need --units cbs (or a LEVEL whose units_plan is cbs)");
  for (const char* name : {"  --cbs-nodes N", "  --cbs-select ID", "  --cbs-choice NAME"})
    CHECK(studio::usage().find(name) != std::string::npos);
}
