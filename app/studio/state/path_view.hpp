// The path shown over the grid and what is made from it: the search's path once it has finished
// with one (found, or partial), the action of each step, the cells it tints, and the smoothed
// path (string pulling) while smoothing is on. The search session takes the path after steps
// (take), drops it when the search goes back (clear), and the canvas and panels read it. No UI
// here.
//
//   path.reset(level.cell_count());                       // a new search
//   if (path.take(search, level, waypoints, search.level(), changed))   // once it has finished
//     path.update_smoothed(smoothable, level);
//   if (path.contains(c)) tint(c);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"

namespace studio {

class PathView {
 public:
  using Changed = std::function<void(astar::Cell)>;  // a cell whose tint changed

  // A new search: no path, nothing tinted, for a level of `cell_count` cells.
  void reset(std::int64_t cell_count);
  // Once `search` has finished with a path, and none is held: takes it and tints the cells it
  // runs through (telling `changed` of each); true when it took one (smooth it then). `waypoints`: its cells are joined by
  // lines (Theta*, a trace) and it has no actions; else the actions are read on `moves_level`
  // (walking: the level as the agent knows it).
  bool take(const astar::Search& search, const astar::Level& level, bool waypoints,
            const astar::Level& moves_level, const Changed& changed);
  // The search went back: no path; the tinted cells are told to `changed`.
  void clear(const astar::Level& level, const Changed& changed);
  // smoothed() made again (from path()), or emptied unless `allowed` (smoothing on, the
  // algorithm's path not already any-angle, no trace).
  void update_smoothed(bool allowed, const astar::Level& level);

  const std::vector<astar::Cell>& cells() const { return cells_; }
  bool partial() const { return partial_; }
  const std::vector<astar::MoveAction>& actions() const { return actions_; }
  bool contains(const astar::Level& level, astar::Cell c) const {
    return level.in_bounds(c) && on_path_[astar::to_u32(level.index(c))] != 0;
  }
  bool smooth = false;               // the user's setting (or the level's preset)
  astar::SmoothOptions smooth_options;  // respect costs by default
  const std::vector<astar::Cell>& smoothed() const { return smoothed_; }
  double smoothed_length() const { return smoothed_length_; }
  std::optional<double> smoothed_cost() const { return smoothed_cost_; }

 private:
  void clear_smoothed();

  std::vector<astar::Cell> cells_;  // the search's path once it has one
  bool partial_ = false;
  std::vector<astar::MoveAction> actions_;  // of cells_
  std::vector<astar::Cell> smoothed_;       // smooth_path(policy, cells_) when smooth
  double smoothed_length_ = 0.0;
  std::optional<double> smoothed_cost_;
  std::vector<astar::Cell> tinted_;     // the cells marked in on_path_
  std::vector<std::uint8_t> on_path_;   // per cell, for contains
};

}  // namespace studio
