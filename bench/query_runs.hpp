// Shared by the benchmarks that time searches over MovingAI queries (bench_movingai, bench_bgl):
// one pass over a file's queries with one search object, restarted per query, no listener (what
// `astar bench` runs), and the fastest of several passes (this machine is shared).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "astar/movingai.hpp"
#include "astar/search.hpp"

namespace astar::bench {

// One pass: its time, its expansions and each query's path cost (+inf: no path).
struct QueryRun {
  std::int64_t expanded = 0;
  double seconds = 0;
  std::vector<double> costs;
  double ns_per_expansion() const { return 1e9 * seconds / static_cast<double>(expanded); }
  double per_second() const { return static_cast<double>(costs.size()) / seconds; }
  // FNV-1a over every cost's bits, in query order: two builds (native and WebAssembly, say)
  // found exactly the same costs when their digests are equal.
  std::uint64_t cost_digest() const {
    std::uint64_t h = 14695981039346656037ull;
    for (const double c : costs) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &c, sizeof bits);  // (Emscripten 3.1.6's libc++ has no std::bit_cast)
      for (int byte = 0; byte < 8; ++byte) h = (h ^ ((bits >> (8 * byte)) & 0xffu)) * 1099511628211ull;
    }
    return h;
  }
};

// The fastest of `reps` passes (at least one).
template <class Pass>
QueryRun best_of(int reps, Pass&& pass) {
  QueryRun best = pass();
  for (int r = 1; r < reps; ++r) {
    QueryRun again = pass();
    if (again.seconds < best.seconds) best = std::move(again);
  }
  return best;
}

// `search` (made on `lv`) over the queries, the fastest of `reps` passes; each pass is timed
// whole.
inline QueryRun run_queries(Search& search, Level& lv, const std::vector<ScenarioQuery>& queries,
                            int reps) {
  return best_of(reps, [&] {
    QueryRun run;
    const auto t0 = std::chrono::steady_clock::now();
    for (const ScenarioQuery& q : queries) {
      lv.set_start(q.start);
      lv.set_goal(q.goal);
      search.restart();
      search.run();
      run.expanded += search.iterations();
      run.costs.push_back(search.path_cost());
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return run;
  });
}

}  // namespace astar::bench
