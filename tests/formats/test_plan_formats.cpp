// Plans other MAPF programs write (plan_formats.hpp): each format round-trips on random plans
// (the same unit at every tick), each reads what its program writes (LaCAM's log, Li's
// savePaths with and without a space, the tracker's documented examples and a 2022 tracker
// solution), the format is told from the text, the writers refuse what a format cannot hold, and
// every file in tests/bad_plans is refused with its exact message.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "astar/plan_formats.hpp"

using namespace astar;
namespace fs = std::filesystem;

namespace {

const fs::path kBadDir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "bad_plans";

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The same unit at every tick (a plan's unit stays where its plan ends).
bool same_at_every_tick(const std::vector<UnitPlan>& a, const std::vector<UnitPlan>& b) {
  if (a.size() != b.size()) return false;
  std::size_t end = 0;
  for (const UnitPlan& p : a) end = std::max(end, p.cells.size());
  for (const UnitPlan& p : b) end = std::max(end, p.cells.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t t = 0; t < end; ++t)
      if (!(a[i].at(t) == b[i].at(t))) return false;
  return true;
}

std::vector<Cell> starts_of(const std::vector<UnitPlan>& plans) {
  std::vector<Cell> out;
  for (const UnitPlan& p : plans) out.push_back(p.cells.front());
  return out;
}

// Random plans: each unit a walk of 4-neighbour steps and waits (with `jumps`, sometimes a jump
// of several cells), starting anywhere in -3..40, off the map or not (a reader must not care).
std::vector<UnitPlan> random_plans(std::mt19937& rng, bool jumps) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<UnitPlan> plans(static_cast<std::size_t>(pick(1, 12)));
  for (UnitPlan& p : plans) {
    p.cells.push_back({pick(-3, 40), pick(-3, 40)});
    const int steps = pick(0, 30);
    for (int s = 0; s < steps; ++s) {
      const Cell c = p.cells.back();
      const int k = pick(0, jumps ? 5 : 4);
      const Cell d = k == 0 ? Cell{0, 0} : k == 1 ? Cell{1, 0} : k == 2 ? Cell{-1, 0} : k == 3 ? Cell{0, 1}
                     : k == 4 ? Cell{0, -1} : Cell{pick(-9, 9), pick(-9, 9)};
      p.cells.push_back({c.x + d.x, c.y + d.y});
    }
  }
  return plans;
}

ReadPlans read_ok(std::string_view text, const PlanReadOptions& o = {}) {
  auto r = parse_plans(text, "plan.txt", o);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

std::string error_of(std::string_view text, const PlanReadOptions& o = {}) {
  const auto r = parse_plans(text, "plan.txt", o);
  return r.ok() ? "(read)" : r.error();
}

std::vector<Cell> cells_of(const ReadPlans& r, std::size_t unit) { return r.plans[unit].cells; }

}  // namespace

TEST_CASE("[plan formats] each format round-trips on 300 random sets of plans") {
  std::mt19937 rng(33);
  for (int round = 0; round < 300; ++round) {
    CAPTURE(round);
    const bool jumps = round % 3 == 0;
    const std::vector<UnitPlan> plans = random_plans(rng, jumps);
    const std::vector<Cell> starts = starts_of(plans);
    for (const PlanFormat f : {PlanFormat::Kei18, PlanFormat::Li, PlanFormat::Tracker}) {
      for (const bool flip : {false, true}) {
        CAPTURE(to_string(f));
        CAPTURE(flip);
        const Result<std::string> text = plans_text(plans, f, flip);
        if (f == PlanFormat::Tracker && jumps) continue;  // (refusals: the test below)
        REQUIRE_MESSAGE(text.ok(), (text.ok() ? "" : text.error()));
        // Told from the text, and read with the unit count and the starts a problem gives.
        const ReadPlans read = read_ok(text.value(), {.units = plans.size(), .starts = starts, .flip_up_down = flip});
        CHECK(read.format == f);
        CHECK(same_at_every_tick(read.plans, plans));
        CHECK(plan_unit_count(text.value(), "plan.txt").value() == plans.size());
      }
    }
  }
}

TEST_CASE("[plan formats] the texts written: Kei18's ticks, Li's rows first, the tracker's letters") {
  // Unit 0 goes right twice then down; unit 1 waits, goes up, and stops.
  const std::vector<UnitPlan> plans{{{{0, 0}, {1, 0}, {2, 0}, {2, 1}}}, {{{5, 5}, {5, 5}, {5, 4}}}};
  CHECK(plans_text(plans, PlanFormat::Kei18).value() ==
        "0:(0,0),(5,5),\n1:(1,0),(5,5),\n2:(2,0),(5,4),\n3:(2,1),(5,4),\n");
  CHECK(plans_text(plans, PlanFormat::Li).value() ==
        "Agent 0: (0,0)->(0,1)->(0,2)->(1,2)->\nAgent 1: (5,5)->(5,5)->(4,5)->\n");
  CHECK(plans_text(plans, PlanFormat::Tracker).value() == "rrd\nwu\n");
  CHECK(plans_text(plans, PlanFormat::Tracker, true).value() == "rru\nwd\n");
  // A unit that never moves is one wait.
  CHECK(plans_text({{{{3, 3}}}}, PlanFormat::Tracker).value() == "w\n");
}

TEST_CASE("[plan formats] what the tracker cannot hold, and empty plans, are refused") {
  const std::vector<UnitPlan> diagonal{{{{0, 0}, {1, 0}}}, {{{4, 4}, {4, 4}, {5, 5}}}};
  CHECK(plans_text(diagonal, PlanFormat::Tracker).error() ==
        "unit 1 moves from (4, 4) to (5, 5) between t = 1 and t = 2: the tracker's actions are one step up, "
        "down, left or right, or a wait");
  CHECK(plans_text(diagonal, PlanFormat::Kei18).ok());
  CHECK(plans_text({}, PlanFormat::Li).error() == "no plans to write");
  CHECK(plans_text({UnitPlan{}}, PlanFormat::Kei18).error() == "unit 0's plan is empty");
}

TEST_CASE("[plan formats] LaCAM's log and mapf-visualizer's sample: x the column, y the row") {
  // As Kei18/lacam's make_log writes it: key=value lines, solution=, ticks ending in a comma.
  const ReadPlans lacam = read_ok(
      "agents=2\nmap_file=random-32-32-20.map\nsolver=planner\nsolved=1\nsoc=3\nsoc_lb=3\nmakespan=2\n"
      "starts=(5,16),(21,29),\ngoals=(6,17),(21,28),\nsolution=\n0:(5,16),(21,29),\n1:(6,16),(21,28),\n"
      "2:(6,17),(21,28),\n");
  CHECK(lacam.format == PlanFormat::Kei18);
  CHECK(cells_of(lacam, 0) == std::vector<Cell>{{5, 16}, {6, 16}, {6, 17}});
  CHECK(cells_of(lacam, 1) == std::vector<Cell>{{21, 29}, {21, 28}, {21, 28}});
  // The visualizer's README: no header, no trailing comma; spaces, CRLF and blank lines taken.
  const ReadPlans readme = read_ok("0:(5,16),(21,29)\r\n\r\n1: (5,17), (21,28)\r\n");
  CHECK(cells_of(readme, 0) == std::vector<Cell>{{5, 16}, {5, 17}});
  CHECK(cells_of(readme, 1) == std::vector<Cell>{{21, 29}, {21, 28}});
}

TEST_CASE("[plan formats] Li's savePaths: row first, with or without a space after the colon") {
  // CBSH2-RTC and EECBS (CBS::savePaths) write "Agent i: "; MAPF-LNS2 (Instance::savePaths) "Agent i:".
  const ReadPlans li = read_ok("Agent 0: (16,5)->(16,6)->(17,6)->\nAgent 1:(29,21)->(28,21)->\n");
  CHECK(li.format == PlanFormat::Li);
  CHECK(cells_of(li, 0) == std::vector<Cell>{{5, 16}, {6, 16}, {6, 17}});
  CHECK(cells_of(li, 1) == std::vector<Cell>{{21, 29}, {21, 28}});
  // No trailing arrow, and a path off the map (a finding for the checker, not for the reader).
  CHECK(cells_of(read_ok("Agent 0: (0,0)->(-1,0)"), 0) == std::vector<Cell>{{0, 0}, {0, -1}});
}

TEST_CASE("[plan formats] the tracker's letters, counts and two ways up") {
  // The tracker's docs (client/src/docs/format.mdx): the path (0,0) -> (0,1) -> (1,1) -> (2,1) ->
  // (2,0) -> (2,0) -> (1,0), with (0, 0) the top left, is "drruwl".
  const std::vector<Cell> docs_path{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 0}, {2, 0}, {1, 0}};
  const std::vector<Cell> origin{{0, 0}};
  CHECK(cells_of(read_ok("drruwl\n", {.starts = origin}), 0) == docs_path);
  // Its earlier page had the same path as "urrdwl": 'u' to y + 1, read with flip_up_down.
  CHECK(cells_of(read_ok("urrdwl\n", {.starts = origin, .flip_up_down = true}), 0) == docs_path);
  // Run-length counts before the letters ("u2ru3r3u4r" is "urrurrruuurrrr"), upper case as lower.
  CHECK(cells_of(read_ok("u2ru3r3u4r", {.starts = origin}), 0) ==
        cells_of(read_ok("URRURRRUUURRRR", {.starts = origin}), 0));
  // A blank line is a unit that stays on its start (the tracker reads "" as "w").
  const std::vector<Cell> two{{3, 3}, {7, 7}};
  const ReadPlans blank = read_ok("\nrr\n", {.starts = two});
  CHECK(cells_of(blank, 0) == std::vector<Cell>{{3, 3}});
  CHECK(cells_of(blank, 1) == std::vector<Cell>{{7, 7}, {8, 7}, {9, 7}});
}

