// Play units (state/units_playback.hpp) without a window: a lesson with a units_plan opens
// playing it; the plans equal core's planners' (flow_field_plans, plan_cooperative) and the
// positions at every tick their UnitPlan::at; the time slider clamps and steps; Play moves
// ticks_per_second ticks a second on update() and stops at the end; an edit of a cell marks the
// plans out of date and the next update repairs the flow fields (the plans then equal new ones on
// the edited level), a units edit or another planner plans anew; a level without units says so.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "astar/cooperative.hpp"
#include "astar/flow_plans.hpp"
#include "astar/level_io.hpp"
#include "state/studio.hpp"

using astar::Cell;
using studio::UnitsPlanner;
using studio::UnitsPlayback;

namespace {

void open_lesson(studio::Studio& st, const std::string& file) {
  const astar::Status s = st.open(ASTAR_SOURCE_DIR "/levels/lessons/" + file);
  REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
}

// Every unit at every tick as `expected` has it.
void same_plans(const UnitsPlayback& p, const std::vector<astar::UnitPlan>& expected) {
  REQUIRE(p.plans().size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) CHECK(p.plans()[i].cells == expected[i].cells);
}

}  // namespace

TEST_CASE("[units playback] a lesson's units_plan plays; the slider's positions are the plans'") {
  studio::Studio st;
  open_lesson(st, "20-who-goes-first.json");
  UnitsPlayback& p = st.units_playback;
  CHECK(p.shown());
  CHECK(p.planner() == UnitsPlanner::CaStar);
  CHECK_FALSE(p.planned());
  st.update(0.0);
  REQUIRE(p.planned());
  const auto core = astar::plan_cooperative(st.level(), st.level().rules(), {});
  REQUIRE(core.ok());
  same_plans(p, core.value().plans);
  CHECK(p.failures().size() == core.value().failures.size());
  CHECK(p.summary() == "CA*: 2 units, 1 arrived, sum of costs 8, makespan 8, 1 conflict");
  CHECK(p.last_tick() == 8);
  for (std::size_t t = 0; t <= p.last_tick(); ++t) {
    p.set_tick(t);
    const std::vector<Cell> at = p.positions();
    for (std::size_t i = 0; i < at.size(); ++i) CHECK(at[i] == core.value().plans[i].at(t));
  }
  CHECK(p.conflicts_now().size() == 1);  // at t = 8 unit 0 arrives where unit 1 stays
  p.set_tick(99);
  CHECK(p.tick() == 8);
  CHECK_FALSE(p.step(1));
  CHECK(p.step(-3));
  CHECK(p.tick() == 5);
  CHECK(p.holds({9, 1}).size() == 2);  // unit 0 at t = 8, unit 1 at t = 0 (and on)
  // Play: 4 ticks a second; a second and a half of frames moves 6 ticks, and it stops at the end.
  p.set_tick(0);
  p.playing = true;
  for (int f = 0; f < 15; ++f) st.update(0.1);
  CHECK(p.tick() == 6);
  for (int f = 0; f < 20; ++f) st.update(0.1);
  CHECK(p.tick() == 8);
  CHECK_FALSE(p.playing);
}

TEST_CASE("[units playback] WHCA*'s window, and another planner, plan anew") {
  studio::Studio st;
  open_lesson(st, "21-the-window.json");
  UnitsPlayback& p = st.units_playback;
  CHECK(p.planner() == UnitsPlanner::WhcaStar);
  CHECK(p.window() == 4);
  st.update(0.0);
  REQUIRE(p.planned());
  CHECK(p.failures().size() == 2);  // the deadlock, named for each unit
  p.set_window(8);
  CHECK(p.out_of_date());
  st.update(0.0);
  CHECK(p.failures().empty());
  CHECK(p.stats().sum_of_costs == 23);
  p.show(UnitsPlanner::FlowField);
  st.update(0.0);
  const auto flow = astar::flow_field_plans(st.level(), st.level().rules());
  REQUIRE(flow.ok());
  same_plans(p, flow.value().plans);
}

