// Test helper: an independent plain Dijkstra that re-implements the README's cost formula
// (walks, climbs, drops and jumps) without MovePolicy, the oracle for every optimal search.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include "astar/level.hpp"

namespace astar::test {

inline constexpr double kOracleInf = std::numeric_limits<double>::infinity();

// The cost formula written out again from the README, independently of MovePolicy.
inline double oracle_move_cost(const Level& lv, const MovementRules& r, Cell a, int ddx, int ddy) {
  const Cell b{a.x + ddx, a.y + ddy};
  if (!lv.in_bounds(b) || lv.wall(b)) return kOracleInf;
  const bool diagonal = ddx != 0 && ddy != 0;
  if (diagonal) {
    if (r.neighbours == Neighbours::Four || r.diagonal == DiagonalPolicy::Never) return kOracleInf;
    const bool s1 = lv.in_bounds({b.x, a.y}) && !lv.wall({b.x, a.y});
    const bool s2 = lv.in_bounds({a.x, b.y}) && !lv.wall({a.x, b.y});
    if (r.diagonal == DiagonalPolicy::NoCornerCutting && !(s1 && s2)) return kOracleInf;
    if (r.diagonal == DiagonalPolicy::AtLeastOneSideOpen && !(s1 || s2)) return kOracleInf;
  }
  // Walk, climb, drop, or a jump up or down beyond the climb and drop limits.
  const int rise = lv.height_at(b) - lv.height_at(a);
  const bool climbs = rise > 0 && (r.max_climb < 0 || rise <= r.max_climb);
  const bool drops = rise < 0 && (r.max_drop < 0 || -rise <= r.max_drop);
  const bool jumps_up = rise > 0 && !climbs && rise <= r.jump.up;
  const bool jumps_down = rise < 0 && !drops && -rise <= r.jump.down;
  if (rise != 0 && !climbs && !drops && !jumps_up && !jumps_down) return kOracleInf;
  for (const auto& [key, e] : lv.edges()) {
    if (key.first != static_cast<std::uint32_t>(a.y * lv.width() + a.x)) continue;
    if (dx(key.second) != ddx || dy(key.second) != ddy) continue;
    return e.blocked ? kOracleInf : e.weight;
  }
  const double extra = climbs ? r.climb_cost * rise
                       : drops ? r.drop_cost
                       : jumps_up ? r.jump.up_cost
                       : jumps_down ? r.jump.down_cost
                                    : 0.0;
  return (diagonal ? std::sqrt(2.0) : 1.0) * lv.cost(b) + extra;
}

// The README's jump across, written out again: from a straight in (ddx, ddy) over k = span - 1
// cells, all open and lower than both ends, onto an open cell within the climb and drop limits.
inline double oracle_jump_cost(const Level& lv, const MovementRules& r, Cell a, int ddx, int ddy,
                               int span) {
  const Cell b{a.x + span * ddx, a.y + span * ddy};
  if (!lv.in_bounds(b) || lv.wall(b)) return kOracleInf;
  const int low = std::min(lv.height_at(a), lv.height_at(b));
  for (int j = 1; j < span; ++j) {
    const Cell g{a.x + j * ddx, a.y + j * ddy};
    if (lv.wall(g) || lv.height_at(g) >= low) return kOracleInf;
  }
  const int rise = lv.height_at(b) - lv.height_at(a);
  if (r.max_climb >= 0 && rise > r.max_climb) return kOracleInf;
  if (r.max_drop >= 0 && -rise > r.max_drop) return kOracleInf;
  return span * lv.cost(b) + r.jump.across_cost;
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
