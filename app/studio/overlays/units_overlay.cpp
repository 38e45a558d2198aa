// The units on the canvas (units_overlay.hpp): lines first, then goal rings, then start discs, so
// that no line crosses a disc. Units whose start and goal are both off one side of the visible
// cells are skipped: a big army costs what the canvas shows.
#include "overlays/units_overlay.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "overlays/overlay_draw.hpp"

namespace studio {

namespace {

bool off_view(const OverlayContext& ctx, const astar::Unit& u) {
  return std::max(u.start.x, u.goal.x) < ctx.x0 || std::min(u.start.x, u.goal.x) > ctx.x1 ||
         std::max(u.start.y, u.goal.y) < ctx.y0 || std::min(u.start.y, u.goal.y) > ctx.y1;
}

struct UnitLook {
  float r;      // the start disc's and the goal ring's radius
  float ring;   // the goal ring's width
  float line;   // the start-to-goal line's width
  float text;   // the index's font size (0: no index)
};

UnitLook look_of(const OverlayContext& ctx) {
  const float unit = ctx.text_unit();
  UnitLook l{};
  l.r = std::max(2.5f, unit * 0.30f);
  l.ring = std::clamp(unit * 0.09f, 1.5f, 5.0f * ctx.k);
  l.line = std::clamp(unit * 0.05f, 1.0f, 3.0f * ctx.k);
  l.text = l.r >= 7.0f * ctx.k ? std::min(l.r * 1.2f, 28.0f * ctx.k) : 0.0f;
  return l;
}

void start_disc(const OverlayContext& ctx, const UnitLook& l, ImVec2 m, palette::Rgb rgb, const std::string& label) {
  ctx.dl->AddCircleFilled(m, l.r, color(rgb), 24);
  ctx.dl->AddCircle(m, l.r, IM_COL32(20, 20, 24, 200), 24, std::max(1.0f, l.line * 0.6f));
  if (l.text <= 0.0f || label.empty()) return;
  ImFont* font = ctx.fonts.large ? ctx.fonts.large : ctx.fonts.ui;
  const float size = label.size() > 2 ? l.text * 0.7f : l.text;
  const ImVec2 s = font->CalcTextSizeA(size, FLT_MAX, 0.0f, label.c_str());
  ctx.dl->AddText(font, size, ImVec2(m.x - s.x * 0.5f, m.y - s.y * 0.5f), IM_COL32(255, 255, 255, 255),
                  label.c_str());
}

// The line from the start disc's rim to the goal ring's: nothing when they touch.
void start_to_goal(const OverlayContext& ctx, const UnitLook& l, const astar::Unit& u, palette::Rgb rgb) {
  const ImVec2 a = ctx.center(u.start), b = ctx.center(u.goal);
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 2.0f * l.r) return;
  const float k = l.r / len;
  ctx.dl->AddLine(ImVec2(a.x + dx * k, a.y + dy * k), ImVec2(b.x - dx * k, b.y - dy * k), color(rgb, 0.85f), l.line);
}

}  // namespace

void draw_units(const OverlayContext& ctx) {
  const std::vector<astar::Unit>& units = ctx.level.units;
  const UnitLook l = look_of(ctx);
  ImDrawList* dl = ctx.dl;
  const UnitsPlayback& p = ctx.studio.units_playback;
  const bool playing = p.shown() && (p.planned() || p.cbs().active());  // they draw the units
  for (std::size_t i = 0; i < units.size() && !playing; ++i)
    if (!off_view(ctx, units[i])) start_to_goal(ctx, l, units[i], unit_colour(i));
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (off_view(ctx, units[i])) continue;
    const ImVec2 g = ctx.center(units[i].goal);
    dl->AddCircle(g, l.r, IM_COL32(20, 20, 24, 140), 24, l.ring + 1.5f);
    dl->AddCircle(g, l.r, color(unit_colour(i)), 24, l.ring);
  }
  for (std::size_t i = 0; i < units.size() && !playing; ++i)
    if (!off_view(ctx, units[i])) start_disc(ctx, l, ctx.center(units[i].start), unit_colour(i), std::to_string(i));
  if (const auto& s = ctx.studio.unit_start; s && ctx.level.in_bounds(*s)) {
    const ImVec2 m = ctx.center(*s);
    start_disc(ctx, l, m, unit_colour(units.size()), std::to_string(units.size()));
    dl->AddCircle(m, l.r + l.ring, IM_COL32(255, 255, 255, 235), 24, std::max(2.0f, l.ring * 0.8f));
  }
}

}  // namespace studio
