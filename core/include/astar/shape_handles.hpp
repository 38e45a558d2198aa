// Editing collision shapes by their handles, as a drawing program does. The studio draws the
// handles of the selected shape (shape_handles), finds the one under the mouse (handle_at) and,
// while it is dragged, replaces the shape with drag_handle(the shape at the press, the handle,
// the mouse): every drag starts again from the shape at the press, so a drag is one undo step
// and rounding never builds up. Pure geometry, in cell units; no GUI.
//
//   circle       Radius: its rightmost point; drag it to set the radius.
//   box          Corner x4: the opposite corner stays. Rotate: turns it into a rotated box.
//   rotated box  Corner x4: the opposite corner stays, sizes along the box's own axes.
//                Rotate: above the top edge, turning with the box.
//   polygon      Corner per corner: moves it (refused when the polygon would stop being convex).
//                Insert at each edge's middle: dragging it adds a corner there.
//                Rotate: above the topmost corner; the corners turn about their centre.
//
//   auto hs = astar::shape_handles(shape, 24 / cell_px);
//   if (auto h = astar::handle_at(shape, 24 / cell_px, mx, my, 6 / cell_px)) grabbed = *h;
//   if (auto s = astar::drag_handle(before, grabbed, mx, my, 1.0)) editor.set_shape(i, *s);
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "astar/shapes.hpp"

namespace astar {

enum class HandleKind : std::uint8_t { Corner, Radius, Rotate, Insert };

struct ShapeHandle {
  HandleKind kind = HandleKind::Corner;
  int index = 0;  // Corner: the corner, in shape_corners order; Insert: the edge from corner
                  // `index` to the next; Radius, Rotate: 0
  Point at;       // where it is drawn
  friend bool operator==(const ShapeHandle&, const ShapeHandle&) = default;
};

// Smallest width, height or radius a handle drag leaves (cell units).
inline constexpr double kMinShapeSize = 0.05;

// The handles of `s`: Radius for a circle; Corners, then Insert (polygons), then Rotate. `reach`
// is how far the rotate handle stands beyond the shape's top, in cell units.
std::vector<ShapeHandle> shape_handles(const Shape& s, double reach);

// The handle within `grab` (cell units, on both axes) of (x, y), the nearest one; corners win
// over insert handles at the same distance.
std::optional<ShapeHandle> handle_at(const Shape& s, double reach, double x, double y,
                                     double grab);

// `before` with handle `h` (one of shape_handles(before, ...)) dragged to (x, y). A rotation's
// angle is rounded to a multiple of `snap_degrees` (<= 0: not rounded); a rotated box's angle
// stays within -180..180. nullopt when the result would not pass check_shape or would be smaller
// than kMinShapeSize (the caller keeps the last shape that was accepted).
std::optional<Shape> drag_handle(const Shape& before, const ShapeHandle& h, double x, double y,
                                 double snap_degrees);

// The polygon without corner `i`, when that leaves 3 or more corners; else nullopt (also for
// other shapes).
std::optional<Shape> remove_corner(const Shape& s, std::size_t i);

}  // namespace astar
