// astar export LEVEL -o OUT.map | OUT.png [--cell-px N]: a level file as a MovingAI map (walls
// only) or as a picture (level_image.hpp: the studio's File > Export image draws the same).
#include <array>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/level_image.hpp"
#include "astar/movingai.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

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
  if (out.value() == nullptr) return bad("missing -o OUT.map or -o OUT.png");
  const std::string& path = *out.value();
  auto ends_with = [&](std::string_view ext) {
    return path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  const bool png = ends_with(".png");
  if (!png && !ends_with(".map"))
    return bad("-o: the output format comes from the extension: .map (MovingAI) or .png (an "
               "image), got '" + path + "'");
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
    return write_output("wrote " + path + " (" + std::to_string(level->width() * image.cell_px) +
                            " x " + std::to_string(level->height() * image.cell_px) + " px, " +
                            std::to_string(image.cell_px) + " px per cell)\n",
                        kExitFound);
  }
  if (Status s = save_movingai_map(*level, path); !s) {
    print_error(s.error());
    return kExitInternal;
  }
  const std::vector<std::string> losses = movingai_export_losses(*level);
  if (!losses.empty()) {
    std::string note = "note: a .map holds walls only; not written: ";
    for (std::size_t i = 0; i < losses.size(); ++i) note += (i ? ", " : "") + losses[i];
    print_error(note);
  }
  return write_output("wrote " + path + " (" + std::to_string(level->width()) + " x " +
                          std::to_string(level->height()) + ", MovingAI map)\n",
                      kExitFound);
}

std::string export_help() {
  std::string h;
  h += "astar export LEVEL -o OUT.map\n";
  h += "astar export LEVEL -o OUT.png [--cell-px N]\n";
  h += "\n";
  h += "  Writes LEVEL (a level file) as a MovingAI map: \"type octile\", the height and width,\n";
  h += "  then one row per line, '@' a wall and '.' an open cell. A .map holds walls only:\n";
  h += "  costs, heights, edge overrides, collision shapes, movement rules other than\n";
  h += "  MovingAI's (8 neighbours, no corner cutting), start and goal are not written; a note\n";
  h += "  on stderr names what the level had of them (exit 0). `astar import OUT.map` reads\n";
  h += "  the walls back.\n";
  h += "\n";
  h += "  OUT.png is a picture of the level, N x N pixels per cell (default 4, 1..16, each side\n";
  h += "  at most 8192 px): walls, terrain colours of costs, heights shaded, agents, start and\n";
  h += "  goal, grid lines from 6 px per cell. The studio's File > Export image draws the same.\n";
  h += "\n";
  h += "Options:\n";
  h += "  -o, --output OUT     the file to write (atomically); its extension picks the\n";
  h += "                       format: .map or .png.\n";
  h += "  --cell-px N          pixels per cell of a .png (1..16, default 4).\n";
  h += "  -h, --help           show this help and exit.\n";
  return h;
}

}  // namespace astar::cli
