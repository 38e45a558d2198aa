// astar check-heuristic LEVEL: does the heuristic ever overestimate the true cost to the goal on
// this level, or break consistency on some move? Counts, worst cases and a verdict.
#include <array>
#include <string>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/format.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 4> kCheckOptions{{
    {"--algorithm", true},
    {"--heuristic", true},
    {"--neighbours", true},
    {"--format", true},
}};

std::string worst_cell_text(const HeuristicReport& r) {
  if (!r.worst_cell) return "none";
  const std::size_t i = r.index(*r.worst_cell);
  return cell_text(*r.worst_cell) + " h " + format_cost(r.h[i]) + " > true " +
         format_cost(r.h_true[i]);
}

std::string worst_move_text(const HeuristicReport& r) {
  if (!r.worst_move) return "none";
  const HeuristicReport::BadMove& m = *r.worst_move;
  return cell_text(m.from) + " -> " + cell_text(m.to) + " h " + format_cost(m.h_from) +
         " > cost " + format_cost(m.cost) + " + h " + format_cost(m.h_to);
}

std::int64_t open_cells(const Level& level) {
  std::int64_t n = 0;
  for (std::uint8_t w : level.walls()) n += w == 0;
  return n;
}

std::string report_text(const SearchArgs& a, const Level& level, Neighbours n,
                        const HeuristicReport& r) {
  std::string out;
  out += "level: " + a.level_path + "\n";
  out += "heuristic: " + std::string(to_string(r.heuristic)) + "\n";
  out += "scale: " + format_cost(r.scale) + "\n";
  out += "neighbours: " + std::string(neighbours_text(level.topology(), n)) + "\n";
  out += "cells: " + std::to_string(open_cells(level)) + "\n";
  out += "overestimates: " + std::to_string(r.overestimate_count) + "\n";
  out += "worst_overestimate: " + worst_cell_text(r) + "\n";
  out += "inconsistent_moves: " + std::to_string(r.inconsistent_count) + "\n";
  out += "worst_inconsistent: " + worst_move_text(r) + "\n";
  out += "tolerance: " + format_cost(kHeuristicTolerance) + "\n";
  out += "verdict: " + r.verdict + "\n";
  return out;
}

std::string report_json(const SearchArgs& a, const Level& level, Neighbours n,
                        const HeuristicReport& r) {
  const auto at = [](Cell c) {
    return "[" + std::to_string(c.x) + "," + std::to_string(c.y) + "]";
  };
  std::string out = "{";
  out += "\"level\":" + json_string(a.level_path);
  out += ",\"heuristic\":" + json_string(to_string(r.heuristic));
  out += ",\"scale\":" + json_number(r.scale);
  out += ",\"neighbours\":" + std::string(neighbours_text(level.topology(), n));
  out += ",\"cells\":" + std::to_string(open_cells(level));
  out += ",\"overestimates\":" + std::to_string(r.overestimate_count);
  out += ",\"worst_overestimate\":";
  if (r.worst_cell) {
    const std::size_t i = r.index(*r.worst_cell);
    out += "{\"cell\":" + at(*r.worst_cell) + ",\"h\":" + json_number(r.h[i]) +
           ",\"true\":" + json_number(r.h_true[i]) + "}";
  } else {
    out += "null";
  }
  out += ",\"inconsistent_moves\":" + std::to_string(r.inconsistent_count);
  out += ",\"worst_inconsistent\":";
  if (r.worst_move) {
    const HeuristicReport::BadMove& m = *r.worst_move;
    out += "{\"from\":" + at(m.from) + ",\"to\":" + at(m.to) + ",\"h_from\":" +
           json_number(m.h_from) + ",\"cost\":" + json_number(m.cost) +
           ",\"h_to\":" + json_number(m.h_to) + "}";
  } else {
    out += "null";
  }
  out += ",\"tolerance\":" + json_number(kHeuristicTolerance);
  out += ",\"verdict\":" + json_string(r.verdict);
  out += "}\n";
  return out;
}

}  // namespace

