// Test helper: an independent plain Dijkstra on hex levels, the oracle for every optimal search
// there. Written apart from hex_coords.hpp and MovePolicy: a cell's six neighbours come from the
// offset tables of ../shared/formats/hex-grids.md (by the parity of the cell's row or column),
// each is named by where its centre lies (the edge overrides' keys), and the cost of a step is
// oracle.hpp's formula with a flat length of 1. Also a random hex level for property tests.
#pragma once

#include <array>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "astar/level.hpp"
#include "support/hex_layouts.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

namespace astar::test {

// True when cell c's row (pointy-top) or column (flat-top) is pushed half a hex over.
inline bool oracle_hex_pushed(const Level& lv, Cell c) {
  const int line = lv.topology() == Topology::HexPointyTop ? c.y : c.x;
  return (line % 2 != 0) == (lv.hex_stagger() == HexStagger::Odd);
}

// The six (dcol, drow) offsets of hex-grids.md's table for cell c.
inline std::array<std::pair<int, int>, 6> oracle_hex_offsets(const Level& lv, Cell c) {
  using O = std::array<std::pair<int, int>, 6>;
  const bool pushed = oracle_hex_pushed(lv, c);
  if (lv.topology() == Topology::HexPointyTop)
    return pushed ? O{{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}}
                  : O{{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}};
  return pushed ? O{{{1, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}}
                : O{{{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {0, 1}}};
}

// The direction from a to its neighbour b, named by where b's centre lies: pointy-top rows are
// half a hex apart sideways when one is pushed, flat-top columns likewise up and down.
inline Dir oracle_hex_dir(const Level& lv, Cell a, Cell b) {
  if (lv.topology() == Topology::HexPointyTop) {
    const double ax = a.x + (oracle_hex_pushed(lv, a) ? 0.5 : 0.0);
    const double bx = b.x + (oracle_hex_pushed(lv, b) ? 0.5 : 0.0);
    if (b.y == a.y) return b.x > a.x ? Dir::E : Dir::W;
    if (b.y < a.y) return bx > ax ? Dir::NE : Dir::NW;
    return bx > ax ? Dir::SE : Dir::SW;
  }
  const double ay = a.y + (oracle_hex_pushed(lv, a) ? 0.5 : 0.0);
  const double by = b.y + (oracle_hex_pushed(lv, b) ? 0.5 : 0.0);
  if (b.x == a.x) return b.y < a.y ? Dir::N : Dir::S;
  if (b.x > a.x) return by < ay ? Dir::NE : Dir::SE;
  return by < ay ? Dir::NW : Dir::SW;
}

// The neighbour of c in direction d (by oracle_hex_dir); {-1, -1} when none has that name.
inline Cell oracle_hex_neighbour(const Level& lv, Cell c, Dir d) {
  for (const auto& [dc, dr] : oracle_hex_offsets(lv, c)) {
    const Cell n{c.x + dc, c.y + dr};
    if (oracle_hex_dir(lv, c, n) == d) return n;
  }
  return {-1, -1};
}

// Every hex move leaving a, with its cost: the six steps, then the jumps across along each of
// the six directions, over 1..jump.gap cells. fn(to, cost) for each possible one.
template <class Fn>
void oracle_hex_moves(const Level& lv, const MovementRules& r, Cell a, Fn&& fn) {
  for (const auto& [dc, dr] : oracle_hex_offsets(lv, a)) {
    const Cell b{a.x + dc, a.y + dr};
    if (!lv.in_bounds(b) || oracle_blocked(lv, b)) continue;
    const double c = oracle_step_cost(lv, r, a, b, oracle_hex_dir(lv, a, b), 1.0);
    if (c != kOracleInf) fn(b, c);
  }
  for (Dir d : kAllDirs) {
    std::vector<Cell> over;
    Cell g = a;
    for (int k = 1; k <= r.jump.gap; ++k) {
      g = oracle_hex_neighbour(lv, g, d);
      if (!lv.in_bounds(g)) break;
      over.push_back(g);
      const Cell b = oracle_hex_neighbour(lv, g, d);
      if (!lv.in_bounds(b) || oracle_blocked(lv, b)) continue;
      const double c = oracle_across_cost(lv, r, a, b, over);
      if (c != kOracleInf) fn(b, c);
    }
  }
}

// Plain Dijkstra with a lazy priority queue: the distance from `from` to every cell.
inline std::vector<double> oracle_hex_distances(const Level& lv, const MovementRules& r, Cell from) {
  std::vector<double> dist(static_cast<std::size_t>(lv.cell_count()), kOracleInf);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  const int s = from.y * lv.width() + from.x;
  dist[static_cast<std::size_t>(s)] = 0;
  pq.push({0.0, s});
  while (!pq.empty()) {
    const double d = pq.top().first;  // named, not bound: clang 14 cannot capture a binding
    const int i = pq.top().second;
    pq.pop();
    if (d > dist[static_cast<std::size_t>(i)]) continue;
    oracle_hex_moves(lv, r, Cell{i % lv.width(), i / lv.width()}, [&](Cell b, double c) {
      const auto j = static_cast<std::size_t>(b.y * lv.width() + b.x);
      if (d + c < dist[j]) {
        dist[j] = d + c;
        pq.push({dist[j], static_cast<int>(j)});
      }
    });
  }
  return dist;
}

// The oracle's cost of a path's steps, each a hex move (a step or a jump across); kOracleInf when
// some step is none.
inline double oracle_hex_path_cost(const Level& lv, const MovementRules& r,
                                   const std::vector<Cell>& path) {
  double total = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    double best = kOracleInf;
    oracle_hex_moves(lv, r, path[k - 1], [&](Cell b, double c) {
      if (b == path[k]) best = std::min(best, c);
    });
    total += best;
  }
  return total;
}

// random_level's layers and rules on one of the four hex layouts: edge overrides in directions
// a hex does not have are turned to the next direction clockwise that it has.
inline Level random_hex_level(std::mt19937& rng, int max_side = 12) {
  Level lv = random_level(rng, max_side);
  const auto pick = static_cast<std::size_t>(std::uniform_int_distribution<int>(0, 3)(rng));
  const HexLayout layout = kHexLayouts[pick];
  lv.set_topology(topology_of(layout), layout.stagger);
  const auto edges = lv.edges();
  for (const auto& [key, e] : edges) {
    if (lv.has_direction(key.second)) continue;
    const Cell from = lv.cell(CellIndex(key.first));
    lv.clear_edge(from, key.second);
    const Dir turned = static_cast<Dir>((static_cast<int>(key.second) + 1) % kDirCount);
    if (!lv.edge(from, turned)) lv.set_edge(from, turned, e);
  }
  lv.rules().neighbours = MovementRules{}.neighbours;  // (not used on hexes)
  lv.rules().diagonal = MovementRules{}.diagonal;
  return lv;
}

}  // namespace astar::test
