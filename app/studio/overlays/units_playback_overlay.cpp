// Play units on the canvas (units_overlay.hpp's draw_units_playback and draw_flow_field); while a
// cooperative planner is watched, its reservation table, plans so far and space-time nodes (CBS
// watched: cbs_overlay.hpp). The flow field of the focused unit's goal (its integration as a heat
// map, its flow as an arrow in every cell, cells that reach no goal crossed), the cells the plans
// hold after the current tick as faint marks in each unit's colour (hover one: who holds it and
// when), each plan as a thin line with a dot per tick, each unit as a disc with its number where
// it stands at the tick, and the conflicts of this tick ringed in red.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "astar/format.hpp"
#include "overlays/cbs_overlay.hpp"
#include "overlays/overlay_draw.hpp"
#include "overlays/units_overlay.hpp"

namespace studio {

namespace {

// Blue (near the goal) to amber (far): the integration's share of the largest finite one.
ImU32 heat(double share, float alpha) {
  const double s = std::clamp(share, 0.0, 1.0);
  const auto mix = [&](double a, double b) { return static_cast<int>(std::lround(a + (b - a) * s)); };
  return IM_COL32(mix(40, 250), mix(110, 170), mix(220, 40), static_cast<int>(alpha * 255.0f));
}

void flow_arrow(const OverlayContext& ctx, astar::Cell from, astar::Cell to, ImU32 col, float width) {
  const ImVec2 a = ctx.center(from), b = ctx.center(to);
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0.0f) return;
  const float ux = dx / len, uy = dy / len, half = ctx.px * 0.32f;
  const ImVec2 tail(a.x - ux * half, a.y - uy * half), tip(a.x + ux * half, a.y + uy * half);
  ctx.dl->AddLine(tail, tip, col, width);
  const float head = ctx.px * 0.16f;
  ctx.dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * head - uy * head * 0.6f, tip.y - uy * head + ux * head * 0.6f),
                            ImVec2(tip.x - ux * head + uy * head * 0.6f, tip.y - uy * head - ux * head * 0.6f), col);
}

// The cell under the mouse when the canvas is hovered.
std::optional<astar::Cell> hovered_cell(const OverlayContext& ctx) {
  if (!ImGui::IsWindowHovered()) return std::nullopt;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const astar::Cell c = ctx.geom.pick(ctx.map, m.x, m.y);
  if (!ctx.level.in_bounds(c)) return std::nullopt;
  return c;
}

// Who holds the hovered cell, and when: "(4, 1) held by unit 1 at t = 3, 4; unit 0 at t = 9 and on".
void hold_tooltip(const OverlayContext& ctx, const UnitsPlayback& p) {
  const std::optional<astar::Cell> c = hovered_cell(ctx);
  if (!c) return;
  const auto holds = p.holds(*c);  // by unit, then tick
  if (holds.empty()) return;
  std::string text = astar::cell_text(*c) + " held by";
  for (std::size_t k = 0; k < holds.size(); ++k) {
    const std::size_t unit = holds[k].first, t = holds[k].second;
    if (k == 0 || holds[k - 1].first != unit) text += (k == 0 ? " unit " : "; unit ") + std::to_string(unit) + " at t = ";
    else text += ", ";
    text += std::to_string(t);
    if (t + 1 == p.plans()[unit].cells.size()) text += " and on";
  }
  ImGui::SetTooltip("%s", text.c_str());
}

