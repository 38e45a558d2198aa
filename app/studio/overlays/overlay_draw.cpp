#include "overlays/overlay_draw.hpp"
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <variant>
#include <vector>

#include "astar/heuristic_check.hpp"
#include "astar/moves.hpp"
#include "overlays/exercise_overlay.hpp"
#include "overlays/flow_overlay.hpp"
#include "overlays/hierarchy_overlay.hpp"
#include "overlays/jump_distances_overlay.hpp"
#include "overlays/layer_look.hpp"
#include "overlays/plan_overlay.hpp"
#include "overlays/reach_overlay.hpp"
#include "overlays/units_overlay.hpp"

namespace studio {

using astar::Cell;

namespace {

// A dashed polyline: dashes of `dash` pixels with gaps of `gap`, continuing across corners.
void add_dashed_polyline(ImDrawList* dl, const std::vector<ImVec2>& points, ImU32 col,
                         float thick, float dash, float gap) {
  bool on = true;         // in a dash (else in a gap)
  float remaining = dash;  // pixels left in the current dash or gap
  for (std::size_t i = 1; i < points.size(); ++i) {
    const ImVec2 a = points[i - 1], b = points[i];
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0.0f) continue;
    auto draw = [&](float t0, float t1) {
      if (on)
        dl->AddLine(ImVec2(a.x + dx * t0 / len, a.y + dy * t0 / len),
                    ImVec2(a.x + dx * t1 / len, a.y + dy * t1 / len), col, thick);
    };
    // Every pass but the last ends a dash or gap, and the next one is a whole dash or gap
    // (several pixels): this always gets to the segment's end.
    for (float t = 0.0f;;) {
      if (len - t <= remaining) {
        draw(t, len);
        remaining -= len - t;
        break;
      }
      draw(t, t + remaining);
      t += remaining;
      on = !on;
      remaining = on ? dash : gap;
    }
  }
}

// The path as screen points through cell centres, with an arc over the gap for each jump across
// (`actions`, one per step, may be empty: then every step is straight). Arcs bulge up the screen
// (left for vertical jumps), so a jump reads as a jump whichever way it goes.
template <class Center>
std::vector<ImVec2> path_points(const std::vector<Cell>& path,
                                const std::vector<astar::MoveAction>& actions, Center&& center) {
  std::vector<ImVec2> out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    const ImVec2 b = center(path[i]);
    if (i > 0 && i - 1 < actions.size() && actions[i - 1] == astar::MoveAction::JumpAcross) {
      const ImVec2 a = out.back();
      const float dx = b.x - a.x, dy = b.y - a.y;
      const float len = std::sqrt(dx * dx + dy * dy);
      float nx = dy / len, ny = -dx / len;
      if (ny > 0.0f || (ny == 0.0f && nx > 0.0f)) {
        nx = -nx;
        ny = -ny;
      }
      // A quadratic Bezier whose apex is 0.35 len off the straight line.
      const ImVec2 c((a.x + b.x) * 0.5f + nx * len * 0.7f, (a.y + b.y) * 0.5f + ny * len * 0.7f);
      constexpr int kSteps = 16;
      for (int k = 1; k < kSteps; ++k) {
        const float t = static_cast<float>(k) / kSteps, u = 1.0f - t;
        out.emplace_back(u * u * a.x + 2 * u * t * c.x + t * t * b.x,
                         u * u * a.y + 2 * u * t * c.y + t * t * b.y);
      }
    }
    out.push_back(b);
  }
  return out;
}

