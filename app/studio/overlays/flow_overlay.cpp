// The flow field's unreachable cells on the canvas (flow_overlay.hpp).
#include "overlays/flow_overlay.hpp"

#include <algorithm>

#include "astar/flow_field_search.hpp"
#include "overlays/overlay_draw.hpp"

namespace studio {

void draw_unreachable(const OverlayContext& ctx) {
  const float alpha = ctx.ov.alpha(OverlayId::Unreachable);
  if (alpha <= 0.0f || !astar::info(ctx.search.options().algorithm).extras.flow) return;
  const float d =
      std::clamp(kUnreachableMarkSize * ctx.px, kUnreachableMarkMinPx, kUnreachableMarkMaxPx);
  const float thick = std::clamp(ctx.px * 0.07f, 1.5f, 3.5f);
  const ImU32 col = color(kUnreachableMark, alpha);
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      if (!astar::cannot_reach_goal(ctx.search, {x, y})) continue;
      const ImVec2 m = ctx.center({x, y});
      ctx.dl->AddLine(ImVec2(m.x - d, m.y - d), ImVec2(m.x + d, m.y + d), col, thick);
      ctx.dl->AddLine(ImVec2(m.x - d, m.y + d), ImVec2(m.x + d, m.y - d), col, thick);
    }
}

}  // namespace studio
