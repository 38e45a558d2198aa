// Searches on hex levels: every optimal algorithm against an independent hex Dijkstra
// (support/hex_oracle.hpp) on 1,000 random hex levels of the four layouts, with costs, heights,
// climb and drop limits, jumps, edge overrides and agents; the others' paths are legal hex paths;
// what hexes refuse is refused by name; hex distance is admissible and consistent.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <tuple>

#include "astar/heuristic_check.hpp"
#include "astar/make_search.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "support/hex_oracle.hpp"

using namespace astar;
using astar::test::kOracleInf;

namespace {

// The algorithms that run on hexes, and whether each promises the cheapest path.
std::vector<Algorithm> hex_algorithms() {
  std::vector<Algorithm> out;
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i)
    if (info(static_cast<Algorithm>(i)).hex_refusal.empty()) out.push_back(static_cast<Algorithm>(i));
  return out;
}

// Checks one finished search against the oracle's distance to the goal; counts the outcome.
void check_against_oracle(const Search& s, const Level& lv, const MovementRules& r, double best,
                          int& found, int& no_path) {
  const AlgorithmInfo& a = info(s.options().algorithm);
  if (best == kOracleInf) {
    CHECK(s.state() == SearchState::NoPath);
    ++no_path;
    return;
  }
  REQUIRE(s.state() == SearchState::Found);
  ++found;
  const std::vector<Cell> path = s.path();
  REQUIRE(!path.empty());
  CHECK(path.front() == lv.start());
  CHECK(path.back() == lv.goal());
  // Every step is a hex move by the oracle's own tables, and the steps cost what the search says.
  const double walked = astar::test::oracle_hex_path_cost(lv, r, path);
  REQUIRE(walked != kOracleInf);
  const double slack = astar::test::oracle_slack(r, best, path.size());
  CHECK(std::abs(walked - s.path_cost()) <= slack);
  if (a.guarantee == Guarantee::Optimal) CHECK(std::abs(s.path_cost() - best) <= slack);
  if (a.guarantee == Guarantee::BoundedByWeight)
    CHECK(s.path_cost() <= s.options().weight * best + slack);
  if (a.guarantee == Guarantee::None) CHECK(s.path_cost() >= best - slack);
}

}  // namespace

TEST_CASE("[hex] every algorithm that runs on hexes against an independent hex Dijkstra, 1,000 levels") {
  std::mt19937 rng(20261128);
  const std::vector<Algorithm> algorithms = hex_algorithms();
  int found = 0, no_path = 0, layouts[4] = {};
  for (int n = 0; n < 1000; ++n) {
    const Level lv = astar::test::random_hex_level(rng);
    const MovementRules& r = lv.rules();
    ++layouts[(lv.topology() == Topology::HexFlatTop) * 2 + (lv.hex_stagger() == HexStagger::Even)];
    const std::vector<double> dist = astar::test::oracle_hex_distances(lv, r, lv.start());
    const double best = dist[static_cast<std::size_t>(to_u32(lv.index(lv.goal())))];
    for (Algorithm alg : algorithms)
      for (Heuristic h : {Heuristic::Hex, Heuristic::Zero}) {
        if (h == Heuristic::Zero && !info(alg).uses_heuristic) continue;
        CAPTURE(n);
        CAPTURE(info(alg).name);
        CAPTURE(to_string(h));
        const double weight = info(alg).takes_weight ? 1.5 : 1.0;
        auto s = make_search(lv, r, {.algorithm = alg, .heuristic = h, .weight = weight});
        REQUIRE_MESSAGE(s->state() != SearchState::Invalid, s->message());
        s->run();
        check_against_oracle(*s, lv, r, best, found, no_path);
      }
  }
  // Every layout is drawn, and both outcomes are common, or this test proves little.
  for (int k : layouts) CHECK(k > 150);
  CHECK(found > 5000);
  CHECK(no_path > 500);
  MESSAGE("hex searches: " << found << " found, " << no_path << " no path");
}

