// HPA*'s searches inside an area (hpa_star.hpp): a Dijkstra (or A* towards one cell) over the
// cells of a box that a predicate admits, forward along MovePolicy's moves or backward along the
// moves entering each cell. Costs are ExactCost sums, so two searches agree bit for bit.
//
//   LocalArea area{policy, box_x, box_y, box_w, box_h, [&](Cell c) { return in_cluster(c); }};
//   LocalResult r = local_search(area, from, /*forward=*/true);
//   if (r.reached(to)) use(r.cost(to), r.path(to));
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/moves.hpp"

namespace astar::hpa {

struct LocalArea {
  const MovePolicy* policy = nullptr;
  int x = 0, y = 0, width = 0, height = 0;  // the box
  std::function<bool(Cell)> admits;          // null: every cell of the box
  bool contains(Cell c) const {
    return c.x >= x && c.y >= y && c.x < x + width && c.y < y + height && (!admits || admits(c));
  }
  std::uint32_t local(Cell c) const {
    return static_cast<std::uint32_t>((c.y - y) * width + (c.x - x));
  }
  Cell cell(std::uint32_t i) const {
    return {x + static_cast<int>(i % static_cast<std::uint32_t>(width)),
            y + static_cast<int>(i / static_cast<std::uint32_t>(width))};
  }
};

// The area's possible moves inside it, both ways, asked of the policy once: searches over the
// same area (a cluster's many) then read these lists instead.
struct LocalGraph {
  struct Arc {
    std::uint32_t to;  // local index
    ExactCost cost;
  };
  const LocalArea* area = nullptr;
  std::vector<std::uint32_t> first_out, first_in;  // per local cell, then one past the end
  std::vector<Arc> out, in;                        // in: `to` is the cell the move leaves
};
LocalGraph local_graph(const LocalArea& area);

// The memory searches inside areas work in, kept from one search to the next: each search
// stamps the cells it reaches with a number of its own, so it costs the cells it touches, not
// its area's size (a smoothing corridor's box can be most of the level). A search's result reads
// it until the next search with the same scratch.
struct LocalScratch {
  std::vector<ExactCost> g;           // by local index, where stamped by this search
  std::vector<std::int32_t> parent;   // local index; -1: none
  std::vector<std::uint32_t> stamp;   // reached: `reached`; settled: `reached` + 1
  std::uint32_t reached = 0;
  void begin(std::size_t cells);      // a new search over `cells` local indices
};

struct LocalResult {
  const LocalArea* area = nullptr;
  std::shared_ptr<LocalScratch> own;  // when the search was given no scratch
  const LocalScratch* s = nullptr;
  std::int64_t expanded = 0;
  bool settled(std::uint32_t i) const { return s->stamp[i] == s->reached + 1; }
  bool reached(Cell c) const { return area->contains(c) && settled(area->local(c)); }
  ExactCost cost(Cell c) const { return s->g[area->local(c)]; }
  // The forward search's way from its source to c (source first); empty when not reached.
  std::vector<Cell> path(Cell c) const;
};

// From `source` (inside the area) over the area's cells. forward: costs from source; backward:
// costs to source (along the moves entering each cell). `target`: stop once it is settled, with
// A*'s order when `h_scale` > 0 (octile distance times h_scale). `scratch`: memory to reuse (the
// result reads it), or null for the result's own.
LocalResult local_search(const LocalGraph& graph, Cell source, bool forward,
                         std::optional<Cell> target = std::nullopt, double h_scale = 0.0,
                         LocalScratch* scratch = nullptr);
// The cells `source` reaches (forward) or that reach it (backward) inside the area, per local
// index, by a flood (no costs); `expanded` counts the cells it visited.
std::vector<char> local_reach(const LocalGraph& graph, Cell source, bool forward,
                              std::int64_t& expanded);
// The same, making the area's LocalGraph first (for one search over an area).
LocalResult local_search(const LocalArea& area, Cell source, bool forward,
                         std::optional<Cell> target = std::nullopt, double h_scale = 0.0,
                         LocalScratch* scratch = nullptr);

}  // namespace astar::hpa
