// How the level's layers are drawn, the numbers the grid shader, the viewport and the screenshot
// checker share: the contour spacing, the height tint's scale and the geometry of edge override
// arrows. Colours are in palette.hpp (LayerLook). No GL or ImGui here.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace studio {

// Height units between contour lines for heights in [lo, hi]: 1, 2, 5, 10, 20, 50, ... the
// smallest giving at most 10 lines across the range, so a cliff is a band, not a smear.
constexpr int contour_step(int lo, int hi) {
  const long long range = static_cast<long long>(hi) - lo;
  long long step = 1;
  for (long long decade = 1;; decade *= 10)
    for (long long m : {1, 2, 5})
      if (range <= 10 * (step = m * decade)) return static_cast<int>(step);
}

// The height tint's scale: the largest |height| of the level (0: a flat level has no tint).
constexpr int height_abs(int lo, int hi) { return std::max(std::abs(lo), std::abs(hi)); }

// Edge override arrows (viewport.cpp), in cell units along the move from the cell's centre to
// the neighbour's (a diagonal's vector is sqrt(2) long): from kEdgeTail to kEdgeTip, shifted
// kEdgeLane of a cell to the right of the move, so a move and its reverse sit side by side. A
// blocked move gets a bar across at kEdgeBar (on the cell border).
inline constexpr float kEdgeTail = 0.06f;
inline constexpr float kEdgeTip = 0.68f;
inline constexpr float kEdgeBar = 0.5f;
inline constexpr float kEdgeLane = 0.12f;
// Zoom thresholds (cell size in pixels, times the label scale): arrows from kEdgeMinPx, weights
// as text from kEdgeTextMinPx; from kEdgeDotMinPx up to arrows, a dot marks a cell with overrides.
inline constexpr float kEdgeDotMinPx = 3.0f;
inline constexpr float kEdgeMinPx = 10.0f;
inline constexpr float kEdgeTextMinPx = 24.0f;

}  // namespace studio
