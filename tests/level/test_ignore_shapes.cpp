// A search's ignore list (SearchOptions::ignore_shapes, the level's search.ignore_shapes): the
// shapes its rays leave out, such as the agent's own body standing on the start, as Godot's
// raycast takes an exclude list.
#include <doctest/doctest.h>

#include "astar/edit.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {

// 12 x 5, start (1, 2), goal (10, 2). shapes[0]: the agent's body, a circle on the start;
// shapes[1]: a crate across the middle rows, x 5..7, y 1..4, which the path must go round.
Level body_level() {
  Level lv(12, 5);
  lv.set_start({1, 2});
  lv.set_goal({10, 2});
  lv.rules().neighbours = Neighbours::Four;
  lv.rules().agent_radius = 0.2;
  lv.add_shape(Circle{1.5, 2.5, 0.4});
  lv.add_shape(Box{5.0, 1.0, 7.0, 4.0});
  return lv;
}

}  // namespace

TEST_CASE("[ignore shapes] the agent's own body on the start is left out of the rays") {
  const Level lv = body_level();
  const auto refused = make_search(lv);
  CHECK(refused->state() == SearchState::Invalid);
  CHECK(refused->message() == "start (1, 2) is inside shapes[0] (a circle) with agent radius 0.2");

  SearchOptions o;
  o.ignore_shapes = {0};
  Level without_body = lv;
  without_body.remove_shape(0);
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
    CAPTURE(info(a).name);
    o.algorithm = a;
    const auto s = make_search(lv, o);
    REQUIRE(s->run() == SearchState::Found);
    const auto reference = make_search(without_body, {.algorithm = a});
    REQUIRE(reference->run() == SearchState::Found);
    CHECK(s->path() == reference->path());
    CHECK(s->path_cost() == reference->path_cost());
    // The crate still counts: the straight row (9 moves) is blocked, so the path goes round.
    CHECK(s->path_cost() > 9.0);
    for (Cell c : s->path()) CHECK_FALSE((c.x >= 5 && c.x < 7 && c.y >= 1 && c.y < 4));
  }
}

TEST_CASE("[ignore shapes] an index that is not a shape is refused by name") {
  const Level lv = body_level();
  SearchOptions o;
  o.ignore_shapes = {0, 5};
  const auto s = make_search(lv, o);
  CHECK(s->state() == SearchState::Invalid);
  CHECK(s->message() == "ignore_shapes[1] is 5, but the level has 2 shapes");
}

TEST_CASE("[ignore shapes] level files keep the list in search.ignore_shapes") {
  Level lv = body_level();
  lv.preset.ignore_shapes = std::vector<std::uint32_t>{0};
  const std::string text = level_to_json(lv);
  CHECK(text.find("\"ignore_shapes\": [0]") != std::string::npos);
  Result<Level> back = parse_level(text, "body.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value().preset.ignore_shapes == lv.preset.ignore_shapes);
  // The lesson's search (with_preset) runs with it.
  CHECK(make_search(back.value(), with_preset({}, back.value().preset))->run() == SearchState::Found);

  SUBCASE("an index past the shapes is refused with the field") {
    std::string bad = text;
    bad.replace(bad.find("\"ignore_shapes\": [0]"), 20, "\"ignore_shapes\": [2]");
    Result<Level> r = parse_level(bad, "body.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "body.json: search.ignore_shapes[0]: 2 is not a shape: the level has 2 shapes");
  }
  SUBCASE("a shape listed twice is refused") {
    std::string bad = text;
    bad.replace(bad.find("\"ignore_shapes\": [0]"), 20, "\"ignore_shapes\": [0, 0]");
    Result<Level> r = parse_level(bad, "body.json");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("search.ignore_shapes[1]: shape 0 is listed twice") != std::string::npos);
  }
}

TEST_CASE("[ignore shapes] removing a shape in the editor keeps the list on the same shapes") {
  Level lv = body_level();
  lv.add_shape(Circle{9.5, 0.5, 0.3});   // shapes[2]
  lv.preset.ignore_shapes = std::vector<std::uint32_t>{0, 2};
  Editor ed(lv);
  REQUIRE(ed.remove_shape(1));  // the crate: shapes[2] becomes shapes[1]
  CHECK(lv.preset.ignore_shapes == std::vector<std::uint32_t>{0, 1});
  REQUIRE(ed.remove_shape(0));  // the body itself leaves the list
  CHECK(lv.preset.ignore_shapes == std::vector<std::uint32_t>{0});
  REQUIRE(ed.undo());
  REQUIRE(ed.undo());  // one step each: shapes and list together
  CHECK(lv.shapes().size() == 3);
  CHECK(lv.preset.ignore_shapes == std::vector<std::uint32_t>{0, 2});
}
