// What the panels show instead while a trace is open (trace_mode.hpp): the Search panel's head
// (the trace's name, format and size, its warnings, the check's summary, Close trace) in place of
// the algorithm controls, and the Log panel's lines (the trace's own events in plain words, a
// click seeks to one). The panels call these when studio.trace_mode() is not null.
#pragma once

#include <cstddef>

namespace studio {

class Studio;

// The Search panel's head in trace mode.
void draw_trace_header(Studio& studio);
// The Log panel in trace mode: one line per event up to where the replay is; `shown` is the
// number of lines last frame (the log follows the replay when it changes).
void draw_trace_log(Studio& studio, std::size_t& shown);

}  // namespace studio
