// Movement range as a search (SearchOptions::budget, reach.hpp): the budget compared exactly,
// the refusals, stepping that grows the range and steps back exactly, the state it ends in, the
// border's sides and its pseudo-code.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "astar/make_search.hpp"
#include "astar/pseudocode.hpp"
#include "astar/reach.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

MovementRules eight() {
  MovementRules r;
  r.neighbours = Neighbours::Eight;
  r.diagonal = DiagonalPolicy::Always;
  return r;
}

// Whether `range` lists cell c.
bool lists(const MovementRange& range, Cell c) {
  return std::any_of(range.cells.begin(), range.cells.end(),
                     [&](const RangeCell& rc) { return rc.cell == c; });
}

SearchOptions range_options(double budget) {
  return {.algorithm = Algorithm::Dijkstra, .budget = budget};
}

}  // namespace

TEST_CASE("[reach] the budget is compared exactly: reach.hpp's example") {
  // . . . . . . .
  // . . . . . . .
  // . . . . . . .
  // . . . S . . .     S at (3, 3), every cell costs 1, 8 neighbours
  // . . . . . . .
  // . . . . . . .
  // . . . . . . .
  const Level lv =
      ascii_level(".......\n.......\n.......\n...S...\n.......\n.......\n.......", eight());
  const Result<MovementRange> r = movement_range(lv, {3, 3}, 2.5);
  REQUIRE(r.ok());
  CHECK(lists(r.value(), {5, 3}));      // 2
  CHECK(lists(r.value(), {5, 4}));      // 1 + sqrt 2 = 2.414...
  CHECK_FALSE(lists(r.value(), {5, 5}));  // 2 sqrt 2 = 2.828...
  CHECK_FALSE(lists(r.value(), {6, 3}));  // 3
  // One diagonal (sqrt 2 = 1.41421356...): 1.4142136 rounds to 1.414214 micro-units above it.
  CHECK(lists(movement_range(lv, {3, 3}, 1.4142136).value(), {4, 4}));
  CHECK_FALSE(lists(movement_range(lv, {3, 3}, 1.414213).value(), {4, 4}));
  // On the limit exactly: a cost of 2 is within a budget of 2.
  CHECK(lists(movement_range(lv, {3, 3}, 2.0).value(), {5, 3}));
  CHECK_FALSE(lists(movement_range(lv, {3, 3}, 1.999999).value(), {5, 3}));
}

TEST_CASE("[reach] refusals name the cell or the budget") {
  // S . . .
  // . # . .
  // G . . A     A: a blocking agent
  Level lv = ascii_level("S...\n.#..\nG...");
  lv.set_agent({3, 2}, true);
  SUBCASE("outside the level") {
    const auto r = movement_range(lv, {9, 2}, 3.0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "from (9, 2) is outside the level (0, 0)-(3, 2)");
    CHECK_FALSE(movement_range(lv, {-1, 0}, 3.0).ok());
  }
  SUBCASE("in a wall or on a blocking agent") {
    CHECK(movement_range(lv, {1, 1}, 3.0).error() == "from (1, 1) is inside a wall");
    CHECK(movement_range(lv, {3, 2}, 3.0).error() == "from (3, 2) is on an agent (agents block)");
  }
  SUBCASE("a budget that is not a finite number >= 0") {
    CHECK(movement_range(lv, {0, 0}, std::nan("")).error() ==
          "the budget must be a finite number >= 0, got nan");
    CHECK(movement_range(lv, {0, 0}, std::numeric_limits<double>::infinity()).error() ==
          "the budget must be a finite number >= 0, got inf");
    CHECK(movement_range(lv, {0, 0}, -1.0).error() ==
          "the budget must be a finite number >= 0, got -1");
  }
  SUBCASE("a budget with any algorithm but Dijkstra, or with a partial path") {
    for (Algorithm a : {Algorithm::AStar, Algorithm::WeightedAStar, Algorithm::GreedyBestFirst,
                        Algorithm::BreadthFirst, Algorithm::JumpPoint, Algorithm::ThetaStar,
                        Algorithm::Bidirectional, Algorithm::LpaStar, Algorithm::DStarLite}) {
      INFO(info(a).label);
      const auto s = make_search(lv, {.algorithm = a, .budget = 3.0});
      CHECK(s->state() == SearchState::Invalid);
      INFO(s->message());
      CHECK(s->message().find("a budget (a movement range) needs Dijkstra") != std::string::npos);
    }
    SearchOptions o = range_options(3.0);
    o.partial_path = true;
    CHECK(check_options(o) == "a movement range (a budget) has no goal, so no partial path");
    CHECK_FALSE(normalize(o).partial_path);
    CHECK(check_options(normalize(o)).empty());
  }
  SUBCASE("a huge budget reaches everything reachable") {
    const auto r = movement_range(lv, {0, 0}, 1e300);
    REQUIRE(r.ok());
    CHECK(r.value().cells.size() == 10);  // 12 cells, less the wall and the agent
  }
}

