#include "overlay_draw.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <variant>
#include <vector>

#include "astar/heuristic_check.hpp"
#include "astar/moves.hpp"
#include "debugger.hpp"
#include "grid_renderer.hpp"
#include "layer_look.hpp"
#include "viewport.hpp"

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

}  // namespace

// [SECTION] The context

OverlayContext overlay_context(const Studio& studio, const Fonts& fonts, ImDrawList* dl,
                               std::optional<Cell> hovered) {
  const View& view = studio.view;
  const astar::Level& level = studio.level();
  const float px = view.cell_px;
  // Cell labels, zoom thresholds and line widths follow the UI scale and presentation mode.
  const float k = studio.appearance.label_scale();
  const float ox = view.canvas_x + view.offset_x, oy = view.canvas_y + view.offset_y;
  // Visible cells only: every overlay costs what the canvas shows, not what the level holds.
  const int x0 = std::max(0, static_cast<int>(std::floor((view.canvas_x - ox) / px)));
  const int y0 = std::max(0, static_cast<int>(std::floor((view.canvas_y - oy) / px)));
  const int x1 = std::min(level.width() - 1,
                          static_cast<int>(std::floor((view.canvas_x + view.canvas_w - ox) / px)));
  const int y1 = std::min(level.height() - 1,
                          static_cast<int>(std::floor((view.canvas_y + view.canvas_h - oy) / px)));
  return {studio, level, studio.search(), fonts, studio.appearance.colors(),
          studio.appearance.overlays, dl, ox, oy, px, k, x0, y0, x1, y1,
          px >= kTextMinPx * k, hovered};
}

// [SECTION] Under the search: the level's outline, the backward side, shapes, edges

namespace {

// The level's outline, so its edge shows against the background even next to walls.
void draw_level_outline(const OverlayContext& o) {
  o.dl->AddRect(ImVec2(o.ox - 1, o.oy - 1),
                ImVec2(o.ox + o.level.width() * o.px + 1, o.oy + o.level.height() * o.px + 1),
                color(o.pal.level_outline), 0.0f, 0, o.k >= 1.5f ? 2.0f : 1.0f);
}

// Searches from both ends: cells only the backward side (the search from the goal) has seen get
// a bluer hue over their open or closed tint. Their g is the cost to the goal.
void draw_backward_side(const OverlayContext& o) {
  if (!astar::info(o.search.options().algorithm).extras.sides) return;
  const ImU32 col = color(o.pal.backward, o.pal.backward_alpha);
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      const Cell c{x, y};
      if (o.level.wall(c) || o.studio.path_contains(c)) continue;
      if (o.search.side(c) != astar::Side::Backward) continue;
      const ImVec2 a = o.corner(c);
      o.dl->AddRectFilled(a, ImVec2(a.x + o.px, a.y + o.px), col);
    }
}

// Collision shapes over the grid (under arrows, path and markers): a filled outline, and when the
// agent has a radius, a thin outline of the shape widened by it: the margin every move keeps
// (a box widened by a radius is a rounded box). Shapes outside the canvas are skipped.
void draw_shape_layer(const OverlayContext& o) {
  const astar::Level& level = o.level;
  const View& view = o.studio.view;
  const palette::Palette& pal = o.pal;
  ImDrawList* dl = o.dl;
  const float alpha = o.studio.appearance.layers.alpha(astar::Layer::Shapes);
  if (level.shapes().empty() || alpha <= 0.0f) return;
  const float px = o.px;
  const float ox = o.ox, oy = o.oy;
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
    }
  }
}

