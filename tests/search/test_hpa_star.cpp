// HPA* (hpa_star.hpp), against oracles written apart here:
// - on 1,000 random levels (walls, costs, heights with climb and drop limits, edge overrides,
//   jumps, agents, 3D step lengths, action ranks, shapes with an agent radius, 4 and 8
//   neighbours, cluster sizes 4..8): a path is found exactly when a plain Dijkstra finds one;
//   every step is a possible move, path_cost() is the policy's cost of the path, and it is never
//   below the optimum (exact keys: ExactCost);
// - every intra edge costs what an in-cluster Dijkstra finds, every inter edge is a move;
// - partial rebuild after random edits equals a full build (nodes, edges, entrances);
// - stepping equals run(); step_back and seek equal a fresh search stepped there;
// - the cache: a search reusing it rebuilds only the clusters the edits touched.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <random>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/make_search.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/trace.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;

namespace {

// Level k of the mix: random_level's layers on up to 20x20 cells, 4 neighbours on some, ranks on
// some, a shape with an agent radius on some.
Level hpa_level(std::mt19937& rng, int k) {
  Level lv = test::random_level(rng, 20);
  if (k % 5 == 1) lv.rules().neighbours = Neighbours::Four;
  if (k % 7 == 2) lv.rules().ranks.on = true;
  if (k % 9 == 3) {
    std::uniform_real_distribution<double> at(0.0, lv.width()), down(0.0, lv.height());
    lv.add_shape(Circle{at(rng), down(rng), 0.7});
    lv.rules().agent_radius = 0.25;
    if (!lv.check_endpoints_clear_of_shapes(0.25, {}).empty()) lv.set_shapes({});
  }
  return lv;
}

// The least exact cost from `from` to every cell, by a plain Dijkstra over the policy's moves
// that stay inside [x0, x1) x [y0, y1) (the whole level by default).
std::map<std::pair<int, int>, ExactCost> oracle(const MovePolicy& policy, Cell from, int x0 = 0,
                                                int y0 = 0, int x1 = 1 << 20, int y1 = 1 << 20) {
  std::map<std::pair<int, int>, ExactCost> best;
  auto inside = [&](Cell c) { return c.x >= x0 && c.y >= y0 && c.x < x1 && c.y < y1; };
  using Entry = std::pair<double, std::pair<int, int>>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  best[{from.x, from.y}] = ExactCost{};
  open.push({0.0, {from.x, from.y}});
  std::map<std::pair<int, int>, bool> done;
  while (!open.empty()) {
    const auto top = open.top();
    open.pop();
    if (done[top.second]) continue;
    done[top.second] = true;
    const Cell c{top.second.first, top.second.second};
    const ExactCost gc = best[top.second];
    policy.for_each_move(c, [&](const Move& m) {
      if (!m.possible() || !inside(m.to)) return;
      const ExactCost g = gc + m.exact;
      auto it = best.find({m.to.x, m.to.y});
      if (it != best.end() && compare(g, it->second) >= 0) return;
      best[{m.to.x, m.to.y}] = g;
      open.push({g.key(), {m.to.x, m.to.y}});
    });
  }
  return best;
}

SearchOptions hpa_options(int cluster, bool smooth = false) {
  SearchOptions o{.algorithm = Algorithm::HpaStar};
  o.cluster_size = cluster;
  o.hpa_smooth = smooth;
  return o;
}

}  // namespace

TEST_CASE("hpa-star: found exactly when a path exists, legal, never below the optimum") {
  std::mt19937 rng(3501);
  int found = 0, none = 0, invalid = 0, longer = 0;
  for (int k = 0; k < 1000; ++k) {
    const Level lv = hpa_level(rng, k);
    const int cluster = 4 + k % 5;
    HpaStarSearch s(lv, lv.rules(), hpa_options(cluster, k % 2 == 0));
    s.run();
    CAPTURE(k);
    if (s.state() == SearchState::Invalid) {  // only what any search refuses
      CHECK(!check_supported(lv, lv.rules(), hpa_options(cluster)).empty());
      ++invalid;
      continue;
    }
    const MovePolicy policy(lv, lv.rules());
    const auto best = oracle(policy, lv.start());
    const auto it = best.find({lv.goal().x, lv.goal().y});
    REQUIRE((s.state() == SearchState::Found) == (it != best.end()));
    if (it == best.end()) {
      CHECK(s.state() == SearchState::NoPath);
      ++none;
      continue;
    }
    ++found;
    const std::vector<Cell> path = s.path();
    REQUIRE(!path.empty());
    CHECK(path.front() == lv.start());
    CHECK(path.back() == lv.goal());
    ExactCost sum;
    for (std::size_t i = 1; i < path.size(); ++i) {
      const std::optional<Move> m = policy.move_between(path[i - 1], path[i]);
      REQUIRE(m);
      sum += m->exact;
    }
    CHECK(s.path_cost() == sum.value());
    CHECK(compare(sum, it->second) >= 0);
    longer += compare(sum, it->second) > 0;
    CHECK(s.check_invariants() == "");
  }
  MESSAGE("found " << found << ", no path " << none << ", refused " << invalid << ", longer than optimal " << longer);
  CHECK(found > 500);
  CHECK(none > 20);
}

