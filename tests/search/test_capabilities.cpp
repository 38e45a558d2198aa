// What each algorithm takes and gives (algorithms.hpp's table), normalize / check_options, and
// the search extras every Search answers (side, meeting, path_to_taken, jump_parent, loop, turn).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "astar/detail/best_first.hpp"
#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/bidirectional.hpp"
#include "astar/search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

std::vector<Algorithm> all_algorithms() {
  std::vector<Algorithm> out;
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) out.push_back(static_cast<Algorithm>(i));
  return out;
}

MovementRules msai_rules() {
  MovementRules r;
  r.neighbours = Neighbours::Eight;
  r.diagonal = DiagonalPolicy::NoCornerCutting;
  return r;
}

}  // namespace

// The table is constexpr: code can ask it at compile time.
static_assert(info(Algorithm::WeightedAStar).takes_weight);
static_assert(!info(Algorithm::Bidirectional).partial_paths);

TEST_CASE("[capabilities] the table says what each algorithm takes and gives") {
  for (Algorithm a : all_algorithms()) {
    CAPTURE(info(a).name);
    CHECK(parse_algorithm(info(a).name) == a);
    CHECK(info(a).takes_weight == (info(a).order == Priority::GPlusWeightedH));
    CHECK(info(a).takes_weight == (info(a).guarantee == Guarantee::BoundedByWeight));
    CHECK(info(a).smoothable == (info(a).path_shape == PathShape::Cells));
    CHECK(info(a).needs_uniform_grid == !info(a).shapes_reason.empty());
    CHECK(info(a).extras.sides == info(a).extras.meeting);
    CHECK(!info(a).note.empty());
    CHECK(!info(a).uses_heuristic ==
          (info(a).order == Priority::G || info(a).order == Priority::Steps));
  }
  CHECK(info(Algorithm::ThetaStar).path_shape == PathShape::Waypoints);
  CHECK(info(Algorithm::JumpPoint).extras.jump_parents);
  CHECK(info(Algorithm::Bidirectional).extras.sides);
  CHECK(to_string(Side::Forward) == "forward");
  CHECK(to_string(Side::Backward) == "backward");
}

TEST_CASE("[capabilities] normalize keeps only what the algorithm takes") {
  for (Algorithm a : all_algorithms()) {
    CAPTURE(info(a).name);
    const SearchOptions o = normalize({.algorithm = a, .weight = 3.0, .partial_path = true});
    CHECK(o.weight == (info(a).takes_weight ? 3.0 : 1.0));
    CHECK(o.partial_path == info(a).partial_paths);
    CHECK(check_options(o).empty());
    // Normalized options are accepted by the search itself on a level every algorithm supports.
    const Level lv = ascii_level("S..\n...\n..G", msai_rules());
    CHECK(make_search(lv, o)->state() == SearchState::InProgress);
  }
}

TEST_CASE("[capabilities] check_options gives the search's own reasons") {
  SUBCASE("a weight for an algorithm that takes none") {
    CHECK(check_options({.algorithm = Algorithm::Dijkstra, .weight = 2.0}) ==
          "a weight applies to weighted A* only, not to Dijkstra");
    CHECK(check_options({.algorithm = Algorithm::WeightedAStar, .weight = 2.0}).empty());
  }
  SUBCASE("a weight below 1 or not finite") {
    CHECK(check_options({.algorithm = Algorithm::WeightedAStar, .weight = 0.5}) ==
          "the weight must be a finite number >= 1, got 0.5");
    CHECK(!check_options({.algorithm = Algorithm::WeightedAStar, .weight = INFINITY}).empty());
  }
  SUBCASE("partial paths where unsupported") {
    CHECK(check_options({.algorithm = Algorithm::Bidirectional, .partial_path = true}) ==
          "partial paths are not supported by bidirectional A*");
    CHECK(check_options({.algorithm = Algorithm::AStar, .partial_path = true}).empty());
  }
  SUBCASE("negative max_iterations") {
    CHECK(check_options({.max_iterations = -1}) == "max_iterations must be >= 0");
  }
  SUBCASE("the search starts Invalid with the same words") {
    const Level lv = ascii_level("S.G");
    const SearchOptions bad{.algorithm = Algorithm::GreedyBestFirst, .weight = 4.0};
    CHECK(make_search(lv, bad)->message() == check_options(bad));
  }
}

