// Action ranks (rules.ranks, moves.hpp): preferences between actions as rules. Fewer rank points
// first, then the shortest; a jump only when no path without one does better. Checked against
// an independent lexicographic oracle on random levels.
#include <doctest/doctest.h>

#include <cstdlib>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <vector>

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

// Heights drawn as rows of digits, '-' before a digit for a negative one: "0 0 -1 0 0".
void set_heights(Level& lv, const std::vector<std::string>& rows) {
  for (int y = 0; y < lv.height(); ++y) {
    const char* p = rows[static_cast<std::size_t>(y)].c_str();
    for (int x = 0; x < lv.width(); ++x) {
      char* end = nullptr;
      lv.set_height({x, y}, static_cast<int>(std::strtol(p, &end, 10)));
      p = end;
    }
  }
}

std::vector<MoveAction> actions_of(const Level& lv, const Search& s) {
  return path_actions(MovePolicy(lv), s.path());
}

bool jumps(const std::vector<MoveAction>& actions) {
  for (MoveAction a : actions)
    if (is_jump(a)) return true;
  return false;
}

// The rank points of docs/rules-and-costs.md, written out again from the rise and the rules (not rank_points).
std::int64_t oracle_points(const MovementRules& r, int rise, bool across) {
  if (across) return r.ranks.across;
  const bool climb = rise > 0 && (r.max_climb < 0 || rise <= r.max_climb);
  const bool drop = rise < 0 && (r.max_drop < 0 || -rise <= r.max_drop);
  if (rise == 0) return 0;
  if (rise > 0) return (climb ? r.ranks.climb : r.ranks.up) * static_cast<std::int64_t>(rise);
  return (drop ? r.ranks.drop : r.ranks.down) * static_cast<std::int64_t>(-rise);
}

// Dijkstra over (points, distance) compared in that order, on the oracle's move costs.
std::pair<std::int64_t, double> lexicographic_oracle(const Level& lv, const MovementRules& r) {
  using Key = std::tuple<std::int64_t, double, int>;
  const std::size_t n = static_cast<std::size_t>(lv.cell_count());
  std::vector<std::pair<std::int64_t, double>> best(n, {INT64_MAX, 0.0});
  std::priority_queue<Key, std::vector<Key>, std::greater<>> pq;
  const int s = lv.start().y * lv.width() + lv.start().x;
  best[static_cast<std::size_t>(s)] = {0, 0.0};
  pq.push({0, 0.0, s});
  auto offer = [&](int j, std::int64_t p, double d) {
    if (std::pair{p, d} < best[static_cast<std::size_t>(j)]) {
      best[static_cast<std::size_t>(j)] = {p, d};
      pq.push({p, d, j});
    }
  };
  while (!pq.empty()) {
    const auto [p, d, i] = pq.top();
    pq.pop();
    if (std::pair{p, d} > best[static_cast<std::size_t>(i)]) continue;
    const Cell a{i % lv.width(), i / lv.width()};
    for (int ddy = -1; ddy <= 1; ++ddy)
      for (int ddx = -1; ddx <= 1; ++ddx) {
        if (ddx == 0 && ddy == 0) continue;
        const double c = astar::test::oracle_move_cost(lv, r, a, ddx, ddy);
        if (c == astar::test::kOracleInf) continue;
        const Cell b{a.x + ddx, a.y + ddy};
        offer(b.y * lv.width() + b.x, p + oracle_points(r, lv.height_at(b) - lv.height_at(a), false),
              d + c);
      }
    for (const auto& [ddx, ddy] : {std::pair{1, 0}, {0, 1}, {-1, 0}, {0, -1}})
      for (int span = 2; span <= r.jump.gap + 1; ++span) {
        const double c = astar::test::oracle_jump_cost(lv, r, a, ddx, ddy, span);
        if (c == astar::test::kOracleInf) continue;
        const Cell b{a.x + span * ddx, a.y + span * ddy};
        offer(b.y * lv.width() + b.x, p + oracle_points(r, 0, true), d + c);
      }
  }
  return best[static_cast<std::size_t>(lv.goal().y * lv.width() + lv.goal().x)];
}

