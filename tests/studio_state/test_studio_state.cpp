// The studio's state without a window (app/studio/state, the astar_studio_state library): edits
// that re-run the search, LPA* and D* Lite repairs, the walking agent, a trace opened, checked
// and edited under, the quiz, and undo across all of them, driven as the panels drive it.
//
// The level of most cases (support/wall_studio.hpp), 12 x 8, a wall with a gap at the bottom:
//   S . . . . # . . . . . G
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . . . . . . . .
//   . . . . . . . . . . . .
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "state/studio.hpp"
#include "support/temp_dir.hpp"
#include "support/wall_studio.hpp"

using astar::Algorithm;
using astar::Cell;
using astar::Layer;
using astar::SearchState;
using astar::test::studio_with;

namespace {

// The search the studio shows against a fresh search of the same algorithm on its level, run to
// the end: the same outcome and path cost, and (`same_work`) the same expansions and path.
void check_as_fresh(const studio::Studio& st, bool same_work) {
  const auto fresh = astar::make_search(st.level(), st.session().search_options());
  fresh->run();
  REQUIRE(astar::finished(st.session().search().state()));
  CHECK(st.session().search().state() == fresh->state());
  if (std::isinf(fresh->path_cost())) CHECK(std::isinf(st.session().search().path_cost()));
  else CHECK(st.session().search().path_cost() == doctest::Approx(fresh->path_cost()));
  CHECK(st.session().path().empty() == fresh->path().empty());
  if (!same_work) return;
  CHECK(st.session().search().metrics().expanded == fresh->metrics().expanded);
  CHECK(st.session().path() == fresh->path());
}

// Closes the gap under the wall (cells (5, 6) and (5, 7)): one undo step.
void close_gap(studio::Studio& st) {
  astar::Editor& ed = st.editor();
  ed.begin("Close the gap");
  ed.set_cell(Layer::Walls, {5, 6}, 1.0);
  ed.set_cell(Layer::Walls, {5, 7}, 1.0);
  ed.end();
  st.flush();
}

// Opens a hole in the wall near the top (cell (5, 1)): the path gets shorter.
void open_hole(studio::Studio& st) {
  st.editor().set_cell(Layer::Walls, {5, 1}, 0.0);
  st.flush();
}

}  // namespace

TEST_CASE("[studio state] an edit re-runs the search to the same result as a fresh one") {
  auto st = studio_with(Algorithm::AStar);
  st->session().run_to_end();
  REQUIRE(st->session().search().state() == SearchState::Found);
  const double before = st->session().search().path_cost();
  const std::uint64_t generation = st->session().generation();

  SUBCASE("a finished search is re-run to its end") {
    open_hole(*st);
    CHECK(st->session().generation() > generation);  // a new search, not a repair
    CHECK(st->session().search().path_cost() < before);
    check_as_fresh(*st, true);
    CHECK(st->dirty());
  }
  SUBCASE("a search under way is re-run to the same iteration") {
    st->session().reset_search();
    st->session().step(7);
    REQUIRE(st->session().search().iterations() == 7);
    open_hole(*st);
    CHECK(st->session().search().iterations() == 7);
    const auto fresh = astar::make_search(st->level(), st->session().search_options());
    for (int i = 0; i < 7; ++i) fresh->step();
    for (int y = 0; y < st->level().height(); ++y)
      for (int x = 0; x < st->level().width(); ++x) {
        const Cell at{x, y};
        CAPTURE(at);
        CHECK(st->session().search().node({x, y}).state == fresh->node({x, y}).state);
        CHECK(st->session().search().node({x, y}).g == fresh->node({x, y}).g);
      }
  }
  SUBCASE("a closed gap leaves no path, and the status says nothing is repaired") {
    close_gap(*st);
    CHECK(st->session().search().state() == SearchState::NoPath);
    CHECK(st->session().path().empty());
    CHECK(st->session().repair_text().empty());
    check_as_fresh(*st, true);
  }
}

namespace {

// One algorithm's repairs; the test case below runs it for LPA* and D* Lite.
void check_repairs(Algorithm a) {
  CAPTURE(astar::info(a).name);
  auto st = studio_with(a);
  REQUIRE(st->session().replanning() != nullptr);
  st->session().run_to_end();
  REQUIRE(st->session().search().state() == SearchState::Found);
  const std::uint64_t generation = st->session().generation();

  open_hole(*st);
  CHECK(st->session().generation() == generation);  // the same search, repaired
  CHECK(st->session().replanning()->repair().number == 1);
  CHECK(st->session().repair_text().find("repair 1:") != std::string::npos);
  CHECK(st->session().repair_text().find("A* from scratch") != std::string::npos);
  check_as_fresh(*st, false);
  const double after_hole = st->session().search().path_cost();

  close_gap(*st);
  CHECK(st->session().replanning()->repair().number == 2);
  check_as_fresh(*st, false);

  // Back steps through the last repair, then undoes it: the search is as the first left it.
  studio::SearchSession& s = st->session();
  for (int i = 0; i < 10000 && s.replanning()->repair().number == 2; ++i) REQUIRE(s.step_back());
  CHECK(st->session().replanning()->repair().number == 1);
  CHECK(st->session().search().state() == SearchState::Found);
  CHECK(st->session().search().path_cost() == doctest::Approx(after_hole));
}

}  // namespace

