// Our A* against Boost Graph Library's astar_search, in the same run, on the same grid graphs:
// the shared MovingAI maps with the benchmark's rules (8 neighbours, diagonal sqrt 2, no corner
// cutting), the same queries, the same octile heuristic.
//   build/bench/bgl/bench_bgl ../shared/movingai/*.scen [--limit N] [--reps R] [--all]
// Each side runs a file's queries R times (default 3) and keeps its fastest pass.
// One tab-separated row per file: queries, each side's expansions, ns per expansion, queries per
// second, and how many path costs differ (both are optimal: 0 is expected). With --all, one row
// per file and algorithm instead: every one of our algorithms, each beside BGL's own version of
// it where BGL has one (astar_search, dijkstra_shortest_paths, breadth_first_search) and beside
// BGL's A* per query; costs are checked against BGL's A* as each algorithm promises (optimal:
// equal; weighted A*: within the weight; Theta*: not longer; greedy and breadth-first: none). BGL's graph is an
// adjacency_list with vecS storage and edge weights, built once per map (not timed); each query
// calls astar_search as its documentation shows (it initialises every vertex: that is part of
// what a BGL user pays), stopping at the goal with an exception from the visitor.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "../query_runs.hpp"

using namespace astar;
using namespace astar::bench;
using Clock = std::chrono::steady_clock;

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

struct FoundGoal {};

// Counts the vertices each BGL search examines and stops it at the goal (BGL's way: a visitor
// throws). One class for the three searches' visitor bases.
template <class Base>
class StopAtGoal : public Base {
 public:
  StopAtGoal(Vertex goal, std::int64_t* examined) : goal_(goal), examined_(examined) {}
  void examine_vertex(Vertex u, const Graph&) {
    ++*examined_;
    if (u == goal_) throw FoundGoal{};
  }

 private:
  Vertex goal_;
  std::int64_t* examined_;
};
using Visitor = StopAtGoal<boost::default_astar_visitor>;
using DijkstraVisitor = StopAtGoal<boost::default_dijkstra_visitor>;
using BfsVisitor = StopAtGoal<boost::default_bfs_visitor>;

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

// Each side keeps the fastest of `reps` passes over a file's queries (query_runs.hpp).
int reps = 3;

QueryRun run_ours(Level& lv, const std::vector<ScenarioQuery>& queries, const SearchOptions& options) {
  auto search = make_search(lv, options);
  return run_queries(*search, lv, queries, reps);
}

enum class BglAlgorithm { AStar, Dijkstra, BreadthFirst };

QueryRun run_bgl(const Graph& graph, const Level& lv, const std::vector<ScenarioQuery>& queries,
            BglAlgorithm which) {
  const auto n = boost::num_vertices(graph);
  std::vector<double> dist(n), cost(n);
  std::vector<Vertex> pred(n);
  return best_of(reps, [&] {
    QueryRun run;
    const auto t0 = Clock::now();
    for (const ScenarioQuery& q : queries) {
      const Vertex s = to_u32(lv.index(q.start)), t = to_u32(lv.index(q.goal));
      double found = std::numeric_limits<double>::infinity();
      try {
        switch (which) {
          case BglAlgorithm::AStar:
            boost::astar_search(graph, s, Octile(lv.width(), q.goal),
                                boost::predecessor_map(pred.data())
                                    .distance_map(dist.data())
                                    .rank_map(cost.data())
                                    .visitor(Visitor(t, &run.expanded)));
            break;
          case BglAlgorithm::Dijkstra:
            boost::dijkstra_shortest_paths(graph, s,
                                           boost::predecessor_map(pred.data())
                                               .distance_map(dist.data())
                                               .visitor(DijkstraVisitor(t, &run.expanded)));
            break;
          case BglAlgorithm::BreadthFirst:
            boost::breadth_first_search(graph, s, boost::visitor(BfsVisitor(t, &run.expanded)));
            break;
        }
      } catch (const FoundGoal&) {
        found = which == BglAlgorithm::BreadthFirst ? 0.0 : dist[t];  // BFS: found, cost not kept
      }
      run.costs.push_back(found);
    }
    run.seconds = seconds(t0);
    return run;
  });
}

// How many of `ours` break what the algorithm promises against the optimal costs.
enum class Promise { Optimal, WithinWeight, NotLonger, None };
std::int64_t broken(const QueryRun& ours, const QueryRun& optimal, Promise promise, double weight) {
  std::int64_t n = 0;
  for (std::size_t k = 0; k < ours.costs.size(); ++k) {
    const double a = ours.costs[k], b = optimal.costs[k];
    if (std::isinf(a) || std::isinf(b)) {
      n += std::isinf(a) != std::isinf(b);
      continue;
    }
    switch (promise) {
      case Promise::Optimal: n += std::abs(a - b) > 1e-6; break;
      case Promise::WithinWeight: n += a > weight * b + 1e-6 || a < b - 1e-6; break;
      case Promise::NotLonger: n += a > b + 1e-6; break;
      case Promise::None: break;
    }
  }
  return n;
}