MovementRules voxel_rules() {  // the voxel scenario's: climb 1, drop 1, jumps, 4 neighbours
  MovementRules r;
  r.neighbours = Neighbours::Four;
  r.max_climb = 1;
  r.max_drop = 1;
  r.jump = {.up = 3, .down = 3, .gap = 2, .up_cost = 0.5, .down_cost = 0.5, .across_cost = 1.5};
  return r;
}

}  // namespace

TEST_CASE("[ranks] a shallow ditch is jumped across, not dropped into and climbed out of") {
  //   S . v . G     heights 0 0 -1 0 0 in both rows: a ditch (v) one deep across the whole
  //   . . v . .     level, so every way crosses it. By cost, dropping in and climbing out
  //                 (1 + 1) beats the jump (2 + 1.5); by rank, the jump (1 point) beats them
  //                 (1 + 1 points).
  Level lv(5, 2);
  lv.rules() = voxel_rules();
  set_heights(lv, {"0 0 -1 0 0", "0 0 -1 0 0"});
  lv.set_start({0, 0});
  lv.set_goal({4, 0});
  const auto by_cost = make_search(lv);
  REQUIRE(by_cost->run() == SearchState::Found);
  CHECK(actions_of(lv, *by_cost) ==
        std::vector{MoveAction::Walk, MoveAction::Drop, MoveAction::Climb, MoveAction::Walk});
  lv.rules().ranks.on = true;
  const auto ranked = make_search(lv);
  REQUIRE(ranked->run() == SearchState::Found);
  CHECK(ranked->path() == path_of("(0,0) (1,0) (3,0) (4,0)"));
  CHECK(actions_of(lv, *ranked) ==
        std::vector{MoveAction::Walk, MoveAction::JumpAcross, MoveAction::Walk});
  const std::optional<RankedCost> split = ranked_path_cost(MovePolicy(lv), ranked->path());
  REQUIRE(split.has_value());
  CHECK(split->points == 1);
  CHECK(split->distance == ExactCost::straight(5.5));  // 1 + (2 + 1.5) + 1
  CHECK(ranked->path_cost() == doctest::Approx(split->points * (MovePolicy(lv).rank_units() / 1e6) + 5.5));
}

TEST_CASE("[ranks] a ramp beats a jump up") {
  //   row 0: 0 1 2 3   a ramp up the far side
  //   row 1: 0 0 0 3   a cliff 3 high: one jump up (1 + 0.5) from (2,1) to the goal (3,1)
  //   row 2: 0 0 0 3
  Level lv(4, 3);
  lv.rules() = voxel_rules();
  set_heights(lv, {"0 1 2 3", "0 0 0 3", "0 0 0 3"});
  lv.set_start({0, 1});
  lv.set_goal({3, 1});
  const auto by_cost = make_search(lv);
  REQUIRE(by_cost->run() == SearchState::Found);
  CHECK(jumps(actions_of(lv, *by_cost)));  // 4.5 against the ramp's 6
  lv.rules().ranks.on = true;
  const auto ranked = make_search(lv);
  REQUIRE(ranked->run() == SearchState::Found);
  CHECK(ranked->path() == path_of("(0,1) (1,1) (1,0) (2,0) (3,0) (3,1)"));
  CHECK_FALSE(jumps(actions_of(lv, *ranked)));
  CHECK(ranked_path_cost(MovePolicy(lv), ranked->path())->points == 3);  // three climbs of 1
}

TEST_CASE("[ranks] a path that can stay flat never jumps, however long the way round") {
  //   S . v . G    heights 0 0 -1 0 0 in rows 0..3, a ditch (v); row 4 is flat, so the way
  //   . . v . .    round along it (12 walks) needs no jump, where the jump across the ditch
  //   . . v . .    costs 3 + 1.5. Nothing drops into the ditch (max drop 0): only a jump down.
  //   . . v . .
  //   . . . . .
  Level lv(5, 5);
  lv.rules() = voxel_rules();
  set_heights(lv, {"0 0 -1 0 0", "0 0 -1 0 0", "0 0 -1 0 0", "0 0 -1 0 0", "0 0 0 0 0"});
  lv.rules().max_drop = 0;
  lv.set_start({0, 0});
  lv.set_goal({4, 0});
  // By cost: a jump down into the ditch (1 + 0.5) and a climb out, 4.5 against 12 walks.
  const auto by_cost = make_search(lv);
  REQUIRE(by_cost->run() == SearchState::Found);
  CHECK(by_cost->path() == path_of("(0,0) (1,0) (2,0) (3,0) (4,0)"));
  CHECK(jumps(actions_of(lv, *by_cost)));
  lv.rules().ranks.on = true;
  const auto ranked = make_search(lv);
  REQUIRE(ranked->run() == SearchState::Found);
  const std::vector<MoveAction> actions = actions_of(lv, *ranked);
  CHECK(std::all_of(actions.begin(), actions.end(), [](MoveAction a) { return a == MoveAction::Walk; }));
  CHECK(ranked->path().size() == 13);
  CHECK(ranked_path_cost(MovePolicy(lv), ranked->path())->points == 0);
}

