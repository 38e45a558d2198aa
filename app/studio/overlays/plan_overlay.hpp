// An opened plan's findings on the canvas (state/opened_plan.hpp): a violet diamond at the top of
// each cell where a finding happens (any tick; the first 20,000); the time slider's tick's findings named beside
// their cells ("vertex-conflict: units 0 and 1"; the first eight) and those that are not conflicts
// ringed in red (Play units rings the conflicts); round the finding picked in the Findings panel
// a larger ring, with its tick added to its name ("vertex-conflict: units 0 and 1, t = 4").
//   draw_plan_finding_marks(ctx);   // from OverlayContext::draw_all, after the units at the tick
#pragma once

namespace studio {

struct OverlayContext;

void draw_plan_finding_marks(const OverlayContext& ctx);

}  // namespace studio
