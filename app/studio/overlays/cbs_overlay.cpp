// CBS watched on the canvas (cbs_overlay.hpp): the node shown's plans, units, conflict and
// constraints, the low-level search under way, the breakpoint's cell and the hover's words.
#include "overlays/cbs_overlay.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "astar/format.hpp"
#include "overlays/overlay_draw.hpp"
#include "overlays/units_overlay.hpp"

namespace studio {

namespace {

using astar::Cell;

float line_width(const OverlayContext& ctx) { return std::clamp(ctx.px * 0.05f, 1.0f, 3.0f * ctx.k); }
float disc_radius(const OverlayContext& ctx) { return std::max(2.5f, ctx.text_unit() * 0.30f); }
float label_size(const OverlayContext& ctx) { return std::clamp(ctx.px * 0.26f, 9.0f * ctx.k, 16.0f * ctx.k); }

// A small label with a dark backing, its top-left corner at `at`; returns its height.
float label(const OverlayContext& ctx, ImVec2 at, const std::string& text, ImU32 col) {
  ImFont* font = ctx.fonts.ui ? ctx.fonts.ui : ImGui::GetFont();
  const float size = label_size(ctx);
  const ImVec2 s = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  ctx.dl->AddRectFilled(ImVec2(at.x - 1, at.y), ImVec2(at.x + s.x + 1, at.y + s.y), IM_COL32(15, 15, 18, 200), 2.0f);
  ctx.dl->AddText(font, size, at, col, text.c_str());
  return s.y;
}

std::string tick_span(std::size_t tick, bool edge) {
  return edge ? std::to_string(tick - 1) + "-" + std::to_string(tick) : std::to_string(tick);
}

// The plans, a line and a dot per tick (the ticks to come brighter), and the units at the tick.
void draw_plans(const OverlayContext& ctx, const CbsWatch& w) {
  const float r = disc_radius(ctx), line = line_width(ctx);
  const std::size_t now = w.tick();
  const std::vector<astar::UnitPlan>& plans = w.plans();
  draw_plan_lines(ctx, plans, now, r, line);
  draw_unit_discs(ctx, w.positions(), r, line);
}

// A conflict ringed in red with its tick; `main`: the one the node was split at (thicker).
void draw_conflict(const OverlayContext& ctx, const astar::Conflict& c, bool main) {
  const float r = disc_radius(ctx) * 1.6f, width = std::max(main ? 3.0f : 1.5f, line_width(ctx) * (main ? 2.0f : 1.0f));
  const ImU32 red = IM_COL32(240, 40, 40, main ? 250 : 190);
  const bool edge = c.kind == astar::Conflict::Kind::Edge;
  ctx.dl->AddCircle(ctx.center(c.cell), r, red, 28, width);
  if (edge) {
    ctx.dl->AddCircle(ctx.center(c.other), r, red, 28, width);
    ctx.dl->AddLine(ctx.center(c.cell), ctx.center(c.other), red, width);
  }
  // The tick above the ring (an edge conflict's: above the middle of the two cells).
  const ImVec2 a = ctx.center(c.cell), b = edge ? ctx.center(c.other) : a;
  const ImVec2 top((a.x + b.x) * 0.5f - label_size(ctx) * 0.6f, std::min(a.y, b.y) - r - label_size(ctx) * 1.1f);
  label(ctx, top, "t" + tick_span(c.tick, edge), IM_COL32(255, 110, 110, 255));
}

// An arrow from a to b with a bar across its middle: a move forbidden.
void barred_arrow(const OverlayContext& ctx, ImVec2 a, ImVec2 b, ImU32 col, float width) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0.0f) return;
  const float ux = dx / len, uy = dy / len, head = ctx.px * 0.16f;
  const ImVec2 tail(a.x + ux * ctx.px * 0.2f, a.y + uy * ctx.px * 0.2f), tip(b.x - ux * ctx.px * 0.2f, b.y - uy * ctx.px * 0.2f);
  ctx.dl->AddLine(tail, tip, col, width);
  ctx.dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * head - uy * head * 0.6f, tip.y - uy * head + ux * head * 0.6f),
                            ImVec2(tip.x - ux * head + uy * head * 0.6f, tip.y - uy * head - ux * head * 0.6f), col);
  const ImVec2 mid((tail.x + tip.x) * 0.5f, (tail.y + tip.y) * 0.5f);
  const float bar = ctx.px * 0.15f;
  ctx.dl->AddLine(ImVec2(mid.x - uy * bar, mid.y + ux * bar), ImVec2(mid.x + uy * bar, mid.y - ux * bar), col, width * 1.5f);
}

// The constraints' marks, under the plans: a cross on a vertex constraint's cell, a barred arrow
// for an edge constraint.
void draw_constraint_marks(const OverlayContext& ctx, const CbsWatch& w) {
  const float width = std::max(2.0f, line_width(ctx) * 1.4f);
  for (const astar::CbsConstraint& c : w.constraints()) {
    const ImU32 col = color(unit_colour(c.unit), 0.8f);
    const ImVec2 m = ctx.center(c.cell);
    if (c.kind == astar::CbsConstraint::Kind::Edge) {
      barred_arrow(ctx, ctx.center(c.from), m, col, width);
      continue;
    }
    const float d = ctx.px * 0.28f;
    ctx.dl->AddLine(ImVec2(m.x - d, m.y - d), ImVec2(m.x + d, m.y + d), col, width);
    ctx.dl->AddLine(ImVec2(m.x - d, m.y + d), ImVec2(m.x + d, m.y - d), col, width);
  }
}

