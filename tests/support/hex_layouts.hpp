// The four hex offset layouts (astar/hex_coords.hpp) for tests that run over each, and Red Blob's
// name of each for their messages.
//
//   for (const astar::HexLayout l : astar::test::kHexLayouts) { INFO(astar::test::layout_name(l)); ... }
#pragma once

#include <array>
#include <string>

#include "astar/hex_coords.hpp"
#include "astar/level.hpp"

namespace astar::test {

inline constexpr std::array<HexLayout, 4> kHexLayouts{{{HexOrientation::PointyTop, HexStagger::Odd},
                                                       {HexOrientation::PointyTop, HexStagger::Even},
                                                       {HexOrientation::FlatTop, HexStagger::Odd},
                                                       {HexOrientation::FlatTop, HexStagger::Even}}};

// The level topology of a layout (its stagger is the layout's): level.set_topology(topology_of(l),
// l.stagger) makes a level of that layout.
constexpr Topology topology_of(HexLayout l) {
  return l.orientation == HexOrientation::PointyTop ? Topology::HexPointyTop : Topology::HexFlatTop;
}

// "odd-r", "even-r", "odd-q", "even-q".
inline std::string layout_name(HexLayout l) {
  return std::string(l.stagger == HexStagger::Odd ? "odd-" : "even-") +
         (l.orientation == HexOrientation::PointyTop ? "r" : "q");
}

}  // namespace astar::test
