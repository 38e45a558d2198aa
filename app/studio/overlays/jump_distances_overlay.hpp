// The JPS+ jump distances on the canvas (View > Overlays "Jump distances (JPS+)", --overlay
// jumps=off): while Jump Point Search is the algorithm and runs on this level, and the view is
// zoomed in enough for cell labels, every open cell shows the distance its jumps go in each of
// the 8 directions (astar::JumpDistances, precomputed for the level without a goal):
//   * a jump point that way: its distance in kJumpPointInk, with a small arrowhead of that colour
//     near the cell's edge pointing that way;
//   * none: how many steps can be taken before a wall or a corner, faint; 0 is left out.
// Numbers sit around the cell like a compass (east on the right, north-east top right, ...).
// Cells the search has seen keep their g, h and f labels: there only the arrowheads show.
//   draw_jump_distances(ctx);  // from OverlayContext::draw_all, after g, h and f
// The table is kept between frames and brought up to date after an edit by
// JumpDistances::update over the changed cells' bounding rectangle.
//
// The geometry below is shared with the screenshot checker (tests/studio/jump_distances_check);
// no GL or ImGui in this header.
#pragma once

#include "astar/grid.hpp"
#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

// Distances to a jump point, and their arrowheads (opaque at full opacity: the tests look for it).
inline constexpr palette::Rgb kJumpPointInk{0, 90, 200};
// Where direction d's number is centred: the cell's centre plus (dx, dy) * this, in cells.
inline constexpr float kJumpNumberOffset = 0.26f;
// Direction d's arrowhead, outside its number: its tip at the centre plus (dx, dy) times
// kJumpMarkerTip (straight) or kJumpMarkerCornerTip (diagonal: further in, clear of the three
// other cells' arrowheads at the same grid corner), its base kJumpMarkerLength back towards the
// centre (in cells, along each axis the direction moves on), kJumpMarkerLength * 1.6 wide. The
// checker samples it kJumpMarkerSample of the way from the tip to the base.
inline constexpr float kJumpMarkerTip = 0.45f;
inline constexpr float kJumpMarkerCornerTip = 0.41f;
inline constexpr float kJumpMarkerLength = 0.075f;
inline constexpr float kJumpMarkerSample = 0.6f;

// A point of an arrowhead as an offset from the cell's centre in cells, along one axis:
// `component` is the direction's dx or dy, t = 0 the tip, t = 1 the middle of the base.
constexpr float jump_marker_offset(int component, bool diagonal, float t) {
  return static_cast<float>(component) *
         ((diagonal ? kJumpMarkerCornerTip : kJumpMarkerTip) - t * kJumpMarkerLength);
}

void draw_jump_distances(const OverlayContext& ctx);

}  // namespace studio
