// 3D step lengths (rules.step_length "3d", moves.hpp): a step is as long as it is in 3D, one
// height level as tall as a cell is wide; the heuristics measure in 3D too and stay admissible
// and consistent; lesson 14 compares the two lengths.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "astar/detail/best_first.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "support/oracle.hpp"
#include "support/path_text.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::path_of;

namespace {

constexpr std::int64_t kOne = 1'000'000;  // micro-units in a cost of 1

std::int64_t rounded(double v) { return std::llround(v * static_cast<double>(kOne)); }

}  // namespace

TEST_CASE("[step length] exact_length_cost: whole and sqrt 2 lengths exact, others rounded once") {
  CHECK(exact_length_cost(1, 1.0) == ExactCost{kOne, 0});
  CHECK(exact_length_cost(25, 2.0) == ExactCost{10 * kOne, 0});     // 5 long, cost 2
  CHECK(exact_length_cost(2, 1.0) == ExactCost{0, kOne});            // sqrt 2
  CHECK(exact_length_cost(18, 1.5) == ExactCost{0, 3 * 1'500'000});  // 3 sqrt 2, cost 1.5
  CHECK(exact_length_cost(5, 1.0) == ExactCost{rounded(std::sqrt(5.0)), 0});
  CHECK(exact_length_cost(10, 3.0) == ExactCost{rounded(3.0 * std::sqrt(10.0)), 0});
}

TEST_CASE("[step length] moves: a climb or a drop is longer than a walk, in 3D") {
  //   heights 0 1 4 4 1, costs 1 1 1 1 2; a second row of height 0 below
  Level lv(5, 2);
  const int heights[] = {0, 1, 4, 4, 1};
  for (int x = 0; x < 5; ++x) lv.set_height({x, 0}, heights[x]);
  lv.set_cost({4, 0}, 2.0f);
  SUBCASE("flat: every step is 1 or sqrt 2 long, whatever it rises") {
    const MovePolicy policy(lv);
    CHECK(policy.move({0, 0}, Dir::E).exact == ExactCost{kOne, 0});
    CHECK(policy.move({1, 0}, Dir::E).exact == ExactCost{kOne, 0});
    CHECK(policy.move({3, 0}, Dir::E).exact == ExactCost{2 * kOne, 0});
  }
  SUBCASE("3d") {
    lv.rules().step_length = StepLength::Height;
    const MovePolicy policy(lv);
    CHECK(policy.move({0, 0}, Dir::E).exact == ExactCost{0, kOne});  // climb 1: sqrt 2, exactly
    CHECK(policy.move({0, 0}, Dir::E).action == MoveAction::Climb);
    CHECK(policy.move({1, 0}, Dir::E).exact == ExactCost{rounded(std::sqrt(10.0)), 0});  // climb 3
    CHECK(policy.move({2, 0}, Dir::E).exact == ExactCost{kOne, 0});  // a walk stays 1
    // A drop of 3 into a cell costing 2: 2 sqrt 10, however deep drops are free of extra cost.
    CHECK(policy.move({3, 0}, Dir::E).exact == ExactCost{rounded(2 * std::sqrt(10.0)), 0});
    CHECK(policy.move({3, 0}, Dir::E).action == MoveAction::Drop);
    // Diagonal: from (2,0) at height 4 down to (1,1) at 0: sqrt(2 + 16) = 3 sqrt 2, exactly.
    CHECK(policy.move({2, 0}, Dir::SW).exact == ExactCost{0, 3 * kOne});
    // The extra costs still add: climb_cost per level on top of the length.
    lv.rules().climb_cost = 0.5;
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).exact ==
          ExactCost{rounded(std::sqrt(10.0)) + 3 * 500'000, 0});
  }
}

