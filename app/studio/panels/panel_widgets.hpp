// Small pieces the studio's panels share: colours of warning and error text, numbers as the
// panels print them, tooltips, a centred modal, the Log's list of events. Cells are printed with
// astar::cell_text (astar/format.hpp), as everywhere else.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include <imgui.h>

#include "state/palette.hpp"
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
