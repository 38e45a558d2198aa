// The cost policy: one test per movement rule, each with a small map drawn above it.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {
MovementRules rules_with(Neighbours n, DiagonalPolicy d) {
  MovementRules r;
  r.neighbours = n;
  r.diagonal = d;
  return r;
}
}  // namespace

TEST_CASE("[moves] straight step costs 1 x cost of the entered cell") {
  // S 3
  // . .
  Level lv = ascii_level("S3\n..");
  MovePolicy p(lv);
  CHECK(p.move({0, 0}, Dir::E).cost == doctest::Approx(3.0));
  CHECK(p.move({0, 0}, Dir::S).cost == doctest::Approx(1.0));
  CHECK(p.move({0, 0}, Dir::W).block == MoveBlock::OutOfBounds);
  CHECK(p.move({0, 0}, Dir::N).block == MoveBlock::OutOfBounds);
}

TEST_CASE("[moves] walls cannot be entered") {
  // S#
  Level lv = ascii_level("S#");
  CHECK(MovePolicy(lv).move({0, 0}, Dir::E).block == MoveBlock::Wall);
}

TEST_CASE("[moves] diagonal policy") {
  // S#     the diagonal S -> (1,1) passes between the wall (1,0) and the open (0,1)
  // ..
  Level lv = ascii_level("S#\n..");
  SUBCASE("always: diagonal of length sqrt 2") {
    const Move m = MovePolicy(lv, rules_with(Neighbours::Eight, DiagonalPolicy::Always))
                       .move({0, 0}, Dir::SE);
    REQUIRE(m.possible());
    CHECK(m.cost == doctest::Approx(std::sqrt(2.0)));
  }
  SUBCASE("one side open: allowed beside one wall") {
    CHECK(MovePolicy(lv, rules_with(Neighbours::Eight, DiagonalPolicy::AtLeastOneSideOpen))
              .move({0, 0}, Dir::SE)
              .possible());
  }
  SUBCASE("no corner cutting: refused beside one wall") {
    CHECK(MovePolicy(lv, rules_with(Neighbours::Eight, DiagonalPolicy::NoCornerCutting))
              .move({0, 0}, Dir::SE)
              .block == MoveBlock::CornerCut);
  }
  SUBCASE("never") {
    CHECK(MovePolicy(lv, rules_with(Neighbours::Eight, DiagonalPolicy::Never))
              .move({0, 0}, Dir::SE)
              .block == MoveBlock::NotANeighbour);
  }
  SUBCASE("four neighbours never step diagonally, and do not even consider it") {
    MovePolicy p(lv, rules_with(Neighbours::Four, DiagonalPolicy::Always));
    CHECK(p.move({0, 0}, Dir::SE).block == MoveBlock::NotANeighbour);
    int considered = 0;
    p.for_each_move({0, 0}, [&](const Move& m) {
      ++considered;
      CHECK_FALSE(is_diagonal(m.dir));
    });
    CHECK(considered == 4);
  }
}

TEST_CASE("[moves] one side open refuses when both sides are walls") {
  // S#
  // #.
  Level lv = ascii_level("S#\n#.");
  MovePolicy p(lv, rules_with(Neighbours::Eight, DiagonalPolicy::AtLeastOneSideOpen));
  CHECK(p.move({0, 0}, Dir::SE).block == MoveBlock::CornerCut);
  MovePolicy always(lv, rules_with(Neighbours::Eight, DiagonalPolicy::Always));
  CHECK(always.move({0, 0}, Dir::SE).possible());
}

TEST_CASE("[moves] heights: climb limit, drop limit, climb cost, free drops") {
  // S . .    heights  0 2 0
  Level lv = ascii_level("S..");
  lv.set_height({1, 0}, 2);
  MovementRules r;
  r.climb_cost = 0.5;
  SUBCASE("unlimited: climbing 2 costs 1 + 2 x 0.5, dropping 2 costs 1") {
    MovePolicy p(lv, r);
    CHECK(p.move({0, 0}, Dir::E).cost == doctest::Approx(2.0));
    CHECK(p.move({1, 0}, Dir::E).cost == doctest::Approx(1.0));
  }
  SUBCASE("max climb 1 refuses a climb of 2 but the drop is free") {
    r.max_climb = 1;
    MovePolicy p(lv, r);
    CHECK(p.move({0, 0}, Dir::E).block == MoveBlock::ClimbTooHigh);
    CHECK(p.move({1, 0}, Dir::E).possible());
  }
  SUBCASE("max climb 2 allows it") {
    r.max_climb = 2;
    CHECK(MovePolicy(lv, r).move({0, 0}, Dir::E).possible());
  }
  SUBCASE("max drop 1 refuses a drop of 2") {
    r.max_drop = 1;
    CHECK(MovePolicy(lv, r).move({1, 0}, Dir::E).block == MoveBlock::DropTooFar);
  }
}

