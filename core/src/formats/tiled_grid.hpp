// Internal to core's Tiled reader and writer: which grid a Tiled map's cells sit on, from its
// "orientation", "staggeraxis" and "staggerindex" (tiled.cpp reads them), and the same fields for
// a level (tiled_writer.cpp writes them). The facts are Tiled's (src/libtiled/map.cpp and
// hexagonalrenderer.h; ../shared/formats/hex-grids.md):
//
//   "orientation": "orthogonal" (or none)     square cells
//   "orientation": "hexagonal",
//     "staggeraxis": "y"                       pointy-top hexes, rows staggered
//     "staggeraxis": "x"                       flat-top hexes, columns staggered
//     "staggerindex": "odd" | "even"           which rows (columns) are pushed half a hex over:
//                                              Tiled pushes row y when (y & 1) ^ even, as
//                                              Red Blob's odd-r / even-r (odd-q / even-q) do
//
// Tiled's own reader takes a missing or unknown stagger field as "y" and "odd"; this one refuses
// it, naming the field, because Tiled always writes both for a hexagonal map and a guess would
// put every other row in the wrong place. "staggered" maps (isometric diamonds in staggered
// rows) and "isometric" maps are not hexes and are refused by name.
//
//   auto grid = read_tiled_grid(root, "town.tmj");  // "town.tmj: staggeraxis: ..."
//   if (grid) level.set_topology(grid.value().topology, grid.value().stagger);
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar::detail {

struct TiledGrid {
  Topology topology = Topology::Square;
  HexStagger stagger = HexStagger::Odd;  // hexes only
};

// Describing the input in messages, shared by the Tiled reader's files: s in single quotes, cut
// after 60 bytes ("'oblique'"); a JSON value's kind ("a string", "a number", "an array", ...).
std::string quote_text(std::string_view s);
std::string kind_of(const nlohmann::json& j);

// The grid of a parsed map's root object; errors are "SOURCE: FIELD: why".
Result<TiledGrid> read_tiled_grid(const nlohmann::json& root, const std::string& source);

// What a map of this topology writes: "orthogonal" or "hexagonal"; "x" or "y"; "odd" or "even"
// (the last two only for hexes).
std::string_view tiled_orientation(Topology t);
std::string_view tiled_stagger_axis(Topology t);
std::string_view tiled_stagger_index(HexStagger s);

}  // namespace astar::detail