// [capabilities] side and meeting in a room:
//
//   .....
//   .S...
//   .....
//   ....G
//
// Bidirectional A* steps the side with the smaller open set (ties: forward): the start's take
// opens 8 cells, the goal's 3, so the first step is the start's, the next two the goal's.
TEST_CASE("[capabilities] bidirectional A*: the side of each node and the meeting cell") {
  const Level lv = ascii_level(".....\n.S...\n.....\n....G", msai_rules());
  const auto s = make_search(lv, {.algorithm = Algorithm::Bidirectional});
  CHECK(!s->meeting());
  CHECK(!s->side({2, 2}));
  CHECK(s->path_to_taken().empty());
  s->step();
  CHECK(s->turn() == Side::Forward);
  CHECK(s->path_to_taken() == std::vector<Cell>{{1, 1}});
  s->step();
  CHECK(s->turn() == Side::Backward);
  CHECK(s->path_to_taken() == std::vector<Cell>{{4, 3}});  // from the goal: just the goal
  CHECK(s->side({1, 1}) == Side::Forward);
  CHECK(s->side({2, 2}) == Side::Forward);  // seen by both: node(c) shows the forward node
  CHECK(s->side({4, 3}) == Side::Backward);
  CHECK(s->side({4, 2}) == Side::Backward);
  CHECK(!s->side({4, 0}));   // unseen
  CHECK(!s->side({20, 0}));  // outside
  CHECK(s->node({4, 2}).g == doctest::Approx(1.0));  // the backward node: cost to the goal
  s->step();
  CHECK(s->turn() == Side::Backward);
  const std::vector<Cell> back = s->path_to_taken();
  REQUIRE(back.size() == 2);
  CHECK(back.front() == lv.goal());
  CHECK(back.back() == *s->last_taken());
  CHECK(s->loop(Side::Forward) != nullptr);
  CHECK(s->loop(Side::Backward) != nullptr);
  CHECK(s->loop(Side::Forward) != s->loop(Side::Backward));
  CHECK(s->loop(Side::Backward)->last_taken() == s->last_taken());
  REQUIRE(s->run() == SearchState::Found);
  REQUIRE(s->meeting());
  // The meeting cell lies on the path, and both sides have seen it.
  const std::vector<Cell> path = s->path();
  CHECK(std::find(path.begin(), path.end(), *s->meeting()) != path.end());
  CHECK(s->loop(Side::Forward)->node(*s->meeting()).state != NodeState::Unseen);
  CHECK(s->loop(Side::Backward)->node(*s->meeting()).state != NodeState::Unseen);
}

TEST_CASE("[capabilities] one-sided searches have no extras but their own loop") {
  const Level lv = ascii_level("S.#\n..G", msai_rules());
  for (Algorithm a : all_algorithms()) {
    if (info(a).extras.sides) continue;
    CAPTURE(info(a).name);
    const auto s = make_search(lv, {.algorithm = a});
    CHECK(s->path_to_taken().empty());
    s->run();
    CHECK(!s->meeting());
    CHECK(!s->side(lv.start()));
    CHECK(s->turn() == Side::Forward);
    // LPA*, D* Lite, the flow field and HPA* are no best-first loop: loop() has none to give
    // (the studio's per-side views read their own, replanning.hpp).
    if (info(a).extras.replans || info(a).extras.flow || info(a).extras.hierarchy)
      CHECK(s->loop(Side::Forward) == nullptr);
    else CHECK(s->loop(Side::Forward) == s.get());
    CHECK(s->loop(Side::Backward) == nullptr);
    CHECK(s->path_to_taken() == s->path_to(*s->last_taken()));
  }
  BestFirstSearch back(lv, lv.rules(), {}, nullptr, BestFirstSearch::Direction::Backward);
  CHECK(back.turn() == Side::Backward);
  CHECK(back.loop(Side::Backward) == &back);
  CHECK(back.loop(Side::Forward) == nullptr);
}

// [capabilities] jump parents: on an open room JPS jumps straight from S to G's row.
//
//   S.....
//   ......
//   .....G
TEST_CASE("[capabilities] jump_parent: parents more than one cell away, JPS only") {
  const Level lv = ascii_level("S.....\n......\n.....G", msai_rules());
  const auto jps = make_search(lv, {.algorithm = Algorithm::JumpPoint});
  REQUIRE(jps->run() == SearchState::Found);
  int far = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const NodeView n = jps->node({x, y});
      const bool is_far = n.state != NodeState::Unseen && n.parent &&
                          std::max(std::abs(n.parent->x - x), std::abs(n.parent->y - y)) > 1;
      CHECK(jps->jump_parent({x, y}) == (is_far ? n.parent : std::nullopt));
      far += is_far;
    }
  CHECK(far > 0);  // the test shows something
  CHECK(jps->jump_parent(lv.goal()) == jps->node(lv.goal()).parent);
  CHECK(!jps->jump_parent(lv.start()));
  CHECK(!jps->jump_parent({-1, 0}));
  // Theta*'s parents are far too, but they are line-of-sight parents, not jump points.
  const auto theta = make_search(lv, {.algorithm = Algorithm::ThetaStar});
  REQUIRE(theta->run() == SearchState::Found);
  CHECK(theta->node(lv.goal()).parent == lv.start());
  CHECK(!theta->jump_parent(lv.goal()));
}
