// AgentWalk (agent_walk.hpp): a D* Lite agent that walks one cell per move and learns walls
// within its sensor. Every plan against a fresh A* on what it knows, the fog, the sensor's
// limits, step back across moves, and edits of the true level while it walks.
#include <doctest/doctest.h>

#include <random>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/agent_walk.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

double fresh_astar_cost(const Level& lv, const MovementRules& r) {
  Level copy = lv;
  copy.rules() = r;
  const auto a = make_search(copy, {.algorithm = Algorithm::AStar});
  a->run();
  return a->state() == SearchState::Found ? a->path_cost() : -1.0;
}

// What the walk knows, cell by cell, as text: a wall, fog, or open; and where it stands.
std::string knowledge(const AgentWalk& w) {
  std::string out;
  for (int y = 0; y < w.known().height(); ++y) {
    for (int x = 0; x < w.known().width(); ++x)
      out += w.known().wall({x, y}) ? '#' : (w.seen({x, y}) ? '.' : '~');
    out += '\n';
  }
  return out + std::to_string(w.at().x) + "," + std::to_string(w.at().y);
}

// A wall between the start and the goal with a gap at the bottom: with a sensor of 2 the agent
// heads straight for the goal, finds the wall, and goes round.
Level wall_level() {
  return ascii_level("S...#..G\n"
                     "....#...\n"
                     "....#...\n"
                     "........");
}

}  // namespace

TEST_CASE("[walk] the sensor must reach the longest move and at most kMaxSide") {
  MovementRules r;
  CHECK(AgentWalk::check_sensor(1, r));
  CHECK(AgentWalk::check_sensor(0, r).error() ==
        "the sensor radius must be at least the longest move (1 cell) and at most 8192, got 0");
  r.jump.gap = 2;
  CHECK(AgentWalk::check_sensor(2, r).error() ==
        "the sensor radius must be at least the longest move (3 cells) and at most 8192, got 2");
  CHECK(AgentWalk::check_sensor(3, r));
  CHECK_FALSE(AgentWalk::check_sensor(kMaxSide + 1, r));
  CHECK_THROWS_AS(AgentWalk(wall_level(), r, 1), std::invalid_argument);
}