// Watching a cooperative planner: the reservation table (a faint mark per cell and tick, a ring
// per park), the plans committed so far, and the unit being planned's space-time nodes (closed
// filled, open outlined, the last taken ringed); hover: the table's holders and the nodes.
void draw_watch(const OverlayContext& ctx, const astar::CooperativePlanner& w) {
  const astar::ReservationTable& table = w.reservations();
  const float r = std::max(2.5f, ctx.text_unit() * 0.30f), line = std::clamp(ctx.px * 0.05f, 1.0f, 3.0f * ctx.k);
  table.for_each_vertex([&](astar::Cell c, std::uint32_t, std::size_t unit) {
    ctx.fill(c, color(unit_colour(unit), 0.14f), ctx.px * 0.12f);
  });
  table.for_each_park([&](astar::Cell c, std::uint32_t, std::size_t unit) {
    ctx.outline(c, color(unit_colour(unit), 0.9f), std::max(2.0f, line * 1.5f), ctx.px * 0.08f);
  });
  for (std::size_t i = 0; i < w.plans().size(); ++i) {
    const std::vector<astar::Cell>& cells = w.plans()[i].cells;
    for (std::size_t t = 1; t < cells.size(); ++t)
      ctx.dl->AddLine(ctx.center(cells[t - 1]), ctx.center(cells[t]), color(unit_colour(i), 0.8f), line);
    ctx.dl->AddCircleFilled(ctx.center(cells.front()), r * 0.7f, color(unit_colour(i)), 20);
  }
  const astar::SpaceTimeSearch* s = w.search();
  if (s == nullptr || !w.planning()) return;
  const palette::Rgb mine = unit_colour(*w.planning());
  for (const astar::SpaceTimeNode& n : s->nodes()) {
    if (n.closed) ctx.fill(n.cell, color(mine, 0.30f), ctx.px * 0.25f);
    else ctx.outline(n.cell, color(mine, 0.85f), line, ctx.px * 0.25f);
  }
  if (s->last_taken()) {
    const astar::SpaceTimeNode& n = s->nodes()[*s->last_taken()];
    ctx.dl->AddCircle(ctx.center(n.cell), r * 1.3f, IM_COL32(255, 255, 255, 240), 24, std::max(2.0f, line * 1.5f));
    if (ctx.show_text) {
      const std::string label = "t" + std::to_string(n.t);
      ctx.dl->AddText(ImVec2(ctx.center(n.cell).x + r, ctx.center(n.cell).y - r * 2.0f), IM_COL32(255, 255, 255, 255), label.c_str());
    }
  }
}

// Hovering while watching: "(4, 1) reserved by unit 0 at t = 3; parked: unit 1 from t = 8;
// nodes of unit 2 at t = 2, 3".
void watch_tooltip(const OverlayContext& ctx, const astar::CooperativePlanner& w) {
  const std::optional<astar::Cell> c = hovered_cell(ctx);
  if (!c) return;
  std::vector<std::pair<std::uint32_t, std::size_t>> held;
  w.reservations().for_each_vertex([&](astar::Cell at, std::uint32_t t, std::size_t unit) {
    if (at == *c) held.emplace_back(t, unit);
  });
  std::sort(held.begin(), held.end());
  std::string text;
  for (const auto& h : held) text += (text.empty() ? "reserved: " : ", ") + std::string("unit ") + std::to_string(h.second) + " at t = " + std::to_string(h.first);
  if (const auto park = w.reservations().parked(*c))
    text += (text.empty() ? "" : "; ") + std::string("parked: unit ") + std::to_string(park->unit) + " from t = " + std::to_string(park->from);
  if (const astar::SpaceTimeSearch* s = w.search(); s && w.planning()) {
    std::string ticks;
    for (const astar::SpaceTimeNode& n : s->nodes())
      if (n.cell == *c) ticks += (ticks.empty() ? "" : ", ") + std::to_string(n.t) + (n.closed ? "" : " (open)");
    if (!ticks.empty()) text += (text.empty() ? "" : "; ") + std::string("nodes of unit ") + std::to_string(*w.planning()) + " at t = " + ticks;
  }
  if (!text.empty()) ImGui::SetTooltip("%s %s", astar::cell_text(*c).c_str(), text.c_str());
}

}  // namespace

void draw_flow_field(const OverlayContext& ctx) {
  const UnitsPlayback& p = ctx.studio.units_playback;
  const astar::FlowField* f = p.shown() ? p.field() : nullptr;
  if (f == nullptr) return;
  double most = 0.0;
  for (astar::Cell c : f->settle_order()) most = std::max(most, f->integration_value(c));
  const bool arrows = ctx.px >= 9.0f * ctx.k, crosses = ctx.px >= 7.0f * ctx.k;
  const float width = std::clamp(ctx.px * 0.06f, 1.0f, 3.0f * ctx.k);
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      const astar::Cell c{x, y};
      if (f->state(c) == astar::FlowCellState::Settled) {
        ctx.fill(c, heat(most > 0 ? f->integration_value(c) / most : 0.0, 0.42f));
        if (const std::optional<astar::Move> m = f->flow(c); m && arrows)
          flow_arrow(ctx, c, m->to, IM_COL32(250, 250, 250, 215), width);
      } else if (f->unreachable(c) && crosses) {
        const ImVec2 m = ctx.center(c);
        const float r = ctx.px * 0.18f;
        ctx.dl->AddLine(ImVec2(m.x - r, m.y - r), ImVec2(m.x + r, m.y + r), IM_COL32(230, 80, 80, 200), width);
        ctx.dl->AddLine(ImVec2(m.x - r, m.y + r), ImVec2(m.x + r, m.y - r), IM_COL32(230, 80, 80, 200), width);
      }
    }
}

