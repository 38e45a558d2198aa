// astar check-plan, and astar units --format kei18|li|tracker: a plan written by `astar units`
// in each format checks clean (exit 0) on a scenario and on a level's own units; a planted
// collision gives exit 1 with its finding in text and JSON; the tracker's other up convention is
// named in a note; bad input (a plan that cannot be read, a unit count other than --agents',
// bad options) gives exit 2 and a message naming the file and the line.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-check-plan-tests");
  return s;
}

// An open 6 x 4 map and a scenario of four queries (x, y from the top left).
struct Problem {
  std::string map, scen;
};
const Problem& problem() {
  static const Problem p{
      scratch().write("open.map", "type octile\nheight 4\nwidth 6\nmap\n......\n..@...\n......\n......\n"),
      scratch().write("open.map.scen",
                      "version 1\n"
                      "0\topen.map\t6\t4\t0\t0\t5\t0\t5\n"
                      "0\topen.map\t6\t4\t5\t0\t0\t0\t5\n"
                      "0\topen.map\t6\t4\t0\t3\t5\t3\t5\n"
                      "0\topen.map\t6\t4\t5\t2\t1\t3\t5\n")};
  return p;
}

// The level with the same walls and the scenario's first two units as its own.
const char* kLevel = R"({
  "format": "astar-studio-level", "version": 1, "width": 6, "height": 4,
  "start": [0, 0], "goal": [5, 0], "rules": {"neighbours": 4},
  "walls": ["......", "..#...", "......", "......"],
  "units": [{"start": [0, 0], "goal": [5, 0]}, {"start": [5, 0], "goal": [0, 0]}]
})";

std::string units_plan(const std::vector<std::string>& where, const std::string& format) {
  std::vector<std::string> args{"units"};
  args.insert(args.end(), where.begin(), where.end());
  for (const char* a : {"--algorithm", "ca-star", "--format"}) args.emplace_back(a);
  args.push_back(format);
  const Run r = scratch().run(args);
  INFO("stderr: ", r.err);
  REQUIRE(r.code == 0);
  return r.out;
}

}  // namespace

TEST_CASE("check-plan: a plan written by astar units in each format checks clean (exit 0)") {
  const Problem& p = problem();
  for (const std::string format : {"kei18", "li", "tracker"}) {
    CAPTURE(format);
    const std::string plan = scratch().write("ca." + format,
                                             units_plan({p.map, "--scen", p.scen, "--agents", "4"}, format));
    for (const bool agents : {true, false}) {
      std::vector<std::string> args{"check-plan", p.map, p.scen, plan};
      if (agents) args.insert(args.end(), {"--agents", "4"});
      const Run r = scratch().run(args);
      INFO("stderr: ", r.err, "\nstdout: ", r.out);
      CHECK(r.code == 0);
      CHECK(r.out.find(plan + ": ") == 0);
      CHECK(r.out.find(", 4 units, ") != std::string::npos);
      CHECK(r.out.find("findings: none\n") != std::string::npos);
      CHECK(r.out.find("(4 of 4 units arrive)") != std::string::npos);
    }
    // A level's own units.
    const std::string level = scratch().write("open.json", kLevel);
    const std::string own = scratch().write("own." + format, units_plan({level}, format));
    const Run r = scratch().run({"check-plan", level, own, "--format", "json"});
    INFO("stderr: ", r.err);
    CHECK(r.code == 0);
    const nlohmann::json out = nlohmann::json::parse(r.out);
    CHECK(out["format"] == format);
    CHECK(out["units"] == 2);
    CHECK(out["total"] == 0);
    CHECK(out["findings"].empty());
    CHECK(out["arrived"] == 2);
  }
}

