// astar reach LEVEL --from X,Y --budget B [--format json]: the movement range of a unit standing
// on X,Y with B movement points (astar/reach.hpp): every cell it can reach for at most B, the
// cheapest cost of each and the cell before it on a cheapest way, and the range's border. The
// level's rules apply, with the rule overrides of `astar run`. --from defaults to the level's
// start, --budget to its preset's (search.budget, a lesson's range). Exit 0 with the range, 2 on
// bad input (the message names the option or the level's field).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/endpoint_args.hpp"
#include "astar/reach.hpp"
#include "commands.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

// The options reach takes: its own, the neighbour rule and the movement rules' overrides.
std::vector<OptionSpec> reach_options() {
  std::vector<OptionSpec> out{{"--from", true}, {"--budget", true}, {"--format", true},
                              {"--neighbours", true}};
  out.insert(out.end(), kRuleOptionSpecs.begin(), kRuleOptionSpecs.end());
  return out;
}

struct ReachArgs {
  SearchArgs search;  // LEVEL, --neighbours and the rules (no algorithm: a range is Dijkstra's)
  std::optional<Cell> from;      // none: the level's start
  std::optional<double> budget;  // none: the level's search.budget
  Format format = Format::Text;
};

Result<double> parse_budget(const std::string& text) {
  const std::optional<double> v = read_finite_double(text);
  if (!v || !(*v >= 0.0))
    return Error{"--budget: expected a finite number >= 0, got '" + text + "'"};
  return *v;
}

Result<ReachArgs> parse_reach_args(std::span<const std::string> args) {
  const std::string see_help = " (see 'astar reach --help')";
  auto parsed = parse_args(args, reach_options());
  if (!parsed) return Error{"reach: " + parsed.error() + see_help};
  const ParsedArgs& p = parsed.value();
  ReachArgs out;
  auto search = read_search_args(p, "reach");
  if (!search) return Error{search.error()};
  out.search = std::move(search.value());
  if (const std::string* from = p.get("--from")) {
    Result<Cell> cell = parse_cell_arg("--from", *from);
    if (!cell) return Error{cell.error()};
    out.from = cell.value();
  }
  if (const std::string* budget = p.get("--budget")) {
    Result<double> b = parse_budget(*budget);
    if (!b) return Error{b.error()};
    out.budget = b.value();
  }
  auto format = read_format(p);
  if (!format) return Error{format.error()};
  out.format = format.value();
  return out;
}

std::string cell_json(Cell c) {
  return "{\"x\": " + std::to_string(c.x) + ", \"y\": " + std::to_string(c.y) + "}";
}

std::string range_json(const MovementRange& r, const Level& level) {
  std::string out = "{\"from\": " + cell_json(r.from) + ", \"budget\": " + json_number(r.budget) +
                    ", \"topology\": " + json_string(to_string(level.topology())) +
                    ", \"cells\": [";
  for (std::size_t k = 0; k < r.cells.size(); ++k) {
    const RangeCell& c = r.cells[k];
    out += (k ? ", " : "") + std::string("{\"x\": ") + std::to_string(c.cell.x) +
           ", \"y\": " + std::to_string(c.cell.y) + ", \"cost\": " + json_number(c.cost.value()) +
           ", \"parent\": " + (c.parent ? cell_json(*c.parent) : std::string("null")) + "}";
  }
  out += "], \"border\": [";
  for (std::size_t k = 0; k < r.border.size(); ++k) out += (k ? ", " : "") + cell_json(r.border[k]);
  return out + "]}\n";
}