TEST_CASE("[moves] edge overrides: one-way links and weights") {
  // S 5 .     (0,0) -E-> (1,0) weighted 0.25 replaces 1 x 5; (1,0) -W-> (0,0) blocked
  Level lv = ascii_level("S5.");
  lv.set_edge({0, 0}, Dir::E, EdgeOverride{false, 0.25});
  lv.set_edge({1, 0}, Dir::W, EdgeOverride{true, 1.0});
  MovePolicy p(lv);
  CHECK(p.move({0, 0}, Dir::E).cost == doctest::Approx(0.25));
  CHECK(p.move({1, 0}, Dir::W).block == MoveBlock::BlockedEdge);
  CHECK(p.move({1, 0}, Dir::E).cost == doctest::Approx(1.0));
  SUBCASE("the heuristic scale drops to the cheapest cost per distance") {
    CHECK(p.min_cost_per_distance() == doctest::Approx(0.25));
  }
  SUBCASE("limits still apply to an overridden move") {
    lv.set_height({1, 0}, 3);
    MovementRules r;
    r.max_climb = 1;
    CHECK(MovePolicy(lv, r).move({0, 0}, Dir::E).block == MoveBlock::ClimbTooHigh);
  }
  SUBCASE("clearing restores the formula") {
    lv.clear_edge({1, 0}, Dir::W);
    CHECK(p.move({1, 0}, Dir::W).cost == doctest::Approx(1.0));
    CHECK_FALSE(lv.edge({1, 0}, Dir::W).has_value());
  }
}

TEST_CASE("[moves] a one-way drop: the search goes down but not back up") {
  // S . G    heights 1 1 0 with max_climb 0: S -> G possible, G -> S impossible
  Level lv = ascii_level("S.G");
  lv.set_height({0, 0}, 1);
  lv.set_height({1, 0}, 1);
  MovementRules r;
  r.max_climb = 0;
  lv.rules() = r;
  BestFirstSearch down(lv);
  CHECK(down.run() == SearchState::Found);
  lv.set_start({2, 0});
  lv.set_goal({0, 0});
  BestFirstSearch up(lv);
  CHECK(up.run() == SearchState::NoPath);
}

TEST_CASE("[moves] path_cost checks every step") {
  // S . .
  // . # .
  Level lv = ascii_level("S..\n.#.");
  MovePolicy p(lv);
  CHECK(path_cost(p, {{0, 0}, {1, 0}, {2, 0}}) == doctest::Approx(2.0));
  CHECK_FALSE(path_cost(p, {{0, 0}, {1, 1}}).has_value());  // into a wall
  CHECK_FALSE(path_cost(p, {{0, 0}, {2, 0}}).has_value());  // not adjacent
  CHECK_FALSE(path_cost(p, {}).has_value());
}

