// astar units: many units' plans on the command line. Text and JSON against core's
// flow_field_plans, plan_cooperative, plan_stats and find_conflicts in process, on a level's own
// units and on a MovingAI scenario's first K queries (50 units on a 512 x 512 map with CA* and
// WHCA*: no conflict); exit codes; bad input (exit 2, the option named).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/cooperative.hpp"
#include "astar/flow_plans.hpp"
#include "astar/level_io.hpp"
#include "astar/movingai.hpp"
#include "astar/unit_plans.hpp"
#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-units-tests");
  return s;
}

// A corridor with a side pocket: units 0 and 1 meet head on; unit 2 is walled in.
//   #########
//   S.......G
//   ####.####
//   ###...#.#
const char* kCorridor = R"({
  "format": "astar-studio-level", "version": 1, "width": 9, "height": 4,
  "start": [0, 1], "goal": [8, 1], "rules": {"neighbours": 4},
  "walls": ["#########", ".........", "####.####", "###...#.#"],
  "units": [{"start": [0, 1], "goal": [8, 1]}, {"start": [8, 1], "goal": [0, 1]},
            {"start": [7, 3], "goal": [3, 3], "priority": 2}]
})";

// The JSON equals core's plans: every path entry [x, y, t], costs, totals and conflicts.
void check_against_core(const nlohmann::json& out, const astar::Level& lv) {
  const auto p = astar::flow_field_plans(lv, lv.rules());
  REQUIRE(p.ok());
  std::vector<astar::Cell> goals;
  for (const astar::Unit& u : lv.units) goals.push_back(u.goal);
  const astar::PlanStats s = astar::plan_stats(p.value().plans, goals);
  REQUIRE(out["units"].size() == lv.units.size());
  for (std::size_t i = 0; i < lv.units.size(); ++i) {
    const std::vector<astar::Cell>& cells = p.value().plans[i].cells;
    const nlohmann::json& path = out["units"][i]["path"];
    REQUIRE(path.size() == cells.size());
    for (std::size_t t = 0; t < cells.size(); ++t)
      CHECK(path[t] == nlohmann::json::array({cells[t].x, cells[t].y, t}));
    if (s.costs[i]) CHECK(out["units"][i]["cost"] == *s.costs[i]);
    else CHECK(out["units"][i]["cost"].is_null());
  }
  CHECK(out["sum_of_costs"] == s.sum_of_costs);
  CHECK(out["makespan"] == s.makespan);
  CHECK(out["arrived"] == s.arrived);
  const std::vector<astar::Conflict> c = astar::find_conflicts(p.value().plans);
  REQUIRE(out["conflicts"].size() == c.size());
  for (std::size_t k = 0; k < c.size(); ++k) CHECK(out["conflicts"][k]["text"] == astar::conflict_text(c[k]));
}

}  // namespace

TEST_CASE("units: a level's own units follow flow fields; the head-on meeting is a conflict") {
  const std::string file = scratch().write("corridor.json", kCorridor);
  const Run j = scratch().run({"units", file, "--format", "json"});
  INFO("stderr: ", j.err);
  CHECK(j.code == 1);  // unit 2 cannot reach its goal
  const nlohmann::json out = nlohmann::json::parse(j.out);
  check_against_core(out, astar::parse_level(kCorridor, "c.json").value());
  CHECK(out["units"][2]["path"].size() == 1);
  CHECK(out["units"][2]["arrival"].is_null());
  REQUIRE(out["conflicts"].size() >= 1);
  CHECK(out["conflicts"][0]["kind"] == "vertex");
  CHECK(out["conflicts"][0]["units"] == nlohmann::json::array({0, 1}));
  const Run t = scratch().run({"units", file});
  CHECK(t.code == 1);
  CHECK(t.out.rfind("units: 3 following 3 flow fields; arrived 2, sum of costs 16, makespan 8, conflicts ", 0) == 0);
  CHECK(t.out.find("unit 2 (7,3) -> (3,3): does not arrive, path (7,3)") != std::string::npos);
  CHECK(t.out.find("conflict: units 0 and 1 both at (4, 1) at t = 4") != std::string::npos);
}

TEST_CASE("units: a MovingAI scenario's first K queries, the benchmark's 4 neighbours") {
  const std::string map = scratch().write("open.map", "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@..\n......\n......\n");
  const std::string scen = scratch().write("open.map.scen",
                                           "version 1\n"
                                           "0\topen.map\t6\t4\t0\t0\t5\t3\t8\n"
                                           "0\topen.map\t6\t4\t5\t0\t0\t3\t8\n"
                                           "0\topen.map\t6\t4\t0\t0\t2\t2\t4\n");
  const Run r = scratch().run({"units", map, "--scen", scen, "--agents", "2", "--format", "json"});
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  astar::Level lv = astar::load_movingai_map(map).value();
  REQUIRE(astar::add_movingai_units(lv, scen, 2).ok());
  check_against_core(nlohmann::json::parse(r.out), lv);
  CHECK(nlohmann::json::parse(r.out)["makespan"] == 8);  // 4 neighbours: 5 + 3 steps
  check_refused(scratch().run({"units", map, "--scen", scen, "--agents", "3"}),
                scen + ": line 4 (unit 2): start (0, 0) is unit 0's start too");
}

