#include "dialogs/animation_export.hpp"

#include "platform/gl.hpp"
#include "platform/platform.hpp"
#include "canvas/screenshot.hpp"
#include "state/grid_geometry.hpp"
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace studio {

astar::Status AnimationExport::start(Studio& studio, const AnimationSettings& s) {
  SearchSession& session = studio.session();
  if (active_) return astar::Error{"an animation is being exported already"};
  if (s.frames < 2 || s.frames > 1000) return astar::Error{"frames: must be 2..1000"};
  if (s.delay_ms < 10 || s.delay_ms > 10000) return astar::Error{"delay: must be 10..10000 ms"};
  if (s.shrink < 1 || s.shrink > 8) return astar::Error{"shrink: must be 1..8"};
  if (s.from < 0 || (s.to >= 0 && s.to < s.from))
    return astar::Error{"iterations: 'from' must be >= 0 and not after 'to'"};
  if (session.search().state() == astar::SearchState::Invalid)
    return astar::Error{"the search cannot run: " + session.search().message()};
  restore_ = session.search().iterations();
  // Where the search ends (it runs there unless it has been there already), to keep the range
  // within it.
  std::int64_t end = session.furthest_iteration();
  if (!astar::finished(session.search().state()) && (s.to < 0 || s.to > end)) {
    const astar::Breakpoints kept = std::exchange(session.breakpoints(), {});  // the true end
    session.run_to_end();
    session.breakpoints() = kept;
    end = session.search().iterations();
    session.seek(restore_);
  } else if (astar::finished(session.search().state())) {
    end = session.search().iterations();
  }
  const std::int64_t to = s.to < 0 ? end : std::min(s.to, end);
  if (s.from > to)
    return astar::Error{"iterations: 'from' is after the end of the search (iteration " +
                        std::to_string(end) + ")"};
  // Evenly spaced iterations from..to, each once.
  plan_.clear();
  const std::int64_t span = to - s.from;
  const int n = static_cast<int>(std::min<std::int64_t>(s.frames, span + 1));
  for (int k = 0; k < n; ++k) {
    const std::int64_t it =
        n == 1 ? s.from : s.from + static_cast<std::int64_t>(std::llround(double(k) * span / (n - 1)));
    if (plan_.empty() || plan_.back() != it) plan_.push_back(it);
  }
  settings_ = s;
  next_ = 0;
  gif_.reset();
  active_ = true;
  return astar::Ok{};
}

void AnimationExport::before_frame(Studio& studio) {
  if (!active_ || next_ >= plan_.size()) return;
  studio.playing = false;
  studio.session().seek(plan_[next_]);
  studio.status = "Exporting " + settings_.path + ": frame " + std::to_string(next_ + 1) + " of " +
                  std::to_string(plan_.size());
}

std::optional<astar::Status> AnimationExport::after_render(Studio& studio, float scale_x,
                                                           float scale_y, int fb_h) {
  if (!active_) return std::nullopt;
  // The level's rectangle with a small margin, within the canvas.
  const View& v = studio.view;
  const float margin = 6.0f;
  const float lx = v.canvas_x + v.offset_x - margin, ly = v.canvas_y + v.offset_y - margin;
  const GridGeometry geometry(studio.level());  // the picture's size: squares' or hexagons'
  const float lw = static_cast<float>(geometry.extent_x()) * v.cell_px + 2 * margin;
  const float lh = static_cast<float>(geometry.extent_y()) * v.cell_px + 2 * margin;
  const float x0 = std::max(v.canvas_x, lx), y0 = std::max(v.canvas_y, ly);
  const float x1 = std::min(v.canvas_x + v.canvas_w, lx + lw);
  const float y1 = std::min(v.canvas_y + v.canvas_h, ly + lh);
  const int x = static_cast<int>(std::lround(x0 * scale_x));
  const int y = static_cast<int>(std::lround(y0 * scale_y));
  int w = static_cast<int>((x1 - x0) * scale_x), h = static_cast<int>((y1 - y0) * scale_y);
  if (gif_) w = width_ * settings_.shrink, h = height_ * settings_.shrink;  // every frame alike
  auto finish = [&](astar::Status st) -> std::optional<astar::Status> {
    active_ = false;
    gif_.reset();  // an unfinished file is removed
    studio.session().seek(restore_);
    return st;
  };
  if (w <= 0 || h <= 0) return finish(astar::Error{"the canvas has no pixels"});

  std::vector<std::uint8_t> frame = shrink_rgb(read_pixels_rgb(x, fb_h - y - h, w, h), w, h, settings_.shrink);

  if (!gif_) {
    width_ = w / settings_.shrink;
    height_ = h / settings_.shrink;
    auto opened = GifWriter::open(settings_.path, width_, height_, std::max(1, settings_.delay_ms / 10));
    if (!opened) return finish(astar::Error{opened.error()});
    gif_ = std::move(opened.value());
  }
  if (auto added = gif_->add_frame(frame); !added) return finish(added);
  if (++next_ < plan_.size()) return std::nullopt;
  const int frames = gif_->frames();
  if (auto closed = gif_->close(); !closed) return finish(closed);
  finish(astar::Ok{});
  studio.status = "Animation saved: " + settings_.path + " (" + std::to_string(frames) + " frames, " +
                  std::to_string(width_) + "x" + std::to_string(height_) + ")";
  platform::file_written(settings_.path);
  return astar::Status{astar::Ok{}};
}

std::optional<AnimationSettings> AnimationDialog::Draw(const Studio& studio) {
  if (open) {
    ImGui::OpenPopup("Export animation");
    open = false;
  }
  std::optional<AnimationSettings> chosen;
  ImGui::SetNextWindowSize(ImVec2(420, 0), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Export animation", nullptr, ImGuiWindowFlags_AlwaysAutoResize))
    return chosen;
  AnimationSettings& s = settings;
  ImGui::InputText("File", &s.path);
  const std::int64_t zero = 0;
  ImGui::InputScalar("From iteration", ImGuiDataType_S64, &s.from);
  s.from = std::max(zero, s.from);
  bool to_end = s.to < 0;
  if (ImGui::Checkbox("To the end of the search", &to_end))
    s.to = to_end ? -1 : std::max(s.from, studio.session().furthest_iteration());
  if (!to_end) {
    ImGui::InputScalar("To iteration", ImGuiDataType_S64, &s.to);
    s.to = std::max(s.from, s.to);
  }
  ImGui::SliderInt("Frames", &s.frames, 2, 300);
  ImGui::SliderInt("Delay (ms)", &s.delay_ms, 20, 1000);
  ImGui::SliderInt("Shrink", &s.shrink, 1, 4, "1/%d size");
  ImGui::TextDisabled("The canvas as shown, one frame per chosen iteration, looping.");
  if (ImGui::Button("Export", ImVec2(120, 0))) {
    chosen = s;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  // ImGui 1.86 reads keys by the backend's index (GLFW's): GetKeyIndex maps ImGuiKey_Escape.
  const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (ImGui::Button("Cancel", ImVec2(120, 0)) || escape) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return chosen;
}

}  // namespace studio
