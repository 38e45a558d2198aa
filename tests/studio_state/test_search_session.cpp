// The search session (app/studio/state/search_session.hpp) driven through Studio, as the panels
// drive it, and once on its own over a document: breakpoints pause Play, seeking gives what
// stepping gives, the repair's words after an LPA* edit, and when options make a new search.
//
// The level (support/wall_studio.hpp), 12 x 8, a wall with a gap at the bottom:
//   S . . . . # . . . . . G
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . . . . . . . .
//   . . . . . . . . . . . .
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "astar/search.hpp"
#include "state/search_session.hpp"
#include "state/studio.hpp"
#include "support/wall_studio.hpp"

using astar::Algorithm;
using astar::Cell;
using astar::Layer;
using astar::SearchState;
using astar::test::studio_with;
using astar::test::wall_level;
using studio::SearchSession;

namespace {

// Each cell's state and g in the search shown.
struct Snapshot {
  std::vector<astar::NodeState> states;
  std::vector<double> g;
  bool operator==(const Snapshot&) const = default;
};
Snapshot snapshot(const astar::Search& s) {
  Snapshot out;
  for (int y = 0; y < s.level().height(); ++y)
    for (int x = 0; x < s.level().width(); ++x) {
      out.states.push_back(s.node({x, y}).state);
      out.g.push_back(s.node({x, y}).g);
    }
  return out;
}

}  // namespace

TEST_CASE("[search session] a breakpoint pauses Play where the step hit it, and says why") {
  auto st = studio_with(Algorithm::AStar);
  SearchSession& s = st->session();
  s.breakpoints().on_take.push_back({2, 2});
  st->playing = true;
  st->speed = 1000.0f;
  for (int frame = 0; frame < 100 && st->playing; ++frame) st->update(0.1);
  CHECK_FALSE(st->playing);
  CHECK(s.search().last_taken() == Cell{2, 2});
  CHECK(st->status == "breakpoint: (2, 2) was taken");
  CHECK_FALSE(s.search_done());
  CHECK(s.path().empty());

  // Without it, Play runs to the end and stops there.
  s.breakpoints().on_take.clear();
  st->playing = true;
  for (int frame = 0; frame < 100 && st->playing; ++frame) st->update(0.1);
  CHECK_FALSE(st->playing);
  CHECK(s.search().state() == SearchState::Found);
  CHECK_FALSE(s.path().empty());
}

TEST_CASE("[search session] seeking back and forward shows what stepping shows") {
  auto st = studio_with(Algorithm::AStar);
  SearchSession& s = st->session();
  REQUIRE(s.rewind_enabled());
  s.step(9);
  const Snapshot at9 = snapshot(s.search());
  s.run_to_end();
  REQUIRE(s.search().state() == SearchState::Found);
  const std::int64_t end = s.search().iterations();
  const std::vector<Cell> path = s.path();
  CHECK(s.furthest_iteration() == end);

  s.seek(3);
  CHECK(s.search().iterations() == 3);
  CHECK(s.path().empty());  // no path before the end
  s.seek(9);
  CHECK(s.search().iterations() == 9);
  CHECK(snapshot(s.search()) == at9);
  s.seek(end);
  CHECK(s.search().state() == SearchState::Found);
  CHECK(s.path() == path);
  CHECK(s.furthest_iteration() == end);

  SUBCASE("step back and step again") {
    REQUIRE(s.step_back());
    CHECK(s.search().iterations() == end - 1);
    CHECK(s.path().empty());
    s.step();
    CHECK(s.path() == path);
  }
  SUBCASE("an event of the log: its iteration, micro-stepped to it") {
    const std::size_t events = s.trace().events().size();
    REQUIRE(events > 10);
    s.seek_event(10);
    CHECK(s.trace().count_at(s.search()) == 11);  // just after it
    CHECK(s.path().empty());
    s.seek(end);
    CHECK(s.path() == path);
  }
}