TEST_CASE("check-plan: a planted collision and a wall give exit 1 and their findings, text and JSON") {
  const Problem& p = problem();
  // Units 0 and 1 walk towards each other along row 0 and meet in (2, 0) at t = 3; then unit 0
  // steps down into the wall at (2, 1).
  const std::string plan = scratch().write("bad.txt",
                                           "0:(0,0),(5,0),\n"
                                           "1:(1,0),(4,0),\n"
                                           "2:(1,0),(3,0),\n"
                                           "3:(2,0),(2,0),\n"
                                           "4:(2,1),(2,0),\n");
  const Run t = scratch().run({"check-plan", p.map, p.scen, plan});
  INFO("stderr: ", t.err, "\nstdout: ", t.out);
  CHECK(t.code == 1);
  CHECK(t.out.find("vertex-conflict: units 0 and 1 both at (2, 0) at t = 3\n") != std::string::npos);
  CHECK(t.out.find("illegal-move: unit 0 moves from (2, 0) to (2, 1) between t = 3 and t = 4: into a wall\n") !=
        std::string::npos);
  CHECK(t.out.find("wrong-goal: unit 1 ends at (2, 0) (from t = 3 on), not on its goal (0, 0)\n") !=
        std::string::npos);
  CHECK(t.out.find("wrong-goal: unit 0 ends at (2, 1) (a wall) (from t = 4 on), not on its goal (5, 0)\n") !=
        std::string::npos);
  CHECK(t.out.find("findings: 1 vertex-conflict, 1 illegal-move, 2 wrong-goal\n") != std::string::npos);
  const Run j = scratch().run({"check-plan", p.map, p.scen, plan, "--format", "json"});
  CHECK(j.code == 1);
  const nlohmann::json out = nlohmann::json::parse(j.out);
  CHECK(out["units"] == 2);
  CHECK(out["counts"]["vertex-conflict"] == 1);
  CHECK(out["counts"]["illegal-move"] == 1);
  CHECK(out["counts"]["wrong-goal"] == 2);
  CHECK(out["total"] == 4);
  const nlohmann::json& first = out["findings"][0];
  CHECK(first["kind"] == "vertex-conflict");
  CHECK(first["units"] == nlohmann::json::array({0, 1}));
  CHECK(first["tick"] == 3);
  CHECK(first["cell"] == nlohmann::json::array({2, 0}));
  CHECK(out["arrived"] == 0);
}

TEST_CASE("check-plan: --stay-at-goal, --max-nodes 0 and the optimum's line") {
  const Problem& p = problem();
  // Unit 0 arrives at (5, 0) at t = 5, steps down and back.
  const std::string plan = scratch().write("leave.txt", "rrrrrdu\n");
  const Run ok = scratch().run({"check-plan", p.map, p.scen, plan, "--max-nodes", "0"});
  INFO("stderr: ", ok.err, "\nstdout: ", ok.out);
  CHECK(ok.code == 0);
  CHECK(ok.out.find("sum of costs: 7, makespan: 7 (1 of 1 units arrive)\n") != std::string::npos);
  CHECK(ok.out.find("optimum: not asked (--max-nodes 0)\n") != std::string::npos);
  const Run stay = scratch().run({"check-plan", p.map, p.scen, plan, "--stay-at-goal"});
  CHECK(stay.code == 1);
  CHECK(stay.out.find("leaves-goal: unit 0 arrives on its goal (5, 0) at t = 5 and leaves it at t = 6") !=
        std::string::npos);
}

