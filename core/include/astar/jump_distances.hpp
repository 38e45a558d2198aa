// JPS+ jump distances (Harabor & Grastien, "Improving Jump Point Search", ICAPS 2014; Steve
// Rabin, "JPS+: Over 100x Faster than A*", Game AI Pro 2, 2015): for every cell and each of the 8
// directions, how far the first jump point is, precomputed once per level, so that a jump at
// search time is one table read plus the goal test. For JumpGrid (jump_point.hpp), which answers
// with these on levels up to kMaxCells cells; the studio draws them (jump_distances_overlay).
//
//   JumpDistances d(level);                        // O(cells), 16 bytes a cell
//   int steps = d.steps(d.record(x, y), x, y, Dir::NE, goal);  // 0: no jump point that way
//   d.update(level, CellRect{{x0, y0}, {x1, y1}});  // after the walls in that rectangle changed
//
// The rules are those of jump_point.cpp (no corner cutting, walls and blocking agents solid,
// outside the level solid), and the answers are exactly jump_cell_by_cell's: tests compare them.
//
// Stored value v for cell c and direction d (the goal left out):
//   v > 0   the first jump point from c going d is v steps away: for a straight d, a cell with a
//           forced neighbour; for a diagonal d, a cell whose straight jump along one of d's two
//           components finds a jump point.
//   v <= 0  there is none; -v steps can be taken before a solid cell (straight) or before a
//           diagonal step that would cut a corner (diagonal).
// The goal is handled at query time, as the online jumps do: a straight jump stops at the goal
// when the goal lies ahead on its line within reach; a diagonal jump stops at the first cell,
// within reach and not after its stored jump point, that is the goal or whose straight jump
// (along the row or column it shares with the goal) reaches the goal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/grid.hpp"
#include "astar/level.hpp"

namespace astar {

struct CellRect;  // edit.hpp

class JumpDistances {
 public:
  // Largest level JumpGrid builds the table for by default (64 MiB); larger levels keep the
  // block-based scans, which need 2 bits a cell.
  static constexpr std::int64_t kMaxCells = 2048LL * 2048LL;

  // One cell's 8 values, indexed by Dir (E, SE, S, SW, W, NW, N, NE).
  struct alignas(16) Record {
    std::array<std::int16_t, kDirCount> v;
  };

  JumpDistances() = default;
  explicit JumpDistances(const Level& level) { build(level); }
  // Every value from the level's solid mask. O(cells).
  void build(const Level& level);
  // After the solid cells inside `region` (clipped to the level) changed and nothing else did:
  // recomputes only the rows, columns and diagonals whose values can change (the rows and columns
  // through the region and one cell around it, then the diagonals through that band's changed
  // values). A level of another size is built anew. Equals build(level) afterwards.
  void update(const Level& level, const CellRect& region);

  int width() const { return width_; }
  int height() const { return height_; }
  bool empty() const { return records_.empty(); }
  // The stored value (see above) for cell c, inside the level.
  int value(Cell c, Dir d) const { return record(c.x, c.y).v[static_cast<std::size_t>(d)]; }
  const Record& record(int x, int y) const {
    return records_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                    static_cast<std::size_t>(x)];
  }

  // A jump from (x, y) (inside the level; `rec` is its record) in direction d towards `goal`:
  // the number of steps to the first jump point, 0 when there is none.
  int steps(const Record& rec, int x, int y, Dir d, Cell goal) const {
    const int dx = astar::dx(d), dy = astar::dy(d);
    return is_diagonal(d) ? diagonal_steps(rec.v[static_cast<std::size_t>(d)], x, y, dx, dy, goal)
                          : straight_steps(rec.v[static_cast<std::size_t>(d)], x, y, dx, dy, goal);
  }

 private:
  static constexpr std::size_t dir_index(int dx, int dy) {
    constexpr std::array<std::uint8_t, 9> kIndex{5, 6, 7, 4, 0, 0, 3, 2, 1};  // (dy+1)*3 + dx+1
    return kIndex[static_cast<std::size_t>((dy + 1) * 3 + dx + 1)];
  }
  static int magnitude(int v) { return v < 0 ? -v : v; }

  // v: the stored value for the jump's direction (dx, dy).
  static int straight_steps(int v, int x, int y, int dx, int dy, Cell goal) {
    // Steps to the goal along this line, <= 0 when it is not ahead on it.
    const int to_goal = dy == 0 ? (goal.y == y ? (goal.x - x) * dx : 0)
                                : (goal.x == x ? (goal.y - y) * dy : 0);
    if (to_goal > 0 && to_goal <= magnitude(v)) return to_goal;
    return v > 0 ? v : 0;
  }

  int diagonal_steps(int v, int x, int y, int dx, int dy, Cell goal) const {
    const int reach = magnitude(v);
    int best = v > 0 ? v : reach + 1;  // reach + 1: nothing found yet
    // The step that reaches the goal's row: the goal itself, or a straight jump along the row.
    const int ty = (goal.y - y) * dy;
    if (ty > 0 && ty < best) {
      const int ahead = (goal.x - (x + ty * dx)) * dx;
      if (ahead == 0 ||
          (ahead > 0 && ahead <= magnitude(record(x + ty * dx, goal.y).v[dir_index(dx, 0)])))
        best = ty;
    }
    // The step that reaches the goal's column: a straight jump along the column.
    const int tx = (goal.x - x) * dx;
    if (tx > 0 && tx < best) {
      const int ahead = (goal.y - (y + tx * dy)) * dy;
      if (ahead == 0 ||
          (ahead > 0 && ahead <= magnitude(record(goal.x, y + tx * dy).v[dir_index(0, dy)])))
        best = tx;
    }
    return best <= reach ? best : 0;
  }

  struct Solid;  // the level's solid mask, bounds-checked (jump_distances.cpp)
  int line_count(std::size_t d) const;
  Cell far_end(std::size_t d, int line) const;
  void compute_line(const Solid& solid, std::size_t d, int line, bool mark_changes);
  void fill_row(const Solid& solid, int y, int dy);
  void mark_diagonals(int x, int y);

  int width_ = 0;
  int height_ = 0;
  std::vector<Record> records_;
  // update(): the diagonals to recompute, by x + y (NE and SW) and by x - y + height - 1 (SE
  // and NW).
  std::vector<std::uint8_t> marked_sum_, marked_diff_;
};

}  // namespace astar
