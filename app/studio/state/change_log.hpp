// What changed since someone last looked: the cells, or "everything" (a new revision number)
// when too many changed to list. The studio keeps one for the level (the grid renderer's
// re-upload), one for the search's views (the renderer's and the heat map's).
//
//   log.add(cell);                       // one changed cell
//   log.full();                          // too many, or a change no cell names
//   if (log.revision != seen) redraw_all(); else for (Cell c : log.cells) redraw(c);
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "astar/grid.hpp"

namespace studio {

// What the grid renderer must re-upload. Incremental lists when few cells changed, else a full
// refresh (a new revision number).
struct ChangeLog {
  std::uint64_t revision = 1;       // bumped for a full refresh
  std::vector<astar::Cell> cells;   // cells changed since the renderer last looked
  // Past this many cells a full refresh is cheaper than the list. The studio raises it for big
  // levels (an eighth of the cells): a full refresh of 4096² cells costs hundreds of ms, while
  // a search playing at 100,000 iterations per second changes ~15,000 cells a frame.
  std::size_t limit = 4096;
  void full() {
    ++revision;
    cells.clear();
  }
  void add(astar::Cell c) {
    if (cells.size() < limit) cells.push_back(c);
    else full();
  }
  void set_limit_for(std::int64_t cell_count) {
    limit = std::max<std::size_t>(4096, static_cast<std::size_t>(cell_count / 8));
  }
};

// Whether `steps` steps may change more cells than a change log lists (`limit`): a step changes
// at most 9 (the node taken and its neighbours), so then one full refresh is cheaper. The same as
// steps * 9 > limit, without its overflow: SearchSession::step(INT64_MAX) runs to the end.
constexpr bool too_many_to_list(std::int64_t steps, std::size_t limit) {
  return steps > static_cast<std::int64_t>(limit) / 9;
}

}  // namespace studio
