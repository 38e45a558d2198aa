// Rewind costs: recording overhead, step back at the start and at the end of a long search,
// seek times, bytes per iteration and per event.
//   build/bench/bench_rewind [SIDE]      (default 1200: a Dijkstra search of ~1.4M iterations)
// Prints one "name<TAB>value<TAB>unit" row per figure. Figures go in docs/benchmarks.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <random>

#include "astar/detail/best_first.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "bench_rows.hpp"

using namespace astar;
using namespace astar::bench;

namespace {

// Average time of one step back over `n` steps back from the current iteration, restored after.
double step_back_ns(Search& s, int n) {
  const std::int64_t at = s.iterations();
  const auto t0 = Clock::now();
  for (int k = 0; k < n; ++k) s.step_back();
  const double ns = 1e9 * seconds_since(t0) / n;
  s.seek(at);
  return ns;
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 1200;
  Level lv(side, side);
  std::mt19937 rng(3);
  std::bernoulli_distribution wall(0.1);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) lv.set_wall({x, y}, wall(rng));
  lv.set_start({0, 0});
  lv.set_goal({side - 1, side - 1});
  lv.set_wall(lv.start(), false);
  lv.set_wall(lv.goal(), false);
  const SearchOptions dijkstra{.algorithm = Algorithm::Dijkstra};

  BestFirstSearch plain(lv, dijkstra);
  auto t0 = Clock::now();
  plain.run();
  const double plain_s = seconds_since(t0);

  BestFirstSearch rec(lv, dijkstra);
  rec.set_recording(true);
  t0 = Clock::now();
  rec.run();
  const double rec_s = seconds_since(t0);
  const auto end = rec.iterations();

  std::printf("figure\tvalue\tunit\n");
  row("level side", side, "cells");
  row("iterations", static_cast<double>(end), "");
  row("search without recording", plain_s * 1e3, "ms");
  row("search with recording", rec_s * 1e3, "ms");
  row("recording overhead", 100.0 * (rec_s / plain_s - 1.0), "%");
  row("rewind memory per iteration", double(rec.recording_bytes()) / double(end), "bytes");
  // An event is a take (one per iteration) or a relaxation (generated or improved).
  const SearchMetrics& m = rec.metrics();
  const double events = double(end + m.generated + m.improved);
  row("rewind events (takes + relaxations)", events, "");
  row("rewind memory per event", double(rec.recording_bytes()) / events, "bytes");
  row("the studio's readable log, per event (TraceEvent)", double(sizeof(TraceEvent)), "bytes");
  row("step back at the end", step_back_ns(rec, 1000), "ns");
  rec.seek(1000);
  row("step back near the start", step_back_ns(rec, 1000), "ns");
  // Seeks across the whole trace, each the best of 5 (the machine's noise only adds time).
  auto seek_ms = [&](std::int64_t from, std::int64_t to) {
    double best = 1e300;
    for (int k = 0; k < 5; ++k) {
      rec.seek(from);
      const auto t = Clock::now();
      rec.seek(to);
      best = std::min(best, seconds_since(t) * 1e3);
    }
    return best;
  };
  row("seek from the end to the middle", seek_ms(end, end / 2), "ms");
  row("seek from the middle to 0", seek_ms(end / 2, 0), "ms");
  row("seek from 0 to the end (replay)", seek_ms(0, end), "ms");
  row("seek from the end to 0", seek_ms(end, 0), "ms");
  row("seek by 100 iterations", seek_ms(end / 2, end / 2 + 100), "ms");
  rec.seek(end);
  return rec.state() == plain.state() && rec.path_cost() == plain.path_cost() ? 0 : 1;
}