// Edge overrides: each an arrow from its cell's centre across the border towards the neighbour,
// in its own lane (right of the move, so a move and its reverse sit side by side: a one-way link
// is an open arrow beside a blocked one), with its weight when the cells are large enough; a
// blocked move is red with a bar across the border. Zoomed out, a dot marks each cell with
// overrides; further out nothing. Only cells in view (and their neighbours, whose arrows cross
// into it) are visited: the map of overrides when it is the smaller, else the visible cells.
void draw_edge_layer(const OverlayContext& o) {
  const astar::Level& level = o.level;
  const palette::Palette& pal = o.pal;
  const Fonts& fonts = o.fonts;
  ImDrawList* dl = o.dl;
  const float k = o.k;
  const float alpha = o.studio.appearance.layers.alpha(astar::Layer::Edges);
  const auto& edges = level.edges();
  const float px = o.px;
  if (edges.empty() || alpha <= 0.0f || px < kEdgeDotMinPx) return;
  const float ox = o.ox, oy = o.oy;
  const int x0 = std::max(0, o.x0 - 1), y0 = std::max(0, o.y0 - 1);
  const int x1 = std::min(level.width() - 1, o.x1 + 1), y1 = std::min(level.height() - 1, o.y1 + 1);
  if (x1 < x0 || y1 < y0) return;
  const palette::LayerLook& look = pal.layers;
  const bool arrows = px >= kEdgeMinPx * k, text = px >= kEdgeTextMinPx * k;
  const float thick = std::clamp(px * 0.06f, 1.5f, 4.0f);
  const float head = std::clamp(px * 0.16f, 4.0f, 12.0f);
  const float size = std::clamp(px * 0.3f, 12.0f * k, 18.0f * k);
  const ImU32 halo = color(pal.floor, 0.85f * alpha);
  auto draw_one = [&](Cell from, astar::Dir d, const astar::EdgeOverride& e) {
    const ImVec2 c(ox + (from.x + 0.5f) * px, oy + (from.y + 0.5f) * px);
    const ImU32 ink = color(e.blocked ? look.edge_blocked : look.edge, alpha);
    if (!arrows) {
      const float r = std::max(1.0f, px * 0.18f);
      dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), ink);
      return;
    }
    const float vx = static_cast<float>(astar::dx(d)) * px, vy = static_cast<float>(astar::dy(d)) * px;
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
  const auto visible_cells = static_cast<std::size_t>(x1 - x0 + 1) * static_cast<std::size_t>(y1 - y0 + 1);
  if (edges.size() <= visible_cells) {
    for (const auto& [key, e] : edges) {
      const Cell from = level.cell(astar::CellIndex(key.first));
      if (from.x >= x0 && from.x <= x1 && from.y >= y0 && from.y <= y1) draw_one(from, key.second, e);
    }
    return;
  }
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      if (!level.has_edges({x, y})) continue;
      for (astar::Dir d : astar::kAllDirs)
        if (const auto e = level.edge({x, y}, d)) draw_one({x, y}, d, *e);
    }
}

// [SECTION] The search: cameFrom arrows, paths, the meeting cell

