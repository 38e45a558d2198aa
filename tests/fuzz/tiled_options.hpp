// The Tiled fuzz target's input: a first byte choosing the import options, then the map text.
// Shared by fuzz_tiled.cpp and the core suite's replay of the corpus (test_fuzz_inputs.cpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "astar/tiled.hpp"

namespace astar::fuzz {

inline TiledImportOptions tiled_options(std::uint8_t pick, const Result<TiledMapInfo>& info) {
  TiledImportOptions o;
  o.wall_rule = static_cast<TiledWallRule>(pick % 3);
  o.wall_gids = {1, 2, 3};
  if (pick & 4) o.costs = TiledValueSource{"", "cost", {}};
  if (pick & 8) o.heights = TiledValueSource{"", "", {{1, 2.0}, {2, -1.0}}};
  if ((pick & 16) && info.ok() && !info.value().tile_layers.empty())
    o.wall_layer = info.value().tile_layers.back().name;
  return o;
}

// External tilesets are looked for here: a folder that does not exist.
inline const char* const kTiledFuzzFolder = "/nonexistent-astar-fuzz";

}  // namespace astar::fuzz