// A summary line, then one tab-separated row per cell: cell, cost, parent, border.
std::string range_text(const MovementRange& r) {
  std::string out = "range from " + path_text({r.from}) + ", budget " + format_cost(r.budget) +
                    ": " + std::to_string(r.cells.size()) +
                    (r.cells.size() == 1 ? " cell, " : " cells, ") +
                    std::to_string(r.border.size()) + " on the border\n";
  out += "cell\tcost\tparent\tborder\n";
  std::size_t b = 0;  // border cells are listed in the cells' order
  for (const RangeCell& c : r.cells) {
    const bool edge = b < r.border.size() && r.border[b] == c.cell;
    b += edge;
    out += path_text({c.cell}) + "\t" + format_cost(c.cost.value()) + "\t" +
           (c.parent ? path_text({*c.parent}) : std::string("-")) + "\t" + (edge ? "yes" : "no") +
           "\n";
  }
  return out;
}

}  // namespace

int reach_command(std::span<const std::string> args) {
  Result<ReachArgs> parsed = parse_reach_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  const ReachArgs& a = parsed.value();
  if (!a.from && a.search.level_path.ends_with(".map")) {
    print_error(a.search.level_path + ": a MovingAI map has no start of its own: give --from X,Y");
    return kExitBadInput;
  }
  const std::optional<Level> level = load_level_or_map_or_report(a.search.level_path);
  if (!level) return kExitBadInput;
  const Cell from = a.from.value_or(level->start());
  const std::optional<double> budget = a.budget ? a.budget : level->preset.budget;
  if (!budget) {
    print_error("reach: missing --budget B (its movement points; " + a.search.level_path +
                " sets no search.budget) (see 'astar reach --help')");
    return kExitBadInput;
  }
  if (const std::string why = check_square_only_options(a.search, *level); !why.empty()) {
    print_error(a.search.level_path + ": " + why);
    return kExitBadInput;
  }
  if (Status ok = check_cell_arg(*level, "--from", from); !ok) {
    print_error(a.search.level_path + ": " + ok.error());
    return kExitBadInput;
  }
  const Result<MovementRange> range =
      movement_range(*level, rules_for(*level, a.search), from, *budget);
  if (!range) {
    print_error(a.search.level_path + ": " + range.error());
    return kExitBadInput;
  }
  return write_output(a.format == Format::Json ? range_json(range.value(), *level)
                                               : range_text(range.value()),
                      kExitFound);
}

std::string reach_help() {
  std::string h;
  h += "astar reach LEVEL [--from X,Y] [--budget B] [--format text|json] [rule options]\n";
  h += "  The movement range of a unit standing on X,Y with B movement points: every cell\n";
  h += "  it can reach for a cost of at most B (Dijkstra from X,Y, stopped at the budget),\n";
  h += "  the cheapest cost of each, the cell before it on a cheapest way, and the border\n";
  h += "  (the range's cells with a neighbour outside the range or the level). On square\n";
  h += "  and hex levels alike; LEVEL may be a MovingAI .map.\n";
  h += "  --from X,Y           the unit's cell: X the column, Y the row, from 0 at the top\n";
  h += "                       left. Refused (exit 2) outside the level, in a wall or on a\n";
  h += "                       blocking agent. Default: the level's start.\n";
  h += "  --budget B           the movement points, a finite number >= 0. Rounded once to\n";
  h += "                       the micro-unit (as a cell's cost is), then compared exactly\n";
  h += "                       with each cost: 1 + sqrt 2 is within 2.5, 2 sqrt 2 is not.\n";
  h += "                       Default: the level's search.budget (a lesson's range);\n";
  h += "                       required when it has none.\n";
  h += "  --format text|json   text: 'range from (X,Y), budget B: N cells, M on the border',\n";
  h += "                       then one tab-separated row per cell, cheapest first (cell,\n";
  h += "                       cost, parent or -, border yes|no); json: {from: {x, y},\n";
  h += "                       budget, topology, cells: [{x, y, cost, parent}], border:\n";
  h += "                       [{x, y}]}. Default: text.\n";
  h += "  --neighbours 4|8     moves per square cell, over the level's own rule (refused on\n";
  h += "                       hex levels, as --diagonal is).\n";
  h += rule_options_help();
  h += "  Exit 0 with the range.\n";
  return h;
}

}  // namespace astar::cli
