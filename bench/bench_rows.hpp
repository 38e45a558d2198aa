// Shared by the benchmarks: a clock, the median of some figures, and the
// "name<TAB>value<TAB>unit" row some of them print.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace astar::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// The middle value (the upper one of an even count); 0 for none.
inline double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// One figure, flushed at once so a long benchmark shows its progress.
inline void row(const char* name, double value, const char* unit) {
  std::printf("%s\t%.3f\t%s\n", name, value, unit);
  std::fflush(stdout);
}

}  // namespace astar::bench
