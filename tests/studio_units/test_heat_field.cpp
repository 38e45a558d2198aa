// The studio's heat map numbers (app/studio/heat_field.hpp), kept up to date from the cells each
// step changes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "state/heat_field.hpp"
#include "support/random_level.hpp"

using namespace astar;
using studio::HeatField;
using studio::HeatSource;

namespace {

// A uniform-cost level with random walls (Jump Point Search and Theta* need uniform costs).
Level walls_level(std::mt19937& rng, int w, int h, double density) {
  Level lv(w, h);
  std::bernoulli_distribution wall(density);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) lv.set_wall({x, y}, wall(rng));
  lv.set_start({0, 0});
  lv.set_goal({w - 1, h - 1});
  lv.set_wall(lv.start(), false);
  lv.set_wall(lv.goal(), false);
  return lv;
}

// `live` against a field read from every cell of the search now: the same floats, the same
// range to the last bit.
void check_same(const HeatField& live, const Search& s, const Level& level, HeatSource source,
                const std::string& where) {
  HeatField fresh;
  fresh.rebuild(s, level, source);
  INFO(where);
  REQUIRE(live.values().size() == fresh.values().size());
  CHECK(live.values() == fresh.values());
  CHECK(live.any() == fresh.any());
  CHECK(live.min() == fresh.min());
  CHECK(live.max() == fresh.max());
}

struct Totals {
  std::size_t blocks_reread = 0;
  int narrowed = 0;  // updates after which the range was narrower than before
};

// Steps a search in batches (the cells each step took and relaxed fed to update() after each
// batch, as the studio does between frames), then steps back, checking after every batch.
void follow(const Level& level, Algorithm algorithm, HeatSource source, std::mt19937& rng,
            Totals& totals) {
  SearchOptions o;
  o.algorithm = algorithm;
  o.weight = algorithm == Algorithm::WeightedAStar ? 1.7 : 1.0;
  const auto s = make_search(level, level.rules(), o);
  s->set_recording(true);
  HeatField live;
  live.rebuild(*s, level, source);
  const std::uint64_t version = live.version();
  const std::string name = std::string(info(algorithm).name) + " of " +
                           studio::kHeatNames[static_cast<std::size_t>(source)];
  std::vector<Cell> changed;
  auto record = [&] {
    if (const auto t = s->last_taken()) changed.push_back(*t);
    for (Cell c : s->last_relaxed()) changed.push_back(c);
  };
  auto update = [&](const char* what) {
    const double lo = live.min(), hi = live.max();
    const bool had = live.any();
    live.update(*s, level, changed);
    changed.clear();
    if (had && live.any() && (live.min() > lo || live.max() < hi)) ++totals.narrowed;
    check_same(live, *s, level, source, name + ", " + what + " to iteration " +
                                            std::to_string(s->iterations()));
  };
  std::uniform_int_distribution<int> batch(1, 9);
  while (!finished(s->state())) {
    for (int k = batch(rng); k > 0 && !finished(s->state()); --k) {
      s->step();
      record();
    }
    update("stepped");
  }
  // Back (the studio redraws what the step changed, before and after undoing it).
  for (int round = 0; round < 6 && s->iterations() > 0; ++round) {
    for (int k = batch(rng); k > 0; --k) {
      record();
      if (!s->step_back()) break;
      record();
    }
    update("stepped back");
  }
  CHECK(live.version() == version);  // never read again in full
  totals.blocks_reread += live.blocks_reread();
}

}  // namespace

TEST_CASE("heat field: kept up to date from the changed cells, it equals one read from every cell") {
  std::mt19937 rng(20240611);
  Totals totals;
  for (int round = 0; round < 12; ++round) {
    // Small varied levels (costs, heights, edges, jumps) and a larger uniform one with several
    // blocks of HeatField::kBlock cells.
    const Level varied = test::random_level(rng, 24);
    const Level uniform = walls_level(rng, 40 + round, 30, 0.2);
    for (auto a = 0; a < static_cast<int>(Algorithm::_Max); ++a)
      for (auto h = 0; h < static_cast<int>(HeatSource::_Max); ++h) {
        follow(varied, static_cast<Algorithm>(a), static_cast<HeatSource>(h), rng, totals);
        follow(uniform, static_cast<Algorithm>(a), static_cast<HeatSource>(h), rng, totals);
      }
  }
  // The cases that re-read blocks happened (a cell that held its block's lowest or highest value
  // changed, and the range narrowed), so the comparisons above covered them.
  CHECK(totals.blocks_reread > 0);
  CHECK(totals.narrowed > 0);
}

TEST_CASE("heat field: a step reads a block again only when it loses the block's end") {
  // Dijkstra on an open 200 x 200 level, g: the range only widens while stepping forward
  // (cells join, improvements lower g but the start keeps the lowest), so no block is re-read
  // unless a cell that held its block's highest g is improved.
  Level level(200, 200);
  level.set_start({100, 100});
  level.set_goal({199, 199});
  SearchOptions o;
  o.algorithm = Algorithm::Dijkstra;
  const auto s = make_search(level, level.rules(), o);
  HeatField live;
  live.rebuild(*s, level, HeatSource::G);
  std::vector<Cell> changed;
  for (int frame = 0; frame < 200; ++frame) {
    for (int k = 0; k < 50; ++k) {
      s->step();
      if (const auto t = s->last_taken()) changed.push_back(*t);
      for (Cell c : s->last_relaxed()) changed.push_back(c);
    }
    live.update(*s, level, changed);
    changed.clear();
  }
  check_same(live, *s, level, HeatSource::G, "Dijkstra, 10,000 iterations");
  CHECK(live.min() == 0.0);
  // Far fewer blocks read than 200 frames of every block (157 blocks of 256 cells).
  CHECK(live.blocks_reread() < 200 * 157 / 10);
}

TEST_CASE("heat field: unseen cells, walls and a new source") {
  Level level(5, 3);
  level.set_wall({2, 1}, true);
  level.set_start({0, 1});
  level.set_goal({4, 1});
  const auto s = make_search(level, level.rules(), {});
  HeatField f;
  f.rebuild(*s, level, HeatSource::F);
  CHECK(f.any());  // the start is open
  CHECK(f.values()[to_u32(level.index({0, 1}))] == static_cast<float>(s->node({0, 1}).f));
  CHECK(f.values()[to_u32(level.index({4, 1}))] == studio::kNoHeat);
  CHECK(f.min() == f.max());
  s->run();
  const std::uint64_t v = f.version();
  f.rebuild(*s, level, HeatSource::H);
  CHECK(f.version() == v + 1);
  CHECK(f.source() == HeatSource::H);
  CHECK(f.values()[to_u32(level.index({2, 1}))] == studio::kNoHeat);  // a wall
  double hi = 0.0;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x)
      if (s->node({x, y}).state != NodeState::Unseen && !level.wall({x, y}))
        hi = std::max(hi, s->node({x, y}).h);
  CHECK(f.min() == 0.0);  // the goal's h
  CHECK(f.max() == hi);
  CHECK(hi > 0.0);
}
