// Levels to Tiled maps: a square or hex level written as a Tiled JSON map (.tmj) that Tiled
// opens as the same grid, and that tiled.hpp reads back as the same level: walls, costs,
// heights, topology and stagger (what else is not written: tiled_export_losses).
//
//   if (Status s = save_tiled_map(level, "out/town.tmj"); !s) show(s.error());
//   // wrote out/town.tmj and the tileset's picture beside it, out/town-tiles.png
//   auto back = load_tiled_map("out/town.tmj", tiled_export_import_options());
//
// The map (the fields Tiled 1.10's writer writes, src/libtiled/maptovariantconverter.cpp):
//   grid      square levels "orientation": "orthogonal"; hex levels "hexagonal" with
//             "staggeraxis" "y" (pointy-top) or "x" (flat-top), "staggerindex" the level's
//             HexStagger and "hexsidelength" (tiled_tile_size).
//   layers    bottom to top, each a tile layer of CSV data, one tile per cell, Tiled's column and
//             row being the level's: "costs" (every cell: the tile of its cost, walls included),
//             "heights" (every cell: the tile of its height; height 0 is see-through) at opacity
//             0.5, "walls" (the wall tile on walls, empty elsewhere).
//   tileset   one, embedded ("astar", firstgid 1): tile 0 the wall (bool property "solid" true),
//             then one tile per cost the level has, lowest first (float property "cost", and a
//             string property "terrain" where a terrain of the level has that cost), then one per
//             height, lowest first (int property "height"; height 0 always, so that the import's
//             property exists). Costs are written as the shortest text that reads back as the
//             same float, so they round-trip exactly.
//   picture   the tileset's "image", a PNG beside the map (tiled_tileset_image_path), the tiles
//             drawn as hexagons (or squares) in the level picture's colours on magenta, which the
//             tileset's "transparentcolor" makes see-through. Tiled's JSON format cannot embed a
//             picture, and a tileset without one is a collection whose tiles Tiled draws as its
//             missing-image marker (a red cross): the map would open with every cell alike.
// Refused, naming the cell: a cost above 1,000,000 (the importer's limit). At most
// kMaxTiledExportTiles tiles (1 + the costs + the heights).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/tiled.hpp"

namespace astar {

inline constexpr int kMaxTiledExportTiles = 4096;

// A map tile's size in pixels, and the length of a hexagon's flat sides (0 on squares), as Tiled
// measures them (src/libtiled/hexagonalrenderer.cpp): a pointy-top tile's height runs corner to
// corner and includes the side, its width runs flat side to flat side; flat-top the other way.
// Hexes: side 30 and across the flats round(30 sqrt 3) = 52 (51.96), so pointy-top tiles are
// 52 x 60 and flat-top 60 x 52: regular hexagons within 0.1 % (every side 30 or 30.02 px), even
// sizes as Tiled's renderer wants. Neighbouring centres are then 52 px apart along a row
// (column) and 45 px (1.5 sides) between rows (columns). Squares: 32 x 32.
struct TiledTileSize {
  int width = 0;
  int height = 0;
  int hex_side = 0;
  friend bool operator==(const TiledTileSize&, const TiledTileSize&) = default;
};
TiledTileSize tiled_tile_size(Topology t);

// What an export writes: the map's text and the tileset picture's PNG bytes.
struct TiledExport {
  std::string map_json;
  std::string tileset_png;
};
// `image_name` is the picture's file name as the map refers to it (relative to the map).
Result<TiledExport> make_tiled_export(const Level& level, std::string_view image_name);

// "out/town.tmj" -> "out/town-tiles.png".
std::string tiled_tileset_image_path(const std::string& map_path);
// Writes an export's picture (to tiled_tileset_image_path(path)), then its map, each atomically.
Status write_tiled_export(const TiledExport& e, const std::string& path);
// make_tiled_export and write_tiled_export. Messages name the file: "out/town.tmj: the cost at
// (3, 4) is 2e+06; Tiled maps are read with costs above 0 and up to 1000000".
Status save_tiled_map(const Level& level, const std::string& path);

// What the map does not hold of this level, for a note: edge overrides, collision shapes,
// agents, movement rules other than the defaults, start and goal (the import puts them far
// apart), name and description, the suggested search, terrain colours.
std::vector<std::string> tiled_export_losses(const Level& level);

// The options that read an exported map back (`astar import OUT.tmj --layer walls --costs
// property:cost --costs-layer costs --heights property:height --heights-layer heights`).
TiledImportOptions tiled_export_import_options();

}  // namespace astar
