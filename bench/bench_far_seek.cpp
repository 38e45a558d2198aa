// Far seeks alone (issue 35): bench_big_level's SIDE² level (obstacles at 0.15, noise costs and
// heights, seed 1), made in memory (no save or load), Dijkstra to the end with rewind recording,
// then ROUNDS seeks from the end to the middle and back, each timed: the quick driver for
// working on the seeks, whose figures go in docs/benchmarks.md's "Far seeks".
//   build/bench/bench_far_seek [SIDE] [ROUNDS]   (default 4096 and 3)
// Prints one "name<TAB>value<TAB>unit" row per figure.
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>

#include "astar/generate.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "bench_rows.hpp"
#include "big_level.hpp"

using namespace astar;
using namespace astar::bench;

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 4096;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  auto made = make_big_level(side);
  if (!made) {
    std::fprintf(stderr, "%s\n", made.error().c_str());
    return 1;
  }
  Level level = std::move(made).value();

  auto s = make_search(level, SearchOptions{.algorithm = Algorithm::Dijkstra});
  s->set_recording(true);
  auto t0 = Clock::now();
  s->run();
  row("Dijkstra to the end, recording rewind", seconds_since(t0), "s");
  const std::int64_t end = s->iterations();
  row("iterations", static_cast<double>(end), "iterations");
  for (int k = 0; k < rounds; ++k) {
    t0 = Clock::now();
    s->seek(end / 2);
    row("seek from the end to the middle", ms_since(t0), "ms");
    t0 = Clock::now();
    s->seek(end);
    row("seek from the middle to the end", ms_since(t0), "ms");
  }
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  row("peak memory of the process", static_cast<double>(u.ru_maxrss) / 1024.0, "MiB");
  return 0;
}
