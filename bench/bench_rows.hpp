// Shared by the benchmarks that print "name<TAB>value<TAB>unit" rows: a clock and the row.
#pragma once

#include <chrono>
#include <cstdio>

namespace astar::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One figure, flushed at once so a long benchmark shows its progress.
inline void row(const char* name, double value, const char* unit) {
  std::printf("%s\t%.3f\t%s\n", name, value, unit);
  std::fflush(stdout);
}

}  // namespace astar::bench