TEST_CASE("[moves] actions: walk, climb, drop, jump up, jump down") {
  // . . . . . .    heights 0 0 1 4 0 -6, max_climb 1, max_drop 2, jump up 3, jump down 6
  Level lv = ascii_level("......");
  const int heights[] = {0, 0, 1, 4, 0, -6};
  for (int x = 0; x < 6; ++x) lv.set_height({x, 0}, heights[x]);
  MovementRules r;
  r.max_climb = 1;
  r.max_drop = 2;
  r.climb_cost = 0.5;
  r.drop_cost = 0.25;
  r.jump = {.up = 3, .down = 6, .gap = 0, .up_cost = 2, .down_cost = 3, .across_cost = 0};
  MovePolicy p(lv, r);
  auto check = [&](Cell from, Dir d, MoveAction a, double cost) {
    CAPTURE(from.x);
    const Move m = p.move(from, d);
    REQUIRE(m.possible());
    CHECK(m.action == a);
    CHECK(m.cost == doctest::Approx(cost));
  };
  check({0, 0}, Dir::E, MoveAction::Walk, 1.0);
  check({1, 0}, Dir::E, MoveAction::Climb, 1.5);      // 1 + 0.5 x 1
  check({2, 0}, Dir::W, MoveAction::Drop, 1.25);      // 1 + drop_cost
  check({2, 0}, Dir::E, MoveAction::JumpUp, 3.0);     // rise 3 > max_climb: 1 + jump up cost
  check({3, 0}, Dir::E, MoveAction::JumpDown, 4.0);   // fall 4 > max_drop: 1 + jump down cost
  check({4, 0}, Dir::E, MoveAction::JumpDown, 4.0);   // fall 6 = jump.down
  CHECK(to_string(MoveAction::JumpAcross) == "jump across");
  CHECK(to_string(MoveAction::Walk) == "walk");

  SUBCASE("beyond the jump limits the old blocks stay") {
    r.jump.up = 2;
    r.jump.down = 5;
    MovePolicy q(lv, r);
    CHECK(q.move({2, 0}, Dir::E).block == MoveBlock::ClimbTooHigh);
    CHECK(q.move({4, 0}, Dir::E).block == MoveBlock::DropTooFar);
  }
  SUBCASE("unlimited climb and drop never need a jump") {
    r.max_climb = kUnlimited;
    r.max_drop = kUnlimited;
    MovePolicy q(lv, r);
    CHECK(q.move({2, 0}, Dir::E).action == MoveAction::Climb);
    CHECK(q.move({2, 0}, Dir::E).cost == doctest::Approx(2.5));
    CHECK(q.move({4, 0}, Dir::E).action == MoveAction::Drop);
  }
  SUBCASE("a weight override replaces the whole cost of a jump too") {
    lv.set_edge({2, 0}, Dir::E, {false, 7.0});
    CHECK(MovePolicy(lv, r).move({2, 0}, Dir::E).cost == doctest::Approx(7.0));
    CHECK(MovePolicy(lv, r).move({2, 0}, Dir::E).action == MoveAction::JumpUp);
  }
}