TEST_CASE("check-plan: the optimum by CBS, a plan above it, a budget too small, a level with costs") {
  const Problem& p = problem();
  // Unit 0 waits once on its way from (0, 0) to (5, 0): one more than the optimum.
  const std::string slow = scratch().write("slow.txt", "wrrrrr\n");
  const Run t = scratch().run({"check-plan", p.map, p.scen, slow});
  INFO("stderr: ", t.err, "\nstdout: ", t.out);
  CHECK(t.code == 1);
  CHECK(t.out.find("above-optimum: the plan's sum of costs is 6, the optimum's 5 (1 more)\n") != std::string::npos);
  CHECK(t.out.find("optimum: sum of costs 5, makespan 5 (CBS, 1 constraint-tree node)\n") != std::string::npos);
  const Run j = scratch().run({"check-plan", p.map, p.scen, slow, "--format", "json"});
  const nlohmann::json out = nlohmann::json::parse(j.out);
  CHECK(out["optimum"] == nlohmann::json({{"sum_of_costs", 5}, {"makespan", 5}}));
  CHECK(out["counts"]["above-optimum"] == 1);
  // Units 0 and 1 trade ends of row 0: CBS needs more than one tree node.
  const std::string trade = scratch().write("trade.kei18", units_plan({p.map, "--scen", p.scen, "--agents", "2"}, "kei18"));
  const Run b = scratch().run({"check-plan", p.map, p.scen, trade, "--max-nodes", "1"});
  INFO("budget: ", b.out, b.err);
  CHECK(b.out.find("optimum: not known: no conflict-free plans found within the budget of 1 tree nodes") !=
        std::string::npos);
  // A level whose cells cost 2 to enter: ticks are not what CBS would minimise.
  std::string costly = kLevel;
  costly.replace(costly.find(R"("units")"), 0, R"("cost": [[2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2]], )");
  const std::string level = scratch().write("costly.json", costly);
  const Run c = scratch().run({"check-plan", level, scratch().write("costly.li", units_plan({level}, "li"))});
  INFO("costly: ", c.out, c.err);
  CHECK(c.out.find("optimum: not known: the level's moves do not all cost 1") != std::string::npos);
}

TEST_CASE("check-plan: the tracker's older up convention is named in a note, and read with --flip-up-down") {
  const Problem& p = problem();
  // Unit 0 goes down the left column, unit 1 up the right one: "ddd" and "uuu" today, "uuu" and
  // "ddd" in the tracker's older solutions (and PlanViz's reading).
  const std::string scen = scratch().write("columns.map.scen",
                                           "version 1\n"
                                           "0\topen.map\t6\t4\t0\t0\t0\t3\t3\n"
                                           "0\topen.map\t6\t4\t5\t3\t5\t0\t3\n");
  const std::string old_way = scratch().write("old.tracker", "uuu\nddd\n");
  const Run r = scratch().run({"check-plan", p.map, scen, old_way, "--max-nodes", "0"});
  INFO("stderr: ", r.err, "\nstdout: ", r.out);
  CHECK(r.code == 1);
  CHECK(r.err.find("astar: note: read with 'u' as y + 1 (the tracker's older convention, PlanViz's), every unit "
                   "ends on its goal: try --flip-up-down") != std::string::npos);
  CHECK(r.out.find("illegal-move: unit 0 moves from (0, 0) to (0, -1) between t = 0 and t = 1: off the map\n") !=
        std::string::npos);
  const Run flipped = scratch().run({"check-plan", p.map, scen, old_way, "--flip-up-down", "--max-nodes", "0"});
  INFO("flipped: ", flipped.out, flipped.err);
  CHECK(flipped.code == 0);
  CHECK(flipped.out.find("findings: none\n") != std::string::npos);
  CHECK(flipped.err.empty());
  // The same plan today's way needs no flag.
  const Run today = scratch().run({"check-plan", p.map, scen, scratch().write("new.tracker", "3d\n3u\n")});
  CHECK(today.code == 0);
}

TEST_CASE("check-plan: a plan with its axes swapped is named in a note (Li's row first, Kei18's x first)") {
  const Problem& p = problem();
  // Units 0 and 1 of the scenario, (0, 0) -> (5, 0) and (5, 0) -> (0, 0), written (x, y) in Li's
  // format and (row, col) in Kei18's: both start off their starts.
  const std::string li = scratch().write("xy.li", "Agent 0: (0,0)->(0,1)->\nAgent 1: (5,0)->(5,1)->\n");
  const Run r = scratch().run({"check-plan", p.map, p.scen, li, "--max-nodes", "0"});
  INFO("stderr: ", r.err, "\nstdout: ", r.out);
  CHECK(r.code == 1);
  CHECK(r.out.find("wrong-start: unit 1 starts at (0, 5) (off the map), not on its start (5, 0)\n") != std::string::npos);
  CHECK(r.err == "astar: note: read with the column first, every unit starts on its start: Li's format puts the "
                 "row first, 'Agent i: (row,col)->...'\n");
  const std::string kei = scratch().write("rc.kei18", "0:(0,0),(0,5),\n");
  const Run k = scratch().run({"check-plan", p.map, p.scen, kei, "--max-nodes", "0", "--format", "json"});
  CHECK(k.code == 1);
  CHECK(nlohmann::json::parse(k.out)["note"] ==
        "read with the row first, every unit starts on its start: Kei18's format puts x (the column) first, "
        "'t:(x,y),...'");
  CHECK(k.err.empty());
}

