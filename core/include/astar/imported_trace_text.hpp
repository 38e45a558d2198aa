// An imported trace's events (imported_trace.hpp) in plain words, for the studio's log and the
// CLI: one line per event, numbers with two decimals after the cost scale, cells as "(4, 3)":
//
//   expanding (4, 3): g 5.00 + h 4.41 = f 9.41
//   generating (5, 3): g 6.00 via (4, 3)
//   updating (5, 3): g 7.00 → 6.00 via (4, 3)     (the node's g before, looked up in the trace)
//   closing (4, 3)
//   source (1, 1)    destination (7, 7)    end (7, 7): g 12.00
//   probe (2, 2) {"radius":3}                      (a type of its own, with the keys we keep)
//
// Values the event does not give are left out ("expanding (4, 3): f 9.41"). UTF-8 (→).
#pragma once

#include <string>

#include "astar/imported_trace.hpp"

namespace astar {

// `e` in words, its g, h and f divided by `scale` (the trace's cost unit, as the replay takes it:
// TraceCheckReport::cost_scale). When `e` is one of trace.events, an updating event also says the
// node's g before it (its last earlier event with a g); else it is left out.
std::string describe(const ImportedEvent& e, const ImportedTrace& trace, double scale = 1.0);

}  // namespace astar
