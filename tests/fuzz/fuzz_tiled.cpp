// libFuzzer target: the Tiled JSON map importer on arbitrary bytes (docs/testing.md "Quality gates").
// The first byte picks the import options (tiled_options.hpp), so the wall rules and the cost
// and height sources are all reached; the rest is the map's text. A map that reads is written
// back as a Tiled map (tiled_writer.hpp), which must read as the same grid, walls, costs and
// heights.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/tiled_writer.hpp"
#include "tiled_options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto info = astar::parse_tiled_map_info(text, "fuzz.tmj", astar::fuzz::kTiledFuzzFolder);
  const auto o = astar::fuzz::tiled_options(data[0], info);
  const auto level = astar::parse_tiled_map(text, "fuzz.tmj", astar::fuzz::kTiledFuzzFolder, o);
  if (level.ok() && level.value().cell_count() < 1) std::abort();
  if (level.ok() && !level.value().check_endpoints().empty()) std::abort();
  if (!level.ok()) return 0;
  const astar::Level& lv = level.value();
  const auto out = astar::make_tiled_export(lv, "fuzz-tiles.png");
  if (!out.ok()) return 0;  // more different costs and heights than a tileset holds
  const auto back = astar::parse_tiled_map(out.value().map_json, "out.tmj",
                                           astar::fuzz::kTiledFuzzFolder,
                                           astar::tiled_export_import_options());
  if (!back.ok() || back.value().topology() != lv.topology() ||
      back.value().hex_stagger() != lv.hex_stagger() || back.value().walls() != lv.walls() ||
      back.value().costs() != lv.costs() || back.value().heights() != lv.heights())
    std::abort();
  return 0;
}