void draw_units_playback(const OverlayContext& ctx) {
  const UnitsPlayback& p = ctx.studio.units_playback;
  if (p.shown() && p.cbs().active()) {
    draw_cbs_watch(ctx);  // cbs_overlay.cpp: the constraint-tree node shown
    return;
  }
  if (p.shown() && p.watcher() != nullptr) {
    draw_watch(ctx, *p.watcher());
    watch_tooltip(ctx, *p.watcher());
    return;
  }
  if (!p.shown() || !p.planned()) return;
  const std::vector<astar::UnitPlan>& plans = p.plans();
  const std::size_t now = p.tick();
  const float r = std::max(2.5f, ctx.text_unit() * 0.30f), line = std::clamp(ctx.px * 0.05f, 1.0f, 3.0f * ctx.k);
  const bool cooperative = p.planner() != UnitsPlanner::FlowField && p.given().empty();  // a file's: no table
  // The cells held after now (the reservation table as the plans leave it), faint.
  if (cooperative)
    for (std::size_t i = 0; i < plans.size(); ++i)
      for (std::size_t t = now + 1; t < plans[i].cells.size(); ++t) ctx.fill(plans[i].cells[t], color(unit_colour(i), 0.16f), ctx.px * 0.12f);
  // Plans: a line with a dot per tick, the ticks still to come brighter.
  draw_plan_lines(ctx, plans, now, r, line);
  // Conflicts now, ringed in red under the units.
  for (const astar::Conflict& c : p.conflicts_now())
    ctx.dl->AddCircle(ctx.center(c.cell), r * 1.55f, IM_COL32(235, 40, 40, 240), 24, std::max(2.0f, line * 1.5f));
  draw_unit_discs(ctx, p.positions(), r, line);
  hold_tooltip(ctx, p);
}

void draw_plan_lines(const OverlayContext& ctx, const std::vector<astar::UnitPlan>& plans, std::size_t now,
                     float r, float line) {
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const std::vector<astar::Cell>& cells = plans[i].cells;
    for (std::size_t t = 1; t < cells.size(); ++t)
      ctx.dl->AddLine(ctx.center(cells[t - 1]), ctx.center(cells[t]), color(unit_colour(i), t <= now ? 0.30f : 0.75f), line);
    for (std::size_t t = 0; t < cells.size(); ++t)
      ctx.dl->AddCircleFilled(ctx.center(cells[t]), std::max(1.5f, r * 0.22f), color(unit_colour(i), t <= now ? 0.35f : 0.9f), 10);
  }
}

void draw_unit_discs(const OverlayContext& ctx, const std::vector<astar::Cell>& at, float r, float line) {
  ImFont* font = ctx.fonts.large ? ctx.fonts.large : ctx.fonts.ui;
  std::map<std::pair<int, int>, std::pair<int, int>> shared;  // cell -> (units there, drawn so far)
  for (astar::Cell c : at) ++shared[{c.x, c.y}].first;
  for (std::size_t i = 0; i < at.size(); ++i) {
    std::pair<int, int>& count = shared[{at[i].x, at[i].y}];
    const int there = count.first;
    ImVec2 m = ctx.center(at[i]);
    const float ri = there > 1 ? r * 0.8f : r;  // smaller, a disc and a half apart
    if (there > 1) m.x += r * 1.5f * (static_cast<float>(count.second++) - static_cast<float>(there - 1) * 0.5f);
    ctx.dl->AddCircleFilled(m, ri, color(unit_colour(i)), 24);
    ctx.dl->AddCircle(m, ri, IM_COL32(255, 255, 255, 230), 24, std::max(1.0f, line * 0.8f));
    if (ri < 7.0f * ctx.k || font == nullptr) continue;
    const std::string label = std::to_string(i);
    const float size = std::min(ri * (label.size() > 2 ? 0.85f : 1.2f), 28.0f * ctx.k);
    const ImVec2 sz = font->CalcTextSizeA(size, FLT_MAX, 0.0f, label.c_str());
    ctx.dl->AddText(font, size, ImVec2(m.x - sz.x * 0.5f, m.y - sz.y * 0.5f), IM_COL32(255, 255, 255, 255), label.c_str());
  }
}

}  // namespace studio
