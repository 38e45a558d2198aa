// What every drawing over the grid shares: the fonts of the cell labels, the zoom thresholds of
// arrows and numbers, an RGB colour as ImGui's packed colour, and the start and goal markers.
//
//   dl->AddRectFilled(a, b, color(pal.path, 0.5f));
//   draw_endpoint_marker(dl, fonts, centre, cell_px, pal.start, "S");
#pragma once

#include <imgui.h>

#include "state/palette.hpp"

namespace studio {

// Fonts for cell labels (loaded by main; any may be the default font).
struct Fonts {
  ImFont* ui = nullptr;
  ImFont* small = nullptr;  // g and h in the cell corners
  ImFont* large = nullptr;  // f in the cell centre, S/G markers
  ImFont* mono = nullptr;   // pseudo-code
};

// Zoom thresholds (cell size in pixels).
inline constexpr float kArrowMinPx = 12.0f;  // cameFrom arrows from here
inline constexpr float kTextMinPx = 48.0f;   // g, h, f from here
inline constexpr float kHexTextZoom = 1.25f;  // on hexagons from 1.25 times that (less room)
inline constexpr float kOrderMinPx = 22.0f;  // expansion order numbers from here
inline constexpr float kMaxCellPx = 256.0f;
// Patterns (the second cue beside hue) from here, in framebuffer pixels.
inline constexpr float kPatternMinPx = 8.0f;

// The start or goal marker: a disc in `rgb` centred at `m` with a white rim, and its letter
// when the disc is large enough (`px` is the cell size).
void draw_endpoint_marker(ImDrawList* dl, const Fonts& fonts, ImVec2 m, float px, palette::Rgb rgb,
                          const char* label);
// An RGB colour with an opacity (0..1) as ImGui's packed colour.
ImU32 color(palette::Rgb c, float alpha = 1.0f);

}  // namespace studio
