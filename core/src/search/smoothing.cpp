#include "astar/smoothing.hpp"

#include <cmath>
#include <cstdint>
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
// to out. `sees(i, k)` says whether a shortcut from path[i] to path[k] is allowed.
template <class Sees>
void pull(const std::vector<Cell>& path, std::size_t first, std::size_t last, Sees&& sees,
          std::vector<Cell>& out) {
  std::size_t from = first;
  while (from < last) {
    // The farthest cell still in sight; the next cell always is (a legal step has sight under
    // no corner cutting; otherwise fall back to it so the walk never stalls).
    std::size_t to = from + 1;
    for (std::size_t k = last; k > from + 1; --k)
      if (sees(from, k)) {
        to = k;
        break;
      }
    out.push_back(path[to]);
    from = to;
  }
}

// The walk of line_of_sight (see line_of_sight.cpp) along the segment from a to b, through every
// cell it touches: straight(c, d) for each step from c to its neighbour in direction d (E, W, N
// or S); corner(c, along_x, along_y) where the line passes the lattice point between c and its
// diagonal neighbour step(step(c, along_x), along_y), grazing both side cells. False as soon as
// one of them returns false.
template <class Straight, class Corner>
bool walk_line(Cell a, Cell b, Straight&& straight, Corner&& corner) {
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
      if (!straight(c, along_x)) return false;
      c = step(c, along_x);
      ++ix;
      e += 2 * ny;
    } else if (e > 0) {
      if (!straight(c, along_y)) return false;
      c = step(c, along_y);
      ++iy;
      e -= 2 * nx;
    } else {
      if (!corner(c, along_x, along_y)) return false;
      c = step(step(c, along_x), along_y);
      ++ix;
      ++iy;
      e += 2 * ny - 2 * nx;
    }
  }
  return true;
}

// A step between two 4-adjacent cells that an agent walks: a walk, a climb or a drop.
bool walk_step(const MovePolicy& policy, Cell from, Dir d) {
  const Move m = policy.move(from, d);
  return m.possible() && !is_jump(m.action);
}

// What the walk, climb or drop from `from` in direction d costs beyond its cell's cost (its climb
// or drop cost). nullopt when the step is no such move, or an edge override prices it.
std::optional<ExactCost> step_extra(const MovePolicy& policy, Cell from, Dir d) {
  const Level& lv = policy.level();
  if (lv.has_edges(from) && lv.edge(from, d)) return std::nullopt;
  const Move m = policy.move(from, d);
  if (!m.possible() || is_jump(m.action)) return std::nullopt;
  return m.exact - ExactCost::straight(lv.cost(m.to));
}

// What the steps the segment from a to b makes between the cells it touches cost beyond their
// cells (see smoothing.hpp); nullopt when a step is no walk, climb or drop, or crosses an edge
// override.
std::optional<ExactCost> line_extras(const MovePolicy& policy, Cell a, Cell b) {
  ExactCost sum;
  auto straight = [&](Cell c, Dir d) {
    const std::optional<ExactCost> x = step_extra(policy, c, d);
    if (x) sum += *x;
    return x.has_value();
  };
  auto corner = [&](Cell c, Dir along_x, Dir along_y) {
    const Level& lv = policy.level();
    const Cell side_x = step(c, along_x), side_y = step(c, along_y);
    if (lv.has_edges(c) && lv.edge(c, *dir_between(c, step(side_x, along_y)))) return false;
    const auto x1 = step_extra(policy, c, along_x), x2 = step_extra(policy, side_x, along_y);
    const auto y1 = step_extra(policy, c, along_y), y2 = step_extra(policy, side_y, along_x);
    if (!x1 || !x2 || !y1 || !y2) return false;
    const ExactCost way_x = *x1 + *x2, way_y = *y1 + *y2;
    sum += compare(way_x, way_y) >= 0 ? way_x : way_y;  // the dearer way round
    return true;
  };
  if (!walk_line(a, b, straight, corner)) return std::nullopt;
  return sum;
}

// The cells' part of line_cost, in micro-units: the stretch of the line from where it leaves a
// to where, carried on, it leaves b (the cells the segment enters, b whole), each cell's length
// times its cost. In a frame where the line runs n >= 1 cells along its major axis and m <= n
// along the other, the stretch crosses columns i = 1..n; column i's minor coordinate runs from
// v_i = 1/2 + (m / n)(i - 1/2) to v_i + m / n, so it lies in one row or is cut once by a row
// boundary. Doubled and scaled by n (V = 2 n v) these are whole numbers, as are the column's
// parts in units of 1 / (2 m), and each column's length is sqrt(n^2 + m^2) / n.
double stretch_units(const Level& lv, Cell a, Cell b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  const bool x_major = std::abs(dx) >= std::abs(dy);
  const std::int64_t n = x_major ? std::abs(dx) : std::abs(dy);
  const std::int64_t m = x_major ? std::abs(dy) : std::abs(dx);
  const int su = (x_major ? dx : dy) < 0 ? -1 : 1, sv = (x_major ? dy : dx) < 0 ? -1 : 1;
  auto units = [&](std::int64_t i, std::int64_t j) {
    const int u = su * static_cast<int>(i), v = sv * static_cast<int>(j);
    return static_cast<double>(
        ExactCost::units(lv.cost(x_major ? Cell{a.x + u, a.y + v} : Cell{a.x + v, a.y + u})));
  };
  double sum = 0.0;
  if (m == 0) {
    for (std::int64_t i = 1; i <= n; ++i) sum += units(i, 0);
    return sum;
  }
  for (std::int64_t i = 1; i <= n; ++i) {
    const std::int64_t v0 = n + m * (2 * i - 1), v1 = v0 + 2 * m;  // 2 n v at the column's ends
    const std::int64_t lo = v0 / (2 * n), hi = (v1 - 1) / (2 * n);  // its first and last row
    if (lo == hi) {
      sum += static_cast<double>(2 * m) * units(i, lo);
    } else {
      const std::int64_t cut = 2 * n * hi;
      sum += static_cast<double>(cut - v0) * units(i, lo) +
             static_cast<double>(v1 - cut) * units(i, hi);
    }
  }
  const double n_d = static_cast<double>(n), m_d = static_cast<double>(m);
  return sum / (2.0 * m_d) * (std::sqrt(n_d * n_d + m_d * m_d) / n_d);
}

