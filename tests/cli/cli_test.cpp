// Runs the real `astar` binary (ASTAR_CLI) and checks its output and exit codes.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/make_search.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::SearchState;

namespace {

using astar::test::read_file;
using astar::test::Run;

const fs::path& tmp() {
  static astar::test::ScratchDir dir("astar-cli-tests");
  return dir.path();
}

Run run_cli(const std::vector<std::string>& args) { return astar::test::run_cli(args, tmp()); }

std::string write_level(const std::string& name, const std::string& text) {
  const fs::path p = tmp() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

// The value of a "key: value" line of text output; "<missing>" when there is none.
std::string field(const std::string& out, const std::string& key) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
  return "<missing>";
}

std::string str(SearchState s) { return std::string(astar::to_string(s)); }

// A level file with every cell of cost 1 and the given walls rows.
std::string level_json(const std::vector<std::string>& walls, std::pair<int, int> start,
                       std::pair<int, int> goal, const std::string& rules) {
  nlohmann::json j = {{"format", "astar-studio-level"},
                      {"version", 1},
                      {"width", walls.front().size()},
                      {"height", walls.size()},
                      {"start", {start.first, start.second}},
                      {"goal", {goal.first, goal.second}},
                      {"rules", nlohmann::json::parse(rules)},
                      {"walls", walls}};
  return j.dump();
}

std::vector<std::string> open_rows(int w, int h) {
  return std::vector<std::string>(static_cast<std::size_t>(h),
                                  std::string(static_cast<std::size_t>(w), '.'));
}

const char* const kRoblox = R"({"format":"astar-studio-level","version":1,"width":4,"height":4,
 "start":[0,0],"goal":[3,0],
 "rules":{"neighbours":4},
 "walls":["....","....","....","...."],
 "cost":[[1,10,1,1],[1,10,10,1],[1,1,1,1],[1,1,1,1]]})";

const char* const kRobloxPath = "(0,0) (0,1) (0,2) (1,2) (2,2) (3,2) (3,1) (3,0)";

// The same search in-process, for comparing counters and costs.
struct InProcess {
  SearchState state;
  double cost;
  std::vector<astar::Cell> path;
  astar::SearchMetrics metrics;
  std::string message;  // why the search is Invalid
};

InProcess search_in_process(const std::string& text, std::optional<astar::Neighbours> n = {},
                            astar::SearchOptions options = {}) {
  auto level = astar::parse_level(text, "in-process");
  REQUIRE_MESSAGE(level.ok(), (level.ok() ? "" : level.error()));
  astar::MovementRules rules = level.value().rules();
  if (n) rules.neighbours = *n;
  const auto s = astar::make_search(level.value(), rules, options);
  s->run();
  return {s->state(), s->path_cost(), s->path(), s->metrics(), s->message()};
}

InProcess search_in_process(const std::string& text, std::optional<astar::Neighbours> n,
                            astar::Heuristic h) {
  return search_in_process(text, n, {.heuristic = h});
}

std::vector<astar::Algorithm> all_algorithms() {
  std::vector<astar::Algorithm> out;
  for (int i = 0; i < static_cast<int>(astar::Algorithm::_Max); ++i)
    out.push_back(static_cast<astar::Algorithm>(i));
  return out;
}

std::string name_of(astar::Algorithm a) { return std::string(astar::info(a).name); }

// "a, b, c": how the CLI lists valid names.
std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The cells of a JSON path [[x,y],...].
std::vector<astar::Cell> cells_of(const nlohmann::json& path) {
  std::vector<astar::Cell> out;
  for (const nlohmann::json& c : path) out.push_back({c.at(0).get<int>(), c.at(1).get<int>()});
  return out;
}

nlohmann::json json_of(const Run& r) {
  nlohmann::json j;
  INFO("stdout: ", r.out);
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  REQUIRE(j.is_object());
  return j;
}

astar::Level parsed_level(const std::string& text) {
  auto level = astar::parse_level(text, "in-process");
  REQUIRE_MESSAGE(level.ok(), (level.ok() ? "" : level.error()));
  return std::move(level.value());
}