// Markers on the steps that jump up or down: a small triangle pointing up or down at the step's
// middle, light with a dark edge so it reads over the orange path.
template <class Center>
void draw_jump_markers(ImDrawList* dl, const palette::Palette& pal, const std::vector<Cell>& path,
                       const std::vector<astar::MoveAction>& actions, Center&& center, float size) {
  for (std::size_t i = 0; i < actions.size() && i + 1 < path.size(); ++i) {
    const bool up = actions[i] == astar::MoveAction::JumpUp;
    if (!up && actions[i] != astar::MoveAction::JumpDown) continue;
    const ImVec2 a = center(path[i]), b = center(path[i + 1]);
    const ImVec2 m((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    const float s = up ? -size : size;  // the tip's direction on screen
    const ImVec2 tip(m.x, m.y + s), l(m.x - size, m.y - s * 0.6f), r(m.x + size, m.y - s * 0.6f);
    dl->AddTriangleFilled(tip, l, r, color(pal.floor));
    dl->AddTriangle(tip, l, r, color(pal.text, 0.85f), std::max(1.0f, size * 0.2f));
  }
}

// "12", "12.5": whole numbers without decimals.
void format_value(char* buf, std::size_t n, double v) {
  if (std::isinf(v)) std::snprintf(buf, n, "inf");
  else if (std::abs(v - std::round(v)) < 0.05) std::snprintf(buf, n, "%.0f", v);
  else std::snprintf(buf, n, "%.1f", v);
}

// A convex polygon on screen (its corners in either order): filled, outlined and, with an agent
// radius, ringed by the line at that distance (straight beside the edges, round at the corners).
void convex_shape(ImDrawList* dl, std::vector<ImVec2> pts, float margin_px, ImU32 fill, ImU32 edge,
                  ImU32 margin, float thick) {
  const std::size_t n = pts.size();
  if (n < 3) return;
  float area2 = 0;  // twice the signed area, on screen
  for (std::size_t i = 0; i < n; ++i)
    area2 += pts[i].x * pts[(i + 1) % n].y - pts[(i + 1) % n].x * pts[i].y;
  if (area2 < 0) std::reverse(pts.begin(), pts.end());  // ImGui fills clockwise (on screen)
  if (margin_px > 0) {
    // Outward normal of the edge from corner i to i + 1, as an angle.
    auto normal = [&](std::size_t i) {
      const ImVec2 a = pts[i], b = pts[(i + 1) % n];
      return std::atan2(-(b.x - a.x), b.y - a.y);
    };
    for (std::size_t i = 0; i < n; ++i) {
      const float from = normal((i + n - 1) % n);
      float to = normal(i);
      while (to < from) to += 2 * std::numbers::pi_v<float>;
      dl->PathArcTo(pts[i], margin_px, from, to, 8);
    }
    dl->PathStroke(margin, ImDrawFlags_Closed, 1.0f);
  }
  dl->AddConvexPolyFilled(pts.data(), static_cast<int>(n), fill);
  dl->AddPolyline(pts.data(), static_cast<int>(n), edge, ImDrawFlags_Closed, thick);
}

}  // namespace

// [SECTION] The context

OverlayContext::OverlayContext(const Studio& s, const Fonts& f, ImDrawList* list)
    : studio(s),
      level(s.level()),
      search(s.session().search()),
      pal(s.appearance.colors()),
      ov(s.appearance.overlays),
      fonts(f),
      dl(list),
      px(s.view.cell_px),
      k(s.appearance.label_scale()),
      ox(s.view.canvas_x + s.view.offset_x),
      oy(s.view.canvas_y + s.view.offset_y),
      geom(s.level()),
      map(screen_map(s.view)) {
  const View& view = s.view;
  if (!geom.is_hex()) {
    x0 = std::max(0, static_cast<int>(std::floor((view.canvas_x - ox) / px)));
    y0 = std::max(0, static_cast<int>(std::floor((view.canvas_y - oy) / px)));
    x1 = std::min(level.width() - 1, static_cast<int>(std::floor((view.canvas_x + view.canvas_w - ox) / px)));
    y1 = std::min(level.height() - 1, static_cast<int>(std::floor((view.canvas_y + view.canvas_h - oy) / px)));
  } else {
    const LevelPoint a = map.to_level(view.canvas_x, view.canvas_y);
    const LevelPoint b = map.to_level(view.canvas_x + view.canvas_w, view.canvas_y + view.canvas_h);
    const CellSpan span = geom.cells_near({a.x, a.y, b.x, b.y});
    x0 = span.x0, y0 = span.y0, x1 = span.x1, y1 = span.y1;
  }
  // A hexagon's label box is smaller than a square's (0.8 wide, 0.6 or 0.66 high): g, h and f
  // come in later.
  show_text = px >= kTextMinPx * k * (geom.is_hex() ? kHexTextZoom : 1.0f);
}

void OverlayContext::draw_all() const {
  // An exercise (but find-bug, which replays its trace): the student's view, not the search's.
  if (const ExerciseMode* ex = studio.exercise(); ex && ex->spec().kind != astar::ExerciseKind::FindBug) {
    level_outline();
    shapes();
    edge_overrides();
    if (ex->spec().kind == astar::ExerciseKind::Repair) {  // LPA*'s search before the edit
      came_from_arrows();
      path();
      cell_values();
    }
    draw_exercise(*this);
    endpoints();
    draw_exercise_top(*this);
    return;
  }
  level_outline();
  backward_side();
  shapes();  // the level's overlay layers, at their layer panel opacities (hidden: not drawn)
  edge_overrides();
  walk_fog();
  consistency_tints();
  draw_flow_field(*this);  // Play units' flow field: heat and arrows, under the search's marks
  draw_movement_range(*this);  // the range's region and border, under arrows and the path
  draw_unreachable(*this);     // the flow field's cells without a flow
  draw_hierarchy(*this);       // HPA*'s clusters, entrances and abstract graph
  came_from_arrows();
  path();
  draw_optimal_path(*this);    // HPA*: plain A*'s path beside the refined one
  smoothed_path();
  meeting_cell();
  cell_values();
  draw_jump_distances(*this);
  expansion_order();
  heuristic_marks();
  last_step();
  endpoints();
  draw_units(*this);  // units that move, over the start and goal markers
  draw_units_playback(*this);  // and, playing them, where they stand at the tick
  walk_trail();  // the agent over the start marker it left
  findings();  // over the markers: a finding may sit on the start or the goal
  draw_plan_finding_marks(*this);  // an opened plan's (plan_overlay.hpp)
  draw_debugger_marks(*this);
}

// [SECTION] A trace's findings

void OverlayContext::findings() const {
  const TraceMode* t = studio.trace_mode();
  if (!t || studio.exercise()) return;  // find-bug: the findings are the answer
  const float d = finding_mark_px(px);
  const ImU32 mark = color(kFindingMark), edge = color(pal.text, 0.8f);
  for (const astar::Finding& f : t->report.findings) {
    if (f.cell.x < x0 || f.cell.x > x1 || f.cell.y < y0 || f.cell.y > y1) continue;
    const ImVec2 p(center(f.cell).x, label_corner(f.cell).y + d + 1);
    const ImVec2 q[4] = {{p.x, p.y - d}, {p.x + d, p.y}, {p.x, p.y + d}, {p.x - d, p.y}};
    dl->AddConvexPolyFilled(q, 4, mark);
    dl->AddPolyline(q, 4, edge, ImDrawFlags_Closed, 1.0f);
  }
  if (!t->selected) return;
  const ImVec2 c = center(t->report.findings[*t->selected].cell);
  const float r = kFindingRingRadius * px, thick = std::clamp(px * 0.08f, 2.0f, 5.0f);
  dl->AddCircle(c, r, color(pal.text, 0.7f), 48, thick + 2.0f);
  dl->AddCircle(c, r, mark, 48, thick);
}

// [SECTION] The level

// The level's outline, so its edge shows against the background even next to walls.
void OverlayContext::level_outline() const {
  const float thick = k >= 1.5f ? 2.0f : 1.0f;
  if (geom.is_hex()) {  // the hexagons' outer sides
    outline_cells(dl, map, geom, {0, 0, level.width() - 1, level.height() - 1}, color(pal.level_outline), thick);
    return;
  }
  dl->AddRect(ImVec2(ox - 1, oy - 1), ImVec2(ox + level.width() * px + 1, oy + level.height() * px + 1),
              color(pal.level_outline), 0.0f, 0, thick);
}

// Collision shapes over the grid (under arrows, path and markers): a filled outline, and when the
// agent has a radius, a thin outline of the shape widened by it: the margin every move keeps
// (a box widened by a radius is a rounded box). Shapes outside the canvas are skipped.
void OverlayContext::shapes() const {
  const float alpha = studio.appearance.layers.alpha(astar::Layer::Shapes);
  const View& view = studio.view;
  if (level.shapes().empty() || alpha <= 0.0f) return;
  const double radius = level.rules().agent_radius;
  const ImU32 fill = color(pal.shape, pal.shape_alpha * alpha);
  const ImU32 edge = color(pal.text, 0.9f * alpha);
  const ImU32 margin = color(pal.shape, 0.7f * alpha);
  const float thick = std::clamp(px * 0.06f, 1.0f, 2.5f);
  auto sx = [&](double x) { return ox + static_cast<float>(x) * px; };
  auto sy = [&](double y) { return oy + static_cast<float>(y) * px; };
  for (const astar::Shape& shape : level.shapes()) {
    const astar::Box b = astar::widened_bounds(shape, radius);
    if (sx(b.max_x) < view.canvas_x || sx(b.min_x) > view.canvas_x + view.canvas_w ||
        sy(b.max_y) < view.canvas_y || sy(b.min_y) > view.canvas_y + view.canvas_h)
      continue;
    if (const auto* c = std::get_if<astar::Circle>(&shape)) {
      const ImVec2 m(sx(c->x), sy(c->y));
      const float r = static_cast<float>(c->r) * px;
      if (radius > 0) dl->AddCircle(m, r + static_cast<float>(radius) * px, margin, 0, 1.0f);
      dl->AddCircleFilled(m, r, fill, 0);
      dl->AddCircle(m, r, edge, 0, thick);
    } else if (const auto* box = std::get_if<astar::Box>(&shape)) {
      const ImVec2 a(sx(box->min_x), sy(box->min_y)), z(sx(box->max_x), sy(box->max_y));
      if (radius > 0) {
        const float w = static_cast<float>(radius) * px;
        dl->AddRect(ImVec2(a.x - w, a.y - w), ImVec2(z.x + w, z.y + w), margin, w, 0, 1.0f);
      }
      dl->AddRectFilled(a, z, fill);
      dl->AddRect(a, z, edge, 0.0f, 0, thick);
    } else {  // a rotated box or a polygon
      std::vector<ImVec2> pts;
      for (const astar::Point& p : astar::shape_corners(shape)) pts.emplace_back(sx(p.x), sy(p.y));
      convex_shape(dl, std::move(pts), static_cast<float>(radius) * px, fill, edge, margin, thick);
    }
  }
}

// Edge overrides: each an arrow from its cell's centre across the border towards the neighbour,
// in its own lane (right of the move, so a move and its reverse sit side by side: a one-way link
// is an open arrow beside a blocked one), with its weight when the cells are large enough; a
// blocked move is red with a bar on the border. Zoomed out, a dot marks each cell with
// overrides; further out nothing. Only cells in view (and their neighbours, whose arrows cross
// into it) are visited: the map of overrides when it is the smaller, else the visible cells.
void OverlayContext::edge_overrides() const {
  const float alpha = studio.appearance.layers.alpha(astar::Layer::Edges);
  const auto& edges = level.edges();
  if (edges.empty() || alpha <= 0.0f || px < kEdgeDotMinPx) return;
  const int ex0 = std::max(0, x0 - 1), ey0 = std::max(0, y0 - 1);
  const int ex1 = std::min(level.width() - 1, x1 + 1), ey1 = std::min(level.height() - 1, y1 + 1);
  if (ex1 < ex0 || ey1 < ey0) return;
  const palette::LayerLook& look = pal.layers;
  const bool arrows = px >= kEdgeMinPx * k, text = px >= kEdgeTextMinPx * k;
  const float thick = std::clamp(px * 0.06f, 1.5f, 4.0f);
  const float head = std::clamp(px * 0.16f, 4.0f, 12.0f);
  const float size = std::clamp(px * 0.3f, 12.0f * k, 18.0f * k);
  const ImU32 halo = color(pal.floor, 0.85f * alpha);
  auto draw_one = [&](Cell from, astar::Dir d, const astar::EdgeOverride& e) {
    const ImVec2 c = center(from);
    const ImU32 ink = color(e.blocked ? look.edge_blocked : look.edge, alpha);
    if (!arrows) {
      const float r = std::max(1.0f, px * 0.18f);
      dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), ink);
      return;
    }
    const ImVec2 v = step(from, d);  // to the neighbour's centre: the border is half-way
    const float vx = v.x, vy = v.y;
    const float len = std::sqrt(vx * vx + vy * vy);
    const float ux = vx / len, uy = vy / len;
    const float nx = -uy * kEdgeLane * px, ny = ux * kEdgeLane * px;  // to the right on screen
    auto at = [&](float t, float side = 1.0f) {
      return ImVec2(c.x + vx * t + nx * side, c.y + vy * t + ny * side);
    };
    const ImVec2 tail = at(kEdgeTail), tip = at(kEdgeTip);
    const ImVec2 base(tip.x - ux * head, tip.y - uy * head);
    const ImVec2 l(base.x - uy * head * 0.6f, base.y + ux * head * 0.6f);
    const ImVec2 r(base.x + uy * head * 0.6f, base.y - ux * head * 0.6f);
    dl->AddLine(tail, base, halo, thick + 2.0f);
    dl->AddTriangle(tip, l, r, halo, 2.0f);
    dl->AddLine(tail, base, ink, thick);
    dl->AddTriangleFilled(tip, l, r, ink);
    if (e.blocked) {
      const ImVec2 m = at(kEdgeBar);
      const float b = head * 0.9f;
      dl->AddLine(ImVec2(m.x - uy * b, m.y + ux * b), ImVec2(m.x + uy * b, m.y - ux * b), ink,
                  thick * 1.3f);
    } else if (text) {
      char buf[32];
      format_value(buf, sizeof buf, e.weight);
      const ImVec2 ts = fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, buf);
      const ImVec2 m = at(0.32f, 1.0f + 0.5f * ts.y / (kEdgeLane * px) + 0.35f);
      const ImVec2 p(m.x - ts.x * 0.5f, m.y - ts.y * 0.5f);
      dl->AddRectFilled(ImVec2(p.x - 2.0f, p.y), ImVec2(p.x + ts.x + 2.0f, p.y + ts.y),
                        color(pal.floor, 0.8f * alpha), 3.0f);
      dl->AddText(fonts.small, size, p, ink, buf);
    }
  };
  const auto visible_cells = static_cast<std::size_t>(ex1 - ex0 + 1) * static_cast<std::size_t>(ey1 - ey0 + 1);
  if (edges.size() <= visible_cells) {
    for (const auto& [key, e] : edges) {
      const Cell from = level.cell(astar::CellIndex(key.first));
      if (from.x >= ex0 && from.x <= ex1 && from.y >= ey0 && from.y <= ey1) draw_one(from, key.second, e);
    }
    return;
  }
  for (int y = ey0; y <= ey1; ++y)
    for (int x = ex0; x <= ex1; ++x) {
      if (!level.has_edges({x, y})) continue;
      for (astar::Dir d : level.directions())
        if (const auto e = level.edge({x, y}, d)) draw_one({x, y}, d, *e);
    }
}

