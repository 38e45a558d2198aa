// The canvas: the grid (drawn by GridRenderer), mouse input (paint, move start/goal, pan, zoom)
// and the ImDrawList overlays for visible cells (overlay_draw.hpp: collision shapes and edge
// overrides at their layers' opacities, cameFrom arrows, g/h/f, path, expansion order, heuristic
// check marks, markers), each as View > Overlays says.
#pragma once

#include <optional>

#include <imgui.h>

#include "astar/grid.hpp"
#include "grid_renderer.hpp"
#include "palette.hpp"
#include "studio.hpp"
#include "tools.hpp"

namespace studio {

// Fonts for cell labels (loaded by main; any may be the default font).
struct Fonts {
  ImFont* ui = nullptr;
  ImFont* small = nullptr;  // g and h in the cell corners
  ImFont* large = nullptr;  // f in the cell centre, S/G markers
  ImFont* mono = nullptr;   // pseudo-code
};

// Zoom thresholds (cell size in pixels).
inline constexpr float kArrowMinPx = 12.0f;  // cameFrom arrows from here
inline constexpr float kTextMinPx = 48.0f;   // g, h, f from here
inline constexpr float kOrderMinPx = 22.0f;  // expansion order numbers from here
inline constexpr float kMaxCellPx = 256.0f;

// Fits the level into the view's canvas, centred (or applies a pending --zoom/--focus).
void fit_view(View& view, int level_w, int level_h);

// The start or goal marker: a disc in `rgb` centred at `m` with a white rim, and its letter
// when the disc is large enough (`px` is the cell size).
void draw_endpoint_marker(ImDrawList* dl, const Fonts& fonts, ImVec2 m, float px, palette::Rgb rgb,
                          const char* label);
// An RGB colour with an opacity (0..1) as ImGui's packed colour.
ImU32 color(palette::Rgb c, float alpha = 1.0f);

class Viewport {
 public:
  // Fills the remaining content region of the current window with the canvas.
  void Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts, ImVec2 size);
  // The cell under the mouse in the last frame, while it is still inside `level` (an open, a
  // drop or a resize since may have made the level smaller).
  std::optional<astar::Cell> hovered_cell(const astar::Level& level) const {
    return hovered_ && level.in_bounds(*hovered_) ? hovered_ : std::nullopt;
  }
  // The mouse in cell units (cell (x, y) spans [x, x + 1) x [y, y + 1)).
  static ImVec2 level_pos(const View& view, ImVec2 screen);

 private:
  enum class Drag { None, Paint, Start, Goal };
  void handle_input(Studio& studio, bool hovered, bool active);
  void draw_overlays(const Studio& studio, const Fonts& fonts, ImDrawList* dl) const;
  astar::Cell cell_at(const View& view, ImVec2 screen) const;

  Drag drag_ = Drag::None;
  void finish_drag(Studio& studio, ImVec2 pos);
  ToolInput tools_;
  ImVec2 last_pos_{};
  astar::Cell last_cell_{};
  std::optional<astar::Cell> hovered_;
};

}  // namespace studio