TEST_CASE("[plan formats] a 2022 tracker solution reaches its goals only with 'u' as y + 1") {
  // Agents 0 and 1 of the tracker's best solution for random-32-32-20-random-1 (300 agents, as
  // PlanViz's example/random-32-32-20_random_1_300.csv holds it), from their starts in the
  // scenario: (5, 16) -> goal (31, 24) and (21, 29) -> goal (24, 22).
  const std::string text = "drrurrrrururruuuuuuuurrrrrurrrrrdrrrrrdrdr\ndrddwdllddlwrdrrrr\n";
  const std::vector<Cell> starts{{5, 16}, {21, 29}};
  const ReadPlans old_way = read_ok(text, {.starts = starts, .flip_up_down = true});
  CHECK(old_way.plans[0].cells.back() == Cell{31, 24});
  CHECK(old_way.plans[1].cells.back() == Cell{24, 22});
  const ReadPlans new_way = read_ok(text, {.starts = starts});
  CHECK(new_way.plans[0].cells.back() == Cell{31, 8});
}

TEST_CASE("[plan formats] the format is told from the first line that is not blank") {
  CHECK(plan_format_of("\n\n0:(1,2),", "p").value() == PlanFormat::Kei18);
  CHECK(plan_format_of("agents=3\nsolution=\n", "p").value() == PlanFormat::Kei18);
  CHECK(plan_format_of("Agent 0: (1,2)->", "p").value() == PlanFormat::Li);
  CHECK(plan_format_of("  3r2uw\nd", "p").value() == PlanFormat::Tracker);
  CHECK(plan_format_of("\n\n# a comment\n", "p").error() ==
        "p: line 3: expected a plan: tick lines 't:(x,y),...' (Kei18's mapf-visualizer, LaCAM), "
        "'Agent i: (row,col)->...' (Jiaoyang Li's solvers) or strings of u, d, l, r, w (MAPF Tracker), "
        "got '#'");
  CHECK(plan_unit_count("0:(1,2),(3,4),(5,6),\n", "p").value() == 3);
  CHECK(plan_unit_count("Agent 0: (1,2)->\nAgent 1: (1,3)->\n", "p").value() == 2);
  CHECK(plan_unit_count("r\n\nl\n\n\n", "p").value() == 3);
  // A format given is not told again.
  CHECK(error_of("0:(1,2),", {.format = PlanFormat::Li}) ==
        "plan.txt: line 1: expected 'Agent 0:', got '0:(1'");
  CHECK(to_string(PlanFormat::Tracker) == "tracker");
  CHECK(plan_format_from("li") == PlanFormat::Li);
  CHECK_FALSE(plan_format_from("Li").has_value());
}