TEST_CASE("[reach] stepped: the range grows, steps back exactly, and ends range-complete") {
  std::mt19937 rng(3105);
  int levels = 0, compared = 0;
  for (int k = 0; k < 120; ++k) {
    Level lv = astar::test::random_level(rng, 10);
    if (k % 3 == 1) lv.set_topology(Topology::HexPointyTop, HexStagger::Even);
    if (k % 3 == 2) lv.set_topology(Topology::HexFlatTop, HexStagger::Odd);
    const double budget = std::uniform_int_distribution<int>(0, 40)(rng) / 4.0;
    INFO("level ", k, ", budget ", budget);
    const Result<MovementRange> whole = movement_range(lv, lv.start(), budget);
    REQUIRE(whole.ok());
    lv.set_goal(lv.start());  // what movement_range searches: the unit's cell is start and goal
    BestFirstSearch s(lv, range_options(budget));
    s.set_recording(true);
    std::int64_t closed = 0;
    while (s.step() == SearchState::InProgress) {
      // Each step takes one more cell of the range, and every cell taken so far is in it.
      CHECK(s.closed_count() == ++closed);
      CHECK(lists(whole.value(), *s.last_taken()));
    }
    REQUIRE(s.state() == SearchState::RangeComplete);
    CHECK(s.path().empty());
    CHECK(static_cast<std::size_t>(s.closed_count()) == whole.value().cells.size());
    for (const RangeCell& rc : whole.value().cells) {
      CHECK(in_range(s, rc.cell));
      CHECK(s.node(rc.cell).g == rc.cost.value());  // the same doubles
      CHECK(s.node(rc.cell).parent == rc.parent);
      CHECK(s.path_to(rc.cell).front() == lv.start());
    }
    // Back to a random iteration, by steps and in bulk: the state of a fresh search stepped there.
    const std::int64_t end = s.iterations();
    for (std::int64_t to : {end / 2, std::int64_t{0}, end}) {
      s.seek(to);
      BestFirstSearch fresh(lv, range_options(budget));
      fresh.seek(to);
      compared += astar::test::check_same_state(s, fresh, lv);
    }
    CHECK(s.state() == SearchState::RangeComplete);
    // make_search's run (no listener: batch paths must not skip the budget) ends the same.
    const auto made = make_search(lv, range_options(budget));
    made->run();
    compared += astar::test::check_same_state(*made, s, lv);
    ++levels;
  }
  MESSAGE(levels << " levels stepped, " << compared << " cells compared");
}

TEST_CASE("[reach] micro-steps and the last take: the budget is checked before every take") {
  // S 1 1 9 .
  const Level lv = ascii_level("S119.");
  // It reaches (1, 0) for 1 and (2, 0) for 2; (3, 0) costs 11.
  BestFirstSearch s(lv, range_options(2.0));
  while (s.micro_step() == SearchState::InProgress) {
  }
  CHECK(s.state() == SearchState::RangeComplete);
  CHECK(s.closed_count() == 3);
  CHECK(s.node_state({3, 0}) == NodeState::Open);  // seen, never taken: over the budget
  CHECK_FALSE(in_range(s, {3, 0}));
  CHECK(s.open_size() == 1);
  // A search without a budget has no range.
  BestFirstSearch plain(lv, {.algorithm = Algorithm::Dijkstra});
  plain.run();
  CHECK_FALSE(in_range(plain, {0, 0}));
}

TEST_CASE("[reach] a range that runs out of cells before the budget is complete too") {
  // S G #
  const Level lv = ascii_level("SG#");
  BestFirstSearch s(lv, range_options(100.0));
  s.run();
  INFO(s.message());
  CHECK(s.state() == SearchState::RangeComplete);
  CHECK(s.closed_count() == 2);
  CHECK(to_string(s.state()) == "range-complete");
}

TEST_CASE("[reach] outside_directions: the sides of a range cell on its border") {
  SUBCASE("a lone cell has every neighbour outside: 8 on squares, 6 on hexes") {
    Level lv(5, 5);
    const auto none = [](Cell) { return false; };
    CHECK(std::popcount(outside_directions(lv, {2, 2}, none)) == 8);
    lv.set_topology(Topology::HexFlatTop, HexStagger::Even);
    const std::uint8_t hex = outside_directions(lv, {2, 2}, none);
    CHECK(std::popcount(hex) == 6);
    for (Dir d : lv.directions()) CHECK((hex >> static_cast<int>(d) & 1u) == 1u);
  }
  SUBCASE("the level's edge counts as outside") {
    const Level lv(3, 3);
    const auto all = [](Cell) { return true; };
    CHECK(outside_directions(lv, {1, 1}, all) == 0);
    // The top-left corner: N, NE, NW, W and SW lie outside.
    const std::uint8_t corner = outside_directions(lv, {0, 0}, all);
    CHECK(std::popcount(corner) == 5);
    CHECK((corner >> static_cast<int>(Dir::E) & 1u) == 0u);
    CHECK((corner >> static_cast<int>(Dir::S) & 1u) == 0u);
  }
}

TEST_CASE("[reach] pseudo-code: the range's loop, and where a range search stands") {
  const PseudoCode& code = range_pseudocode();
  const PseudoCode& dijkstra = pseudocode(Algorithm::Dijkstra);
  REQUIRE(code.lines.size() == dijkstra.lines.size());
  CHECK(code.lines[1].find("budget") != std::string::npos);
  CHECK(code.lines[3].find("goal") != std::string::npos);  // "(no goal: ...)"
  CHECK(code.lines[2] == dijkstra.lines[2]);               // lowest g, as Dijkstra's

  // S 1 1 9 .
  const Level lv = ascii_level("S119.");
  BestFirstSearch s(lv, range_options(2.0));
  CHECK(&pseudocode_of(s) == &code);
  s.micro_step();  // the take
  CodePosition at = code_position(s);
  CHECK(at.line == code.line_of[static_cast<int>(CodeStep::Close)]);
  CHECK(at.note == "within the budget: move it to closed");
  s.run();
  at = code_position(s);
  CHECK(at.line == code.line_of[static_cast<int>(CodeStep::NoPath)]);
  CHECK(code.lines[static_cast<std::size_t>(at.line)].find("the range") != std::string::npos);
  CHECK(at.note == "the lowest g in open is over the budget");
  BestFirstSearch plain(lv, {.algorithm = Algorithm::Dijkstra});
  CHECK(&pseudocode_of(plain) == &dijkstra);
}