TEST_CASE("[ranks] optimal by points, then distance, on random levels (a lexicographic oracle)") {
  std::mt19937 rng(2718);
  int found = 0, jumped = 0, improved_by_rank = 0;
  for (int n = 0; n < 400; ++n) {
    Level lv = astar::test::random_level(rng, 12);
    lv.rules().ranks = {.on = true, .climb = n % 3, .drop = 1, .across = 1 + n % 2, .up = 4, .down = 3};
    CAPTURE(n);
    const auto [points, distance] = lexicographic_oracle(lv, lv.rules());
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
      CAPTURE(info(a).name);
      const auto s = make_search(lv, {.algorithm = a});
      const SearchState st = s->run();
      CHECK(s->check_invariants() == "");
      if (points == INT64_MAX) {
        CHECK(st == SearchState::NoPath);
        continue;
      }
      REQUIRE(st == SearchState::Found);
      const std::optional<RankedCost> split = ranked_path_cost(MovePolicy(lv), s->path());
      REQUIRE(split.has_value());
      CHECK(split->points == points);
      CHECK(std::abs(split->distance.value() - distance) <=
            astar::test::oracle_slack(lv.rules(), distance, s->path().size()));
      if (a != Algorithm::AStar) continue;
      ++found;
      jumped += jumps(actions_of(lv, *s));
      // Against the search by cost alone: never more points, and sometimes fewer.
      MovementRules plain = lv.rules();
      plain.ranks.on = false;
      const auto by_cost = make_search(lv, plain, {});
      REQUIRE(by_cost->run() == SearchState::Found);
      const std::optional<RankedCost> cost_split = ranked_path_cost(MovePolicy(lv), by_cost->path());
      REQUIRE(cost_split.has_value());
      CHECK(cost_split->points >= split->points);
      improved_by_rank += cost_split->points > split->points;
    }
  }
  CHECK(found > 250);
  CHECK(jumped > 10);
  CHECK(improved_by_rank > 10);
}

TEST_CASE("[ranks] level files keep rules.ranks; bad values are refused by name") {
  Level lv(3, 2);
  lv.rules().ranks = {.on = true, .climb = 2, .drop = 1, .across = 3, .up = 5, .down = 6};
  const std::string text = level_to_json(lv);
  CHECK(text.find(R"("ranks": {"climb": 2, "drop": 1, "across": 3, "up": 5, "down": 6})") !=
        std::string::npos);
  Result<Level> back = parse_level(text, "r.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value().rules().ranks == lv.rules().ranks);
  CHECK(level_to_json(Level(3, 2)).find("ranks") == std::string::npos);  // off: not written
  // Present but empty: on, with the defaults.
  std::string empty = text;
  empty.replace(empty.find("{\"climb\""), empty.find('}', empty.find("{\"climb\"")) - empty.find("{\"climb\"") + 1, "{}");
  Result<Level> defaults = parse_level(empty, "r.json");
  REQUIRE_MESSAGE(defaults.ok(), (defaults.ok() ? "" : defaults.error()));
  CHECK(defaults.value().rules().ranks == ActionRanks{.on = true});
  std::string bad = text;
  bad.replace(bad.find("\"up\": 5"), 7, "\"up\": -1");
  Result<Level> refused = parse_level(bad, "r.json");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("rules.ranks.up") != std::string::npos);
  CHECK(refused.error().find("must be an integer 0..1000") != std::string::npos);
}
