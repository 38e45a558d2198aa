// The movement range as the canvas shows it (issue 31, item 5): the search session's Dijkstra
// with a budget (astar::SearchOptions::budget, astar/reach.hpp, turned on in the Search panel:
// SearchSession::set_movement_range) takes the cells of the range one by one, so stepping,
// rewinding and seeking show it growing. overlays/reach_overlay.cpp tints each cell of it that is
// on screen and outlines the sides it shares with cells outside it:
//
//   for (const RangeCellView& v : visible_range(search, x0, y0, x1, y1))
//     tint(v.cell), outline(v.cell, v.outside);   // v.outside: bit d for direction d
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "astar/grid.hpp"
#include "astar/search.hpp"

namespace studio {

struct RangeCellView {
  astar::Cell cell;
  // The directions (of the level's) whose neighbour is outside the level or the range
  // (astar::outside_directions): the cell is on the border when any is set.
  std::uint8_t outside = 0;
};

// The cells of search s's range (astar::in_range: taken so far, the whole range once complete)
// among cells x0..x1, y0..y1 (clamped to the level), row by row; empty without a budget.
std::vector<RangeCellView> visible_range(const astar::Search& s, int x0, int y0, int x1, int y1);

// The Search panel's line about the range: "Range: 23 cells within 5" (so far, while it steps);
// empty for a search without a budget.
std::string range_summary(const astar::Search& s);

}  // namespace studio