TEST_CASE("[hex] the moves of a hex cell are the oracle's, direction by direction") {
  std::mt19937 rng(7);
  for (int n = 0; n < 200; ++n) {
    const Level lv = astar::test::random_hex_level(rng);
    const MovePolicy policy(lv);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell a{x, y};
        if (lv.solid(a)) continue;
        std::vector<std::pair<Cell, double>> ours, oracle;
        policy.for_each_move(a, [&](const Move& m) {
          if (m.possible()) ours.emplace_back(m.to, m.cost);
          // A one-cell move goes to the neighbour the oracle names with the same direction.
          if (m.action != MoveAction::JumpAcross) CHECK(m.to == astar::test::oracle_hex_neighbour(lv, a, m.dir));
        });
        astar::test::oracle_hex_moves(lv, lv.rules(), a, [&](Cell b, double c) { oracle.emplace_back(b, c); });
        // (In each one's own order: ours clockwise from east, the oracle's as its table lists.)
        const auto order = [](const std::pair<Cell, double>& p, const std::pair<Cell, double>& q) {
          return std::tie(p.first.y, p.first.x, p.second) < std::tie(q.first.y, q.first.x, q.second);
        };
        std::sort(ours.begin(), ours.end(), order);
        std::sort(oracle.begin(), oracle.end(), order);
        REQUIRE(ours.size() == oracle.size());
        for (std::size_t k = 0; k < ours.size(); ++k) {
          CHECK(ours[k].first == oracle[k].first);
          CHECK(std::abs(ours[k].second - oracle[k].second) <= astar::test::oracle_slack(lv.rules(), oracle[k].second, 2));
        }
      }
  }
}

TEST_CASE("[hex] what hexes do not have is refused by name") {
  Level lv(6, 5);
  lv.set_topology(Topology::HexPointyTop, HexStagger::Odd);
  const auto why = [&](SearchOptions o) { return make_search(lv, o)->message(); };
  CHECK(why({.algorithm = Algorithm::JumpPoint, .heuristic = Heuristic::Hex}).find("no standard hex form") != std::string::npos);
  CHECK(why({.algorithm = Algorithm::ThetaStar, .heuristic = Heuristic::Hex}).find("hex levels") != std::string::npos);
  for (Heuristic h : {Heuristic::Manhattan, Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev}) {
    const std::string msg = why({.algorithm = Algorithm::AStar, .heuristic = h});
    CAPTURE(msg);
    CHECK(msg.find(std::string(to_string(h)) + " measures square cells") != std::string::npos);
    CHECK_FALSE(admissible(h, Neighbours::Eight, lv.topology()));
  }
  // Dijkstra uses no heuristic: whatever the options say, it runs.
  CHECK(make_search(lv, {.algorithm = Algorithm::Dijkstra, .heuristic = Heuristic::Octile})->state() != SearchState::Invalid);
  // And the hex heuristic measures hexes only.
  Level square(6, 5);
  CHECK(make_search(square, {.heuristic = Heuristic::Hex})->message().find("square cells") != std::string::npos);
  CHECK(default_heuristic(Topology::Square) == Heuristic::Octile);
  CHECK(default_heuristic(Topology::HexFlatTop) == Heuristic::Hex);
  // Moves never go N or S on pointy-top hexes: they are not neighbours.
  const MovePolicy policy(lv);
  CHECK(policy.move({2, 2}, Dir::N).block == MoveBlock::NotANeighbour);
  int moves = 0;
  policy.for_each_move({2, 2}, [&](const Move&) { ++moves; });
  CHECK(moves == 6);
}

TEST_CASE("[hex] hex distance is admissible and consistent: check_heuristic on random hex levels") {
  std::mt19937 rng(11);
  int checked = 0;
  for (int n = 0; n < 100; ++n) {
    const Level lv = astar::test::random_hex_level(rng);
    const HeuristicReport report = check_heuristic(lv, lv.rules(), {.heuristic = Heuristic::Hex});
    CAPTURE(n);
    CHECK(report.admissible());
    CHECK(report.consistent());
    // (Levels where some cell other than the goal reaches it put h to the test.)
    checked += std::count_if(report.h_true.begin(), report.h_true.end(),
                             [](double v) { return std::isfinite(v); }) > 1;
  }
  CHECK(checked > 50);
}
