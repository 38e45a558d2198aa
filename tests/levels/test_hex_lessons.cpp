// The hex lessons' numbers, each computed here and found in the lesson's text: Manhattan's
// estimate on the stored coordinates, the hex distance, the costs and iterations.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/reach.hpp"
#include "astar/search.hpp"
#include "support/hex_oracle.hpp"

using namespace astar;

namespace {

Level hex_lesson(const std::string& file) {
  Result<Level> lv = load_level(ASTAR_SOURCE_DIR "/levels/lessons/" + file);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return lv.value();
}

// The lesson's own search (its preset) with algorithm a, run to its end.
std::unique_ptr<Search> run_as(const Level& lv, Algorithm a) {
  SearchOptions o = with_preset({}, lv.preset);
  o.algorithm = a;
  auto s = make_search(lv, o);
  s->run();
  return s;
}

void says(const Level& lv, const std::string& text) {
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
}

}  // namespace

TEST_CASE("[lessons] hexes: Manhattan overestimates, the hex distance does not") {
  const Level lv = hex_lesson("18-hex-manhattan.json");
  REQUIRE(lv.topology() == Topology::HexPointyTop);
  const Cell s = lv.start(), g = lv.goal();
  const int manhattan = std::abs(s.x - g.x) + std::abs(s.y - g.y);
  // On open ground (the walls cleared), the cheapest way, by the independent oracle.
  Level open = lv;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) open.set_wall({x, y}, false);
  const double open_steps =
      test::oracle_hex_distances(open, open.rules(), s)[to_u32(open.index(g))];
  CHECK(open_steps == hex_distance(*lv.hex_layout(), s, g));
  CHECK(manhattan > open_steps);  // the overestimate the lesson is about
  says(lv, "Manhattan says " + std::to_string(manhattan) + ", but on open ground " +
               std::to_string(static_cast<int>(open_steps)) + " steps suffice");
  says(lv, "is " + std::to_string(static_cast<int>(open_steps)) + ".");
  // With the wall: A* equals the oracle, in fewer iterations than Dijkstra.
  const auto astar = run_as(lv, Algorithm::AStar);
  const auto dijkstra = run_as(lv, Algorithm::Dijkstra);
  REQUIRE(astar->state() == SearchState::Found);
  const double best = test::oracle_hex_distances(lv, lv.rules(), s)[to_u32(lv.index(g))];
  CHECK(astar->path_cost() == best);
  CHECK(dijkstra->path_cost() == best);
  CHECK(astar->iterations() < dijkstra->iterations());
  const std::string cost = std::to_string(static_cast<int>(best));
  says(lv, "makes the way " + cost + " steps long");
  says(lv, "finds it in " + std::to_string(astar->iterations()) + " iterations, Dijkstra in " +
               std::to_string(dijkstra->iterations()));
  says(lv, "f stay at most " + cost);
  // And Manhattan is refused, with the reason.
  SearchOptions manhattan_options = with_preset({}, lv.preset);
  manhattan_options.heuristic = Heuristic::Manhattan;
  CHECK(make_search(lv, manhattan_options)->message().find("manhattan measures square cells") !=
        std::string::npos);
}

namespace {

std::string cell_words(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }
std::string points(double v) {  // the lesson's costs are whole or halves: "4", "0.5"
  const bool whole = v == static_cast<double>(static_cast<int>(v));
  return whole ? std::to_string(static_cast<int>(v)) : std::to_string(static_cast<int>(v)) + ".5";
}

// The oracle's cost of every cell from the unit's, and how many are within the budget (and, with
// `east_of` >= 0, how many of those lie in columns east_of and beyond).
int within(const std::vector<double>& dist, const Level& lv, double budget, int east_of = -1) {
  int n = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      n += dist[to_u32(lv.index({x, y}))] <= budget && x >= std::max(east_of, 0);
  return n;
}

}  // namespace

TEST_CASE("[lessons] hexes: a strategy map's movement points, the range and its numbers") {
  const Level lv = hex_lesson("19-hex-movement-points.json");
  REQUIRE(lv.topology() == Topology::HexPointyTop);
  REQUIRE(lv.preset.budget.has_value());
  const double budget = *lv.preset.budget;
  const Cell unit = lv.start();
  const std::vector<double> dist = test::oracle_hex_distances(lv, lv.rules(), unit);
  const auto at = [&](Cell c) { return dist[to_u32(lv.index(c))]; };
  says(lv, "standing on the road at " + cell_words(unit) + " has " + points(budget) + " points");
  // The lesson's own search is the range: Dijkstra with the budget, complete, one iteration per
  // hex, and every hex's cost the oracle's.
  const auto search = run_as(lv, Algorithm::Dijkstra);
  CHECK(search->state() == SearchState::RangeComplete);
  const int reached = within(dist, lv, budget);
  CHECK(search->iterations() == reached);
  auto range = movement_range(lv, unit, budget);
  REQUIRE(range.ok());
  REQUIRE(range.value().cells.size() == static_cast<std::size_t>(reached));
  for (const RangeCell& c : range.value().cells) CHECK(c.cost.value() == at(c.cell));
  says(lv, "It reaches " + std::to_string(reached) + " hexes.");
  // The road: the farthest road hex east within the budget, at 0.5 a hex.
  const int row = unit.y;
  int x = unit.x;
  while (lv.in_bounds({x + 1, row}) && lv.cost({x + 1, row}) == 0.5f && at({x + 1, row}) <= budget) ++x;
  CHECK(at({x, row}) == 0.5 * (x - unit.x));
  says(lv, "On the road it goes " + std::to_string(x - unit.x) + " hexes east, over the bridge, to " +
               cell_words({x, row}));
  // Plains: a hex 4 steps away, every step on cost 1, costs 4.
  const Cell plains{0, 8};
  CHECK(at(plains) == budget);
  CHECK(hex_distance(*lv.hex_layout(), unit, plains) == static_cast<int>(budget));
  says(lv, "over plains " + points(budget) + " hexes, to " + cell_words(plains));
  // The forest: its cost, and the way in through (2, 3).
  const Cell forest{3, 2}, before{2, 3};
  CHECK(at(forest) == at(before) + lv.cost(forest));
  says(lv, "the forest at " + cell_words(forest) + " costs " + points(at(forest)) + " to reach, " +
               points(at(before)) + " to " + cell_words(before) + " and " +
               points(lv.cost(forest)) + " to enter it");
  // The river: east of it the unit reaches hexes only over the bridge; with the bridge gone (its
  // two edges weighted like the rest of the river), none.
  const int east = 7;
  const Cell bridge_w{6, 4}, bridge_e{7, 4};
  CHECK(within(dist, lv, budget, east) > 0);
  Level no_bridge = lv;
  no_bridge.set_edge(bridge_w, Dir::E, EdgeOverride{false, 3.0});
  no_bridge.set_edge(bridge_e, Dir::W, EdgeOverride{false, 3.0});
  CHECK(within(test::oracle_hex_distances(no_bridge, no_bridge.rules(), unit), no_bridge, budget,
               east) == 0);
  says(lv, "the crossing alone would cost 3");
  // The city: beyond this turn's budget.
  CHECK(at(lv.goal()) > budget);
  says(lv, "The city at " + cell_words(lv.goal()) + " is " + points(at(lv.goal())) +
               " points away");
}