TEST_CASE("hpa-star: edges are in-cluster optima and moves; partial rebuild equals a full build") {
  std::mt19937 rng(3502);
  for (int k = 0; k < 300; ++k) {
    Level lv = hpa_level(rng, k);
    const int cluster = 4 + k % 3;
    HpaGraph graph(lv, lv.rules(), cluster);
    graph.build_all();
    CAPTURE(k);
    const MovePolicy policy(lv, lv.rules());
    for (const HpaEdge& e : graph.edges()) {
      const int a = graph.cluster_of(e.from), b = graph.cluster_of(e.to);
      if (e.inter) {
        CHECK(a != b);
        const std::optional<Move> m = policy.move_between(e.from, e.to);
        REQUIRE(m);
        CHECK(m->exact == e.exact);
        continue;
      }
      REQUIRE(a == b);
      const HpaCluster c = graph.cluster(a);
      const auto best = oracle(policy, e.from, c.x, c.y, c.x + c.width, c.y + c.height);
      const auto it = best.find({e.to.x, e.to.y});
      REQUIRE(it != best.end());
      CHECK(it->second == e.exact);
    }
    // Random edits: walls, costs, heights, edge overrides, agents.
    std::uniform_int_distribution<int> x(0, lv.width() - 1), y(0, lv.height() - 1), what(0, 4);
    const int edits = 1 + k % 4;
    for (int e = 0; e < edits; ++e) {
      const Cell c{x(rng), y(rng)};
      switch (what(rng)) {
        case 0: lv.set_wall(c, !lv.wall(c)); break;
        case 1: lv.set_cost(c, lv.cost(c) == 1.0 ? 3.0 : 1.0); break;
        case 2: lv.set_height(c, lv.height_at(c) + 1); break;
        case 3: lv.set_edge(c, Dir::E, EdgeOverride{e % 2 == 0, 2.5}); break;
        default: lv.set_agent(c, !lv.agent(c)); break;
      }
    }
    const std::vector<int> rebuilt = graph.update(lv);
    HpaGraph fresh(lv, lv.rules(), cluster);
    fresh.build_all();
    CHECK(graph.complete());
    CHECK(graph.nodes() == fresh.nodes());
    CHECK(graph.edges() == fresh.edges());
    const auto ea = graph.entrances(), eb = fresh.entrances();
    REQUIRE(ea.size() == eb.size());
    for (std::size_t i = 0; i < ea.size(); ++i) CHECK(ea[i].pairs == eb[i].pairs);
    CHECK(static_cast<int>(rebuilt.size()) <= graph.cluster_count());
  }
}

TEST_CASE("hpa-star: an edit far from most clusters rebuilds only those near it") {
  Level lv(64, 64);
  lv.set_start({0, 0});
  lv.set_goal({63, 63});
  HpaGraph graph(lv, lv.rules(), 8);
  graph.build_all();
  lv.set_wall({3, 3}, true);  // inside cluster 0
  const std::vector<int> rebuilt = graph.update(lv);
  CHECK(rebuilt == std::vector<int>{0, 1, 8, 9});
  CHECK(graph.update(lv).empty());  // nothing changed since
}

