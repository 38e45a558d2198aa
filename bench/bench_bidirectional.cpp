// Bidirectional A* against A* on the same MovingAI queries, file by file: is it within twice
// A*'s time, and does it find the same costs?
//   build/bench/bench_bidirectional ../shared/movingai/*.scen [--limit N] [--every K] [--reps R]
// (--every K: every K-th of the first N queries, a quick sample of the whole range of lengths.)
// One tab-separated row per file: queries; for A* and for bidirectional A*, the total seconds
// of a pass over the queries (the best of R passes, the two alternating so both see the same
// load), the CPU seconds of that pass (this thread's, less shaken by other processes on a shared
// machine) and the expansions; the time ratios bidirectional / A* (wall and CPU); and the
// largest relative difference between the two costs of a query. One search object per map and
// algorithm, restarted per query, no listener (batch runs). The load average is printed before
// and after. Exits 1 when some query's costs differ by more than 1e-9 relative (or one search
// finds a path the other does not).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "astar/bidirectional.hpp"
#include "astar/detail/best_first.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One pass over the queries: its wall and CPU seconds, expansions and each query's cost.
struct Pass {
  double seconds = 0, cpu_seconds = 0;
  std::int64_t expanded = 0;
  std::vector<double> costs;
};

Pass run_pass(Search& search, Level& lv, const std::vector<ScenarioQuery>& queries) {
  Pass p;
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = thread_cpu_seconds();
  for (const ScenarioQuery& q : queries) {
    lv.set_start(q.start);
    lv.set_goal(q.goal);
    search.restart();
    search.run();
    p.expanded += search.iterations();
    p.costs.push_back(search.path_cost());
  }
  p.cpu_seconds = thread_cpu_seconds() - c0;
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return p;
}

// The largest relative difference between the two passes' costs of one query (+inf when one
// found a path and the other did not).
double largest_difference(const Pass& a, const Pass& b) {
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
  Pass astar, bidi;
  std::size_t queries = 0;
  void add(const Pass& a, const Pass& b, std::size_t n) {
    astar.seconds += a.seconds;
    astar.cpu_seconds += a.cpu_seconds;
    astar.expanded += a.expanded;
    bidi.seconds += b.seconds;
    bidi.cpu_seconds += b.cpu_seconds;
    bidi.expanded += b.expanded;
    queries += n;
  }
};

void print_row(const std::string& name, std::size_t queries, const Pass& a, const Pass& b,
               const std::string& diff) {
  std::printf("%s\t%zu\t%.3f\t%.3f\t%lld\t%.3f\t%.3f\t%lld\t%.2f\t%.2f\t%s\n", name.c_str(),
              queries, a.seconds, a.cpu_seconds, static_cast<long long>(a.expanded), b.seconds,
              b.cpu_seconds, static_cast<long long>(b.expanded), b.seconds / a.seconds,
              b.cpu_seconds / a.cpu_seconds, diff.c_str());
  std::fflush(stdout);
}

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
  Pass a = run_pass(astar, lv, queries), b = run_pass(bidi, lv, queries);
  for (int r = 1; r < reps; ++r) {
    Pass a2 = run_pass(astar, lv, queries);
    if (a2.seconds < a.seconds) a = std::move(a2);
    Pass b2 = run_pass(bidi, lv, queries);
    if (b2.seconds < b.seconds) b = std::move(b2);
  }
  const double diff = largest_difference(a, b);
  char text[32];
  std::snprintf(text, sizeof text, "%.1e", diff);
  print_row(file.substr(file.find_last_of('/') + 1), queries.size(), a, b, text);
  totals.add(a, b, queries.size());
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
    std::fprintf(stderr,
                 "usage: bench_bidirectional SCEN... [--limit N] [--every K] [--reps R]\n");
    return 2;
  }
  std::printf("# load average before: %s\n", load_average().c_str());
  std::printf("file\tqueries\tastar_s\tastar_cpu_s\tastar_expanded\tbidi_s\tbidi_cpu_s\t"
              "bidi_expanded\tratio\tcpu_ratio\tmax_rel_diff\n");
  Totals t;
  bool agree = true;
  for (const std::string& file : files) agree = bench_file(file, limit, every, reps, t) && agree;
  print_row("total", t.queries, t.astar, t.bidi, "-");
  std::printf("# load average after: %s\n", load_average().c_str());
  if (!agree) std::fprintf(stderr, "costs differ by more than 1e-9 relative\n");
  return agree ? 0 : 1;
}