void check_bad_input(const std::vector<std::string>& args,
                     std::initializer_list<std::string_view> expected_in_stderr) {
  const Run r = run_cli(args);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("astar: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);  // one line
  for (std::string_view s : expected_in_stderr) {
    INFO("stderr: ", r.err);
    INFO("expected: ", s);
    CHECK(r.err.find(s) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("run prints the cheapest path of the Roblox cost grid as text") {
  const std::string file = write_level("roblox.json", kRoblox);
  const Run r = run_cli({"run", file});
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(field(r.out, "level") == file);
  CHECK(field(r.out, "algorithm") == "astar");
  CHECK(field(r.out, "guarantee") == "optimal");
  CHECK(field(r.out, "guarantee_holds") == "yes");
  CHECK(field(r.out, "heuristic") == "octile");
  CHECK(field(r.out, "weight") == "1");
  CHECK(field(r.out, "tie_break") == "larger-g");
  CHECK(field(r.out, "neighbours") == "4");
  CHECK(field(r.out, "outcome") == str(SearchState::Found));
  CHECK(field(r.out, "partial") == "no");
  CHECK(field(r.out, "cost") == "7");
  CHECK(field(r.out, "path") == kRobloxPath);
  CHECK(field(r.out, "length") == "8 cells");

  const InProcess ip = search_in_process(kRoblox);
  CHECK(field(r.out, "iterations") == std::to_string(ip.metrics.expanded));
  CHECK(field(r.out, "expanded") == std::to_string(ip.metrics.expanded));
  CHECK(field(r.out, "generated") == std::to_string(ip.metrics.generated));
}

TEST_CASE("run --format json prints one object with the same result") {
  const std::string file = write_level("roblox.json", kRoblox);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", file, "--format", "json"},
        std::vector<std::string>{"run", "--format=json", file}}) {
    const Run r = run_cli(args);
    INFO("stdout: ", r.out, "stderr: ", r.err);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
    REQUIRE(j.is_object());
    CHECK(j.at("level") == file);
    CHECK(j.at("algorithm") == "astar");
    CHECK(j.at("guarantee") == "optimal");
    CHECK(j.at("guarantee_holds") == true);
    CHECK(j.at("heuristic") == "octile");
    CHECK(j.at("weight") == 1.0);
    CHECK(j.at("tie_break") == "larger-g");
    CHECK(j.at("neighbours") == 4);
    CHECK(j.at("outcome") == str(SearchState::Found));
    CHECK(j.at("partial") == false);
    CHECK(j.at("cost") == 7.0);
    const nlohmann::json expected_path = {{0, 0}, {0, 1}, {0, 2}, {1, 2},
                                          {2, 2}, {3, 2}, {3, 1}, {3, 0}};
    CHECK(j.at("path") == expected_path);
    CHECK(j.at("length") == 8);
    const InProcess ip = search_in_process(kRoblox);
    CHECK(j.at("iterations") == ip.metrics.expanded);
    CHECK(j.at("expanded") == ip.metrics.expanded);
    CHECK(j.at("generated") == ip.metrics.generated);
  }
}

TEST_CASE("json output escapes the level path") {
  const std::string file = write_level("we\"ird\\na'me\t.json", kRoblox);
  const Run r = run_cli({"run", "--format", "json", file});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  CHECK(j.at("level") == file);
}

TEST_CASE("a walled-off goal gives no path and exit 1") {
  const std::string text =
      level_json({"..#..", "..#..", "###..", "....."}, {0, 0}, {4, 0}, R"({"neighbours":8})");
  const std::string file = write_level("walled.json", text);
  const InProcess ip = search_in_process(text);
  REQUIRE(ip.state == SearchState::NoPath);

  const Run r = run_cli({"run", file});
  INFO("stderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(field(r.out, "outcome") == str(SearchState::NoPath));
  CHECK(field(r.out, "partial") == "no");
  CHECK(field(r.out, "cost") == "none");
  CHECK(field(r.out, "path") == "none");
  CHECK(field(r.out, "length") == "0 cells");
  CHECK(field(r.out, "iterations") == std::to_string(ip.metrics.expanded));
  CHECK(ip.metrics.expanded == 4);  // the four open cells of the enclosed corner

  const Run rj = run_cli({"run", file, "--format", "json"});
  CHECK(rj.code == 1);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(rj.out));
  CHECK(j.at("outcome") == str(SearchState::NoPath));
  CHECK(j.at("partial") == false);
  CHECK(j.at("cost").is_null());
  CHECK(j.at("path") == nlohmann::json::array());
  CHECK(j.at("length") == 0);
}

TEST_CASE("--max-iterations stops the search with exit 1") {
  const std::string text = level_json(open_rows(20, 20), {0, 0}, {19, 19}, "{}");
  const std::string file = write_level("open20.json", text);

  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", file, "--max-iterations", "2"},
        std::vector<std::string>{"run", "--max-iterations=2", file}}) {
    const Run r = run_cli(args);
    INFO("stderr: ", r.err);
    CHECK(r.code == 1);
    CHECK(field(r.out, "outcome") == str(SearchState::IterationLimit));
    CHECK(field(r.out, "iterations") == "2");
    CHECK(field(r.out, "expanded") == "2");
    CHECK(field(r.out, "cost") == "none");
  }
  // Without the limit the same level is solved.
  const Run full = run_cli({"run", file});
  CHECK(full.code == 0);
  CHECK(field(full.out, "outcome") == str(SearchState::Found));
  CHECK(std::stoll(field(full.out, "iterations")) > 2);
}

TEST_CASE("--neighbours overrides the level's rule") {
  const std::string text = level_json(open_rows(6, 6), {0, 0}, {5, 5}, R"({"neighbours":4})");
  const std::string file = write_level("open6.json", text);

  const Run four = run_cli({"run", file, "--format", "json"});
  const Run eight = run_cli({"run", file, "--format", "json", "--neighbours", "8"});
  const Run four_explicit = run_cli({"run", file, "--format", "json", "--neighbours=4"});
  INFO("stderr: ", four.err, eight.err);
  REQUIRE(four.code == 0);
  REQUIRE(eight.code == 0);
  REQUIRE(four_explicit.code == 0);
  const auto j4 = nlohmann::json::parse(four.out);
  const auto j8 = nlohmann::json::parse(eight.out);
  const auto j4e = nlohmann::json::parse(four_explicit.out);

  CHECK(j4.at("neighbours") == 4);
  CHECK(j8.at("neighbours") == 8);
  CHECK(j4.at("cost") == 10.0);
  CHECK(j4e.at("cost") == 10.0);
  const double c8 = j8.at("cost").get<double>();
  CHECK(c8 != j4.at("cost").get<double>());
  CHECK(c8 == doctest::Approx(5 * std::sqrt(2.0)));

  const InProcess ip8 = search_in_process(text, astar::Neighbours::Eight);
  const InProcess ip4 = search_in_process(text, astar::Neighbours::Four);
  CHECK(c8 == ip8.cost);  // JSON numbers round-trip exactly
  CHECK(j4.at("cost").get<double>() == ip4.cost);
  CHECK(j8.at("path").size() == ip8.path.size());
  CHECK(j8.at("expanded") == ip8.metrics.expanded);

  // Text output of the diagonal cost.
  const Run text8 = run_cli({"run", file, "--neighbours", "8"});
  CHECK(field(text8.out, "cost") == "7.071067812");
}

TEST_CASE("--heuristic selects the heuristic") {
  const std::string text = level_json(open_rows(12, 12), {0, 0}, {11, 7}, "{}");
  const std::string file = write_level("open12.json", text);

  const Run zero = run_cli({"run", file, "--heuristic", "zero"});
  const Run octile = run_cli({"run", file, "--heuristic", "octile"});
  REQUIRE(zero.code == 0);
  REQUIRE(octile.code == 0);
  CHECK(field(zero.out, "heuristic") == "zero");
  CHECK(field(zero.out, "cost") == field(octile.out, "cost"));
  // Dijkstra takes more nodes than A* with a good estimate.
  CHECK(std::stoll(field(zero.out, "expanded")) > std::stoll(field(octile.out, "expanded")));
  const InProcess ip = search_in_process(text, {}, astar::Heuristic::Zero);
  CHECK(field(zero.out, "expanded") == std::to_string(ip.metrics.expanded));

  // Manhattan with 8 neighbours works, with a note on stderr.
  const Run manhattan = run_cli({"run", file, "--heuristic", "manhattan"});
  CHECK(manhattan.code == 0);
  CHECK(manhattan.err.find("manhattan") != std::string::npos);
  CHECK(field(manhattan.out, "outcome") == str(SearchState::Found));
}

