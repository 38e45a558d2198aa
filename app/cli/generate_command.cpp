// astar generate KIND: a maze, rooms, obstacles or noise terrain from a seed, written as a level
// file (generate.hpp does the work; this file reads the options and writes the result).
#include <array>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/generate.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

// The generator parameters, each "--" + a name set_generator_parameter knows.
constexpr std::array<std::string_view, 12> kParameters{
    "--size", "--seed", "--topology", "--stagger", "--loops", "--rooms", "--room-size",
    "--density", "--scale", "--octaves", "--costs", "--heights"};

std::vector<OptionSpec> generate_specs() {
  std::vector<OptionSpec> specs;
  for (std::string_view p : kParameters) specs.push_back({p, true});
  specs.push_back({"--name", true});
  for (const OptionSpec& s : kOutputSpecs) specs.push_back(s);
  return specs;
}

}  // namespace

int generate_command(std::span<const std::string> args) {
  const std::vector<OptionSpec> specs = generate_specs();
  const auto bad = [](const std::string& why) {
    print_error("generate: " + why + " (see 'astar generate --help')");
    return kExitBadInput;
  };
  auto parsed = parse_args(args, specs);
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty())
    return bad("missing KIND, one of " + generator_kind_names());
  if (p.positionals.size() > 1) return bad("unexpected argument '" + p.positionals[1] + "'");
  const auto kind = parse_generator_kind(p.positionals[0]);
  if (!kind)
    return bad("unknown KIND '" + p.positionals[0] + "', expected one of " +
               generator_kind_names());
  GeneratorOptions o;
  o.kind = *kind;
  // In the order given, so a message names the first bad option.
  for (const auto& [name, value] : p.sequence) {
    if (name.rfind("--", 0) != 0 || name == "--name" || name == "--output") continue;
    if (Status s = set_generator_parameter(o, std::string_view(name).substr(2), value); !s)
      return bad("--" + s.error());
  }
  if (std::string why = check_generator_options(o); !why.empty()) return bad("--" + why);
  auto out = read_output_path(p);
  if (!out) return bad(out.error());

  Result<Level> level = generate_level(o);
  if (!level) return bad(level.error());
  if (const std::string* name = p.get("--name")) level.value().name = *name;
  return write_level(level.value(), out.value(), generator_recipe(o));
}

std::string generate_help() {
  const GeneratorOptions d{};
  std::string h;
  h += "astar generate KIND [--size WxH] [--seed N] [PARAMETERS] [--name TEXT] [-o FILE]\n";
  h += "\n";
  h += "  Makes a level from a seed: the same KIND, size, seed and parameters make the same\n";
  h += "  level on every machine. Writes it to FILE as a level file (\"astar-studio-level\"\n";
  h += "  JSON) and prints one line about it, or prints the level's JSON without -o. The\n";
  h += "  level's name is its recipe, the command line that makes it again (\"maze-division\n";
  h += "  --size 41x31 --seed 7\"), unless --name is given.\n";
  h += "\n";
  h += "Kinds:\n";
  h += "  maze-backtracker  a perfect maze carved depth-first: long winding corridors\n";
  h += "  maze-division     a perfect maze by recursive division: long straight walls\n";
  h += "  rooms             rectangular rooms joined by L-shaped corridors\n";
  h += "  obstacles         single-cell walls at random; start top-left, goal bottom-right\n";
  h += "                    (kept open; a path between them is not guaranteed)\n";
  h += "  noise-costs       open terrain, costs from Perlin noise\n";
  h += "  noise-heights     open terrain, heights from Perlin noise\n";
  h += "  Mazes: odd x and y are the maze's rooms, so odd sides use the whole level (an even\n";
  h += "  side leaves its last row or column walled). Mazes and rooms put start and goal at\n";
  h += "  the two ends of a longest path; the start always reaches the goal.\n";
  h += "\n";
  h += "Options (also written --option=VALUE; a negative range needs the = form):\n";
  h += "  --size WxH           cells, each side 1..8192, at most 16777216 cells; mazes at\n";
  h += "                       least 3x3. Default: " + std::to_string(d.width) + "x" +
       std::to_string(d.height) + ".\n";
  h += "  --seed N             a whole number 0..18446744073709551615. Default: " +
       std::to_string(d.seed) + ".\n";
  h += "  --topology NAME      square (the default), hex-pointy-top or hex-flat-top.\n";
  h += "  --stagger odd|even   hexes: which rows (pointy-top) or columns (flat-top) are\n";
  h += "                       pushed half a hex over, as Tiled's staggerindex. Default: odd.\n";
  h += "  --loops F            maze-*: the share 0..1 of the walls between two maze rooms\n";
  h += "                       opened after carving (0: perfect, one way between two cells);\n";
  h += "                       rooms: extra corridors, as a share of the rooms. Default: 0.\n";
  h += "  --rooms N            rooms: rooms to try to place, 1..1000 (one that would touch\n";
  h += "                       another is skipped). Default: " + std::to_string(d.rooms) + ".\n";
  h += "  --room-size MIN..MAX rooms: side of a room in cells, 3 <= MIN <= MAX, and MAX + 2 at\n";
  h += "                       most the level's smaller side. Default: " +
       std::to_string(d.room_min) + ".." + std::to_string(d.room_max) + ".\n";
  h += "  --density D          obstacles: the share 0..1 of cells that are walls (start and\n";
  h += "                       goal excepted; exactly round(D * (cells - 2))). Default: 0.3.\n";
  h += "  --scale S            noise-*: feature size in cells, 1..4096. Default: 16.\n";
  h += "  --octaves N          noise-*: octaves of fractal noise, 1..8. Default: " +
       std::to_string(d.octaves) + ".\n";
  h += "  --costs MIN..MAX     noise-costs: 0 < MIN <= MAX <= 1000000; the noise is stretched\n";
  h += "                       so the lowest cell costs MIN and the highest MAX, rounded to\n";
  h += "                       0.01. Default: 1..5.\n";
  h += "  --heights MIN..MAX   noise-heights: whole numbers within -1000000..1000000.\n";
  h += "                       Default: " + std::to_string(d.height_min) + ".." +
       std::to_string(d.height_max) + ".\n";
  h += "  --name TEXT          the level's name. Default: the recipe.\n";
  h += "  -o, --output FILE    write the level file here (atomically). Default: print the\n";
  h += "                       level's JSON to stdout.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "  A parameter of another kind is refused (exit 2, the message lists the kind's).\n";
  h += "\n";
  h += "Output (with -o): wrote FILE: RECIPE (W x H, N open cells, start (x, y), goal (x, y))\n";
  return h;
}

}  // namespace astar::cli
