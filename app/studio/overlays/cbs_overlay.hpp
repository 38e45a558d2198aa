// CBS watched, on the canvas (issue 33, item 2), for the constraint-tree node shown
// (UnitsPlayback::cbs(), state/cbs_watch.hpp):
// - its plans: a line per unit in the unit's colour with a dot per tick, as Play units draws
//   them, and each unit as a disc with its number where it stands at the time slider's tick;
// - its conflict (the one it was split at; an open node's every conflict, thinner) ringed in
//   red at its cell with its tick, "t9" (an edge conflict rings both cells, "t8-9");
// - its constraints as marks in the bound unit's colour: a cross on the cell with "u3 t9", an
//   edge constraint an arrow from the cell it may not leave that way, barred, "u3 t8-9";
// - while a low-level search runs, its space-time nodes as Watch it plan shows CA*'s (taken
//   filled, open outlined, the last taken ringed with its tick);
// - the conflict breakpoint's cell, a red dot; hovering a cell lists its constraints, the
//   conflicts there and the search's nodes on it.
//
//   draw_cbs_watch(ctx);  // from draw_units_playback, while CBS is watched
#pragma once

namespace studio {

struct OverlayContext;

void draw_cbs_watch(const OverlayContext& ctx);

}  // namespace studio