TEST_CASE("[moves] jump across a gap of lower cells") {
  //  S . . . # . .      heights  2 2 0 0 2 2 0
  //  . . . . . . .               2 2 2 0 2 2 2
  // From (1,0) east: over (2,0) (3,0) (height 0 < 2) onto (4,0)?  (4,0) is a wall: no.
  // From (1,1) east: over (3,1)? (2,1) has height 2, not lower: no gap. From (2,1) east over
  // (3,1) onto (4,1): a gap of 1.
  Level lv = ascii_level("S...#..\n.......");
  const int h0[] = {2, 2, 0, 0, 2, 2, 0}, h1[] = {2, 2, 2, 0, 2, 2, 2};
  for (int x = 0; x < 7; ++x) {
    lv.set_height({x, 0}, h0[x]);
    lv.set_height({x, 1}, h1[x]);
  }
  lv.set_cost({4, 1}, 2);
  MovementRules r;
  r.max_climb = 0;
  r.max_drop = 0;  // no walking into the ditch or out of it
  r.jump.gap = 2;
  r.jump.across_cost = 0.5;
  MovePolicy p(lv, r);
  auto jumps_from = [&](Cell c) {
    std::vector<Cell> to;
    p.for_each_move(c, [&](const Move& m) {
      if (m.possible() && m.action == MoveAction::JumpAcross) to.push_back(m.to);
    });
    return to;
  };
  CHECK(jumps_from({1, 0}).empty());                          // onto a wall: never
  CHECK(jumps_from({2, 1}) == std::vector<Cell>{{4, 1}});
  CHECK(jumps_from({4, 1}) == std::vector<Cell>{{2, 1}});     // and back
  const std::optional<Move> m = p.move_between({2, 1}, {4, 1});
  REQUIRE(m.has_value());
  CHECK(m->action == MoveAction::JumpAcross);
  CHECK(m->dir == Dir::E);
  CHECK(m->cost == doctest::Approx(2 * 2.0 + 0.5));  // distance 2 x cost(landing) + across cost
  CHECK_FALSE(p.move_between({1, 1}, {3, 1}).has_value());  // (2,1) is not lower
  CHECK_FALSE(p.move_between({2, 1}, {5, 1}).has_value());  // (4,1) is not lower

  SUBCASE("a collision shape over the gap stops the jump, both ways") {
    lv.add_shape(Circle{3.5, 1.5, 0.2});  // a post in the ditch, on the line of flight
    const MovePolicy shaped(lv, r);
    std::vector<Cell> to;
    shaped.for_each_move({2, 1}, [&](const Move& mv) {
      if (mv.possible() && mv.action == MoveAction::JumpAcross) to.push_back(mv.to);
    });
    CHECK(to.empty());
    CHECK_FALSE(shaped.move_between({2, 1}, {4, 1}).has_value());
    shaped.for_each_move_into({4, 1}, [&](const Move& mv) {
      CHECK_FALSE((mv.possible() && mv.action == MoveAction::JumpAcross));
    });
  }
  SUBCASE("the gap limit counts the cells cleared") {
    // Row 0 from (5,0) west: (4,0) is a wall; from (1,0) east the ditch is 2 wide but lands on a wall.
    Level wide = ascii_level("......");
    const int h[] = {1, 1, 0, 0, 1, 1};
    for (int x = 0; x < 6; ++x) wide.set_height({x, 0}, h[x]);
    MovementRules w = r;
    w.jump.gap = 1;
    CHECK_FALSE(MovePolicy(wide, w).move_between({1, 0}, {4, 0}).has_value());
    w.jump.gap = 2;
    CHECK(MovePolicy(wide, w).move_between({1, 0}, {4, 0}).has_value());
    w.jump.gap = 64;  // a longer limit offers the same single landing
    int landings = 0;
    MovePolicy(wide, w).for_each_move({1, 0}, [&](const Move& mv) {
      landings += mv.possible() && mv.action == MoveAction::JumpAcross;
    });
    CHECK(landings == 1);
  }
  SUBCASE("the landing must be within the climb and drop limits") {
    lv.set_height({4, 1}, 3);  // one above the take-off
    CHECK_FALSE(MovePolicy(lv, r).move_between({2, 1}, {4, 1}).has_value());
    r.max_climb = 1;
    CHECK(MovePolicy(lv, r).move_between({2, 1}, {4, 1}).has_value());
    CHECK_FALSE(MovePolicy(lv, r).move_between({4, 1}, {2, 1}).has_value());  // drop of 1 > 0
  }
  SUBCASE("moves into a cell mirror the moves out of its neighbours") {
    std::vector<std::pair<int, int>> into;
    p.for_each_move_into({4, 1}, [&](const Move& mv) {
      if (mv.possible() && mv.action == MoveAction::JumpAcross) {
        into.push_back({mv.to.x, mv.to.y});
        CHECK(mv.dir == Dir::W);  // from the landing towards the take-off
        CHECK(mv.cost == doctest::Approx(2 * 2.0 + 0.5));
      }
    });
    CHECK(into == std::vector<std::pair<int, int>>{{2, 1}});
  }
  SUBCASE("path cost and actions of a path with a jump") {
    const std::vector<Cell> path{{1, 1}, {2, 1}, {4, 1}, {5, 1}};
    CHECK(path_cost(p, path) == doctest::Approx(1 + 4.5 + 1));
    CHECK(path_actions(p, path) ==
          std::vector<MoveAction>{MoveAction::Walk, MoveAction::JumpAcross, MoveAction::Walk});
    CHECK(path_actions(p, {{1, 1}, {3, 1}}).empty());  // not a move
  }
  SUBCASE("the heuristic scale stays a lower bound: a jump costs at least its distance") {
    CHECK(p.min_cost_per_distance() == doctest::Approx(1.0));
  }
}

TEST_CASE("[moves] every move into a cell is the reverse of a move out of another, on random levels") {
  std::mt19937 rng(5);
  int jumps = 0;
  for (int n = 0; n < 300; ++n) {
    const Level lv = astar::test::random_level(rng, 10);
    MovePolicy p(lv);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell to{x, y};
        p.for_each_move_into(to, [&](const Move& in) {
          if (!in.possible()) return;
          const std::optional<Move> out = p.move_between(in.to, to);
          REQUIRE(out.has_value());
          CHECK(out->cost == in.cost);
          CHECK(out->action == in.action);
          jumps += in.action == MoveAction::JumpAcross;
        });
        p.for_each_move(to, [&](const Move& m) {
          if (!m.possible() || lv.solid(to)) return;
          const std::optional<Move> same = p.move_between(to, m.to);
          REQUIRE(same.has_value());
          CHECK(same->cost == m.cost);
        });
      }
  }
  CHECK(jumps > 100);
}
