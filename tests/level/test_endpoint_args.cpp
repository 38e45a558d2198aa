// --start X,Y and --goal X,Y as core reads and checks them (endpoint_args.hpp), for the CLI's run
// and trace and the studio: the text, then the cell against a level, each message naming the
// option.
#include <doctest/doctest.h>

#include <string>

#include "astar/endpoint_args.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "support/ascii_level.hpp"

using namespace astar;
using astar::test::ascii_level;

TEST_CASE("[Endpoints] \"X,Y\" is the column, then the row") {
  SUBCASE("good") {
    const Result<Cell> c = parse_cell_arg("--start", "3,14");
    REQUIRE(c.ok());
    CHECK(c.value() == Cell{3, 14});
    CHECK(parse_cell_arg("--goal", "0,0").value() == Cell{0, 0});
    // Negative numbers parse; checking against the level says they are outside it.
    CHECK(parse_cell_arg("--goal", "-1,2").value() == Cell{-1, 2});
  }
  SUBCASE("bad, named by the option") {
    for (const char* text : {"", "3", "3,", ",4", "3;4", "3,4,5", " 3,4", "3, 4", "3,4 ", "+3,4",
                             "x,4", "3.5,4", "99999999999,1", "3x4"}) {
      CAPTURE(text);
      const Result<Cell> c = parse_cell_arg("--goal", text);
      REQUIRE_FALSE(c.ok());
      CHECK(c.error() ==
            "--goal: expected X,Y (the column and the row, whole numbers from 0), got '" +
                std::string(text) + "'");
    }
  }
}

TEST_CASE("[Endpoints] checked as the level checks its own start and goal") {
  // S . . #
  // . # . .     4 x 3
  // . . . G
  Level lv = ascii_level(R"(
    S..#
    .#..
    ...G
  )");
  lv.set_agent({2, 1}, true);
  const Level before = lv;
  auto error = [&](EndpointArgs e) {
    Level copy = lv;
    const Status s = override_endpoints(copy, e);
    CHECK(copy == lv);  // nothing changed on failure
    return s.ok() ? std::string() : s.error();
  };
  CHECK(error({.start = Cell{4, 0}, .goal = {}}) ==
        "--start (4, 0) is outside the level (0, 0)-(3, 2) (the level is 4 x 3 cells)");
  CHECK(error({.start = {}, .goal = Cell{-1, 2}}) ==
        "--goal (-1, 2) is outside the level (0, 0)-(3, 2) (the level is 4 x 3 cells)");
  CHECK(error({.start = Cell{1, 1}, .goal = {}}) == "--start (1, 1) is inside a wall");
  CHECK(error({.start = {}, .goal = Cell{3, 0}}) == "--goal (3, 0) is inside a wall");
  CHECK(error({.start = {}, .goal = Cell{2, 1}}) == "--goal (2, 1) is on an agent (agents block)");
  // The start is checked first; the level's own messages say the same about its own endpoints.
  CHECK(error({.start = Cell{1, 1}, .goal = Cell{9, 9}}) == "--start (1, 1) is inside a wall");
  lv.set_start({1, 1});
  CHECK(lv.check_endpoints() == "start (1, 1) is inside a wall");
  lv = before;

  SUBCASE("overrides set what is given and keep the rest") {
    CHECK(override_endpoints(lv, {.start = Cell{0, 2}, .goal = {}}).ok());
    CHECK(lv.start() == Cell{0, 2});
    CHECK(lv.goal() == Cell{3, 2});
    CHECK(override_endpoints(lv, {.start = {}, .goal = Cell{2, 0}}).ok());
    CHECK(lv.goal() == Cell{2, 0});
    CHECK(override_endpoints(lv, {}).ok());
    CHECK(lv.start() == Cell{0, 2});
    // The search runs on the query given: (0, 2) to (2, 0) round the wall at (1, 1).
    const auto s = make_search(lv, SearchOptions{});
    CHECK(s->run() == SearchState::Found);
    CHECK(s->path().front() == Cell{0, 2});
    CHECK(s->path().back() == Cell{2, 0});
  }
  SUBCASE("start and goal may be the same cell") {
    CHECK(override_endpoints(lv, {.start = Cell{2, 2}, .goal = Cell{2, 2}}).ok());
    CHECK(lv.start() == lv.goal());
  }
}