TEST_CASE("[plan formats] the unit count a problem gives, and the tracker's starts") {
  const PlanReadOptions four{.units = 4, .units_note = "--agents 4"};
  CHECK(error_of("0:(1,1),(2,2),(3,3),\n", four) ==
        "plan.txt: line 1: 3 cells, one per unit, but the problem has 4 units (--agents 4)");
  CHECK(error_of("Agent 0: (1,1)->\nAgent 1: (1,2)->\n", four) ==
        "plan.txt: 2 agents (Agent 0 to Agent 1), but the problem has 4 units (--agents 4)");
  CHECK(error_of("r\n") == "plan.txt: the tracker format needs the units' starts (from a scenario or a level)");
  const std::vector<Cell> three{{0, 0}, {1, 0}, {2, 0}};
  CHECK(error_of("r\nl\n", {.starts = three}) == "plan.txt: 2 lines, one per unit, but the problem has 3 units");
  CHECK(read_ok("r\nl\nw\n", {.starts = three}).plans.size() == 3);
}

TEST_CASE("[plan formats] limits: counts, ticks and a missing file") {
  const std::vector<Cell> one{{0, 0}};
  CHECK(error_of("1000001w", {.starts = one}) ==
        "plan.txt: line 1: unit 0: expected a count 1..1000000 before an action, got '1000001w'");
  CHECK(error_of("1000000w1w", {.starts = one}) == "plan.txt: line 1: unit 0: more than 1000000 actions (the limit)");
  CHECK(read_ok("1000000w", {.starts = one}).plans[0].cells.size() == 1'000'001);
  const auto missing = load_plans("/nonexistent/plan.txt");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error() == "/nonexistent/plan.txt: cannot open: No such file or directory");
}