// cameFrom arrows: from each visited cell towards its parent. Zoomed out they cross the cell
// centre; with g/h/f shown they are smaller and sit below f, leaving the corners to g and h.
// A parent that is a jump point several cells away (Jump Point Search) also gets a thin line
// along the jump; the arrow on the cell points along it, as for adjacent parents.
void draw_came_from_arrows(const OverlayContext& o) {
  const float px = o.px;
  if (!o.ov.on(OverlayId::Arrows) || px < kArrowMinPx * o.k) return;
  const bool show_text = o.show_text;
  const float arrow_alpha = o.ov.alpha(OverlayId::Arrows);
  const ImU32 col = color(o.pal.arrow, (show_text ? 0.6f : 0.55f) * arrow_alpha);
  const float shift = show_text ? 0.3f * px : 0.0f;
  const float t0 = show_text ? -0.13f : -0.22f, t1 = show_text ? 0.13f : 0.34f;
  const float head = show_text ? std::clamp(px * 0.09f, 3.0f, 8.0f) : std::clamp(px * 0.13f, 3.0f, 8.0f);
  const float thick = std::clamp(px * 0.045f, 1.0f, 2.5f);
  const bool jumps = astar::info(o.search.options().algorithm).extras.jump_parents;
  const ImU32 jump_col = color(o.pal.arrow, 0.35f * arrow_alpha);
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      const astar::NodeView n = o.search.node({x, y});
      if (n.state == astar::NodeState::Unseen || !n.parent) continue;
      const ImVec2 c0 = o.center({x, y});
      if (jumps)
        if (const std::optional<Cell> from = o.search.jump_parent({x, y}))
          o.dl->AddLine(c0, o.center(*from), jump_col, std::max(1.0f, thick * 0.6f));
      const ImVec2 c(c0.x, c0.y + shift);
      float dx = static_cast<float>(n.parent->x - x), dy = static_cast<float>(n.parent->y - y);
      const float len = std::sqrt(dx * dx + dy * dy);
      dx /= len;
      dy /= len;
      const ImVec2 tail(c.x + dx * px * t0, c.y + dy * px * t0);
      const ImVec2 tip(c.x + dx * px * t1, c.y + dy * px * t1);
      const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
      o.dl->AddLine(tail, base, col, thick);
      o.dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                              ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), col);
    }
}

// The path's line width: thinner when g/h/f are shown, so the f values it crosses stay
// readable; presenting, bolder (k > 1).
float path_thickness(const OverlayContext& o) {
  const float px = o.px, k = o.k;
  return o.show_text ? std::clamp(px * 0.07f, 3.0f, 6.0f * k)
                     : std::clamp(px * 0.22f * std::min(k, 1.3f), 2.0f, 10.0f * k);
}

// The path found: a thick polyline through cell centres (waypoints: through them, with the turns
// marked). The path overlay off: no line (the grid shows its cells closed); its opacity fades it.
void draw_final_path(const OverlayContext& o) {
  const float path_alpha = o.ov.alpha(OverlayId::Path);
  const std::vector<Cell>& path = o.studio.path();
  if (path_alpha <= 0.0f || path.size() < 2 || o.studio.path_partial()) return;
  const palette::Palette& pal = o.pal;
  const float path_thick = path_thickness(o);
  const auto center = [&](Cell c) { return o.center(c); };
  // Jumps across arc over their gap; jumps up and down get a triangle marker.
  const auto& actions = o.studio.path_actions();
  const std::vector<ImVec2> points = path_points(path, actions, center);
  // A palette with a path outline (colour-blind: yellow on black) draws it under the line.
  if (palette::path_outlined(pal)) {
    const float outline = std::max(2.0f, path_thick * 0.35f);
    o.dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                      color(pal.path_outline, path_alpha), 0, path_thick + 2.0f * outline);
  }
  o.dl->AddPolyline(points.data(), static_cast<int>(points.size()), color(pal.path, path_alpha), 0,
                    path_thick);
  // Patterns on: a dot on every path cell, so the path reads without its hue too.
  if (o.studio.appearance.patterns && o.px >= kPatternMinPx) {
    const ImU32 dot = color(palette::path_dot(pal), path_alpha);
    const float r = std::max(2.0f, path_thick * 0.28f);
    for (Cell c : path) o.dl->AddCircleFilled(o.center(c), r, dot, 12);
  }
  draw_jump_markers(o.dl, pal, path, actions, center, std::clamp(o.px * 0.28f, 5.0f, 14.0f));
  // Waypoints joined by straight lines (Theta*): mark the turns.
  if (astar::info(o.search.options().algorithm).path_shape == astar::PathShape::Waypoints)
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
      o.dl->AddCircleFilled(points[i], path_thick * 1.1f, color(pal.path, path_alpha), 16);
      o.dl->AddCircle(points[i], path_thick * 1.1f, color(pal.text, 0.7f * path_alpha), 16,
                      std::max(1.0f, path_thick * 0.25f));
    }
}

