// HPA* in the panels (hierarchy_panel.cpp), shown only for algorithms with
// astar::info(a).extras.hierarchy: the Search panel's Cluster size and "Smooth HPA* path", the
// outcome beside plain A*'s optimal path (both costs and the ratio) and what the last edit
// rebuilt; the debugger's phase line; the Legend's rows for the HPA* overlays.
//   draw_hierarchy_options(studio, combo_w);  // Search panel, under the algorithm
//   draw_hierarchy_outcome(studio);           // Search panel, under the outcome
//   draw_hierarchy_phase(studio);             // Timeline (debugger)
//   draw_hierarchy_legend(studio);            // Legend, with the other overlays' rows
#pragma once

#include "state/studio.hpp"

namespace studio {

void draw_hierarchy_options(Studio& studio, float combo_w);
void draw_hierarchy_outcome(const Studio& studio);
void draw_hierarchy_phase(const Studio& studio);
void draw_hierarchy_legend(const Studio& studio);

}  // namespace studio