TEST_CASE("[studio state] LPA* and D* Lite repair an edit to the result of a fresh search") {
  SUBCASE("LPA*") { check_repairs(Algorithm::LpaStar); }
  SUBCASE("D* Lite") { check_repairs(Algorithm::DStarLite); }
}

TEST_CASE("[studio state] a walk with D* Lite, stepped to the goal and stepped back") {
  auto st = studio_with(Algorithm::DStarLite);
  st->set_walk({.on = true, .use_sensor = true, .sensor = 2});
  REQUIRE(st->session().walk_applies());
  REQUIRE(st->walk() != nullptr);
  CHECK(st->walk()->at() == Cell{0, 0});

  // Step until the plan is made and the agent has taken its first move.
  for (int i = 0; i < 1000 && st->walk()->moves_made() == 0; ++i) st->session().step();
  REQUIRE(st->walk()->moves_made() == 1);
  CHECK(st->walk()->at() != Cell{0, 0});
  CHECK(st->session().walk_text().starts_with("move 1, at "));

  // Back takes the move back (the repair it started is undone first).
  for (int i = 0; i < 1000 && st->walk()->moves_made() == 1; ++i)
    REQUIRE(st->session().step_back());
  CHECK(st->walk()->moves_made() == 0);
  CHECK(st->walk()->at() == Cell{0, 0});

  // End walks it to the goal, move by move.
  st->session().run_to_end();
  CHECK(st->session().search_done());
  CHECK(st->walk()->at() == Cell{11, 0});
  CHECK(st->walk()->state(*st->session().replanning()) == astar::WalkState::Arrived);
  CHECK(st->session().walk_text().starts_with("Arrived at the goal in "));
  const std::int64_t moves = st->walk()->moves_made();
  CHECK(moves >= 11);
  REQUIRE(st->session().step_back());
  CHECK_FALSE(st->session().search_done());
  CHECK(st->walk()->moves_made() <= moves);
}

TEST_CASE("[studio state] a trace opened, checked, and edited under") {
  astar::test::TempDir dir("studio-state");
  const std::string file = (dir.path / "run.json").string();
  auto st = studio_with(Algorithm::AStar);
  st->session().run_to_end();
  const std::vector<Cell> path = st->session().path();
  REQUIRE(path.size() > 2);
  REQUIRE(st->export_trace(file));

  // Our own A* trace, read back: replayed to its end, it shows the same path, with no finding.
  REQUIRE(st->open_trace(file));
  REQUIRE(st->trace_mode() != nullptr);
  CHECK(st->session().replanning() == nullptr);
  CHECK(st->trace_mode()->report.total() == 0);
  st->session().run_to_end();
  CHECK(st->session().search().events_applied() == st->trace_mode()->trace->events.size());
  CHECK(st->session().path() == path);

  // A wall on its path: the trace stays open, at the same event, and the check finds it.
  const std::size_t applied = st->session().search().events_applied();
  st->editor().set_cell(Layer::Walls, path[path.size() / 2], 1.0);
  st->flush();
  REQUIRE(st->trace_mode() != nullptr);
  CHECK(st->session().search().events_applied() == applied);
  CHECK(st->trace_mode()->report.total() > 0);
  st->select_finding(0);
  REQUIRE(st->trace_mode()->selected.has_value());
  CHECK(st->session().search().events_applied() == st->trace_mode()->report.findings[0].event + 1);

  // Undone, the wall is gone and so are the findings.
  REQUIRE(st->undo());
  st->flush();
  CHECK(st->trace_mode()->report.total() == 0);
  st->close_trace();
  CHECK(st->trace_mode() == nullptr);
}

TEST_CASE("[studio state] the quiz: a right guess, a wrong one, and nothing left to predict") {
  auto st = studio_with(Algorithm::AStar);
  st->session().quiz.on = true;
  const auto next = st->session().search().next_to_take();
  REQUIRE(next.has_value());
  st->session().answer_quiz(*next);
  CHECK(st->session().quiz.asked == 1);
  CHECK(st->session().quiz.right == 1);
  CHECK(st->session().quiz.last_right);
  CHECK(st->status == "Right!");
  CHECK(st->session().search().iterations() == 1);  // the take is shown

  const auto right = st->session().search().next_to_take();
  REQUIRE(right.has_value());
  const Cell wrong = *right == Cell{11, 7} ? Cell{10, 7} : Cell{11, 7};
  st->session().answer_quiz(wrong);
  CHECK(st->session().quiz.asked == 2);
  CHECK(st->session().quiz.right == 1);
  CHECK_FALSE(st->session().quiz.last_right);
  CHECK_FALSE(st->session().quiz.last.empty());
  CHECK(st->session().search().iterations() == 2);

  st->session().run_to_end();
  st->session().answer_quiz(*right);
  CHECK(st->session().quiz.asked == 2);
  CHECK(st->session().quiz.last.starts_with("Nothing to predict"));
}

