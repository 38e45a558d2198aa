// Jump Point Search successors, no-corner-cutting variant (a diagonal step needs both side cells
// open: MovingAI's rule; as PathFinding.js's JPFMoveDiagonallyIfNoObstacles and warthog's jps).
//
// "Open" = inside the level and not a wall; everything outside the level is blocked.
// (dx, dy) is the direction of travel, each -1, 0 or 1.
//
// Pruning (which neighbours of cell c, reached in direction (dx, dy), are explored):
//   * start (no parent): all 8 directions whose first step is legal.
//   * diagonal arrival (dx, dy): the natural neighbours only: straight (dx, 0), straight (0, dy)
//     and diagonal (dx, dy). There are no forced neighbours after a diagonal step: the step was
//     legal, so both cells beside it, (c.x - dx, c.y) and (c.x, c.y - dy), are open, and every
//     other neighbour is reached at least as cheaply without passing through c.
//   * straight arrival, e.g. east (1, 0): the natural neighbour (dx, 0), plus, for each side
//     s = -1 (north) and s = +1 (south): if the side cell (c.x, c.y + s) is open and the cell
//     behind it, (c.x - dx, c.y + s), is blocked, then the side cell is a forced neighbour: the
//     diagonal step from the cell behind c into it is illegal, so it is reached optimally through
//     c. The straight direction (0, s) and the diagonal (dx, s) are then explored too (the
//     diagonal only if that step is legal). Vertical arrival is the same with x and y swapped.
//
// Jumping (from c in direction (dx, dy); the returned cell is the first jump point, never c):
//   * straight: step while the next cell is open; the cell reached is a jump point when it is the
//     goal or has a forced neighbour (the rule above).
//   * diagonal: step while the diagonal step is legal (both side cells and the target open); the
//     cell reached is a jump point when it is the goal, or when a straight jump from it in
//     (dx, 0) or (0, dy) finds a jump point.
// Consequence: on straight lines forced neighbours appear one cell *after* an obstacle ends
// (the cell whose side neighbour becomes open), not beside the last blocked cell as in the
// corner-cutting JPS.
//
// Only the level's size and walls are read: costs, heights, edge overrides and the level's rules
// are ignored, so the caller uses this only where those are uniform / absent and the rules are
// 8 neighbours without corner cutting. Only the direction sign(cur - parent) is used, so the
// parent may be any earlier cell on the line. A `cur` that is not open yields nothing.
// No allocation besides appending to `out`; scans read the flat wall array directly.
#include "astar/jump_point.hpp"

#include <cstddef>
#include <cstdint>

namespace astar {

namespace {

class Jumper {
 public:
  Jumper(const Level& level, Cell goal)
      : walls_(level.solid_mask().data()), width_(level.width()), height_(level.height()), goal_(goal) {}

  bool open(int x, int y) const {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height_) &&
           walls_[static_cast<std::ptrdiff_t>(y) * width_ + x] == 0;
  }

  // A diagonal step from (x, y) by (dx, dy) is legal: target and both side cells open.
  bool diagonal_ok(int x, int y, int dx, int dy) const {
    return open(x + dx, y) && open(x, y + dy) && open(x + dx, y + dy);
  }

  // Straight (one of dx, dy zero) or diagonal jump from (x, y). True with `out` set when a jump
  // point was found.
  bool jump(int x, int y, int dx, int dy, Cell& out) const {
    if (dx != 0 && dy != 0) return jump_diagonal(x, y, dx, dy, out);
    if (dx != 0) return jump_horizontal(x, y, dx, out);
    return jump_vertical(x, y, dy, out);
  }

 private:
  bool jump_horizontal(int x, int y, int dx, Cell& out) const {
    const std::uint8_t* row = walls_ + static_cast<std::ptrdiff_t>(y) * width_;
    const std::uint8_t* up = y > 0 ? row - width_ : nullptr;
    const std::uint8_t* down = y + 1 < height_ ? row + width_ : nullptr;
    const bool goal_row = goal_.y == y;
    for (;;) {
      x += dx;
      if (static_cast<unsigned>(x) >= static_cast<unsigned>(width_) || row[x] != 0) return false;
      if (goal_row && x == goal_.x) break;
      // Forced: side cell open, the cell behind it blocked (x - dx is inside: we came from it).
      if (up != nullptr && up[x] == 0 && up[x - dx] != 0) break;
      if (down != nullptr && down[x] == 0 && down[x - dx] != 0) break;
    }
    out = {x, y};
    return true;
  }

  bool jump_vertical(int x, int y, int dy, Cell& out) const {
    const std::ptrdiff_t stride = dy * static_cast<std::ptrdiff_t>(width_);
    const bool has_left = x > 0;
    const bool has_right = x + 1 < width_;
    const bool goal_col = goal_.x == x;
    const std::uint8_t* p = walls_ + static_cast<std::ptrdiff_t>(y) * width_ + x;
    for (;;) {
      y += dy;
      if (static_cast<unsigned>(y) >= static_cast<unsigned>(height_)) return false;
      p += stride;
      if (*p != 0) return false;
      if (goal_col && y == goal_.y) break;
      if (has_left && p[-1] == 0 && p[-1 - stride] != 0) break;
      if (has_right && p[1] == 0 && p[1 - stride] != 0) break;
    }
    out = {x, y};
    return true;
  }

  bool jump_diagonal(int x, int y, int dx, int dy, Cell& out) const {
    Cell ignored;
    while (diagonal_ok(x, y, dx, dy)) {
      x += dx;
      y += dy;
      if ((x == goal_.x && y == goal_.y) || jump_horizontal(x, y, dx, ignored) ||
          jump_vertical(x, y, dy, ignored)) {
        out = {x, y};
        return true;
      }
    }
    return false;
  }

  const std::uint8_t* walls_;
  int width_;
  int height_;
  Cell goal_;
};

int sign(int v) { return (v > 0) - (v < 0); }

}  // namespace

void jump_point_successors(const Level& level, Cell cur, std::optional<Cell> parent, Cell goal,
                           std::vector<Cell>& out) {
  if (!level.open(cur)) return;  // nothing leaves a wall or a cell outside the level
  const Jumper j(level, goal);
  Cell found;
  auto explore = [&](int sx, int sy) {
    if (j.jump(cur.x, cur.y, sx, sy, found)) out.push_back(found);
  };
  const int mx = parent ? sign(cur.x - parent->x) : 0;
  const int my = parent ? sign(cur.y - parent->y) : 0;

  if (mx == 0 && my == 0) {  // the start (or a degenerate parent): every direction
    for (Dir d : kAllDirs) explore(dx(d), dy(d));
    return;
  }
  if (mx != 0 && my != 0) {  // diagonal arrival: natural neighbours only
    explore(mx, 0);
    explore(0, my);
    explore(mx, my);
    return;
  }
  // Straight arrival: forward, plus the forced sides.
  explore(mx, my);
  if (mx != 0) {
    for (int s = -1; s <= 1; s += 2) {
      if (j.open(cur.x, cur.y + s) && !j.open(cur.x - mx, cur.y + s)) {
        explore(0, s);
        explore(mx, s);
      }
    }
  } else {
    for (int s = -1; s <= 1; s += 2) {
      if (j.open(cur.x + s, cur.y) && !j.open(cur.x + s, cur.y - my)) {
        explore(s, 0);
        explore(s, my);
      }
    }
  }
}

}  // namespace astar