// [SECTION] The search

// Bidirectional A*: cells only the backward side (the search from the goal) has seen get a
// bluer hue over their open or closed tint. Their g is the cost to the goal.
void OverlayContext::backward_side() const {
  if (!astar::info(search.options().algorithm).extras.sides) return;
  const ImU32 col = color(pal.backward, pal.backward_alpha);
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const Cell c{x, y};
      if (level.wall(c) || studio.session().path_contains(c)) continue;
      if (search.side(c) != astar::Side::Backward) continue;
      fill(c, col);
    }
}

// cameFrom arrows: from each visited cell towards its parent's centre (on hexes along one of
// the six directions). Zoomed out they cross the cell centre; with g/h/f shown they are smaller
// and sit below f, leaving the corners to g and h.
void OverlayContext::came_from_arrows() const {
  if (ov.on(OverlayId::Arrows) && px >= kArrowMinPx * k) {
    const float arrow_alpha = ov.alpha(OverlayId::Arrows);
    const ImU32 col = color(pal.arrow, (show_text ? 0.6f : 0.55f) * arrow_alpha);
    const float shift = show_text ? (geom.is_hex() ? 0.24f : 0.3f) * px : 0.0f;
    const float t0 = show_text ? -0.13f : -0.22f, t1 = show_text ? 0.13f : 0.34f;
    const float head = show_text ? std::clamp(px * 0.09f, 3.0f, 8.0f) : std::clamp(px * 0.13f, 3.0f, 8.0f);
    const float thick = std::clamp(px * 0.045f, 1.0f, 2.5f);
    // Jump Point Search: a parent is the previous jump point, often several cells away. A thin
    // line shows the jump; the arrow on the cell points along it, as for adjacent parents.
    const bool jumps = astar::info(search.options().algorithm).extras.jump_parents;
    const ImU32 jump_col = color(pal.arrow, 0.35f * arrow_alpha);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const astar::NodeView n = search.node({x, y});
        if (n.state == astar::NodeState::Unseen || !n.parent) continue;
        const ImVec2 c0 = center({x, y});
        if (jumps && std::max(std::abs(n.parent->x - x), std::abs(n.parent->y - y)) > 1)
          dl->AddLine(c0, center(*n.parent), jump_col, std::max(1.0f, thick * 0.6f));
        const ImVec2 c(c0.x, c0.y + shift);
        float dx = static_cast<float>(n.parent->x - x), dy = static_cast<float>(n.parent->y - y);
        if (geom.is_hex()) {  // offset cells are not where their hexagons are: the centres are
          const ImVec2 p = center(*n.parent);
          dx = p.x - c0.x;
          dy = p.y - c0.y;
        }
        const float len = std::sqrt(dx * dx + dy * dy);
        dx /= len;
        dy /= len;
        const ImVec2 tail(c.x + dx * px * t0, c.y + dy * px * t0);
        const ImVec2 tip(c.x + dx * px * t1, c.y + dy * px * t1);
        const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
        dl->AddLine(tail, base, col, thick);
        dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                              ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), col);
      }
  }
}