// A partial path (no path exists; it leads to the reached cell nearest the goal): dashed and
// lighter, with a ring where it ends, so it never reads as a path to the goal.
void draw_partial_path(const OverlayContext& o) {
  const float path_alpha = o.ov.alpha(OverlayId::Path);
  const std::vector<Cell>& path = o.studio.path();
  if (path_alpha <= 0.0f || path.empty() || !o.studio.path_partial()) return;
  const palette::Palette& pal = o.pal;
  const float px = o.px, path_thick = path_thickness(o);
  const auto center = [&](Cell c) { return o.center(c); };
  const auto& actions = o.studio.path_actions();
  const std::vector<ImVec2> points = path_points(path, actions, center);
  const float dash = std::max(6.0f, px * 0.45f), gap = std::max(4.0f, px * 0.3f);
  add_dashed_polyline(o.dl, points, color(pal.text, 0.55f * path_alpha), path_thick + 2.0f, dash, gap);
  add_dashed_polyline(o.dl, points, color(pal.partial_path, path_alpha), path_thick, dash, gap);
  draw_jump_markers(o.dl, pal, path, actions, center, std::clamp(px * 0.28f, 5.0f, 14.0f));
  const float r = std::max(4.0f, px * 0.3f);
  o.dl->AddCircle(points.back(), r, color(pal.text, 0.55f * path_alpha), 24, path_thick * 0.5f + 2.0f);
  o.dl->AddCircle(points.back(), r, color(pal.partial_path, path_alpha), 24, path_thick * 0.5f);
}

// Mid-search (no path yet): the best known path to the node just taken ("how the search got
// here"), thinner and in the taken node's colour so it never reads as the final path. A cell
// the backward side took was reached from the goal (Search::path_to_taken).
void draw_path_so_far(const OverlayContext& o) {
  if (!o.studio.path().empty() || !o.search.last_taken() || !o.ov.on(OverlayId::Current)) return;
  const std::vector<Cell> so_far = o.search.path_to_taken();
  if (so_far.size() < 2) return;
  std::vector<ImVec2> points;
  for (Cell c : so_far) points.push_back(o.center(c));
  const float thick = std::clamp(o.px * 0.08f, 1.5f, 4.0f);
  o.dl->AddPolyline(points.data(), static_cast<int>(points.size()),
                    color(o.pal.taken, 0.8f * o.ov.alpha(OverlayId::Current)), 0, thick);
}

// The smoothed path (string pulling), on top of the grid path: a thin line with a dark edge so
// it reads over the orange path and the floor, and small dots at its waypoints.
void draw_smoothed_path(const OverlayContext& o) {
  const std::vector<Cell>& smoothed = o.studio.smoothed();
  if (smoothed.size() < 2) return;
  const palette::Palette& pal = o.pal;
  std::vector<ImVec2> sp;
  sp.reserve(smoothed.size());
  for (Cell c : smoothed) sp.push_back(o.center(c));
  const float thin = std::clamp(o.px * 0.08f, 2.0f, 4.0f);
  const float dot = std::max(thin * 1.4f, 3.0f);
  o.dl->AddPolyline(sp.data(), static_cast<int>(sp.size()), color(pal.text, 0.55f), 0, thin + 2.0f);
  o.dl->AddPolyline(sp.data(), static_cast<int>(sp.size()), color(pal.smoothed), 0, thin);
  for (const ImVec2& q : sp) {
    o.dl->AddCircleFilled(q, dot + 1.0f, color(pal.text, 0.55f), 12);
    o.dl->AddCircleFilled(q, dot, color(pal.smoothed), 12);
  }
}

