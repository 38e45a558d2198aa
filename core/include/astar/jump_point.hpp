// Jump Point Search successors (Harabor & Grastien, "Online Graph Pruning for Pathfinding on Grid
// Maps", AAAI 2011), for uniform-cost 8-neighbour levels where diagonal steps may not cut corners
// (both side cells open: MovingAI's rule). The search engine (search.cpp) calls this from its one
// best-first loop; the cost of reaching a jump point is the octile distance to it.
#pragma once

#include <optional>
#include <vector>

#include "astar/level.hpp"

namespace astar {

// Appends to `out` the jump points reachable from `cur`, which was reached from `parent` (none for
// the start: then every open direction is explored). Pruning follows the no-corner-cutting
// variant (forced neighbours arise only from straight moves; a diagonal jump continues only while
// both side cells are open). `goal` is always a jump point. Each successor lies on a straight or
// diagonal line from `cur`, with every cell on the line open and every diagonal step legal.
void jump_point_successors(const Level& level, Cell cur, std::optional<Cell> parent, Cell goal,
                           std::vector<Cell>& out);

}  // namespace astar
