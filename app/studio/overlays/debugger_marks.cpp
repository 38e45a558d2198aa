// The debugger's marks on the canvas (overlay_draw.hpp, draw_debugger_marks): breakpoint dots and
// the move just examined.
#include <algorithm>

#include "overlays/overlay_draw.hpp"

namespace studio {

using astar::Cell;

void draw_debugger_marks(const OverlayContext& ctx) {
  const Studio& studio = ctx.studio;
  ImDrawList* dl = ctx.dl;
  const float px = ctx.px;
  // In the top-left corner of the cell's label box (a square's own corner).
  auto corner = [&](Cell c) { return ctx.label_corner(c); };
  auto centre = [&](Cell c) { return ctx.center(c); };
  const float r = std::clamp(px * 0.16f, 2.5f, 7.0f);
  const astar::Breakpoints& b = studio.session().breakpoints();
  for (Cell c : b.on_take) {
    const ImVec2 p = corner(c);
    dl->AddCircleFilled(ImVec2(p.x + r + 1, p.y + r + 1), r, IM_COL32(230, 40, 40, 255), 12);
  }
  for (Cell c : b.on_open) {
    const ImVec2 p = corner(c);
    dl->AddCircle(ImVec2(p.x + r + 1, p.y + r + 1), r, IM_COL32(230, 40, 40, 255), 12, 2.0f);
  }

  // The move just examined: an arrow from the taken node to it.
  const astar::Search& s = studio.session().search();
  const std::size_t k = s.examined();
  const auto taken = s.last_taken();
  if (!s.mid_iteration() || k == 0 || k > s.taken_moves().size() || !taken) return;  // a trace has no moves
  const astar::Move& m = s.taken_moves()[k - 1];
  const auto& relaxed = s.last_relaxed();
  const bool better = std::find(relaxed.begin(), relaxed.end(), m.to) != relaxed.end();
  const ImU32 col = better ? IM_COL32(60, 230, 120, 255) : IM_COL32(200, 200, 200, 230);
  const ImVec2 a = centre(*taken), z = centre(m.to);
  const float thick = std::clamp(px * 0.1f, 1.5f, 5.0f);
  dl->AddLine(a, z, col, thick);
  dl->AddCircleFilled(z, thick * 1.6f, col, 12);
  if (!m.possible() || !better) {  // a cross on the skipped cell
    const float q = px * 0.3f;
    dl->AddLine(ImVec2(z.x - q, z.y - q), ImVec2(z.x + q, z.y + q), col, thick);
    dl->AddLine(ImVec2(z.x - q, z.y + q), ImVec2(z.x + q, z.y - q), col, thick);
  }
}

}  // namespace studio
