// Plain against prioritized CBS in the studio (state/cbs_compare.hpp): both sides equal core's
// plan_cbs with each choice, agree on the sum of costs, and the summary says it; a level that
// CBS refuses is named on each side; past the budget a side says so.
#include <doctest/doctest.h>

#include <string>

#include "astar/level_io.hpp"
#include "state/cbs_compare.hpp"
#include "state/cbs_watch.hpp"

TEST_CASE("[cbs compare] plain and prioritized CBS side by side on lesson 23") {
  const auto lv = astar::load_level(ASTAR_SOURCE_DIR "/levels/lessons/23-taking-turns-is-not-enough.json");
  REQUIRE(lv.ok());
  studio::CbsComparison cmp;
  CHECK(!cmp.ran());
  CHECK(cmp.summary().empty());
  cmp.run(lv.value(), lv.value().rules());
  REQUIRE(cmp.ran());
  for (const auto& side : cmp.sides()) {
    CAPTURE(side.label);
    const auto direct = astar::plan_cbs(lv.value(), lv.value().rules(), {.choice = side.choice});
    REQUIRE(direct.ok());
    CHECK(side.error.empty());
    CHECK(side.result.outcome == astar::CbsOutcome::Solved);
    CHECK(side.result.nodes_expanded == direct.value().nodes_expanded);
    CHECK(side.result.nodes_made == direct.value().nodes_made);
    CHECK(side.result.cost == direct.value().cost);
  }
  const std::string s = cmp.summary();
  CHECK(s.rfind("prioritized CBS split 7 tree nodes in ", 0) == 0);
  CHECK(s.find(", plain CBS split 7 tree nodes in ") != std::string::npos);
  CHECK(s.find("; both find the sum of costs 15") != std::string::npos);
}

TEST_CASE("[cbs compare] a refused level and a side past its budget say so") {
  astar::Level lv(5, 3);
  for (int x = 0; x < 5; ++x) {
    lv.set_wall({x, 0}, true);
    lv.set_wall({x, 2}, true);
  }
  lv.set_wall({0, 1}, true);
  lv.set_wall({4, 1}, true);
  lv.rules().neighbours = astar::Neighbours::Four;
  studio::CbsComparison cmp;
  cmp.run(lv, lv.rules());
  CHECK(cmp.sides()[0].error == "the level has no units");
  CHECK(cmp.summary() == "prioritized CBS: the level has no units, plain CBS: the level has no units");
  // Two units swapping the ends of a corridor with no room: no solution, so both stop.
  lv.units = {astar::Unit{{1, 1}, {3, 1}, std::nullopt}, astar::Unit{{3, 1}, {1, 1}, std::nullopt}};
  cmp.run(lv, lv.rules());
  for (const auto& side : cmp.sides()) CHECK(side.result.outcome != astar::CbsOutcome::Solved);
  CHECK(cmp.summary().find("budget)") != std::string::npos);
}

TEST_CASE("[cbs compare] the watch's comparison goes when the watch stops") {
  const auto lv = astar::load_level(ASTAR_SOURCE_DIR "/levels/lessons/23-taking-turns-is-not-enough.json");
  REQUIRE(lv.ok());
  studio::CbsWatch w;
  REQUIRE(w.start(lv.value(), {}).ok());
  w.comparison.run(w.planner()->level(), w.planner()->level().rules());
  CHECK(w.comparison.ran());
  w.stop();
  CHECK(!w.comparison.ran());
}