TEST_CASE("[units playback] edits: the flow fields are repaired, and equal new ones") {
  studio::Studio st;
  open_lesson(st, "22-one-field-many-units.json");
  UnitsPlayback& p = st.units_playback;
  st.update(0.0);
  REQUIRE(p.planned());
  CHECK(p.how() == "made 1 flow field");
  REQUIRE(p.field() != nullptr);
  // Close the gap between the rocks, cell by cell: each time a repair, equal to new plans.
  for (const Cell c : {Cell{11, 5}, Cell{12, 5}, Cell{11, 6}}) {
    REQUIRE(st.editor().set_cell(astar::Layer::Walls, c, 1.0));
    st.flush();
    CHECK(p.out_of_date());
    st.update(0.0);
    CHECK(p.how() == "repaired 1 flow field");
    const auto fresh = astar::flow_field_plans(st.level(), st.level().rules());
    REQUIRE(fresh.ok());
    same_plans(p, fresh.value().plans);
    auto field = astar::FlowField::make(st.level(), st.level().rules(), {st.level().units[0].goal});
    field.value().run();
    for (int y = 0; y < st.level().height(); ++y)
      for (int x = 0; x < st.level().width(); ++x)
        CHECK(p.field()->integration({x, y}) == field.value().integration({x, y}));
  }
  // A units edit plans anew (the units' list is not a cell).
  std::vector<astar::Unit> units = st.level().units;
  units.pop_back();
  REQUIRE(st.editor().set_units(units, "Remove unit"));
  st.update(0.0);
  CHECK(p.how() == "made 1 flow field");
  CHECK(p.plans().size() == units.size());
  // No units: the planner says so.
  REQUIRE(st.editor().set_units({}, "Clear units"));
  st.update(0.0);
  CHECK_FALSE(p.planned());
  CHECK(p.summary() == "Flow field: the level has no units");
}

TEST_CASE("[units playback] a level without a units_plan opens with it hidden") {
  studio::Studio st;
  open_lesson(st, "19-hex-movement-points.json");
  CHECK_FALSE(st.units_playback.shown());
  st.update(0.0);
  CHECK_FALSE(st.units_playback.planned());
}

TEST_CASE("[units playback] watching CA* plan: nodes, units, back; an edit ends it") {
  studio::Studio st;
  open_lesson(st, "20-who-goes-first.json");
  UnitsPlayback& p = st.units_playback;
  st.update(0.0);
  REQUIRE(p.watch(st.level()));
  const astar::CooperativePlanner& w = *p.watcher();
  CHECK(w.iterations() == 0);
  CHECK(p.watch_text().rfind("CA*: iteration 0, planning unit 0", 0) == 0);
  REQUIRE(p.watch_step_node());
  CHECK(w.iterations() == 1);
  REQUIRE(p.watch_step_unit());  // unit 0's plan is committed: it parks on its goal
  CHECK(w.unit_steps() == 1);
  CHECK(w.plans()[0].cells.size() == 9);
  CHECK(w.planning() == std::optional<std::size_t>(1));
  const std::int64_t at = w.iterations();
  REQUIRE(p.watch_step_node());
  REQUIRE(p.watch_step_back());
  CHECK(p.watcher()->iterations() == at);
  CHECK(p.watcher()->unit_steps() == 1);
  p.watch_to_end();
  CHECK(p.watcher()->done());
  CHECK(p.watcher()->plans()[0].cells == p.plans()[0].cells);  // as Play units planned it
  CHECK(p.watch_text().find("done after") != std::string::npos);
  REQUIRE(st.editor().set_cell(astar::Layer::Costs, {5, 1}, 2.0));
  CHECK_FALSE(p.watching());
  p.show(UnitsPlanner::FlowField);
  CHECK_FALSE(p.watch(st.level()));
  CHECK(p.error().find("choose CA*, WHCA* or CBS") != std::string::npos);
}
