// FramePacing (app/studio/ui/frame_pacing.hpp): when an idle studio slows to ten frames a second,
// and that anything busy brings it back at once.
#include <doctest/doctest.h>

#include "ui/frame_pacing.hpp"

using studio::FramePacing;

TEST_CASE("[frame-pacing] frames follow the screen until a second passes without input or motion") {
  FramePacing pacing;
  CHECK(pacing.idle_wait(100.0, false) == 0.0);  // the first frame counts as busy
  CHECK(pacing.idle_wait(100.5, false) == 0.0);
  CHECK(pacing.idle_wait(100.0 + FramePacing::kIdleAfter, false) == 0.0);  // exactly a second: not yet
  CHECK(pacing.idle_wait(101.25, false) == FramePacing::kIdleFrame);
  CHECK(pacing.idle_wait(105.0, false) == FramePacing::kIdleFrame);
}

TEST_CASE("[frame-pacing] input or motion wakes an idle studio, for a second more") {
  FramePacing pacing;
  pacing.idle_wait(0.0, false);
  REQUIRE(pacing.idle_wait(3.0, false) == FramePacing::kIdleFrame);
  CHECK(pacing.idle_wait(3.1, true) == 0.0);    // a key, the pointer, a search playing
  CHECK(pacing.idle_wait(3.9, false) == 0.0);   // within the second after it
  CHECK(pacing.idle_wait(4.2, false) == FramePacing::kIdleFrame);
  // Busy all along (a search playing for minutes): never idle.
  for (double t = 10.0; t < 20.0; t += 0.5) CHECK(pacing.idle_wait(t, true) == 0.0);
  CHECK(pacing.idle_wait(20.5, false) == 0.0);
}
