// The cost policy: one test per movement rule, each with a small map drawn above it.
#include <doctest/doctest.h>

#include <cmath>

#include "ascii_level.hpp"
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
