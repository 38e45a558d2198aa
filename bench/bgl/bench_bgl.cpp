// Our A* against Boost Graph Library's astar_search, in the same run, on the same grid graphs:
// the shared MovingAI maps with the benchmark's rules (8 neighbours, diagonal sqrt 2, no corner
// cutting), the same queries, the same octile heuristic.
//   build/bench/bgl/bench_bgl ../shared/movingai/*.scen [--limit N]
// One tab-separated row per file: queries, each side's expansions, ns per expansion, queries per
// second, and how many path costs differ (both are optimal: 0 is expected). BGL's graph is an
// adjacency_list with vecS storage and edge weights, built once per map (not timed); each query
// calls astar_search as its documentation shows (it initialises every vertex: that is part of
// what a BGL user pays), stopping at the goal with an exception from the visitor.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/movingai.hpp"
#include "astar/search.hpp"

using namespace astar;
using Clock = std::chrono::steady_clock;

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

struct FoundGoal {};

class Visitor : public boost::default_astar_visitor {
 public:
  Visitor(Vertex goal, std::int64_t* examined) : goal_(goal), examined_(examined) {}
  void examine_vertex(Vertex u, const Graph&) {
    ++*examined_;
    if (u == goal_) throw FoundGoal{};
  }

 private:
  Vertex goal_;
  std::int64_t* examined_;
};

class Octile : public boost::astar_heuristic<Graph, double> {
 public:
  Octile(int width, Cell goal) : width_(width), goal_(goal) {}
  double operator()(Vertex v) const {
    const double dx = std::abs(static_cast<int>(v % width_) - goal_.x);
    const double dy = std::abs(static_cast<int>(v / width_) - goal_.y);
    return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
  }

 private:
  std::size_t width_;
  Cell goal_;
};

// The level's possible moves as weighted edges (the same MovePolicy our search uses).
Graph make_graph(const Level& lv) {
  Graph g(static_cast<std::size_t>(lv.cell_count()));
  const MovePolicy policy(lv, movingai_rules());
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      if (lv.wall({x, y})) continue;
      policy.for_each_move({x, y}, [&](const Move& m) {
        if (m.possible())
          boost::add_edge(to_u32(lv.index({x, y})), to_u32(lv.index(m.to)), m.cost, g);
      });
    }
  return g;
}

double seconds(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  std::size_t limit = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--limit" && i + 1 < argc) limit = std::strtoul(argv[++i], nullptr, 10);
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_bgl SCEN... [--limit N]\n");
    return 2;
  }
  std::printf("file\tqueries\tours_expanded\tours_ns_per_exp\tours_queries_per_s\tbgl_expanded\t"
              "bgl_ns_per_exp\tbgl_queries_per_s\tspeedup_per_exp\tcost_mismatches\n");
  int status = 0;
  for (const std::string& file : files) {
    auto scenario = load_movingai_scenario(file, limit);
    if (!scenario) {
      std::fprintf(stderr, "%s\n", scenario.error().c_str());
      return 2;
    }
    const std::vector<ScenarioQuery>& queries = scenario.value().queries;
    if (queries.empty()) continue;
    Level lv = scenario.value().map;
    const Graph graph = make_graph(lv);
    const auto n = boost::num_vertices(graph);
    std::vector<double> dist(n), cost(n);
    std::vector<Vertex> pred(n);

    std::int64_t ours_exp = 0, bgl_exp = 0, mismatches = 0;
    double ours_s = 0, bgl_s = 0;
    std::vector<double> ours_cost;
    lv.rules() = movingai_rules();
    BestFirstSearch search(lv, {.algorithm = Algorithm::AStar, .heuristic = Heuristic::Octile});
    for (const ScenarioQuery& q : queries) {
      lv.set_start(q.start);
      lv.set_goal(q.goal);
      const auto t0 = Clock::now();
      search.restart();
      search.run();
      ours_s += seconds(t0);
      ours_exp += search.iterations();
      ours_cost.push_back(search.path_cost());
    }
    for (std::size_t k = 0; k < queries.size(); ++k) {
      const ScenarioQuery& q = queries[k];
      const Vertex s = to_u32(lv.index(q.start)), t = to_u32(lv.index(q.goal));
      double found = std::numeric_limits<double>::infinity();
      const auto t0 = Clock::now();
      try {
        boost::astar_search(graph, s, Octile(lv.width(), q.goal),
                            boost::predecessor_map(pred.data())
                                .distance_map(dist.data())
                                .rank_map(cost.data())
                                .visitor(Visitor(t, &bgl_exp)));
      } catch (const FoundGoal&) {
        found = dist[t];
      }
      bgl_s += seconds(t0);
      if (std::abs(found - ours_cost[k]) > 1e-6 && !(std::isinf(found) && std::isinf(ours_cost[k])))
        ++mismatches;
    }
    const double ours_ns = 1e9 * ours_s / static_cast<double>(ours_exp);
    const double bgl_ns = 1e9 * bgl_s / static_cast<double>(bgl_exp);
    std::printf("%s\t%zu\t%lld\t%.1f\t%.0f\t%lld\t%.1f\t%.0f\t%.2f\t%lld\n", file.c_str(), queries.size(),
                static_cast<long long>(ours_exp), ours_ns, queries.size() / ours_s,
                static_cast<long long>(bgl_exp), bgl_ns, queries.size() / bgl_s, bgl_ns / ours_ns,
                static_cast<long long>(mismatches));
    if (mismatches) status = 1;
  }
  return status;
}
