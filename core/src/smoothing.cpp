#include "astar/smoothing.hpp"

#include "astar/line_of_sight.hpp"

namespace astar {

namespace {
// Line of sight, and clear of every shape by `radius`.
bool clear_shot(const Level& level, Cell a, Cell b, double radius) {
  if (!line_of_sight(level, a, b)) return false;
  return level.shapes().empty() ||
         !level.shape_touched(a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5, radius);
}
}  // namespace

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path) {
  return smooth_path(level, path, level.rules().agent_radius);
}

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path,
                              double agent_radius) {
  if (path.size() < 3) return path;
  std::vector<Cell> out{path.front()};
  std::size_t from = 0;
  while (from + 1 < path.size()) {
    // The farthest cell still in sight; the next cell always is (a legal step has sight under
    // no corner cutting; otherwise fall back to it so the walk never stalls).
    std::size_t to = from + 1;
    for (std::size_t k = path.size() - 1; k > from + 1; --k)
      if (clear_shot(level, path[from], path[k], agent_radius)) {
        to = k;
        break;
      }
    out.push_back(path[to]);
    from = to;
  }
  return out;
}

}  // namespace astar
