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

// Numbers the cells taken by events [from, count) into `order` (row-major, width x height),
// keeping a cell's first number.
inline void number_takes(std::vector<std::int64_t>& order, const std::vector<astar::TraceEvent>& events,
                         std::size_t from, std::size_t count, int width, int height) {
  for (std::size_t i = from; i < count && i < events.size(); ++i) {
    const astar::TraceEvent& e = events[i];
    if (e.kind != astar::TraceKind::Take || e.cell.x < 0 || e.cell.y < 0 || e.cell.x >= width ||
        e.cell.y >= height)
      continue;
    std::int64_t& o = order[static_cast<std::size_t>(e.cell.y) * static_cast<std::size_t>(width) +
                            static_cast<std::size_t>(e.cell.x)];
    if (o == 0) o = e.iteration;
  }
}

// Row-major, one per cell: the 1-based iteration that took the cell, 0 when it was not taken by
// the first `count` events (count: TraceRecorder::count_at(search), so events kept ahead of a
// search stepped back are left out). A cell taken twice (bidirectional A*'s two sides) keeps its
// first take. O(cells + count).
inline std::vector<std::int64_t> expansion_order(const std::vector<astar::TraceEvent>& events,
                                                 std::size_t count, int width, int height) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  number_takes(order, events, 0, count, width, height);
  return order;
}

// The same numbers kept up to date as a search moves: forward, only the events since the last
// update are read (a search playing costs what it did, not the level's size); back (fewer
// events), on another search (`generation`) or another size, all of them again.
class ExpansionOrder {
 public:
  const std::vector<std::int64_t>& update(const std::vector<astar::TraceEvent>& events,
                                          std::size_t count, int width, int height,
                                          std::uint64_t generation) {
    const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (!built_ || generation != generation_ || count < count_ || width != width_ ||
        order_.size() != cells) {
      order_.assign(cells, 0);
      number_takes(order_, events, 0, count, width, height);
      built_ = true;
      generation_ = generation;
      width_ = width;
      ++full_builds_;
    } else if (count > count_) {
      number_takes(order_, events, count_, count, width, height);
    }
    count_ = count;
    return order_;
  }
  const std::vector<std::int64_t>& order() const { return order_; }
  std::size_t full_builds() const { return full_builds_; }  // (tests)

 private:
  std::vector<std::int64_t> order_;
  bool built_ = false;
  std::uint64_t generation_ = 0;
  std::size_t count_ = 0;
  int width_ = 0;
  std::size_t full_builds_ = 0;
};

inline std::vector<std::int64_t> expansion_order(const astar::TraceRecorder& recorder,
                                                 const astar::Search& search, int width, int height) {
  return expansion_order(recorder.events(), recorder.count_at(search), width, height);
}

}  // namespace studio
