#include "ui/frame_pacing.hpp"

namespace studio {

double FramePacing::idle_wait(double now, bool busy) {
  if (!started_ || busy) last_activity_ = now;
  started_ = true;
  return now - last_activity_ > kIdleAfter ? kIdleFrame : 0.0;
}

}  // namespace studio
