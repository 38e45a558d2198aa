// Jump Point Search successors (Harabor & Grastien, "Online Graph Pruning for Pathfinding on Grid
// Maps", AAAI 2011), for uniform-cost 8-neighbour levels where diagonal steps may not cut corners
// (both side cells open: MovingAI's rule). The search engine (detail/best_first.hpp) calls this
// from its one best-first loop; the cost of reaching a jump point is the octile distance to it.
//
// Three ways to the same answers (same jump points, same order):
//   * JumpGrid with JPS+ distances (JumpMethod::Distances, jump_distances.hpp): every cell's
//     distance to its first jump point in each direction, precomputed; a jump is a table read
//     plus the goal test. What searches use on levels up to JumpDistances::kMaxCells cells.
//   * JumpGrid with block-based jumps (JumpMethod::Blocks; Harabor & Grastien, "Improving Jump
//     Point Search", ICAPS 2014): the open cells as bit rows, 64 cells per word, plus a
//     transposed copy for columns; a straight jump finds its stop (blocked cell, forced neighbour
//     or goal) in a few word operations per 64 cells. For larger levels (2 bits a cell instead of
//     16 bytes).
//   * jump_point_successors: the plain cell-by-cell scan, kept as the reference the tests
//     compare JumpGrid with.
// JumpGrid is built once per search (the level does not change during a search's life):
//   JumpGrid grid(level);  // or grid.assign(level)
//   JumpGrid::Successors out;
//   int n = grid.successors(cur, mx, my, goal, out);  // out[0, n): the jump points
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "astar/jump_distances.hpp"
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

// How JumpGrid jumps. Auto: Distances on levels up to JumpDistances::kMaxCells cells, else
// Blocks.
enum class JumpMethod : std::uint8_t { Auto, Blocks, Distances, _Max };

// The level's open cells (not solid: walls, and agents while they block) as bit lines, and on
// levels up to JumpDistances::kMaxCells cells its JPS+ jump distances. Answers exactly as
// jump_point_successors on the level it was built from.
class JumpGrid {
 public:
  // At most one jump point per direction: the start explores all 8.
  static constexpr int kMaxSuccessors = 8;
  using Successors = std::array<Cell, kMaxSuccessors>;

  JumpGrid() = default;
  explicit JumpGrid(const Level& level, JumpMethod method = JumpMethod::Auto) {
    assign(level, method);
  }
  // Rebuilds from the level's solid mask (O(cells)): the bit rows, then the jump distances
  // (Distances) or the transposed bit columns (Blocks).
  void assign(const Level& level, JumpMethod method = JumpMethod::Auto);
  // Blocks or Distances: what assign chose.
  JumpMethod method() const { return use_distances_ ? JumpMethod::Distances : JumpMethod::Blocks; }
  // The JPS+ table (empty with Blocks).
  const JumpDistances& distances() const { return distances_; }

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

  // One jump from `from` (inside the level; none from outside) in direction (dx, dy) (straight
  // or diagonal): the first jump point, or none. Exposed for tests.
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

  // The pruning rules (see jump_point.cpp): the directions to jump in from cur, reached in
  // direction (mx, my), in jump_point_successors' order, into dirs[0, n); returns n.
  using Directions = std::array<Dir, kDirCount>;
  int directions(Cell cur, int mx, int my, Directions& dirs) const;
  bool jump_blocks(int x, int y, int dx, int dy, Cell goal, Cell& to) const;
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
  BitLines cols_;  // the transposed copy, line x: the cells (x, y) (Blocks only)
  bool use_distances_ = false;
  JumpDistances distances_;  // Distances only
};

// The pruning rules of jump_point_successors, in the same order, over JPS+ distances or
// block-based jumps.
template <class Found>
int JumpGrid::successors(Cell cur, int mx, int my, Cell goal, Successors& out,
                         Found&& found) const {
  if (!open(cur.x, cur.y)) return 0;  // nothing leaves a solid cell or one outside the level
  Directions dirs;
  const int m = directions(cur, mx, my, dirs);
  int n = 0;
  if (use_distances_) {
    const JumpDistances::Record& rec = distances_.record(cur.x, cur.y);
    for (int k = 0; k < m; ++k) {
      const Dir d = dirs[static_cast<std::size_t>(k)];
      const int steps = distances_.steps(rec, cur.x, cur.y, d, goal);
      if (steps == 0) continue;
      Cell& to = out[static_cast<std::size_t>(n++)];
      to = {cur.x + steps * astar::dx(d), cur.y + steps * astar::dy(d)};
      // The jump point's own record is read when it is expanded, often soon: ask for it now.
      __builtin_prefetch(&distances_.record(to.x, to.y));
      found(to);
    }
    return n;
  }
  for (int k = 0; k < m; ++k) {
    const Dir d = dirs[static_cast<std::size_t>(k)];
    Cell& to = out[static_cast<std::size_t>(n)];
    if (!jump_blocks(cur.x, cur.y, astar::dx(d), astar::dy(d), goal, to)) continue;
    ++n;
    found(to);
  }
  return n;
}

}  // namespace astar
