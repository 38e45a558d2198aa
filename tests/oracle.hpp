// Test helper: an independent plain Dijkstra that re-implements the README's cost formula
// without MovePolicy, the oracle for every optimal search.
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
  const int rise = lv.height_at(b) - lv.height_at(a);
  if (r.max_climb >= 0 && rise > r.max_climb) return kOracleInf;
  if (r.max_drop >= 0 && -rise > r.max_drop) return kOracleInf;
  for (const auto& [key, e] : lv.edges()) {
    if (key.first != static_cast<std::uint32_t>(a.y * lv.width() + a.x)) continue;
    if (dx(key.second) != ddx || dy(key.second) != ddy) continue;
    return e.blocked ? kOracleInf : e.weight;
  }
  return (diagonal ? std::sqrt(2.0) : 1.0) * lv.cost(b) + r.climb_cost * std::max(0, rise);
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
  }
  return dist;
}


}  // namespace astar::test