TEST_CASE("bad command lines exit 2 with a message naming the problem") {
  const std::string file = write_level("roblox.json", kRoblox);

  check_bad_input({"run", file, "--bogus"}, {"unknown option '--bogus'", "astar run --help"});
  check_bad_input({"run", file, "--heuristic", "foo"},
                  {"astar: --heuristic: unknown value 'foo' (expected manhattan, euclidean, "
                   "octile, chebyshev, zero, hex)"});
  check_bad_input({"run", file, "--heuristic"}, {"--heuristic: missing value"});
  check_bad_input({"run", file, "--max-iterations", "0"}, {"--max-iterations", "'0'", ">= 1"});
  check_bad_input({"run", file, "--max-iterations", "-3"}, {"--max-iterations", "'-3'"});
  check_bad_input({"run", file, "--max-iterations", "abc"}, {"--max-iterations", "'abc'"});
  check_bad_input({"run", file, "--max-iterations", "12x"}, {"--max-iterations", "'12x'"});
  check_bad_input({"run", file, "--max-iterations="}, {"--max-iterations", "''"});
  check_bad_input({"run", file, "--max-iterations", "99999999999999999999"},
                  {"--max-iterations", "'99999999999999999999'", "too large"});
  check_bad_input({"run", file, "--max-iterations", "1", "--max-iterations", "2"},
                  {"--max-iterations", "more than once"});
  check_bad_input({"run", file, "--neighbours", "6"},
                  {"--neighbours: unknown value '6' (expected 4 or 8)"});
  check_bad_input({"run", file, "--format", "xml"}, {"--format: unknown value 'xml'"});
  check_bad_input({"run"}, {"missing LEVEL"});
  check_bad_input({"run", "--heuristic", "zero"}, {"missing LEVEL"});
  check_bad_input({"run", file, "other.json"}, {"unexpected argument 'other.json'"});
  check_bad_input({"frobnicate"}, {"unknown command 'frobnicate'", "astar --help"});
  check_bad_input({"--frobnicate"}, {"unknown option '--frobnicate'", "astar --help"});
  check_bad_input({}, {"missing command", "astar --help"});
}

TEST_CASE("unusable level files exit 2 with a message naming the file") {
  const std::string missing = (tmp() / "does-not-exist.json").string();
  check_bad_input({"run", missing}, {"does-not-exist.json"});

  const std::string malformed = write_level("malformed.json", "{\"format\": \"astar-studio-le");
  check_bad_input({"run", malformed}, {"malformed.json"});

  const std::string not_json = write_level("garbage.json", "hello world");
  check_bad_input({"run", not_json}, {"garbage.json"});

  std::string wrong_version = kRoblox;
  wrong_version.replace(wrong_version.find("\"version\":1"), 11, "\"version\":99");
  check_bad_input({"run", write_level("version99.json", wrong_version)}, {"version99.json"});

  const std::string start_in_wall =
      level_json({"#...", "....", "...."}, {0, 0}, {3, 2}, R"({"neighbours":4})");
  check_bad_input({"run", write_level("start-in-wall.json", start_in_wall)},
                  {"start-in-wall.json", "start"});

  const std::string goal_outside =
      level_json({"....", "....", "...."}, {0, 0}, {7, 2}, R"({"neighbours":4})");
  check_bad_input({"run", write_level("goal-outside.json", goal_outside)},
                  {"goal-outside.json", "goal"});
}

TEST_CASE("--help documents every command, option and exit code") {
  const Run h = run_cli({"--help"});
  CHECK(h.code == 0);
  CHECK(h.err.empty());
  for (std::string_view s :
       {"run", "LEVEL", "--heuristic", "--neighbours", "--max-iterations", "--format", "--help",
        "manhattan", "euclidean", "octile", "chebyshev", "zero", "Default: octile",
        "Default: no limit", "Default: text", "outcome", "cost", "path", "length", "iterations",
        "expanded", "generated", "Exit codes", "  0 ", "  1 ", "  2 "}) {
    INFO("missing from --help: ", s);
    CHECK(h.out.find(s) != std::string::npos);
  }
  for (SearchState s : {SearchState::Found, SearchState::NoPath, SearchState::IterationLimit}) {
    INFO("outcome missing from --help: ", str(s));
    CHECK(h.out.find(str(s)) != std::string::npos);
  }
  CHECK(run_cli({"-h"}).out == h.out);

  const Run rh = run_cli({"run", "--help"});
  CHECK(rh.code == 0);
  CHECK(rh.err.empty());
  for (std::string_view s :
       {"astar run LEVEL", "--algorithm NAME", "--heuristic", "--weight W", "--tie-break NAME",
        "--neighbours", "--max-iterations", "--partial", "--format", "Default: astar",
        "Default: larger-g", "Default: 1", "any-angle", "waypoints", "algorithm", "guarantee",
        "partial", "tie_break", "weight", "exits 2", "Exit codes"}) {
    INFO("missing from run --help: ", s);
    CHECK(rh.out.find(s) != std::string::npos);
  }
  // The algorithm table, one line per algorithm: its name, label, guarantee and priority.
  for (astar::Algorithm a : all_algorithms()) {
    const astar::AlgorithmInfo& i = astar::info(a);
    bool listed = false;
    std::istringstream lines(rh.out);
    for (std::string line; std::getline(lines, line);)
      listed = listed || (line.rfind("  " + std::string(i.name) + " ", 0) == 0 &&
                          line.find(i.label) != std::string::npos &&
                          line.find(astar::to_string(i.guarantee)) != std::string::npos &&
                          line.find(i.priority) != std::string::npos);
    INFO("algorithm missing from run --help: ", i.name);
    CHECK(listed);
  }
  for (int t = 0; t < static_cast<int>(astar::TieBreak::_Max); ++t) {
    const std::string name(astar::to_string(static_cast<astar::TieBreak>(t)));
    INFO("tie-break missing from run --help: ", name);
    CHECK(rh.out.find(name) != std::string::npos);
  }
  // --help wins over other (even bad) arguments of the command.
  CHECK(run_cli({"run", "--bogus", "-h"}).out == rh.out);
}