// Searches from both ends: the meeting cell of the best start-to-goal path known so far.
void draw_meeting_cell(const OverlayContext& o) {
  const std::optional<Cell> meeting = o.search.meeting();
  if (!meeting) return;
  const ImVec2 m = o.center(*meeting);
  const float r = std::max(5.0f, o.px * 0.42f);
  const float t = std::clamp(o.px * 0.08f, 2.0f, 4.0f);
  o.dl->AddCircle(m, r, color(o.pal.text, 0.6f), 24, t + 2.0f);
  o.dl->AddCircle(m, r, color(o.pal.meet), 24, t);
}

// [SECTION] Cell labels: g, h and f, costs, expansion order

// The small labels' size and their inset from the cell's corners.
float small_label_size(const OverlayContext& o) {
  return std::clamp(o.px * 0.2f, 10.0f * o.k, 18.0f * o.k);
}
float label_pad(const OverlayContext& o) { return std::max(2.0f, o.px * 0.06f); }

// g (top left), h (top right) and f (centre): the classic layout.
void draw_cell_values(const OverlayContext& o) {
  if (!o.show_text) return;
  const float px = o.px, small = small_label_size(o), pad = label_pad(o);
  const float large = std::clamp(px * 0.3f, 13.0f * o.k, 32.0f * o.k);
  const ImU32 text = color(o.pal.text);
  const ImU32 faint = color(o.pal.text, 0.75f);
  const Fonts& fonts = o.fonts;
  char g[32], h[32], f[32];
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      const astar::NodeView n = o.search.node({x, y});
      if (n.state == astar::NodeState::Unseen) continue;
      format_value(g, sizeof g, n.g);
      format_value(h, sizeof h, n.h);
      format_value(f, sizeof f, n.f);
      const ImVec2 tl = o.corner({x, y});
      const ImVec2 c = o.center({x, y});
      const ImVec2 hs = fonts.small->CalcTextSizeA(small, FLT_MAX, 0.0f, h);
      o.dl->AddText(fonts.small, small, ImVec2(tl.x + pad + 1, tl.y + pad), faint, g);
      o.dl->AddText(fonts.small, small, ImVec2(tl.x + px - pad - hs.x, tl.y + pad), faint, h);
      const ImVec2 fs = fonts.large->CalcTextSizeA(large, FLT_MAX, 0.0f, f);
      o.dl->AddText(fonts.large, large, ImVec2(c.x - fs.x * 0.5f, c.y - fs.y * 0.5f - px * 0.02f),
                    text, f);
    }
}

// Costs other than 1, bottom left, on every open cell (they explain the g values), with g/h/f.
void draw_cell_costs(const OverlayContext& o) {
  if (!o.show_text) return;
  const astar::Level& level = o.level;
  const float px = o.px, small = small_label_size(o), pad = label_pad(o);
  const ImU32 faint = color(o.pal.text, 0.75f);
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      if (level.wall({x, y}) || level.cost({x, y}) == 1.0) continue;
      if (Cell{x, y} == level.start() || Cell{x, y} == level.goal()) continue;  // badge there
      char cost[32] = "\xC3\x97";  // a multiplication sign
      format_value(cost + 2, sizeof cost - 2, level.cost({x, y}));
      const ImVec2 tl = o.corner({x, y});
      o.dl->AddText(o.fonts.small, small, ImVec2(tl.x + pad + 1, tl.y + px - pad - small), faint, cost);
    }
}

