// astar import FILE: a PNG/JPEG image, a MovingAI .map or a Tiled JSON map to a level file
// (image_import.hpp, movingai.hpp, tiled.hpp do the work; this file reads the options).
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/generate.hpp"
#include "astar/image_import.hpp"
#include "astar/movingai.hpp"
#include "astar/tiled.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

enum class Source { Image, Map, Tiled };

constexpr std::array<OptionSpec, 13> kImportSpecs{{
    {"--format", true},
    {"--mode", true},
    {"--threshold", true},
    {"--invert", false},
    {"--range", true},
    {"--layer", true},
    {"--walls", true},
    {"--costs", true},
    {"--costs-layer", true},
    {"--heights", true},
    {"--heights-layer", true},
    {"--list", false},
    {"--name", true},
}};
constexpr std::array<std::string_view, 4> kImageOnly{"--mode", "--threshold", "--invert",
                                                     "--range"};
constexpr std::array<std::string_view, 6> kTiledOnly{
    "--layer", "--walls", "--costs", "--costs-layer", "--heights", "--heights-layer"};

std::string quote_text(std::string_view s) {
  std::string out = "'";
  out += s;
  out += "'";
  return out;
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

Result<Source> source_of(const ParsedArgs& p, const std::string& path) {
  if (const std::string* f = p.get("--format")) {
    if (*f == "image") return Source::Image;
    if (*f == "map") return Source::Map;
    if (*f == "tiled") return Source::Tiled;
    return Error{"--format: expected image, map or tiled, got " + quote_text(*f)};
  }
  const std::string ext = lower_extension(path);
  if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") return Source::Image;
  if (ext == ".map") return Source::Map;
  if (ext == ".tmj" || ext == ".json") return Source::Tiled;
  return Error{path + ": unknown file type " + quote_text(ext.empty() ? "(none)" : ext) +
               " (expected .png, .jpg, .jpeg, .map, .tmj or .json; or give --format)"};
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t i = s.find(sep);
    out.push_back(s.substr(0, i));
    if (i == std::string_view::npos) return out;
    s.remove_prefix(i + 1);
  }
}

// [SECTION] Image options

Result<ImageImportOptions> image_options(const ParsedArgs& p) {
  ImageImportOptions o;
  if (const std::string* m = p.get("--mode")) {
    const auto mode = parse_image_import_mode(*m);
    if (!mode) return Error{"--mode: expected walls, costs or heights, got " + quote_text(*m)};
    o.mode = *mode;
  }
  o.invert = p.has("--invert");
  if (const std::string* t = p.get("--threshold")) {
    if (o.mode != ImageImportMode::Walls)
      return Error{"--threshold: only with --mode walls (costs and heights use --range)"};
    const auto v = read_finite_double(*t);
    if (!v || *v != std::floor(*v) || *v < 0 || *v > 256)
      return Error{"--threshold: expected a whole number 0..256, got " + quote_text(*t)};
    o.threshold = static_cast<int>(*v);
  }
  if (const std::string* r = p.get("--range")) {
    if (o.mode == ImageImportMode::Walls)
      return Error{"--range: only with --mode costs or --mode heights"};
    const std::size_t dots = r->find("..");
    const bool two = dots != std::string::npos;
    const auto lo = two ? read_finite_double(r->substr(0, dots)) : std::nullopt;
    const auto hi = two ? read_finite_double(r->substr(dots + 2)) : std::nullopt;
    if (!lo || !hi) return Error{"--range: expected MIN..MAX, got " + quote_text(*r)};
    if (o.mode == ImageImportMode::Costs) {
      o.cost_min = *lo;
      o.cost_max = *hi;
    } else {
      if (*lo != std::floor(*lo) || *hi != std::floor(*hi) || std::abs(*lo) > 2e9 ||
          std::abs(*hi) > 2e9)
        return Error{"--range: heights need whole numbers MIN..MAX, got " + quote_text(*r)};
      o.height_min = static_cast<int>(*lo);
      o.height_max = static_cast<int>(*hi);
    }
  }
  if (std::string why = check_image_import_options(o); !why.empty()) {
    // "costs: must be ..." -> "--range: must be ..."
    const std::size_t colon = why.find(": ");
    const bool range = why.rfind("costs", 0) == 0 || why.rfind("heights", 0) == 0;
    return Error{(range ? "--range" : "--" + why.substr(0, colon)) + why.substr(colon)};
  }
  return o;
}

// [SECTION] Tiled options