TEST_CASE("[plan formats] every file in tests/bad_plans is refused with its exact message") {
  // The problem they are read for: 2 units starting at (0, 0) and (1, 0) (tests/bad_plans/README.md).
  const std::vector<Cell> starts{{0, 0}, {1, 0}};
  const PlanReadOptions problem{.units = 2, .units_note = "--agents 2", .starts = starts};
  std::vector<fs::path> plans;
  std::size_t expected_files = 0;
  for (const auto& e : fs::directory_iterator(kBadDir)) {
    if (e.path().extension() == ".txt") plans.push_back(e.path());
    if (e.path().extension() == ".expected") ++expected_files;
  }
  std::sort(plans.begin(), plans.end());
  CHECK(plans.size() >= 25);
  CHECK(expected_files == plans.size());
  for (const fs::path& plan : plans) {
    const std::string path = plan.string();
    CAPTURE(path);
    const fs::path expected_file = kBadDir / (plan.stem().string() + ".expected");
    REQUIRE(fs::exists(expected_file));
    std::string expected = read_all(expected_file);
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    const auto r = load_plans(path, problem);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == path + ": " + expected);
    // The same text from memory: the same message.
    const auto again = parse_plans(read_all(plan), path, problem);
    REQUIRE_FALSE(again.ok());
    CHECK(again.error() == r.error());
  }
}
