// The hex lessons' numbers, each computed here and found in the lesson's text: Manhattan's
// estimate on the stored coordinates, the hex distance, the costs and iterations.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
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