TEST_CASE("check-plan: bad input is exit 2, naming the file and the line") {
  const Problem& p = problem();
  const std::string bad = scratch().write("foo.txt", "0:(0,0),(5,0),\n1:(1,0),foo\n");
  check_refused(scratch().run({"check-plan", p.map, p.scen, bad}), bad + ": line 2: expected '(x,y)', got 'foo'");
  const std::string two = scratch().write("two.txt", "0:(0,0),(5,0),\n");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "--agents", "3"}),
                two + ": line 1: 2 cells, one per unit, but the problem has 3 units (--agents 3)");
  const std::string five = scratch().write("five.txt", "r\nr\nr\nr\nr\n");
  check_refused(scratch().run({"check-plan", p.map, p.scen, five}),
                "5 agents asked for, the scenario has 4 queries (the plan's units; --agents K takes the first K)");
  check_refused(scratch().run({"check-plan", p.map, p.scen, scratch().path().string() + "/none.txt"}),
                "none.txt: cannot open: No such file or directory");
  check_refused(scratch().run({"check-plan", p.map, two, "--agents", "2"}),
                "check-plan: --agents K needs a scenario (MAP SCEN PLAN)");
  check_refused(scratch().run({"check-plan", p.map, two}), "the level has no units");
  check_refused(scratch().run({"check-plan", p.map}), "check-plan: expected MAP SCEN PLAN or LEVEL PLAN, got 1 argument");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "x"}), "check-plan: unexpected argument 'x'");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "--max-nodes", "-1"}),
                "--max-nodes: expected a whole number 0..100000000 (0: no optimum), got '-1'");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "--plan-format", "csv"}),
                "--plan-format: unknown value 'csv' (expected kei18, li or tracker)");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "--plan-format", "li"}),
                two + ": line 1: expected 'Agent 0:', got '0:(0'");
  check_refused(scratch().run({"check-plan", p.map, p.scen, two, "--format", "yaml"}), "--format: unknown value 'yaml'");
}

TEST_CASE("units --format: a bad value, and the tracker refusing a diagonal step") {
  const Problem& p = problem();
  check_refused(scratch().run({"units", p.map, "--scen", p.scen, "--agents", "2", "--format", "csv"}),
                "--format: unknown value 'csv' (expected text, json, kei18, li or tracker)");
  // One unit from (0, 0) to (3, 3) with 8 neighbours: a diagonal path.
  const std::string diagonal = scratch().write("diagonal.json", R"({
    "format": "astar-studio-level", "version": 1, "width": 4, "height": 4, "start": [0, 0], "goal": [3, 3],
    "walls": ["....", "....", "....", "...."],
    "units": [{"start": [0, 0], "goal": [3, 3]}]})");
  const Run r = scratch().run({"units", diagonal, "--neighbours", "8", "--algorithm", "ca-star", "--format", "tracker"});
  check_refused(r, "--format tracker: unit 0 moves from");
  CHECK(r.err.find("the tracker's actions are one step up, down, left or right, or a wait") != std::string::npos);
}

TEST_CASE("check-plan: its help, and its line in astar --help") {
  const Run h = scratch().run({"check-plan", "--help"});
  CHECK(h.code == 0);
  CHECK(h.out.find("astar check-plan MAP SCEN PLAN [--agents K] [options]") == 0);
  CHECK(h.out.find("--flip-up-down") != std::string::npos);
  const Run all = scratch().run({"--help"});
  CHECK(all.out.find("  check-plan       check another program's multi-agent plan") != std::string::npos);
}
