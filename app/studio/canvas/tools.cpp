#include "canvas/tools.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "astar/shape_handles.hpp"
#include "astar/shapes.hpp"
#include "overlays/cell_shapes.hpp"
#include "overlays/draw_basics.hpp"
#include "overlays/units_overlay.hpp"
#include "state/units_tool.hpp"

namespace studio {

using astar::Cell;
using astar::Layer;

namespace {

constexpr ToolInfo kTools[] = {
    {"Brush", "Brush", "Paint the active layer; Shift paints the opposite (erase, cost 1, height 0). "
                   "On Edges: drag across cell borders. On Shapes: click to place a circle."},
    {"Eraser", "Eraser", "Erase: no wall, cost 1, height 0, no agent; on Edges, clear the moves "
                    "leaving the cells; on Shapes, remove the shape clicked."},
    {"Fill", "Fill", "Bucket fill: the connected cells holding the clicked cell's value take the "
                  "brush value."},
    {"Rectangle", "Rect", "Drag a rectangle: filled, or its outline (Shift toggles). On Shapes: drag a box."},
    {"Line", "Line", "Drag a straight line, as wide as the brush. On Shapes: click the corners of "
                 "a convex polygon; click the first corner again (or press Enter) to close it, "
                 "Escape drops it."},
    {"Eyedropper", "Pick", "Click a cell to take its cost or height as the brush value."},
    {"Select", "Select", "Drag a rectangle; drag inside it to move its content. Ctrl+C, Ctrl+X, "
                    "Ctrl+V (at the mouse), Delete. On Shapes: pick a shape, drag to move it; drag "
                    "its handles to resize it, the round one to turn it, a polygon's small ones to "
                    "add a corner; Shift+click a polygon's corner to remove it."},
    {"Unit", "Unit", "Place units that move, on any layer: click a start, then its goal. Escape or "
                "a right click cancels the start; a click on a unit's start or goal removes it."},
};
static_assert(std::size(kTools) == static_cast<std::size_t>(Tool::_Max));

constexpr const char* kLayerLabels[] = {"Walls", "Costs", "Heights", "Agents", "Edges", "Shapes"};
static_assert(std::size(kLayerLabels) == static_cast<std::size_t>(Layer::_Max));

// The canvas position of a point in cell units.
ImVec2 screen_of(const View& v, float x, float y) {
  return {v.canvas_x + v.offset_x + x * v.cell_px, v.canvas_y + v.offset_y + y * v.cell_px};
}

std::string value_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

Cell cell_of(const astar::Level& level, ImVec2 pos) {
  return GridGeometry(level).cell_at({pos.x, pos.y});
}

const ToolInfo& tool_info(Tool t) { return kTools[static_cast<int>(t)]; }
const char* layer_label(Layer l) { return kLayerLabels[static_cast<int>(l)]; }

std::optional<std::size_t> shape_at(const astar::Level& level, ImVec2 pos) {
  const auto& shapes = level.shapes();
  for (std::size_t k = shapes.size(); k-- > 0;)
    if (astar::shape_contains(shapes[k], pos.x, pos.y)) return k;
  return std::nullopt;
}

double handle_reach(const View& v) { return 22.0 / std::max(v.cell_px, 0.01f); }
double handle_grab(const View& v) { return 7.0 / std::max(v.cell_px, 0.01f); }

// [SECTION] Input

void ToolInput::dab(Studio& studio, Cell c) {
  astar::Editor& ed = studio.editor();
  const ToolSettings& t = studio.tools;
  const bool erase = t.tool == Tool::Eraser;
  if (layer_ == Layer::Heights && !erase && !other_) {
    ed.heights(c, t.size, t.height_mode, t.height_mode == astar::HeightMode::Set ? t.height
                                                                                 : std::abs(t.height));
  } else {
    ed.brush(layer_, c, t.size, erase ? astar::blank_value(layer_) : studio.paint_value(layer_, other_));
  }
}

void ToolInput::cross_border(Studio& studio, Cell a, Cell b) {
  const astar::Level& lv = studio.level();
  const auto d = lv.direction_between(a, b);
  if (!d || !lv.in_bounds(a) || !lv.in_bounds(b)) return;
  astar::Editor& ed = studio.editor();
  const ToolSettings& t = studio.tools;
  const astar::Dir back = astar::opposite(*d);
  switch (t.edge_mode) {
    case EdgeMode::Weight: ed.set_edge(a, *d, astar::EdgeOverride{false, t.edge_weight}); break;
    case EdgeMode::OneWay:
      ed.set_edge(a, *d, std::nullopt);
      ed.set_edge(b, back, astar::EdgeOverride{true, 1.0});
      break;
    case EdgeMode::Block: ed.set_edge(a, *d, astar::EdgeOverride{true, 1.0}); break;
    case EdgeMode::Clear:
      ed.set_edge(a, *d, std::nullopt);
      ed.set_edge(b, back, std::nullopt);
      break;
    case EdgeMode::_Max: break;
  }
}

void ToolInput::press(Studio& studio, ImVec2 pos, bool other) {
  const Cell c = cell_of(studio.level(), pos);
  layer_ = studio.appearance.layers.active;
  other_ = other;
  anchor_ = last_ = c;
  anchor_pos_ = last_pos_ = pos;
  mode_ = Mode::None;
  const Tool tool = studio.tools.tool;
  // Selecting and picking change nothing, so they work on locked layers too.
  if (tool == Tool::Select && layer_ != Layer::Shapes) return press_select(studio, c);
  if (tool == Tool::Eyedropper) return pick(studio, c);
  if (tool == Tool::Unit) {  // units are no layer: locks do not apply
    unit_tool_click(studio, c);
    return;
  }
  if (!studio.layer_editable(layer_)) return;
  switch (layer_) {
    case Layer::Edges: return press_edges(studio, c);
    case Layer::Shapes: return press_shapes(studio, pos);
    case Layer::Walls:
    case Layer::Costs:
    case Layer::Heights:
    case Layer::Agents: return press_cells(studio, c);
    case Layer::_Max: return;
  }
}

// Select: a press inside the selection moves it (when no layer it moves is locked), anywhere
// else starts a new one.
void ToolInput::press_select(Studio& studio, Cell c) {
  if (studio.selection && studio.selection->contains(c) && cells_unlocked(studio)) {
    mode_ = Mode::MoveSelection;
  } else {
    studio.selection = astar::CellRect{c, c};
    mode_ = Mode::Select;
  }
}

// Eyedropper: the cell's cost or height becomes the brush's, and the Brush is chosen (as in
// Tiled: after picking, paint with it).
void ToolInput::pick(Studio& studio, Cell c) {
  const astar::Level& lv = studio.level();
  if (!lv.in_bounds(c)) return;
  if (layer_ == Layer::Costs) {
    studio.tools.cost = lv.cost(c);
    std::string name;
    for (const astar::Terrain& terrain : astar::terrains_of(lv))
      if (static_cast<float>(terrain.cost) == static_cast<float>(lv.cost(c))) name = " (" + terrain.name + ")";
    studio.status = "Picked cost " + value_text(lv.cost(c)) + name;
  } else if (layer_ == Layer::Heights) {
    studio.tools.height = lv.height_at(c);
    studio.status = "Picked height " + std::to_string(lv.height_at(c));
  } else {
    studio.status = "The eyedropper picks costs and heights: choose the Costs or Heights layer";
    return;
  }
  studio.tools.tool = Tool::Brush;
}

// Edges: a drag across borders sets moves; the Eraser clears every move out of the cells it
// touches, starting with this one.
void ToolInput::press_edges(Studio& studio, Cell c) {
  const Tool tool = studio.tools.tool;
  astar::Editor& ed = studio.editor();
  ed.begin(tool == Tool::Eraser ? "Clear moves" : "Set moves");
  mode_ = tool == Tool::Eraser ? Mode::EdgeErase : Mode::Edge;
  if (mode_ == Mode::EdgeErase && studio.level().in_bounds(c))
    for (astar::Dir d : studio.level().directions()) ed.set_edge(c, d, std::nullopt);
}

// Shapes: the Eraser removes the shape under the mouse; Select (or the Brush on a shape) grabs
// the selected shape's handle or the shape under the mouse; Rectangle drags a box; Line clicks
// a polygon's corners; the Brush elsewhere places a circle.
void ToolInput::press_shapes(Studio& studio, ImVec2 pos) {
  const Tool tool = studio.tools.tool;
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  const auto hit = shape_at(lv, pos);
  if (lv.is_hex()) {
    studio.status = "Hex levels take no collision shapes";
    return;
  }
  if (tool == Tool::Eraser) {
    if (hit) {
      ed.remove_shape(*hit);
      studio.selected_shape.reset();
    }
  } else if (tool == Tool::Select || (hit && tool == Tool::Brush)) {
    grab_shape(studio, pos, hit);
  } else if (tool == Tool::Rectangle) {
    mode_ = Mode::Box;
  } else if (tool == Tool::Line) {
    polygon_click(studio, pos);
  } else if (tool == Tool::Brush) {
    if (ed.add_shape(astar::Circle{pos.x, pos.y, studio.tools.shape_radius}))
      studio.selected_shape = lv.shapes().size() - 1;
    else
      studio.status = "A circle there would not fit the shape limits";
  } else {
    studio.status = std::string(tool_info(tool).name) +
                    " does not work on shapes: Brush places circles, Rectangle boxes, Line polygons";
  }
}

// The selected shape's handle first (a resize, a turn, a new or removed corner), then the shape
// under the mouse (a move).
void ToolInput::grab_shape(Studio& studio, ImVec2 pos, std::optional<std::size_t> hit) {
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  if (studio.selected_shape && *studio.selected_shape < lv.shapes().size()) {
    const astar::Shape& s = lv.shapes()[*studio.selected_shape];
    if (const auto h = astar::handle_at(s, handle_reach(studio.view), pos.x, pos.y,
                                        handle_grab(studio.view))) {
      if (other_ && h->kind == astar::HandleKind::Corner && std::holds_alternative<astar::Polygon>(s)) {
        const auto fewer = astar::remove_corner(s, static_cast<std::size_t>(h->index));
        if (fewer && ed.set_shape(*studio.selected_shape, *fewer)) studio.status = "Removed a corner";
        else studio.status = "A polygon keeps at least 3 corners";
        return;
      }
      shape_before_ = s;
      handle_ = *h;
      constexpr const char* kLabels[] = {"Resize shape", "Resize shape", "Turn shape", "Add a corner"};
      ed.begin(std::holds_alternative<astar::Polygon>(s) && h->kind == astar::HandleKind::Corner
                   ? "Move a corner"
                   : kLabels[static_cast<int>(h->kind)]);
      mode_ = Mode::ShapeHandle;
      return;
    }
  }
  studio.selected_shape = hit;
  if (hit) {
    shape_before_ = lv.shapes()[*hit];
    ed.begin("Move shape");
    mode_ = Mode::ShapeMove;
  }
}

// Line on Shapes: each click adds a corner to the polygon being placed; a click on its first
// corner closes it.
void ToolInput::polygon_click(Studio& studio, ImVec2 pos) {
  const double grab = handle_grab(studio.view);
  if (polygon_.size() >= 3 && std::abs(polygon_[0].x - pos.x) <= grab &&
      std::abs(polygon_[0].y - pos.y) <= grab)
    return close_polygon(studio);
  polygon_.push_back({pos.x, pos.y});
  studio.status = "Polygon: " + std::to_string(polygon_.size()) +
                  " corners; click the first corner or press Enter to close it, Escape drops it";
}

// The corners clicked become a polygon: their convex hull.
void ToolInput::close_polygon(Studio& studio) {
  const std::size_t clicked = polygon_.size();
  astar::Polygon p{astar::convex_hull(std::move(polygon_))};
  polygon_.clear();
  if (p.points.size() < 3) {
    studio.status = "A polygon needs 3 corners that are not on one line";
  } else if (const std::string why = astar::check_shape(p); !why.empty()) {
    studio.status = "No polygon placed: " + why;
  } else if (studio.editor().add_shape(p)) {
    studio.selected_shape = studio.level().shapes().size() - 1;
    studio.status = "Placed a polygon with " + std::to_string(p.points.size()) + " corners";
    if (p.points.size() < clicked)
      studio.status += " (the convex hull of the " + std::to_string(clicked) + " points clicked)";
  }
}

void ToolInput::keys(Studio& studio) {
  unit_tool_tidy(studio);
  if (polygon_.empty()) return;
  if (studio.tools.tool != Tool::Line || studio.appearance.layers.active != Layer::Shapes) {
    polygon_.clear();  // another tool or layer: the polygon being placed is dropped
    return;
  }
  if (ImGui::GetIO().WantTextInput) return;
  // ImGui 1.86 reads keys by the backend's numbers: GetKeyIndex maps its names to them.
  const auto pressed = [](ImGuiKey_ k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  if (pressed(ImGuiKey_Escape)) {
    polygon_.clear();
    studio.status = "Polygon dropped";
  } else if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) {
    close_polygon(studio);
  }
}

// Cell layers: a brush or eraser stroke, a fill, or the start of a rectangle or a line.
void ToolInput::press_cells(Studio& studio, Cell c) {
  const Tool tool = studio.tools.tool;
  astar::Editor& ed = studio.editor();
  switch (tool) {
    case Tool::Brush:
    case Tool::Eraser:
      ed.begin(std::string(tool == Tool::Eraser ? "Erase " : "Brush ") + astar::to_string(layer_).data());
      mode_ = Mode::Stroke;
      dab(studio, c);
      return;
    case Tool::Fill: {
      const double v = layer_ == Layer::Heights && !other_ ? studio.tools.height
                                                           : studio.paint_value(layer_, other_);
      const int n = ed.fill(layer_, c, v);
      studio.status = "Filled " + std::to_string(n) + " cells";
      return;
    }
    case Tool::Rectangle: mode_ = Mode::Rect; return;
    case Tool::Line: mode_ = Mode::Line; return;
    case Tool::Eyedropper:  // handled before the layers
    case Tool::Select:
    case Tool::Unit:
    case Tool::_Max: return;
  }
}

bool ToolInput::cells_unlocked(const Studio& studio) {
  for (Layer l : {Layer::Walls, Layer::Costs, Layer::Heights, Layer::Agents, Layer::Edges})
    if (studio.appearance.layers[l].locked) return false;
  return true;
}

void ToolInput::drag(Studio& studio, ImVec2 pos) {
  const astar::Level& lv = studio.level();
  const Cell c = cell_of(lv, pos);
  astar::Editor& ed = studio.editor();
  // Strokes: from the last cell to this one, each a neighbour of the one before (a hex line on
  // hexes).
  const bool walks = mode_ == Mode::Stroke || mode_ == Mode::Edge || mode_ == Mode::EdgeErase;
  const std::vector<Cell> passed =
      walks && c != last_ ? astar::line_cells(lv, last_, c) : std::vector<Cell>{};
  switch (mode_) {
    case Mode::Stroke:
      for (std::size_t k = 1; k < passed.size(); ++k) dab(studio, passed[k]);
      break;
    case Mode::Edge:
      for (std::size_t k = 1; k < passed.size(); ++k)
        cross_border(studio, passed[k - 1], passed[k]);
      break;
    case Mode::EdgeErase:
      for (Cell k : passed)
        if (lv.in_bounds(k))
          for (astar::Dir d : lv.directions()) ed.set_edge(k, d, std::nullopt);
      break;
    case Mode::Select: studio.selection = astar::CellRect{anchor_, c}; break;
    case Mode::ShapeMove:
      if (studio.selected_shape && *studio.selected_shape < lv.shapes().size())
        ed.set_shape(*studio.selected_shape, astar::translated(shape_before_, pos.x - anchor_pos_.x,
                                                               pos.y - anchor_pos_.y));
      break;
    case Mode::ShapeHandle:
      // Turns snap to whole degrees, or to 15 with Shift held at the press. A drag that would
      // make a shape too small or a polygon concave leaves the last good shape.
      if (studio.selected_shape && *studio.selected_shape < lv.shapes().size())
        if (const auto s = astar::drag_handle(shape_before_, handle_, pos.x, pos.y, other_ ? 15.0 : 1.0))
          ed.set_shape(*studio.selected_shape, *s);
      break;
    default: break;
  }
  last_ = c;
  last_pos_ = pos;
}

void ToolInput::release(Studio& studio, ImVec2 pos) {
  drag(studio, pos);
  const Cell c = cell_of(studio.level(), pos);
  astar::Editor& ed = studio.editor();
  const bool flip = other_;
  switch (mode_) {
    case Mode::Stroke:
    case Mode::Edge:
    case Mode::EdgeErase:
    case Mode::ShapeMove:
    case Mode::ShapeHandle: ed.end(); break;
    case Mode::Rect: {
      const bool filled = studio.tools.filled != flip;
      const double v = layer_ == Layer::Heights ? studio.tools.height : studio.paint_value(layer_, false);
      ed.rect(layer_, {anchor_, c}, filled, v);
      break;
    }
    case Mode::Line: {
      const double v = layer_ == Layer::Heights && !flip ? studio.tools.height
                                                         : studio.paint_value(layer_, flip);
      ed.line(layer_, anchor_, c, studio.tools.size, v);
      break;
    }
    case Mode::Box: {
      const double x0 = std::min(anchor_pos_.x, pos.x), x1 = std::max(anchor_pos_.x, pos.x);
      const double y0 = std::min(anchor_pos_.y, pos.y), y1 = std::max(anchor_pos_.y, pos.y);
      if (x1 - x0 >= 0.05 && y1 - y0 >= 0.05 && ed.add_shape(astar::Box{x0, y0, x1, y1}))
        studio.selected_shape = studio.level().shapes().size() - 1;
      break;
    }
    case Mode::Select:
      // A click without a drag clears the selection.
      if (anchor_ == c) studio.selection.reset();
      break;
    case Mode::MoveSelection:
      if (studio.selection && c != anchor_) {
        const astar::CellRect r = *studio.selection;
        const Cell to{r.x0() + c.x - anchor_.x, r.y0() + c.y - anchor_.y};
        ed.move(r, to);
        studio.selection = astar::CellRect{to, {to.x + r.width() - 1, to.y + r.height() - 1}};
      }
      break;
    default: break;
  }
  mode_ = Mode::None;
}

// [SECTION] Preview

namespace {

// Draws the previews' outlines of cells and rectangles of cells, white over a dark shadow.
struct PreviewPen {
  const astar::Level& lv;
  const View& v;
  ImDrawList* dl;
  static constexpr ImU32 kShadow = IM_COL32(0, 0, 0, 170);

