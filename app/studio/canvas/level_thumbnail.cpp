#include "canvas/level_thumbnail.hpp"

#include <algorithm>

#include <imgui.h>

#include "overlays/cell_shapes.hpp"
#include "state/grid_geometry.hpp"

namespace studio {

void LevelThumbnail::set(const astar::Level& level) {
  level_w_ = level.width();
  level_h_ = level.height();
  const int side = std::max(level_w_, level_h_);
  const int step = side > kMaxSide ? (side + kMaxSide - 1) / kMaxSide : 1;
  w_ = (level_w_ + step - 1) / step;
  h_ = (level_h_ + step - 1) / step;
  hex_ = step == 1 ? level.hex_layout() : std::nullopt;
  const astar::LevelColours colours(level);
  px_.assign(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_), {});
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x) {
      const astar::Cell c{x * step, y * step};
      astar::Rgb8 colour = colours.cell(c);
      // Start and goal stay visible however much the level is shrunk.
      auto near = [&](astar::Cell e) { return e.x / step == x && e.y / step == y; };
      if (near(level.start())) colour = astar::kImageStart;
      else if (near(level.goal())) colour = astar::kImageGoal;
      px_[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x)] = colour;
    }
}

void LevelThumbnail::Draw(float max_w, float max_h) const {
  if (empty()) {
    ImGui::Dummy(ImVec2(max_w, max_h));
    return;
  }
  if (hex_) return draw_hexagons(max_w, max_h);
  const float s = std::min(max_w / static_cast<float>(w_), max_h / static_cast<float>(h_));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 size(s * static_cast<float>(w_), s * static_cast<float>(h_));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int y = 0; y < h_; ++y) {
    int x0 = 0;
    const astar::Rgb8* row = px_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w_);
    for (int x = 1; x <= w_; ++x) {
      if (x < w_ && row[x] == row[x0]) continue;
      const astar::Rgb8 c = row[x0];
      dl->AddRectFilled(ImVec2(p.x + s * static_cast<float>(x0), p.y + s * static_cast<float>(y)),
                        ImVec2(p.x + s * static_cast<float>(x), p.y + s * static_cast<float>(y + 1)),
                        IM_COL32(c.r, c.g, c.b, 255));
      x0 = x;
    }
  }
  dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + size.x + 1, p.y + size.y + 1),
              IM_COL32(120, 120, 130, 255));
  ImGui::Dummy(size);
}

void LevelThumbnail::draw_hexagons(float max_w, float max_h) const {
  const GridGeometry g(w_, h_, hex_);
  const float s = std::min(max_w / static_cast<float>(g.extent_x()), max_h / static_cast<float>(g.extent_y()));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 size(s * static_cast<float>(g.extent_x()), s * static_cast<float>(g.extent_y()));
  const ScreenMap map{p.x, p.y, s};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int y = 0; y < h_; ++y)
    for (int x = 0; x < w_; ++x) {
      const astar::Rgb8 c = px_[static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) + static_cast<std::size_t>(x)];
      fill_cell(dl, map, g, {x, y}, IM_COL32(c.r, c.g, c.b, 255));
    }
  dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + size.x + 1, p.y + size.y + 1),
              IM_COL32(120, 120, 130, 255));
  ImGui::Dummy(size);
}

}  // namespace studio
