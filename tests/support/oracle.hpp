// Test helper: an independent plain Dijkstra that re-implements the cost formula of docs/rules-and-costs.md
// (walks, climbs, drops and jumps, flat or 3D step lengths) without MovePolicy, the oracle for
// every optimal search.
// Collision shapes are tested by brute force (oracle_capsule_touches), not by the level's cache
// or shapes.cpp's formulas.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <variant>
#include <vector>

#include "astar/level.hpp"

namespace astar::test {

inline constexpr double kOracleInf = std::numeric_limits<double>::infinity();

// Distance from a point to the axis-aligned box [x0, x1] x [y0, y1] (0 inside).
inline double oracle_point_box_distance(double px, double py, double x0, double y0, double x1,
                                        double y1) {
  const double ddx = px < x0 ? x0 - px : (px > x1 ? px - x1 : 0.0);
  const double ddy = py < y0 ? y0 - py : (py > y1 ? py - y1 : 0.0);
  return std::hypot(ddx, ddy);
}

// Distance from a point to a convex polygon given by its corners in either order around (0
// inside: the point is on the same side of every edge).
inline double oracle_point_polygon_distance(const std::vector<Point>& pts, double px, double py) {
  bool any_left = false, any_right = false;
  double best = kOracleInf;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point p = pts[i], q = pts[(i + 1) % pts.size()];
    const double ex = q.x - p.x, ey = q.y - p.y;
    const double side = ex * (py - p.y) - ey * (px - p.x);
    any_left = any_left || side < 0;
    any_right = any_right || side > 0;
    // The nearest point of the edge: the projection, clamped to the edge.
    const double t = std::clamp(((px - p.x) * ex + (py - p.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
    best = std::min(best, std::hypot(p.x + t * ex - px, p.y + t * ey - py));
  }
  return any_left && any_right ? best : 0.0;
}

// Distance from a point to a shape (0 inside), written out plainly. A rotated box turns the
// point back into the box's own frame with the library's cos and sin (not shapes.cpp's corners).
inline double oracle_point_shape_distance(const Shape& s, double px, double py) {
  if (const auto* c = std::get_if<Circle>(&s))
    return std::max(0.0, std::hypot(px - c->x, py - c->y) - c->r);
  if (const auto* b = std::get_if<Box>(&s))
    return oracle_point_box_distance(px, py, b->min_x, b->min_y, b->max_x, b->max_y);
  if (const auto* r = std::get_if<RotatedBox>(&s)) {
    const double a = r->angle * std::acos(-1.0) / 180.0;
    const double dx = px - r->cx, dy = py - r->cy;
    const double u = dx * std::cos(a) + dy * std::sin(a), v = -dx * std::sin(a) + dy * std::cos(a);
    return oracle_point_box_distance(u, v, -r->width / 2, -r->height / 2, r->width / 2, r->height / 2);
  }
  return oracle_point_polygon_distance(std::get<Polygon>(s).points, px, py);
}

// Distance from the segment (ax, ay)-(bx, by) to a shape, by brute force: the distance from a
// point of the segment to a convex shape is a convex function of the point's parameter t, so a
// ternary search over t finds its minimum (t to within 1e-17 after 100 rounds).
inline double oracle_segment_shape_distance(const Shape& s, double ax, double ay, double bx,
                                            double by) {
  auto at = [&](double t) { return oracle_point_shape_distance(s, ax + t * (bx - ax), ay + t * (by - ay)); };
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 100; ++i) {
    const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (at(m1) <= at(m2)) hi = m2;
    else lo = m1;
  }
  return std::min({at(0.0), at(1.0), at((lo + hi) / 2)});
}

// True when the segment widened by `radius` touches a shape of the level (distance <= radius;
// touching counts). The brute force misses an exact touch by its own error, far below 1e-12, so
// distances within 1e-12 of the radius count as touching: hand-made levels graze exactly.
inline bool oracle_capsule_touches(const Level& lv, double ax, double ay, double bx, double by,
                                   double radius) {
  for (const Shape& s : lv.shapes())
    if (oracle_segment_shape_distance(s, ax, ay, bx, by) <= radius + 1e-12) return true;
  return false;
}

// Nothing may enter a wall, nor an agent's cell while agents block (docs/level-format.md, `agents`).
inline bool oracle_blocked(const Level& lv, Cell c) {
  return lv.wall(c) || (lv.agents_block() && lv.agent(c));
}

// The cost of a one-cell move from a to b (in bounds, open), `flat` long on the grid, that
// leaves a in direction d (the key of its edge override): docs/rules-and-costs.md's walk, climb,
// drop, or jump up or down beyond the climb and drop limits, written out again.
inline double oracle_step_cost(const Level& lv, const MovementRules& r, Cell a, Cell b, Dir d,
                               double flat) {
  const int rise = lv.height_at(b) - lv.height_at(a);
  const bool climbs = rise > 0 && (r.max_climb < 0 || rise <= r.max_climb);
  const bool drops = rise < 0 && (r.max_drop < 0 || -rise <= r.max_drop);
  const bool jumps_up = rise > 0 && !climbs && rise <= r.jump.up;
  const bool jumps_down = rise < 0 && !drops && -rise <= r.jump.down;
  if (rise != 0 && !climbs && !drops && !jumps_up && !jumps_down) return kOracleInf;
  for (const auto& [key, e] : lv.edges())
    if (key.first == static_cast<std::uint32_t>(a.y * lv.width() + a.x) && key.second == d)
      return e.blocked ? kOracleInf : e.weight;
  const double extra = climbs ? r.climb_cost * rise
                       : drops ? r.drop_cost
                       : jumps_up ? r.jump.up_cost
                       : jumps_down ? r.jump.down_cost
                                    : 0.0;
  const double length = r.step_length == StepLength::Height ? std::hypot(flat, rise) : flat;
  return length * lv.cost(b) + extra;
}

// The cost of a jump across `span` cells onto b (open), written out again: every cell flown over
// (`over`, in order) open and lower than both ends, and b within the climb and drop limits.
inline double oracle_across_cost(const Level& lv, const MovementRules& r, Cell a, Cell b,
                                 const std::vector<Cell>& over) {
  const int low = std::min(lv.height_at(a), lv.height_at(b));
  for (Cell g : over)
    if (oracle_blocked(lv, g) || lv.height_at(g) >= low) return kOracleInf;
  const int rise = lv.height_at(b) - lv.height_at(a);
  if (r.max_climb >= 0 && rise > r.max_climb) return kOracleInf;
  if (r.max_drop >= 0 && -rise > r.max_drop) return kOracleInf;
  const double span = static_cast<double>(over.size() + 1);
  const double length = r.step_length == StepLength::Height ? std::hypot(span, rise) : span;
  return length * lv.cost(b) + r.jump.across_cost;
}

// The cost formula written out again from docs/rules-and-costs.md, independently of MovePolicy.
inline double oracle_move_cost(const Level& lv, const MovementRules& r, Cell a, int ddx, int ddy) {
  const Cell b{a.x + ddx, a.y + ddy};
  if (!lv.in_bounds(b) || oracle_blocked(lv, b)) return kOracleInf;
  const bool diagonal = ddx != 0 && ddy != 0;
  if (diagonal) {
    if (r.neighbours == Neighbours::Four || r.diagonal == DiagonalPolicy::Never) return kOracleInf;
    const bool s1 = lv.in_bounds({b.x, a.y}) && !oracle_blocked(lv, {b.x, a.y});
    const bool s2 = lv.in_bounds({a.x, b.y}) && !oracle_blocked(lv, {a.x, b.y});
    if (r.diagonal == DiagonalPolicy::NoCornerCutting && !(s1 && s2)) return kOracleInf;
    if (r.diagonal == DiagonalPolicy::AtLeastOneSideOpen && !(s1 || s2)) return kOracleInf;
  }
  if (!lv.shapes().empty() &&
      oracle_capsule_touches(lv, a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5, r.agent_radius))
    return kOracleInf;
  Dir d = Dir::E;  // the direction with these offsets, as the edge overrides are keyed
  for (Dir k : kAllDirs)
    if (dx(k) == ddx && dy(k) == ddy) d = k;
  return oracle_step_cost(lv, r, a, b, d, diagonal ? std::sqrt(2.0) : 1.0);
}

// docs/rules-and-costs.md's jump across, written out again: from a straight in (ddx, ddy) over k = span - 1
// cells, all open and lower than both ends, onto an open cell within the climb and drop limits.
inline double oracle_jump_cost(const Level& lv, const MovementRules& r, Cell a, int ddx, int ddy,
                               int span) {
  const Cell b{a.x + span * ddx, a.y + span * ddy};
  if (!lv.in_bounds(b) || oracle_blocked(lv, b)) return kOracleInf;
  std::vector<Cell> over;
  for (int j = 1; j < span; ++j) over.push_back({a.x + j * ddx, a.y + j * ddy});
  if (!lv.shapes().empty() &&
      oracle_capsule_touches(lv, a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5, r.agent_radius))
    return kOracleInf;
  return oracle_across_cost(lv, r, a, b, over);
}

// How far a search's exact cost may lie from the oracle's sum of doubles: 1e-9 of it, and with
// 3D step lengths also half a micro-unit a step (each 3D length is rounded once to the
// micro-unit, exact_length_cost in moves.hpp).
inline double oracle_slack(const MovementRules& r, double best, std::size_t steps) {
  const double rounding = r.step_length == StepLength::Height ? 0.5e-6 * static_cast<double>(steps) : 0.0;
  return 1e-9 * std::max(1.0, std::abs(best)) + rounding;
}

// Plain Dijkstra with a lazy priority queue: distance from the start to every cell.
inline std::vector<double> oracle_distances(const Level& lv, const MovementRules& r) {
  std::vector<double> dist(static_cast<std::size_t>(lv.cell_count()), kOracleInf);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  const int s = lv.start().y * lv.width() + lv.start().x;
  dist[s] = 0;
  pq.push({0.0, s});
  while (!pq.empty()) {
    auto [d, i] = pq.top();
    pq.pop();
    if (d > dist[i]) continue;
    const Cell a{i % lv.width(), i / lv.width()};
    for (int ddy = -1; ddy <= 1; ++ddy)
      for (int ddx = -1; ddx <= 1; ++ddx) {
        if (ddx == 0 && ddy == 0) continue;
        const double c = oracle_move_cost(lv, r, a, ddx, ddy);
        if (c == kOracleInf) continue;
        const int j = (a.y + ddy) * lv.width() + a.x + ddx;
        if (d + c < dist[j]) {
          dist[j] = d + c;
          pq.push({dist[j], j});
        }
      }
    const int straight[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (const auto& [ddx, ddy] : straight)
      for (int span = 2; span <= r.jump.gap + 1; ++span) {
        const double c = oracle_jump_cost(lv, r, a, ddx, ddy, span);
        if (c == kOracleInf) continue;
        const int j = (a.y + span * ddy) * lv.width() + a.x + span * ddx;
        if (d + c < dist[j]) {
          dist[j] = d + c;
          pq.push({dist[j], j});
        }
      }
  }
  return dist;
}


}  // namespace astar::test