TEST_CASE("units: bad input is refused with the option named") {
  const std::string file = scratch().write("bad-units.json", kCorridor);
  const std::string none = scratch().write(
      "no-units.json", R"({"format": "astar-studio-level", "version": 1, "width": 2, "height": 1,
                         "start": [0, 0], "goal": [1, 0], "walls": [".."]})");
  check_refused(scratch().run({"units", file, "--algorithm", "cbs*"}),
                "--algorithm: unknown value 'cbs*' (expected flow-field, ca-star, whca-star or cbs)");
  check_refused(scratch().run({"units", file, "--max-nodes", "5"}),
                "--max-nodes: only cbs has a constraint tree (give --algorithm cbs)");
  check_refused(scratch().run({"units", file, "--algorithm", "cbs", "--max-nodes", "0"}),
                "--max-nodes: expected a whole number 1..100000000, got '0'");
  check_refused(scratch().run({"units", file, "--algorithm", "cbs", "--max-seconds", "nan"}),
                "--max-seconds: expected a number 0 (no limit) to 1000000, got 'nan'");
  check_refused(scratch().run({"units", file, "--algorithm", "cbs", "--conflicts", "best"}),
                "--conflicts: unknown value 'best' (expected first or cardinal)");
  check_refused(scratch().run({"units", file, "--window", "8"}),
                "--window: only whca-star plans in windows (give --algorithm whca-star)");
  check_refused(scratch().run({"units", file, "--algorithm", "whca-star", "--window", "1"}),
                "--window: expected a whole number 2..100000, got '1'");
  check_refused(scratch().run({"units", file, "--horizon", "9"}),
                "--horizon: the flow field has no horizon (give --algorithm ca-star or whca-star)");
  check_refused(scratch().run({"units", file, "--algorithm", "ca-star", "--horizon", "x"}),
                "--horizon: expected a whole number 0..10000000, got 'x'");
  check_refused(scratch().run({"units", file, "--agents", "3"}), "units: --agents K needs --scen FILE.scen");
  check_refused(scratch().run({"units", file, "--scen", "x.scen"}), "units: --scen needs --agents K");
  check_refused(scratch().run({"units", file, "--scen", "x.scen", "--agents", "0"}),
                "--agents: expected a whole number 1..10000, got '0'");
  check_refused(scratch().run({"units", none}), none + ": the level has no units");
  const std::string shared = scratch().write("shared-goal.json", R"({"format": "astar-studio-level",
    "version": 1, "width": 3, "height": 1, "start": [0, 0], "goal": [2, 0], "walls": ["..."],
    "units": [{"start": [0, 0], "goal": [1, 0]}, {"start": [2, 0], "goal": [1, 0]}]})");
  check_refused(scratch().run({"units", shared, "--algorithm", "ca-star"}),
                shared + ": units[1].goal (1, 0) is units[0].goal too");
  check_refused(scratch().run({"units", file, "--format", "yaml"}), "--format: unknown value 'yaml'");
  const Run h = scratch().run({"units", "--help"});
  CHECK(h.code == 0);
  CHECK(h.out.find("--scen FILE.scen") != std::string::npos);
  CHECK(scratch().run({"--help"}).out.find("  units ") != std::string::npos);
}

