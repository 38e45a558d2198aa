// Collision shapes: the capsule geometry against hand-computed cases and a brute-force reference,
// moves and searches around shapes on small maps, the per-cell cache, and the raycast lesson.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ascii_level.hpp"
#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/shapes.hpp"
#include "astar/smoothing.hpp"
#include "oracle.hpp"
#include "path_text.hpp"

using namespace astar;
using astar::test::ascii_level;
using astar::test::oracle_capsule_touches;
using astar::test::oracle_distances;
using astar::test::oracle_segment_shape_distance;

namespace {

// True when every step of `path` (cell centre to cell centre) keeps `radius` away from every
// shape, by the brute-force reference.
bool path_clear(const Level& lv, const std::vector<Cell>& path, double radius) {
  for (std::size_t k = 1; k < path.size(); ++k)
    if (oracle_capsule_touches(lv, path[k - 1].x + 0.5, path[k - 1].y + 0.5, path[k].x + 0.5,
                               path[k].y + 0.5, radius))
      return false;
  return true;
}

double oracle_cost(const Level& lv) {
  return oracle_distances(lv, lv.rules())[to_u32(lv.index(lv.goal()))];
}

}  // namespace

// [SECTION] Geometry

TEST_CASE("[shapes] circle against a capsule: hand-computed distances, touching counts") {
  // The segment (0,0)-(4,0); a circle of radius 0.5 at (2,1) is 1 from the segment, 0.5 from
  // its edge: a radius of 0.5 touches exactly.
  const Shape c = Circle{2, 1, 0.5};
  CHECK_FALSE(segment_touches(c, 0, 0, 4, 0, 0.0));
  CHECK_FALSE(segment_touches(c, 0, 0, 4, 0, 0.49));
  CHECK(segment_touches(c, 0, 0, 4, 0, 0.5));
  // Beyond the end: (6,0) r 1 is 2 from the end (4,0).
  const Shape far = Circle{6, 0, 1};
  CHECK_FALSE(segment_touches(far, 0, 0, 4, 0, 0.99));
  CHECK(segment_touches(far, 0, 0, 4, 0, 1.0));
  // The same with the segment reversed, and a point (a disc) instead of a segment.
  CHECK(segment_touches(far, 4, 0, 0, 0, 1.0));
  CHECK(segment_touches(far, 4, 0, 4, 0, 1.0));
  CHECK_FALSE(segment_touches(far, 3.9, 0, 3.9, 0, 1.0));
  // The segment through the circle, both ends outside.
  CHECK(segment_touches(Circle{2, 0, 0.1}, 0, 0, 4, 0, 0.0));
}

TEST_CASE("[shapes] box against a capsule: crossing, end inside, grazing, corners") {
  // A box straddling the segment y = 0, no end inside: crossing touches at radius 0.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 0, 0, 4, 0, 0.0));
  // Both ends inside the box.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 1.5, 0, 1.6, 0.2, 0.0));
  // One end inside.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 1.5, 0, 5, 5, 0.0));
  // Grazing: the box's bottom edge lies on the segment.
  CHECK(segment_touches(Box{1, 0, 2, 1}, 0, 0, 4, 0, 0.0));
  // A gap of 0.5 above the segment.
  CHECK_FALSE(segment_touches(Box{1, 0.5, 2, 1}, 0, 0, 4, 0, 0.4));
  CHECK(segment_touches(Box{1, 0.5, 2, 1}, 0, 0, 4, 0, 0.5));
  // Past the end: the box starts 1 to the right of (4, 0).
  CHECK_FALSE(segment_touches(Box{5, -1, 6, 1}, 0, 0, 4, 0, 0.75));
  CHECK(segment_touches(Box{5, -1, 6, 1}, 0, 0, 4, 0, 1.0));
  // Nearest at a corner: the line x + y = 5 passes (3, 3) at 1/sqrt(2) = 0.7071.
  CHECK_FALSE(segment_touches(Box{3, 3, 4, 4}, 0, 5, 5, 0, 0.70));
  CHECK(segment_touches(Box{3, 3, 4, 4}, 0, 5, 5, 0, 0.71));
  // Through the corner exactly: x + y = 6 passes (3, 3).
  CHECK(segment_touches(Box{3, 3, 4, 4}, 0, 6, 6, 0, 0.0));
  // A vertical segment beside the box, and a point.
  CHECK_FALSE(segment_touches(Box{1, 1, 2, 2}, 0.5, 0, 0.5, 3, 0.49));
  CHECK(segment_touches(Box{1, 1, 2, 2}, 0.5, 0, 0.5, 3, 0.5));
  CHECK(segment_touches(Box{1, 1, 2, 2}, 1.5, 1.5, 1.5, 1.5, 0.0));
}

