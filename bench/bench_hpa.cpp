// HPA* on MovingAI maps (docs/benchmarks.md, "HPA* on 512² maps"): per map and cluster size,
// the abstract graph's precomputation (time, nodes, edges, bytes), then every query of the map's
// .scen with A*, JPS and HPA* (without and with smoothing): mean query time, mean expansions
// (HPA*: abstract nodes + refining cells; its graph made once, outside the query times), and the
// mean and worst path length over A*'s optimal one.
//
//   build/bench/bench_hpa ../shared/movingai/*512*.map.scen [--sizes 16,32] [--limit N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"

using namespace astar;
using Clock = std::chrono::steady_clock;

namespace {

struct Tally {
  double seconds = 0.0, ratio_sum = 0.0, ratio_max = 0.0;
  long long expanded = 0, queries = 0, ratios = 0;
};

// Runs `s` on every query; ratios against `optimal` (A*'s costs) when given, else records them.
Tally run_all(Level& level, Search& s, const std::vector<ScenarioQuery>& qs,
              std::vector<double>* optimal, const std::vector<double>* against) {
  Tally t;
  for (std::size_t i = 0; i < qs.size(); ++i) {
    level.set_start(qs[i].start);
    level.set_goal(qs[i].goal);
    const auto t0 = Clock::now();
    s.restart();
    s.run();
    t.seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    const HpaView* h = s.hierarchy();
    t.expanded += h ? h->abstract_expanded + h->refine_expanded : s.metrics().expanded;
    ++t.queries;
    const double cost = s.state() == SearchState::Found ? s.path_cost() : 0.0;
    if (optimal) optimal->push_back(cost);
    if (against && (*against)[i] > 0.0) {
      ++t.ratios;
      t.ratio_sum += cost / (*against)[i];
      t.ratio_max = std::max(t.ratio_max, cost / (*against)[i]);
    }
  }
  return t;
}

void row(const char* map, const char* what, const Tally& t, double build_s, std::size_t bytes) {
  const double n = static_cast<double>(std::max(1LL, t.queries));
  const double mean = t.ratios > 0 ? t.ratio_sum / static_cast<double>(t.ratios) : 1.0;
  std::printf("%s\t%s\t%lld\t%.3f\t%.0f\t%.4f\t%.4f\t%.3f\t%.1f\n", map, what, t.queries,
              1e3 * t.seconds / n, static_cast<double>(t.expanded) / n, mean,
              t.ratios > 0 ? t.ratio_max : 1.0, build_s, static_cast<double>(bytes) / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> scens;
  std::vector<int> sizes{16, 32};
  long long limit = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--limit" && i + 1 < argc) limit = std::atoll(argv[++i]);
    else if (a == "--sizes" && i + 1 < argc) {
      sizes.clear();
      for (const char* p = argv[++i]; *p;) {
        sizes.push_back(std::atoi(p));
        while (*p && *p != ',') ++p;
        if (*p) ++p;
      }
    } else scens.push_back(a);
  }
  std::printf("map\tsearch\tqueries\tms_per_query\texpanded_per_query\tmean_ratio\tmax_ratio\t"
              "build_s\tgraph_MB\n");
  for (const std::string& scen : scens) {
    auto qs = load_movingai_scen(scen);
    if (!qs) { std::fprintf(stderr, "%s\n", qs.error().c_str()); return 2; }
    std::vector<ScenarioQuery> queries = qs.value();
    if (limit > 0 && static_cast<long long>(queries.size()) > limit) queries.resize(static_cast<std::size_t>(limit));
    auto lv = load_movingai_map(resolve_movingai_map_path(scen, queries.front().map));
    if (!lv) { std::fprintf(stderr, "%s\n", lv.error().c_str()); return 2; }
    Level level = std::move(lv.value());
    const std::string name = scen.substr(scen.find_last_of('/') + 1);
    std::vector<double> optimal;
    auto astar_s = make_search(level, movingai_rules(), {.algorithm = Algorithm::AStar});
    row(name.c_str(), "astar", run_all(level, *astar_s, queries, &optimal, nullptr), 0, 0);
    auto jps = make_search(level, movingai_rules(), {.algorithm = Algorithm::JumpPoint});
    row(name.c_str(), "jps", run_all(level, *jps, queries, nullptr, &optimal), 0, 0);
    for (int size : sizes) {
      const auto t0 = Clock::now();
      auto graph = std::make_shared<HpaGraph>(level, movingai_rules(), size);
      graph->build_all();
      const double build = std::chrono::duration<double>(Clock::now() - t0).count();
      std::fprintf(stderr, "%s cluster %d: %zu nodes, %zu edges\n", name.c_str(), size,
                   graph->nodes().size(), graph->edges().size());
      auto cache = std::make_shared<HpaCache>();
      cache->graph = graph;
      for (bool smooth : {false, true}) {
        SearchOptions o{.algorithm = Algorithm::HpaStar};
        o.cluster_size = size;
        o.hpa_smooth = smooth;
        auto s = make_hpa_search(level, movingai_rules(), o, cache);
        const std::string what = "hpa-" + std::to_string(size) + (smooth ? "+smooth" : "");
        row(name.c_str(), what.c_str(), run_all(level, *s, queries, nullptr, &optimal), build,
            graph->memory_bytes());
      }
    }
  }
  return 0;
}
