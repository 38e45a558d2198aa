// A plan from another program opened in the studio (state/opened_plan.hpp) without a window: the
// same plan written by core in Kei18's, Li's and MAPF Tracker's formats opens on the level's
// units and plays on Play units' time slider (the positions at every tick are the plan's), checked
// by core with CBS's optimum; a planted collision gives its finding, and picking it sets the tick;
// a bad file or another unit count leaves the level and the plan open before alone, naming the
// file and the line; an edit checks the plan again, a change of the units closes it.
//
// Lesson 20's tunnel (units 0: (1, 1) -> (9, 1), 1: (9, 1) -> (1, 1); the niche at (2, 2)):
//   ###########
//   #.........#
//   ##.########
//   ###########
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/level_io.hpp"
#include "astar/plan_formats.hpp"
#include "state/studio.hpp"
#include "support/temp_dir.hpp"

using astar::Cell;
using astar::PlanFindingKind;
using astar::UnitPlan;
using astar::test::TempDir;

namespace {

void open_tunnel(studio::Studio& st) {
  const astar::Status s = st.open(ASTAR_SOURCE_DIR "/levels/lessons/20-who-goes-first.json");
  REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
}

std::string written(const std::vector<UnitPlan>& plans, astar::PlanFormat f) {
  const astar::Result<std::string> text = astar::plans_text(plans, f);
  REQUIRE_MESSAGE(text.ok(), (text.ok() ? "" : text.error()));
  return text.value();
}

// A unit walking along row 1 from x = from to x = to, one cell a tick.
UnitPlan walk(int from, int to) {
  UnitPlan p;
  for (int x = from;; x += from < to ? 1 : -1) {
    p.cells.push_back({x, 1});
    if (x == to) break;
  }
  return p;
}

// The slider's positions at every tick are the plans'.
void plays(studio::Studio& st, const std::vector<UnitPlan>& plans) {
  studio::UnitsPlayback& p = st.units_playback;
  REQUIRE(p.shown());
  REQUIRE(p.planned());
  REQUIRE(p.plans().size() == plans.size());
  std::size_t last = 0;
  for (const UnitPlan& u : plans) last = std::max(last, u.cells.size() - 1);
  CHECK(p.last_tick() == last);
  for (std::size_t t = 0; t <= last + 2; ++t) {
    p.set_tick(t);
    const std::vector<Cell> at = p.positions();
    for (std::size_t i = 0; i < plans.size(); ++i) CHECK(at[i] == plans[i].at(t));
  }
}

}  // namespace

TEST_CASE("[opened plan] one optimal plan in each format plays as written, with no finding") {
  studio::Studio st;
  open_tunnel(st);
  const auto cbs = astar::plan_cbs(st.level(), st.level().rules(), {});
  REQUIRE(cbs.ok());
  REQUIRE(cbs.value().outcome == astar::CbsOutcome::Solved);
  const std::vector<UnitPlan>& plans = cbs.value().plans;
  TempDir tmp;
  for (const astar::PlanFormat f : {astar::PlanFormat::Kei18, astar::PlanFormat::Li, astar::PlanFormat::Tracker}) {
    CAPTURE(astar::to_string(f));
    const std::string path = tmp.write("plan-" + std::string(astar::to_string(f)) + ".txt", written(plans, f));
    const astar::Status s = st.open_plan(path);
    REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
    const studio::OpenedPlan* p = st.opened_plan();
    REQUIRE(p != nullptr);
    CHECK(p->format == f);
    CHECK(p->report.total() == 0);
    REQUIRE(p->optimum.has_value());
    CHECK(p->optimum->sum_of_costs == 23);  // the lesson's: unit 0 waits in the niche
    CHECK(p->report.stats.sum_of_costs == 23);
    CHECK(p->optimum_note.starts_with("CBS, "));
    CHECK(st.units_playback.given() == p->file_name());
    CHECK(st.units_playback.summary().starts_with(p->file_name() + ": 2 units, 2 arrived, sum of costs 23"));
    CHECK(st.status.find("no findings") != std::string::npos);
    st.update(0.0);
    plays(st, plans);
  }
  CHECK_FALSE(st.dirty());
}

TEST_CASE("[opened plan] a planted collision is found, named, and picking it sets the tick") {
  studio::Studio st;
  open_tunnel(st);
  TempDir tmp;
  // Both walk straight on: they meet head on at (5, 1) at t = 4.
  const std::vector<UnitPlan> plans{walk(1, 9), walk(9, 1)};
  const std::string path = tmp.write("collide.txt", written(plans, astar::PlanFormat::Li));
  REQUIRE(st.open_plan(path).ok());
  const studio::OpenedPlan& p = *st.opened_plan();
  REQUIRE(p.report.findings.size() >= 1);
  const astar::PlanFinding& f = p.report.findings.front();
  CHECK(f.kind == PlanFindingKind::VertexConflict);
  CHECK(f.tick == 4);
  CHECK(f.cell == Cell{5, 1});
  CHECK(f.text == "units 0 and 1 both at (5, 1) at t = 4");
  CHECK(st.status.find("units 0 and 1 both at (5, 1) at t = 4") != std::string::npos);
  CHECK(p.summary().find("optimum: sum of costs 23") != std::string::npos);
  st.update(0.0);
  plays(st, plans);
  st.units_playback.set_tick(0);
  st.units_playback.playing = true;
  st.select_plan_finding(0);
  CHECK(st.units_playback.tick() == 4);
  CHECK_FALSE(st.units_playback.playing);
  REQUIRE(p.selected == std::optional<std::size_t>(0));
  CHECK(st.status == "Finding at t = 4, (5, 1): units 0 and 1 both at (5, 1) at t = 4");
  CHECK(st.units_playback.conflicts_now().size() >= 1);
  st.select_plan_finding(99);
  CHECK(st.status.starts_with("No finding 100: the check listed "));
  CHECK(p.selected == std::optional<std::size_t>(0));
}

