#include "canvas/viewport.hpp"
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <optional>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>

#include "astar/format.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/moves.hpp"
#include "overlays/overlay_draw.hpp"
#include "overlays/layer_look.hpp"
#include "state/palette.hpp"
#include "state/units_tool.hpp"

namespace studio {

using astar::Cell;

// [SECTION] View mapping

void fit_view(View& view, int level_w, int level_h) { fit_view(view, GridGeometry(level_w, level_h)); }

void fit_view(View& view, const GridGeometry& geometry) {
  view.fit_pending = false;
  // The picture's size in level units: the cells' on squares, a little more or less on hexes.
  const auto level_w = static_cast<float>(geometry.extent_x());
  const auto level_h = static_cast<float>(geometry.extent_y());
  if (geometry.width() <= 0 || geometry.height() <= 0 || view.canvas_w <= 0 || view.canvas_h <= 0) return;
  if (view.initial_zoom > 0.0f) {
    // --zoom/--focus: a given cell size, centred on a cell.
    view.cell_px = view.initial_zoom;
    const LevelPoint focus = geometry.centre({view.focus_x, view.focus_y});
    const float fx = view.focus_x >= 0 ? static_cast<float>(focus.x) : level_w * 0.5f;
    const float fy = view.focus_y >= 0 ? static_cast<float>(focus.y) : level_h * 0.5f;
    view.offset_x = std::round(view.canvas_w * 0.5f - fx * view.cell_px);
    view.offset_y = std::round(view.canvas_h * 0.5f - fy * view.cell_px);
    view.initial_zoom = 0.0f;
    return;
  }
  const float margin = 12.0f;
  const float aw = std::max(1.0f, view.canvas_w - 2 * margin);
  const float ah = std::max(1.0f, view.canvas_h - 2 * margin);
  float px = std::min(aw / level_w, ah / level_h);
  if (px >= 4.0f) px = std::floor(px);  // whole pixels per cell: even grid lines
  view.cell_px = std::min(px, kMaxCellPx);
  view.offset_x = std::round((view.canvas_w - view.cell_px * level_w) * 0.5f);
  view.offset_y = std::round((view.canvas_h - view.cell_px * level_h) * 0.5f);
}

Cell Viewport::cell_at(const View& view, const astar::Level& level, ImVec2 screen) {
  return GridGeometry(level).pick(screen_map(view), screen.x, screen.y);
}

ImVec2 Viewport::level_pos(const View& view, ImVec2 screen) {
  return to_imvec(screen_map(view).to_level(screen.x, screen.y));
}

// [SECTION] Canvas

namespace {

// What the grid is drawn without (grid.frag features that do not compile): a line each on a
// dark band at the canvas's bottom; hovering the band shows the GLSL logs.
void draw_grid_warning(const GridRenderer& renderer, const Fonts& fonts, ImDrawList* dl, ImVec2 p0,
                       ImVec2 p1) {
  const std::string text = renderer.warning() + "\n(hover here for the GLSL log)";
  const float wrap = std::max(64.0f, p1.x - p0.x - 32.0f);
  const ImVec2 size = fonts.ui->CalcTextSizeA(fonts.ui->FontSize, FLT_MAX, wrap, text.c_str());
  const ImVec2 a(p0.x + 8.0f, p1.y - size.y - 16.0f), b(p0.x + size.x + 24.0f, p1.y - 8.0f);
  dl->AddRectFilled(a, b, IM_COL32(20, 20, 24, 235), 4.0f);
  dl->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(a.x + 8.0f, a.y + 4.0f), IM_COL32(255, 110, 110, 255),
              text.c_str(), nullptr, wrap);
  if (ImGui::IsMouseHoveringRect(a, b)) ImGui::SetTooltip("%s", renderer.warning_log().c_str());
}

// A left click that picks a cell instead of painting: the quiz's guess of the next node, or
// CBS's breakpoint cell (the Units section's Pick). True when it was one.
bool click_picks_cell(Studio& studio, Cell cell) {
  const bool inside = studio.level().in_bounds(cell);
  // An exercise: a click answers (Select, PathBack) or marks (Mark, Parents); find-bug's trace
  // takes no clicks.
  if (ExerciseMode* ex = studio.exercise()) {
    if (inside && ex->spec().kind != astar::ExerciseKind::FindBug) {
      (void)ex->pick(cell);
      studio.status.clear();
    }
    return true;
  }
  if (studio.session().quiz.on) {
    if (inside) studio.session().answer_quiz(cell);
    return true;
  }
  CbsWatch& cbs = studio.units_playback.cbs();
  if (!cbs.picking_cell) return false;
  if (inside) {
    cbs.pick_cell(cell);
    studio.status = "CBS: break at a conflict at " + astar::cell_text(cell);
  }
  return true;
}

}  // namespace

