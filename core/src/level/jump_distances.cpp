// JPS+ jump distances: building and updating the table (the query-time jumps are inline in the
// header).
//
// Each value follows from the next cell in its direction, so a line (a row, a column or a
// diagonal) is filled from its far end back (c = the cell, n = c + d, v(n) = n's value):
//   straight d:  n solid -> 0;  n has a forced neighbour for d -> 1;
//                else v(n) > 0 ? v(n) + 1 : v(n) - 1.
//   diagonal d:  the step c -> n cuts a corner or n is solid -> 0;
//                n's straight value along d's horizontal or vertical component > 0 -> 1;
//                else v(n) > 0 ? v(n) + 1 : v(n) - 1.
// "Forced" is jump_point.cpp's rule: moving east into n, a side cell (n.x, n.y -/+ 1) is open
// while the cell behind it, (n.x - 1, n.y -/+ 1), is not. So the straight values are computed
// first, then the diagonals from them.
//
// What an edit of the solid cells in a rectangle R can change: a straight value of row y reads
// rows y - 1, y, y + 1, so only rows through R widened by one cell (and columns likewise); a
// diagonal value reads the three cells of its first step and the next cell's straight values
// and diagonal value, so only diagonals that pass through R widened by one cell or through a cell
// whose straight value changed.
#include "astar/jump_distances.hpp"

#include <algorithm>

#include "astar/edit.hpp"

namespace astar {

struct JumpDistances::Solid {
  const std::uint8_t* mask;
  int width, height;
  bool open(int x, int y) const {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height) &&
           mask[static_cast<std::ptrdiff_t>(y) * width + x] == 0;
  }
  // Entering (x, y) moving (dx, dy) straight, a side cell is open and the cell behind it is not.
  bool forced(int x, int y, int dx, int dy) const {
    if (dy == 0)
      return (open(x, y - 1) && !open(x - dx, y - 1)) || (open(x, y + 1) && !open(x - dx, y + 1));
    return (open(x - 1, y) && !open(x - 1, y - dy)) || (open(x + 1, y) && !open(x + 1, y - dy));
  }
};

namespace {

// The value of a cell from the next one's: none when the step is not legal, 1 when the next cell
// is a jump point, else one step more than the next cell's value.
int step_value(bool legal, bool jump_point, int next) {
  if (!legal) return 0;
  if (jump_point) return 1;
  return next > 0 ? next + 1 : next - 1;
}

}  // namespace

// Rows for E and W, columns for S and N, diagonals for the others.
int JumpDistances::line_count(std::size_t d) const {
  if (d == 0 || d == 4) return height_;
  if (d == 2 || d == 6) return width_;
  return width_ + height_ - 1;
}

// The cell of line `line` (see line_count; diagonals are numbered by x + y for SW and NE, by
// x - y + height - 1 for SE and NW) from which no step in direction d stays inside the level.
Cell JumpDistances::far_end(std::size_t d, int line) const {
  const int w = width_, h = height_;
  switch (d) {
    case 0: return {w - 1, line};
    case 4: return {0, line};
    case 2: return {line, h - 1};
    case 6: return {line, 0};
    case 7: {  // NE: x + y = line, the largest x
      const int x = std::min(w - 1, line);
      return {x, line - x};
    }
    case 3: {  // SW: the smallest x
      const int x = std::max(0, line - (h - 1));
      return {x, line - x};
    }
    case 1: {  // SE: x - y = line - (h - 1), the largest x
      const int x = std::min(w - 1, line);
      return {x, x - (line - (h - 1))};
    }
    default: {  // NW: the smallest x
      const int x = std::max(0, line - (h - 1));
      return {x, x - (line - (h - 1))};
    }
  }
}

// Fills line `line` in direction d from its far end back. With mark_changes, every cell whose
// (straight) value changed marks the diagonals through it for update().
void JumpDistances::compute_line(const Solid& solid, std::size_t d, int line, bool mark_changes) {
  const int dx = kDirDx[d], dy = kDirDy[d];
  const bool diagonal = dx != 0 && dy != 0;
  const std::size_t hd = dx > 0 ? 0 : 4, vd = dy > 0 ? 2 : 6;  // d's straight components
  const Cell far = far_end(d, line);
  int next = 0;  // the value of the cell after the current one
  for (int x = far.x, y = far.y; static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
                                 static_cast<unsigned>(y) < static_cast<unsigned>(height_);
       x -= dx, y -= dy) {
    const int nx = x + dx, ny = y + dy;
    int v = 0;
    if (diagonal) {
      if (solid.open(nx, y) && solid.open(x, ny) && solid.open(nx, ny)) {
        const Record& n = record(nx, ny);
        v = step_value(true, n.v[hd] > 0 || n.v[vd] > 0, next);
      }
    } else {
      v = step_value(solid.open(nx, ny), solid.open(nx, ny) && solid.forced(nx, ny, dx, dy), next);
    }
    std::int16_t& slot =
        records_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                 static_cast<std::size_t>(x)]
            .v[d];
    if (mark_changes && slot != v) mark_diagonals(x, y);
    slot = static_cast<std::int16_t>(v);
    next = v;
  }
}

