// Test helper: imported traces (imported_trace.hpp) made by hand, without the reader:
//   - TraceBuilder: events added one at a time, nodes numbered in first-seen order;
//   - from_recorder: a search of ours, its TraceRecorder events turned into a Posthoc-style
//     trace (take -> expanding, relax -> generating when first seen, else updating);
//   - write_astar: a small A* on a level that writes its trace, with switches for the bugs real
//     pathfinders have (wrong heuristic, corner cutting, diagonals costing 1, better paths
//     ignored, the wrong open-list order), its costs optionally scaled and printed to 6 digits.
#pragma once

#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "astar/imported_trace.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"

namespace astar::test {

class TraceBuilder {
 public:
  std::uint32_t node(Cell c) {
    auto [it, added] = ids_.try_emplace(c.y * 100000 + c.x, static_cast<std::uint32_t>(t.node_cells.size()));
    if (added) {
      t.node_cells.push_back(c);
      t.node_ids.push_back(std::to_string(c.y * 100000 + c.x));
      t.width = std::max(t.width, c.x + 1);
      t.height = std::max(t.height, c.y + 1);
    }
    return it->second;
  }
  std::size_t add(TraceEventType type, Cell c, std::optional<Cell> parent = std::nullopt,
                  double g = ImportedEvent::kNone, double h = ImportedEvent::kNone,
                  double f = ImportedEvent::kNone) {
    ImportedEvent e;
    e.type = type;
    e.node = node(c);
    if (parent) e.parent = node(*parent);
    e.g = g;
    e.h = h;
    e.f = f;
    if (type == TraceEventType::Source) t.source_node = e.node;
    if (type == TraceEventType::Destination) t.destination_node = e.node;
    t.events.push_back(e);
    return t.events.size() - 1;
  }
  std::size_t end(std::optional<Cell> c) {
    ImportedEvent e;
    e.type = TraceEventType::End;
    if (c) e.node = node(*c);
    t.events.push_back(e);
    return t.events.size() - 1;
  }
  ImportedTrace t;

