// An opened plan's findings on the canvas (plan_overlay.hpp).
#include "overlays/plan_overlay.hpp"

#include <algorithm>
#include <string>

#include "overlays/overlay_draw.hpp"

namespace studio {

namespace {

constexpr std::size_t kNamedPerTick = 8;  // labels beside cells; the Findings panel lists them all
constexpr std::size_t kMarkedFindings = 20'000;  // diamonds (a plan whose units pile up has millions)

bool visible(const OverlayContext& ctx, astar::Cell c) {
  return c.x >= ctx.x0 && c.x <= ctx.x1 && c.y >= ctx.y0 && c.y <= ctx.y1;
}

bool is_conflict(const astar::PlanFinding& f) {
  return f.kind == astar::PlanFindingKind::VertexConflict || f.kind == astar::PlanFindingKind::EdgeConflict;
}

// A dark label right of `c`'s centre, `r` out: what a finding is, on the canvas.
void label_beside(const OverlayContext& ctx, astar::Cell c, float r, const std::string& text) {
  const ImVec2 m = ctx.center(c);
  const ImVec2 at(m.x + r + 4.0f, m.y - ImGui::GetTextLineHeight() * 0.5f);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  ctx.dl->AddRectFilled(ImVec2(at.x - 3, at.y - 1), ImVec2(at.x + size.x + 3, at.y + size.y + 1),
                        IM_COL32(20, 20, 28, 215), 3.0f);
  ctx.dl->AddText(at, IM_COL32(255, 255, 255, 255), text.c_str());
}

// "vertex-conflict: units 0 and 1", "illegal-move: unit 2".
std::string finding_label(const astar::PlanFinding& f) {
  std::string out = std::string(astar::to_string(f.kind)) + ": unit";
  if (f.other) return out + "s " + std::to_string(*f.unit) + " and " + std::to_string(*f.other);
  return out + " " + std::to_string(*f.unit);
}

// The picked finding: a ring in the text colour and violet, its kind, units and tick beside it.
void selected_ring(const OverlayContext& ctx, const astar::PlanFinding& f) {
  const float r = kFindingRingRadius * ctx.px * 1.3f, thick = std::clamp(ctx.px * 0.08f, 2.0f, 5.0f);
  ctx.dl->AddCircle(ctx.center(f.cell), r, color(ctx.pal.text, 0.7f), 48, thick + 2.0f);
  ctx.dl->AddCircle(ctx.center(f.cell), r, color(kFindingMark), 48, thick);
  label_beside(ctx, f.cell, r, finding_label(f) + ", t = " + std::to_string(f.tick));
}

}  // namespace

void draw_plan_finding_marks(const OverlayContext& ctx) {
  const OpenedPlan* p = ctx.studio.opened_plan();
  if (!p || !ctx.studio.units_playback.shown()) return;
  const std::size_t now = ctx.studio.units_playback.tick();
  const float d = finding_mark_px(ctx.px), thick = std::clamp(ctx.px * 0.06f, 2.0f, 4.0f);
  const ImU32 mark = color(kFindingMark), edge = color(ctx.pal.text, 0.8f);
  const auto& all = p->report.findings;
  for (std::size_t i = 0; i < all.size() && i < kMarkedFindings; ++i) {
    const astar::PlanFinding& f = all[i];
    if (!f.unit || !visible(ctx, f.cell)) continue;  // above-optimum has no cell
    const ImVec2 m(ctx.center(f.cell).x, ctx.label_corner(f.cell).y + d + 1);
    const ImVec2 q[4] = {{m.x, m.y - d}, {m.x + d, m.y}, {m.x, m.y + d}, {m.x - d, m.y}};
    ctx.dl->AddConvexPolyFilled(q, 4, mark);
    ctx.dl->AddPolyline(q, 4, edge, ImDrawFlags_Closed, 1.0f);
  }
  // This tick's findings named beside their cells (the picked one below, with its tick), and
  // ringed in red unless Play units rings them already (the conflicts).
  const astar::PlanFinding* picked = p->selected ? &p->report.findings[*p->selected] : nullptr;
  std::size_t named = 0;
  // The findings are in order of tick (plan_check.hpp): this tick's are one run of them.
  const auto first = std::lower_bound(all.begin(), all.end(), now,
                                      [](const astar::PlanFinding& f, std::size_t t) { return f.tick < t; });
  for (auto it = first; it != all.end() && it->tick == now; ++it) {
    const astar::PlanFinding& f = *it;
    if (!f.unit || !visible(ctx, f.cell)) continue;
    if (!is_conflict(f))
      ctx.dl->AddCircle(ctx.center(f.cell), kFindingRingRadius * ctx.px, IM_COL32(235, 40, 40, 240), 32, thick);
    if (&f != picked && !(picked && picked->cell == f.cell) && named++ < kNamedPerTick)
      label_beside(ctx, f.cell, kFindingRingRadius * ctx.px, finding_label(f));
  }
  if (picked && picked->unit) selected_ring(ctx, *picked);
}

}  // namespace studio
