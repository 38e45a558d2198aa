// Flow fields (flow_field.hpp) against an independent oracle: on 400 random square levels (4 and
// 8 neighbours, every diagonal rule, costs, heights, edges, jumps, agents, 3D steps) and 200
// random hex levels, with one to three goals, every cell's integration cost equals the cheapest
// way to the nearest goal by the plain Dijkstras of support/oracle.hpp and hex_oracle.hpp (run
// forward from each cell: costs are not symmetric), and the same cells reach no goal. Following
// the flow from every cell reaches a goal for exactly its integration cost. Stepping settles one
// cell per step in order of cost; the tie rule and the refusals on hand-made levels.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "astar/flow_field.hpp"
#include "support/ascii_level.hpp"
#include "support/hex_oracle.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// The oracle's cost from c to the nearest of `goals` (kOracleInf when none is reachable).
double oracle_to_goals(const Level& lv, Cell c, const std::vector<Cell>& goals) {
  std::vector<double> dist;
  if (lv.is_hex()) {
    dist = test::oracle_hex_distances(lv, lv.rules(), c);
  } else {
    Level from = lv;
    from.set_start(c);
    dist = test::oracle_distances(from, from.rules());
  }
  double best = test::kOracleInf;
  for (Cell g : goals) best = std::min(best, dist[to_u32(lv.index(g))]);
  return best;
}

// One to three distinct open goals: the level's goal and up to two random open cells.
std::vector<Cell> pick_goals(const Level& lv, std::mt19937& rng) {
  std::vector<Cell> goals{lv.goal()};
  const int more = static_cast<int>(rng() % 3);
  for (int k = 0; k < more; ++k) {
    const Cell c{static_cast<int>(rng() % static_cast<unsigned>(lv.width())),
                 static_cast<int>(rng() % static_cast<unsigned>(lv.height()))};
    if (lv.open(c) && std::find(goals.begin(), goals.end(), c) == goals.end()) goals.push_back(c);
  }
  return goals;
}

struct Counts {
  std::size_t cells = 0, reached = 0, followed = 0;
};

// The field on lv equals the oracle in every open cell; the flow leads to a goal at that cost.
void check_field(const Level& lv, const std::vector<Cell>& goals, Counts& n) {
  auto made = make_flow_field(lv, lv.rules(), goals);
  REQUIRE_MESSAGE(made.ok(), (made.ok() ? "" : made.error()));
  FlowField& f = made.value();
  f.run();
  REQUIRE(f.done());
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      if (!lv.open(c)) continue;
      ++n.cells;
      const double want = oracle_to_goals(lv, c, goals);
      INFO("cell (", x, ", ", y, ") oracle ", want);
      if (want == test::kOracleInf) {
        CHECK(f.unreachable(c));
        CHECK_FALSE(f.flow(c).has_value());
        continue;
      }
      ++n.reached;
      REQUIRE(f.state(c) == FlowField::CellState::Settled);
      CHECK(std::abs(f.cost(c).value() - want) <= test::oracle_slack(lv.rules(), want, 64));
      // Following the flow: every move possible, the sum of their exact costs the cell's cost.
      const std::vector<Cell> way = f.follow(c);
      CHECK(f.is_goal(way.back()));
      ExactCost sum;
      for (std::size_t k = 0; k + 1 < way.size(); ++k) {
        const std::optional<Move> m = f.flow(way[k]);
        REQUIRE(m.has_value());
        CHECK(m->to == way[k + 1]);
        sum += m->exact;
      }
      CHECK(sum == f.cost(c));
      ++n.followed;
    }
}

}  // namespace

TEST_CASE("[flow field] equals an independent Dijkstra to the nearest goal; the flow leads there") {
  std::mt19937 rng(3202611);
  Counts n;
  for (int round = 0; round < 400; ++round) {
    Level lv = test::random_level(rng, 8);
    lv.rules().neighbours = rng() % 2 ? Neighbours::Eight : Neighbours::Four;
    check_field(lv, pick_goals(lv, rng), n);
  }
  for (int round = 0; round < 200; ++round) {
    const Level lv = test::random_hex_level(rng, 8);
    check_field(lv, pick_goals(lv, rng), n);
  }
  CHECK(n.reached > n.cells / 2);  // most cells reach a goal: the flow is tested
  MESSAGE("flow field: ", n.cells, " open cells, ", n.reached, " reaching a goal, ", n.followed,
          " flows followed");
}

TEST_CASE("[flow field] one cell settled per step, in order of cost; run equals stepping") {
  std::mt19937 rng(77);
  for (int round = 0; round < 50; ++round) {
    const Level lv = test::random_level(rng, 10);
    const std::vector<Cell> goals = pick_goals(lv, rng);
    FlowField stepped = make_flow_field(lv, lv.rules(), goals).value();
    std::size_t k = 0;
    while (stepped.step()) {
      ++k;
      REQUIRE(stepped.settled_count() == k);
      if (k > 1) CHECK(compare(stepped.cost(stepped.settled(k - 2)), stepped.cost(stepped.settled(k - 1))) <= 0);
    }
    CHECK(stepped.done());
    FlowField ran = make_flow_field(lv, lv.rules(), goals).value();
    ran.run();
    REQUIRE(ran.settled_count() == stepped.settled_count());
    for (std::size_t i = 0; i < ran.settled_count(); ++i) CHECK(ran.settled(i) == stepped.settled(i));
  }
}

TEST_CASE("[flow field] ties: equal costs settle in row-major order, equal flows take the first move") {
  // Open 3 x 3, 4 neighbours, goal in the corner: (1, 0) and (0, 1) both cost 1 from it.
  Level lv = test::ascii_level(R"(
    S..
    ...
    ..G
  )");
  lv.rules().neighbours = Neighbours::Four;
  FlowField f = make_flow_field(lv, lv.rules(), {{2, 2}}).value();
  f.run();
  CHECK(f.settled(0) == Cell{2, 2});
  CHECK(f.settled(1) == Cell{2, 1});  // cost 1, row 1 before row 2
  CHECK(f.settled(2) == Cell{1, 2});
  // From (0, 0) east and south both lead on for 4: east, the first in kAllDirs' order, wins.
  const std::optional<Move> m = f.flow({0, 0});
  REQUIRE(m.has_value());
  CHECK(m->dir == Dir::E);
  CHECK(f.cost({0, 0}).value() == 4.0);
  CHECK_FALSE(f.flow({2, 2}).has_value());  // a goal has no flow
}

TEST_CASE("[flow field] refusals name the goal") {
  Level lv = test::ascii_level(R"(
    S.#
    ..G
  )");
  CHECK(make_flow_field(lv, lv.rules(), {}).error() == "no goal: a flow field needs at least one");
  CHECK(make_flow_field(lv, lv.rules(), {{2, 1}, {2, 0}}).error() == "goals[1] (2, 0) is inside a wall");
  CHECK(make_flow_field(lv, lv.rules(), {{5, 1}}).error() ==
        "goals[0] (5, 1) is outside the level (0, 0)-(2, 1)");
}