TEST_CASE("hpa-star: stepping equals run(); step_back and seek equal a fresh search") {
  std::mt19937 rng(3503);
  for (int k = 0; k < 60; ++k) {
    const Level lv = hpa_level(rng, k);
    const SearchOptions o = hpa_options(4 + k % 3, k % 2 == 1);
    HpaStarSearch ran(lv, lv.rules(), o);
    ran.run();
    HpaStarSearch stepped(lv, lv.rules(), o);
    stepped.set_recording(true);
    while (stepped.step() == SearchState::InProgress) {
    }
    CAPTURE(k);
    test::check_same_state(ran, stepped, lv);
    CHECK((ran.path_cost() == stepped.path_cost() || std::isinf(ran.path_cost())));
    // run() puts only the last step in words: the one stepping ended with too.
    CHECK(ran.hierarchy()->last_step == stepped.hierarchy()->last_step);
    const std::int64_t n = stepped.iterations();
    std::uniform_int_distribution<std::int64_t> at(0, n);
    for (int t = 0; t < 3; ++t) {
      const std::int64_t i = at(rng);
      stepped.seek(i);
      HpaStarSearch fresh(lv, lv.rules(), o);
      while (fresh.iterations() < i && fresh.step() == SearchState::InProgress) {
      }
      test::check_same_state(stepped, fresh, lv);
      CHECK(stepped.hierarchy()->last_step == fresh.hierarchy()->last_step);
      CHECK(stepped.hierarchy()->phase == fresh.hierarchy()->phase);
      CHECK(stepped.hierarchy()->refined_path == fresh.hierarchy()->refined_path);
      if (stepped.step_back()) {
        HpaStarSearch back(lv, lv.rules(), o);
        while (back.iterations() < stepped.iterations() && back.step() == SearchState::InProgress) {
        }
        test::check_same_state(stepped, back, lv);
      }
    }
  }
}

// A search keeps its abstract nodes' memory from one query to the next (reset_query): what the
// last query opened must be unseen again, whatever the endpoints.
TEST_CASE("hpa-star: one search restarted query after query equals a fresh search for each") {
  std::mt19937 rng(3507);
  for (int k = 0; k < 40; ++k) {
    Level lv = hpa_level(rng, k);
    const SearchOptions o = hpa_options(4 + k % 3, k % 2 == 0);
    auto cache = std::make_shared<HpaCache>();
    HpaStarSearch(lv, lv.rules(), o, nullptr, cache).run();  // builds the graph into the cache
    HpaStarSearch reused(lv, lv.rules(), o, nullptr, cache);  // so its graph stays one object
    REQUIRE(reused.hierarchy()->to_build.empty());
    std::vector<Cell> open_cells;
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        if (!lv.solid({x, y})) open_cells.push_back({x, y});
    std::uniform_int_distribution<std::size_t> pick(0, open_cells.size() - 1);
    for (int q = 0; q < 8; ++q) {
      lv.set_start(open_cells[pick(rng)]);
      lv.set_goal(open_cells[pick(rng)]);
      HpaStarSearch fresh(lv, lv.rules(), o, nullptr, cache);  // a new search on the same graph
      if (fresh.state() == SearchState::Invalid) continue;  // an endpoint too near a shape
      fresh.run();
      reused.restart();
      reused.run();
      CAPTURE(k);
      CAPTURE(q);
      test::check_same_state(reused, fresh, lv);
      CHECK(reused.path() == fresh.path());
      CHECK(reused.hierarchy()->abstract_expanded == fresh.hierarchy()->abstract_expanded);
      CHECK(reused.hierarchy()->last_step == fresh.hierarchy()->last_step);
    }
  }
}

