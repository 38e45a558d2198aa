// Terrain lessons as shipped in levels/: jumps (walk, climb, drop, jump up, jump down, jump
// across) and a height map with one-way cliffs and costly edge tiles.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "support/oracle.hpp"
#include "support/path_text.hpp"

using namespace astar;
using astar::test::path_of;

namespace {

Level shipped(const char* name) {
  Result<Level> lv = load_level(std::string(ASTAR_SOURCE_DIR "/levels/lessons/") + name);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return lv.value();
}

double oracle_cost(const Level& lv) {
  const std::vector<double> dist = astar::test::oracle_distances(lv, lv.rules());
  return dist[static_cast<std::size_t>(lv.goal().y * lv.width() + lv.goal().x)];
}

int count(const std::vector<MoveAction>& actions, MoveAction a) {
  return static_cast<int>(std::count(actions.begin(), actions.end(), a));
}

}  // namespace

TEST_CASE("[terrain] terrain-jumps with action ranks: the ramp, not the jump up") {
  // The lesson as shipped: fewer rank points first. The jump up onto the ledge (3 levels, 12
  // points) gives way to the ramp in the top row (3 climbs); the ditch still needs its jump
  // across, and the shelf its jump down (3 levels, 12 points): no path without them.
  const Level lv = shipped("12-terrain-jumps.json");
  const auto s = make_search(lv, with_preset({}, lv.preset));
  REQUIRE(s->run() == SearchState::Found);
  CHECK(s->path() == path_of("(0,4) (1,4) (1,3) (1,2) (1,1) (2,1) (3,1) (4,1) (5,1) (6,1) (6,0) "
                             "(7,0) (8,0) (8,1) (8,2) (8,3) (8,4) (8,5) (9,5) (10,5) (13,5) (14,5) "
                             "(15,5) (16,5) (17,5) (18,5) (19,5) (20,5) (21,5) (22,5) (23,5) (23,6)"));
  const MovePolicy policy(lv);
  const std::optional<RankedCost> split = ranked_path_cost(policy, s->path());
  REQUIRE(split.has_value());
  CHECK(split->points == 18);  // 4 climbs, 1 jump across, 1 drop, 12 for the jump down of 3
  CHECK(split->distance == ExactCost::straight(37.75));
  const std::vector<MoveAction> actions = path_actions(policy, s->path());
  CHECK(count(actions, MoveAction::JumpUp) == 0);
  CHECK(count(actions, MoveAction::Climb) == 4);
  CHECK(count(actions, MoveAction::JumpAcross) == 1);
  CHECK(count(actions, MoveAction::JumpDown) == 1);
  // The one number the search orders by, as the lesson explains what the panels show: points
  // times the rank unit (10,000 here), plus the distance.
  CHECK(static_cast<double>(policy.rank_units()) == 10'000 * kCostUnitsPerOne);
  CHECK(s->path_cost() == 18 * 10'000 + 37.75);  // quarters: exact
  CHECK(lv.description.find("points times 10,000 plus the distance") != std::string::npos);
  CHECK(lv.description.find("180037.75: 18 points, then 37.75") != std::string::npos);
}

TEST_CASE("[terrain] terrain-jumps: the optimal path walks, climbs, drops and jumps") {
  // Bands across the whole level (heights by column), so no way round any of them:
  //   0 0 0 0 0 | 1 1 1 | 4 4 4 | 0 0 | 4 4 4 | 3 3 | 0 0 0 0 0 0
  //   ground      step    ledge   ditch ledge   shelf  ground
  // max_climb 1, max_drop 1; jumps: up 3, down 4, gap 2. The ditch is 4 deep: a jump down
  // into it is allowed, but nothing climbs out (4 > jump up 3), so it must be jumped across.
  // 4 neighbours and Manhattan, as the voxel scenario: every move and jump along a row or column.
  // The lesson ranks actions (a jump only when needed: its own test case below); by cost alone,
  // with ranks off, the cheapest path takes every action.
  const Level ranked = shipped("12-terrain-jumps.json");
  REQUIRE(ranked.rules().ranks.on);
  Level lv = ranked;
  lv.rules().ranks.on = false;
  REQUIRE(lv.rules().neighbours == Neighbours::Four);
  REQUIRE(lv.preset.heuristic == std::optional<std::string>("manhattan"));
  const double best = oracle_cost(lv);
  const MovePolicy policy(lv);
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
    CAPTURE(info(a).name);
    const auto s = make_search(lv, {.algorithm = a});
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == doctest::Approx(best).epsilon(1e-12));
    CHECK(path_cost(policy, s->path()) == doctest::Approx(best).epsilon(1e-12));
  }
  const auto s = make_search(lv, with_preset({}, lv.preset));  // the lesson's search, by cost
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> path = s->path();
  CHECK(s->path_cost() == 36.25);  // quarters: exact
  CHECK(path == path_of("(0,4) (1,4) (1,5) (1,6) (1,7) (1,8) (2,8) (3,8) (4,8) (4,7) (4,6) (5,6) "
                        "(6,6) (7,6) (8,6) (9,6) (10,6) (13,6) (14,6) (15,6) (16,6) (17,6) (18,6) "
                        "(19,6) (19,5) (20,5) (21,5) (22,5) (23,5) (23,6)"));
  const std::vector<MoveAction> actions = path_actions(policy, path);
  REQUIRE(actions.size() + 1 == path.size());
  CHECK(count(actions, MoveAction::Walk) > 0);
  CHECK(count(actions, MoveAction::Climb) == 1);
  CHECK(count(actions, MoveAction::Drop) == 1);
  CHECK(count(actions, MoveAction::JumpUp) == 1);
  CHECK(count(actions, MoveAction::JumpDown) == 1);
  CHECK(count(actions, MoveAction::JumpAcross) == 1);
  // The jump across goes from the ledge at x = 10 over the ditch to x = 13.
  const auto across = std::find(actions.begin(), actions.end(), MoveAction::JumpAcross);
  const std::size_t k = static_cast<std::size_t>(across - actions.begin());
  CHECK(path[k].x == 10);
  CHECK(path[k + 1].x == 13);
  CHECK(path[k].y == path[k + 1].y);

  SUBCASE("smoothing keeps both ends of every jump") {
    const std::vector<Cell> w = smooth_path(policy, path);
    CHECK(w.size() < path.size());
    for (std::size_t i = 0; i < actions.size(); ++i) {
      if (!is_jump(actions[i])) continue;
      CAPTURE(i);
      CHECK(std::find(w.begin(), w.end(), path[i]) != w.end());
      CHECK(std::find(w.begin(), w.end(), path[i + 1]) != w.end());
    }
  }
  SUBCASE("without jumps there is no way across") {
    Level flat_rules = lv;
    flat_rules.rules().jump = {};
    CHECK(make_search(flat_rules)->run() == SearchState::NoPath);
  }
  SUBCASE("JPS and Theta* refuse jumps") {
    CHECK(make_search(lv, {.algorithm = Algorithm::JumpPoint})->message() ==
          "Jump Point Search needs 8 neighbours with diagonal rule no-corner-cutting");
    Level eight = lv;
    eight.rules().neighbours = Neighbours::Eight;
    CHECK(make_search(eight, {.algorithm = Algorithm::JumpPoint})->message() ==
          "Jump Point Search does not support jumps (rules.jump: up, down and gap must be 0)");
    CHECK(make_search(lv, {.algorithm = Algorithm::ThetaStar})->state() == SearchState::Invalid);
  }
}