// The path: a thick polyline through cell centres (Theta*: through its waypoints). A partial path
// (no path exists; it leads to the reached cell nearest the goal) is dashed and lighter, with a
// ring where it ends, so it never reads as a path to the goal. Before there is a path: the best
// known path to the node just taken. The path overlay off: no line (the grid shows its cells
// closed); its opacity fades it.
void OverlayContext::path() const {
  const SearchSession& session = studio.session();
  static const std::vector<Cell> kNoPath;
  const PathLook look = path_look();
  const auto& path = look.alpha > 0.0f ? session.path() : kNoPath;
  if (path.size() >= 2 && !session.path_partial()) final_path(path, look);
  else if (!path.empty() && session.path_partial()) partial_path(path, look);
  else if (search.last_taken() && session.path().empty() && ov.on(OverlayId::Current))
    path_so_far();
}

OverlayContext::PathLook OverlayContext::path_look() const {
  PathLook look{};
  look.alpha = ov.alpha(OverlayId::Path);
  // Thinner when g/h/f are shown, so the f values it crosses stay readable. Presenting: bolder
  // (k > 1).
  look.thick = show_text ? std::clamp(px * 0.07f, 3.0f, 6.0f * k)
                         : std::clamp(px * 0.22f * std::min(k, 1.3f), 2.0f, 10.0f * k);
  // A palette with a path outline (colour-blind: yellow on black) draws it under the line.
  look.outlined = palette::path_outlined(pal);
  look.outline = std::max(2.0f, look.thick * 0.35f);
  // Jumps across arc over their gap; jumps up and down get a triangle marker.
  look.jump_mark = std::clamp(px * 0.28f, 5.0f, 14.0f);
  return look;
}

