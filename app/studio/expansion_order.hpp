// The expansion order overlay's numbers: for each cell, the iteration at which the search took
// it, read from the trace recorder's Take events (one per iteration) up to where the search is
// now. No GL or ImGui, so tests/ can check it, after steps back and seeks too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/search.hpp"
#include "astar/trace.hpp"

namespace studio {

// Row-major, one per cell: the 1-based iteration that took the cell, 0 when it was not taken by
// the first `count` events (count: TraceRecorder::count_at(search), so events kept ahead of a
// search stepped back are left out). A cell taken twice (bidirectional A*'s two sides) keeps its
// first take. O(cells + count).
inline std::vector<std::int64_t> expansion_order(const std::vector<astar::TraceEvent>& events,
                                                 std::size_t count, int width, int height) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  for (std::size_t i = 0; i < count && i < events.size(); ++i) {
    const astar::TraceEvent& e = events[i];
    if (e.kind != astar::TraceKind::Take || e.cell.x < 0 || e.cell.y < 0 || e.cell.x >= width ||
        e.cell.y >= height)
      continue;
    std::int64_t& o = order[static_cast<std::size_t>(e.cell.y) * static_cast<std::size_t>(width) +
                            static_cast<std::size_t>(e.cell.x)];
    if (o == 0) o = e.iteration;
  }
  return order;
}

inline std::vector<std::int64_t> expansion_order(const astar::TraceRecorder& recorder,
                                                 const astar::Search& search, int width, int height) {
  return expansion_order(recorder.events(), recorder.count_at(search), width, height);
}

}  // namespace studio
