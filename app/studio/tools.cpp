#include "tools.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "astar/shapes.hpp"

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
    {"Line", "Line", "Drag a straight line, as wide as the brush."},
    {"Eyedropper", "Pick", "Click a cell to take its cost or height as the brush value."},
    {"Select", "Select", "Drag a rectangle; drag inside it to move its content. Ctrl+C, Ctrl+X, "
                    "Ctrl+V (at the mouse), Delete. On Shapes: pick a shape, drag to move it, drag "
                    "its handle to resize it."},
};
static_assert(std::size(kTools) == static_cast<std::size_t>(Tool::_Max));

constexpr const char* kLayerLabels[] = {"Walls", "Costs", "Heights", "Agents", "Edges", "Shapes"};
static_assert(std::size(kLayerLabels) == static_cast<std::size_t>(Layer::_Max));

Cell cell_of(ImVec2 pos) {
  return {static_cast<int>(std::floor(pos.x)), static_cast<int>(std::floor(pos.y))};
}

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

const ToolInfo& tool_info(Tool t) { return kTools[static_cast<int>(t)]; }
const char* layer_label(Layer l) { return kLayerLabels[static_cast<int>(l)]; }

std::optional<std::size_t> shape_at(const astar::Level& level, ImVec2 pos) {
  const auto& shapes = level.shapes();
  for (std::size_t k = shapes.size(); k-- > 0;) {
    if (const auto* c = std::get_if<astar::Circle>(&shapes[k])) {
      const double dx = pos.x - c->x, dy = pos.y - c->y;
      if (dx * dx + dy * dy <= c->r * c->r) return k;
    } else if (const auto* b = std::get_if<astar::Box>(&shapes[k])) {
      if (pos.x >= b->min_x && pos.x <= b->max_x && pos.y >= b->min_y && pos.y <= b->max_y) return k;
    }
  }
  return std::nullopt;
}

ImVec2 shape_handle(const astar::Shape& s) {
  if (const auto* c = std::get_if<astar::Circle>(&s))
    return {static_cast<float>(c->x + c->r), static_cast<float>(c->y)};
  const auto& b = std::get<astar::Box>(s);
  return {static_cast<float>(b.max_x), static_cast<float>(b.max_y)};
}

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
  const auto d = astar::dir_between(a, b);
  const astar::Level& lv = studio.level();
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
  const Cell c = cell_of(pos);
  layer_ = studio.appearance.layers.active;
  other_ = other;
  anchor_ = last_ = c;
  anchor_pos_ = last_pos_ = pos;
  mode_ = Mode::None;
  const Tool tool = studio.tools.tool;
  // Selecting and picking change nothing, so they work on locked layers too.
  if (tool == Tool::Select && layer_ != Layer::Shapes) return press_select(studio, c);
  if (tool == Tool::Eyedropper) return pick(studio, c);
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
    for (astar::Dir d : astar::kAllDirs) ed.set_edge(c, d, std::nullopt);
}

// Shapes: the Eraser removes the shape under the mouse; Select (or the Brush on a shape) grabs
// the selected shape's handle or the shape under the mouse; Rectangle drags a box; the Brush
// elsewhere places a circle.
void ToolInput::press_shapes(Studio& studio, ImVec2 pos) {
  const Tool tool = studio.tools.tool;
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  const auto hit = shape_at(lv, pos);
  if (tool == Tool::Eraser) {
    if (hit) {
      ed.remove_shape(*hit);
      studio.selected_shape.reset();
    }
  } else if (tool == Tool::Select || (hit && tool == Tool::Brush)) {
    grab_shape(studio, pos, hit);
  } else if (tool == Tool::Rectangle) {
    mode_ = Mode::Box;
  } else if (tool == Tool::Brush) {
    if (ed.add_shape(astar::Circle{pos.x, pos.y, studio.tools.shape_radius}))
      studio.selected_shape = lv.shapes().size() - 1;
    else
      studio.status = "A circle there would not fit the shape limits";
  } else {
    studio.status = std::string(tool_info(tool).name) +
                    " does not work on shapes: Brush places circles, Rectangle boxes";
  }
}

