#include "overlays/jump_distances_overlay.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "astar/edit.hpp"
#include "astar/jump_distances.hpp"
#include "overlays/overlay_draw.hpp"

namespace studio {

using astar::Cell;

namespace {

// The jump distances of the level last drawn, and the solid mask they were computed from: each
// frame the mask is compared with the level's, and the cells that differ (their bounding
// rectangle) are updated. O(cells) a frame while the overlay shows, and only then.
class JumpDistancesCache {
 public:
  const astar::JumpDistances& get(const astar::Level& level) {
    const std::vector<std::uint8_t>& solid = level.solid_mask();
    if (table_.width() != level.width() || table_.height() != level.height() ||
        table_.empty() || mask_.size() != solid.size()) {
      table_.build(level);
      mask_ = solid;
      return table_;
    }
    if (std::equal(mask_.begin(), mask_.end(), solid.begin())) return table_;
    const int w = level.width();
    int x0 = w, y0 = level.height(), x1 = -1, y1 = -1;
    for (std::size_t i = 0; i < solid.size(); ++i) {
      if (solid[i] == mask_[i]) continue;
      const int x = static_cast<int>(i % static_cast<std::size_t>(w));
      const int y = static_cast<int>(i / static_cast<std::size_t>(w));
      x0 = std::min(x0, x);
      y0 = std::min(y0, y);
      x1 = std::max(x1, x);
      y1 = std::max(y1, y);
    }
    table_.update(level, astar::CellRect{{x0, y0}, {x1, y1}});
    mask_ = solid;
    return table_;
  }

 private:
  astar::JumpDistances table_;
  std::vector<std::uint8_t> mask_;
};

// Whether the overlay shows: JPS, running here (not refused: never on hexes), a level the table
// is made for, cells large enough for labels, the overlay on.
bool shown(const OverlayContext& ctx) {
  return ctx.show_text && ctx.ov.on(OverlayId::JumpDistances) && !ctx.level.is_hex() &&
         ctx.search.options().algorithm == astar::Algorithm::JumpPoint &&
         ctx.search.state() != astar::SearchState::Invalid &&
         ctx.level.cell_count() <= astar::JumpDistances::kMaxCells;
}

void draw_marker(const OverlayContext& ctx, ImVec2 c, astar::Dir d, ImU32 ink) {
  const int dx = astar::dx(d), dy = astar::dy(d);
  const float px = ctx.px;
  const bool diagonal = astar::is_diagonal(d);
  const ImVec2 tip(c.x + jump_marker_offset(dx, diagonal, 0.0f) * px,
                   c.y + jump_marker_offset(dy, diagonal, 0.0f) * px);
  const ImVec2 base(c.x + jump_marker_offset(dx, diagonal, 1.0f) * px,
                    c.y + jump_marker_offset(dy, diagonal, 1.0f) * px);
  // Half the base's width, across the direction (diagonal directions are longer: normalised).
  const float len = std::sqrt(static_cast<float>(dx * dx + dy * dy));
  const float half = 0.8f * kJumpMarkerLength * px;
  const ImVec2 across(-dy / len * half, dx / len * half);
  ctx.dl->AddTriangleFilled(tip, ImVec2(base.x + across.x, base.y + across.y),
                            ImVec2(base.x - across.x, base.y - across.y), ink);
}

}  // namespace

void draw_jump_distances(const OverlayContext& ctx) {
  if (!shown(ctx)) return;
  static JumpDistancesCache cache;  // one studio, one canvas
  const astar::JumpDistances& table = cache.get(ctx.level);
  const float alpha = ctx.ov.alpha(OverlayId::JumpDistances);
  const ImU32 ink = color(kJumpPointInk, alpha);
  const ImU32 faint = color(ctx.pal.text, 0.5f * alpha);
  const float size = std::clamp(ctx.px * 0.16f, 8.0f * ctx.k, 16.0f * ctx.k);
  char text[8];
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      if (!ctx.level.open({x, y})) continue;
      const ImVec2 c = ctx.center({x, y});
      // Seen cells show g, h and f where the numbers would go.
      const bool numbers = ctx.search.node({x, y}).state == astar::NodeState::Unseen;
      for (const astar::Dir d : astar::kAllDirs) {
        const int v = table.value({x, y}, d);
        if (v > 0) draw_marker(ctx, c, d, ink);
        if (v == 0 || !numbers) continue;
        std::snprintf(text, sizeof text, "%d", v > 0 ? v : -v);
        const ImVec2 ts = ctx.fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
        const ImVec2 at(c.x + astar::dx(d) * kJumpNumberOffset * ctx.px - ts.x * 0.5f,
                        c.y + astar::dy(d) * kJumpNumberOffset * ctx.px - ts.y * 0.5f);
        ctx.dl->AddText(ctx.fonts.small, size, at, v > 0 ? ink : faint, text);
      }
    }
}

}  // namespace studio
