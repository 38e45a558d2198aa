// Conflict-Based Search watched in the studio (issue 33, item 2), in the right column:
// - draw_cbs_controls, in the Units section while CBS is watched: |< / Back / Iteration /
//   Search / Tree node / End, the iteration slider (a seek), the breakpoints (a conflict at a
//   cell picked on the grid, a node costing more than C) and Run to break, and the planner's
//   status line;
// - CbsTreePanel, the Constraint tree section under it: the tree so far (cbs_tree_view.cpp),
//   the node shown in words with its constraints, the time slider over its plans, and the
//   planner's log, newest last.
// The state is UnitsPlayback::cbs() (state/cbs_watch.hpp); the canvas draws the node shown
// (overlays/cbs_overlay.hpp). Widgets are marked "cbs.*" for the end-to-end tests, each node of
// the tree in view "cbs.node_ID".
//
//   draw_cbs_controls(studio);             // inside the Units section
//   if (CollapsingHeader("Constraint tree")) cbs_tree_panel.Draw(studio);
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "state/cbs_tree_layout.hpp"
#include "state/studio.hpp"

namespace studio {

void draw_cbs_controls(Studio& studio);

// The tree's view: its zoom, and the node last brought into view (the panel scrolls to a new
// node shown, once). Until the user zooms, the tree is fitted to the panel every frame, its
// boxes no smaller than kAutoFitZoom (past that it scrolls); Fit fits it all once, however small.
struct CbsTreeView {
  static constexpr float kAutoFitZoom = 0.6f;
  float zoom = 1.0f;  // 0.15..2
  bool auto_fit = true;
  bool fit_once = false;
  std::optional<std::uint32_t> scrolled_to;
  // The layout, made again only when the planner moved or another node is shown (a big tree's
  // layout costs a pass over every node).
  CbsTreeLayout layout;
  const astar::CbsPlanner* laid_out_for = nullptr;
  std::int64_t laid_out_at = -1;
  std::size_t laid_out_nodes = 0;
  std::optional<std::uint32_t> laid_out_focus;
};
// cbs_tree_view.cpp: the tree in a scrolling child `height` pixels high; only what is in view is
// drawn. Returns the node clicked.
std::optional<std::uint32_t> draw_cbs_tree(Studio& studio, CbsTreeView& view, float height);

class CbsTreePanel {
 public:
  void Draw(Studio& studio);

 private:
  CbsTreeView view_;
  std::size_t log_shown_ = 0;
};

}  // namespace studio
