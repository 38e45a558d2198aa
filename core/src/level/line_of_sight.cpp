// Line of sight between cell centres, exact and integer-only.
//
// Work in the frame where the segment goes right and down (flip the steps, not the grid): it runs
// from (0.5, 0.5) to (nx + 0.5, ny + 0.5) relative to a's corner, nx = |b.x - a.x|,
// ny = |b.y - a.y|. It crosses the vertical grid line x = i + 1 (i = 0 .. nx-1) at the parameter
// t = (i + 0.5) / nx and the horizontal line y = j + 1 at t = (j + 0.5) / ny. Comparing the next
// two crossings, (2i + 1) * ny against (2j + 1) * nx, says which comes first; the difference
// e = (2i + 1) * ny - (2j + 1) * nx is kept incrementally (Bresenham-style, doubled coordinates):
//
//   e < 0   the vertical line first: step in x          (e += 2 ny)
//   e > 0   the horizontal line first: step in y        (e -= 2 nx)
//   e = 0   both at once: the segment passes exactly through the lattice point, and so touches
//           all 4 closed squares around it: the two side cells are checked, then a diagonal step.
//
// Endpoints are cell centres, so the segment never runs along a grid line: the cells it touches
// are exactly the cells whose interior it crosses plus, at each lattice point it passes through,
// the two side cells. Every such cell lies in the bounding box of a and b, so once both endpoints
// are known to be inside the level no bounds check is needed. At most nx + ny steps, no
// allocation, and the walk is symmetric (the set of touched cells does not depend on direction).
#include "astar/line_of_sight.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace astar {

bool line_of_sight(const Level& level, Cell a, Cell b) {
  if (!level.open(a) || !level.open(b)) return false;
  const std::uint8_t* walls = level.solid_mask().data();
  const std::ptrdiff_t width = level.width();
  const int nx = std::abs(b.x - a.x);
  const int ny = std::abs(b.y - a.y);
  const std::ptrdiff_t step_x = b.x >= a.x ? 1 : -1;
  const std::ptrdiff_t step_y = b.y >= a.y ? width : -width;
  // nx, ny <= kMaxSide, so e stays within [-2 nx, 2 ny] and fits an int comfortably.
  int e = ny - nx;
  int ix = 0;
  int iy = 0;
  std::ptrdiff_t i = a.y * width + a.x;
  while (ix < nx || iy < ny) {
    if (e < 0) {
      i += step_x;
      ++ix;
      e += 2 * ny;
    } else if (e > 0) {
      i += step_y;
      ++iy;
      e -= 2 * nx;
    } else {
      // Through a lattice point: the two side cells are touched at their corner.
      if (walls[i + step_x] != 0 || walls[i + step_y] != 0) return false;
      i += step_x + step_y;
      ++ix;
      ++iy;
      e += 2 * ny - 2 * nx;
    }
    if (walls[i] != 0) return false;
  }
  return true;
}

double waypoint_length(const std::vector<Cell>& waypoints) {
  double total = 0.0;
  for (std::size_t k = 1; k < waypoints.size(); ++k)
    total += std::hypot(static_cast<double>(waypoints[k].x - waypoints[k - 1].x),
                        static_cast<double>(waypoints[k].y - waypoints[k - 1].y));
  return total;
}

}  // namespace astar