// line_cost in micro-units (exact_cost.hpp), or nullopt.
std::optional<double> line_units(const MovePolicy& policy, Cell a, Cell b) {
  if (a == b || !clear_shot(policy.level(), a, b, policy.rules().agent_radius)) return std::nullopt;
  const std::optional<ExactCost> extras = line_extras(policy, a, b);
  if (!extras) return std::nullopt;
  return extras->key() + stretch_units(policy.level(), a, b);
}

// The cost of each prefix of `path`: at[k] is the sum of its first k moves' exact costs (a step
// that is no move adds nothing; shortcuts never span one).
std::vector<ExactCost> prefix_costs(const MovePolicy& policy, const std::vector<Cell>& path) {
  std::vector<ExactCost> at(path.size());
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    at[k] = at[k - 1] + (m ? m->exact : ExactCost{});
  }
  return at;
}

}  // namespace

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path) {
  return smooth_path(level, path, level.rules().agent_radius);
}

std::vector<Cell> smooth_path(const Level& level, const std::vector<Cell>& path,
                              double agent_radius) {
  if (path.size() < 3 || level.is_hex()) return path;  // (kHexSmoothingRefusal)
  std::vector<Cell> out{path.front()};
  auto sees = [&](std::size_t i, std::size_t k) {
    return clear_shot(level, path[i], path[k], agent_radius);
  };
  pull(path, 0, path.size() - 1, sees, out);
  return out;
}

bool walkable_line(const MovePolicy& policy, Cell a, Cell b) {
  if (!clear_shot(policy.level(), a, b, policy.rules().agent_radius)) return false;
  auto straight = [&](Cell c, Dir d) { return walk_step(policy, c, d); };
  // Through a lattice point: the agent grazes both side cells, so both ways around count, and
  // it makes the diagonal move itself, so a blocked override on that move refuses the line.
  auto corner = [&](Cell c, Dir along_x, Dir along_y) {
    const Cell side_x = step(c, along_x), side_y = step(c, along_y);
    const Level& lv = policy.level();
    if (lv.has_edges(c))
      if (const auto e = lv.edge(c, *dir_between(c, step(side_x, along_y))); e && e->blocked)
        return false;
    return walk_step(policy, c, along_x) && walk_step(policy, side_x, along_y) &&
           walk_step(policy, c, along_y) && walk_step(policy, side_y, along_x);
  };
  return walk_line(a, b, straight, corner);
}

std::optional<double> line_cost(const MovePolicy& policy, Cell a, Cell b) {
  const std::optional<double> units = line_units(policy, a, b);
  if (!units) return std::nullopt;
  return *units / kCostUnitsPerOne;
}

std::vector<Cell> smooth_path(const MovePolicy& policy, const std::vector<Cell>& path,
                              SmoothOptions options) {
  if (path.size() < 3 || policy.level().is_hex()) return path;  // (kHexSmoothingRefusal)
  const std::vector<ExactCost> upto =
      options.respect_costs ? prefix_costs(policy, path) : std::vector<ExactCost>{};
  auto sees = [&](std::size_t i, std::size_t k) {
    if (!options.respect_costs) return walkable_line(policy, path[i], path[k]);
    const std::optional<double> line = line_units(policy, path[i], path[k]);
    return line && *line <= (upto[k] - upto[i]).key() * (1.0 + kSmoothingTolerance);
  };
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

std::optional<double> smoothed_cost(const MovePolicy& policy, const std::vector<Cell>& path,
                                    const std::vector<Cell>& waypoints) {
  if (waypoints.empty() || path.empty() || !(waypoints.front() == path.front()))
    return std::nullopt;
  ExactCost moves;     // the legs that are one step of the path
  double lines = 0.0;  // the longer legs, in micro-units
  std::size_t i = 0;   // the index in `path` of the last waypoint
  for (std::size_t w = 1; w < waypoints.size(); ++w) {
    std::size_t k = i + 1;
    while (k < path.size() && !(path[k] == waypoints[w])) ++k;
    if (k == path.size()) return std::nullopt;
    if (k == i + 1) {
      const std::optional<Move> m = policy.move_between(path[i], path[k]);
      if (!m) return std::nullopt;
      moves += m->exact;
    } else {
      const std::optional<double> line = line_units(policy, path[i], path[k]);
      if (!line) return std::nullopt;
      lines += *line;
    }
    i = k;
  }
  if (i + 1 != path.size()) return std::nullopt;  // the last waypoint is not the path's end
  // Added as ExactCost::value adds: with no longer leg, bit for bit the path's cost.
  return (moves.key() + lines) / kCostUnitsPerOne;
}

}  // namespace astar