  // Cells x0..x1, y0..y1 as one rectangle (squares).
  void box(int x0, int y0, int x1, int y1, ImU32 col, float thick) const {
    const ImVec2 a = screen_of(v, static_cast<float>(x0), static_cast<float>(y0));
    const ImVec2 b = screen_of(v, static_cast<float>(x1 + 1), static_cast<float>(y1 + 1));
    dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), kShadow, 0, 0, thick + 1);
    dl->AddRect(a, b, col, 0, 0, thick);
  }
  // One cell: its square, or on hexes its hexagon (overlays/cell_shapes.hpp).
  void cell(Cell c, ImU32 col, float thick) const { rect(c.x, c.y, c.x, c.y, col, thick); }
  // An offset rectangle of cells: one rectangle on squares; on hexes the outline of its hexagons.
  void rect(int x0, int y0, int x1, int y1, ImU32 col, float thick) const {
    if (lv.is_hex()) return outline_block(dl, v, lv, {x0, y0, x1, y1}, col, thick);
    box(x0, y0, x1, y1, col, thick);
  }
};

}  // namespace

void ToolInput::draw_preview(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const {
  const View& v = studio.view;
  const astar::Level& lv = studio.level();
  const PreviewPen pen{lv, v, dl};
  const ImU32 ink = IM_COL32(255, 255, 255, 230);
  const Layer layer = studio.appearance.layers.active;
  const Tool tool = studio.tools.tool;
  // The selection (cell layers).
  if (studio.selection && layer != Layer::Shapes) {
    const astar::CellRect& r = *studio.selection;
    pen.rect(r.x0(), r.y0(), r.x1(), r.y1(), IM_COL32(80, 200, 255, 255), 2.0f);
  }
  if (mode_ == Mode::Rect) {
    pen.rect(std::min(anchor_.x, last_.x), std::min(anchor_.y, last_.y),
             std::max(anchor_.x, last_.x), std::max(anchor_.y, last_.y), ink, 2.0f);
  } else if (mode_ == Mode::Line) {
    for (Cell c : astar::line_cells(lv, anchor_, last_)) pen.cell(c, ink, 1.0f);
  } else if (mode_ == Mode::Box) {
    const ImVec2 a = screen_of(v, std::min(anchor_pos_.x, last_pos_.x), std::min(anchor_pos_.y, last_pos_.y));
    const ImVec2 b = screen_of(v, std::max(anchor_pos_.x, last_pos_.x), std::max(anchor_pos_.y, last_pos_.y));
    dl->AddRect(a, b, ink, 0, 0, 2.0f);
  } else if (mode_ == Mode::MoveSelection && studio.selection) {
    const astar::CellRect& r = *studio.selection;
    const int ddx = last_.x - anchor_.x, ddy = last_.y - anchor_.y;
    pen.rect(r.x0() + ddx, r.y0() + ddy, r.x1() + ddx, r.y1() + ddy, ink, 2.0f);
  } else if (hover && mode_ == Mode::None && is_cell_layer(layer) &&
             (tool == Tool::Brush || tool == Tool::Eraser || tool == Tool::Line)) {
    // The brush's footprint under the mouse.
    for (Cell c : astar::brush_cells(lv, cell_of(lv, *hover), studio.tools.size))
      if (lv.in_bounds(c)) pen.cell(c, IM_COL32(255, 255, 255, 120), 1.0f);
  }
  draw_polygon_preview(studio, dl, hover);
  draw_shape_handles(studio, dl, hover);
  // The Unit tool's pending start: a thin line to the cell under the mouse, its goal-to-be.
  if (hover && tool == Tool::Unit && studio.unit_start && lv.in_bounds(cell_of(lv, *hover))) {
    const GridGeometry g(lv);
    const ImVec2 p = on_screen(screen_map(v), g.centre(*studio.unit_start));
    const ImVec2 q = on_screen(screen_map(v), g.centre(cell_of(lv, *hover)));
    // From outside the start's disc (units_overlay.hpp draws it under this preview).
    const float dx = q.x - p.x, dy = q.y - p.y, len = std::sqrt(dx * dx + dy * dy);
    const float rim = std::max(4.0f, v.cell_px * 0.36f);
    if (len > rim) {
      const ImVec2 from(p.x + dx * rim / len, p.y + dy * rim / len);
      dl->AddLine(from, q, IM_COL32(0, 0, 0, 90), 4.0f);
      dl->AddLine(from, q, color(unit_colour(lv.units.size()), 0.95f), 2.0f);
    }
  }
}

// The polygon being placed: its corners so far, the edge to the mouse and, dashed-thin, the edge
// that will close it; its first corner ringed when a click there would close it.
void ToolInput::draw_polygon_preview(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const {
  if (polygon_.empty()) return;
  const View& v = studio.view;
  const ImU32 ink = IM_COL32(255, 255, 255, 230), shadow = IM_COL32(0, 0, 0, 170);
  std::vector<ImVec2> pts;
  for (const astar::Point& p : polygon_) pts.push_back(screen_of(v, static_cast<float>(p.x), static_cast<float>(p.y)));
  if (hover) pts.push_back(screen_of(v, hover->x, hover->y));
  const int n = static_cast<int>(pts.size());
  dl->AddPolyline(pts.data(), n, shadow, 0, 4.0f);
  dl->AddPolyline(pts.data(), n, ink, 0, 2.0f);
  if (n >= 3) dl->AddLine(pts.back(), pts.front(), IM_COL32(255, 255, 255, 110), 1.0f);
  for (std::size_t i = 0; i < polygon_.size(); ++i) {
    const ImVec2 q = pts[i];
    dl->AddRectFilled(ImVec2(q.x - 4, q.y - 4), ImVec2(q.x + 4, q.y + 4), IM_COL32(80, 200, 255, 255));
    dl->AddRect(ImVec2(q.x - 4, q.y - 4), ImVec2(q.x + 4, q.y + 4), shadow);
  }
  const double grab = handle_grab(v);
  if (hover && polygon_.size() >= 3 && std::abs(polygon_[0].x - hover->x) <= grab &&
      std::abs(polygon_[0].y - hover->y) <= grab)
    dl->AddCircle(pts[0], 10.0f, ink, 20, 2.0f);
}

// The selected shape: its outline, a square per corner (the radius handle too), a small hollow
// square in the middle of each polygon edge (drag: a new corner) and a round rotate handle on a
// stalk. The handle under the mouse is lit.
void ToolInput::draw_shape_handles(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const {
  const astar::Level& lv = studio.level();
  if (studio.appearance.layers.active != Layer::Shapes || !studio.selected_shape ||
      *studio.selected_shape >= lv.shapes().size())
    return;
  const View& v = studio.view;
  const astar::Shape& s = lv.shapes()[*studio.selected_shape];
  const ImU32 blue = IM_COL32(80, 200, 255, 255), lit = IM_COL32(255, 230, 80, 255);
  const ImU32 shadow = IM_COL32(0, 0, 0, 170);
  auto at = [&](astar::Point p) { return screen_of(v, static_cast<float>(p.x), static_cast<float>(p.y)); };
  if (const auto* c = std::get_if<astar::Circle>(&s)) {
    dl->AddCircle(at({c->x, c->y}), static_cast<float>(c->r) * v.cell_px, blue, 0, 2.0f);
  } else {
    std::vector<ImVec2> pts;
    for (const astar::Point& p : astar::shape_corners(s)) pts.push_back(at(p));
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), blue, ImDrawFlags_Closed, 2.0f);
  }
  const double reach = handle_reach(v);
  const auto under = hover ? astar::handle_at(s, reach, hover->x, hover->y, handle_grab(v)) : std::nullopt;
  const auto handles = astar::shape_handles(s, reach);
  for (const astar::ShapeHandle& h : handles) {
    const ImVec2 q = at(h.at);
    const ImU32 fill = under && *under == h ? lit : blue;
    if (h.kind == astar::HandleKind::Rotate) {
      // The stalk: from the shape's top (the handle stands straight out from its centre).
      const astar::Point c = astar::shape_centre(s);
      const double len = std::hypot(h.at.x - c.x, h.at.y - c.y);
      if (len > reach) {
        const double k = reach / len;
        dl->AddLine(at({h.at.x - (h.at.x - c.x) * k, h.at.y - (h.at.y - c.y) * k}), q, blue, 1.5f);
      }
      dl->AddCircleFilled(q, 6.0f, fill, 16);
      dl->AddCircle(q, 6.0f, shadow, 16, 1.0f);
    } else if (h.kind == astar::HandleKind::Insert) {
      dl->AddRect(ImVec2(q.x - 3.5f, q.y - 3.5f), ImVec2(q.x + 3.5f, q.y + 3.5f), shadow, 0, 0, 3.0f);
      dl->AddRect(ImVec2(q.x - 3.5f, q.y - 3.5f), ImVec2(q.x + 3.5f, q.y + 3.5f), fill, 0, 0, 1.5f);
    } else {
      dl->AddRectFilled(ImVec2(q.x - 5, q.y - 5), ImVec2(q.x + 5, q.y + 5), fill);
      dl->AddRect(ImVec2(q.x - 5, q.y - 5), ImVec2(q.x + 5, q.y + 5), shadow);
    }
  }
}

}  // namespace studio