void JumpDistances::mark_diagonals(int x, int y) {
  marked_sum_[static_cast<std::size_t>(x + y)] = 1;
  marked_diff_[static_cast<std::size_t>(x - y + height_ - 1)] = 1;
}

// Row y's values for the three directions that move by dy (N, NE and NW for dy = -1; S, SE and
// SW for 1), from row y + dy's, which are done (and the rows' E and W values).
void JumpDistances::fill_row(const Solid& solid, int y, int dy) {
  const int ny = y + dy;
  const std::size_t vd = dy > 0 ? 2 : 6;  // S or N
  const std::size_t east = dy > 0 ? 1 : 7, west = dy > 0 ? 3 : 5;  // SE / NE, SW / NW
  Record* row = records_.data() + static_cast<std::ptrdiff_t>(y) * width_;
  for (int x = 0; x < width_; ++x) {
    const bool ahead = solid.open(x, ny);
    const Record* n = ahead ? &record(x, ny) : nullptr;
    row[x].v[vd] = static_cast<std::int16_t>(
        step_value(ahead, ahead && solid.forced(x, ny, 0, dy), ahead ? n->v[vd] : 0));
    for (const int dx : {1, -1}) {
      const std::size_t d = dx > 0 ? east : west, hd = dx > 0 ? 0 : 4;
      const bool legal = ahead && solid.open(x + dx, y) && solid.open(x + dx, ny);
      const Record* m = legal ? &record(x + dx, ny) : nullptr;
      row[x].v[d] = static_cast<std::int16_t>(
          step_value(legal, legal && (m->v[hd] > 0 || m->v[vd] > 0), legal ? m->v[d] : 0));
    }
  }
}

// Row by row: E and W along each row, then N, NE and NW top down, S, SE and SW bottom up (each
// row from the one before it), so every pass reads and writes memory in order.
void JumpDistances::build(const Level& level) {
  width_ = level.width();
  height_ = level.height();
  records_.assign(static_cast<std::size_t>(level.cell_count()), Record{});
  const Solid solid{level.solid_mask().data(), width_, height_};
  for (int y = 0; y < height_; ++y)
    for (const std::size_t d : {0u, 4u}) compute_line(solid, d, y, false);
  for (int y = 0; y < height_; ++y) fill_row(solid, y, -1);
  for (int y = height_ - 1; y >= 0; --y) fill_row(solid, y, 1);
}

void JumpDistances::update(const Level& level, const CellRect& region) {
  if (level.width() != width_ || level.height() != height_ || records_.empty()) {
    build(level);
    return;
  }
  // The region widened by one cell (forced neighbours and corner cuts look one cell aside),
  // clipped to the level.
  const int x0 = std::max(0, region.x0() - 1), y0 = std::max(0, region.y0() - 1);
  const int x1 = std::min(width_ - 1, region.x1() + 1), y1 = std::min(height_ - 1, region.y1() + 1);
  if (x0 > x1 || y0 > y1) return;  // entirely outside the level
  const Solid solid{level.solid_mask().data(), width_, height_};
  marked_sum_.assign(static_cast<std::size_t>(width_ + height_ - 1), 0);
  marked_diff_.assign(marked_sum_.size(), 0);
  for (int y = y0; y <= y1; ++y)
    for (const std::size_t d : {0u, 4u}) compute_line(solid, d, y, true);
  for (int x = x0; x <= x1; ++x)
    for (const std::size_t d : {2u, 6u}) compute_line(solid, d, x, true);
  // The diagonals whose first steps cross the widened region (its cells are the ones a changed
  // cell can be beside).
  std::fill(marked_sum_.begin() + (x0 + y0), marked_sum_.begin() + (x1 + y1) + 1, 1);
  std::fill(marked_diff_.begin() + (x0 - y1 + height_ - 1),
            marked_diff_.begin() + (x1 - y0 + height_ - 1) + 1, 1);
  for (int line = 0; line < width_ + height_ - 1; ++line) {
    if (marked_sum_[static_cast<std::size_t>(line)] != 0)
      for (const std::size_t d : {7u, 3u}) compute_line(solid, d, line, false);
    if (marked_diff_[static_cast<std::size_t>(line)] != 0)
      for (const std::size_t d : {1u, 5u}) compute_line(solid, d, line, false);
  }
}

}  // namespace astar
