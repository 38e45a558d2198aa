// The studio's movement range (state/movement_range.hpp, SearchSession::set_movement_range)
// without a window: the Search panel's switch and budget make the session's search Dijkstra with
// a budget; stepping grows what the canvas tints, a step back shrinks it, and at its end it is
// core's movement_range() (astar/reach.hpp), border included, on squares and hexes, and after an
// edit.
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

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "astar/reach.hpp"
#include "astar/search.hpp"
#include "state/movement_range.hpp"
#include "state/search_session.hpp"
#include "state/studio.hpp"
#include "support/wall_studio.hpp"

using astar::Algorithm;
using astar::Cell;
using astar::SearchState;
using astar::test::studio_with;
using astar::test::wall_level;
using studio::RangeCellView;
using studio::SearchSession;
using studio::visible_range;

namespace {

std::vector<RangeCellView> whole_range(const astar::Search& s) {
  return visible_range(s, 0, 0, s.level().width() - 1, s.level().height() - 1);
}

// What the canvas would draw equals core's range: the same cells, on the border the same ones.
void check_drawn_is_core_range(const astar::Search& s, double budget) {
  const astar::Level& lv = s.level();
  const auto core = astar::movement_range(lv, lv.start(), budget);
  REQUIRE(core.ok());
  const std::vector<RangeCellView> drawn = whole_range(s);
  REQUIRE(drawn.size() == core.value().cells.size());
  for (const RangeCellView& v : drawn) {
    INFO("cell (", v.cell.x, ", ", v.cell.y, ")");
    const auto& cells = core.value().cells;
    const auto it = std::find_if(cells.begin(), cells.end(),
                                 [&](const astar::RangeCell& rc) { return rc.cell == v.cell; });
    REQUIRE(it != cells.end());
    CHECK(s.node(v.cell).g == it->cost.value());
    const auto& border = core.value().border;
    CHECK((v.outside != 0) == (std::find(border.begin(), border.end(), v.cell) != border.end()));
  }
}

}  // namespace

TEST_CASE("[movement range] the panel's switch: Dijkstra with a budget, stepped, rewound, ended") {
  auto st = studio_with(Algorithm::AStar);
  SearchSession& s = st->session();
  CHECK(whole_range(s.search()).empty());
  CHECK(studio::range_summary(s.search()).empty());

  s.set_movement_range(true);
  st->flush();
  CHECK(s.movement_range());
  CHECK(s.algorithm() == Algorithm::Dijkstra);
  REQUIRE(s.search().options().budget.has_value());
  CHECK(*s.search().options().budget == s.range_budget());
  CHECK(s.search().iterations() == 0);

  // Each step takes one more cell of the range; a step back gives it up again.
  for (std::size_t k = 1; k <= 6; ++k) {
    s.step();
    CHECK(whole_range(s.search()).size() == k);
  }
  REQUIRE(s.step_back());
  CHECK(whole_range(s.search()).size() == 5);
  CHECK(studio::range_summary(s.search()) == "Range so far: 5 cells within 5");

  s.run_to_end();
  CHECK(s.search().state() == SearchState::RangeComplete);
  CHECK(s.search_done());
  CHECK(s.path().empty());
  check_drawn_is_core_range(s.search(), 5.0);
  CHECK(studio::range_summary(s.search()) ==
        "Range: " + std::to_string(whole_range(s.search()).size()) + " cells within 5");

  SUBCASE("a new budget runs to the end again") {
    s.set_range_budget(2.5);
    st->flush();
    CHECK(s.search().state() == SearchState::RangeComplete);
    check_drawn_is_core_range(s.search(), 2.5);
  }
  SUBCASE("an edit runs it again on the edited level") {
    st->editor().set_cell(astar::Layer::Walls, {1, 1}, 1.0);
    st->editor().set_cell(astar::Layer::Costs, {2, 0}, 3.0);
    st->flush();
    CHECK(s.search().state() == SearchState::RangeComplete);
    CHECK_FALSE(astar::in_range(s.search(), {1, 1}));
    check_drawn_is_core_range(s.search(), 5.0);
  }
  SUBCASE("off: a search for the goal again, and the budget is kept for next time") {
    s.set_movement_range(false);
    s.set_range_budget(3.0);
    s.run_to_end();
    CHECK_FALSE(s.search().options().budget.has_value());
    CHECK(s.algorithm() == Algorithm::Dijkstra);
    CHECK(s.search().state() == SearchState::Found);
    CHECK(whole_range(s.search()).empty());
    s.set_movement_range(true);
    st->flush();
    CHECK(*s.search().options().budget == 3.0);
    CHECK(s.search().state() == SearchState::RangeComplete);  // it had finished: to the end again
    check_drawn_is_core_range(s.search(), 3.0);
  }
  SUBCASE("another algorithm cannot take the budget: the search says why") {
    s.set_algorithm(Algorithm::AStar);
    st->flush();
    CHECK(s.search().state() == SearchState::Invalid);
    CHECK(s.search().message().find("needs Dijkstra") != std::string::npos);
    s.set_movement_range(true);  // back to Dijkstra
    st->flush();
    CHECK(s.search().state() == SearchState::RangeComplete);
  }
}

