// Hex levels in the studio's state (issue 31): the topology changed as one undo step through
// Studio, the search's heuristic following the topology and coming back, a replanning search made
// anew rather than repaired across a new topology, smoothing off on hexes, and the words and lists
// the panels show (which heuristics and algorithms a topology takes, what a change would drop).
//
// The level of most cases (support/wall_studio.hpp), 12 x 8, a wall with a gap at the bottom:
//   S . . . . # . . . . . G
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . . . . . . . .
//   . . . . . . . . . . . .
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "state/search_labels.hpp"
#include "state/studio.hpp"
#include "state/topology_words.hpp"
#include "support/wall_studio.hpp"

using astar::Algorithm;
using astar::Heuristic;
using astar::HexStagger;
using astar::SearchState;
using astar::Topology;
using astar::test::studio_with;
using astar::test::wall_level;

namespace {

// The search shown, run to its end, against a fresh search of the same options on the level.
void check_as_fresh(studio::Studio& st) {
  st.session().run_to_end();
  const auto fresh = astar::make_search(st.level(), st.session().search_options());
  fresh->run();
  CHECK(st.session().search().state() == fresh->state());
  CHECK(st.session().search().path_cost() == fresh->path_cost());
  CHECK(st.session().path() == fresh->path());
}

}  // namespace

TEST_CASE("[studio hex] the heuristic follows the topology, and the one swapped out comes back") {
  auto st = studio_with(Algorithm::AStar);
  st->session().set_heuristic(Heuristic::Manhattan);
  st->flush();
  st->status.clear();
  REQUIRE(st->set_topology(Topology::HexPointyTop, HexStagger::Odd));
  st->flush();
  CHECK(st->level().topology() == Topology::HexPointyTop);
  CHECK(st->session().heuristic() == astar::default_heuristic(Topology::HexPointyTop));
  CHECK(st->status == "The level is hex, pointy top, odd rows pushed right now. Heuristic: Hex "
                      "distance (Manhattan does not measure hexes).");
  check_as_fresh(*st);
  CHECK(st->session().search().state() == SearchState::Found);

  // Undo: square again, and Manhattan with it; redo: hexes and hex distance.
  CHECK(st->undo());
  st->flush();
  CHECK(st->level().topology() == Topology::Square);
  CHECK(st->session().heuristic() == Heuristic::Manhattan);
  CHECK(st->redo());
  st->flush();
  CHECK(st->session().heuristic() == Heuristic::Hex);

  // A heuristic both topologies take stays, and the user's choice replaces the one remembered.
  st->session().set_heuristic(Heuristic::Zero);
  CHECK(st->set_topology(Topology::Square, HexStagger::Odd));
  st->flush();
  CHECK(st->session().heuristic() == Heuristic::Zero);
  st->session().set_heuristic(Heuristic::Euclidean);
  CHECK(st->set_topology(Topology::HexFlatTop, HexStagger::Even));
  st->flush();
  CHECK(st->session().heuristic() == Heuristic::Hex);
  CHECK(st->set_topology(Topology::Square, HexStagger::Even));
  st->flush();
  CHECK(st->session().heuristic() == Heuristic::Euclidean);
}

TEST_CASE("[studio hex] a hex level opened with a square heuristic chosen searches with hex distance") {
  auto st = studio_with(Algorithm::AStar);
  REQUIRE(st->session().heuristic() == Heuristic::Octile);
  astar::Level hex = wall_level();
  hex.set_topology(Topology::HexFlatTop, HexStagger::Odd);
  st->set_level(hex, "");
  CHECK(st->session().heuristic() == Heuristic::Hex);
  check_as_fresh(*st);
  CHECK(st->session().search().state() == SearchState::Found);
}

TEST_CASE("[studio hex] a topology that drops shapes says so, and undo brings them back") {
  astar::Level lv = wall_level();
  lv.add_shape(astar::Circle{8.5, 3.5, 0.4});
  lv.set_edge({2, 2}, astar::Dir::N, astar::EdgeOverride{true, 1.0});
  lv.set_edge({2, 2}, astar::Dir::E, astar::EdgeOverride{false, 3.0});
  studio::Studio st;
  st.set_level(lv, "");
  st.selected_shape = 0;
  REQUIRE(st.set_topology(Topology::HexPointyTop, HexStagger::Even));
  CHECK(st.dirty());
  CHECK(st.level().shapes().empty());
  CHECK_FALSE(st.selected_shape);
  CHECK(st.level().edges().size() == 1);
  CHECK(st.status.starts_with(
      "The level is hex, pointy top, even rows pushed right now. Hex levels take no collision "
      "shapes: the level's 1 shape is removed. 1 edge override goes N or S, which pointy-top "
      "hexes do not have: it is removed. Undo brings them back."));
  CHECK(st.undo());
  CHECK(st.level() == lv);
  CHECK_FALSE(st.dirty());
  CHECK_FALSE(st.set_topology(Topology::Square, HexStagger::Even));  // nothing changes
}

