// The canvas's editing input: what the left mouse button does with the current tool on the
// active layer, turned into astar::Editor operations (one undo step per stroke or drag), and the
// tool's preview over the grid (brush outline, rectangle, line, selection, the edge being set,
// shape handles). The viewport owns one and calls it; start and goal drags stay in the viewport.
//
//   Cell layers (walls, costs, heights, agents): Brush, Eraser, Fill, Rectangle, Line,
//     Eyedropper, Select (drag a rectangle; drag inside it to move its content).
//   Edges: drag across cell borders; each border crossed gets the edge mode (weight, one-way,
//     block, clear) in the direction between the two cells (Level::direction_between: one of
//     the six on hexes). The Eraser clears every override leaving the cells it passes.
//   On hex levels the brush is a hexagon of hexes, a line or a stroke a hex line, a fill
//     follows the six neighbours (astar::brush_cells, line_cells, Editor::fill); rectangles and
//     selections are offset rectangles of columns and rows, moved by columns and rows.
// Everything after the press works on cells: the mouse's point becomes a cell in one place,
// cell_of.
//   Shapes: Brush places a circle, Rectangle drags a box, Line clicks a convex polygon's
//     corners, Select picks a shape to move it or drag its handles (astar/shape_handles.hpp:
//     resize, turn, add or remove a polygon's corner), the Eraser removes the shape clicked.
//   Unit (any layer): state/units_tool.hpp's clicks, a start then its goal; a click on a unit's
//     start or goal removes it.
#pragma once

#include <optional>
#include <vector>

#include <imgui.h>

#include "astar/edit.hpp"
#include "astar/grid.hpp"
#include "astar/shape_handles.hpp"
#include "state/studio.hpp"

namespace studio {

// Names and Tiled's shortcut letters, for the tool buttons, tooltips and the Help window.
struct ToolInfo {
  const char* name;
  const char* short_name;  // on the tool's button
  const char* help;
};
const ToolInfo& tool_info(Tool t);  // its key: tool_key_text (commands.hpp)
// The layer shortcuts: 1..6 in astar::Layer order.
const char* layer_label(astar::Layer l);  // "Walls", ...

// The cell under `pos`, a point in the canvas's level units (the viewport's level_pos): the
// square or the hexagon holding it, through state/grid_geometry.hpp, the mapping the viewport,
// the renderer and the overlays share. The tools' only link from points to cells.
astar::Cell cell_of(const astar::Level& level, ImVec2 pos);

class ToolInput {
 public:
  // The mouse at `pos` in level units (cell_of); `other` is Shift at the press.
  void press(Studio& studio, ImVec2 pos, bool other);
  void drag(Studio& studio, ImVec2 pos);
  void release(Studio& studio, ImVec2 pos);
  bool busy() const { return mode_ != Mode::None; }
  // Every frame: Enter closes the polygon being placed, Escape drops it; the Unit tool's pending
  // start is dropped when another tool is chosen.
  void keys(Studio& studio);
  // Over the grid, under the start and goal markers.
  void draw_preview(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const;

 private:
  enum class Mode { None, Stroke, Rect, Line, Select, MoveSelection, Edge, EdgeErase, Box, ShapeMove, ShapeHandle };
  void press_select(Studio& studio, astar::Cell c);
  void pick(Studio& studio, astar::Cell c);
  void press_edges(Studio& studio, astar::Cell c);
  void press_shapes(Studio& studio, ImVec2 pos);
  void grab_shape(Studio& studio, ImVec2 pos, std::optional<std::size_t> hit);
  void polygon_click(Studio& studio, ImVec2 pos);
  void close_polygon(Studio& studio);
  void draw_polygon_preview(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const;
  void draw_shape_handles(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const;
  void press_cells(Studio& studio, astar::Cell c);
  void dab(Studio& studio, astar::Cell c);
  void cross_border(Studio& studio, astar::Cell a, astar::Cell b);
  // Moving a selection moves every cell layer and the edges: none may be locked.
  static bool cells_unlocked(const Studio& studio);

  Mode mode_ = Mode::None;
  astar::Layer layer_ = astar::Layer::Walls;
  bool other_ = false;
  astar::Cell anchor_{}, last_{};
  ImVec2 anchor_pos_{}, last_pos_{};
  astar::Shape shape_before_{};
  astar::ShapeHandle handle_{};       // the handle dragged (Mode::ShapeHandle)
  std::vector<astar::Point> polygon_;  // the corners clicked so far (Line on Shapes)
};

// The index of the topmost shape under `pos` (cell units), if any.
std::optional<std::size_t> shape_at(const astar::Level& level, ImVec2 pos);
// In cell units at this zoom: how far a shape's rotate handle stands off, how near the mouse
// must be to grab a handle.
double handle_reach(const View& v);
double handle_grab(const View& v);

}  // namespace studio