TEST_CASE("[movement range] on hexes: the border's sides are hex sides") {
  auto st = studio_with(Algorithm::Dijkstra);
  astar::Level lv = wall_level();
  lv.set_topology(astar::Topology::HexPointyTop, astar::HexStagger::Odd);
  st->set_level(lv, "");
  SearchSession& s = st->session();
  s.set_movement_range(true);
  s.set_range_budget(3.0);
  s.run_to_end();
  REQUIRE(s.search().state() == SearchState::RangeComplete);
  check_drawn_is_core_range(s.search(), 3.0);
  const std::vector<RangeCellView> drawn = whole_range(s.search());
  for (const RangeCellView& v : drawn) {
    for (int d = 0; d < astar::kDirCount; ++d)
      if (v.outside >> d & 1u) CHECK(st->level().has_direction(static_cast<astar::Dir>(d)));
  }
  // The unit's cell (0, 0) is a corner: on a pointy-top odd-r level, W, NW and NE lie outside.
  const auto corner = std::find_if(drawn.begin(), drawn.end(),
                                   [](const RangeCellView& v) { return v.cell == Cell{0, 0}; });
  REQUIRE(corner != drawn.end());
  CHECK(std::popcount(corner->outside) >= 3);
  // Only the visible part is listed.
  CHECK(visible_range(s.search(), 0, 0, 1, 1).size() <= 4);
}

TEST_CASE("[movement range] a level's preset budget opens it on; a lesson for A* turns it off") {
  auto st = studio_with(Algorithm::AStar);
  SearchSession& s = st->session();
  astar::Level range_level = wall_level();
  range_level.preset.algorithm = "dijkstra";
  range_level.preset.budget = 3.5;
  st->set_level(range_level, "");
  st->flush();
  CHECK(s.movement_range());
  CHECK(s.range_budget() == 3.5);
  s.run_to_end();
  CHECK(s.search().state() == SearchState::RangeComplete);
  check_drawn_is_core_range(s.search(), 3.5);

  // A level whose lesson names another algorithm: the range goes, the search is for the goal.
  astar::Level astar_level = wall_level();
  astar_level.preset.algorithm = "astar";
  st->set_level(astar_level, "");
  st->flush();
  CHECK_FALSE(s.movement_range());
  s.run_to_end();
  CHECK(s.search().state() == SearchState::Found);
  CHECK(s.range_budget() == 3.5);  // kept for the switch

  // A level with no preset leaves the switch as it was.
  s.set_movement_range(true);
  st->set_level(wall_level(), "");
  st->flush();
  CHECK(s.movement_range());
}
