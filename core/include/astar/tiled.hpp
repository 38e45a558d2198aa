// Tiled maps to levels: JSON maps (.tmj, .json) saved by the Tiled editor (mapeditor.org),
// orthogonal or hexagonal, finite, one level cell per tile. (tiled_writer.hpp writes them.)
//
// What is read:
//   - the grid: "orientation": "orthogonal" (or none) gives a square level; "hexagonal" a hex
//     level (Level::set_topology) whose "staggeraxis" "y" is pointy-top and "x" flat-top, and
//     whose "staggerindex" "odd" or "even" is its HexStagger. Both stagger fields are required
//     on a hexagonal map. "staggered" and "isometric" maps (diamonds) are refused by name.
//     Either way the tile at index i of a layer's data is Cell{i % width, i / width}: Tiled's
//     column and row.
//   - tile layers ("type": "tilelayer"), also inside group layers; their "data" as a JSON array
//     of global tile ids (Tiled's CSV format) or a base64 string of little-endian 32-bit ids
//     ("encoding": "base64") without compression. zlib, gzip and zstd compressed data is refused
//     with a message saying how to save the map without it.
//   - global tile ids (gids): the top 4 bits are flip and rotation flags, cleared before use;
//     0 is an empty cell. A gid belongs to the tileset with the largest "firstgid" <= gid.
//   - tilesets embedded in the map, or external JSON tilesets (.tsj, .json; "source" relative
//     to the map's folder); XML tilesets (.tsx) are refused with a message. Tile properties come
//     from "tiles": [{"id": local id, "properties": [{"name", "type", "value"}]}].
//   - infinite maps (chunks) are refused with a message.
//
// How a map becomes a level (TiledImportOptions):
//   walls    from one tile layer (by name; default the first tile layer): every non-empty tile,
//            the tiles whose gid is in a list, or the tiles whose property (a bool, or a number
//            != 0) is true, e.g. "solid" or "collides".
//   costs    optional: a numeric tile property (e.g. "cost") or a gid -> cost table, read from a
//            tile layer (default the walls layer); other cells cost 1.
//   heights  likewise (e.g. property "height"); whole numbers; other cells 0.
// Start and goal go far apart in the largest open region (place_endpoints_far_apart).
//
// Errors name the file and the JSON field:
//   "town.tmj: layers[2].data: expected 1200 tile ids (40 x 30), got 1199"
//   "town.tmj: layers[0].compression: zlib-compressed tile data is not supported; ..."
//   "hex.tmj: staggerindex: expected \"odd\" or \"even\", got 'middle'"
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

inline constexpr std::uintmax_t kMaxTiledFileBytes = 256ull << 20;  // refused before reading

enum class TiledWallRule : std::uint8_t {
  AnyTile,   // every non-empty tile of the walls layer is a wall
  TileIds,   // the tiles whose gid is in wall_gids
  Property,  // the tiles whose property wall_property is true (bool) or != 0 (number)
  _Max
};

// Where a layer of values (costs or heights) comes from: a numeric tile property, or a table
// from gid to value (tiles not in the table, and empty cells, keep the default).
struct TiledValueSource {
  std::string layer;     // tile layer name; empty: the walls layer
  std::string property;  // e.g. "cost"; empty: use `table`
  std::map<std::uint32_t, double> table;  // gid -> value
  friend bool operator==(const TiledValueSource&, const TiledValueSource&) = default;
};

struct TiledImportOptions {
  std::string wall_layer;  // tile layer name; empty: the first tile layer
  TiledWallRule wall_rule = TiledWallRule::AnyTile;
  std::vector<std::uint32_t> wall_gids;     // TileIds
  std::string wall_property = "solid";      // Property
  std::optional<TiledValueSource> costs;    // values > 0, at most 1,000,000
  std::optional<TiledValueSource> heights;  // whole numbers within -1,000,000..1,000,000
  friend bool operator==(const TiledImportOptions&, const TiledImportOptions&) = default;
};

// What the studio's picker offers: the tile layers and the properties their tiles carry.
struct TiledTileLayerInfo {
  std::string name;
  std::string field;       // where it is, "layers[2]" or "layers[1].layers[0]"
  std::int64_t tiles = 0;  // non-empty cells
  friend bool operator==(const TiledTileLayerInfo&, const TiledTileLayerInfo&) = default;
};
struct TiledPropertyInfo {
  std::string name;  // "cost"
  std::string type;  // Tiled's type: "bool", "int", "float", "string", ...
  int tiles = 0;     // tiles that carry it
  friend bool operator==(const TiledPropertyInfo&, const TiledPropertyInfo&) = default;
};
struct TiledMapInfo {
  int width = 0;  // in tiles
  int height = 0;
  Topology topology = Topology::Square;  // from orientation and staggeraxis
  HexStagger stagger = HexStagger::Odd;  // from staggerindex (hexes only)
  std::vector<TiledTileLayerInfo> tile_layers;  // in file order (depth first through groups)
  std::vector<TiledPropertyInfo> properties;    // sorted by name
};

// Parses a Tiled JSON map text. `source` names the file in messages; external tilesets are read
// from `folder` (the map's folder). parse_* work on text; load_* read the file.
Result<TiledMapInfo> parse_tiled_map_info(std::string_view json_text, std::string_view source,
                                          const std::filesystem::path& folder);
Result<TiledMapInfo> load_tiled_map_info(const std::string& path);

Result<Level> parse_tiled_map(std::string_view json_text, std::string_view source,
                              const std::filesystem::path& folder, const TiledImportOptions& o);
Result<Level> load_tiled_map(const std::string& path, const TiledImportOptions& o);

}  // namespace astar
