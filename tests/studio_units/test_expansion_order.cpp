// The studio's expansion order overlay (app/studio/expansion_order.hpp): the iteration at which
// each cell was taken, read from the trace recorder up to where the search is, after steps,
// steps back, micro-steps and seeks.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/bidirectional.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "state/expansion_order.hpp"
#include "support/random_level.hpp"
#include "support/tiny_trace.hpp"
#include "support/traced_search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

struct Recorded : test::TracedSearch {
  Recorded(const Level& level, const SearchOptions& options) : TracedSearch(level, options, true) {}
  std::vector<std::int64_t> order() const {
    return studio::expansion_order(rec, *search, search->level().width(), search->level().height());
  }
};

// The order a fresh search gives by stepping `k` iterations and noting each last_taken().
std::vector<std::int64_t> reference(const Level& level, const SearchOptions& o, std::int64_t k) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(level.cell_count()), 0);
  const auto s = make_search(level, level.rules(), o);
  while (s->iterations() < k && !finished(s->state())) {
    s->step();
    if (const auto c = s->last_taken()) {
      auto& v = out[to_u32(level.index(*c))];
      if (v == 0) v = s->iterations();
    }
  }
  return out;
}

}  // namespace

// S . .    taken in this order (tests/tiny_trace.hpp derives it by hand):
// . . .      1 . .        then (1,2) at 5 and G (2,2) at 6
// # . G      2 3 4
TEST_CASE("[ExpansionOrder] the tiny trace level, by hand, forward and back") {
  Level lv = ascii_level(astar::test::kTinyTraceMap, {.neighbours = Neighbours::Four});
  lv.set_edge({0, 0}, Dir::E, EdgeOverride{false, 9.0});
  const SearchOptions o{.heuristic = Heuristic::Manhattan, .tie_break = TieBreak::FirstIn};
  Recorded r(lv, o);
  auto at = [&](const std::vector<std::int64_t>& order, int x, int y) {
    return order[static_cast<std::size_t>(y * 3 + x)];
  };
  CHECK(r.order() == std::vector<std::int64_t>(9, 0));
  r.search->run();
  const auto done = r.order();
  CHECK(at(done, 0, 0) == 1);
  CHECK(at(done, 0, 1) == 2);
  CHECK(at(done, 1, 1) == 3);
  CHECK(at(done, 2, 1) == 4);
  CHECK(at(done, 1, 2) == 5);
  CHECK(at(done, 2, 2) == 6);
  CHECK(at(done, 1, 0) == 0);  // open, never taken
  CHECK(at(done, 0, 2) == 0);  // wall

  SUBCASE("step back forgets the last takes") {
    REQUIRE(r.search->step_back());
    REQUIRE(r.search->step_back());
    const auto back = r.order();
    CHECK(at(back, 2, 1) == 4);
    CHECK(at(back, 1, 2) == 0);
    CHECK(at(back, 2, 2) == 0);
  }
  SUBCASE("a micro-step's take counts at once; stepping it back removes it") {
    r.search->seek(3);
    r.search->micro_step();  // takes (2,1), iteration 4 under way
    CHECK(at(r.order(), 2, 1) == 4);
    REQUIRE(r.search->micro_step_back());
    CHECK(at(r.order(), 2, 1) == 0);
    CHECK(at(r.order(), 1, 1) == 3);
  }
}

TEST_CASE("[ExpansionOrder] equals a fresh search's takes after random steps, backs and seeks") {
  std::mt19937 rng(20240611);
  const Algorithm algorithms[] = {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::GreedyBestFirst,
                                  Algorithm::Bidirectional};
  int checks = 0;
  for (int round = 0; round < 40; ++round) {
    const Level lv = astar::test::random_level(rng);
    const SearchOptions o{.algorithm = algorithms[round % 4]};
    Recorded r(lv, o);
    std::int64_t furthest = 0;
    for (int move = 0; move < 12; ++move) {
      const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
      if (kind == 0) {
        r.search->step();
      } else if (kind == 1) {
        r.search->step_back();
      } else if (kind == 2) {
        r.search->seek(std::uniform_int_distribution<std::int64_t>(0, furthest + 3)(rng));
      } else {
        r.search->run();
      }
      furthest = std::max(furthest, r.search->iterations());
      INFO("round " << round << " move " << move << " at iteration " << r.search->iterations());
      if (o.algorithm == Algorithm::Bidirectional) {
        // One take per iteration, from either side: each numbered cell is closed on one side,
        // and numbered within range.
        const auto& bidi = dynamic_cast<const BidirectionalSearch&>(*r.search);
        const auto order = r.order();
        for (int y = 0; y < lv.height(); ++y)
          for (int x = 0; x < lv.width(); ++x) {
            const auto v = order[to_u32(lv.index({x, y}))];
            CHECK(v <= r.search->iterations());
            if (v > 0)
              CHECK((bidi.forward().node_state({x, y}) == NodeState::Closed ||
                     bidi.backward().node_state({x, y}) == NodeState::Closed));
          }
      } else {
        CHECK(r.order() == reference(lv, o, r.search->iterations()));
      }
      ++checks;
    }
  }
  CHECK(checks == 480);
}

TEST_CASE("[ExpansionOrder] kept up to date as the search moves: the numbers read afresh, forward without reading everything") {
  std::mt19937 rng(99);
  for (int round = 0; round < 30; ++round) {
    const Level lv = astar::test::random_level(rng, 20);
    const SearchOptions o{.algorithm = static_cast<Algorithm>(round % static_cast<int>(Algorithm::_Max))};
    Recorded r(lv, o);
    studio::ExpansionOrder live;
    auto check = [&](const char* what) {
      INFO("round " << round << ", " << what << " to iteration " << r.search->iterations());
      const auto& got = live.update(r.rec.events(), r.rec.count_at(*r.search), lv.width(), lv.height(), 1);
      CHECK(got == r.order());
    };
    // Forward only, a few steps at a time (as playing does): one full read, at the start.
    check("made");
    for (int k = 0; k < 25 && !finished(r.search->state()); ++k) {
      for (int n = std::uniform_int_distribution<int>(1, 4)(rng); n > 0; --n) r.search->step();
      check("stepped");
    }
    CHECK(live.full_builds() == 1);
    // Back: read again in full; then forward again from there.
    const std::size_t before = live.full_builds();
    const std::size_t events_before = r.rec.count_at(*r.search);
    if (r.search->step_back()) {
      check("stepped back");
      // (HPA*'s building steps take no node: nothing to read again.)
      if (r.rec.count_at(*r.search) != events_before) CHECK(live.full_builds() == before + 1);
    }
    r.search->step();
    r.search->micro_step();
    check("stepped and micro-stepped");
    r.search->seek(r.search->iterations() / 2);
    check("sought back");
    r.search->run();
    check("run to the end");
    // Another search (generation): read in full even when the counts happen to match.
    const std::size_t builds = live.full_builds();
    live.update(r.rec.events(), r.rec.count_at(*r.search), lv.width(), lv.height(), 2);
    CHECK(live.full_builds() == builds + 1);
  }
}