TEST_CASE("[terrain] height-map-cliffs: falls are one-way, edge tiles steer the path") {
  // The Godot scenario: 4 neighbours, Manhattan. A ridge 3 high (rows 2..4, x 1..15) between
  // boggy lowlands (cost 2); its west end a ramp 2 high (x 0). max_climb 2 (the scenario's
  // climbs of 1 or 2), max_drop unlimited: falling off is free, climbing back the 3-level cliff
  // is refused. Ridge tiles beside a cliff (edge tiles) cost 3; the middle lane costs 1.
  const Level lv = shipped("11-height-map-cliffs.json");
  const MovePolicy policy(lv);
  auto edge_tiles = [&](const std::vector<Cell>& path) {
    return std::count_if(path.begin(), path.end(), [&](Cell c) { return lv.cost(c) == 3.0f; });
  };
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> path = s->path();
  REQUIRE(lv.rules().neighbours == Neighbours::Four);
  REQUIRE(lv.rules().max_climb == 2);
  CHECK(s->path_cost() == 22.0);  // whole costs: exact
  CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)).epsilon(1e-12));
  CHECK(path == path_of("(2,2) (2,3) (3,3) (4,3) (5,3) (6,3) (7,3) (8,3) (9,3) (10,3) (11,3) "
                        "(12,3) (13,3) (14,3) (15,3) (16,3) (17,3) (17,2)"));

  SUBCASE("the fall off the east end is taken, the climb back is refused") {
    const std::vector<MoveAction> actions = path_actions(policy, path);
    const auto drop = std::find(actions.begin(), actions.end(), MoveAction::Drop);
    REQUIRE(drop != actions.end());
    const std::size_t k = static_cast<std::size_t>(drop - actions.begin());
    CHECK(lv.height_at(path[k]) - lv.height_at(path[k + 1]) == 3);  // a free 3-level fall
    const std::optional<Dir> d = dir_between(path[k + 1], path[k]);
    REQUIRE(d.has_value());
    CHECK(policy.move(path[k + 1], *d).block == MoveBlock::ClimbTooHigh);
    // Back from the goal to the start: only the ramp leads up, so the way back is longer; it
    // climbs 2 onto the ramp, then 1, and never more.
    Level back = lv;
    back.set_start(lv.goal());
    back.set_goal(lv.start());
    const auto r = make_search(back);
    REQUIRE(r->run() == SearchState::Found);
    CHECK(r->path_cost() == doctest::Approx(oracle_cost(back)).epsilon(1e-12));
    CHECK(r->path_cost() == 43.0);
    const std::vector<Cell> way_back = r->path();
    CHECK(way_back == path_of("(17,2) (16,2) (16,1) (15,1) (14,1) (13,1) (12,1) (11,1) (10,1) "
                              "(9,1) (8,1) (7,1) (6,1) (5,1) (4,1) (3,1) (2,1) (1,1) (0,1) (0,2) "
                              "(1,2) (2,2)"));
    int climbs_of_two = 0;
    for (std::size_t i = 1; i < way_back.size(); ++i) {
      const int up = lv.height_at(way_back[i]) - lv.height_at(way_back[i - 1]);
      CHECK(up <= 2);
      climbs_of_two += up == 2;
    }
    CHECK(climbs_of_two == 1);
    // With the old limit of 1 the ramp's first step is refused too: no way back at all.
    Level strict = back;
    strict.rules().max_climb = 1;
    CHECK(make_search(strict)->run() == SearchState::NoPath);
    CHECK(std::any_of(way_back.begin(), way_back.end(), [&](Cell c) {  // up the ramp
      return c.x <= 1 && lv.height_at(c) == 2;
    }));
  }
  SUBCASE("edge tiles' cost keeps the path in the middle lane") {
    // Start and goal-side drop are edge tiles; nothing else on the path is.
    CHECK(edge_tiles(path) == 2);
    // At cost 1 the straight walk along the edge row is cheapest: the edge tiles did the steering.
    Level even = lv;
    for (int y = 2; y <= 4; ++y)
      for (int x = 1; x < 16; ++x) even.set_cost({x, y}, 1);
    const auto e = make_search(even);
    REQUIRE(e->run() == SearchState::Found);
    CHECK(edge_tiles(e->path()) > 10);  // counted on the shipped costs: along the edge row
  }
}