// --all: every algorithm of ours on one file, beside BGL.
int compare_all(const std::string& file, Level& lv, const std::vector<ScenarioQuery>& queries,
                const Graph& graph) {
  const QueryRun bgl_astar = run_bgl(graph, lv, queries, BglAlgorithm::AStar);
  const QueryRun bgl_dijkstra = run_bgl(graph, lv, queries, BglAlgorithm::Dijkstra);
  const QueryRun bgl_bfs = run_bgl(graph, lv, queries, BglAlgorithm::BreadthFirst);
  struct Row {
    const char* name;
    SearchOptions options;
    const QueryRun* bgl_same;
    const char* bgl_name;
    Promise promise;
  };
  const Row rows[] = {
      {"astar", {.algorithm = Algorithm::AStar}, &bgl_astar, "astar_search", Promise::Optimal},
      {"jps", {.algorithm = Algorithm::JumpPoint}, nullptr, "-", Promise::Optimal},
      {"bidirectional", {.algorithm = Algorithm::Bidirectional}, nullptr, "-", Promise::Optimal},
      {"dijkstra", {.algorithm = Algorithm::Dijkstra}, &bgl_dijkstra, "dijkstra_shortest_paths",
       Promise::Optimal},
      {"weighted-astar-2", {.algorithm = Algorithm::WeightedAStar, .weight = 2.0}, nullptr, "-",
       Promise::WithinWeight},
      {"greedy", {.algorithm = Algorithm::GreedyBestFirst}, nullptr, "-", Promise::None},
      {"bfs", {.algorithm = Algorithm::BreadthFirst}, &bgl_bfs, "breadth_first_search", Promise::None},
      {"theta", {.algorithm = Algorithm::ThetaStar, .heuristic = Heuristic::Euclidean}, nullptr, "-",
       Promise::NotLonger},
  };
  const std::string name = file.substr(file.find_last_of('/') + 1);
  int status = 0;
  for (const Row& row : rows) {
    const QueryRun ours = run_ours(lv, queries, row.options);
    const std::int64_t bad = broken(ours, bgl_astar, row.promise, row.options.weight);
    std::printf("%s\t%s\t%zu\t%lld\t%.1f\t%.0f\t%s\t", name.c_str(), row.name, queries.size(),
                static_cast<long long>(ours.expanded), ours.ns_per_expansion(), ours.per_second(),
                row.bgl_name);
    if (row.bgl_same)
      std::printf("%lld\t%.1f\t%.0f\t%.2f\t", static_cast<long long>(row.bgl_same->expanded),
                  row.bgl_same->ns_per_expansion(), row.bgl_same->per_second(),
                  row.bgl_same->ns_per_expansion() / ours.ns_per_expansion());
    else
      std::printf("-\t-\t-\t-\t");
    std::printf("%.2f\t%lld\n", ours.per_second() / bgl_astar.per_second(), static_cast<long long>(bad));
    if (bad) status = 1;
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  std::size_t limit = 0;
  bool all = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--limit" && i + 1 < argc) limit = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--all") all = true;
    else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_bgl SCEN... [--limit N] [--reps R] [--all]\n");
    return 2;
  }
  if (all)
    std::printf("file\talgorithm\tqueries\tours_expanded\tours_ns_per_exp\tours_queries_per_s\t"
                "bgl_same\tbgl_expanded\tbgl_ns_per_exp\tbgl_queries_per_s\tspeedup_per_exp\t"
                "queries_per_s_vs_bgl_astar\tcosts_broken\n");
  else
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
    lv.rules() = movingai_rules();
    if (all) {
      status |= compare_all(file, lv, queries, graph);
      continue;
    }
    const QueryRun ours = run_ours(lv, queries, {.algorithm = Algorithm::AStar, .heuristic = Heuristic::Octile});
    const QueryRun bgl = run_bgl(graph, lv, queries, BglAlgorithm::AStar);
    const std::int64_t mismatches = broken(ours, bgl, Promise::Optimal, 1.0);
    std::printf("%s\t%zu\t%lld\t%.1f\t%.0f\t%lld\t%.1f\t%.0f\t%.2f\t%lld\n", file.c_str(),
                queries.size(), static_cast<long long>(ours.expanded), ours.ns_per_expansion(),
                ours.per_second(), static_cast<long long>(bgl.expanded), bgl.ns_per_expansion(),
                bgl.per_second(), bgl.ns_per_expansion() / ours.ns_per_expansion(),
                static_cast<long long>(mismatches));
    if (mismatches) status = 1;
  }
  return status;
}
