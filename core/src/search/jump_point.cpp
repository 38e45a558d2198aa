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
//
// Three implementations of these rules: jump_point_successors below scans cell by cell (the
// reference, simple to check against the rules); JumpGrid (after it) finds the same jump points
// with the JPS+ distances (jump_distances.cpp: a table read per jump) or with bit operations on
// 64 cells at a time. tests/test_jump_point.cpp and tests/test_jump_distances.cpp compare them.
#include "astar/jump_point.hpp"

#include <array>
#include <bit>
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

// The direction of (sx, sy), each -1, 0 or 1, not both 0.
Dir direction_of(int sx, int sy) {
  constexpr std::array<Dir, 9> kDirs{Dir::NW, Dir::N, Dir::NE, Dir::W, Dir::E,
                                     Dir::E,  Dir::SW, Dir::S, Dir::SE};  // (sy + 1) * 3 + sx + 1
  return kDirs[static_cast<std::size_t>((sy + 1) * 3 + sx + 1)];
}

}  // namespace

std::optional<Cell> jump_cell_by_cell(const Level& level, Cell from, int dx, int dy, Cell goal) {
  Cell found;
  if ((dx == 0 && dy == 0) || !Jumper(level, goal).jump(from.x, from.y, dx, dy, found))
    return std::nullopt;
  return found;
}

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

// [SECTION] Block-based jumps (JumpGrid)
//
// A straight jump east along row y from x stops at the first cell x' > x that is
//   * blocked (then there is no jump point),
//   * the goal, or
//   * forced: a side cell (x', y - 1) or (x', y + 1) is open while the cell behind it,
//     (x' - 1, y -/+ 1), is blocked.
// With the rows as bit words (bit = open), 64 candidate cells are tested at once:
//   blocked = ~mid
//   forced  = (up & ~up_behind) | (down & ~down_behind)
// where up_behind is the row above shifted by one cell so that bit i holds the cell before i
// (for east: up << 1, with the previous word's top bit carried in). The first set bit of
// (blocked | forced), restricted to the cells after x, is where the jump stops: count trailing
// zeros (towards higher x), or count leading zeros when scanning towards lower x (then "behind"
// is the cell after: up >> 1 with the next word's low bit carried in). The goal, when on the
// row, wins when it comes before that stop. Vertical jumps run the same scan on the transposed
// copy (column x as a line, columns x - 1 and x + 1 as its sides).

void JumpGrid::BitLines::reset(int len, int count) {
  length = len;
  lines = count;
  stride = (len + 63) / 64 + 2;
  bits.assign(static_cast<std::size_t>(count + 2) * static_cast<std::size_t>(stride), 0);
}

int JumpGrid::BitLines::scan_up(int l, int p, int goal) const {
  const std::uint64_t* up = line(l - 1);
  const std::uint64_t* mid = line(l);
  const std::uint64_t* down = line(l + 1);
  int k = 1 + (p >> 6);  // the word holding p
  // The cells after p in its word (two shifts: p & 63 may be 63).
  std::uint64_t after = (~std::uint64_t{0} << (p & 63)) << 1;
  for (;; ++k, after = ~std::uint64_t{0}) {
    const std::uint64_t u = up[k], d = down[k];
    // Bit i: the side cell one position back (i - 1), the previous word's last cell carried in.
    const std::uint64_t u_behind = (u << 1) | (up[k - 1] >> 63);
    const std::uint64_t d_behind = (d << 1) | (down[k - 1] >> 63);
    const std::uint64_t stop = (~mid[k] | (u & ~u_behind) | (d & ~d_behind)) & after;
    // Ends at the latest on the guard word after the line (all blocked).
    if (stop == 0) continue;
    const int q = ((k - 1) << 6) + std::countr_zero(stop);
    if (goal > p && goal < q) return goal;  // every cell before q is open: the goal is reached
    return (mid[k] >> (q & 63) & 1u) != 0 ? q : -1;  // forced (or the goal itself), or blocked
  }
}

int JumpGrid::BitLines::scan_down(int l, int p, int goal) const {
  const std::uint64_t* up = line(l - 1);
  const std::uint64_t* mid = line(l);
  const std::uint64_t* down = line(l + 1);
  int k = 1 + (p >> 6);
  std::uint64_t before = (std::uint64_t{1} << (p & 63)) - 1;  // the cells before p in its word
  for (;; --k, before = ~std::uint64_t{0}) {
    const std::uint64_t u = up[k], d = down[k];
    // Bit i: the side cell one position back when moving down (i + 1), the next word's first
    // cell carried in.
    const std::uint64_t u_behind = (u >> 1) | (up[k + 1] << 63);
    const std::uint64_t d_behind = (d >> 1) | (down[k + 1] << 63);
    const std::uint64_t stop = (~mid[k] | (u & ~u_behind) | (d & ~d_behind)) & before;
    // Ends at the latest on the guard word before the line (k = 0, position -1).
    if (stop == 0) continue;
    const int q = ((k - 1) << 6) + 63 - std::countl_zero(stop);
    if (goal >= 0 && goal < p && goal > q) return goal;
    return q >= 0 && (mid[k] >> (q & 63) & 1u) != 0 ? q : -1;
  }
}