void Viewport::Draw(Studio& studio, GridRenderer& renderer, const Fonts& fonts, ImVec2 size) {
  View& view = studio.view;
  const astar::Level& level = studio.level();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 64.0f);
  size.y = std::max(size.y, 64.0f);
  const ImVec2 p1(p0.x + size.x, p0.y + size.y);
  view.canvas_x = p0.x;
  view.canvas_y = p0.y;
  view.canvas_w = size.x;
  view.canvas_h = size.y;
  const GridGeometry geometry(level);
  if (view.fit_pending) fit_view(view, geometry);

  ImGui::InvisibleButton("canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  handle_input(studio, ImGui::IsItemHovered(), ImGui::IsItemActive());

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p0, p1, true);
  // The canvas's background, but not under the pixels the (opaque) grid covers whole: a CPU
  // renderer (llvmpipe) pays for every blended pixel, and the level fills most of the canvas.
  const ImU32 background = color(studio.appearance.colors().background);
  const float ox = p0.x + view.offset_x, oy = p0.y + view.offset_y;
  const float gx0 = std::max(p0.x, std::ceil(ox)), gy0 = std::max(p0.y, std::ceil(oy));
  // (Hex levels: the grid paints the background between the hexagons of its box.)
  const float gx1 = std::min(p1.x, std::floor(ox + view.cell_px * static_cast<float>(geometry.extent_x())));
  const float gy1 = std::min(p1.y, std::floor(oy + view.cell_px * static_cast<float>(geometry.extent_y())));
  if (!renderer.draws() || gx1 <= gx0 || gy1 <= gy0) {
    dl->AddRectFilled(p0, p1, background);
  } else {
    dl->AddRectFilled(p0, ImVec2(p1.x, gy0), background);              // above the grid
    dl->AddRectFilled(ImVec2(p0.x, gy1), p1, background);              // below
    dl->AddRectFilled(ImVec2(p0.x, gy0), ImVec2(gx0, gy1), background);  // left
    dl->AddRectFilled(ImVec2(gx1, gy0), ImVec2(p1.x, gy1), background);  // right
  }
  if (renderer.ready()) {
    renderer.draw(dl, view, level.width(), level.height(), grid_look(studio.appearance));
    draw_overlays(studio, fonts, dl);
    if (!studio.exercise())
      tools_.draw_preview(studio, dl, hovered_ ? std::optional<ImVec2>(level_pos(view, ImGui::GetIO().MousePos))
                                               : std::nullopt);
    if (!renderer.warning().empty()) draw_grid_warning(renderer, fonts, dl, p0, p1);
  } else {
    const std::string message = "The grid cannot be drawn:\n" + renderer.error();
    dl->AddText(fonts.ui, fonts.ui->FontSize, ImVec2(p0.x + 16, p0.y + 16),
                IM_COL32(255, 110, 110, 255), message.c_str(), nullptr, size.x - 32);
  }
  dl->PopClipRect();
}

// [SECTION] Input

// The left button is up: the tool's drag ends (its undo step closes), or the marker's.
void Viewport::finish_drag(Studio& studio, ImVec2 pos) {
  if (drag_ == Drag::Paint) tools_.release(studio, pos);
  else if (drag_ != Drag::None) studio.editor().end();  // the marker drag is one undo step
  drag_ = Drag::None;
}