// Their labels, over the units: "u3 t9" ("u3 t8-9" for an edge) stacked down from the top-left
// corner of the cell (an edge constraint's: the cell it may not enter).
void draw_constraint_labels(const OverlayContext& ctx, const CbsWatch& w) {
  if (ctx.px < 14.0f * ctx.k) return;
  std::map<std::pair<int, int>, float> stacked;  // the labels' height so far per cell
  for (const astar::CbsConstraint& c : w.constraints()) {
    const bool edge = c.kind == astar::CbsConstraint::Kind::Edge;
    float& down = stacked[{c.cell.x, c.cell.y}];
    const ImVec2 corner = ctx.label_corner(c.cell);
    const std::string text = "u" + std::to_string(c.unit) + " t" + tick_span(c.tick, edge);
    down += label(ctx, ImVec2(corner.x + 1.0f, corner.y + 1.0f + down), text, color(unit_colour(c.unit))) + 1.0f;
  }
}

// The low-level search under way: its nodes (taken filled, open outlined), under the plans.
void draw_search(const OverlayContext& ctx, const astar::CbsPlanner& p) {
  const astar::SpaceTimeSearch* s = p.search();
  const std::optional<std::size_t> unit = p.searching_unit();
  if (s == nullptr || !unit) return;
  const palette::Rgb mine = unit_colour(*unit);
  const float line = line_width(ctx);
  for (const astar::SpaceTimeNode& n : s->nodes()) {
    if (n.closed) ctx.fill(n.cell, color(mine, 0.30f), ctx.px * 0.25f);
    else ctx.outline(n.cell, color(mine, 0.85f), line, ctx.px * 0.25f);
  }
}

// Its last node taken, ringed in white with its tick, over the units.
void draw_last_taken(const OverlayContext& ctx, const astar::CbsPlanner& p) {
  const astar::SpaceTimeSearch* s = p.search();
  if (s == nullptr || !p.searching_unit() || !s->last_taken()) return;
  const float line = line_width(ctx);
  const astar::SpaceTimeNode& n = s->nodes()[*s->last_taken()];
  const float r = disc_radius(ctx) * 1.3f;
  ctx.dl->AddCircle(ctx.center(n.cell), r, IM_COL32(255, 255, 255, 240), 24, std::max(2.0f, line * 1.5f));
  if (ctx.show_text)
    label(ctx, ImVec2(ctx.center(n.cell).x + r, ctx.center(n.cell).y + r * 0.3f), "t" + std::to_string(n.t), IM_COL32(255, 255, 255, 255));
}

// Hovering a cell: "(2, 1): u1 may not be here at t = 3; units 0 and 1 both here at t = 3;
// search nodes at t = 2, 3 (open)".
void hover_words(const OverlayContext& ctx, const CbsWatch& w) {
  if (!ImGui::IsWindowHovered()) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const Cell c = ctx.geom.pick(ctx.map, mouse.x, mouse.y);
  if (!ctx.level.in_bounds(c)) return;
  std::string text;
  for (const astar::CbsConstraint& k : w.constraints())
    if (k.cell == c || (k.kind == astar::CbsConstraint::Kind::Edge && k.from == c)) text += "\n" + astar::constraint_text(k);
  for (const astar::Conflict& k : w.conflicts())
    if (k.cell == c || k.other == c) text += "\n" + astar::conflict_text(k);
  if (const astar::SpaceTimeSearch* s = w.planner()->search()) {
    std::string ticks;
    for (const astar::SpaceTimeNode& n : s->nodes())
      if (n.cell == c) ticks += (ticks.empty() ? "" : ", ") + std::to_string(n.t) + (n.closed ? "" : " (open)");
    if (!ticks.empty()) text += "\nsearch nodes at t = " + ticks;
  }
  if (!text.empty()) ImGui::SetTooltip("%s%s", astar::cell_text(c).c_str(), text.c_str());
}

}  // namespace

void draw_cbs_watch(const OverlayContext& ctx) {
  const CbsWatch& w = ctx.studio.units_playback.cbs();
  if (!w.active()) return;
  const astar::CbsPlanner& p = *w.planner();
  draw_search(ctx, p);
  draw_constraint_marks(ctx, w);  // under the plans: a unit may stand on a cell forbidden later
  draw_plans(ctx, w);
  const std::optional<std::uint32_t> shown = w.shown_node();
  const std::optional<astar::Conflict> split = shown ? p.nodes()[*shown].conflict : std::nullopt;
  if (split) draw_conflict(ctx, *split, true);
  else
    for (const astar::Conflict& c : w.conflicts()) draw_conflict(ctx, c, false);
  draw_constraint_labels(ctx, w);
  draw_last_taken(ctx, p);
  if (w.breaks.conflict_at) {
    const ImVec2 m = ctx.center(*w.breaks.conflict_at);
    ctx.dl->AddCircleFilled(ImVec2(m.x - ctx.px * 0.3f, m.y + ctx.px * 0.3f), std::max(3.0f, ctx.px * 0.09f), IM_COL32(230, 30, 30, 255), 16);
  }
  hover_words(ctx, w);
}

}  // namespace studio