// The selected shape's handle first (a resize), then the shape under the mouse (a move).
void ToolInput::grab_shape(Studio& studio, ImVec2 pos, std::optional<std::size_t> hit) {
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  if (studio.selected_shape && *studio.selected_shape < lv.shapes().size()) {
    const ImVec2 h = shape_handle(lv.shapes()[*studio.selected_shape]);
    const float grab = std::max(0.25f, 6.0f / std::max(studio.view.cell_px, 1.0f));
    if (std::abs(h.x - pos.x) <= grab && std::abs(h.y - pos.y) <= grab) {
      shape_before_ = lv.shapes()[*studio.selected_shape];
      ed.begin("Resize shape");
      mode_ = Mode::ShapeResize;
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
    case Tool::_Max: return;
  }
}

bool ToolInput::cells_unlocked(const Studio& studio) {
  for (Layer l : {Layer::Walls, Layer::Costs, Layer::Heights, Layer::Agents, Layer::Edges})
    if (studio.appearance.layers[l].locked) return false;
  return true;
}

void ToolInput::drag(Studio& studio, ImVec2 pos) {
  const Cell c = cell_of(pos);
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  switch (mode_) {
    case Mode::Stroke:
      if (c != last_) {
        Cell prev = last_;
        astar::for_each_cell_on_line(last_, c, [&](Cell k) {
          if (k != prev) dab(studio, k);
          prev = k;
        });
      }
      break;
    case Mode::Edge:
      if (c != last_) {
        Cell prev = last_;
        astar::for_each_cell_on_line(last_, c, [&](Cell k) {
          if (k != prev) cross_border(studio, prev, k);
          prev = k;
        });
      }
      break;
    case Mode::EdgeErase:
      if (c != last_)
        astar::for_each_cell_on_line(last_, c, [&](Cell k) {
          if (lv.in_bounds(k))
            for (astar::Dir d : astar::kAllDirs) ed.set_edge(k, d, std::nullopt);
        });
      break;
    case Mode::Select: studio.selection = astar::CellRect{anchor_, c}; break;
    case Mode::ShapeMove:
      if (studio.selected_shape && *studio.selected_shape < lv.shapes().size()) {
        astar::Shape s = shape_before_;
        const double ddx = pos.x - anchor_pos_.x, ddy = pos.y - anchor_pos_.y;
        if (auto* k = std::get_if<astar::Circle>(&s)) {
          k->x += ddx;
          k->y += ddy;
        } else if (auto* b = std::get_if<astar::Box>(&s)) {
          b->min_x += ddx, b->max_x += ddx, b->min_y += ddy, b->max_y += ddy;
        }
        ed.set_shape(*studio.selected_shape, s);
      }
      break;
    case Mode::ShapeResize:
      if (studio.selected_shape && *studio.selected_shape < lv.shapes().size()) {
        astar::Shape s = shape_before_;
        if (auto* k = std::get_if<astar::Circle>(&s)) {
          k->r = std::max(0.05, std::hypot(pos.x - k->x, pos.y - k->y));
        } else if (auto* b = std::get_if<astar::Box>(&s)) {
          b->max_x = std::max<double>(pos.x, b->min_x + 0.05);
          b->max_y = std::max<double>(pos.y, b->min_y + 0.05);
        }
        ed.set_shape(*studio.selected_shape, s);
      }
      break;
    default: break;
  }
  last_ = c;
  last_pos_ = pos;
}

void ToolInput::release(Studio& studio, ImVec2 pos) {
  drag(studio, pos);
  const Cell c = cell_of(pos);
  astar::Editor& ed = studio.editor();
  const bool flip = other_;
  switch (mode_) {
    case Mode::Stroke:
    case Mode::Edge:
    case Mode::EdgeErase:
    case Mode::ShapeMove:
    case Mode::ShapeResize: ed.end(); break;
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

void ToolInput::draw_preview(const Studio& studio, ImDrawList* dl, std::optional<ImVec2> hover) const {
  const View& v = studio.view;
  const float px = v.cell_px;
  const ImU32 ink = IM_COL32(255, 255, 255, 230), shadow = IM_COL32(0, 0, 0, 170);
  auto outline = [&](int x0, int y0, int x1, int y1, ImU32 col, float thick) {
    const ImVec2 a = screen_of(v, static_cast<float>(x0), static_cast<float>(y0));
    const ImVec2 b = screen_of(v, static_cast<float>(x1 + 1), static_cast<float>(y1 + 1));
    dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), shadow, 0, 0, thick + 1);
    dl->AddRect(a, b, col, 0, 0, thick);
  };
  const Layer layer = studio.appearance.layers.active;
  const Tool tool = studio.tools.tool;
  // The selection (cell layers), dashed by alternating colours.
  if (studio.selection && layer != Layer::Shapes) {
    const astar::CellRect& r = *studio.selection;
    outline(r.x0(), r.y0(), r.x1(), r.y1(), IM_COL32(80, 200, 255, 255), 2.0f);
  }
  if (mode_ == Mode::Rect) {
    outline(std::min(anchor_.x, last_.x), std::min(anchor_.y, last_.y), std::max(anchor_.x, last_.x),
            std::max(anchor_.y, last_.y), ink, 2.0f);
  } else if (mode_ == Mode::Line) {
    astar::for_each_cell_on_line(anchor_, last_, [&](Cell c) { outline(c.x, c.y, c.x, c.y, ink, 1.0f); });
  } else if (mode_ == Mode::Box) {
    const ImVec2 a = screen_of(v, std::min(anchor_pos_.x, last_pos_.x), std::min(anchor_pos_.y, last_pos_.y));
    const ImVec2 b = screen_of(v, std::max(anchor_pos_.x, last_pos_.x), std::max(anchor_pos_.y, last_pos_.y));
    dl->AddRect(a, b, ink, 0, 0, 2.0f);
  } else if (mode_ == Mode::MoveSelection && studio.selection) {
    const astar::CellRect& r = *studio.selection;
    const int ddx = last_.x - anchor_.x, ddy = last_.y - anchor_.y;
    outline(r.x0() + ddx, r.y0() + ddy, r.x1() + ddx, r.y1() + ddy, ink, 2.0f);
  } else if (hover && mode_ == Mode::None && is_cell_layer(layer) &&
             (tool == Tool::Brush || tool == Tool::Eraser || tool == Tool::Line)) {
    // The brush's footprint under the mouse.
    for (Cell c : astar::brush_cells(cell_of(*hover), studio.tools.size))
      if (studio.level().in_bounds(c)) outline(c.x, c.y, c.x, c.y, IM_COL32(255, 255, 255, 120), 1.0f);
  }
  // The selected shape's handle.
  if (layer == Layer::Shapes && studio.selected_shape &&
      *studio.selected_shape < studio.level().shapes().size()) {
    const astar::Shape& s = studio.level().shapes()[*studio.selected_shape];
    const astar::Box b = astar::widened_bounds(s, 0.0);
    dl->AddRect(screen_of(v, static_cast<float>(b.min_x), static_cast<float>(b.min_y)),
                screen_of(v, static_cast<float>(b.max_x), static_cast<float>(b.max_y)),
                IM_COL32(80, 200, 255, 255), 0, 0, 2.0f);
    const ImVec2 h = shape_handle(s);
    const ImVec2 hs = screen_of(v, h.x, h.y);
    const float r = std::max(4.0f, std::min(8.0f, px * 0.15f));
    dl->AddRectFilled(ImVec2(hs.x - r, hs.y - r), ImVec2(hs.x + r, hs.y + r), IM_COL32(80, 200, 255, 255));
    dl->AddRect(ImVec2(hs.x - r, hs.y - r), ImVec2(hs.x + r, hs.y + r), shadow);
  }
}

}  // namespace studio
