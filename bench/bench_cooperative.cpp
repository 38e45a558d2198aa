// Cooperative planners on MovingAI maps (issue 32): CA* and WHCA* planning the first K queries
// of a scenario as K units, the multi-agent benchmark's reading, under its rules (4 neighbours,
// every move and wait costing 1).
//   build/bench/bench_cooperative ../shared/movingai/random512-10-0.map.scen [--agents 100,400]
//                                 [--window W] [--reps R]
// One tab-separated row per scenario, agent count and planner: the milliseconds of a whole plan
// (median of R runs, default 3), the nodes the space-time searches took, units arrived, sum of
// costs, makespan, conflicts (find_conflicts: must be 0 for the units that arrive, or the exit
// code is 1), failures, and the process's peak resident memory so far in MB.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "astar/cooperative.hpp"
#include "astar/movingai.hpp"
#include "astar/unit_plans.hpp"

using namespace astar;

namespace {

using Clock = std::chrono::steady_clock;

double peak_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

std::vector<std::size_t> read_counts(const std::string& text) {
  std::vector<std::size_t> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t comma = text.find(',', at);
    out.push_back(std::strtoul(text.substr(at, comma - at).c_str(), nullptr, 10));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

// One row; false when plans of units that arrived meet.
bool bench_one(const std::string& scen, const Level& map, std::size_t agents,
               CooperativeOptions o, int reps) {
  Level lv = map;
  if (Status s = add_movingai_units(lv, scen, agents); !s) {
    std::fprintf(stderr, "%s\n", s.error().c_str());
    return false;
  }
  std::vector<double> ms;
  CooperativeResult last;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = Clock::now();
    auto res = plan_cooperative(lv, mapf_rules(), o);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (!res) {
      std::fprintf(stderr, "%s: %s\n", scen.c_str(), res.error().c_str());
      return false;
    }
    last = std::move(res.value());
  }
  std::sort(ms.begin(), ms.end());
  std::vector<Cell> goals;
  for (const Unit& u : lv.units) goals.push_back(u.goal);
  const PlanStats s = plan_stats(last.plans, goals);
  std::size_t meet = 0;
  for (const Conflict& c : find_conflicts(last.plans))
    meet += s.costs[c.a] && s.costs[c.b] ? 1 : 0;
  const std::string name = std::string(to_string(o.algorithm)) +
                           (o.algorithm == CooperativeAlgorithm::WhcaStar ? " w=" + std::to_string(o.window) : "");
  std::printf("%s\t%zu\t%s\t%.1f\t%lld\t%zu\t%zu\t%zu\t%zu\t%zu\t%.0f\n", scen.c_str(), agents,
              name.c_str(), ms[ms.size() / 2], static_cast<long long>(last.iterations), s.arrived,
              s.sum_of_costs, s.makespan, meet, last.failures.size(), peak_mb());
  std::fflush(stdout);
  return meet == 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  std::vector<std::size_t> counts{100, 400};
  std::uint32_t window = 16;
  int reps = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--agents" && i + 1 < argc) counts = read_counts(argv[++i]);
    else if (a == "--window" && i + 1 < argc) window = static_cast<std::uint32_t>(std::atoi(argv[++i]));
    else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_cooperative SCEN... [--agents 100,400] [--window W] [--reps R]\n");
    return 2;
  }
  std::printf("scenario\tagents\tplanner\tms\tnodes\tarrived\tsum_of_costs\tmakespan\tconflicts\tfailures\tpeak_MB\n");
  bool ok = true;
  for (const std::string& scen : files) {
    auto map = load_movingai_map(scen.substr(0, scen.size() - 5));  // "X.map.scen" -> "X.map"
    if (!map) {
      std::fprintf(stderr, "%s\n", map.error().c_str());
      return 2;
    }
    for (std::size_t k : counts) {
      ok = bench_one(scen, map.value(), k, {.algorithm = CooperativeAlgorithm::CaStar}, reps) && ok;
      ok = bench_one(scen, map.value(), k, {.algorithm = CooperativeAlgorithm::WhcaStar, .window = window}, reps) && ok;
    }
  }
  return ok ? 0 : 1;
}
