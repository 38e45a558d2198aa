#include "state/search_caches.hpp"

namespace studio {

const std::vector<std::int64_t>& SearchCaches::expansion_order(const astar::TraceRecorder& log,
                                                               const astar::Search& search,
                                                               const astar::Level& level,
                                                               std::uint64_t generation) {
  return order_.update(log.events(), log.count_at(search), level.width(), level.height(),
                       generation);
}

const HeatField& SearchCaches::heat_field(const astar::Search& search, const astar::Level& level,
                                          HeatSource source, std::uint64_t generation) {
  // Read every cell for a new search, another source, or a change too big to list (a seek, a
  // run to the end); else only the cells that changed since the last call.
  if (heat_generation_ != generation || heat_revision_ != heat_changes_.revision ||
      heat_.source() != source || heat_.width() != level.width() ||
      heat_.height() != level.height()) {
    heat_.rebuild(search, level, source);
    heat_generation_ = generation;
    heat_revision_ = heat_changes_.revision;
  } else if (!heat_changes_.cells.empty()) {
    heat_.update(search, level, heat_changes_.cells);
  }
  heat_changes_.cells.clear();
  return heat_;
}

}  // namespace studio