// "property:NAME" or "tiles:G=V,G=V" for --costs and --heights.
Result<TiledValueSource> value_source(const std::string& option, const std::string& text,
                                      const std::string* layer) {
  TiledValueSource s;
  if (layer) s.layer = *layer;
  if (text.rfind("property:", 0) == 0 && text.size() > 9) {
    s.property = text.substr(9);
    return s;
  }
  if (text.rfind("tiles:", 0) == 0) {
    for (std::string_view item : split(std::string_view(text).substr(6), ',')) {
      const std::size_t eq = item.find('=');
      const bool pair = eq != std::string_view::npos;
      const auto g = pair ? read_integer<std::uint32_t>(item.substr(0, eq)) : std::nullopt;
      const auto v = pair ? read_finite_double(item.substr(eq + 1)) : std::nullopt;
      if (!g || !v)
        return Error{option + ": expected tiles:GID=VALUE,GID=VALUE,..., got " +
                     quote_text(std::string(item))};
      s.table[*g] = *v;
    }
    return s;
  }
  return Error{option + ": expected property:NAME or tiles:GID=VALUE,..., got " + quote_text(text)};
}

Result<TiledImportOptions> tiled_options(const ParsedArgs& p) {
  TiledImportOptions o;
  if (const std::string* l = p.get("--layer")) o.wall_layer = *l;
  if (const std::string* w = p.get("--walls")) {
    if (*w == "any") {
      o.wall_rule = TiledWallRule::AnyTile;
    } else if (w->rfind("property:", 0) == 0 && w->size() > 9) {
      o.wall_rule = TiledWallRule::Property;
      o.wall_property = w->substr(9);
    } else if (w->rfind("tiles:", 0) == 0) {
      o.wall_rule = TiledWallRule::TileIds;
      for (std::string_view item : split(std::string_view(*w).substr(6), ',')) {
        const auto g = read_integer<std::uint32_t>(item);
        if (!g)
          return Error{"--walls: expected tiles:GID,GID,... (whole numbers), got " +
                       quote_text(std::string(item))};
        o.wall_gids.push_back(*g);
      }
    } else {
      return Error{"--walls: expected any, tiles:GID,GID,... or property:NAME, got " + quote_text(*w)};
    }
  }
  for (const bool heights : {false, true}) {
    const std::string option = heights ? "--heights" : "--costs";
    const std::string* layer = p.get(option + "-layer");
    const std::string* text = p.get(option);
    if (!text) {
      if (layer) return Error{option + "-layer: needs " + option};
      continue;
    }
    auto src = value_source(option, *text, layer);
    if (!src) return Error{src.error()};
    (heights ? o.heights : o.costs) = std::move(src.value());
  }
  return o;
}

std::string tiled_list(const std::string& path, const TiledMapInfo& info) {
  std::string out = "map: " + path + "\n";
  out += "size: " + std::to_string(info.width) + " x " + std::to_string(info.height) + "\n";
  out += "grid: " + std::string(to_string(info.topology));
  if (info.topology != Topology::Square)
    out += ", stagger " + std::string(to_string(info.stagger)) + " (staggeraxis " +
           (info.topology == Topology::HexPointyTop ? "y" : "x") + ", staggerindex " +
           std::string(to_string(info.stagger)) + ")";
  out += "\n";
  out += "tile layers:\n";
  for (const TiledTileLayerInfo& l : info.tile_layers)
    out += "  " + quote_text(l.name) + " (" + l.field + ", " + std::to_string(l.tiles) + " tiles)\n";
  out += "tile properties:";
  out += info.properties.empty() ? " none\n" : "\n";
  for (const TiledPropertyInfo& p : info.properties)
    out += "  " + p.name + " (" + p.type + ", " + std::to_string(p.tiles) + " tiles)\n";
  return out;
}

}  // namespace

int import_command(std::span<const std::string> args) {
  std::vector<OptionSpec> specs(kImportSpecs.begin(), kImportSpecs.end());
  for (const OptionSpec& s : kOutputSpecs) specs.push_back(s);
  const auto bad = [](const std::string& why) {
    print_error("import: " + why + " (see 'astar import --help')");
    return kExitBadInput;
  };
  auto parsed = parse_args(args, specs);
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return bad("missing FILE");
  if (p.positionals.size() > 1) return bad("unexpected argument '" + p.positionals[1] + "'");
  const std::string& path = p.positionals[0];
  auto source = source_of(p, path);
  if (!source) return bad(source.error());
  const char* kind = source.value() == Source::Image ? "an image"
                     : source.value() == Source::Map ? "a MovingAI map"
                                                     : "a Tiled map";
  for (const auto& [name, value] : p.sequence) {
    const bool image_only = std::find(kImageOnly.begin(), kImageOnly.end(), name) != kImageOnly.end();
    const bool tiled_only = std::find(kTiledOnly.begin(), kTiledOnly.end(), name) != kTiledOnly.end();
    if ((image_only && source.value() != Source::Image) ||
        (tiled_only && source.value() != Source::Tiled) ||
        (name == "--list" && source.value() != Source::Tiled))
      return bad(name + ": only for " + (image_only ? "images" : "Tiled maps") + ", and " + path +
                 " is read as " + kind);
  }
  auto out = read_output_path(p);
  if (!out) return bad(out.error());

  Result<Level> level = Error{""};
  switch (source.value()) {
    case Source::Image: {
      auto o = image_options(p);
      if (!o) return bad(o.error());
      level = import_image(path, o.value());
      break;
    }
    case Source::Map:
      level = load_movingai_map(path);
      // A .map has no start or goal (the loader puts both on the first open cell).
      if (level && !place_endpoints_far_apart(level.value()))
        level = Error{path + ": every cell is blocked"};
      break;
    case Source::Tiled: {
      if (p.has("--list")) {
        auto info = load_tiled_map_info(path);
        if (!info) {
          print_error(info.error());
          return kExitBadInput;
        }
        return write_output(tiled_list(path, info.value()), kExitFound);
      }
      auto o = tiled_options(p);
      if (!o) return bad(o.error());
      level = load_tiled_map(path, o.value());
      break;
    }
  }
  if (!level) {
    print_error(level.error());
    return kExitBadInput;
  }
  if (const std::string* name = p.get("--name")) level.value().name = *name;
  return write_level(level.value(), out.value(), "imported " + path);
}

