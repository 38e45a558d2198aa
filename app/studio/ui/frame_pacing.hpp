// How long a person's desktop studio may wait for input before drawing its next frame (the
// page's frames are the browser's animation frames, paced by the browser).
//
// While something on screen moves by itself (a search or a walk playing, a trace followed, an
// animation exported, Compare playing), or within a second of the last input (a key or button
// held, the pointer or the wheel moved, a field being edited), frames come as fast as the
// screen takes them. After that an idle studio draws ten frames a second (its clocks, such as
// the autosave's, go on), and any input wakes it at once. Under a virtual display (Xvfb, as the
// e2e tests run it), where swapping buffers waits for no screen, an idle studio otherwise kept
// both of a 2-core machine's cores busy redrawing the same picture with Mesa's CPU renderer.
//
//   FramePacing pacing;
//   ...after each frame (`busy`: something moves, or ImGui saw input in that frame):
//   glfwWaitEventsTimeout(pacing.idle_wait(glfwGetTime(), busy));  // when it is above 0
// Plain arithmetic, no ImGui or GLFW: tests/studio_units/test_frame_pacing.cpp.
#pragma once

namespace studio {

class FramePacing {
 public:
  static constexpr double kIdleAfter = 1.0;   // seconds without input or motion
  static constexpr double kIdleFrame = 0.1;   // seconds between an idle studio's frames

  // After a frame at time `now` (seconds): the seconds the loop may wait for input before the
  // next one, 0 to draw it at once. `busy`: something on screen moves by itself, or the frame
  // saw input. The first frame counts as busy.
  double idle_wait(double now, bool busy);

 private:
  double last_activity_ = 0.0;
  bool started_ = false;
};

}  // namespace studio