TEST_CASE("--algorithm runs every algorithm on the Roblox cost grid") {
  const std::string file = write_level("roblox.json", kRoblox);
  const astar::Level level = parsed_level(kRoblox);
  const astar::MovePolicy policy(level);
  // The uniform-cost algorithms must refuse this level (checked below): the loop covers both.
  REQUIRE(!astar::check_supported(level, level.rules(), {.algorithm = astar::Algorithm::JumpPoint})
               .empty());
  REQUIRE(!astar::check_supported(level, level.rules(), {.algorithm = astar::Algorithm::ThetaStar})
               .empty());

  for (astar::Algorithm a : all_algorithms()) {
    const std::string name = name_of(a);
    INFO("algorithm: ", name);
    const Run r = run_cli({"run", file, "--algorithm", name, "--format", "json"});
    INFO("stderr: ", r.err);
    const std::string why = astar::check_supported(level, level.rules(), {.algorithm = a});
    if (!why.empty()) {
      // A refusal: exit 2 with the search's own reason, naming the level.
      CHECK(r.code == 2);
      CHECK(r.out.empty());
      CHECK(r.err == "astar: " + file + ": " + why + "\n");
      continue;
    }
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    const nlohmann::json j = json_of(r);
    CHECK(j.at("algorithm") == name);
    CHECK(j.at("guarantee") == std::string(astar::to_string(astar::info(a).guarantee)));
    CHECK(j.at("outcome") == str(SearchState::Found));
    CHECK(j.at("partial") == false);

    // A legal path: start to goal, 4-connected (the level has 4 neighbours), costing what the
    // output says.
    const std::vector<astar::Cell> path = cells_of(j.at("path"));
    REQUIRE(path.size() >= 2);
    CHECK(path.front() == astar::Cell{0, 0});
    CHECK(path.back() == astar::Cell{3, 0});
    for (std::size_t k = 1; k < path.size(); ++k)
      CHECK(std::abs(path[k].x - path[k - 1].x) + std::abs(path[k].y - path[k - 1].y) == 1);
    const std::optional<double> cost = astar::path_cost(policy, path);
    REQUIRE(cost.has_value());
    CHECK(j.at("cost").get<double>() == doctest::Approx(*cost));
    CHECK(j.at("length") == path.size());
    // The optimal ones, and weighted A* with its default weight 1, find the cheapest path.
    if (astar::info(a).guarantee != astar::Guarantee::None) CHECK(j.at("cost") == 7.0);

    const InProcess ip = search_in_process(kRoblox, {}, {.algorithm = a});
    CHECK(path == ip.path);
    CHECK(j.at("expanded") == ip.metrics.expanded);
    CHECK(j.at("generated") == ip.metrics.generated);
  }

  // The text output names the algorithm and its guarantee too.
  const Run bfs = run_cli({"run", file, "--algorithm", "bfs"});
  CHECK(bfs.code == 0);
  CHECK(field(bfs.out, "algorithm") == "bfs");
  CHECK(field(bfs.out, "guarantee") == "none");
  CHECK(field(bfs.out, "heuristic") == "none");  // breadth-first uses no heuristic
  const Run dij = run_cli({"run", file, "--algorithm=dijkstra"});
  CHECK(dij.code == 0);
  CHECK(field(dij.out, "cost") == "7");
  CHECK(field(dij.out, "path") == kRobloxPath);
  CHECK(field(dij.out, "guarantee") == "optimal");
}

TEST_CASE("jps and theta refuse a level with costs: exit 2 and the reason") {
  const std::string file = write_level("roblox.json", kRoblox);
  // With 8 neighbours the only obstacle left is the cost 10 cells.
  check_bad_input({"run", file, "--algorithm", "jps", "--neighbours", "8"},
                  {"astar: " + file + ": ", "Jump Point Search", "cost"});
  check_bad_input({"run", file, "--algorithm", "theta", "--neighbours", "8"},
                  {"astar: " + file + ": ", "Theta*", "cost"});
  // As the level is (4 neighbours), that comes first.
  check_bad_input({"run", file, "--algorithm", "jps"}, {"astar: " + file + ": ", "8 neighbours"});
  // The same level without costs is fine with 8 neighbours.
  const std::string flat = level_json(open_rows(4, 4), {0, 0}, {3, 0}, R"({"neighbours":8})");
  const Run r = run_cli({"run", write_level("flat4.json", flat), "--algorithm", "jps"});
  CHECK(r.code == 0);
  CHECK(field(r.out, "cost") == "3");
}

TEST_CASE("--weight: weighted A* only, a finite number >= 1") {
  const std::string file = write_level("roblox.json", kRoblox);
  // A weight for another algorithm: the search refuses, naming the reason.
  check_bad_input({"run", file, "--weight", "2"}, {"astar: " + file + ": ", "weighted"});
  check_bad_input({"run", file, "--weight", "2", "--algorithm", "dijkstra"},
                  {"astar: " + file + ": ", "weighted", "Dijkstra"});
  // Not a weight at all.
  check_bad_input({"run", file, "--algorithm", "weighted-astar", "--weight", "0.5"},
                  {"astar: --weight: expected a finite number >= 1, got '0.5'"});
  for (const std::string bad : {"0", "-2", "nan", "inf", "1e999", "abc", "2x", "0x2", ""}) {
    INFO("weight: ", bad);
    check_bad_input({"run", file, "--algorithm", "weighted-astar", "--weight=" + bad},
                    {"--weight", "'" + bad + "'", ">= 1"});
  }
  check_bad_input({"run", file, "--algorithm", "weighted-astar", "--weight"},
                  {"--weight: missing value"});

  // A weight that matters: a wall with a gap far off the straight line.
  std::vector<std::string> rows = open_rows(30, 30);
  for (int y = 0; y < 28; ++y) rows[static_cast<std::size_t>(y)][15] = '#';
  const std::string text = level_json(rows, {0, 0}, {29, 0}, "{}");
  const std::string walled = write_level("gap30.json", text);
  const InProcess opt = search_in_process(text);
  REQUIRE(opt.state == SearchState::Found);
  for (const double w : {1.0, 1.5, 3.0}) {
    const std::string ws = w == 1.0 ? "1" : w == 1.5 ? "1.5" : "3";
    INFO("weight: ", ws);
    const Run r =
        run_cli({"run", walled, "--algorithm", "weighted-astar", "--weight", ws, "--format", "json"});
    INFO("stderr: ", r.err);
    REQUIRE(r.code == 0);
    const nlohmann::json j = json_of(r);
    CHECK(j.at("algorithm") == "weighted-astar");
    CHECK(j.at("guarantee") == "at most w times optimal");
    CHECK(j.at("weight") == w);
    const double cost = j.at("cost").get<double>();
    CHECK(cost >= opt.cost - 1e-9);
    CHECK(cost <= w * opt.cost + 1e-9);
    const InProcess ip = search_in_process(
        text, {}, {.algorithm = astar::Algorithm::WeightedAStar, .weight = w});
    CHECK(cost == ip.cost);
    CHECK(j.at("expanded") == ip.metrics.expanded);
    if (w == 1.0) CHECK(j.at("expanded") == opt.metrics.expanded);  // weight 1 is A*
    if (w == 3.0) CHECK(ip.metrics.expanded < opt.metrics.expanded);
  }
  const Run text_out = run_cli({"run", walled, "--algorithm", "weighted-astar", "--weight", "1.5"});
  CHECK(field(text_out.out, "weight") == "1.5");
}