void Viewport::handle_input(Studio& studio, bool hovered, bool active) {
  ImGuiIO& io = ImGui::GetIO();
  View& view = studio.view;
  const astar::Level& level = studio.level();
  hovered_.reset();
  if (!studio.exercise()) tools_.keys(studio);  // an exercise's level is not edited
  if (!ImGui::IsMousePosValid()) {  // the mouse left the window
    if (!io.MouseDown[ImGuiMouseButton_Left]) finish_drag(studio, last_pos_);
    return;
  }
  const GridGeometry geometry(level);
  const Cell cell = cell_at(view, level, io.MousePos);
  if ((hovered || active) && level.in_bounds(cell)) hovered_ = cell;

  // Zoom around the cursor.
  if (hovered && io.MouseWheel != 0.0f) {
    const float min_px = std::min(1.0f, 0.5f * std::min(view.canvas_w / level.width(),
                                                        view.canvas_h / level.height()));
    const float old_px = view.cell_px;
    float px = std::clamp(old_px * std::pow(1.2f, io.MouseWheel), std::max(min_px, 0.02f),
                          kMaxCellPx);
    if (px >= 4.0f) px = std::round(px);
    if (px == old_px && io.MouseWheel != 0.0f && px >= 4.0f)
      px = std::clamp(old_px + (io.MouseWheel > 0 ? 1.0f : -1.0f), 4.0f, kMaxCellPx);
    const float mx = io.MousePos.x - view.canvas_x, my = io.MousePos.y - view.canvas_y;
    view.offset_x = std::round(mx - (mx - view.offset_x) * (px / old_px));
    view.offset_y = std::round(my - (my - view.offset_y) * (px / old_px));
    view.cell_px = px;
  }

  // Pan with the right or middle button.
  if (active && (io.MouseDown[ImGuiMouseButton_Right] || io.MouseDown[ImGuiMouseButton_Middle])) {
    view.offset_x += io.MouseDelta.x;
    view.offset_y += io.MouseDelta.y;
  }

  // The start or goal marker under the mouse: its cell, or its disc (larger than tiny cells).
  auto on_marker = [&](Cell m) {
    if (cell == m) return true;
    const float r = std::max(5.0f, view.cell_px * 0.34f);
    const LevelPoint centre = screen_map(view).to_screen(geometry.centre(m));
    const float mx = static_cast<float>(centre.x) - io.MousePos.x;
    const float my = static_cast<float>(centre.y) - io.MousePos.y;
    return mx * mx + my * my <= r * r;
  };
  const bool on_start = on_marker(level.start()), on_goal = on_marker(level.goal());

  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && click_picks_cell(studio, cell)) return;
  if (studio.exercise()) return;
  // Left button: drag the start or goal marker, else the tool (tools.hpp). A drag with the
  // Shapes layer active moves shapes, so the markers are dragged from other layers only.
  const ImVec2 pos = level_pos(view, io.MousePos);
  // The Unit tool clicks through the markers: a unit may start or end on them.
  const bool markers_fixed = studio.appearance.layers.active == astar::Layer::Shapes ||
                             studio.tools.tool == Tool::Unit;
  // A right click that did not pan cancels the Unit tool's pending start.
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Right) &&
      io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Right] < 16.0f)
    unit_tool_cancel(studio);
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (on_start && !markers_fixed) {
      drag_ = Drag::Start;
      studio.editor().begin("Move start");
    } else if (on_goal && !markers_fixed) {
      drag_ = Drag::Goal;
      studio.editor().begin("Move goal");
    } else {
      drag_ = Drag::Paint;
      tools_.press(studio, pos, io.KeyShift);  // Shift: the opposite value
    }
    last_cell_ = cell;
  } else if (drag_ != Drag::None && io.MouseDown[ImGuiMouseButton_Left]) {
    if (drag_ == Drag::Paint) {
      tools_.drag(studio, pos);
    } else if (cell != last_cell_) {
      if (drag_ == Drag::Start) studio.move_start(cell);  // refused on walls, outside, the goal
      else studio.move_goal(cell);
    }
    last_cell_ = cell;
  } else {
    finish_drag(studio, pos);
  }
  last_pos_ = pos;

  if (drag_ == Drag::Start || drag_ == Drag::Goal ||
      (hovered && drag_ == Drag::None && studio.tools.tool != Tool::Unit && (on_start || on_goal)))
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
}

// [SECTION] Overlays

void Viewport::draw_overlays(const Studio& studio, const Fonts& fonts, ImDrawList* dl) const {
  const OverlayContext overlays(studio, fonts, dl);
  overlays.draw_all();
  // The cell under the mouse.
  if (hovered_ && drag_ == Drag::None) overlays.outline(*hovered_, IM_COL32(40, 130, 255, 220), 2.0f);
}

}  // namespace studio