void OverlayContext::final_path(const std::vector<Cell>& path, const PathLook& look) const {
  const auto& actions = studio.session().path_actions();
  const auto at = [this](Cell c) { return center(c); };
  const std::vector<ImVec2> points = path_points(path, actions, at);
  if (look.outlined)
    dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                    color(pal.path_outline, look.alpha), 0, look.thick + 2.0f * look.outline);
  dl->AddPolyline(points.data(), static_cast<int>(points.size()), color(pal.path, look.alpha), 0,
                  look.thick);
  // Patterns on: a dot on every path cell, so the path reads without its hue too.
  if (studio.appearance.patterns && px >= kPatternMinPx) {
    const ImU32 dot = color(palette::path_dot(pal), look.alpha);
    const float r = std::max(2.0f, look.thick * 0.28f);
    for (Cell c : path) dl->AddCircleFilled(center(c), r, dot, 12);
  }
  draw_jump_markers(dl, pal, path, actions, at, look.jump_mark);
  // Theta*'s path is waypoints joined by straight lines: mark the turns.
  if (astar::info(search.options().algorithm).path_shape == astar::PathShape::Waypoints)
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
      dl->AddCircleFilled(points[i], look.thick * 1.1f, color(pal.path, look.alpha), 16);
      dl->AddCircle(points[i], look.thick * 1.1f, color(pal.text, 0.7f * look.alpha), 16,
                    std::max(1.0f, look.thick * 0.25f));
    }
}