std::string import_help() {
  const ImageImportOptions d{};
  std::string h;
  h += "astar import FILE [--format image|map|tiled] [OPTIONS] [--name TEXT] [-o OUT.json]\n";
  h += "\n";
  h += "  Turns an image, a MovingAI map or a Tiled map into a level file (\"astar-studio-level\"\n";
  h += "  JSON) written to OUT.json, or printed without -o. Start and goal go far apart in the\n";
  h += "  largest open region (the two ends of a longest walk found by two breadth-first\n";
  h += "  sweeps). The kind of FILE comes from its extension: .png .jpg .jpeg an image, .map\n";
  h += "  a MovingAI map, .tmj .json a Tiled map; --format overrides it.\n";
  h += "\n";
  h += "Images (PNG or JPEG, one cell per pixel, read as grey by luminance):\n";
  h += "  --mode walls|costs|heights\n";
  h += "                       walls: a pixel darker than the threshold is a wall; costs: grey\n";
  h += "                       mapped onto --range, dark expensive; heights: grey mapped onto\n";
  h += "                       whole heights in --range, light high. Default: walls.\n";
  h += "  --threshold N        walls: grey < N is a wall, N 0..256. Default: " +
       std::to_string(d.threshold) + ".\n";
  h += "  --invert             turn the grey levels round first: light pixels are walls, light\n";
  h += "                       is expensive, dark is high.\n";
  h += "  --range MIN..MAX     costs: 0 < MIN <= MAX <= 1000000 (default 1..10); heights: whole\n";
  h += "                       numbers within -1000000..1000000 (default 0..10). A negative MIN\n";
  h += "                       needs the = form: --range=-5..5.\n";
  h += "\n";
  h += "MovingAI maps (.map): walls from '@', 'O', 'T', 'W'; MovingAI's movement rules (8\n";
  h += "  neighbours, no corner cutting). No options.\n";
  h += "\n";
  h += "Tiled maps (JSON, orthogonal or hexagonal, not infinite; CSV or uncompressed base64\n";
  h += "  tile data; tilesets embedded or in .tsj/.json files beside the map). A hexagonal map\n";
  h += "  gives a hex level: staggeraxis y pointy-top, x flat-top, staggerindex odd or even the\n";
  h += "  rows (columns) pushed half a hex over. Cells keep Tiled's column and row. GID is a\n";
  h += "  tile's global id as in the layer data: its ID in Tiled plus its tileset's firstgid;\n";
  h += "  flip flags are ignored.\n";
  h += "  --list               print the map's size and grid, its tile layers and the tiles'\n";
  h += "                       property names, and exit.\n";
  h += "  --layer NAME         the tile layer that holds the walls. Default: the first.\n";
  h += "  --walls RULE         any: every non-empty tile; tiles:GID,GID,...: those tiles;\n";
  h += "                       property:NAME: tiles whose property NAME is true (a bool) or\n";
  h += "                       not 0 (a number), e.g. property:solid. Default: any.\n";
  h += "  --costs SOURCE       property:NAME: a numeric tile property (e.g. property:cost);\n";
  h += "                       tiles:GID=COST,...: a table. Other cells cost 1.\n";
  h += "  --costs-layer NAME   the tile layer --costs reads. Default: the walls layer.\n";
  h += "  --heights SOURCE     as --costs, whole numbers (e.g. property:height); other cells 0.\n";
  h += "  --heights-layer NAME the tile layer --heights reads. Default: the walls layer.\n";
  h += "\n";
  h += "Options for every kind:\n";
  h += "  --name TEXT          the level's name. Default: FILE's name.\n";
  h += "  -o, --output FILE    write the level file here (atomically). Default: print the\n";
  h += "                       level's JSON to stdout.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "  An option for another kind of file is refused (exit 2).\n";
  h += "\n";
  h += "Output (with -o): wrote OUT: imported FILE (W x H, N open cells, start (x, y), goal\n";
  h += "  (x, y)). A file that cannot be read names itself and the field: \"town.tmj:\n";
  h += "  layers[2].data: expected 1200 tile ids (40 x 30), got 1199\" (exit 2).\n";
  return h;
}

}  // namespace astar::cli
