// The Findings panel (trace mode, trace_mode.hpp): what astar::check_trace found wrong in the
// trace on this level, run on open and after every edit. At the top the cost scale it used and
// the count of each kind, then one row per finding: its kind over its event and cell, and the
// whole message, wrapped. A click seeks to just after the finding's event and rings its cell on
// the canvas (overlay_draw's findings()).
// View > Findings panel shows or hides it; it sits in the debugger column.
#pragma once

namespace studio {

class Studio;

struct FindingsPanel {
  void Draw(Studio& studio);
};

}  // namespace studio
