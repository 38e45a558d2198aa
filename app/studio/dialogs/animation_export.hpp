// Exports a run as an animated GIF for slides: the canvas at evenly spaced iterations between
// two, one frame per main-loop frame (each is rendered exactly as the studio shows it), then the
// search goes back where it was. Started from File > Export animation or --gif.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/result.hpp"
#include "canvas/gif_writer.hpp"
#include "state/studio.hpp"

namespace studio {

struct AnimationSettings {
  std::string path = "astar-run.gif";
  std::int64_t from = 0;
  std::int64_t to = -1;  // -1: where the search ends
  int frames = 40;       // 2..1000; fewer when the range has fewer iterations
  int delay_ms = 100;    // per frame, 10..10000 (GIF counts hundredths of a second)
  int shrink = 1;        // 1..8: the canvas reduced by this factor in each direction
};

// File > Export animation: the settings, then Export.
struct AnimationDialog {
  bool open = false;
  AnimationSettings settings;
  // The settings when the user pressed Export this frame.
  std::optional<AnimationSettings> Draw(const Studio& studio);
};

class AnimationExport {
 public:
  // Plans the frames; runs the search to its end first when settings.to is -1.
  astar::Status start(Studio& studio, const AnimationSettings& settings);
  bool active() const { return active_; }
  // Before building the frame: shows the next frame's iteration.
  void before_frame(Studio& studio);
  // After rendering: captures the canvas (ImGui coordinates times the framebuffer scale) into
  // the GIF. Once the last frame is in, closes the file, puts the search back and returns the
  // outcome (with a message for the status line).
  std::optional<astar::Status> after_render(Studio& studio, float scale_x, float scale_y,
                                            int fb_h);
  // The iterations the frames show (for tests and the status line).
  const std::vector<std::int64_t>& plan() const { return plan_; }
  std::size_t done() const { return next_; }

 private:
  AnimationSettings settings_;
  std::vector<std::int64_t> plan_;
  std::size_t next_ = 0;
  bool active_ = false;
  std::int64_t restore_ = 0;
  int width_ = 0, height_ = 0;
  std::unique_ptr<GifWriter> gif_;
};

}  // namespace studio
