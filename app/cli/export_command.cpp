// astar export LEVEL -o OUT.map | OUT.tmj | OUT.png [--cell-px N]: a level file as a MovingAI
// map (walls only), a Tiled map (tiled_writer.hpp: walls, costs, heights, square or hex) or a
// picture (level_image.hpp: the studio's File > Export image draws the same).
#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/level_image.hpp"
#include "astar/movingai.hpp"
#include "astar/tiled_writer.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

void print_losses(const std::string& what, const std::vector<std::string>& losses) {
  if (losses.empty()) return;
  std::string note = "note: " + what + "; not written: ";
  for (std::size_t i = 0; i < losses.size(); ++i) note += (i ? ", " : "") + losses[i];
  print_error(note);
}

int export_tiled(const Level& level, const std::string& level_path, const std::string& path) {
  const std::string image = tiled_tileset_image_path(path);
  auto made = make_tiled_export(level, std::filesystem::path(image).filename().string());
  if (!made) {
    print_error(level_path + ": " + made.error());
    return kExitBadInput;
  }
  if (Status s = write_tiled_export(made.value(), path); !s) {
    print_error(s.error());
    return kExitInternal;
  }
  print_losses("a Tiled map holds walls, costs and heights", tiled_export_losses(level));
  const std::string grid =
      level.is_hex() ? std::string(to_string(level.topology())) + " " +
                           std::string(to_string(level.hex_stagger()))
                     : "square";
  return write_output("wrote " + path + " and " + image + " (" +
                          std::to_string(level.width()) + " x " + std::to_string(level.height()) +
                          ", " + grid + ", Tiled map)\n",
                      kExitFound);
}

}  // namespace

int export_command(std::span<const std::string> args) {
  const auto bad = [](const std::string& why) {
    print_error("export: " + why + " (see 'astar export --help')");
    return kExitBadInput;
  };
  std::vector<OptionSpec> specs(kOutputSpecs.begin(), kOutputSpecs.end());
  specs.push_back({"--cell-px", true});
  auto parsed = parse_args(args, specs);
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return bad("missing LEVEL");
  if (p.positionals.size() > 1) return bad("unexpected argument '" + p.positionals[1] + "'");
  auto out = read_output_path(p);
  if (!out) return bad(out.error());
  if (out.value() == nullptr) return bad("missing -o OUT.map, OUT.tmj or OUT.png");
  const std::string& path = *out.value();
  auto ends_with = [&](std::string_view ext) {
    return path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  const bool png = ends_with(".png");
  const bool tiled = ends_with(".tmj");
  if (!png && !tiled && !ends_with(".map"))
    return bad("-o: the output format comes from the extension: .map (MovingAI), .tmj (Tiled) "
               "or .png (an image), got '" + path + "'");
  LevelImageOptions image;
  if (const std::string* px = p.get("--cell-px")) {
    if (!png) return bad("--cell-px: only for .png output");
    const std::optional<int> cell_px = read_integer<int>(*px);
    if (!cell_px)
      return bad("--cell-px: expected a whole number 1.." + std::to_string(kMaxLevelImageCellPx) +
                 ", got '" + *px + "'");
    image.cell_px = *cell_px;
  }

  const std::optional<Level> level = load_level_or_report(p.positionals[0]);
  if (!level) return kExitBadInput;
  if (png) {
    if (std::string why = check_level_image_options(*level, image); !why.empty())
      return bad(p.positionals[0] + ": " + why);
    if (Status s = save_level_image(*level, image, path); !s) {
      print_error(s.error());
      return kExitInternal;
    }
    const LevelImageSize size = level_image_size(*level, image.cell_px);
    return write_output("wrote " + path + " (" + std::to_string(size.width) + " x " +
                            std::to_string(size.height) + " px, " +
                            std::to_string(image.cell_px) + " px per cell)\n",
                        kExitFound);
  }
  if (tiled) return export_tiled(*level, p.positionals[0], path);
  if (Status s = save_movingai_map(*level, path); !s) {
    print_error(s.error());
    return kExitInternal;
  }
  print_losses("a .map holds walls only", movingai_export_losses(*level));
  return write_output("wrote " + path + " (" + std::to_string(level->width()) + " x " +
                          std::to_string(level->height()) + ", MovingAI map)\n",
                      kExitFound);
}

std::string export_help() {
  std::string h;
  h += "astar export LEVEL -o OUT.map\n";
  h += "astar export LEVEL -o OUT.tmj\n";
  h += "astar export LEVEL -o OUT.png [--cell-px N]\n";
  h += "\n";
  h += "  Writes LEVEL (a level file) as a MovingAI map: \"type octile\", the height and width,\n";
  h += "  then one row per line, '@' a wall and '.' an open cell. A .map holds walls only:\n";
  h += "  costs, heights, edge overrides, collision shapes, movement rules other than\n";
  h += "  MovingAI's (8 neighbours, no corner cutting), start and goal are not written; a note\n";
  h += "  on stderr names what the level had of them (exit 0). `astar import OUT.map` reads\n";
  h += "  the walls back.\n";
  h += "\n";
  h += "  OUT.tmj is a Tiled map (JSON) of the same grid: orthogonal for square levels,\n";
  h += "  hexagonal for hex levels (staggeraxis y: pointy-top, x: flat-top; staggerindex the\n";
  h += "  level's stagger), with tile layers costs, heights and walls (bottom to top) and one\n";
  h += "  embedded tileset whose tiles carry the properties cost, height and solid. Its picture\n";
  h += "  is written beside the map as OUT-tiles.png. Read it back with\n";
  h += "    astar import OUT.tmj --layer walls --costs property:cost --costs-layer costs \\\n";
  h += "      --heights property:height --heights-layer heights\n";
  h += "  A note on stderr names what the level had that a Tiled map does not hold (edge\n";
  h += "  overrides, shapes, agents, movement rules, start and goal, ...).\n";
  h += "\n";
  h += "  OUT.png is a picture of the level, N x N pixels per cell (default 4, 1..16, each side\n";
  h += "  at most 8192 px): walls, terrain colours of costs, heights shaded, agents, start and\n";
  h += "  goal, grid lines from 6 px per cell. Hex levels are drawn as hexagons, N pixels from\n";
  h += "  one centre to the next (the hexagon's width across flats), on a dark background. The\n";
  h += "  studio's File > Export image draws the same.\n";
  h += "\n";
  h += "Options:\n";
  h += "  -o, --output OUT     the file to write (atomically); its extension picks the\n";
  h += "                       format: .map, .tmj or .png.\n";
  h += "  --cell-px N          pixels per cell of a .png (1..16, default 4; on hexes from one\n";
  h += "                       centre to the next).\n";
  h += "  -h, --help           show this help and exit.\n";
  return h;
}

}  // namespace astar::cli
