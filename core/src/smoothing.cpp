#include "astar/smoothing.hpp"

#include "astar/line_of_sight.hpp"

namespace astar {

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path) {
  if (path.size() < 3) return path;
  std::vector<Cell> out{path.front()};
  std::size_t from = 0;
  while (from + 1 < path.size()) {
    // The farthest cell still in sight; the next cell always is (a legal step has sight under
    // no corner cutting; otherwise fall back to it so the walk never stalls).
    std::size_t to = from + 1;
    for (std::size_t k = path.size() - 1; k > from + 1; --k)
      if (line_of_sight(level, path[from], path[k])) {
        to = k;
        break;
      }
    out.push_back(path[to]);
    from = to;
  }
  return out;
}

}  // namespace astar