TEST_CASE("--tie-break selects how equal priorities are ordered") {
  const std::string roblox = write_level("roblox.json", kRoblox);
  const std::string text = level_json(open_rows(12, 12), {0, 0}, {11, 7}, "{}");
  const std::string open12 = write_level("open12.json", text);
  std::vector<std::string> names;
  for (int i = 0; i < static_cast<int>(astar::TieBreak::_Max); ++i) {
    const auto t = static_cast<astar::TieBreak>(i);
    const std::string name(astar::to_string(t));
    names.push_back(name);
    INFO("tie-break: ", name);
    const Run r = run_cli({"run", roblox, "--tie-break", name});
    CHECK(r.code == 0);
    CHECK(field(r.out, "tie_break") == name);
    CHECK(field(r.out, "cost") == "7");

    const Run o = run_cli({"run", open12, "--tie-break=" + name, "--format", "json"});
    REQUIRE(o.code == 0);
    const nlohmann::json j = json_of(o);
    CHECK(j.at("tie_break") == name);
    const InProcess ip = search_in_process(text, {}, {.tie_break = t});
    CHECK(j.at("cost").get<double>() == ip.cost);
    CHECK(j.at("expanded") == ip.metrics.expanded);
    CHECK(cells_of(j.at("path")) == ip.path);
  }
  CHECK(names == std::vector<std::string>{"larger-g", "smaller-g", "first-in", "last-in"});
  check_bad_input({"run", roblox, "--tie-break", "random"},
                  {"astar: --tie-break: unknown value 'random' (expected " + joined(names) + ")"});
}

TEST_CASE("unknown --algorithm lists every algorithm name") {
  const std::string file = write_level("roblox.json", kRoblox);
  std::vector<std::string> names;
  for (astar::Algorithm a : all_algorithms()) names.push_back(name_of(a));
  check_bad_input({"run", file, "--algorithm", "a-star"},
                  {"astar: --algorithm: unknown value 'a-star' (expected " + joined(names) + ")"});
  for (const std::string n :
       {"astar", "weighted-astar", "dijkstra", "greedy", "bfs", "jps", "theta", "bidirectional"}) {
    INFO("missing: ", n);
    CHECK(std::find(names.begin(), names.end(), n) != names.end());
  }
}

