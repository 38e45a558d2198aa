// The overlays drawn over the grid on the canvas, one function each over one const context:
// the level's outline, the backward side of bidirectional A*, collision shapes and edge
// overrides, cameFrom arrows, the path (final, partial, or so far), the smoothed path, the
// meeting cell, g/h/f and costs, the expansion order, the heuristic check's marks, a trace's
// findings, the last step and the start and goal markers. Drawing only reads the studio:
//
//   OverlayContext ctx(studio, fonts, draw_list);  // the view's mapping and the visible cells
//   ctx.draw_all();
//
// A new overlay is a member here, called from draw_all in its place (later draws on top), with
// its toggle in overlays.hpp when people can turn it off.
//
// Cells are squares or hexagons (state/grid_geometry.hpp): overlays place marks with center(),
// label_rect() and step(), and fill or outline whole cells with cell_shapes.hpp, never with
// square corners, so they sit on hexagons too.
#pragma once

#include <imgui.h>

#include "astar/algorithms.hpp"
#include "astar/grid.hpp"
#include "overlays/cell_shapes.hpp"
#include "overlays/draw_basics.hpp"
#include "state/overlays.hpp"
#include "state/palette.hpp"
#include "state/studio.hpp"

namespace studio {

struct OverlayContext {
  OverlayContext(const Studio& studio, const Fonts& fonts, ImDrawList* dl);
  // Every overlay, bottom to top.
  void draw_all() const;

  const Studio& studio;
  const astar::Level& level;
  const astar::Search& search;
  const palette::Palette& pal;
  const Overlays& ov;
  const Fonts& fonts;
  ImDrawList* dl;
  float px;  // cell size in pixels (a hexagon's size across its sides)
  float k;   // label scale: cell labels, zoom thresholds and line widths follow the UI scale
  float ox, oy;  // the level's top-left corner on screen (square levels: cell (0, 0)'s)
  GridGeometry geom;  // where the cells are, in level units
  ScreenMap map;      // level units on screen
  int x0, y0, x1, y1;  // the visible cells: everything costs what the canvas shows
  bool show_text;      // zoomed in enough for g, h and f

  // A square cell's top-left corner (square-only drawing: collision shapes).
  ImVec2 corner(astar::Cell c) const { return ImVec2(ox + c.x * px, oy + c.y * px); }
  ImVec2 center(astar::Cell c) const {
    if (!geom.is_hex()) return ImVec2(ox + (c.x + 0.5f) * px, oy + (c.y + 0.5f) * px);
    return on_screen(map, geom.centre(c));
  }
  // The box inside the cell for its labels (the whole square, or the widest that fits a hexagon):
  // its top-left corner and size on screen.
  ImVec2 label_corner(astar::Cell c) const;
  ImVec2 label_size() const;
  // The length the labels' sizes follow: the cell size on squares, less on hexagons (the label
  // box's width, or its height's worth, whichever is less).
  float text_unit() const;
  // Screen pixels from c's centre along the unit step towards its neighbour in direction d.
  ImVec2 step(astar::Cell c, astar::Dir d) const;
  void fill(astar::Cell c, ImU32 col, float inset = 0.0f) const { fill_cell(dl, map, geom, c, col, inset); }
  void outline(astar::Cell c, ImU32 col, float thick, float inset = 0.0f) const {
    outline_cell(dl, map, geom, c, col, thick, inset);
  }

  void level_outline() const;
  void backward_side() const;
  void shapes() const;
  void edge_overrides() const;
  void came_from_arrows() const;
  void path() const;
  void smoothed_path() const;
  void meeting_cell() const;
  void cell_values() const;
  void consistency_tints() const;  // replan_overlay.cpp: LPA*/D* Lite's queued cells, the repair
  void walk_fog() const;    // walk_overlay.cpp: what the walking agent has not seen, its sensor
  void walk_trail() const;  // walk_overlay.cpp: the cells it stood on, and the agent
  void expansion_order() const;
  void heuristic_marks() const;
  void findings() const;  // trace mode: each finding's cell marked, the picked one ringed
  void last_step() const;
  void endpoints() const;

 private:
  // How the path is drawn: its line's width and outline, its jump markers.
  struct PathLook {
    float alpha, thick, outline, jump_mark;
    bool outlined;
  };
  PathLook path_look() const;
  void final_path(const std::vector<astar::Cell>& path, const PathLook& look) const;
  void partial_path(const std::vector<astar::Cell>& path, const PathLook& look) const;
  void path_so_far() const;
};

// Canvas marks: a red dot on breakpoint cells, and an arrow to the move just examined (green:
// relaxed, grey: skipped) while an iteration is under way.
void draw_debugger_marks(const OverlayContext& ctx);

}  // namespace studio