 private:
  std::map<int, std::uint32_t> ids_;
};

// Our search's events as an imported trace. `start` is the start node as the search shows it
// before its first step (its g, h and f go into the source event).
inline ImportedTrace from_recorder(const Level& lv, const NodeView& start,
                                   const std::vector<TraceEvent>& events, bool found) {
  TraceBuilder b;
  b.add(TraceEventType::Source, lv.start(), std::nullopt, start.g, start.h, start.f);
  b.add(TraceEventType::Destination, lv.goal());
  std::vector<bool> seen(static_cast<std::size_t>(lv.cell_count()), false);
  seen[static_cast<std::size_t>(to_u32(lv.index(lv.start())))] = true;
  for (const TraceEvent& e : events) {
    if (e.kind == TraceKind::Skip) continue;
    if (e.kind == TraceKind::Take) {
      b.add(TraceEventType::Expanding, e.cell, e.parent, e.g, e.h, e.f);
      continue;
    }
    auto first = seen[static_cast<std::size_t>(to_u32(lv.index(e.cell)))];
    b.add(first ? TraceEventType::Updating : TraceEventType::Generating, e.cell, e.parent, e.g,
          e.h, e.f);
    seen[static_cast<std::size_t>(to_u32(lv.index(e.cell)))] = true;
  }
  if (found) b.end(lv.goal());
  return b.t;
}

// What a written A* gets wrong (all off: a correct A*).
struct AStarBugs {
  enum class H { Octile, Manhattan, Zero } h = H::Octile;
  bool cut_corners = false;         // diagonal steps past walls
  bool diagonal_costs_one = false;  // a diagonal step costs what a straight one does
  bool ignore_better_paths = false; // an open node keeps its first g and parent
  bool order_by_g = false;          // takes the open node with the lowest g, writes f = g + h
  bool stop_early = false;          // ends at the first node within one step of the goal
  double scale = 1.0;               // every g, h and f times this
  bool round6 = false;              // printed with 6 significant digits
  bool omit_h = false;              // h left out: readers take f - g
};

inline double printed(double v, const AStarBugs& bugs) {
  v *= bugs.scale;
  if (!bugs.round6) return v;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return std::stod(buf);
}

// A* (or what the bugs make of it) from lv.start() to lv.goal(), writing source, destination,
// the source's generating, then per iteration expanding, closing and the successors'
// generating / updating, and end. Ties of f: larger g, then first in.
inline ImportedTrace write_astar(const Level& lv, const AStarBugs& bugs = {}) {
  const MovePolicy policy(lv);
  const Cell goal = lv.goal();
  auto h_of = [&](Cell c) {
    const double ddx = std::abs(c.x - goal.x), ddy = std::abs(c.y - goal.y);
    switch (bugs.h) {
      case AStarBugs::H::Octile: return std::max(ddx, ddy) + (kSqrt2 - 1) * std::min(ddx, ddy);
      case AStarBugs::H::Manhattan: return ddx + ddy;
      case AStarBugs::H::Zero: return 0.0;
    }
    return 0.0;
  };
  struct N { double g = 0; std::optional<Cell> parent; int state = 0; int seq = 0; };  // 1 open, 2 closed
  std::map<int, N> nodes;
  auto key = [](Cell c) { return c.y * 100000 + c.x; };
  auto cell_of = [](int k) { return Cell{k % 100000, k / 100000}; };
  TraceBuilder b;
  auto write = [&](TraceEventType t, Cell c, const N& n) {
    const double h = h_of(c);
    b.add(t, c, n.parent, printed(n.g, bugs), bugs.omit_h ? ImportedEvent::kNone : printed(h, bugs),
          printed(n.g + h, bugs));
  };
  int seq = 0;
  nodes[key(lv.start())] = {0.0, std::nullopt, 1, seq++};
  write(TraceEventType::Source, lv.start(), nodes[key(lv.start())]);
  b.add(TraceEventType::Destination, goal);
  write(TraceEventType::Generating, lv.start(), nodes[key(lv.start())]);
  for (;;) {
    int best = -1;
    auto better = [&](const N& a, double fa, const N& o, double fo) {
      if (bugs.order_by_g) return a.g != o.g ? a.g < o.g : a.seq < o.seq;
      if (fa != fo) return fa < fo;
      return a.g != o.g ? a.g > o.g : a.seq < o.seq;
    };
    for (auto& [k, n] : nodes)
      if (n.state == 1 && (best < 0 || better(n, n.g + h_of(cell_of(k)), nodes[best],
                                              nodes[best].g + h_of(cell_of(best)))))
        best = k;
    if (best < 0) { b.end(std::nullopt); break; }
    const Cell c = cell_of(best);
    N& cur = nodes[best];
    cur.state = 2;
    write(TraceEventType::Expanding, c, cur);
    write(TraceEventType::Closing, c, cur);
    if (c == goal || (bugs.stop_early && h_of(c) < 1.5)) { b.end(c); break; }
    for (Dir d : kAllDirs) {
      const Cell to = step(c, d);
      if (!lv.open(to)) continue;
      const Move m = policy.move(c, d);
      const bool cut = bugs.cut_corners && m.block == MoveBlock::CornerCut;
      if (!m.possible() && !cut) continue;
      const double cost = bugs.diagonal_costs_one || cut
                              ? (bugs.diagonal_costs_one ? 1.0 : step_length(d)) * lv.cost(to)
                              : m.cost;
      const double g = cur.g + cost;
      auto it = nodes.find(key(to));
      if (it == nodes.end()) {
        nodes[key(to)] = {g, c, 1, seq++};
        write(TraceEventType::Generating, to, nodes[key(to)]);
      } else if (it->second.state == 1 && g < it->second.g && !bugs.ignore_better_paths) {
        it->second.g = g;
        it->second.parent = c;
        write(TraceEventType::Updating, to, it->second);
      }
    }
  }
  return b.t;
}

}  // namespace astar::test
