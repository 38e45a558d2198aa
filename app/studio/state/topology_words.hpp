// A level's topology in the studio's words: the New level dialog's and the Level panel's choices,
// the stagger as it looks, and what a change of topology would drop, for the question asked
// before dropping it (Studio::set_topology does the change). No ImGui here.
//
//   topology_label(astar::Topology::HexPointyTop) == "Hex, pointy top"
//   stagger_text(astar::Topology::HexPointyTop, astar::HexStagger::Odd) == "odd rows pushed right"
//   topology_loss_text(astar::topology_loss(level, t), t)   // empty: nothing to ask
#pragma once

#include <string>

#include "astar/edit.hpp"
#include "astar/level.hpp"

namespace studio {

// "Square", "Hex, pointy top", "Hex, flat top".
const char* topology_label(astar::Topology t);
// Which hexes the stagger pushes over: "odd rows pushed right", "even columns pushed down";
// empty on squares.
std::string stagger_text(astar::Topology t, astar::HexStagger s);
// A topology in one phrase: "square" or "hex, pointy top, odd rows pushed right".
std::string topology_text(astar::Topology t, astar::HexStagger s);
std::string topology_text(const astar::Level& level);  // the level's
// What changing the topology to t drops, a sentence each, to ask before doing it: "Hex levels
// take no collision shapes: the level's 2 shapes are removed, and the agent radius goes back to
// 0. 3 edge overrides go N or S, which pointy-top hexes do not have: they are removed." Empty
// when nothing is dropped.
std::string topology_loss_text(const astar::TopologyLoss& loss, astar::Topology t);

}  // namespace studio
