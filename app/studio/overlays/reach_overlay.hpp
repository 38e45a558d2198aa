// The movement range on the canvas (issue 31, item 5): while the search has a budget (the Search
// panel's Movement range, state/movement_range.hpp), every cell of its range on screen is tinted
// and the sides it shares with cells outside the range or the level are outlined, so the range
// reads as one region with its border, growing as the search steps. Each cell's polygon comes
// from cell centres alone (OverlayContext::center), so it is a square or a hexagon as the level
// is drawn:
//   draw_movement_range(ctx);  // from OverlayContext::draw_all, under arrows and the path
#pragma once

#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

// The region's tint and its border (opaque: a screenshot check can look for it).
inline constexpr palette::Rgb kRangeTint{0, 175, 150};
inline constexpr palette::Rgb kRangeBorder{0, 120, 105};
inline constexpr float kRangeTintAlpha = 0.35f;

void draw_movement_range(const OverlayContext& ctx);

}  // namespace studio