int check_heuristic_command(std::span<const std::string> args) {
  auto parsed = parse_args(args, kCheckOptions);
  if (!parsed) {
    print_error("check-heuristic: " + parsed.error() + " (see 'astar check-heuristic --help')");
    return kExitBadInput;
  }
  auto search = read_search_args(parsed.value(), "check-heuristic");
  auto format = read_format(parsed.value());
  if (!search || !format) {
    print_error(!search ? search.error() : format.error());
    return kExitBadInput;
  }
  SearchArgs& a = search.value();
  const std::optional<Level> loaded = load_level_or_report(a.level_path);
  if (!loaded) return kExitBadInput;
  const Level& level = *loaded;
  if (const std::string why = check_square_only_options(a, level); !why.empty()) {
    print_error(a.level_path + ": " + why);
    return kExitBadInput;
  }
  apply_level_preset(a, level);
  if (const std::string why = level.check_endpoints(); !why.empty()) {
    print_error(a.level_path + ": " + why);
    return kExitBadInput;
  }
  const MovementRules rules = rules_for(level, a);
  const HeuristicReport r = check_heuristic(level, rules, a.options);
  return write_output(format.value() == Format::Json ? report_json(a, level, rules.neighbours, r)
                                                    : report_text(a, level, rules.neighbours, r),
                      r.consistent() && r.admissible() ? kExitFound : kExitNoPath);
}

std::string check_heuristic_help() {
  std::string h;
  h += "astar check-heuristic LEVEL [--heuristic NAME] [--algorithm NAME] [--neighbours 4|8]\n";
  h += "                            [--format text|json]\n";
  h += "\n";
  h += "  Compares, on every open cell of LEVEL, the heuristic h as the search uses it (the\n";
  h += "  distance to the goal times the level's cheapest cost per unit of distance) with\n";
  h += "  the true cost to the goal (Dijkstra from the goal under the level's rules), and\n";
  h += "  every possible move a -> b with h(a) <= cost(a -> b) + h(b). Prints the cells\n";
  h += "  where h overestimates, the moves where it is inconsistent, the worst of each, and\n";
  h += "  a verdict: whether A* is guaranteed an optimal path here. Closed cells are never\n";
  h += "  reopened, so the guarantee needs both. Differences up to 1e-9 (relative) are\n";
  h += "  float noise and ignored.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --heuristic NAME     one of " + join(heuristic_names()) + ".\n";
  h += "                       Default: octile; hex on hex levels.\n";
  h += "  --algorithm NAME     the algorithm whose h is checked; those without a heuristic\n";
  h += "                       (dijkstra, bfs) have h = 0. Default: astar.\n";
  h += "  --neighbours 4|8     moves per cell. Default: the level's own rule.\n";
  h += "  --format text|json   text: one \"key: value\" line per field; json: one object with\n";
  h += "                       the same keys. Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Output fields:\n";
  h += "  heuristic, scale     the heuristic checked and its factor (zero: none)\n";
  h += "  neighbours, cells    4 or 8 (6 on hex levels), and how many open cells were checked\n";
  h += "  overestimates        cells where h > the true cost\n";
  h += "  worst_overestimate   the cell with the largest excess: (x,y) h H > true T; none\n";
  h += "  inconsistent_moves   moves a -> b where h(a) > cost(a -> b) + h(b)\n";
  h += "  worst_inconsistent   the worst such move; none\n";
  h += "  tolerance            the float-noise tolerance, 1e-09\n";
  h += "  verdict              one sentence\n";
  h += "\n";
  h += "  Exit codes: 0 h never overestimates and is consistent (A* is optimal here);\n";
  h += "  1 it overestimates or is inconsistent somewhere; 2 bad input, as 'astar run'.\n";
  return h;
}

}  // namespace astar::cli
