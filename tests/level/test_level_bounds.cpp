// The level's accessors check their cells in every build (release builds define NDEBUG, so an
// assert would check nothing): a cell outside throws std::out_of_range naming the cell and the
// level's bounds, and the level is left as it was.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "astar/level.hpp"
#include "astar/shapes.hpp"

using namespace astar;

namespace {

// The message of the std::out_of_range that f throws; empty when it throws none.
template <class F>
std::string out_of_range_message(F&& f) {
  try {
    f();
  } catch (const std::out_of_range& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("[Level] every cell accessor refuses a cell outside the level, by name") {
  // . . . .
  // . . . .     4 x 3: cells (0, 0)-(3, 2)
  // . . . .
  Level lv(4, 3);
  const Level before = lv;
  const std::string bounds = " is outside the level (0, 0)-(3, 2)";
  for (const Cell c : {Cell{-1, 0}, Cell{0, -1}, Cell{4, 0}, Cell{0, 3}, Cell{4, 3},
                       Cell{-100000, 7}, Cell{0, 1 << 20}}) {
    CAPTURE(c.x);
    CAPTURE(c.y);
    const std::string cell = "cell (" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
    SUBCASE("reads") {
      CHECK(out_of_range_message([&] { (void)lv.wall(c); }) == cell + bounds);
      CHECK(out_of_range_message([&] { (void)lv.cost(c); }) == cell + bounds);
      CHECK(out_of_range_message([&] { (void)lv.height_at(c); }) == cell + bounds);
      CHECK(out_of_range_message([&] { (void)lv.agent(c); }) == cell + bounds);
      CHECK(out_of_range_message([&] { (void)lv.solid(c); }) == cell + bounds);
      CHECK(out_of_range_message([&] { (void)lv.has_edges(c); }) == cell + bounds);
    }
    SUBCASE("writes change nothing") {
      CHECK(out_of_range_message([&] { lv.set_wall(c, true); }) == cell + bounds);
      CHECK(out_of_range_message([&] { lv.set_cost(c, 5.0); }) == cell + bounds);
      CHECK(out_of_range_message([&] { lv.set_height(c, 3); }) == cell + bounds);
      CHECK(out_of_range_message([&] { lv.set_agent(c, true); }) == cell + bounds);
      CHECK(out_of_range_message([&] { lv.set_edge(c, Dir::E, EdgeOverride{true, 1.0}); }) ==
            cell + bounds);
      CHECK(out_of_range_message([&] { lv.clear_edge(c, Dir::E); }) == cell + bounds);
      CHECK(lv == before);
    }
    SUBCASE("questions about a cell answer without throwing") {
      CHECK_FALSE(lv.in_bounds(c));
      CHECK_FALSE(lv.open(c));
      CHECK_FALSE(lv.edge(c, Dir::E).has_value());
    }
  }
}

TEST_CASE("[Level] the corners are inside and read and write as usual") {
  Level lv(4, 3);
  for (const Cell c : {Cell{0, 0}, Cell{3, 0}, Cell{0, 2}, Cell{3, 2}}) {
    lv.set_cost(c, 2.5);
    lv.set_height(c, -4);
    lv.set_wall(c, true);
    CHECK(lv.cost(c) == 2.5);
    CHECK(lv.height_at(c) == -4);
    CHECK(lv.wall(c));
    CHECK(lv.solid(c));
  }
}

TEST_CASE("[Level] a shape index past the end is refused by name") {
  Level lv(4, 3);
  lv.add_shape(Circle{1.0, 1.0, 0.5});
  CHECK(out_of_range_message([&] { lv.remove_shape(1); }) ==
        "shapes[1] does not exist (the level has 1 shapes)");
  CHECK(out_of_range_message([&] { lv.set_shape(3, Circle{0.0, 0.0, 1.0}); }) ==
        "shapes[3] does not exist (the level has 1 shapes)");
  CHECK(lv.shapes().size() == 1);
}

TEST_CASE("[Level] a size outside the limits throws instead of allocating") {
  CHECK_THROWS_AS(Level(0, 5), std::invalid_argument);
  CHECK_THROWS_AS(Level(-3, 5), std::invalid_argument);
  CHECK_THROWS_AS(Level(kMaxSide + 1, 1), std::invalid_argument);
  CHECK_THROWS_WITH_AS(Level(kMaxSide, kMaxSide), doctest::Contains("must be at most"),
                       std::invalid_argument);
  CHECK_NOTHROW(Level(1, 1));
}
