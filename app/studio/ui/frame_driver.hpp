// What drives the main loop's frames: a person (Interactive), or one of the studio's capture
// modes, each ending the loop itself: --screenshot (Screenshot), --gif (Gif) and --bench-frames
// (Bench). The loop is the same for all; a driver says what happens before the UI is built,
// after the frame is rendered and after it is shown:
//
//   auto driver = make_frame_driver(options);
//   while (true) {
//     driver->frame_start(now);  ...  driver->before_ui(frame);  ...build, render...
//     if (auto code = driver->after_render(frame)) return *code;  ...swap...
//     if (auto code = driver->after_swap(frame, now)) return *code;
//   }
#pragma once

#include <memory>
#include <optional>

#include "dialogs/animation_export.hpp"
#include "canvas/grid_renderer.hpp"
#include "files/options.hpp"
#include "ui/ui.hpp"
#include "state/studio.hpp"

namespace studio {

// What a driver may read and change in one frame.
struct Frame {
  Studio& studio;
  Ui& ui;
  const GridRenderer& renderer;
  AnimationExport& animation;  // File > Export animation, and --gif
  double dt = 0.0;             // seconds since the last frame
  int fb_w = 0, fb_h = 0;      // the framebuffer, once rendered
  float scale_x = 1.0f, scale_y = 1.0f;  // ImGui coordinates to framebuffer pixels
};

class FrameDriver {
 public:
  virtual ~FrameDriver() = default;
  // False for captures: the mouse is parked off the window (no hover effects) and closing the
  // window never asks about unsaved changes.
  virtual bool interactive() const { return true; }
  virtual bool vsync() const { return true; }
  // Starts what the mode needs before the first frame (the GIF export); an error ends the run.
  virtual astar::Status start(Studio& /*studio*/, AnimationExport& /*animation*/) { return astar::Ok{}; }
  virtual void frame_start(double /*now*/) {}
  // Before the UI is built: the search moves on (playing, the animation's next frame, ...).
  virtual void before_ui(Frame& f);
  // After rendering, before the frame is shown; a value ends the loop with that exit code.
  virtual std::optional<int> after_render(Frame& f);
  virtual std::optional<int> after_swap(Frame& /*f*/, double /*now*/) { return std::nullopt; }
};

std::unique_ptr<FrameDriver> make_frame_driver(const Options& options);

// F12 and Ctrl+T (MainRequests): the window to astar-studio-N.png with its sidecar, the trace to
// astar-trace-N.json, in the working folder.
void do_main_requests(Frame& f);

}  // namespace studio