TEST_CASE("[step length] jumps across measure their flight in 3D") {
  //   heights 2 0 3: a ditch one cell wide, the landing 1 higher than the take-off
  Level lv(3, 1);
  lv.set_height({0, 0}, 2);
  lv.set_height({2, 0}, 3);
  lv.rules().jump.gap = 1;
  lv.rules().jump.across_cost = 0.25;
  std::optional<Move> flat = MovePolicy(lv).move_between({0, 0}, {2, 0});
  REQUIRE(flat.has_value());
  CHECK(flat->exact == ExactCost{2 * kOne + 250'000, 0});
  lv.rules().step_length = StepLength::Height;
  std::optional<Move> high = MovePolicy(lv).move_between({0, 0}, {2, 0});
  REQUIRE(high.has_value());
  CHECK(high->action == MoveAction::JumpAcross);
  CHECK(high->exact == ExactCost{rounded(std::sqrt(5.0)) + 250'000, 0});  // sqrt(2^2 + 1^2)
}

TEST_CASE("[step length] the 3D heuristics are admissible and consistent; A* stays optimal") {
  // Random levels with heights, costs, edge overrides and jumps, all with 3D steps: every
  // heuristic that fits the neighbours (Manhattan only with 4), checked against the true costs
  // to the goal and on every move; A*'s cost equals the independent oracle's and, bit for bit,
  // Dijkstra's (the same exact sums).
  std::mt19937 rng(314);
  int found = 0, climbs = 0;
  for (int n = 0; n < 300; ++n) {
    Level lv = astar::test::random_level(rng, 12);
    lv.rules().step_length = StepLength::Height;
    const bool four = n % 2 == 0;
    lv.rules().neighbours = four ? Neighbours::Four : Neighbours::Eight;
    CAPTURE(n);
    for (Heuristic h : {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev,
                        Heuristic::Manhattan}) {
      if (h == Heuristic::Manhattan && !four) continue;
      CAPTURE(to_string(h));
      const SearchOptions o{.algorithm = Algorithm::AStar, .heuristic = h};
      const HeuristicReport r = check_heuristic(lv, lv.rules(), o);
      CHECK(r.admissible());
      CHECK(r.consistent());
      const auto a = make_search(lv, o);
      const auto d = make_search(lv, {.algorithm = Algorithm::Dijkstra});
      const SearchState sa = a->run();
      REQUIRE(sa == d->run());
      CHECK(a->check_invariants() == "");
      if (sa != SearchState::Found) continue;
      ++found;
      CHECK(a->path_cost() == d->path_cost());
      // The oracle sums doubles; each 3D length is rounded once to the micro-unit (half a unit
      // at most), so the two agree within half a micro-unit a step.
      const std::vector<double> dist = astar::test::oracle_distances(lv, lv.rules());
      const double oracle = dist[to_u32(lv.index(lv.goal()))];
      CHECK(std::abs(a->path_cost() - oracle) <= 0.5e-6 * static_cast<double>(a->path().size()));
      for (MoveAction act : path_actions(MovePolicy(lv), a->path()))
        climbs += act == MoveAction::Climb || act == MoveAction::Drop;
    }
  }
  CHECK(found > 300);
  CHECK(climbs > 100);  // paths that rise and fall, or this proves little
}

TEST_CASE("[step length] a level file keeps step_length; a bad one is refused by name") {
  Level lv(3, 2);
  lv.rules().step_length = StepLength::Height;
  const std::string text = level_to_json(lv);
  CHECK(text.find("\"step_length\": \"3d\"") != std::string::npos);
  Result<Level> back = parse_level(text, "t.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value().rules().step_length == StepLength::Height);
  // Flat, the default, is not written, so older files read and save as before.
  CHECK(level_to_json(Level(3, 2)).find("step_length") == std::string::npos);
  std::string bad = text;
  bad.replace(bad.find("\"3d\""), 4, "\"4d\"");
  Result<Level> refused = parse_level(bad, "t.json");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("rules.step_length") != std::string::npos);
  CHECK(refused.error().find("expected flat or 3d") != std::string::npos);
}

TEST_CASE("[step length] lesson 14: 3D steps go round the hill, flat ones over it") {
  //   columns 4..8 of rows 1..5 rise 2, 4, 6, 4, 2: a steep hill across the straight way from
  //   (1,3) to (11,3). 4 neighbours, Manhattan.
  Result<Level> loaded = load_level(ASTAR_SOURCE_DIR "/levels/lessons/14-height-distance.json");
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
  const Level& lv = loaded.value();
  REQUIRE(lv.rules().step_length == StepLength::Height);
  REQUIRE(lv.rules().neighbours == Neighbours::Four);
  const SearchOptions lesson = with_preset({}, lv.preset);
  REQUIRE(lesson.heuristic == Heuristic::Manhattan);

  const auto round = make_search(lv, lesson);
  REQUIRE(round->run() == SearchState::Found);
  CHECK(round->path_cost() == 16.0);  // 16 flat steps round the hill: whole, exact
  for (Cell c : round->path()) CHECK(lv.height_at(c) == 0);
  // h measures in 3D: on the hilltop (6,3), 5 cells and 6 levels from the goal, sqrt 61, not 5
  // (within the few micro-units it gives up to stay consistent).
  const BestFirstSearch lesson_search(lv, lesson);
  CHECK(lesson_search.h_at({6, 3}) == doctest::Approx(std::sqrt(61.0)).epsilon(1e-5));
  CHECK(lesson_search.h_at({6, 3}) <= std::sqrt(61.0));

  MovementRules flat = lv.rules();
  flat.step_length = StepLength::Flat;
  const auto over = make_search(lv, flat, lesson);
  REQUIRE(over->run() == SearchState::Found);
  CHECK(over->path_cost() == 10.0);
  CHECK(over->path() == path_of("(1,3) (2,3) (3,3) (4,3) (5,3) (6,3) (7,3) (8,3) (9,3) (10,3) "
                                "(11,3)"));
  // The way over, measured in 3D: 4 walks and 6 steps of 2 levels, each sqrt 5 long.
  const std::optional<double> over_3d = path_cost(MovePolicy(lv), over->path());
  REQUIRE(over_3d.has_value());
  CHECK(std::abs(*over_3d - (4 + 6 * std::sqrt(5.0))) <= 6 * 0.5e-6);  // 6 lengths rounded
  CHECK(*over_3d > round->path_cost());
}
