// Best-of-R time of one algorithm on the first N queries of MovingAI scenario files, for
// comparing algorithms on the same queries (JPS against A*) without the studio's CLI.
//   build/bench/bench_movingai ../shared/movingai/*.scen [--algorithm jps] [--limit N] [--reps R]
// One tab-separated row per file: queries, expansions, ns per expansion and ms per query (the
// best of R repetitions), the summed path cost (for checking two algorithms agree) and a digest
// of every query's cost, bit for bit (for checking two builds agree exactly). One
// search object per map, restarted per query, no listener: what `astar bench` runs.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "query_runs.hpp"

using namespace astar;
using namespace astar::bench;

int main(int argc, char** argv) {
  int reps = 3;
  std::size_t limit = 200;
  Algorithm algorithm = Algorithm::AStar;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--limit" && i + 1 < argc) {
      limit = std::strtoul(argv[++i], nullptr, 10);
    } else if (a == "--algorithm" && i + 1 < argc) {
      const auto parsed = parse_algorithm(argv[++i]);
      if (!parsed || *parsed == Algorithm::Bidirectional) {
        std::fprintf(stderr, "unknown or unsupported algorithm %s\n", argv[i]);
        return 2;
      }
      algorithm = *parsed;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_movingai SCEN... [--algorithm NAME] [--limit N] [--reps R]\n");
    return 2;
  }
  std::printf("file\tqueries\texpanded\tns_per_expansion\tms_per_query\tcost_sum\tcost_digest\n");
  for (const std::string& file : files) {
    auto scenario = load_movingai_scenario(file, limit);
    if (!scenario) {
      std::fprintf(stderr, "%s\n", scenario.error().c_str());
      return 2;
    }
    const std::vector<ScenarioQuery>& queries = scenario.value().queries;
    if (queries.empty()) continue;
    Level lv = scenario.value().map;
    BestFirstSearch search(lv, {.algorithm = algorithm, .heuristic = Heuristic::Octile});
    const QueryRun run = run_queries(search, lv, queries, reps);
    double cost = 0;
    for (const double c : run.costs) cost += c;
    const std::string name = file.substr(file.find_last_of('/') + 1);
    std::printf("%s\t%zu\t%lld\t%.1f\t%.4f\t%.3f\t%016llx\n", name.c_str(), queries.size(),
                static_cast<long long>(run.expanded), run.ns_per_expansion(),
                1e3 * run.seconds / static_cast<double>(queries.size()), cost,
                static_cast<unsigned long long>(run.cost_digest()));
    std::fflush(stdout);
  }
}
