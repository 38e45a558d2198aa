#include "ui/frame_pacing.hpp"

#include <imgui.h>

namespace studio {

namespace {

// What the person is doing in this frame, as ImGui saw it.
bool input_this_frame() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)
    return true;
  for (const bool down : io.MouseDown)
    if (down) return true;
  for (const bool down : io.KeysDown)
    if (down) return true;
  // A field being edited (its cursor blinks), a slider or a button held.
  return io.WantTextInput || ImGui::IsAnyItemActive();
}

}  // namespace

double FramePacing::idle_wait(double now, bool moving) {
  if (!started_ || moving || input_this_frame()) last_activity_ = now;
  started_ = true;
  return now - last_activity_ > kIdleAfter ? kIdleFrame : 0.0;
}

}  // namespace studio
