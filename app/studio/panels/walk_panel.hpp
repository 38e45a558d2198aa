// Walk mode's controls and log, in the Search panel under D* Lite (issue 17): "Walk the agent",
// its sensor radius, where it is and what it has walked, and one row per cell stood on (the
// walls it discovered there, the cells the repair updated, the cost of the plan from there:
// the same rows as `astar walk`). Reads the walk (Studio::walk); set_walk changes it.
#pragma once

#include "state/studio.hpp"

namespace studio {

void draw_walk_controls(Studio& studio);

}  // namespace studio
