// Jump Point Search successors (Harabor & Grastien, "Online Graph Pruning for Pathfinding on Grid
// Maps", AAAI 2011), for uniform-cost 8-neighbour levels where diagonal steps may not cut corners
// (both side cells open: MovingAI's rule). The search engine (search.cpp) calls this from its one
// best-first loop; the cost of reaching a jump point is the octile distance to it.
//
// Two implementations with the same answers (same jump points, same order):
//   * JumpGrid: block-based jumps (Harabor & Grastien, "Improving Jump Point Search", ICAPS
//     2014): the open cells as bit rows, 64 cells per word, plus a transposed copy for columns;
//     a straight jump finds its stop (blocked cell, forced neighbour or goal) in a few word
//     operations per 64 cells. What searches use; built once per search (the level does not
//     change during a search's life).
//   * jump_point_successors: the plain cell-by-cell scan, kept as the reference the tests
//     compare JumpGrid with.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "astar/level.hpp"

namespace astar {

// Appends to `out` the jump points reachable from `cur`, which was reached from `parent` (none for
// the start: then every open direction is explored). Pruning follows the no-corner-cutting
// variant (forced neighbours arise only from straight moves; a diagonal jump continues only while
// both side cells are open). `goal` is always a jump point. Each successor lies on a straight or
// diagonal line from `cur`, with every cell on the line open and every diagonal step legal.
// The cell-by-cell reference implementation (see JumpGrid for the fast one).
void jump_point_successors(const Level& level, Cell cur, std::optional<Cell> parent, Cell goal,
                           std::vector<Cell>& out);
// One jump of the reference: from `from` in direction (dx, dy) (straight or diagonal, not (0, 0)),
// the first jump point, or none (JumpGrid::jump answers the same; the tests compare them).
std::optional<Cell> jump_cell_by_cell(const Level& level, Cell from, int dx, int dy, Cell goal);

// The level's open cells (not solid: walls, and agents while they block) as bit lines, for
// block-based jumps. Answers exactly as jump_point_successors on the level it was built from.
class JumpGrid {
 public:
  // At most one jump point per direction: the start explores all 8.
  static constexpr int kMaxSuccessors = 8;
  using Successors = std::array<Cell, kMaxSuccessors>;

  JumpGrid() = default;
  explicit JumpGrid(const Level& level) { assign(level); }
  // Rebuilds the bit lines from the level's solid mask (O(cells)).
  void assign(const Level& level);

  int width() const { return width_; }
  int height() const { return height_; }
  bool open(int x, int y) const {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height_) && rows_.open(y, x);
  }

  // Writes to out[0, n) the jump points reachable from `cur` (same as jump_point_successors,
  // same order) and returns n. (mx, my) is the direction of arrival, sign(cur - parent) per
  // axis, (0, 0) for the start.
  int successors(Cell cur, int mx, int my, Cell goal, Successors& out) const {
    return successors(cur, mx, my, goal, out, [](Cell) {});
  }
  // The same, calling found(cell) as soon as each jump point is found, before the next jump is
  // made: the search asks the memory for that cell's node early (a prefetch), so fetching it
  // overlaps the remaining jumps.
  template <class Found>
  int successors(Cell cur, int mx, int my, Cell goal, Successors& out, Found&& found) const;
  void successors(Cell cur, std::optional<Cell> parent, Cell goal, std::vector<Cell>& out) const;

  // One jump from (x, y) in direction (dx, dy) (straight or diagonal): the first jump point, or
  // none. Exposed for tests.
  std::optional<Cell> jump(Cell from, int dx, int dy, Cell goal) const;

 private:
  // `lines` lines of `length` cells, each stored as words of 64 cells (bit i of word k: cell
  // 64 k + i; 1 = open), with a zero (blocked) guard word before and after each line and a zero
  // guard line before the first and after the last. So the cells beside a line, and the words
  // before and after any word of a line, can always be read, and everything outside the level
  // reads as blocked.
  struct BitLines {
    int length = 0;
    int lines = 0;
    int stride = 0;  // words per line, guards included
    std::vector<std::uint64_t> bits;

    void reset(int length, int lines);
    // Line l in [-1, lines]; word 1 holds cells 0..63.
    const std::uint64_t* line(int l) const {
      return bits.data() + static_cast<std::ptrdiff_t>(l + 1) * stride;
    }
    std::uint64_t* line(int l) { return bits.data() + static_cast<std::ptrdiff_t>(l + 1) * stride; }
    bool open(int l, int i) const { return (line(l)[1 + (i >> 6)] >> (i & 63) & 1u) != 0; }
    // A straight jump along line l from position p (exclusive), towards higher positions (up)
    // or lower ones (down). `goal` is the goal's position on this line, or -1 when the goal is
    // not on it. Returns the jump point's position, or -1 when a blocked cell comes first.
    int scan_up(int l, int p, int goal) const;
    int scan_down(int l, int p, int goal) const;
  };

  bool jump_diagonal(int x, int y, int dx, int dy, Cell goal, Cell& out) const;
  // Straight jumps; the returned position is x (horizontal) or y (vertical), -1 for none.
  int jump_horizontal(int x, int y, int dx, Cell goal) const {
    const int g = goal.y == y ? goal.x : -1;
    return dx > 0 ? rows_.scan_up(y, x, g) : rows_.scan_down(y, x, g);
  }
  int jump_vertical(int x, int y, int dy, Cell goal) const {
    const int g = goal.x == x ? goal.y : -1;
    return dy > 0 ? cols_.scan_up(x, y, g) : cols_.scan_down(x, y, g);
  }

  int width_ = 0;
  int height_ = 0;
  BitLines rows_;  // line y: the cells (x, y)
  BitLines cols_;  // the transposed copy, line x: the cells (x, y)
};

// The pruning rules of jump_point_successors, in the same order, over block-based jumps.
template <class Found>
int JumpGrid::successors(Cell cur, int mx, int my, Cell goal, Successors& out,
                         Found&& found) const {
  if (!open(cur.x, cur.y)) return 0;  // nothing leaves a solid cell or one outside the level
  int n = 0;
  const int x = cur.x, y = cur.y;
  auto explore = [&](int sx, int sy) {
    int to = -1;
    if (sx != 0 && sy != 0) {
      if (!jump_diagonal(x, y, sx, sy, goal, out[static_cast<std::size_t>(n)])) return;
    } else if (sx != 0) {
      if ((to = jump_horizontal(x, y, sx, goal)) < 0) return;
      out[static_cast<std::size_t>(n)] = {to, y};
    } else {
      if ((to = jump_vertical(x, y, sy, goal)) < 0) return;
      out[static_cast<std::size_t>(n)] = {x, to};
    }
    found(out[static_cast<std::size_t>(n++)]);
  };
  if (mx == 0 && my == 0) {  // the start (or a degenerate parent): every direction
    for (Dir d : kAllDirs) explore(dx(d), dy(d));
    return n;
  }
  if (mx != 0 && my != 0) {  // diagonal arrival: natural neighbours only
    explore(mx, 0);
    explore(0, my);
    explore(mx, my);
    return n;
  }
  explore(mx, my);  // straight arrival: forward, plus the forced sides
  if (mx != 0) {
    for (int s = -1; s <= 1; s += 2)
      if (open(x, y + s) && !open(x - mx, y + s)) {
        explore(0, s);
        explore(mx, s);
      }
  } else {
    for (int s = -1; s <= 1; s += 2)
      if (open(x + s, y) && !open(x + s, y - my)) {
        explore(s, 0);
        explore(s, my);
      }
  }
  return n;
}

}  // namespace astar