TEST_CASE("hpa-star: the phases, the view and the cache") {
  Level lv(32, 16);
  for (int y = 0; y < 12; ++y) lv.set_wall({15, y}, true);  // a wall with a gap at the bottom
  lv.set_start({2, 2});
  lv.set_goal({29, 2});
  auto cache = std::make_shared<HpaCache>();
  auto s = make_hpa_search(lv, lv.rules(), hpa_options(8), cache);
  const HpaView* v = s->hierarchy();
  REQUIRE(v != nullptr);
  CHECK(v->phase == HpaPhase::Building);
  CHECK(v->to_build.size() == 8);
  s->step();
  CHECK(v->built == 1);
  CHECK(v->last_cluster == 0);
  CHECK(v->last_step.find("Built cluster 0") == 0);
  while (v->phase == HpaPhase::Building) s->step();
  REQUIRE(cache->graph != nullptr);
  CHECK(cache->graph->complete());
  s->step();
  CHECK(v->phase == HpaPhase::Abstract);
  CHECK(!v->inserted_edges.empty());
  s->run();
  REQUIRE(s->state() == SearchState::Found);
  CHECK(v->abstract_path.front() == lv.start());
  CHECK(v->abstract_path.back() == lv.goal());
  CHECK(v->refined_path == s->path());
  CHECK(s->node(lv.goal()).state == NodeState::Closed);
  CHECK(info(Algorithm::HpaStar).extras.hierarchy);
  // Reused: no cluster to build; after an edit, only those near it.
  auto again = make_hpa_search(lv, lv.rules(), hpa_options(8), cache);
  CHECK(again->hierarchy()->to_build.empty());
  CHECK(again->hierarchy()->phase == HpaPhase::Inserting);
  again->run();
  CHECK(again->path() == s->path());
  lv.set_wall({4, 12}, true);
  auto edited = make_hpa_search(lv, lv.rules(), hpa_options(8), cache);
  CHECK(edited->hierarchy()->to_build == std::vector<int>{0, 1, 4, 5});
  // A search that does not use HPA* has no hierarchy; make_search makes HPA* too.
  CHECK(make_search(lv, SearchOptions{})->hierarchy() == nullptr);
  CHECK(make_search(lv, hpa_options(8))->hierarchy() != nullptr);
}

TEST_CASE("hpa-star: a graph's stamp: kept by a copy, new on every change") {
  Level lv(24, 24);
  lv.set_start({0, 0});
  lv.set_goal({23, 23});
  HpaGraph a(lv, lv.rules(), 8), b(lv, lv.rules(), 8);
  CHECK(a.stamp() != b.stamp());  // two graphs, even alike
  const HpaGraph copy = a;
  CHECK(copy.stamp() == a.stamp());
  std::uint64_t last = a.stamp();
  a.build_cluster(0);
  CHECK(a.stamp() != last);
  CHECK(copy.stamp() == last);
  last = a.stamp();
  a.build_cluster(0);  // already built: no change
  CHECK(a.stamp() == last);
  a.build_all();
  last = a.stamp();
  CHECK(a.invalidate(lv).empty());  // the same level: nothing to unbuild
  CHECK(a.stamp() == last);
  Level edited = lv;
  edited.set_wall({12, 12}, true);
  CHECK_FALSE(a.invalidate(edited).empty());
  CHECK(a.stamp() != last);
  CHECK(a.stamp() != copy.stamp());
  CHECK(a.stamp() != b.stamp());
}

TEST_CASE("hpa-star: what it refuses") {
  Level lv(8, 8);
  lv.set_start({0, 0});
  lv.set_goal({7, 7});
  SearchOptions o = hpa_options(3);
  CHECK(check_options(o).find("cluster_size") != std::string::npos);
  o.cluster_size = 257;
  CHECK(check_options(o).find("cluster_size") != std::string::npos);
  o.cluster_size = 16;
  CHECK(check_options(o).empty());
  o.partial_path = true;
  CHECK(!check_options(o).empty());
  Level hex(8, 8);
  hex.set_topology(Topology::HexPointyTop);
  hex.set_start({0, 0});
  hex.set_goal({7, 7});
  HpaStarSearch h(hex, hex.rules(), {.algorithm = Algorithm::HpaStar, .heuristic = Heuristic::Hex});
  CHECK(h.state() == SearchState::Invalid);
  CHECK(h.message().find("square clusters") != std::string::npos);
}

TEST_CASE("hpa-star: Posthoc refuses it; the pseudo-code and the row") {
  Level lv(16, 8);
  lv.set_start({0, 0});
  lv.set_goal({15, 7});
  TraceRecorder rec;
  HpaStarSearch s(lv, lv.rules(), hpa_options(4), &rec);
  s.run();
  REQUIRE(s.state() == SearchState::Found);
  const auto refused = posthoc_trace(lv, rec.events(), {.algorithm = Algorithm::HpaStar});
  REQUIRE(!refused);
  CHECK(refused.error().find("HPA*") != std::string::npos);
  CHECK(posthoc_trace(lv, rec.events(), {.algorithm = Algorithm::AStar}));  // told nothing else
  CHECK(parse_algorithm("hpa-star") == Algorithm::HpaStar);
  CHECK(info(Algorithm::HpaStar).guarantee == Guarantee::None);
}
