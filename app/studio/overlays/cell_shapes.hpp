// A cell's shape on the canvas, square or hexagon as the level's topology says
// (state/grid_geometry.hpp): filled, outlined (inset towards its centre), and the outline of a
// block of cells (the tools' rectangle, selection and brush previews, the level's border). Every
// drawing over the grid that marks whole cells goes through these, so it fits the grid.
// (cell_shapes.cpp also defines OverlayContext's label boxes and steps: overlay_draw.hpp.)
//
//   const ScreenMap map = screen_map(studio.view);
//   const GridGeometry geometry(studio.level());
//   fill_cell(dl, map, geometry, c, color(pal.backward, 0.3f));
//   outline_cell(dl, map, geometry, c, ink, 2.0f, /*inset=*/1.0f);
//   outline_cells(dl, map, geometry, {x0, y0, x1, y1}, ink, 2.0f);  // the block's border only
#pragma once

#include <imgui.h>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "state/grid_geometry.hpp"
#include "state/ui_state.hpp"

namespace studio {

// The view's mapping from level units to ImGui screen coordinates.
inline ScreenMap screen_map(const View& v) {
  return {v.canvas_x + v.offset_x, v.canvas_y + v.offset_y, v.cell_px};
}
inline ImVec2 to_imvec(LevelPoint p) { return {static_cast<float>(p.x), static_cast<float>(p.y)}; }
inline ImVec2 on_screen(const ScreenMap& map, LevelPoint p) { return to_imvec(map.to_screen(p)); }

// The cell's corners on screen (corner_count() of them, clockwise), moved `inset` pixels in
// from its sides (0: the cell's own outline).
int cell_corners(const ScreenMap& map, const GridGeometry& g, astar::Cell c, float inset, ImVec2 out[6]);
void fill_cell(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, astar::Cell c, ImU32 col,
               float inset = 0.0f);
void outline_cell(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, astar::Cell c, ImU32 col,
                  float thick, float inset = 0.0f);
// The border of the block of cells x0..x1, y0..y1 (offset rows and columns on hex levels, a
// ragged outline of hexagons): the sides between a cell in it and one outside it. Cells outside
// the level are in the block like any other.
void outline_cells(ImDrawList* dl, const ScreenMap& map, const GridGeometry& g, CellSpan block, ImU32 col,
                   float thick);
// The tools' preview of a block of cells (a brush dab, a rectangle, a selection) on `level` in
// `view`: outline_cells over a dark shadow, so it reads on any tint.
void outline_block(ImDrawList* dl, const View& view, const astar::Level& level, CellSpan block, ImU32 col,
                   float thick);

}  // namespace studio