TEST_CASE("[search session] an LPA* edit is a repair, and the status line gives its words") {
  auto st = studio_with(Algorithm::LpaStar);
  SearchSession& s = st->session();

  SUBCASE("a finished search repairs to its end at once") {
    s.run_to_end();
    const std::uint64_t generation = s.generation();
    st->editor().set_cell(Layer::Walls, {5, 1}, 0.0);
    st->flush();
    CHECK(s.generation() == generation);
    CHECK(s.repair_text().starts_with("repair 1: "));
    CHECK(s.repair_text().find(" cells updated, ") != std::string::npos);
    CHECK(s.repair_text().ends_with(" expanded"));
    CHECK(st->status == s.repair_text());
    CHECK(s.search().state() == SearchState::Found);
  }
  SUBCASE("mid-search the repair waits for Step or Play") {
    s.step(5);
    st->editor().set_cell(Layer::Walls, {5, 1}, 0.0);
    st->flush();
    CHECK(s.repair_text().find(" so far (step or play to go on)") != std::string::npos);
    s.run_to_end();
    CHECK(s.repair_text().find(" so far ") == std::string::npos);
  }
  SUBCASE("a brush stroke is one repair, at its end") {
    s.run_to_end();
    st->editor().begin("Stroke");
    st->editor().set_cell(Layer::Walls, {5, 1}, 0.0);
    st->flush();
    CHECK(s.repair_text().empty());  // not yet: the stroke goes on
    st->editor().set_cell(Layer::Walls, {5, 2}, 0.0);
    st->editor().end();
    st->flush();
    CHECK(s.replanning()->repair().number == 1);
  }
}

TEST_CASE("[search session] options that change the search make a new one at the next flush") {
  auto st = studio_with(Algorithm::AStar);
  SearchSession& s = st->session();
  s.step(4);
  const std::uint64_t generation = s.generation();

  s.set_heuristic(s.heuristic());  // the same: nothing to do
  st->flush();
  CHECK(s.generation() == generation);
  s.set_weight(3.0);  // A* takes no weight: the search stays
  st->flush();
  CHECK(s.generation() == generation);

  s.set_heuristic(astar::Heuristic::Manhattan);
  CHECK(s.generation() == generation);  // not before the flush
  s.step();                             // a step flushes first
  CHECK(s.generation() == generation + 1);
  CHECK(s.search().iterations() == 5);  // re-run to where it was, then stepped

  s.set_algorithm(Algorithm::WeightedAStar);
  st->flush();
  CHECK(s.generation() == generation + 2);
  CHECK(s.search_options().weight == 3.0);
  CHECK(s.search().iterations() == 5);

  s.reset_search();
  CHECK(s.generation() == generation + 3);
  CHECK(s.search().iterations() == 0);
}

TEST_CASE("[search session] on its own, over a document, with its own status line") {
  studio::Document doc;
  doc.reset(wall_level(), "");
  studio::WalkMode walk;
  std::unique_ptr<studio::TraceMode> trace;
  studio::ChangeLog level_changes, search_changes;
  std::string status;
  bool playing = false;
  const float speed = 20.0f;
  SearchSession s({.doc = doc, .walk = walk, .trace = trace, .level_changes = level_changes,
                   .search_changes = search_changes, .status = status, .playing = playing,
                   .speed = speed});
  s.run_to_end();
  REQUIRE(s.search().state() == SearchState::Found);
  const double before = s.search().path_cost();

  // The edit, told as Studio's editor listener tells it: a new search, run to its end again.
  const std::uint64_t generation = s.generation();
  doc.editor().set_cell(Layer::Walls, {5, 1}, 0.0);
  s.edited({5, 1});
  s.flush();
  CHECK(s.generation() == generation + 1);
  CHECK(s.search().state() == SearchState::Found);
  CHECK(s.search().path_cost() < before);

  s.reset_search();
  s.breakpoints().goal_reached = true;
  playing = true;
  for (int frame = 0; frame < 100 && playing; ++frame) s.play(0.5);
  CHECK_FALSE(playing);
  CHECK(status.starts_with("breakpoint: the goal (11, 0) was reached"));
}