TEST_CASE("[shapes] non-finite input never touches and never crashes") {
  const double nan = std::nan("");
  CHECK_FALSE(segment_touches(Circle{nan, 0, 1}, 0, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, nan, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, 0, 0, 1, 0, nan));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, 0, 0, 1, 0, -1));
}

TEST_CASE("[shapes] segment_touches agrees with a brute-force distance on random cases") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-5, 5), size(0.05, 3), rad(0, 1.5);
  int touching = 0, apart = 0;
  for (int n = 0; n < 20000; ++n) {
    Shape s;
    if (n % 2) {
      s = Circle{pos(rng), pos(rng), size(rng)};
    } else {
      const double x = pos(rng), y = pos(rng);
      s = Box{x, y, x + size(rng), y + size(rng)};
    }
    const double ax = pos(rng), ay = pos(rng);
    // Some segments are points, some axis-aligned.
    const double bx = n % 7 == 0 ? ax : pos(rng), by = n % 11 == 0 ? ay : pos(rng);
    const double r = n % 5 == 0 ? 0.0 : rad(rng);
    const double d = oracle_segment_shape_distance(s, ax, ay, bx, by);
    if (std::fabs(d - r) < 1e-9) continue;  // too close to call for the reference
    CAPTURE(n);
    CHECK(segment_touches(s, ax, ay, bx, by, r) == (d <= r));
    (d <= r ? touching : apart)++;
  }
  CHECK(touching > 3000);
  CHECK(apart > 3000);
}

TEST_CASE("[shapes] check_shape and check_agent_radius name the bad value") {
  CHECK(check_shape(Circle{1, 2, 0.5}).empty());
  CHECK(check_shape(Circle{1, 2, -1}) == "radius must be > 0, got -1");
  CHECK(check_shape(Circle{1, 2, 0}) == "radius must be > 0, got 0");
  CHECK(check_shape(Circle{std::nan(""), 2, 1}) ==
        "x must be a finite number within -1000000..1000000, got nan");
  CHECK(check_shape(Box{0, 0, 1, 1}).empty());
  CHECK(check_shape(Box{3, 0, 2, 1}) == "min_x must be < max_x, got 3 and 2");
  CHECK(check_shape(Box{0, 1, 2, 1}) == "min_y must be < max_y, got 1 and 1");
  CHECK(check_shape(Box{0, 0, 2e6, 1}) ==
        "max_x must be a finite number within -1000000..1000000, got 2000000");
  CHECK(check_agent_radius(0).empty());
  CHECK(check_agent_radius(0.3).empty());
  CHECK(check_agent_radius(-0.1) == "must be a finite number 0..1000000, got -0.1");
  CHECK(check_agent_radius(INFINITY) == "must be a finite number 0..1000000, got inf");
}

// [SECTION] Moves and searches

TEST_CASE("[shapes] a circle between two cells blocks the straight move; the agent goes around") {
  // . . . . .
  // S . | . G     a small circle on the edge between (1,1) and (2,1)
  // . . . . .
  Level lv = ascii_level(".....\nS...G\n.....");
  lv.add_shape(Circle{2.0, 1.5, 0.25});
  const MovePolicy p(lv);
  CHECK(p.move({1, 1}, Dir::E).block == MoveBlock::ShapeHit);
  CHECK(p.move({2, 1}, Dir::W).block == MoveBlock::ShapeHit);  // the same segment
  CHECK(to_string(MoveBlock::ShapeHit) == "shape");
  // The diagonals pass the circle at 0.5 / sqrt(2) = 0.354 > 0.25.
  CHECK(p.move({1, 1}, Dir::NE).possible());
  CHECK(p.move({1, 0}, Dir::SE).possible());

  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  CHECK(s->path_cost() == doctest::Approx(2 + 2 * kSqrt2));
  CHECK(path_clear(lv, s->path(), 0.0));
  CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)));
}

