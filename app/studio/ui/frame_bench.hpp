// The studio's frame-time benchmark (--bench-frames N): times N frames after a warm-up, from
// the start of one loop iteration to the end of its drawing (glFinish), and reports the median,
// the 95th percentile and the slowest frame. No GL or ImGui here.
#pragma once

#include <string>
#include <vector>

#include "state/studio.hpp"

namespace studio {

class FrameBench {
 public:
  static constexpr int kWarmUp = 20;  // frames not counted: fonts, textures, the first fit
  explicit FrameBench(int frames) : frames_(frames) {}
  void frame_start(double now) { start_ = now; }
  // True when the last measured frame has ended.
  bool frame_end(double now);
  // "frames 300  median 7.1 ms  p95 8.0 ms  max 11.2 ms  level 1024x1024  iteration 5120".
  std::string report(const Studio& studio) const;

 private:
  int frames_;
  int seen_ = 0;
  double start_ = 0.0;
  std::vector<double> ms_;
};

}  // namespace studio