// Expansion order: the iteration at which each closed cell was taken, centred (in the
// bottom-right corner when g/h/f are shown), on a light pill so it reads over any tint. Only
// on cells big enough.
void draw_expansion_order(const OverlayContext& o) {
  const float px = o.px, k = o.k;
  if (!o.ov.on(OverlayId::Order) || px < kOrderMinPx * k) return;
  const std::vector<std::int64_t>& order = o.studio.expansion_order();
  const float size = o.show_text ? std::clamp(px * 0.17f, 9.0f * k, 15.0f * k)
                                 : std::clamp(px * 0.36f, 9.0f * k, 20.0f * k);
  const float a = o.ov.alpha(OverlayId::Order);
  const ImU32 ink = color(o.pal.text, a), pill = color(o.pal.floor, 0.75f * a);
  char buf[24];
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      const std::int64_t it = order[astar::to_u32(o.level.index({x, y}))];
      if (it <= 0) continue;
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(it));
      const ImVec2 ts = o.fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, buf);
      if (ts.x > px - 4.0f) continue;  // too many digits for this zoom
      const ImVec2 c = o.center({x, y}), tl = o.corner({x, y});
      const float pad = std::max(3.0f, px * 0.06f);
      const ImVec2 at = o.show_text ? ImVec2(tl.x + px - pad - ts.x, tl.y + px - pad - ts.y)
                                    : ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f);
      o.dl->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + ts.x + 2.0f, at.y + ts.y), pill, 3.0f);
      o.dl->AddText(o.fonts.small, size, at, ink, buf);
    }
}

// [SECTION] The heuristic check, the last step, start and goal, the mouse

// A short arrow along each move c -> b where h is inconsistent (h(c) > cost(c -> b) + h(b)).
void draw_inconsistent_moves(const OverlayContext& o, const astar::HeuristicReport& report,
                             const astar::MovePolicy& policy, Cell c, ImU32 bad) {
  const float px = o.px;
  const float thick = std::clamp(px * 0.05f, 1.0f, 2.5f);
  const std::size_t i = report.index(c);
  policy.for_each_move(c, [&](const astar::Move& m) {
    if (!m.possible() || !o.level.in_bounds(m.to)) return;
    const double rhs = m.cost + report.h[report.index(m.to)];
    if (!(report.h[i] > rhs + astar::kHeuristicTolerance * std::max(1.0, std::abs(rhs)))) return;
    const ImVec2 c0 = o.center(c), c1 = o.center(m.to);
    float dx = c1.x - c0.x, dy = c1.y - c0.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    dx /= len;
    dy /= len;
    const ImVec2 tip(c0.x + dx * px * 0.45f, c0.y + dy * px * 0.45f);
    const ImVec2 tail(c0.x + dx * px * 0.15f, c0.y + dy * px * 0.15f);
    const float head = std::clamp(px * 0.1f, 3.0f, 7.0f);
    const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
    o.dl->AddLine(tail, base, bad, thick);
    o.dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                            ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), bad);
  });
}

// The heuristic check (after Check heuristic): a red triangle in the bottom-right corner of
// each cell where h overestimates the true cost, and red arrows along inconsistent moves.
void draw_heuristic_marks(const OverlayContext& o) {
  const auto& report = o.studio.heuristic_report();
  if (!report || !o.ov.on(OverlayId::Heuristic) || report->width != o.level.width() ||
      report->height != o.level.height())
    return;
  const float px = o.px;
  const float a = o.ov.alpha(OverlayId::Heuristic);
  const ImU32 mark = color(kOverestimateMark, a), bad = color(kInconsistentMark, a);
  const float t = kOverestimateMarkSize * px;
  const astar::MovePolicy policy(o.level);
  for (int y = o.y0; y <= o.y1; ++y)
    for (int x = o.x0; x <= o.x1; ++x) {
      const Cell c{x, y};
      const std::size_t i = report->index(c);
      if (report->overestimates[i]) {
        const ImVec2 z(o.corner(c).x + px, o.corner(c).y + px);
        o.dl->AddTriangleFilled(ImVec2(z.x - t, z.y), ImVec2(z.x, z.y - t), z, mark);
      }
      if (!report->inconsistent[i] || px < kArrowMinPx * o.k) continue;
      draw_inconsistent_moves(o, *report, policy, c, bad);
    }
}