namespace {

// Edits, a rules change, their undo and a redo, with algorithm `a`.
void check_undo(Algorithm a) {
  CAPTURE(astar::info(a).name);
  auto st = studio_with(a);
  st->session().run_to_end();
  const double cost = st->session().search().path_cost();
  const std::vector<Cell> path = st->session().path();
  CHECK_FALSE(st->dirty());

  open_hole(*st);
  close_gap(*st);
  CHECK(st->dirty());
  st->set_rules([&] {
    astar::MovementRules r = st->level().rules();
    r.neighbours = astar::Neighbours::Four;
    return r;
  }());
  st->flush();
  CHECK(st->level().rules().neighbours == astar::Neighbours::Four);

  REQUIRE(st->undo());  // the rules
  st->flush();
  CHECK(st->level().rules().neighbours != astar::Neighbours::Four);
  REQUIRE(st->undo());  // the gap
  REQUIRE(st->undo());  // the hole
  st->flush();
  CHECK_FALSE(st->undo());
  CHECK(st->status == "Nothing to undo");
  CHECK_FALSE(st->dirty());
  CHECK(st->level().wall({5, 1}));
  CHECK_FALSE(st->level().wall({5, 6}));
  st->session().run_to_end();
  CHECK(st->session().search().path_cost() == doctest::Approx(cost));
  check_as_fresh(*st, a == Algorithm::AStar);
  if (a == Algorithm::AStar) CHECK(st->session().path() == path);

  REQUIRE(st->redo());
  st->flush();
  CHECK_FALSE(st->level().wall({5, 1}));
  CHECK(st->dirty());
}

}  // namespace

TEST_CASE("[studio state] undo brings back the level, the search's result and the saved state") {
  SUBCASE("A*: re-runs") { check_undo(Algorithm::AStar); }
  SUBCASE("LPA*: repairs") { check_undo(Algorithm::LpaStar); }
  SUBCASE("D* Lite: repairs") { check_undo(Algorithm::DStarLite); }
}

TEST_CASE("[studio state] undo of an edit under a walk and a trace") {
  SUBCASE("walking") {
    auto st = studio_with(Algorithm::DStarLite);
    st->set_walk({.on = true, .use_sensor = false, .sensor = 3});
    st->session().run_to_end();
    REQUIRE(st->walk()->state(*st->session().replanning()) == astar::WalkState::Arrived);
    const double walked = st->walk()->walked_cost();
    st->session().reset_search();
    open_hole(*st);  // before the walk starts: the known level has the hole (no sensor)
    st->session().run_to_end();
    CHECK(st->walk()->walked_cost() < walked);
    REQUIRE(st->undo());
    st->flush();
    st->session().reset_search();
    st->session().run_to_end();
    CHECK(st->walk()->walked_cost() == doctest::Approx(walked));
  }
}

TEST_CASE("[studio state] a step of n iterations refreshes everything past the change list, for any n") {
  // SearchSession::step(n): a step changes at most 9 cells, so n steps refresh the whole texture
  // once n * 9 passes the change log's limit. Run to the end with breakpoints or a walk steps with
  // n = INT64_MAX, where n * 9 would overflow (UBSan stopped lesson 17 there).
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  for (const std::size_t limit : {std::size_t{4096}, std::size_t{4100}, std::size_t{1} << 40}) {
    CAPTURE(limit);
    CHECK(studio::too_many_to_list(kMax, limit));
    CHECK(studio::too_many_to_list(kMax / 9 + 1, limit));
    for (std::int64_t n = 0; n < 20000; ++n)
      REQUIRE(studio::too_many_to_list(n, limit) == (n * 9 > static_cast<std::int64_t>(limit)));
  }
  CHECK_FALSE(studio::too_many_to_list(455, 4096));  // 4,095 cells
  CHECK(studio::too_many_to_list(456, 4096));        // 4,104 cells

  // And through the studio: a walk to the goal and a run to a breakpoint take n = INT64_MAX.
  auto st = studio_with(Algorithm::AStar);
  st->session().breakpoints().on_take.push_back({11, 0});
  const std::uint64_t revision = st->search_changes.revision;
  st->session().run_to_end();
  CHECK(st->search_changes.revision > revision);  // one full refresh
  CHECK(st->status.starts_with("breakpoint: "));
}
