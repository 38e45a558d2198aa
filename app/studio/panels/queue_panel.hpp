// What LPA* and D* Lite turn on, for the debugger column (issue 17): the Queue panel lists the
// first entries of the priority queue in the order they would be popped, each with its key
// [k1; k2], g and rhs and whether the cell is over-consistent (g > rhs: a better path reached
// it) or under-consistent (g < rhs: its path got dearer); the cell inspector's lines give one
// cell's g, rhs, consistency and key. Both read the search (ReplanningSearch); nothing edits.
#pragma once

#include "astar/grid.hpp"
#include "astar/replanning.hpp"
#include "state/studio.hpp"

namespace studio {

struct QueuePanel {
  void Draw(const Studio& studio);
};

// The cell's g, rhs, consistency and key lines, for the Cell inspector.
void draw_replan_vertex(const astar::ReplanningSearch& rs, astar::Cell c);

// "[12.41; 8.00]": a queue key as the panels write it.
std::string key_text(const astar::QueueKey& k);

}  // namespace studio
