// The canvas: the grid (drawn by GridRenderer), mouse input (paint, move start/goal, pan, zoom)
// and the ImDrawList overlays for visible cells (overlay_draw.hpp: collision shapes and edge
// overrides at their layers' opacities, cameFrom arrows, g/h/f, path, expansion order, heuristic
// check marks, markers), each as View > Overlays says.
#pragma once

#include <optional>

#include <imgui.h>

#include "astar/grid.hpp"
#include "canvas/grid_renderer.hpp"
#include "overlays/draw_basics.hpp"
#include "state/grid_geometry.hpp"
#include "state/palette.hpp"
#include "state/studio.hpp"
#include "canvas/tools.hpp"

namespace studio {

// Fits the level's picture (square cells or hexagons: grid_geometry.hpp) into the view's canvas,
// centred (or applies a pending --zoom/--focus).
void fit_view(View& view, const GridGeometry& geometry);
// The same for a square level of that size.
void fit_view(View& view, int level_w, int level_h);

class Viewport {
 public:
  // Fills the remaining content region of the current window with the canvas.
  void Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts, ImVec2 size);
  // The cell under the mouse in the last frame, while it is still inside `level` (an open, a
  // drop or a resize since may have made the level smaller).
  std::optional<astar::Cell> hovered_cell(const astar::Level& level) const {
    return hovered_ && level.in_bounds(*hovered_) ? hovered_ : std::nullopt;
  }
  // The mouse in level units (grid_geometry.hpp: on squares cell (x, y) spans [x, x + 1) x
  // [y, y + 1); GridGeometry::cell_at gives the cell, square or hexagon).
  static ImVec2 level_pos(const View& view, ImVec2 screen);

 private:
  enum class Drag { None, Paint, Start, Goal };
  void handle_input(Studio& studio, bool hovered, bool active);
  void draw_overlays(const Studio& studio, const Fonts& fonts, ImDrawList* dl) const;
  // The cell under a screen point: the square or hexagon holding it (GridGeometry::pick).
  static astar::Cell cell_at(const View& view, const astar::Level& level, ImVec2 screen);

  Drag drag_ = Drag::None;
  void finish_drag(Studio& studio, ImVec2 pos);
  ToolInput tools_;
  ImVec2 last_pos_{};
  astar::Cell last_cell_{};
  std::optional<astar::Cell> hovered_;
};

}  // namespace studio