void OverlayContext::partial_path(const std::vector<Cell>& path, const PathLook& look) const {
  const auto& actions = studio.session().path_actions();
  const auto at = [this](Cell c) { return center(c); };
  const std::vector<ImVec2> points = path_points(path, actions, at);
  const float dash = std::max(6.0f, px * 0.45f), gap = std::max(4.0f, px * 0.3f);
  add_dashed_polyline(dl, points, color(pal.text, 0.55f * look.alpha), look.thick + 2.0f, dash, gap);
  add_dashed_polyline(dl, points, color(pal.partial_path, look.alpha), look.thick, dash, gap);
  draw_jump_markers(dl, pal, path, actions, at, look.jump_mark);
  const float r = std::max(4.0f, px * 0.3f);
  dl->AddCircle(points.back(), r, color(pal.text, 0.55f * look.alpha), 24, look.thick * 0.5f + 2.0f);
  dl->AddCircle(points.back(), r, color(pal.partial_path, look.alpha), 24, look.thick * 0.5f);
}

// Mid-search: the best known path from the start to the node just taken ("how the search got
// here"), thinner and in the taken node's colour so it never reads as the final path.
void OverlayContext::path_so_far() const {
  // Bidirectional A*'s backward side got there from the goal.
  const std::vector<Cell> so_far = search.path_to_taken();
  if (so_far.size() >= 2) {
    std::vector<ImVec2> points;
    for (Cell c : so_far) points.push_back(center(c));
    const float thick = std::clamp(px * 0.08f, 1.5f, 4.0f);
    dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                    color(pal.taken, 0.8f * ov.alpha(OverlayId::Current)), 0, thick);
  }
}

// The smoothed path (string pulling), on top of the grid path: a thin line with a dark edge so
// it reads over the orange path and the floor, and small dots at its waypoints.
void OverlayContext::smoothed_path() const {
  if (const auto& smoothed = studio.session().smoothed(); smoothed.size() >= 2) {
    std::vector<ImVec2> sp;
    sp.reserve(smoothed.size());
    for (Cell c : smoothed) sp.push_back(center(c));
    const float thin = std::clamp(px * 0.08f, 2.0f, 4.0f);
    const float dot = std::max(thin * 1.4f, 3.0f);
    dl->AddPolyline(sp.data(), static_cast<int>(sp.size()), color(pal.text, 0.55f), 0,
                    thin + 2.0f);
    dl->AddPolyline(sp.data(), static_cast<int>(sp.size()), color(pal.smoothed), 0, thin);
    for (const ImVec2& q : sp) {
      dl->AddCircleFilled(q, dot + 1.0f, color(pal.text, 0.55f), 12);
      dl->AddCircleFilled(q, dot, color(pal.smoothed), 12);
    }
  }
}

