// The Level panel's units that move (issue 32, item 1): "Units: N" and, when there are some, a
// list of them, one row each (its colour swatch, as the canvas draws it, its index, start ->
// goal and priority) with a button removing it and a field for its priority (Enter or the
// +/- buttons set it), and a Clear units button. Each removal and each priority is one undo step
// (Editor::remove_unit, set_units). Long lists scroll in a child window.
//   draw_units_list(studio);  // inside the Level panel
#pragma once

#include "state/studio.hpp"

namespace studio {

void draw_units_list(Studio& studio);
// units_playback_panel.cpp: Play units (Studio::units_playback), the right column's Units
// section under the Timeline: the planner, the time slider and what the plans come to; nothing
// without units.
void draw_units_playback_panel(Studio& studio);

}  // namespace studio
