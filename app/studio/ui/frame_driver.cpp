#include "ui/frame_driver.hpp"

#include "platform/gl.hpp"

#include <cstdio>
#include <filesystem>
#include <string>

#include "ui/frame_bench.hpp"
#include "platform/platform.hpp"
#include "canvas/screenshot.hpp"

namespace studio {

namespace {

// astar-studio-1.png, -2, ... in the current folder, never overwriting a file.
std::string next_free_name(const std::string& stem, const std::string& ext) {
  for (int i = 1;; ++i) {
    const std::string name = stem + std::to_string(i) + ext;
    std::error_code ec;
    if (!std::filesystem::exists(name, ec)) return name;
  }
}

// The window as a PNG with its sidecar (the state it shows, and the Compare panes'), as both
// --screenshot and F12 write it (tests read it).
astar::Status write_window(const Frame& f, const std::string& file) {
  auto written = write_screenshot(file, f.fb_w, f.fb_h);
  if (written)
    written = write_sidecar(file, f.studio, f.fb_w, f.fb_h, f.scale_x, f.scale_y,
                            f.ui.compare.sidecar_json(f.scale_x, f.scale_y));
  return written;
}

// --screenshot FILE: render --frames frames (taking --play-steps iterations each, as playing
// does), write the window and exit.
class ScreenshotDriver final : public FrameDriver {
 public:
  explicit ScreenshotDriver(const Options& o) : path_(o.screenshot), frames_(o.frames), play_steps_(o.play_steps) {}
  bool interactive() const override { return false; }
  void before_ui(Frame& f) override {
    if (play_steps_ > 0) f.studio.session().step(play_steps_);
  }
  std::optional<int> after_render(Frame& f) override {
    if (++frame_ < frames_) return std::nullopt;
    if (auto written = write_window(f, path_); !written) {
      std::fprintf(stderr, "astar-studio: %s\n", written.error().c_str());
      return 1;
    }
    if (!f.renderer.ready()) {
      std::fprintf(stderr, "astar-studio: screenshot written without the grid: %s\n",
                   f.renderer.error().c_str());
      return 1;
    }
    return 0;
  }

 private:
  std::string path_;
  int frames_ = 0, frame_ = 0;
  std::int64_t play_steps_ = 0;
};

// --gif FILE: export the run, one frame per main-loop frame, then exit.
class GifDriver final : public FrameDriver {
 public:
  explicit GifDriver(const Options& o) {
    settings_.path = o.gif;
    settings_.from = o.gif_from;
    settings_.to = o.gif_to;
    settings_.frames = o.gif_frames;
    settings_.delay_ms = o.gif_delay_ms;
    settings_.shrink = o.gif_shrink;
  }
  bool interactive() const override { return false; }
  astar::Status start(Studio& studio, AnimationExport& animation) override {
    if (auto started = animation.start(studio, settings_); !started)
      return astar::Error{"--gif: " + started.error()};
    return astar::Ok{};
  }
  std::optional<int> after_render(Frame& f) override {
    const auto exported = f.animation.after_render(f.studio, f.scale_x, f.scale_y, f.fb_h);
    if (!exported) return std::nullopt;
    if (!*exported) {
      std::fprintf(stderr, "astar-studio: %s\n", exported->error().c_str());
      return 1;
    }
    std::printf("%s\n", f.studio.status.c_str());
    return 0;
  }

 private:
  AnimationSettings settings_;
};

// --bench-frames N: frames without vsync, timed until the GPU (llvmpipe: the CPU) has drawn
// them; --bench-pan pans back and forth, --bench-play plays the search.
class BenchDriver final : public FrameDriver {
 public:
  explicit BenchDriver(const Options& o) : bench_(o.bench_frames), pan_(o.bench_pan), play_(o.bench_play) {}
  bool interactive() const override { return false; }
  bool vsync() const override { return false; }
  astar::Status start(Studio& studio, AnimationExport&) override {
    if (play_ > 0) {
      studio.speed = static_cast<float>(play_);
      studio.playing = true;
    }
    return astar::Ok{};
  }
  void frame_start(double now) override { bench_.frame_start(now); }
  void before_ui(Frame& f) override {
    if (pan_ && !f.studio.view.fit_pending) {  // back and forth across the level, 6 px a frame
      const float dx = (frame_ / 100) % 2 == 0 ? 6.0f : -6.0f;
      f.studio.view.offset_x += dx;
      f.studio.view.offset_y += dx * 0.5f;
    }
    FrameDriver::before_ui(f);
  }
  std::optional<int> after_swap(Frame& f, double now) override {
    glFinish();
    ++frame_;
    if (!bench_.frame_end(now)) return std::nullopt;
    std::printf("%s\n", bench_.report(f.studio).c_str());
    return 0;
  }

 private:
  FrameBench bench_;
  bool pan_ = false;
  double play_ = 0.0;
  int frame_ = 0;
};

}  // namespace

void FrameDriver::before_ui(Frame& f) {
  if (f.animation.active()) f.animation.before_frame(f.studio);
  else f.studio.update(static_cast<float>(f.dt));
}

// A person at the window: File > Export animation runs frame by frame; F12 and Ctrl+T.
std::optional<int> FrameDriver::after_render(Frame& f) {
  if (const auto exported = f.animation.after_render(f.studio, f.scale_x, f.scale_y, f.fb_h))
    if (!*exported) f.studio.status = "Animation not saved: " + exported->error();
  if (auto request = f.ui.take_animation_request())
    if (auto started = f.animation.start(f.studio, *request); !started)
      f.studio.status = "Animation not started: " + started.error();
  do_main_requests(f);
  return std::nullopt;
}

void do_main_requests(Frame& f) {
  for (const MainRequest request : f.studio.requests.take()) {
    switch (request) {
      case MainRequest::ExportTrace:
        (void)f.studio.export_trace(next_free_name("astar-trace-", ".json"));
        break;
      case MainRequest::Screenshot: {
        const std::string file = next_free_name("astar-studio-", ".png");
        const auto written = write_window(f, file);
        f.studio.status = written ? "Screenshot saved: " + file : written.error();
        if (written) platform::file_written(file);
        break;
      }
    }
  }
}

std::unique_ptr<FrameDriver> make_frame_driver(const Options& options) {
  if (!options.screenshot.empty()) return std::make_unique<ScreenshotDriver>(options);
  if (!options.gif.empty()) return std::make_unique<GifDriver>(options);
  if (options.bench_frames > 0) return std::make_unique<BenchDriver>(options);
  return std::make_unique<FrameDriver>();
}

}  // namespace studio