// The last step: its neighbours whose g improved, and the node it took.
void draw_last_step(const OverlayContext& o) {
  const float px = o.px;
  const float relaxed_thick = std::clamp(px * 0.06f, 1.0f, 2.0f);
  const float inset = o.show_text ? relaxed_thick * 0.5f + 1.0f : std::max(1.5f, px * 0.08f);
  if (o.ov.on(OverlayId::Examined))
    for (Cell c : o.search.last_relaxed()) {
      const ImVec2 a = o.corner(c);
      o.dl->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(a.x + px - inset, a.y + px - inset),
                    color(o.pal.relaxed, o.ov.alpha(OverlayId::Examined)), 0.0f, 0, relaxed_thick);
    }
  if (const auto taken = o.search.last_taken(); taken && o.ov.on(OverlayId::Current)) {
    const ImVec2 a = o.corner(*taken);
    const float t = std::clamp(px * 0.1f, 2.0f, 4.0f);
    o.dl->AddRect(ImVec2(a.x - t * 0.5f, a.y - t * 0.5f), ImVec2(a.x + px + t * 0.5f, a.y + px + t * 0.5f),
                  color(o.pal.taken, o.ov.alpha(OverlayId::Current)), 0.0f, 0, t);
  }
}

// Start or goal: a disc with S/G, never smaller than a few pixels. With g/h/f shown, a coloured
// frame and a small badge in the bottom-left corner instead, so f stays visible.
void draw_endpoint(const OverlayContext& o, Cell c, palette::Rgb rgb, const char* label) {
  const float px = o.px;
  if (!o.show_text) {
    draw_endpoint_marker(o.dl, o.fonts, o.center(c), px, rgb, label);
    return;
  }
  const ImVec2 a = o.corner(c);
  const float t = std::clamp(px * 0.05f, 2.0f, 4.0f);
  o.dl->AddRect(ImVec2(a.x + t * 0.5f, a.y + t * 0.5f), ImVec2(a.x + px - t * 0.5f, a.y + px - t * 0.5f),
                color(rgb), 0.0f, 0, t);
  const float r = std::clamp(px * 0.13f, 7.0f, 14.0f);
  const ImVec2 m(a.x + t + r + 2.0f, a.y + px - t - r - 2.0f);
  o.dl->AddCircleFilled(m, r, color(rgb), 20);
  const float size = r * 1.3f;
  const ImVec2 s = o.fonts.large->CalcTextSizeA(size, FLT_MAX, 0.0f, label);
  o.dl->AddText(o.fonts.large, size, ImVec2(m.x - s.x * 0.5f, m.y - s.y * 0.5f),
                IM_COL32(255, 255, 255, 255), label);
}

void draw_endpoints(const OverlayContext& o) {
  draw_endpoint(o, o.level.start(), o.pal.start, "S");
  draw_endpoint(o, o.level.goal(), o.pal.goal, "G");
}

// The cell under the mouse.
void draw_hovered_cell(const OverlayContext& o) {
  if (!o.hovered) return;
  const ImVec2 a = o.corner(*o.hovered);
  o.dl->AddRect(a, ImVec2(a.x + o.px, a.y + o.px), IM_COL32(40, 130, 255, 220), 0.0f, 0, 2.0f);
}

}  // namespace

// [SECTION] All of them, bottom to top

void draw_overlays(const OverlayContext& o) {
  draw_level_outline(o);
  draw_backward_side(o);
  // The level's overlay layers, at their layer panel opacities (hidden: not drawn).
  draw_shape_layer(o);
  draw_edge_layer(o);
  draw_came_from_arrows(o);
  draw_final_path(o);
  draw_partial_path(o);
  draw_path_so_far(o);
  draw_smoothed_path(o);
  draw_meeting_cell(o);
  draw_cell_values(o);
  draw_cell_costs(o);
  draw_expansion_order(o);
  draw_heuristic_marks(o);
  draw_last_step(o);
  draw_endpoints(o);
  draw_debugger_marks(o.studio, o.dl, ImVec2(o.ox, o.oy), o.px);
  draw_hovered_cell(o);
}

}  // namespace studio