// Bidirectional A*: the meeting cell of the best start-to-goal path known so far.
void OverlayContext::meeting_cell() const {
  if (const std::optional<Cell> meeting = search.meeting()) {
    const ImVec2 m = center(*meeting);
    const float r = std::max(5.0f, px * 0.42f);
    const float t = std::clamp(px * 0.08f, 2.0f, 4.0f);
    dl->AddCircle(m, r, color(pal.text, 0.6f), 24, t + 2.0f);
    dl->AddCircle(m, r, color(pal.meet), 24, t);
  }
}

// g (top left), h (top right) and f (centre) of the cell's label box: the classic layout.
void OverlayContext::cell_values() const {
  if (show_text) {
    const ImVec2 box = label_size();
    const float unit = text_unit();
    const float small = std::clamp(unit * 0.2f, 10.0f * k, 18.0f * k);
    const float large = std::clamp(unit * 0.3f, 13.0f * k, 32.0f * k);
    const float pad = std::max(2.0f, unit * 0.06f);
    const ImU32 text = color(pal.text);
    const ImU32 faint = color(pal.text, 0.75f);
    char g[32], h[32], f[32];
    // LPA* and D* Lite: g and rhs apart (top left, top right: "rhs 12"), f the key's k1.
    const astar::ReplanningSearch* rs = studio.session().replanning();
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const astar::NodeView n = search.node({x, y});
        if (n.state == astar::NodeState::Unseen && !(rs && std::isfinite(rs->vertex({x, y}).rhs))) continue;
        if (rs) {
          const astar::ReplanVertex v = rs->vertex({x, y});
          format_value(g, sizeof g, v.g);
          std::snprintf(h, sizeof h, "rhs ");
          format_value(h + 4, sizeof h - 4, v.rhs);
        } else {
          format_value(g, sizeof g, n.g);
          format_value(h, sizeof h, n.h);
        }
        format_value(f, sizeof f, n.f);
        const ImVec2 tl = label_corner({x, y});
        const ImVec2 c = center({x, y});
        const ImVec2 hs = fonts.small->CalcTextSizeA(small, FLT_MAX, 0.0f, h);
        dl->AddText(fonts.small, small, ImVec2(tl.x + pad + 1, tl.y + pad), faint, g);
        dl->AddText(fonts.small, small, ImVec2(tl.x + box.x - pad - hs.x, tl.y + pad), faint, h);
        const ImVec2 fs = fonts.large->CalcTextSizeA(large, FLT_MAX, 0.0f, f);
        dl->AddText(fonts.large, large, ImVec2(c.x - fs.x * 0.5f, c.y - fs.y * 0.5f - unit * 0.02f),
                    text, f);
      }
    // Costs other than 1, bottom left, on every open cell (they explain the g values).
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        if (level.wall({x, y}) || level.cost({x, y}) == 1.0) continue;
        if (Cell{x, y} == level.start() || Cell{x, y} == level.goal()) continue;  // badge there
        char cost[32] = "\xC3\x97";  // a multiplication sign
        format_value(cost + 2, sizeof cost - 2, level.cost({x, y}));
        const ImVec2 tl = label_corner({x, y});
        dl->AddText(fonts.small, small, ImVec2(tl.x + pad + 1, tl.y + box.y - pad - small), faint, cost);
      }
  }
}

// Expansion order: the iteration at which each closed cell was taken, centred (in the
// bottom-right corner when g/h/f are shown), on a light pill so it reads over any tint. Only
// on cells big enough.
void OverlayContext::expansion_order() const {
  if (ov.on(OverlayId::Order) && px >= kOrderMinPx * k) {
    const std::vector<std::int64_t>& order = studio.session().expansion_order();
    const ImVec2 box = label_size();
    const float size = show_text ? std::clamp(px * 0.17f, 9.0f * k, 15.0f * k)
                                 : std::clamp(px * 0.36f, 9.0f * k, 20.0f * k);
    const float a = ov.alpha(OverlayId::Order);
    const ImU32 ink = color(pal.text, a), pill = color(pal.floor, 0.75f * a);
    char buf[24];
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const std::int64_t it = order[astar::to_u32(level.index({x, y}))];
        if (it <= 0) continue;
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(it));
        const ImVec2 ts = fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, buf);
        if (ts.x > box.x - 4.0f) continue;  // too many digits for this zoom
        const ImVec2 c = center({x, y}), tl = label_corner({x, y});
        const float pad = std::max(3.0f, px * 0.06f);
        const ImVec2 at = show_text ? ImVec2(tl.x + box.x - pad - ts.x, tl.y + box.y - pad - ts.y)
                                    : ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f);
        dl->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + ts.x + 2.0f, at.y + ts.y), pill, 3.0f);
        dl->AddText(fonts.small, size, at, ink, buf);
      }
  }
}

