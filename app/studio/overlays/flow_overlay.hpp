// The flow field's cells that cannot reach the goal (View > Overlays "Cannot reach the goal",
// --overlay unreachable=off): once the flow field (Algorithm::FlowField) has settled every cell
// it can, each open cell it never settled gets a small X at its centre, so the cells without a
// flow read at a glance and are not taken for cells the search has not reached yet.
// astar::cannot_reach_goal (flow_field_search.hpp) decides, from the search's views; nothing is
// drawn for other algorithms, or before the field is done.
//   draw_unreachable(ctx);  // from OverlayContext::draw_all, under the arrows and the path
// The X's colour and size are shared with the screenshot checker (tests/studio); no GL or ImGui
// in this header.
#pragma once

#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

// The X (opaque at full opacity: a screenshot check can look for it).
inline constexpr palette::Rgb kUnreachableMark{175, 35, 75};
// Half the X's width, of the cell's side, and the bounds in pixels it is kept within.
inline constexpr float kUnreachableMarkSize = 0.2f;
inline constexpr float kUnreachableMarkMinPx = 2.5f, kUnreachableMarkMaxPx = 10.0f;

void draw_unreachable(const OverlayContext& ctx);

}  // namespace studio
