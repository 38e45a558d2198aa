// Lesson 24, "Why games cut the map into rooms" (levels/lessons/24-why-games-cut-the-map-into-rooms.json):
// every number its text states is measured here from the file, so the words cannot go stale.
// A* (octile) against HPA* (16 x 16 clusters) on a 192 x 192 map of rooms and corridors: A*'s
// expansions and cost; HPA*'s abstract nodes expanded, cells expanded refining and building,
// its cost and how much longer; the same with "Smooth HPA* path" (SearchOptions::hpa_smooth).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "astar/format.hpp"
#include "astar/hpa_star.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "support/oracle.hpp"

using namespace astar;

namespace {

const std::string kLesson = ASTAR_SOURCE_DIR "/levels/lessons/24-why-games-cut-the-map-into-rooms.json";

std::unique_ptr<Search> run_with(const Level& lv, Algorithm a, bool smooth) {
  SearchOptions o = with_preset({}, lv.preset);  // the lesson's clusters
  o.algorithm = a;
  o.hpa_smooth = smooth;
  auto s = make_search(lv, o);
  s->run();
  return s;
}

void says(const Level& lv, const std::string& text) {
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
}

std::string percent_longer(double cost, double best) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%% longer", (cost / best - 1.0) * 100.0);
  return buf;
}

}  // namespace

TEST_CASE("[lessons] why games cut the map into rooms: the text's numbers are HPA*'s and A*'s") {
  Result<Level> loaded = load_level(kLesson);
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
  const Level& lv = loaded.value();
  CHECK(lv.width() == 192);
  CHECK(lv.height() == 192);
  CHECK(lv.preset.algorithm == std::optional<std::string>("hpa-star"));
  // The clusters the text states, and no smoothing until the student ticks it: in the file, so
  // a cluster size or smoothing left over from another level does not change the numbers.
  CHECK(lv.preset.cluster_size == std::optional<std::int64_t>(16));
  CHECK(lv.preset.hpa_smooth == std::optional<bool>(false));
  SearchOptions left;  // what another level left
  left.cluster_size = 4;
  left.hpa_smooth = true;
  const SearchOptions set = with_preset(left, lv.preset);
  CHECK(set.cluster_size == 16);
  CHECK_FALSE(set.hpa_smooth);

  const auto a = run_with(lv, Algorithm::AStar, false);
  REQUIRE(a->state() == SearchState::Found);
  // A* is optimal here: the oracle's cost.
  const double best = test::oracle_distances(lv, lv.rules())[to_u32(lv.index(lv.goal()))];
  CHECK(a->path_cost() == doctest::Approx(best).epsilon(1e-12));
  says(lv, "A* expands " + count_text(a->metrics().expanded) + " cells");
  says(lv, "cost " + fixed2_text(a->path_cost()));

  const auto h = run_with(lv, Algorithm::HpaStar, false);
  REQUIRE(h->state() == SearchState::Found);
  const HpaView* v = h->hierarchy();
  REQUIRE(v != nullptr);
  REQUIRE(v->graph != nullptr);
  const std::int64_t query = v->abstract_expanded + v->refine_expanded;
  CHECK(query * 5 < a->metrics().expanded);  // "far fewer"
  says(lv, "(" + std::to_string(v->graph->cluster_count()) + " of them)");
  says(lv, "expands only " + count_text(v->abstract_expanded) + " abstract nodes and " +
               count_text(v->refine_expanded) + " cells");
  says(lv, count_text(query) + " in all, about " +
               std::to_string(std::llround(static_cast<double>(a->metrics().expanded) / query)) +
               " times fewer than A*");
  says(lv, "costs " + fixed2_text(h->path_cost()) + ", " + percent_longer(h->path_cost(), a->path_cost()));
  says(lv, "expanded " + count_text(v->build_expanded) + " cells");
  CHECK(h->path_cost() > a->path_cost());  // the price the text explains

  const auto s = run_with(lv, Algorithm::HpaStar, true);
  REQUIRE(s->state() == SearchState::Found);
  CHECK(s->path_cost() <= h->path_cost());
  CHECK(s->path_cost() >= a->path_cost() - 1e-9);
  const HpaView* sv = s->hierarchy();
  REQUIRE(sv != nullptr);
  says(lv, "brings it to " + fixed2_text(s->path_cost()) + ", " +
               percent_longer(s->path_cost(), a->path_cost()) + ", for " +
               count_text(sv->refine_expanded - v->refine_expanded) + " more cells expanded");
}