// The heuristic check (after Check heuristic): a red triangle in the bottom-right corner of
// each cell where h overestimates the true cost, and a short red arrow along each move a -> b
// where h is inconsistent (h(a) > cost(a -> b) + h(b)).
void OverlayContext::heuristic_marks() const {
  if (const auto& report = studio.session().heuristic_report(); report && ov.on(OverlayId::Heuristic) &&
      report->width == level.width() && report->height == level.height()) {
    const float a = ov.alpha(OverlayId::Heuristic);
    const ImU32 mark = color(kOverestimateMark, a), bad = color(kInconsistentMark, a);
    const float t = kOverestimateMarkSize * px;
    const ImVec2 box = label_size();
    const astar::MovePolicy policy(level);
    const float thick = std::clamp(px * 0.05f, 1.0f, 2.5f);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const Cell c{x, y};
        const std::size_t i = report->index(c);
        if (report->overestimates[i]) {
          const ImVec2 z(label_corner(c).x + box.x, label_corner(c).y + box.y);
          dl->AddTriangleFilled(ImVec2(z.x - t, z.y), ImVec2(z.x, z.y - t), z, mark);
        }
        if (!report->inconsistent[i] || px < kArrowMinPx * k) continue;
        policy.for_each_move(c, [&](const astar::Move& m) {
          if (!m.possible() || !level.in_bounds(m.to)) return;
          const double rhs = m.cost + report->h[report->index(m.to)];
          if (!(report->h[i] > rhs + astar::kHeuristicTolerance * std::max(1.0, std::abs(rhs)))) return;
          const ImVec2 c0 = center(c), c1 = center(m.to);
          float dx = c1.x - c0.x, dy = c1.y - c0.y;
          const float len = std::sqrt(dx * dx + dy * dy);
          dx /= len;
          dy /= len;
          const ImVec2 tip(c0.x + dx * px * 0.45f, c0.y + dy * px * 0.45f);
          const ImVec2 tail(c0.x + dx * px * 0.15f, c0.y + dy * px * 0.15f);
          const float head = std::clamp(px * 0.1f, 3.0f, 7.0f);
          const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
          dl->AddLine(tail, base, bad, thick);
          dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                                ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), bad);
        });
      }
  }
}

// The last step: its neighbours whose g improved, and the node it took.
void OverlayContext::last_step() const {
  const float relaxed_thick = std::clamp(px * 0.06f, 1.0f, 2.0f);
  const float inset = show_text ? relaxed_thick * 0.5f + 1.0f : std::max(1.5f, px * 0.08f);
  if (ov.on(OverlayId::Examined))
    for (Cell c : search.last_relaxed())
      outline(c, color(pal.relaxed, ov.alpha(OverlayId::Examined)), relaxed_thick, inset);
  if (const auto taken = search.last_taken(); taken && ov.on(OverlayId::Current)) {
    const float t = std::clamp(px * 0.1f, 2.0f, 4.0f);
    outline(*taken, color(pal.taken, ov.alpha(OverlayId::Current)), t, -t * 0.5f);
  }
}

// Start and goal markers: a disc with S/G, never smaller than a few pixels. With g/h/f shown,
// a coloured frame and a small badge in the bottom-left corner instead, so f stays visible.
void OverlayContext::endpoints() const {
  auto marker = [&](Cell c, palette::Rgb rgb, const char* label) {
    if (show_text) {
      const ImVec2 a = label_corner(c), box = label_size();
      const float t = std::clamp(px * 0.05f, 2.0f, 4.0f);
      outline(c, color(rgb), t, t * 0.5f);
      const float r = std::clamp(px * 0.13f, 7.0f, 14.0f);
      const ImVec2 m(a.x + t + r + 2.0f, a.y + box.y - t - r - 2.0f);
      dl->AddCircleFilled(m, r, color(rgb), 20);
      const float size = r * 1.3f;
      const ImVec2 s = fonts.large->CalcTextSizeA(size, FLT_MAX, 0.0f, label);
      dl->AddText(fonts.large, size, ImVec2(m.x - s.x * 0.5f, m.y - s.y * 0.5f),
                  IM_COL32(255, 255, 255, 255), label);
      return;
    }
    draw_endpoint_marker(dl, fonts, center(c), px, rgb, label);
  };
  marker(level.start(), pal.start, "S");
  marker(level.goal(), pal.goal, "G");
}

}  // namespace studio
