#include "state/path_view.hpp"

#include "astar/line_of_sight.hpp"

namespace studio {

using astar::Cell;

void PathView::reset(std::int64_t cell_count) {
  cells_.clear();
  actions_.clear();
  tinted_.clear();
  partial_ = false;
  clear_smoothed();
  on_path_.assign(static_cast<std::size_t>(cell_count), 0);
}

bool PathView::take(const astar::Search& search, const astar::Level& level, bool waypoints,
                    const astar::Level& moves_level, const Changed& changed) {
  if (!cells_.empty() || !astar::finished(search.state())) return false;
  cells_ = search.path();
  if (cells_.empty()) return false;
  partial_ = search.state() != astar::SearchState::Found;
  // Tint the cells the path runs through. Waypoints are any distance apart: the cells on the
  // lines between them. Every other path is 8-adjacent but for jumps across, which fly over
  // their gap: its own cells.
  auto mark = [&](Cell c) {
    std::uint8_t& on = on_path_[astar::to_u32(level.index(c))];
    if (on) return;
    on = 1;
    tinted_.push_back(c);
    changed(c);
  };
  mark(cells_.front());
  for (std::size_t i = 1; i < cells_.size(); ++i)
    if (waypoints)
      astar::for_each_cell_on_line(cells_[i - 1], cells_[i], mark);
    else
      mark(cells_[i]);
  if (!waypoints) actions_ = astar::path_actions(astar::MovePolicy(moves_level), cells_);
  return true;
}

void PathView::clear(const astar::Level& level, const Changed& changed) {
  for (Cell c : tinted_) {
    on_path_[astar::to_u32(level.index(c))] = 0;
    changed(c);
  }
  tinted_.clear();
  cells_.clear();
  actions_.clear();
  partial_ = false;
  clear_smoothed();
}

void PathView::clear_smoothed() {
  smoothed_.clear();
  smoothed_length_ = 0.0;
  smoothed_cost_.reset();
}

void PathView::update_smoothed(bool allowed, const astar::Level& level) {
  clear_smoothed();
  if (!smooth || !allowed || cells_.empty()) return;
  const astar::MovePolicy policy(level);
  smoothed_ = astar::smooth_path(policy, cells_, smooth_options);
  smoothed_length_ = astar::waypoint_length(smoothed_);
  smoothed_cost_ = astar::smoothed_cost(policy, cells_, smoothed_);
}

}  // namespace studio
