// Bidirectional A* against A* on the same MovingAI queries, file by file: is it within twice
// A*'s time, and does it find the same costs?
//   build/bench/bench_bidirectional ../shared/movingai/*.scen [--limit N] [--every K] [--reps R]
// (--every K: every K-th of the first N queries, a quick sample of the whole range of lengths.)
// One tab-separated row per file: queries, each search's total seconds (the best of R passes,
// A* and bidirectional A* alternating, so both see the same load) and expansions, the time ratio
// (bidirectional / A*) and the largest relative difference between the two costs of a query.
// One search object per map and algorithm, restarted per query, no listener (batch runs). The
// load average is printed before and after: this machine is shared. Exits 1 when some query's
// costs differ by more than 1e-9 relative (or one search finds a path the other does not).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "astar/bidirectional.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "query_runs.hpp"

using namespace astar;
using namespace astar::bench;

namespace {

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// The largest relative difference between the two runs' costs of one query (+inf when one
// found a path and the other did not).
double largest_difference(const QueryRun& a, const QueryRun& b) {
  double worst = 0.0;
  for (std::size_t q = 0; q < a.costs.size(); ++q) {
    const double x = a.costs[q], y = b.costs[q];
    if (std::isinf(x) || std::isinf(y)) {
      if (x != y) return INFINITY;
      continue;
    }
    worst = std::max(worst, std::abs(x - y) / std::max(1.0, std::abs(x)));
  }
  return worst;
}

struct Totals {
  double astar_s = 0, bidi_s = 0;
  std::int64_t astar_expanded = 0, bidi_expanded = 0;
  std::size_t queries = 0;
};

// One file's row; false when the costs disagree.
bool bench_file(const std::string& file, std::size_t limit, std::size_t every, int reps,
                Totals& totals) {
  auto scenario = load_movingai_scenario(file, limit);
  if (!scenario) {
    std::fprintf(stderr, "%s\n", scenario.error().c_str());
    std::exit(2);
  }
  std::vector<ScenarioQuery> queries;
  for (std::size_t q = 0; q < scenario.value().queries.size(); q += every)
    queries.push_back(scenario.value().queries[q]);
  if (queries.empty()) return true;
  Level lv = scenario.value().map;
  const SearchOptions options{.algorithm = Algorithm::AStar, .heuristic = Heuristic::Octile};
  BestFirstSearch astar(lv, options);
  SearchOptions bidi_options = options;
  bidi_options.algorithm = Algorithm::Bidirectional;
  BidirectionalSearch bidi(lv, lv.rules(), bidi_options);
  QueryRun a = run_queries(astar, lv, queries, 1), b = run_queries(bidi, lv, queries, 1);
  for (int r = 1; r < reps; ++r) {
    QueryRun a2 = run_queries(astar, lv, queries, 1);
    if (a2.seconds < a.seconds) a = std::move(a2);
    QueryRun b2 = run_queries(bidi, lv, queries, 1);
    if (b2.seconds < b.seconds) b = std::move(b2);
  }
  const double diff = largest_difference(a, b);
  const std::string name = file.substr(file.find_last_of('/') + 1);
  std::printf("%s\t%zu\t%.3f\t%lld\t%.3f\t%lld\t%.2f\t%.1e\n", name.c_str(), queries.size(),
              a.seconds, static_cast<long long>(a.expanded), b.seconds,
              static_cast<long long>(b.expanded), b.seconds / a.seconds, diff);
  std::fflush(stdout);
  totals.astar_s += a.seconds;
  totals.bidi_s += b.seconds;
  totals.astar_expanded += a.expanded;
  totals.bidi_expanded += b.expanded;
  totals.queries += queries.size();
  return diff <= 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 1;
  std::size_t limit = 100000, every = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc)
      reps = std::max(1, std::atoi(argv[++i]));
    else if (a == "--limit" && i + 1 < argc)
      limit = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--every" && i + 1 < argc)
      every = std::max<std::size_t>(1, std::strtoul(argv[++i], nullptr, 10));
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_bidirectional SCEN... [--limit N] [--every K] [--reps R]\n");
    return 2;
  }
  std::printf("# load average before: %s\n", load_average().c_str());
  std::printf("file\tqueries\tastar_s\tastar_expanded\tbidi_s\tbidi_expanded\tratio\tmax_rel_diff\n");
  Totals t;
  bool agree = true;
  for (const std::string& file : files) agree = bench_file(file, limit, every, reps, t) && agree;
  std::printf("total\t%zu\t%.3f\t%lld\t%.3f\t%lld\t%.2f\t-\n", t.queries, t.astar_s,
              static_cast<long long>(t.astar_expanded), t.bidi_s,
              static_cast<long long>(t.bidi_expanded), t.bidi_s / t.astar_s);
  std::printf("# load average after: %s\n", load_average().c_str());
  if (!agree) std::fprintf(stderr, "costs differ by more than 1e-9 relative\n");
  return agree ? 0 : 1;
}