TEST_CASE("units: CA* and WHCA* plan the level's units apart; failures are named") {
  const std::string file = scratch().write("corridor-ca.json", kCorridor);
  const astar::Level lv = astar::parse_level(kCorridor, "c.json").value();
  for (const std::string name : {"ca-star", "whca-star"}) {
    CAPTURE(name);
    const Run j = scratch().run({"units", file, "--algorithm", name, "--format", "json"});
    INFO("stderr: ", j.err);
    CHECK(j.code == 1);  // unit 2 is walled in
    const nlohmann::json out = nlohmann::json::parse(j.out);
    CHECK(out["algorithm"] == name);
    astar::CooperativeOptions o;
    o.algorithm = *astar::cooperative_algorithm_from(name);
    const auto core = astar::plan_cooperative(lv, lv.rules(), o);
    REQUIRE(core.ok());
    REQUIRE(out["units"].size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      const std::vector<astar::Cell>& cells = core.value().plans[i].cells;
      REQUIRE(out["units"][i]["path"].size() == cells.size());
      for (std::size_t t = 0; t < cells.size(); ++t)
        CHECK(out["units"][i]["path"][t] == nlohmann::json::array({cells[t].x, cells[t].y, t}));
    }
    REQUIRE(out["failures"].size() == core.value().failures.size());
    if (name == "ca-star") {
      // Unit 0 goes first and straight through; unit 1 cannot reach the pocket in time, finds
      // no plan and stays on its start, where unit 0 arrives.
      CHECK(out["arrived"] == 1);
      REQUIRE(out["conflicts"].size() == 1);
      CHECK(out["conflicts"][0]["text"] == "units 0 and 1 both at (8, 1) at t = 8");
      REQUIRE(out["failures"].size() == 2);
      CHECK(out["failures"][1]["kind"] == "no-room");
    } else {
      CHECK(out["arrived"] == 2);  // windows: unit 1 backs into the pocket
      CHECK(out["conflicts"].empty());
    }
    CHECK(out["failures"][0]["unit"] == 2);
    CHECK(out["failures"][0]["kind"] == "no-way");
    CHECK(out["failures"][0]["text"] == "unit 2 cannot reach its goal (3, 3) at all: no way on the level");
  }
  const Run t = scratch().run({"units", file, "--algorithm", "whca-star", "--window", "6"});
  CHECK(t.out.rfind("units: 3 planned by WHCA* (window 6) in priority order; arrived 2, ", 0) == 0);
  CHECK(t.out.find("failure: unit 2 cannot reach its goal (3, 3) at all") != std::string::npos);
}

TEST_CASE("units: 50 units of a MovingAI scenario on a 512 x 512 map, apart, as a new user runs them") {
  const auto found = astar::test::shared_movingai_file("random512-10-0.map.scen");
  if (!found) return;
  const std::string scen = found->string(), map = scen.substr(0, scen.size() - 5);
  for (const std::string name : {"ca-star", "whca-star"}) {
    CAPTURE(name);
    const Run r = scratch().run({"units", map, "--scen", scen, "--agents", "50", "--algorithm", name,
                                 "--format", "json"});
    INFO("stderr: ", r.err);
    CHECK(r.code == 0);
    const nlohmann::json out = nlohmann::json::parse(r.out);
    CHECK(out["arrived"] == 50);
    CHECK(out["conflicts"].empty());
    CHECK(out["failures"].empty());
    // Each unit's cost is at least its query's optimal length (4 neighbours, so the scenario's
    // octile length is a lower bound too).
    astar::Level lv = astar::load_movingai_map(map).value();
    REQUIRE(astar::add_movingai_units(lv, scen, 50).ok());
    for (std::size_t i = 0; i < 50; ++i) {
      const astar::Unit& u = lv.units[i];
      CHECK(out["units"][i]["cost"].get<int>() >= std::abs(u.goal.x - u.start.x) + std::abs(u.goal.y - u.start.y));
    }
  }
}

TEST_CASE("units: CBS plans the units together, optimally, or says why not") {
  const std::string file = scratch().write("corridor-cbs.json", kCorridor);
  astar::Level lv = astar::parse_level(kCorridor, "c.json").value();
  const Run walled = scratch().run({"units", file, "--algorithm", "cbs", "--format", "json"});
  CHECK(walled.code == 1);  // unit 2 is walled in: no plans at all
  nlohmann::json out = nlohmann::json::parse(walled.out);
  CHECK(out["failure"] == "unit 2 cannot reach its goal (3, 3) at all: no way on the level");
  CHECK(out["tree"]["outcome"] == "no solution");
  lv.units.pop_back();  // without it, both others arrive
  nlohmann::json level = nlohmann::json::parse(kCorridor);
  level["units"].erase(2);
  const std::string two = scratch().write("corridor-two.json", level.dump());
  for (const std::string choice : {"first", "cardinal"}) {
    CAPTURE(choice);
    const Run r = scratch().run({"units", two, "--algorithm", "cbs", "--conflicts", choice, "--format", "json"});
    INFO("stderr: ", r.err);
    REQUIRE(r.code == 0);
    out = nlohmann::json::parse(r.out);
    const auto core = astar::plan_cbs(lv, lv.rules(), {.choice = *astar::cbs_conflict_choice_from(choice)});
    REQUIRE(core.ok());
    CHECK(out["algorithm"] == "cbs");
    CHECK(out["tree"]["outcome"] == "solved");
    CHECK(out["tree"]["nodes_made"] == core.value().nodes_made);
    CHECK(out["sum_of_costs"] == static_cast<std::size_t>(core.value().cost.value()));
    CHECK(out["conflicts"].empty());
    for (std::size_t i = 0; i < 2; ++i)
      CHECK(out["units"][i]["path"].size() == core.value().plans[i].cells.size());
  }
  const Run budget = scratch().run({"units", two, "--algorithm", "cbs", "--max-nodes", "1"});
  CHECK(budget.code == 1);
  CHECK(budget.out.find("failure: no conflict-free plans found within the budget of 1 tree nodes") !=
        std::string::npos);
}