void JumpGrid::assign(const Level& level, JumpMethod method) {
  width_ = level.width();
  height_ = level.height();
  use_distances_ = method == JumpMethod::Distances ||
                   (method == JumpMethod::Auto && level.cell_count() <= JumpDistances::kMaxCells);
  rows_.reset(width_, height_);
  cols_.reset(use_distances_ ? 0 : height_, use_distances_ ? 0 : width_);
  const std::uint8_t* solid = level.solid_mask().data();
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      if (solid[static_cast<std::ptrdiff_t>(y) * width_ + x] != 0) continue;
      rows_.line(y)[1 + (x >> 6)] |= std::uint64_t{1} << (x & 63);
      if (!use_distances_) cols_.line(x)[1 + (y >> 6)] |= std::uint64_t{1} << (y & 63);
    }
  if (use_distances_) distances_.build(level);
  else distances_ = JumpDistances();
}

int JumpGrid::directions(Cell cur, int mx, int my, Directions& dirs) const {
  int n = 0;
  auto add = [&](int sx, int sy) { dirs[static_cast<std::size_t>(n++)] = direction_of(sx, sy); };
  if (mx == 0 && my == 0) {  // the start (or a degenerate parent): every direction
    for (Dir d : kAllDirs) dirs[static_cast<std::size_t>(n++)] = d;
    return n;
  }
  if (mx != 0 && my != 0) {  // diagonal arrival: natural neighbours only
    add(mx, 0);
    add(0, my);
    add(mx, my);
    return n;
  }
  add(mx, my);  // straight arrival: forward, plus the forced sides
  const int x = cur.x, y = cur.y;
  for (int s = -1; s <= 1; s += 2) {
    const bool forced = mx != 0 ? open(x, y + s) && !open(x - mx, y + s)
                                : open(x + s, y) && !open(x + s, y - my);
    if (!forced) continue;
    if (mx != 0) {
      add(0, s);
      add(mx, s);
    } else {
      add(s, 0);
      add(s, my);
    }
  }
  return n;
}

// One block-based jump: straight (a block scan) or diagonal.
bool JumpGrid::jump_blocks(int x, int y, int dx, int dy, Cell goal, Cell& to) const {
  if (dx != 0 && dy != 0) return jump_diagonal(x, y, dx, dy, goal, to);
  const int p = dx != 0 ? jump_horizontal(x, y, dx, goal) : jump_vertical(x, y, dy, goal);
  to = dx != 0 ? Cell{p, y} : Cell{x, p};
  return p >= 0;
}

// As Jumper::jump_diagonal: step while the diagonal step is legal; a cell is a jump point when it
// is the goal or one of its two straight jumps (each a block scan) finds a jump point.
bool JumpGrid::jump_diagonal(int x, int y, int dx, int dy, Cell goal, Cell& out) const {
  while (open(x + dx, y) && open(x, y + dy) && open(x + dx, y + dy)) {
    x += dx;
    y += dy;
    if ((x == goal.x && y == goal.y) || jump_horizontal(x, y, dx, goal) >= 0 ||
        jump_vertical(x, y, dy, goal) >= 0) {
      out = {x, y};
      return true;
    }
  }
  return false;
}

std::optional<Cell> JumpGrid::jump(Cell from, int dx, int dy, Cell goal) const {
  if (dx == 0 && dy == 0) return std::nullopt;
  Cell to;
  if (from.x < 0 || from.y < 0 || from.x >= width_ || from.y >= height_) return std::nullopt;
  if (!use_distances_)
    return jump_blocks(from.x, from.y, dx, dy, goal, to) ? std::optional(to) : std::nullopt;
  const int n = distances_.steps(distances_.record(from.x, from.y), from.x, from.y,
                                 direction_of(sign(dx), sign(dy)), goal);
  if (n == 0) return std::nullopt;
  return Cell{from.x + n * sign(dx), from.y + n * sign(dy)};
}

void JumpGrid::successors(Cell cur, std::optional<Cell> parent, Cell goal,
                          std::vector<Cell>& out) const {
  const int mx = parent ? sign(cur.x - parent->x) : 0;
  const int my = parent ? sign(cur.y - parent->y) : 0;
  Successors found;
  const int n = successors(cur, mx, my, goal, found);
  out.insert(out.end(), found.begin(), found.begin() + n);
}

}  // namespace astar
