#include "ui/frame_bench.hpp"

#include <algorithm>
#include <cstdio>

namespace studio {

bool FrameBench::frame_end(double now) {
  if (++seen_ > kWarmUp) ms_.push_back((now - start_) * 1000.0);
  return static_cast<int>(ms_.size()) >= frames_;
}

std::string FrameBench::report(const Studio& studio) const {
  std::vector<double> v = ms_;
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v.empty() ? 0.0 : v[static_cast<std::size_t>(q * (v.size() - 1))]; };
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "frames %zu  median %.2f ms  p95 %.2f ms  max %.2f ms  level %dx%d  iteration %lld",
                v.size(), at(0.5), at(0.95), v.empty() ? 0.0 : v.back(), studio.level().width(),
                studio.level().height(), static_cast<long long>(studio.session().search().iterations()));
  return buf;
}

}  // namespace studio