TEST_CASE("[shapes] the agent radius decides whether a gap between two circles is passable") {
  // S . o . G     circles of radius 0.3 centred on the top and bottom edges of the middle cell:
  //               the corridor's centre line passes each at 0.5 - 0.3 = 0.2
  Level lv = ascii_level("S...G");
  lv.add_shape(Circle{2.5, 0.0, 0.3});
  lv.add_shape(Circle{2.5, 1.0, 0.3});
  SUBCASE("radius 0 passes") {
    lv.rules().agent_radius = 0.0;
    const auto s = make_search(lv);
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == 4);
  }
  SUBCASE("radius 0.19 passes") {
    lv.rules().agent_radius = 0.19;
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
  SUBCASE("radius 0.2 touches exactly: blocked") {
    lv.rules().agent_radius = 0.2;
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("radius 0.4 is blocked") {
    lv.rules().agent_radius = 0.4;
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).block == MoveBlock::ShapeHit);
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("rules given to the search override the level's radius") {
    lv.rules().agent_radius = 0.0;
    MovementRules wide = lv.rules();
    wide.agent_radius = 0.4;
    CHECK(make_search(lv, wide)->run() == SearchState::NoPath);
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

TEST_CASE("[shapes] a box grazing the centre line blocks; a hair below it does not") {
  // S . . . G     a crate over the top half of (2,0): its bottom edge on or above y = 0.5
  Level lv = ascii_level("S...G");
  SUBCASE("grazing") {
    lv.add_shape(Box{2, 0, 3, 0.5});
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).block == MoveBlock::ShapeHit);
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("clear by 0.01") {
    lv.add_shape(Box{2, 0, 3, 0.49});
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

TEST_CASE("[shapes] shapes and walls together, every algorithm that accepts them") {
  // S . . # . .
  // . . . # . .
  // . . . . . G
  Level lv = ascii_level("S..#..\n...#..\n.....G");
  lv.add_shape(Circle{3.5, 2.5, 0.2});  // in the only gap under the wall
  SUBCASE("the gap is closed: no path") {
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("a box leaves the gap open; optimal algorithms equal the oracle") {
    lv.set_shapes({Box{1, 1, 2, 1.3}});
    const double expected = oracle_cost(lv);
    REQUIRE(std::isfinite(expected));
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
      const auto s = make_search(lv, {.algorithm = a});
      CAPTURE(info(a).name);
      REQUIRE(s->run() == SearchState::Found);
      CHECK(s->path_cost() == doctest::Approx(expected));
      CHECK(path_clear(lv, s->path(), 0.0));
    }
  }
}

TEST_CASE("[shapes] JPS and Theta* refuse levels with shapes; a start inside a shape is invalid") {
  Level lv = ascii_level("S....\n.....\n....G");
  lv.add_shape(Circle{2.5, 1.5, 0.4});
  const auto jps = make_search(lv, {.algorithm = Algorithm::JumpPoint});
  CHECK(jps->state() == SearchState::Invalid);
  CHECK(jps->message() == "Jump Point Search needs a level without collision shapes (it assumes walls only)");
  const auto theta = make_search(lv, {.algorithm = Algorithm::ThetaStar});
  CHECK(theta->state() == SearchState::Invalid);
  CHECK(theta->message() ==
        "Theta* needs a level without collision shapes (its line of sight tests walls only)");

  lv.add_shape(Box{4.6, 1.9, 6, 3});
  lv.rules().agent_radius = 0.1;
  const auto a = make_search(lv);
  CHECK(a->state() == SearchState::Invalid);
  CHECK(a->message() == "goal (4, 2) is inside shapes[1] (a box) with agent radius 0.1");
  lv.rules().agent_radius = 0.0;
  CHECK(make_search(lv)->state() == SearchState::InProgress);  // (4.5, 2.5) is 0.1 from the box

  lv.rules().agent_radius = -1;
  CHECK(make_search(lv)->message() == "agent_radius must be a finite number 0..1000000, got -1");
}

// [SECTION] The cache

TEST_CASE("[shapes] moves are cached per cell; edits drop the cache; another radius recomputes") {
  // S . . . . . . G
  // . . . . . . . .
  // . . . . . . . .
  Level lv = ascii_level("S......G\n........\n........");
  lv.add_shape(Circle{4.0, 0.5, 0.3});
  const auto first = make_search(lv);
  REQUIRE(first->run() == SearchState::Found);
  const ShapeStats after_first = lv.shape_stats();
  CHECK(after_first.segment_tests > 0);
  CHECK(after_first.moves_computed > 0);

  // The same search again, and a fresh one: every move answered from the cache.
  first->restart();
  REQUIRE(first->run() == SearchState::Found);
  REQUIRE(make_search(lv)->run() == SearchState::Found);
  CHECK(lv.shape_stats().segment_tests == after_first.segment_tests);
  CHECK(lv.shape_stats().moves_computed == after_first.moves_computed);

  // A copy compares equal whatever its cache holds.
  const Level copy = lv;
  CHECK(copy == lv);
  Level fresh = ascii_level("S......G\n........\n........");
  fresh.add_shape(Circle{4.0, 0.5, 0.3});
  CHECK(fresh == lv);

  // Editing the shapes drops the cache: the next search tests again, and sees the new shape.
  lv.add_shape(Circle{4.0, 2.5, 0.3});
  CHECK(lv.shape_stats().drops == after_first.drops + 1);
  CHECK(lv != fresh);
  const auto second = make_search(lv);
  REQUIRE(second->run() == SearchState::Found);
  CHECK(lv.shape_stats().segment_tests > after_first.segment_tests);
  CHECK(path_clear(lv, second->path(), 0.0));
  CHECK(second->path_cost() == doctest::Approx(oracle_cost(lv)));

  // Another radius recomputes.
  const std::int64_t tests = lv.shape_stats().segment_tests;
  MovementRules wide = lv.rules();
  wide.agent_radius = 0.25;
  const auto third = make_search(lv, wide);
  third->run();
  CHECK(lv.shape_stats().segment_tests > tests);
  CHECK(make_search(lv)->run() == SearchState::Found);

  // remove_shape and set_shape drop it too.
  const std::int64_t drops = lv.shape_stats().drops;
  lv.remove_shape(0);
  CHECK(lv.shape_stats().drops == drops + 1);
  CHECK(MovePolicy(lv).move({3, 2}, Dir::E).block == MoveBlock::ShapeHit);  // fills it again
  lv.set_shape(0, Box{3, 0, 5, 1});
  CHECK(lv.shape_stats().drops == drops + 2);
  CHECK(MovePolicy(lv).move({3, 2}, Dir::E).block == MoveBlock::None);
  CHECK(MovePolicy(lv).move({3, 1}, Dir::E).block == MoveBlock::None);
  CHECK(MovePolicy(lv).move({3, 0}, Dir::E).block == MoveBlock::ShapeHit);
}

TEST_CASE("[shapes] only shapes near a move are tested") {
  // 200 x 200 open cells with 2,000 small circles spread over them: each move tests a handful.
  Level lv(200, 200);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> pos(0, 200);
  std::vector<Shape> shapes;
  while (shapes.size() < 2000) {
    const double x = pos(rng), y = pos(rng);
    // Keep the corners (start and goal) clear.
    if (std::hypot(x, y) < 3 || std::hypot(200 - x, 200 - y) < 3) continue;
    shapes.push_back(Circle{x, y, 0.3});
  }
  lv.set_shapes(shapes);
  lv.set_start({0, 0});
  lv.set_goal({199, 199});
  lv.rules().agent_radius = 0.2;
  const auto s = make_search(lv);
  CHECK(s->run() == SearchState::Found);
  const ShapeStats st = lv.shape_stats();
  REQUIRE(st.moves_computed > 1000);
  CHECK(static_cast<double>(st.segment_tests) / static_cast<double>(st.moves_computed) < 10.0);
}

// [SECTION] Random levels against the oracle

TEST_CASE("[shapes] A* equals the brute-force Dijkstra on random levels with shapes") {
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  int found = 0, none = 0;
  for (int n = 0; n < 300; ++n) {
    Level lv(pick(2, 12), pick(2, 12));
    std::bernoulli_distribution wall(0.1);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
    std::vector<Shape> shapes;
    for (int k = pick(0, 8); k > 0; --k) {
      const double x = real(0, lv.width()), y = real(0, lv.height());
      if (pick(0, 1))
        shapes.push_back(Circle{x, y, real(0.05, 1.2)});
      else
        shapes.push_back(Box{x, y, x + real(0.05, 3), y + real(0.05, 3)});
    }
    lv.set_shapes(shapes);
    lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
    lv.rules().neighbours = pick(0, 3) ? Neighbours::Eight : Neighbours::Four;
    lv.rules().diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
    lv.rules().agent_radius = pick(0, 2) ? real(0, 0.5) : 0.0;
    const auto s = make_search(lv);
    const SearchState st = s->run();
    CAPTURE(n);
    if (st == SearchState::Invalid) {
      // Only because an endpoint touches a shape, which the brute force confirms.
      const double r = lv.rules().agent_radius;
      const bool start_in = oracle_capsule_touches(lv, lv.start().x + 0.5, lv.start().y + 0.5,
                                                   lv.start().x + 0.5, lv.start().y + 0.5, r);
      const bool goal_in = oracle_capsule_touches(lv, lv.goal().x + 0.5, lv.goal().y + 0.5,
                                                  lv.goal().x + 0.5, lv.goal().y + 0.5, r);
      CHECK_MESSAGE((start_in || goal_in), s->message());
      continue;
    }
    const double expected = oracle_cost(lv);
    if (st == SearchState::Found) {
      ++found;
      CHECK(s->path_cost() == doctest::Approx(expected));
      CHECK(path_clear(lv, s->path(), lv.rules().agent_radius));
      // Smoothing keeps clear of the shapes too.
      const std::vector<Cell> w = smooth_path(lv, s->path());
      CHECK(path_clear(lv, w, lv.rules().agent_radius));
    } else {
      ++none;
      CHECK(st == SearchState::NoPath);
      CHECK(expected == astar::test::kOracleInf);
    }
  }
  CHECK(found > 100);
  CHECK(none > 10);
}

// [SECTION] Smoothing

TEST_CASE("[shapes] smoothing never cuts across a shape") {
  // S . . . . . . . G     a barrel on the straight line: the grid path bends around it, and
  // . . . . . . . . .     the string-pulled path may not pull straight through it
  // . . . . . . . . .
  Level lv = ascii_level("S.......G\n.........\n.........");
  lv.add_shape(Circle{4.5, 0.5, 0.6});
  lv.rules().agent_radius = 0.2;
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> w = smooth_path(lv, s->path());
  REQUIRE(w.size() >= 3);
  CHECK(path_clear(lv, w, 0.2));
  // Without the shape test the same path would pull to one straight segment.
  Level bare = lv;
  bare.set_shapes({});
  CHECK(smooth_path(bare, s->path()).size() == 2);
  // An explicit radius: 0 lets the shortcuts come closer, never through.
  CHECK(path_clear(lv, smooth_path(lv, s->path(), 0.0), 0.0));
}

// [SECTION] The lesson level

TEST_CASE("[shapes] lesson: physics-aware raycast A* with a max-iterations guard") {
  const auto loaded = load_level(std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/08-raycast-shapes.json");
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
  const Level& lv = loaded.value();
  CHECK(lv.width() == 32);
  CHECK(lv.height() == 20);
  CHECK(lv.shapes().size() == 13);
  CHECK(lv.rules().agent_radius == 0.3);
  // As the Godot scenario: 4 neighbours, steps of one cell, the Euclidean heuristic, a guard of
  // 1000 iterations.
  CHECK(lv.rules().neighbours == Neighbours::Four);
  const SearchOptions lesson = with_preset({}, lv.preset);
  CHECK(lesson.heuristic == Heuristic::Euclidean);
  constexpr std::int64_t kGuard = 1000;
  CHECK(lesson.max_iterations == kGuard);

  // The guard: the scenario's limit finds the path, a tiny one stops the search.
  const auto s = make_search(lv, lesson);
  REQUIRE(s->run() == SearchState::Found);
  CHECK(s->iterations() == 223);
  CHECK(s->path_cost() == 33.0);  // whole steps: exact
  const std::vector<Cell> path = s->path();
  CHECK(path == astar::test::path_of(
                    "(2,10) (3,10) (4,10) (5,10) (6,10) (7,10) (8,10) (9,10) (10,10) (11,10) "
                    "(12,10) (12,11) (12,12) (13,12) (14,12) (15,12) (16,12) (17,12) (18,12) "
                    "(19,12) (19,13) (20,13) (21,13) (22,13) (23,13) (24,13) (25,13) (26,13) "
                    "(27,13) (28,13) (28,12) (28,11) (29,11) (29,10)"));
  // Every step keeps the agent's radius clear of every shape (brute force, not the cache).
  CHECK(path_clear(lv, path, 0.3));
  CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)));
  // The shapes matter: without them the path is the straight row, cost 27.
  Level bare = lv;
  bare.set_shapes({});
  CHECK(oracle_cost(bare) == doctest::Approx(27));
  CHECK(s->path_cost() > 27.5);

  SearchOptions tight = lesson;
  tight.max_iterations = 10;
  const auto limited = make_search(lv, tight);
  CHECK(limited->run() == SearchState::IterationLimit);
  CHECK(limited->iterations() == 10);
  CHECK(limited->path().empty());

  // The file is in the writer's own layout.
  const auto back = parse_level(level_to_json(lv), "x");
  REQUIRE(back.ok());
  CHECK(back.value() == lv);
}
