// The numbers the overlays read from the search shown, kept up to date as it moves instead of
// read afresh every frame: the expansion order (per cell, the iteration that took it) and the heat
// map's field (g, h or f per cell). The search session tells it which cells each step changed
// and asks for them when an overlay is drawn; a new search (a new `generation`) is read whole.
//
//   caches.changed(cell);                         // after a step, per cell it changed
//   const HeatField& f = caches.heat_field(search, level, HeatSource::G, generation);
#pragma once

#include <cstdint>
#include <vector>

#include "astar/level.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "state/change_log.hpp"
#include "state/expansion_order.hpp"
#include "state/heat_field.hpp"

namespace studio {

class SearchCaches {
 public:
  void set_limit_for(std::int64_t cell_count) { heat_changes_.set_limit_for(cell_count); }
  void changed(astar::Cell c) { heat_changes_.add(c); }
  void changed_all() { heat_changes_.full(); }

  // Per cell (row-major), the iteration at which `search` took it, 0 if not taken, from the
  // events `log` recorded up to where the search is (ExpansionOrder).
  const std::vector<std::int64_t>& expansion_order(const astar::TraceRecorder& log,
                                                   const astar::Search& search,
                                                   const astar::Level& level,
                                                   std::uint64_t generation);
  // The heat map's values. Only the cells changed since the last call are read again, unless the
  // search is new, the source another, or the change too big to list: then every cell.
  const HeatField& heat_field(const astar::Search& search, const astar::Level& level,
                              HeatSource source, std::uint64_t generation);

 private:
  ExpansionOrder order_;
  // The heat field, what it was last brought up to date for, and the cells the search has
  // changed since (emptied by heat_field()).
  HeatField heat_;
  ChangeLog heat_changes_;
  std::uint64_t heat_generation_ = 0, heat_revision_ = 0;
};

}  // namespace studio
