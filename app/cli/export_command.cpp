// astar export LEVEL -o OUT.map: a level file as a MovingAI map (walls only).
#include <array>
#include <string>

#include "args.hpp"
#include "astar/movingai.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

int export_command(std::span<const std::string> args) {
  const auto bad = [](const std::string& why) {
    print_error("export: " + why + " (see 'astar export --help')");
    return kExitBadInput;
  };
  auto parsed = parse_args(args, kOutputSpecs);
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return bad("missing LEVEL");
  if (p.positionals.size() > 1) return bad("unexpected argument '" + p.positionals[1] + "'");
  auto out = read_output_path(p);
  if (!out) return bad(out.error());
  if (out.value() == nullptr) return bad("missing -o OUT.map");
  const std::string& path = *out.value();
  if (path.size() < 4 || path.compare(path.size() - 4, 4, ".map") != 0)
    return bad("-o: the output format comes from the extension, and only .map (MovingAI) is "
               "supported, got '" + path + "'");

  const std::optional<Level> level = load_level_or_report(p.positionals[0]);
  if (!level) return kExitBadInput;
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
  h += "\n";
  h += "  Writes LEVEL (a level file) as a MovingAI map: \"type octile\", the height and width,\n";
  h += "  then one row per line, '@' a wall and '.' an open cell. A .map holds walls only:\n";
  h += "  costs, heights, edge overrides, collision shapes, movement rules other than\n";
  h += "  MovingAI's (8 neighbours, no corner cutting), start and goal are not written; a note\n";
  h += "  on stderr names what the level had of them (exit 0). `astar import OUT.map` reads\n";
  h += "  the walls back.\n";
  h += "\n";
  h += "Options:\n";
  h += "  -o, --output OUT.map the file to write (atomically); its extension picks the\n";
  h += "                       format, and .map is the one supported.\n";
  h += "  -h, --help           show this help and exit.\n";
  return h;
}

}  // namespace astar::cli
