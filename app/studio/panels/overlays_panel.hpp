// The Overlays panel (sidebar) and View > Overlays: a checkbox and an opacity slider per overlay,
// the heat map's source; Check heuristic with its verdict; the Legend's rows for them.
#pragma once

#include "state/studio.hpp"

namespace studio {

// The checkboxes, sliders and heat source (the same in the panel and the menu).
void draw_overlay_controls(Studio& studio);

// Check heuristic (the Search panel): the button, the counts and the verdict, amber when A*'s
// path is not guaranteed optimal; the marks are an overlay.
void draw_heuristic_check(Studio& studio);

struct OverlaysPanel {
  void Draw(Studio& studio);
};

// The Legend's rows for the overlays that are on: the heat map's ramp with its range, and the
// heuristic check's marks.
void draw_overlay_legend(const Studio& studio);

}  // namespace studio
