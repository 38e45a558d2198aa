// Small pieces the studio's panels share: colours of warning and error text, numbers as the
// panels print them, tooltips, a centred modal, the Log's list of events. Cells are printed with
// astar::cell_text (astar/format.hpp), as everywhere else.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <imgui.h>

#include "astar/level.hpp"
#include "state/palette.hpp"
#include "state/studio.hpp"
#include "state/text.hpp"  // value_text

namespace studio {

inline const ImVec4 kErrorText(1.0f, 0.45f, 0.45f, 1.0f);
inline const ImVec4 kWarnText(1.0f, 0.8f, 0.3f, 1.0f);

inline ImVec4 to_vec4(palette::Rgb c, float a = 1.0f) {
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, a);
}

// A tooltip wrapped at a readable width.
void wrapped_tooltip(const std::string& text);
// The last item's tooltip while it is hovered (not while it is disabled), wrapped a little
// narrower: the dialogs' fields.
void tip(const char* text);
// Centres the next window (a modal) on the display.
void center_next_window();
// Records the last item in studio.widget_rects as `name` ("level." and its label in lower case,
// spaces as '_'): its first `w` pixels, a frame high (the label left out), when wholly in view.
// Nothing without a prefix. The F12 sidecar lists them for the end-to-end tests.
void mark_item(Studio& studio, std::string_view prefix, std::string_view label, float w);
// The same for the last list entry (a Selectable, whose rectangle reaches into the spacing
// around it): its rectangle less that spacing.
void mark_entry(Studio& studio, std::string_view prefix, std::string_view label);
// A level's topology: a combo of square, pointy-top and flat-top hexes, and for hexes two radio
// buttons for the stagger (odd, even: which rows or columns are pushed over). True when the
// user changed either. The New level dialog's and the Level panel's; with `marks`, its widgets
// are marked "level.topology", "level.topology_hex-pointy-top" (an open list's entries, by
// their file names), "level.stagger_even", ...
bool topology_picker(astar::Topology& t, astar::HexStagger& stagger, float combo_w,
                     Studio* marks = nullptr);
bool any_popup_open();

// One line of the Log: its text, and whether it takes a node (drawn in amber).
struct LogLine {
  std::string text;
  bool take = false;
};
// The Log's scrolling list of the first `n` events, 12 lines high, the last one selected; only
// the lines in view are made (line(i)). It scrolls to the end when n changed since `shown`
// (then set to n). Returns the line clicked, if any.
std::optional<std::size_t> draw_log_lines(std::size_t n, std::size_t& shown,
                                          const std::function<LogLine(std::size_t)>& line);

}  // namespace studio
