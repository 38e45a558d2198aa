// `astar check-trace` and `astar trace --format posthoc`: the examples' own grid A*
// (examples/grid_astar.cpp, ASTAR_GRID_ASTAR) writes Posthoc traces, correct and with each
// planted bug, on a small map of ours and on a shared MovingAI map; check-trace must pass the
// correct one and find exactly the expected kinds in each buggy one. The doctest main is in
// cli_test.cpp.
#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "../support/tiny_trace.hpp"
#include "astar/movingai.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::test::check_refused;
using astar::test::Run;
using astar::test::shared_movingai_file;
using Kinds = std::set<std::string>;

namespace {

const astar::test::CliScratch kCli("astar-check-trace-tests");

const std::string kSmallMap = ASTAR_SOURCE_DIR "/examples/diagonal_wall.map";

struct Query {
  std::string map;
  int sx, sy, gx, gy;
};

// grid_astar MAP SX SY GX GY [extra...] > OUT; its exit code.
int run_example(const Query& q, const std::vector<std::string>& extra, const fs::path& out) {
  std::string cmd = astar::test::shell_quote(ASTAR_GRID_ASTAR);
  for (const std::string& a :
       {q.map, std::to_string(q.sx), std::to_string(q.sy), std::to_string(q.gx),
        std::to_string(q.gy)})
    cmd += " " + astar::test::shell_quote(a);
  for (const std::string& a : extra) cmd += " " + astar::test::shell_quote(a);
  cmd += " >" + astar::test::shell_quote(out.string()) + " 2>/dev/null";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The kinds with a count above 0 in check-trace's JSON.
Kinds kinds_found(const nlohmann::json& j) {
  Kinds out;
  for (const auto& [kind, n] : j.at("counts").items())
    if (n.get<long long>() > 0) out.insert(kind);
  return out;
}

struct Planted {
  std::string bug;  // grid_astar --bug NAME; "" for the correct program
  Kinds small_map;  // the kinds check-trace finds on diagonal_wall.map
  Kinds shared_map;  // ... and on the shared den312d.map's last scenario query
};

// Each planted bug's own kind is in its set: manhattan -> overestimate, corner-cut ->
// illegal-move, diagonal-one -> g-mismatch, ignore-better -> missed-improvement. The others
// follow from it: an overestimating or wrongly costed h lets f drop between expansions
// (f-order) and may cost the optimum (suboptimal); a cut corner on the final path is a bad
// path; an ignored better way leaves a worse path.
const std::vector<Planted> kPlanted = {
    {"", {}, {}},
    {"manhattan", {"overestimate", "f-order", "suboptimal"}, {"overestimate", "f-order"}},
    {"corner-cut", {"illegal-move", "bad-path"}, {"illegal-move", "bad-path"}},
    {"diagonal-one", {"g-mismatch", "f-order", "suboptimal"},
     {"g-mismatch", "f-order", "suboptimal"}},
    {"ignore-better", {"missed-improvement", "suboptimal"}, {"missed-improvement", "suboptimal"}},
};

void check_program(const Query& q, const Planted& p, const Kinds& expected,
                   const std::vector<std::string>& layout) {
  INFO("map ", q.map, ", bug '", p.bug, "'", layout.empty() ? ", JSON Lines" : ", JSON");
  std::vector<std::string> extra = layout;
  if (!p.bug.empty()) extra.insert(extra.end(), {"--bug", p.bug});
  const fs::path trace = kCli.path() / ("trace-" + p.bug + (layout.empty() ? ".jsonl" : ".json"));
  REQUIRE(run_example(q, extra, trace) == 0);
  const Run r = kCli.run({"check-trace", q.map, trace.string(), "--format", "json"});
  INFO("stdout: ", r.out.substr(0, 3000), "\nstderr: ", r.err);
  CHECK(r.code == (expected.empty() ? 0 : 1));
  CHECK(r.err.empty());
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  CHECK(kinds_found(j) == expected);
  CHECK(j.at("findings").empty() == expected.empty());
}


}  // namespace

TEST_CASE("check-trace: the examples' A* on a small map, correct and with each planted bug") {
  const Query q{kSmallMap, 1, 1, 14, 7};
  for (const Planted& p : kPlanted) {
    check_program(q, p, p.small_map, {});
    check_program(q, p, p.small_map, {"--json"});
  }
}

TEST_CASE("check-trace: the examples' A* on a shared MovingAI map (den312d)") {
  const auto scen = shared_movingai_file("den312d.map.scen");
  if (!scen) return;
  auto queries = astar::load_movingai_scen(scen->string());
  REQUIRE(queries.ok());
  REQUIRE(!queries.value().empty());
  const astar::ScenarioQuery& last = queries.value().back();  // the longest bucket
  const Query q{(scen->parent_path() / "den312d.map").string(), last.start.x, last.start.y,
                last.goal.x, last.goal.y};
  for (const Planted& p : kPlanted) check_program(q, p, p.shared_map, {});
}

TEST_CASE("check-trace text output: the scale note, one line per finding, counts, costs") {
  const Query q{kSmallMap, 1, 1, 14, 7};
  const fs::path good = kCli.path() / "text-good.jsonl", bad = kCli.path() / "text-bad.jsonl";
  REQUIRE(run_example(q, {}, good) == 0);
  REQUIRE(run_example(q, {"--bug", "corner-cut"}, bad) == 0);

  const Run ok = kCli.run({"check-trace", kSmallMap, good.string()});
  INFO("stdout: ", ok.out, "\nstderr: ", ok.err);
  CHECK(ok.code == 0);
  CHECK(ok.out.rfind("cost scale 1", 0) == 0);
  CHECK(ok.out.find("\nfindings: none\n") != std::string::npos);
  CHECK(ok.out.find("\ntrace path cost: 17.24264069\noptimal cost: 17.24264069\n") !=
        std::string::npos);

  const Run r = kCli.run({"check-trace", kSmallMap, bad.string()});
  INFO("stdout: ", r.out, "\nstderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(r.out.find("\nevent ") != std::string::npos);
  CHECK(r.out.find(" illegal-move: ") != std::string::npos);
  CHECK(r.out.find("\nfindings: ") != std::string::npos);
  CHECK(r.out.find(" illegal-move") != std::string::npos);
  CHECK(r.out.find("\noptimal cost: 17.24264069\n") != std::string::npos);
  // Each finding line reads "event N (x, y) KIND: sentence".
  std::size_t lines = 0;
  for (std::size_t at = r.out.find("\nevent "); at != std::string::npos;
       at = r.out.find("\nevent ", at + 1)) {
    const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    CHECK(line.find(" (") != std::string::npos);
    CHECK(line.find("): ") == std::string::npos);
    CHECK(line.find(": ") != std::string::npos);
    ++lines;
  }
  CHECK(lines > 0);
}

TEST_CASE("check-trace --format json: the fields") {
  const Query q{kSmallMap, 1, 1, 14, 7};
  const fs::path bad = kCli.path() / "json-bad.jsonl";
  REQUIRE(run_example(q, {"--bug", "diagonal-one"}, bad) == 0);
  const Run r = kCli.run({"check-trace", kSmallMap, bad.string(), "--format=json",
                          "--cost-scale", "1"});
  INFO("stdout: ", r.out, "\nstderr: ", r.err);
  CHECK(r.code == 1);
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
  REQUIRE(j.is_object());
  for (const char* key : {"findings", "counts", "total", "cost_scale", "scale_note",
                          "trace_path_cost", "trace_path_g", "optimal_cost"})
    CHECK_MESSAGE(j.contains(key), key);
  REQUIRE(j.at("findings").is_array());
  REQUIRE(!j.at("findings").empty());
  for (const auto& f : j.at("findings")) {
    CHECK(f.at("kind").is_string());
    CHECK(f.at("event").is_number_unsigned());
    REQUIRE(f.at("cell").is_array());
    CHECK(f.at("cell").size() == 2);
    CHECK(f.at("message").is_string());
  }
  const Kinds all = {"illegal-move", "g-mismatch", "f-order", "overestimate", "reexpanded",
                     "missed-improvement", "suboptimal", "bad-path"};
  Kinds keys;
  for (const auto& [k, n] : j.at("counts").items()) {
    keys.insert(k);
    CHECK(n.is_number_integer());
  }
  CHECK(keys == all);
  CHECK(j.at("cost_scale") == 1.0);
  CHECK(j.at("scale_note").get<std::string>().find("given") != std::string::npos);
  CHECK(j.at("optimal_cost").get<double>() == doctest::Approx(17.24264069));
  CHECK(j.at("trace_path_cost").is_number());
  CHECK(j.at("trace_path_g").is_number());  // diagonals costing 1: less than the rules' cost
  CHECK(j.at("trace_path_g").get<double>() < j.at("trace_path_cost").get<double>());
}

TEST_CASE("check-trace: lesson 13's path costs what the lesson and the replay say, 15.49") {
  // Its corner cuts have no cost under the level's rules (trace_path_cost null); the cost the
  // trace gives its path, and the studio's replay shows, is its g at the goal.
  const std::string lessons = ASTAR_SOURCE_DIR "/levels/lessons/";
  const std::string level = lessons + "13-find-the-bug.json";
  const std::string trace = lessons + "13-find-the-bug.trace.jsonl";
  const Run text = kCli.run({"check-trace", level, trace});
  INFO("stdout: ", text.out, "\nstderr: ", text.err);
  CHECK(text.code == 1);
  CHECK(text.out.find("\ntrace path cost: 15.4852814 (the trace's own g; none under the level's "
                      "rules: see bad-path)\noptimal cost: 17.24264069\n") != std::string::npos);
  const Run json = kCli.run({"check-trace", level, trace, "--format", "json"});
  nlohmann::json j;
  REQUIRE_NOTHROW(j = nlohmann::json::parse(json.out));
  CHECK(j.at("trace_path_cost").is_null());
  CHECK(j.at("trace_path_g").get<double>() == doctest::Approx(15.48528137));
  CHECK(j.at("optimal_cost").get<double>() == doctest::Approx(17.24264069));
}

TEST_CASE("check-trace refuses bad input with exit 2, naming the file or the option") {
  const Query q{kSmallMap, 1, 1, 14, 7};
  const fs::path good = kCli.path() / "refuse-good.jsonl";
  REQUIRE(run_example(q, {}, good) == 0);
  const std::string missing = (kCli.path() / "no-such-trace.jsonl").string();
  check_refused(kCli.run({"check-trace", kSmallMap, missing}), missing);
  const std::string missing_map = (kCli.path() / "no-such.map").string();
  check_refused(kCli.run({"check-trace", missing_map, good.string()}), missing_map);
  const std::string missing_level = (kCli.path() / "no-such-level.json").string();
  check_refused(kCli.run({"check-trace", missing_level, good.string()}), missing_level);
  const std::string broken = kCli.write(
      "broken.jsonl", "{\"type\": \"source\", \"id\": 17, \"x\": 1, \"y\": 1}\n{\"type\": \"exp");
  check_refused(kCli.run({"check-trace", kSmallMap, broken}), broken);
  const std::string outside = kCli.write(
      "outside.jsonl", "{\"type\": \"source\", \"id\": 17, \"x\": 1, \"y\": 1}\n"
                       "{\"type\": \"expanding\", \"id\": 9999, \"x\": 99, \"y\": 1}\n");
  check_refused(kCli.run({"check-trace", kSmallMap, outside}), outside);
  check_refused(kCli.run({"check-trace", kSmallMap, good.string(), "--frobnicate"}),
                "--frobnicate");
  check_refused(kCli.run({"check-trace", kSmallMap}), "missing TRACE");
  check_refused(kCli.run({"check-trace"}), "missing LEVEL");
  check_refused(kCli.run({"check-trace", kSmallMap, good.string(), "extra"}), "'extra'");
  check_refused(kCli.run({"check-trace", kSmallMap, good.string(), "--cost-scale", "0"}),
                "--cost-scale");
  check_refused(kCli.run({"check-trace", kSmallMap, good.string(), "--format", "xml"}),
                "--format");
}

TEST_CASE("check-trace --help and the command list") {
  const Run r = kCli.run({"check-trace", "--help"});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("astar check-trace LEVEL TRACE", 0) == 0);
  const Run top = kCli.run({"--help"});
  CHECK(top.out.find("\n  check-trace      ") != std::string::npos);
}

TEST_CASE("trace --format posthoc: a Posthoc document that check-trace passes") {
  const std::string level = kCli.write("tiny.json", astar::test::kTinyTraceLevelFile);
  for (const std::string algorithm : {"astar", "dijkstra"}) {
    INFO(algorithm);
    const Run r = kCli.run({"trace", level, "--format", "posthoc", "--algorithm", algorithm,
                            "--heuristic", "manhattan"});
    INFO("stderr: ", r.err);
    CHECK(r.code == 0);
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
    CHECK(j.at("version") == "1.0.5");
    CHECK(j.at("render").is_object());
    const auto& events = j.at("events");
    REQUIRE(events.size() > 4);
    CHECK(events.front() == nlohmann::json::parse(R"({"type":"source","id":0,"x":0,"y":0})"));
    CHECK(events[1] == nlohmann::json::parse(R"({"type":"destination","id":8,"x":2,"y":2})"));
    CHECK(events.back().at("type") == "end");
    CHECK(events.back().at("id") == 8);
    CHECK(r.out.find("\"updating\"") != std::string::npos);  // (1, 0): 9 -> 3

    const std::string file = kCli.write("tiny-" + algorithm + ".trace.json", r.out);
    const Run c = kCli.run({"check-trace", level, file});
    INFO("check-trace stdout: ", c.out, "\nstderr: ", c.err);
    CHECK(c.code == 0);
    CHECK(c.out.find("findings: none") != std::string::npos);
  }
  // --max-events: no end event.
  const Run cut = kCli.run({"trace", level, "--format", "posthoc", "--max-events", "3"});
  CHECK(cut.code == 0);
  CHECK(cut.out.find("\"end\"") == std::string::npos);
  // Bidirectional A*: two searches, refused.
  check_refused(kCli.run({"trace", level, "--format", "posthoc", "--algorithm", "bidirectional"}),
                "a Posthoc trace holds one");
  check_refused(kCli.run({"trace", level, "--format", "yaml"}), "text, json or posthoc");
}
