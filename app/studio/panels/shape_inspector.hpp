// The selected collision shape in numbers, for the Tools panel on the Shapes layer: its kind and
// index, then its fields (a circle's centre and radius, a box's corners, a rotated box's centre,
// size and angle, a polygon's corners), each draggable or typed (Ctrl+click). A drag or typing in
// one field is one undo step; a value the shape cannot take (a concave polygon, a size of 0) is
// refused with its reason in the status line. A box or rotated box can be turned into a polygon,
// to move its corners one by one.
#pragma once

#include "state/studio.hpp"

namespace studio {

class ShapeInspector {
 public:
  void Draw(Studio& studio);

 private:
  // Fields that edit the shape in place; true when one changed this frame.
  bool fields(astar::Shape& s);
  bool grouping_ = false;  // an undo group is open while a field is being dragged or typed in
};

}  // namespace studio