TEST_CASE("[walk] with a sensor the agent sees only around it, finds the wall and goes round") {
  const Level lv = wall_level();
  AgentWalk w(lv, lv.rules(), 2);
  CHECK(knowledge(w) == "...~~~~~\n...~~~~~\n...~~~~~\n~~~~~~~~\n0,0");
  ReplanningSearch s(w.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  s.run();
  CHECK(w.state(s) == WalkState::Ready);
  CHECK(s.path_cost() == fresh_astar_cost(w.known(), lv.rules()));  // straight through the fog
  std::int64_t walls = 0;
  while (w.state(s) == WalkState::Ready) {
    REQUIRE(w.move(s));
    s.run();
    // Every plan is the best path on what it knows now, from where it stands.
    CHECK(s.path_cost() == fresh_astar_cost(w.known(), lv.rules()));
    CHECK(s.path().front() == w.at());
  }
  CHECK(w.state(s) == WalkState::Arrived);
  for (const WalkRow& row : w.rows(s)) walls += row.walls_discovered;
  CHECK(walls == 3);  // the whole wall was seen
  const std::vector<WalkRow> rows = w.rows(s);
  REQUIRE(rows.size() == w.trail().size());
  CHECK(rows.front().cell == lv.start());
  CHECK(rows.back().cell == lv.goal());
  CHECK(rows.back().path_cost == 0.0);
  // It went round: it walked more than the best path, which it would have walked knowing all.
  const double best = fresh_astar_cost(lv, lv.rules());
  CHECK(w.walked_cost() > best);
  AgentWalk all(lv, lv.rules(), std::nullopt);
  ReplanningSearch t(all.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  while (t.run(), all.state(t) == WalkState::Ready) REQUIRE(all.move(t));
  CHECK(all.state(t) == WalkState::Arrived);
  CHECK(all.walked_cost() == doctest::Approx(best).epsilon(1e-12));
  CHECK(all.rows(t).front().walls_discovered == 0);
}

// Random levels and sensors: each plan equals a fresh A* on the known level, the agent never
// stands on a true wall, and it arrives exactly when the true level has a path.
TEST_CASE("[walk] random walks: every plan is A*'s on what it knows; arrival iff a true path") {
  std::mt19937 rng(2026);
  int arrived = 0, walks = 0;
  for (int n = 0; n < 300; ++n) {
    Level lv = astar::test::random_level(rng, 10);
    const MovementRules r = lv.rules();
    const std::optional<int> sensor =
        n % 3 == 0 ? std::nullopt : std::optional<int>(1 + std::max(0, r.jump.gap) + n % 2);
    CAPTURE(n);
    AgentWalk w(lv, r, sensor);
    ReplanningSearch s(w.known(), r, {.algorithm = Algorithm::DStarLite});
    if (s.state() == SearchState::Invalid) continue;
    ++walks;
    for (int moves = 0; moves < 4 * lv.cell_count() + 4; ++moves) {
      s.run();
      CHECK(s.check_invariants() == "");
      const double expect = fresh_astar_cost(w.known(), r);
      if (w.state(s) == WalkState::NoPath) {
        CHECK(expect == -1.0);
        break;
      }
      CHECK(s.path_cost() == expect);
      if (w.state(s) == WalkState::Arrived) break;
      REQUIRE(w.move(s));
      CHECK_FALSE(lv.wall(w.at()));
    }
    const bool reachable = fresh_astar_cost(lv, r) >= 0.0;
    CHECK((w.state(s) == WalkState::Arrived) == reachable);
    arrived += w.state(s) == WalkState::Arrived;
  }
  CHECK(walks > 200);
  CHECK(arrived > 100);
}

// Stepping the search back across a move's repair and undo_to give the walk it had before
// that move: the same knowledge, place, rows and walked cost.
TEST_CASE("[walk] step back across moves restores the walk as it was") {
  const Level lv = wall_level();
  AgentWalk w(lv, lv.rules(), 2);
  ReplanningSearch s(w.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  s.set_recording(true);
  std::vector<std::string> seen_before;
  std::vector<double> walked_before;
  while (s.run(), w.state(s) == WalkState::Ready) {
    seen_before.push_back(knowledge(w));
    walked_before.push_back(w.walked_cost());
    REQUIRE(w.move(s));
  }
  const std::size_t moves = seen_before.size();
  REQUIRE(moves >= 6);
  while (w.moves_made() > 0) {
    const std::int64_t m = w.moves_made();
    while (w.moves_made() == m) {
      REQUIRE(s.step_back());
      w.undo_to(s);
    }
    CHECK(w.moves_made() == m - 1);
    CHECK(knowledge(w) == seen_before[static_cast<std::size_t>(m - 1)]);
    CHECK(w.walked_cost() == walked_before[static_cast<std::size_t>(m - 1)]);
    // The plan made there is back, finished: a row for each cell stood on.
    CHECK(finished(s.state()));
    CHECK(w.rows(s).size() == static_cast<std::size_t>(m));
  }
  // Walking again from the start takes the same way.
  AgentWalk fresh(lv, lv.rules(), 2);
  ReplanningSearch t(fresh.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  while (s.run(), t.run(), w.state(s) == WalkState::Ready) {
    REQUIRE(fresh.state(t) == WalkState::Ready);
    CHECK(s.path_cost() == t.path_cost());
    REQUIRE(w.move(s));
    REQUIRE(fresh.move(t));
    CHECK(knowledge(w) == knowledge(fresh));
  }
  CHECK(w.trail() == fresh.trail());
  CHECK(w.trail().size() == moves + 1);
}

// The true level edited while the agent walks (the studio's brush): walls where it has looked
// are known at once and repaired; walls in the fog wait until it sees them.
TEST_CASE("[walk] edits of the true level: seen walls at once, fogged ones when seen") {
  Level lv = ascii_level("S.......\n"
                      "........\n"
                      "........\n"
                      ".......G");
  AgentWalk w(lv, lv.rules(), 2);
  ReplanningSearch s(w.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  s.run();
  const double open = s.path_cost();
  Level edited = lv;
  for (int y = 0; y < 3; ++y) edited.set_wall({2, y}, true);  // in sight: round at the bottom
  edited.set_wall({6, 2}, true);  // in the fog
  REQUIRE(w.set_truth(edited, s));
  CHECK(w.known().wall({2, 1}));
  CHECK_FALSE(w.known().wall({6, 2}));
  s.run();
  CHECK(s.path_cost() == fresh_astar_cost(w.known(), lv.rules()));
  CHECK(s.path_cost() > open);
  while (w.state(s) == WalkState::Ready) {
    REQUIRE(w.move(s));
    s.run();
  }
  CHECK(w.state(s) == WalkState::Arrived);
  CHECK(w.known().wall({6, 2}));
  Level moved = edited;
  moved.set_start({0, 1});
  CHECK(w.set_truth(moved, s).error() == "the start moved: the walk begins again");
  CHECK(w.set_truth(Level(4, 4), s).error() == "the level's size changed: the walk begins again");
}

TEST_CASE("[walk] a goal walled off is found out and the walk stops with no path") {
  Level lv = ascii_level("S.....\n"
                      "....##\n"
                      "....#G");
  AgentWalk w(lv, lv.rules(), 1);
  ReplanningSearch s(w.known(), lv.rules(), {.algorithm = Algorithm::DStarLite});
  int moves = 0;
  while (s.run(), w.state(s) == WalkState::Ready && moves < 100) {
    REQUIRE(w.move(s));
    ++moves;
  }
  CHECK(w.state(s) == WalkState::NoPath);
  CHECK(moves >= 3);
  CHECK(w.move(s).error() == "the walk has no path to take a move of");
  CHECK(std::isinf(w.rows(s).back().path_cost));
}