TEST_CASE("--partial prints the path to the reached cell nearest the goal, exit 1") {
  const std::string text =
      level_json({"..#..", "..#..", "###..", "....."}, {0, 0}, {4, 0}, R"({"neighbours":8})");
  const std::string file = write_level("walled.json", text);
  const InProcess ip = search_in_process(text, {}, {.partial_path = true});
  REQUIRE(ip.state == SearchState::NoPath);
  REQUIRE(ip.path.size() == 2);  // (0,0) -> (1,0), 3 steps from the goal

  const Run r = run_cli({"run", file, "--partial"});
  INFO("stderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(r.err.empty());
  CHECK(field(r.out, "outcome") == str(SearchState::NoPath));
  CHECK(field(r.out, "partial") == "yes");
  CHECK(field(r.out, "path") == "(0,0) (1,0)");
  CHECK(field(r.out, "cost") == "1");
  CHECK(field(r.out, "length") == "2 cells");

  const Run rj = run_cli({"run", file, "--partial", "--format", "json"});
  CHECK(rj.code == 1);
  const nlohmann::json j = json_of(rj);
  CHECK(j.at("outcome") == str(SearchState::NoPath));
  CHECK(j.at("partial") == true);
  CHECK(cells_of(j.at("path")) == ip.path);
  CHECK(j.at("cost") == ip.cost);
  CHECK(j.at("length") == 2);

  // Stopped by --max-iterations: the path so far, still exit 1.
  const std::string open = level_json(open_rows(20, 20), {0, 0}, {19, 19}, "{}");
  const std::string open20 = write_level("open20.json", open);
  const Run lim = run_cli({"run", open20, "--partial", "--max-iterations", "5"});
  CHECK(lim.code == 1);
  CHECK(field(lim.out, "outcome") == str(SearchState::IterationLimit));
  CHECK(field(lim.out, "partial") == "yes");
  const InProcess ipl = search_in_process(open, {}, {.partial_path = true, .max_iterations = 5});
  CHECK(ipl.path.size() >= 2);
  CHECK(field(lim.out, "length") == std::to_string(ipl.path.size()) + " cells");

  // When the goal is reached, --partial changes nothing.
  const Run found = run_cli({"run", open20, "--partial"});
  CHECK(found.code == 0);
  CHECK(field(found.out, "partial") == "no");
  CHECK(field(found.out, "outcome") == str(SearchState::Found));

  // Bidirectional A* has no partial paths: it refuses.
  check_bad_input({"run", file, "--partial", "--algorithm", "bidirectional"},
                  {"astar: " + file + ": ", "partial"});
}

TEST_CASE("theta prints its any-angle waypoints; jps prints every cell") {
  // Open: one straight segment, shorter than any grid path.
  const std::string open = level_json(open_rows(10, 5), {0, 0}, {9, 4}, R"({"neighbours":8})");
  const std::string open_file = write_level("open10x5.json", open);
  const Run r = run_cli({"run", open_file, "--algorithm", "theta", "--format", "json"});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  const nlohmann::json j = json_of(r);
  CHECK(j.at("algorithm") == "theta");
  CHECK(cells_of(j.at("path")) == std::vector<astar::Cell>{{0, 0}, {9, 4}});
  CHECK(j.at("cost").get<double>() == doctest::Approx(std::sqrt(97.0)));
  CHECK(j.at("length") == 2);
  const Run text = run_cli({"run", open_file, "--algorithm", "theta"});
  CHECK(field(text.out, "path") == "(0,0) (9,4)");
  CHECK(field(text.out, "length") == "2 cells");

  // Around walls: every segment has line of sight, and the path is no longer than A*'s.
  const std::vector<std::string> rows = {"..........", "..####....", ".....#..#.",
                                         ".....#..#.", "..###...#.", ".........."};
  const std::string walled = level_json(rows, {0, 0}, {9, 3}, R"({"neighbours":8})");
  const std::string walled_file = write_level("walls10x6.json", walled);
  const astar::Level level = parsed_level(walled);
  const InProcess astar_result = search_in_process(walled);
  REQUIRE(astar_result.state == SearchState::Found);

  const Run t = run_cli({"run", walled_file, "--algorithm", "theta", "--format", "json"});
  REQUIRE(t.code == 0);
  const std::vector<astar::Cell> waypoints = cells_of(json_of(t).at("path"));
  REQUIRE(waypoints.size() >= 2);
  CHECK(waypoints.front() == astar::Cell{0, 0});
  CHECK(waypoints.back() == astar::Cell{9, 3});
  for (std::size_t k = 1; k < waypoints.size(); ++k)
    CHECK(astar::line_of_sight(level, waypoints[k - 1], waypoints[k]));
  const double theta_cost = json_of(t).at("cost").get<double>();
  CHECK(theta_cost == doctest::Approx(astar::waypoint_length(waypoints)));
  CHECK(theta_cost <= astar_result.cost + 1e-9);

  // JPS: the optimal cost, and a path of 8-adjacent cells (not just the jump points).
  const Run jps = run_cli({"run", walled_file, "--algorithm", "jps", "--format", "json"});
  REQUIRE(jps.code == 0);
  const nlohmann::json jj = json_of(jps);
  CHECK(jj.at("cost").get<double>() == doctest::Approx(astar_result.cost));
  const std::vector<astar::Cell> cells = cells_of(jj.at("path"));
  const std::optional<double> cost = astar::path_cost(astar::MovePolicy(level), cells);
  REQUIRE(cost.has_value());  // every step is a legal move
  CHECK(*cost == doctest::Approx(astar_result.cost));
  CHECK(jj.at("guarantee") == "optimal");
}

TEST_CASE("algorithms without a heuristic say so") {
  const std::string file = write_level("roblox.json", kRoblox);
  const Run r = run_cli({"run", file, "--algorithm", "dijkstra", "--format", "json"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(json_of(r).at("heuristic").is_null());
  // --heuristic is then ignored, with a note.
  const Run n = run_cli({"run", file, "--algorithm", "bfs", "--heuristic", "euclidean"});
  CHECK(n.code == 0);
  CHECK(n.err == "astar: note: bfs uses no heuristic; --heuristic is ignored\n");
  CHECK(field(n.out, "heuristic") == "none");
}

TEST_CASE("run --smooth prints the string-pulled path beside the grid path") {
  // S . . . . .     an open field: the grid path zig-zags, the smoothed one is one segment
  // . . . . . .
  // . . . . . G
  const std::string file =
      write_level("field.json", level_json(open_rows(6, 3), {0, 0}, {5, 2}, R"({"neighbours":8})"));
  const Run r = run_cli({"run", file, "--smooth"});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(field(r.out, "smoothed_path") == "(0,0) (5,2)");
  CHECK(std::stod(field(r.out, "smoothed_length")) == doctest::Approx(std::sqrt(29.0)));
  CHECK(std::stod(field(r.out, "smoothed_length")) < std::stod(field(r.out, "cost")));
  CHECK(field(r.out, "smoothed_cost") == field(r.out, "smoothed_length"));  // every cell costs 1

  const Run j = run_cli({"run", file, "--smooth", "--format", "json"});
  nlohmann::json out;
  REQUIRE_NOTHROW(out = nlohmann::json::parse(j.out));
  CHECK(out.at("smoothed_path").size() == 2);
  CHECK(out.at("smoothed_cost").get<double>() == doctest::Approx(std::sqrt(29.0)));
  // Without --smooth the fields are absent.
  CHECK(field(run_cli({"run", file}).out, "smoothed_path") == "<missing>");
  CHECK(field(run_cli({"run", file}).out, "smoothed_cost") == "<missing>");
}

TEST_CASE("run --smooth respects costs unless --smooth-costs ignore") {
  // The height-map lesson: the path keeps to the middle lane (cost 1) between the ridge's edge
  // tiles (cost 3). Costs ignored, the smoothed path runs along the edge row and costs 43.
  const std::string file = ASTAR_SOURCE_DIR "/levels/lessons/11-height-map-cliffs.json";
  const Run r = run_cli({"run", file, "--smooth"});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(field(r.out, "cost") == "22");
  CHECK(field(r.out, "smoothed_path") == "(2,2) (3,3) (17,3) (17,2)");
  CHECK(field(r.out, "smoothed_cost") == "21.41421356");
  CHECK(run_cli({"run", file, "--smooth-costs", "respect"}).out == r.out);  // the default
  const Run ignore = run_cli({"run", file, "--smooth-costs=ignore"});  // implies --smooth
  CHECK(ignore.code == 0);
  CHECK(field(ignore.out, "smoothed_path") == "(2,2) (17,2)");
  CHECK(field(ignore.out, "smoothed_length") == "15");
  CHECK(field(ignore.out, "smoothed_cost") == "43");

  const Run j = run_cli({"run", file, "--smooth-costs", "ignore", "--format", "json"});
  nlohmann::json out;
  REQUIRE_NOTHROW(out = nlohmann::json::parse(j.out));
  CHECK(out.at("smoothed_cost") == 43.0);
  check_bad_input({"run", file, "--smooth-costs", "cheap"},
                  {"--smooth-costs: unknown value 'cheap' (expected respect or ignore)"});
  check_bad_input({"run", file, "--smooth-costs"}, {"--smooth-costs: missing value"});
}

TEST_CASE("run prints each step's action when the path jumps, climbs or drops") {
  // S . v v . G     heights 2 2 0 0 2 2: max_climb 0, max_drop 0, gap 2: the ditch is jumped
  nlohmann::json j = nlohmann::json::parse(level_json(open_rows(6, 1), {0, 0}, {5, 0},
      R"({"neighbours":4,"max_climb":0,"max_drop":0,"jump":{"gap":2,"across_cost":0.5}})"));
  j["heights"] = {{2, 2, 0, 0, 2, 2}};
  const std::string file = write_level("ditch.json", j.dump());
  const Run r = run_cli({"run", file, "--smooth"});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(field(r.out, "path") == "(0,0) (1,0) (4,0) (5,0)");
  CHECK(field(r.out, "cost") == "5.5");  // 1 + (3 x 1 + 0.5) + 1
  CHECK(field(r.out, "actions") == "walk, jump across, walk");
  CHECK(field(r.out, "smoothed_path") == "(0,0) (1,0) (4,0) (5,0)");  // jump ends stay

  const Run js = run_cli({"run", file, "--format", "json"});
  nlohmann::json out;
  REQUIRE_NOTHROW(out = nlohmann::json::parse(js.out));
  CHECK(out.at("actions") == nlohmann::json::array({"walk", "jump across", "walk"}));

  // All walks: printed only when asked.
  const std::string flat =
      write_level("flat.json", level_json(open_rows(3, 1), {0, 0}, {2, 0}, R"({"neighbours":4})"));
  CHECK(field(run_cli({"run", flat}).out, "actions") == "<missing>");
  CHECK(field(run_cli({"run", flat, "--actions"}).out, "actions") == "walk, walk");
  // Theta*'s waypoints are not moves; no path prints none.
  CHECK(field(run_cli({"run", flat, "--actions", "--algorithm", "theta", "--neighbours", "8"}).out,
              "actions") == "none");
  const std::string walled =
      write_level("walled.json", level_json({".#."}, {0, 0}, {2, 0}, R"({"neighbours":4})"));
  CHECK(field(run_cli({"run", walled, "--actions"}).out, "actions") == "none");
  // The shipped lesson by cost alone (ranks off): every action on one path. JPS refuses jump
  // rules, with the reason (on 8 neighbours: the lesson's 4 are refused first).
  const std::string lesson = ASTAR_SOURCE_DIR "/levels/lessons/12-terrain-jumps.json";
  const std::string actions = field(run_cli({"run", lesson, "--ranks", "off"}).out, "actions");
  for (const char* a : {"walk", "climb", "drop", "jump up", "jump down", "jump across"})
    CHECK_MESSAGE(actions.find(a) != std::string::npos, a);
  const Run jps = run_cli({"run", lesson, "--algorithm", "jps", "--neighbours", "8"});
  CHECK(jps.code == 2);
  CHECK(jps.err == "astar: " + lesson +
                       ": Jump Point Search does not support jumps (rules.jump: up, down and gap "
                       "must be 0)\n");
}

TEST_CASE("the raycast lesson: shapes, the agent radius and a max-iterations guard") {
  const std::string file = std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/08-raycast-shapes.json";
  const Run r = run_cli({"run", file, "--max-iterations", "1000", "--smooth"});
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(field(r.out, "outcome") == str(SearchState::Found));
  CHECK(field(r.out, "neighbours") == "4");
  CHECK(field(r.out, "heuristic") == "euclidean");
  CHECK(field(r.out, "cost") == "33");
  CHECK(field(r.out, "smoothed_length") == "29.38602608");
  const Run limited = run_cli({"run", file, "--max-iterations", "10"});
  CHECK(limited.code == 1);
  CHECK(field(limited.out, "outcome") == str(SearchState::IterationLimit));
  // (On 8 neighbours: the lesson's 4 are refused first.)
  check_bad_input({"run", file, "--algorithm", "jps", "--neighbours", "8"},
                  {"astar: " + file + ": ", "Jump Point Search needs a level without collision shapes"});
  check_bad_input({"run", file, "--algorithm", "theta", "--neighbours", "8"},
                  {"Theta*", "collision shapes"});

  // A start whose centre is within the agent radius of a shape cannot start.
  nlohmann::json j = nlohmann::json::parse(level_json(open_rows(6, 3), {0, 1}, {5, 1}, R"({"agent_radius":0.25})"));
  j["shapes"] = nlohmann::json::parse(R"([{"box": [1, 0, 2, 3]}, {"circle": [0.5, 1.3, 0.05]}])");
  check_bad_input({"run", write_level("start-in-shape.json", j.dump())},
                  {"start (0, 1) is inside shapes[1] (a circle) with agent radius 0.25"});
  // Without that circle the box across the level leaves no way through.
  j["shapes"].erase(1);
  const Run walled = run_cli({"run", write_level("box-across.json", j.dump())});
  CHECK(walled.code == 1);
  CHECK(field(walled.out, "outcome") == str(SearchState::NoPath));
}

TEST_CASE("run takes a lesson's search as its defaults; the command line wins") {
  const std::string trap = ASTAR_SOURCE_DIR "/levels/lessons/04-greedy-trap.json";
  const Run r = run_cli({"run", trap});
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(field(r.out, "algorithm") == "greedy");
  const Run a = run_cli({"run", trap, "--algorithm", "astar"});
  CHECK(field(a.out, "algorithm") == "astar");
  CHECK(std::stod(field(a.out, "cost")) < std::stod(field(r.out, "cost")));
  // The raycast lesson's guard: 2000 iterations unless the command line says otherwise.
  const std::string raycast = ASTAR_SOURCE_DIR "/levels/lessons/08-raycast-shapes.json";
  CHECK(field(run_cli({"run", raycast}).out, "outcome") == "found");
  CHECK(field(run_cli({"run", raycast, "--max-iterations", "5"}).out, "outcome") == "iteration-limit");
  // A heuristic from the lesson counts as chosen: Manhattan with 8 neighbours gets its note.
  const Run over = run_cli({"run", ASTAR_SOURCE_DIR "/levels/lessons/05-overestimate.json"});
  CHECK(field(over.out, "heuristic") == "manhattan");
  CHECK(over.err.find("overestimate") != std::string::npos);
}

TEST_CASE("run says when the heuristic breaks the algorithm's guarantee (lesson 05)") {
  // Manhattan with 8 neighbours counts a diagonal as 2: A* still says what it guarantees
  // (the field keeps its meaning), and guarantee_holds says that here it does not hold.
  const std::string over = ASTAR_SOURCE_DIR "/levels/lessons/05-overestimate.json";
  const Run text = run_cli({"run", over});
  INFO("stderr: ", text.err);
  CHECK(text.code == 0);
  CHECK(field(text.out, "guarantee") == "optimal");
  CHECK(field(text.out, "guarantee_holds") == "no");
  CHECK(field(text.out, "cost") == "26.24264069");  // not the optimum, 22.14
  const Run json = run_cli({"run", over, "--format", "json"});
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(json.out));
  CHECK(j.at("guarantee") == "optimal");
  CHECK(j.at("guarantee_holds") == false);

  // Octile, or 4 neighbours: the guarantee holds again.
  CHECK(field(run_cli({"run", over, "--heuristic", "octile"}).out, "guarantee_holds") == "yes");
  CHECK(field(run_cli({"run", over, "--neighbours", "4"}).out, "guarantee_holds") == "yes");
  // Weighted A*'s bound needs an admissible heuristic too; Dijkstra and greedy have nothing
  // the heuristic can break.
  CHECK(field(run_cli({"run", over, "--algorithm", "weighted-astar", "--weight", "2"}).out,
              "guarantee_holds") == "no");
  CHECK(field(run_cli({"run", over, "--algorithm", "dijkstra"}).out, "guarantee_holds") == "yes");
  CHECK(field(run_cli({"run", over, "--algorithm", "greedy"}).out, "guarantee_holds") == "yes");
}

TEST_CASE("movement rules on the command line override the level's for one search") {
  const std::string lessons = std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/";
  const std::string jumps = lessons + "12-terrain-jumps.json";
  const std::string raycast = lessons + "08-raycast-shapes.json";
  auto run_with = [&](const std::string& file, std::vector<std::string> extra) {
    std::vector<std::string> args{"run", file, "--actions", "--ranks", "off"};  // by cost
    args.insert(args.end(), extra.begin(), extra.end());
    const Run r = run_cli(args);
    INFO("stderr: ", r.err);
    CHECK(r.err.empty());
    return r;
  };
  // The level's own rules (climb 1, drop 1, jumps up 3, down 4, gap 2): cost 36.25.
  CHECK(field(run_with(jumps, {}).out, "cost") == "36.25");
  // No jump across: the 4-deep ditch cannot be crossed.
  const Run no_gap = run_with(jumps, {"--jump-gap", "0"});
  CHECK(no_gap.code == 1);
  CHECK(field(no_gap.out, "outcome") == str(SearchState::NoPath));
  // No climbing: the one-level step is jumped up instead, for 1.5 more.
  const Run no_climb = run_with(jumps, {"--max-climb", "0"});
  CHECK(field(no_climb.out, "cost") == "37.75");
  CHECK(field(no_climb.out, "actions").find("climb") == std::string::npos);
  // Any climb and drop: the ledge is climbed and the shelf left by a drop, no jump up or down.
  const Run any = run_with(jumps, {"--max-climb", "any", "--max-drop", "any"});
  CHECK(field(any.out, "cost") == "35");
  CHECK(field(any.out, "actions").find("jump up") == std::string::npos);
  CHECK(field(any.out, "actions").find("jump down") == std::string::npos);
  // A wider agent keeps further from the shapes.
  CHECK(field(run_with(raycast, {}).out, "cost") == "33");
  CHECK(field(run_with(raycast, {"--agent-radius", "0.9"}).out, "cost") == "43");
  // No diagonal step on 8 neighbours is the 4-neighbour search.
  const std::string forest = lessons + "02-forest.json";
  CHECK(field(run_with(forest, {"--neighbours", "8", "--diagonal", "never"}).out, "cost") ==
        field(run_with(forest, {"--neighbours", "4"}).out, "cost"));
  // The level file is not changed: run again without the options.
  CHECK(field(run_with(jumps, {}).out, "cost") == "36.25");

  // Bad values, each named with what is accepted.
  check_bad_input({"run", jumps, "--max-climb", "-1"},
                  {"--max-climb: expected a whole number 0..2000000 or 'any', got '-1'"});
  check_bad_input({"run", jumps, "--max-drop", "2.5"}, {"--max-drop: expected a whole number"});
  check_bad_input({"run", jumps, "--jump-up", "1001"},
                  {"--jump-up: expected a whole number 0..1000, got '1001'"});
  check_bad_input({"run", jumps, "--jump-gap", "any"},
                  {"--jump-gap: expected a whole number 0..64, got 'any'"});
  check_bad_input({"run", raycast, "--agent-radius", "nan"},
                  {"--agent-radius: must be a finite number"});
  check_bad_input({"run", raycast, "--agent-radius", "wide"},
                  {"--agent-radius: expected a number, got 'wide'"});
  check_bad_input({"run", raycast, "--diagonal", "sideways"},
                  {"--diagonal: unknown value 'sideways' (expected always, one-side-open, "
                   "no-corner-cutting, never)"});
  // The help lists them.
  const std::string help = run_cli({"run", "--help"}).out;
  for (const char* o : {"--diagonal", "--max-climb", "--max-drop", "--jump-up", "--jump-down",
                        "--jump-gap", "--agent-radius", "--step-length"})
    CHECK_MESSAGE(help.find(o) != std::string::npos, o);
}

TEST_CASE("--step-length: lesson 14 round the hill in 3D, over it flat") {
  const std::string hill = std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/14-height-distance.json";
  const Run own = run_cli({"run", hill});
  CHECK(own.err.empty());
  CHECK(field(own.out, "cost") == "16");
  const Run flat = run_cli({"run", hill, "--step-length", "flat"});
  CHECK(flat.err.empty());
  CHECK(field(flat.out, "cost") == "10");
  CHECK(field(run_cli({"run", hill, "--step-length=3d"}).out, "cost") == "16");
  check_bad_input({"run", hill, "--step-length", "4d"},
                  {"--step-length: expected flat or 3d, got '4d'"});
}

TEST_CASE("--ignore-shapes: the agent's own body on the start left out of the rays") {
  nlohmann::json j = nlohmann::json::parse(
      level_json({"........", "........", "........"}, {1, 1}, {6, 1}, R"({"neighbours":4})"));
  j["shapes"] = nlohmann::json::parse(R"([{"circle": [1.5, 1.5, 0.4]}, {"box": [3, 0, 4, 2]}])");
  const std::string body = write_level("body.json", j.dump());
  const Run refused = run_cli({"run", body});
  CHECK(refused.code == 2);
  CHECK(refused.err.find("start (1, 1) is inside shapes[0] (a circle)") != std::string::npos);
  const Run ignoring = run_cli({"run", body, "--ignore-shapes", "0"});
  CHECK(ignoring.err.empty());
  CHECK(field(ignoring.out, "cost") == "7");  // round the box through row 2
  check_bad_input({"run", body, "--ignore-shapes", "0,x"},
                  {"--ignore-shapes: expected shape indices such as 0,2, got '0,x'"});
  // compare and trace take it too, for every search they run.
  const Run both = run_cli({"compare", body, "--algorithms", "astar,dijkstra", "--ignore-shapes", "0"});
  CHECK(both.code == 0);
  CHECK(both.out.find("invalid") == std::string::npos);
  CHECK(run_cli({"trace", body, "--ignore-shapes", "0"}).code == 0);
  const Run past = run_cli({"run", body, "--ignore-shapes", "3"});
  CHECK(past.code == 2);
  CHECK(past.err.find("ignore_shapes[0] is 3, but the level has 2 shapes") != std::string::npos);
}

TEST_CASE("--ranks: lesson 12 ranks its actions; run prints the points and the distance apart") {
  const std::string jumps = std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/12-terrain-jumps.json";
  const Run ranked = run_cli({"run", jumps, "--actions"});
  CHECK(ranked.err.empty());
  CHECK(field(ranked.out, "rank_points") == "18");
  CHECK(field(ranked.out, "distance") == "37.75");
  CHECK(field(ranked.out, "actions").find("jump up") == std::string::npos);  // the ramp instead
  const Run by_cost = run_cli({"run", jumps, "--ranks", "off"});
  CHECK(field(by_cost.out, "cost") == "36.25");
  CHECK(by_cost.out.find("rank_points") == std::string::npos);
  const auto j = nlohmann::json::parse(run_cli({"run", jumps, "--format", "json"}).out);
  CHECK(j["rank_points"] == 18);
  CHECK(j["distance"] == 37.75);
  check_bad_input({"run", jumps, "--ranks", "maybe"}, {"--ranks: expected on or off, got 'maybe'"});
}
