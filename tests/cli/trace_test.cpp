// `astar trace` and `astar check-heuristic`: the real binary on level files written to a temp
// folder. The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "../support/tiny_trace.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch kCli("astar-trace-tests");

// The hand-checked level and log of tests/support/tiny_trace.hpp.
const char* const kTiny = astar::test::kTinyTraceLevelFile;
const std::string kTinyLog =
    std::string(astar::test::kTinyTraceLog) + "# outcome found, cost 4, 6 iterations\n";

const std::vector<std::string> kTinyArgs = {"--heuristic", "manhattan", "--tie-break", "first-in"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

TEST_CASE("trace prints one plain-language line per event, prefixed by the iteration") {
  const std::string file = kCli.write("tiny.json", kTiny);
  const Run r = kCli.run(with({"trace", file}, kTinyArgs));
  INFO("stderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out == kTinyLog);
}

TEST_CASE("trace --max-events prints the first events and says how many more there were") {
  const std::string file = kCli.write("tiny.json", kTiny);
  const Run r = kCli.run(with({"trace", file, "--max-events", "3"}, kTinyArgs));
  CHECK(r.code == 0);
  CHECK(r.out ==
        "1  took (0, 0): f 4.00 = g 0.00 + h 4.00\n"
        "1  (1, 0): g ∞ → 9.00 via (0, 0), added to open\n"
        "1  (0, 1): g ∞ → 1.00 via (0, 0), added to open\n"
        "# 23 more events not shown (--max-events 3)\n"
        "# outcome found, cost 4, 6 iterations\n");
}

TEST_CASE("trace --format json prints an array of records with fixed keys") {
  const std::string file = kCli.write("tiny.json", kTiny);
  const Run r = kCli.run(with({"trace", file, "--format=json"}, kTinyArgs));
  CHECK(r.code == 0);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  REQUIRE(j.is_array());
  REQUIRE(j.size() == 26);
  const std::set<std::string> keys = {"iteration", "kind", "cell", "from", "g", "h", "f",
                                      "parent", "old_g", "old_parent", "cost", "reason",
                                      "goal", "side"};
  for (const nlohmann::json& e : j) {
    std::set<std::string> got;
    for (const auto& [k, v] : e.items()) got.insert(k);
    CHECK(got == keys);
  }
  // The better path of iteration 3 and the not-better skip of iteration 5.
  CHECK(j[14]["kind"] == "relax");
  CHECK(j[14]["cell"] == nlohmann::json::array({1, 0}));
  CHECK(j[14]["old_g"] == 9.0);
  CHECK(j[14]["g"] == 3.0);
  CHECK(j[14]["old_parent"] == nlohmann::json::array({0, 0}));
  CHECK(j[21]["reason"] == "not better");
  CHECK(j[7]["reason"] == "wall");
  CHECK(j[1]["old_g"].is_null());
  CHECK(j[25]["goal"] == true);

  const Run few = kCli.run({"trace", file, "--format", "json", "--max-events", "2"});
  CHECK(nlohmann::json::parse(few.out).size() == 2);
}

TEST_CASE("trace: no path exits 1; bad options and files exit 2 naming the problem") {
  const std::string walled = kCli.write("walled.json", R"({"format":"astar-studio-level",
    "version":1,"width":3,"height":1,"start":[0,0],"goal":[2,0],"walls":[".#."]})");
  const Run none = kCli.run({"trace", walled});
  CHECK(none.code == 1);
  CHECK(none.out.find("# outcome no-path, 1 iteration\n") != std::string::npos);

  const std::string file = kCli.write("tiny.json", kTiny);
  check_refused(kCli.run({"trace", file, "--max-events", "0"}),
                "--max-events: expected a whole number >= 1, got '0'");
  check_refused(kCli.run({"trace", file, "--format", "xml"}),
                "--format: unknown value 'xml' (expected text, json or posthoc)");
  check_refused(kCli.run({"trace", file, "--partial"}), "trace: unknown option '--partial'");
  check_refused(kCli.run({"trace"}), "trace: missing LEVEL argument");
  check_refused(kCli.run({"trace", file, "--algorithm", "jps"}), file + ": Jump Point Search");
  const std::string missing = (kCli.path() / "nope.json").string();
  check_refused(kCli.run({"trace", missing}), missing);
  const std::string bad = kCli.write("bad.json", R"({"format":"astar-studio-level","version":1,
    "width":"wide","height":1})");
  check_refused(kCli.run({"trace", bad}), bad + ": width");
}

TEST_CASE("check-heuristic: the verdict, counts and worst cases; exit 1 when it fails") {
  // Open 3x3, 8 neighbours, goal (2,2): Manhattan overestimates at the 4 cells with dx, dy >= 1
  // (tests/test_heuristic_check.cpp derives them), worst (0,0): 4 > 2√2.
  const std::string file = kCli.write("open.json", R"({"format":"astar-studio-level",
    "version":1,"width":3,"height":3,"start":[0,0],"goal":[2,2],"walls":["...","...","..."]})");
  const Run bad = kCli.run({"check-heuristic", file, "--heuristic", "manhattan"});
  INFO("stdout: ", bad.out, "stderr: ", bad.err);
  CHECK(bad.code == 1);
  CHECK(bad.out.find("overestimates: 4\n") != std::string::npos);
  CHECK(bad.out.find("worst_overestimate: (0, 0) h 4 > true 2.828427125\n") != std::string::npos);
  CHECK(bad.out.find("inconsistent_moves: 4\n") != std::string::npos);
  CHECK(bad.out.find("verdict: h overestimates at 4 cells (worst (0, 0): h 4.00 > true 2.83): the "
                     "path A* finds may not be optimal\n") != std::string::npos);

  const Run good = kCli.run({"check-heuristic", file});
  CHECK(good.code == 0);
  CHECK(good.out.find("verdict: h never overestimates on this level: A* finds an optimal path\n") !=
        std::string::npos);
  const Run four = kCli.run({"check-heuristic", file, "--heuristic=manhattan", "--neighbours=4"});
  CHECK(four.code == 0);

  const Run json = kCli.run({"check-heuristic", file, "--heuristic", "manhattan", "--format",
                             "json"});
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(json.out));
  CHECK(j["overestimates"] == 4);
  CHECK(j["worst_overestimate"]["cell"] == nlohmann::json::array({0, 0}));
  CHECK(j["worst_inconsistent"]["from"] == nlohmann::json::array({0, 0}));
  CHECK(j["worst_inconsistent"]["to"] == nlohmann::json::array({1, 1}));

  check_refused(kCli.run({"check-heuristic", file, "--heuristic", "fast"}),
                "--heuristic: unknown value 'fast'");
  check_refused(kCli.run({"check-heuristic", file, "--weight", "2"}),
                "check-heuristic: unknown option '--weight'");
  const std::string missing = (kCli.path() / "none.json").string();
  check_refused(kCli.run({"check-heuristic", missing}), missing);
}

TEST_CASE("--help lists trace and check-heuristic with their options") {
  const Run h = kCli.run({"--help"});
  for (const char* s : {"trace", "check-heuristic", "--max-events", "verdict"}) {
    INFO("missing from --help: ", s);
    CHECK(h.out.find(s) != std::string::npos);
  }
  const Run th = kCli.run({"trace", "--help"});
  CHECK(th.code == 0);
  for (const char* s : {"astar trace LEVEL", "--algorithm NAME", "--max-events N", "--format",
                        "old_parent", "Exit codes"}) {
    INFO("missing from trace --help: ", s);
    CHECK(th.out.find(s) != std::string::npos);
  }
}
