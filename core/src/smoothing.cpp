#include "astar/smoothing.hpp"

#include <cstdlib>

#include "astar/line_of_sight.hpp"

namespace astar {

namespace {

// Line of sight, and clear of every shape by `radius`.
bool clear_shot(const Level& level, Cell a, Cell b, double radius) {
  if (!line_of_sight(level, a, b)) return false;
  return level.shapes().empty() ||
         !level.shape_touched(a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5, radius);
}

// String pulling over path[first..last] (inclusive), appending the waypoints after path[first]
// to out. `sees(a, b)` says whether a shortcut from a to b is allowed.
template <class Sees>
void pull(const std::vector<Cell>& path, std::size_t first, std::size_t last, Sees&& sees,
          std::vector<Cell>& out) {
  std::size_t from = first;
  while (from < last) {
    // The farthest cell still in sight; the next cell always is (a legal step has sight under
    // no corner cutting; otherwise fall back to it so the walk never stalls).
    std::size_t to = from + 1;
    for (std::size_t k = last; k > from + 1; --k)
      if (sees(path[from], path[k])) {
        to = k;
        break;
      }
    out.push_back(path[to]);
    from = to;
  }
}

// A step between two 4-adjacent cells that an agent walks: a walk, a climb or a drop.
bool walk_step(const MovePolicy& policy, Cell from, Dir d) {
  const Move m = policy.move(from, d);
  return m.possible() && !is_jump(m.action);
}

}  // namespace

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path) {
  return smooth_path(level, path, level.rules().agent_radius);
}

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path,
                              double agent_radius) {
  if (path.size() < 3) return path;
  std::vector<Cell> out{path.front()};
  pull(path, 0, path.size() - 1,
       [&](Cell a, Cell b) { return clear_shot(level, a, b, agent_radius); }, out);
  return out;
}

// The walk of line_of_sight (see line_of_sight.cpp), checking each step between touched cells.
bool walkable_line(const MovePolicy& policy, Cell a, Cell b) {
  if (!clear_shot(policy.level(), a, b, policy.rules().agent_radius)) return false;
  const int nx = std::abs(b.x - a.x);
  const int ny = std::abs(b.y - a.y);
  const Dir along_x = b.x >= a.x ? Dir::E : Dir::W;
  const Dir along_y = b.y >= a.y ? Dir::S : Dir::N;
  int e = ny - nx;
  int ix = 0;
  int iy = 0;
  Cell c = a;
  while (ix < nx || iy < ny) {
    if (e < 0) {
      if (!walk_step(policy, c, along_x)) return false;
      c = step(c, along_x);
      ++ix;
      e += 2 * ny;
    } else if (e > 0) {
      if (!walk_step(policy, c, along_y)) return false;
      c = step(c, along_y);
      ++iy;
      e -= 2 * nx;
    } else {
      // Through a lattice point: the agent grazes both side cells, so both ways around count.
      const Cell side_x = step(c, along_x), side_y = step(c, along_y);
      if (!walk_step(policy, c, along_x) || !walk_step(policy, side_x, along_y) ||
          !walk_step(policy, c, along_y) || !walk_step(policy, side_y, along_x))
        return false;
      c = step(side_x, along_y);
      ++ix;
      ++iy;
      e += 2 * ny - 2 * nx;
    }
  }
  return true;
}

std::vector<Cell> smooth_path(const MovePolicy& policy, const std::vector<Cell>& path) {
  if (path.size() < 3) return path;
  auto sees = [&](Cell a, Cell b) { return walkable_line(policy, a, b); };
  std::vector<Cell> out{path.front()};
  // Pull each stretch between jumps on its own; a jump's two ends are always waypoints.
  std::size_t first = 0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    if (m && !is_jump(m->action)) continue;
    pull(path, first, k - 1, sees, out);
    out.push_back(path[k]);  // the jump's landing (or the far end of a step that is no move)
    first = k;
  }
  pull(path, first, path.size() - 1, sees, out);
  return out;
}

}  // namespace astar