TEST_CASE("[studio hex] LPA* is searched anew, not repaired, across a new topology") {
  auto st = studio_with(Algorithm::LpaStar);
  st->session().run_to_end();
  REQUIRE(st->session().replanning());
  REQUIRE(st->set_topology(Topology::HexPointyTop, HexStagger::Odd));
  st->flush();
  CHECK(st->session().repair_text().empty());  // a new search has had no repair
  check_as_fresh(*st);
  CHECK(st->session().search().state() == SearchState::Found);
  // An edit on the hex level is a repair again, and still what a fresh search finds.
  st->editor().set_cell(astar::Layer::Walls, {5, 6}, 1.0);
  st->flush();
  CHECK_FALSE(st->session().repair_text().empty());
  check_as_fresh(*st);
}

TEST_CASE("[studio hex] smoothing does not apply on hexes") {
  auto st = studio_with(Algorithm::AStar);
  st->session().set_smooth(true);
  st->session().run_to_end();
  CHECK(st->session().smoothing_applies());
  CHECK_FALSE(st->session().smoothed().empty());
  REQUIRE(st->set_topology(Topology::HexFlatTop, HexStagger::Odd));
  st->flush();
  st->session().run_to_end();
  CHECK_FALSE(st->session().path().empty());
  CHECK_FALSE(st->session().smoothing_applies());
  CHECK(st->session().smoothed().empty());
}

TEST_CASE("[studio hex] the lists offer the heuristics and algorithms the topology takes") {
  for (int t = 0; t < static_cast<int>(Topology::_Max); ++t) {
    const auto topology = static_cast<Topology>(t);
    CAPTURE(astar::to_string(topology));
    const std::vector<Heuristic> listed = studio::heuristics_for(topology);
    for (int h = 0; h < static_cast<int>(Heuristic::_Max); ++h) {
      const auto heuristic = static_cast<Heuristic>(h);
      const bool in_list = std::find(listed.begin(), listed.end(), heuristic) != listed.end();
      CHECK(in_list == astar::check_heuristic_topology(heuristic, topology).empty());
    }
    CHECK(std::is_sorted(listed.begin(), listed.end()));
    CHECK(std::find(listed.begin(), listed.end(), astar::default_heuristic(topology)) != listed.end());
    for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
      const auto algorithm = static_cast<Algorithm>(a);
      const std::string_view why = studio::topology_refusal(algorithm, topology);
      CHECK(why == (topology == Topology::Square ? std::string_view() : astar::info(algorithm).hex_refusal));
    }
  }
  CHECK(studio::heuristics_for(Topology::HexPointyTop) ==
        std::vector<Heuristic>{Heuristic::Zero, Heuristic::Hex});
  CHECK_FALSE(studio::topology_refusal(Algorithm::JumpPoint, Topology::HexFlatTop).empty());
  CHECK(studio::topology_refusal(Algorithm::AStar, Topology::HexFlatTop).empty());
  // The guarantee's words on hexes name no neighbour count.
  CHECK(studio::guarantee_text(Algorithm::AStar, 1.0, Heuristic::Hex, astar::Neighbours::Eight,
                               Topology::HexPointyTop) == "optimal");
  CHECK(studio::guarantee_text(Algorithm::AStar, 1.0, Heuristic::Manhattan,
                               astar::Neighbours::Four, Topology::HexPointyTop) ==
        "optimal only with an admissible heuristic; Manhattan is not one on hexes");
}

TEST_CASE("[studio hex] the topology's words") {
  CHECK(std::string(studio::topology_label(Topology::Square)) == "Square");
  CHECK(studio::stagger_text(Topology::HexPointyTop, HexStagger::Even) == "even rows pushed right");
  CHECK(studio::stagger_text(Topology::HexFlatTop, HexStagger::Odd) == "odd columns pushed down");
  CHECK(studio::stagger_text(Topology::Square, HexStagger::Odd).empty());
  astar::Level lv(3, 3);
  CHECK(studio::topology_text(lv) == "square");
  lv.set_topology(Topology::HexFlatTop, HexStagger::Even);
  CHECK(studio::topology_text(lv) == "hex, flat top, even columns pushed down");
  CHECK(studio::topology_text(Topology::Square, HexStagger::Even) == "square");
  CHECK(studio::topology_loss_text({}, Topology::HexFlatTop).empty());
  CHECK(studio::topology_loss_text({0, 3, false}, Topology::HexFlatTop) ==
        "3 edge overrides go E or W, which flat-top hexes do not have: they are removed.");
  CHECK(studio::topology_loss_text({2, 0, true}, Topology::HexPointyTop) ==
        "Hex levels take no collision shapes: the level's 2 shapes are removed, and the agent "
        "radius goes back to 0.");
  CHECK(studio::topology_loss_text({0, 0, true}, Topology::HexPointyTop) ==
        "Hex levels take no collision shapes: the agent radius goes back to 0.");
}