TEST_CASE("[opened plan] a bad file, or another number of units, leaves the level and the open plan") {
  studio::Studio st;
  open_tunnel(st);
  TempDir tmp;
  const std::vector<UnitPlan> good{walk(1, 9), walk(9, 1)};
  const std::string first = tmp.write("first.txt", written(good, astar::PlanFormat::Kei18));
  REQUIRE(st.open_plan(first).ok());
  st.update(0.0);
  st.units_playback.set_tick(3);
  const std::string level_before = astar::level_to_json(st.level());

  SUBCASE("a line of no plan") {
    const std::string bad = tmp.write("bad.txt", "0:(1,1),(9,1),\n1:(2,1),(8,1),\nwhat is this\n");
    const astar::Status s = st.open_plan(bad);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().starts_with(bad + ": line 3: "));
    CHECK(st.status == "Plan not opened: " + s.error());
  }
  SUBCASE("three units on a level of two") {
    const std::vector<UnitPlan> three{walk(1, 9), walk(9, 1), walk(5, 5)};
    const std::string path = tmp.write("three.txt", written(three, astar::PlanFormat::Li));
    const astar::Status s = st.open_plan(path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().find("the level's units") != std::string::npos);
    CHECK(s.error().starts_with(path));
  }
  SUBCASE("a file that is not there") {
    const astar::Status s = st.open_plan(tmp / "missing.txt");
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().starts_with(tmp / "missing.txt"));
  }
  REQUIRE(st.opened_plan() != nullptr);
  CHECK(st.opened_plan()->path == first);
  CHECK(st.units_playback.given() == "first.txt");
  CHECK(st.units_playback.tick() == 3);
  CHECK(astar::level_to_json(st.level()) == level_before);
  CHECK_FALSE(st.dirty());
}

TEST_CASE("[opened plan] a level without units refuses a plan by name") {
  studio::Studio st;
  REQUIRE(st.open(ASTAR_SOURCE_DIR "/levels/welcome.json").ok());
  REQUIRE(st.level().units.empty());
  TempDir tmp;
  const std::string path = tmp.write("p.txt", "0:(1,1),\n");
  const astar::Status s = st.open_plan(path);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().starts_with(path + ": the level has no units"));
  CHECK(st.opened_plan() == nullptr);
  CHECK_FALSE(st.units_playback.shown());
}

TEST_CASE("[opened plan] edits check it again; a change of units, a planner or a new level closes it") {
  studio::Studio st;
  open_tunnel(st);
  TempDir tmp;
  const std::vector<UnitPlan> plans{walk(1, 9), walk(9, 1)};
  REQUIRE(st.open_plan(tmp.write("p.txt", written(plans, astar::PlanFormat::Tracker))).ok());
  st.update(0.0);
  const std::size_t before = st.opened_plan()->report.total();

  SUBCASE("a wall across the tunnel: illegal moves, and the optimum is not known") {
    st.editor().set_cell(astar::Layer::Walls, {4, 1}, 1.0);
    st.update(0.0);
    REQUIRE(st.opened_plan() != nullptr);
    const studio::OpenedPlan& p = *st.opened_plan();
    CHECK(p.report.counts[static_cast<std::size_t>(PlanFindingKind::IllegalMove)] == 2);
    CHECK(p.report.total() > before);
    CHECK_FALSE(p.optimum.has_value());
    CHECK(p.optimum_note.starts_with("not known: "));
    st.undo();
    st.update(0.0);
    CHECK(st.opened_plan()->report.total() == before);
  }
  SUBCASE("a unit more closes it, saying why") {
    st.editor().add_unit({{5, 1}, {6, 1}, std::nullopt});
    st.update(0.0);
    CHECK(st.opened_plan() == nullptr);
    CHECK(st.status == "Closed the plan p.txt: it has 2 units, the level now 3");
    CHECK_FALSE(st.units_playback.shown());
  }
  SUBCASE("choosing a planner") {
    st.units_playback.show(studio::UnitsPlanner::CaStar);
    st.update(0.0);
    CHECK(st.opened_plan() == nullptr);
    CHECK(st.units_playback.given().empty());
    CHECK(st.units_playback.summary().starts_with("CA*: "));
  }
  SUBCASE("another level") {
    open_tunnel(st);
    CHECK(st.opened_plan() == nullptr);
    CHECK(st.units_playback.given().empty());
  }
  SUBCASE("Close plan") {
    st.close_plan();
    CHECK(st.opened_plan() == nullptr);
    CHECK_FALSE(st.units_playback.shown());
    CHECK(st.status == "Closed the plan p.txt");
  }
}
