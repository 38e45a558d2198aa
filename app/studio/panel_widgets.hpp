// Small pieces the studio's panels share: colours of warning and error text, numbers as the
// panels print them, a wrapped tooltip, a centred modal. Cells are printed with
// astar::cell_text (astar/format.hpp), as everywhere else.
#pragma once

#include <string>

#include <imgui.h>

#include "palette.hpp"

namespace studio {

inline const ImVec4 kErrorText(1.0f, 0.45f, 0.45f, 1.0f);
inline const ImVec4 kWarnText(1.0f, 0.8f, 0.3f, 1.0f);

inline ImVec4 to_vec4(palette::Rgb c, float a = 1.0f) {
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, a);
}

// A cost or a g, h, f value: whole numbers without decimals, others with three ("9.414").
std::string value_text(double v);
// A tooltip wrapped at a readable width.
void wrapped_tooltip(const std::string& text);
// Centres the next window (a modal) on the display.
void center_next_window();
bool any_popup_open();

}  // namespace studio
