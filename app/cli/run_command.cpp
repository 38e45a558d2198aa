// astar run LEVEL: one A* search on a level file, printed as text or JSON.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "astar/search.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 4> kRunOptions{{
    {"--heuristic", true},
    {"--neighbours", true},
    {"--max-iterations", true},
    {"--format", true},
}};

enum class Format { Text, Json };

std::vector<std::string_view> heuristic_names() {
  std::vector<std::string_view> names;
  for (int i = 0; i < static_cast<int>(Heuristic::_Max); ++i)
    names.push_back(to_string(static_cast<Heuristic>(i)));
  return names;
}

struct RunConfig {
  std::string level_path;
  Heuristic heuristic = Heuristic::Octile;
  std::optional<Neighbours> neighbours;  // none: the level's own rule
  std::int64_t max_iterations = 0;       // 0: no limit
  Format format = Format::Text;
};

std::string see_help() { return " (see 'astar run --help')"; }

Result<RunConfig> parse_run_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, kRunOptions);
  if (!parsed) return Error{"run: " + parsed.error() + see_help()};
  const ParsedArgs& p = parsed.value();

  RunConfig cfg;
  if (p.positionals.empty()) return Error{"run: missing LEVEL argument" + see_help()};
  if (p.positionals.size() > 1)
    return Error{"run: unexpected argument '" + p.positionals[1] + "' (only one LEVEL)" +
                 see_help()};
  cfg.level_path = p.positionals.front();
  if (cfg.level_path.empty()) return Error{"run: LEVEL is an empty file name"};

  if (const std::string* v = p.get("--heuristic")) {
    const auto h = parse_heuristic(*v);
    if (!h) {
      const auto names = heuristic_names();
      return Error{"--heuristic: unknown value '" + *v + "' (expected " + join(names) + ")"};
    }
    cfg.heuristic = *h;
  }
  if (const std::string* v = p.get("--neighbours")) {
    if (*v == "4") {
      cfg.neighbours = Neighbours::Four;
    } else if (*v == "8") {
      cfg.neighbours = Neighbours::Eight;
    } else {
      return Error{"--neighbours: unknown value '" + *v + "' (expected 4 or 8)"};
    }
  }
  if (const std::string* v = p.get("--max-iterations")) {
    auto n = parse_positive_int("--max-iterations", *v);
    if (!n) return Error{n.error()};
    cfg.max_iterations = n.value();
  }
  if (const std::string* v = p.get("--format")) {
    if (*v == "text") {
      cfg.format = Format::Text;
    } else if (*v == "json") {
      cfg.format = Format::Json;
    } else {
      return Error{"--format: unknown value '" + *v + "' (expected text or json)"};
    }
  }
  return cfg;
}

struct RunReport {
  const RunConfig* cfg;
  Neighbours neighbours;
  SearchState outcome;
  std::vector<Cell> path;
  double cost;
  SearchMetrics metrics;
  std::int64_t iterations;
};

std::string report_text(const RunReport& r) {
  const bool found = r.outcome == SearchState::Found;
  std::string out;
  out += "level: " + r.cfg->level_path + "\n";
  out += "heuristic: " + std::string(to_string(r.cfg->heuristic)) + "\n";
  out += "neighbours: " + std::string(to_string(r.neighbours)) + "\n";
  out += "outcome: " + std::string(to_string(r.outcome)) + "\n";
  out += "cost: " + (found ? format_cost(r.cost) : std::string("none")) + "\n";
  out += "path: " + (found ? path_text(r.path) : std::string("none")) + "\n";
  out += "length: " + std::to_string(r.path.size()) + " cells\n";
  out += "iterations: " + std::to_string(r.iterations) + "\n";
  out += "expanded: " + std::to_string(r.metrics.expanded) + "\n";
  out += "generated: " + std::to_string(r.metrics.generated) + "\n";
  return out;
}

std::string report_json(const RunReport& r) {
  const bool found = r.outcome == SearchState::Found;
  std::string out = "{";
  out += "\"level\":" + json_string(r.cfg->level_path);
  out += ",\"heuristic\":" + json_string(to_string(r.cfg->heuristic));
  out += ",\"neighbours\":" + std::string(to_string(r.neighbours));
  out += ",\"outcome\":" + json_string(to_string(r.outcome));
  out += ",\"cost\":" + (found ? json_number(r.cost) : std::string("null"));
  out += ",\"path\":" + path_json(r.path);
  out += ",\"length\":" + std::to_string(r.path.size());
  out += ",\"iterations\":" + std::to_string(r.iterations);
  out += ",\"expanded\":" + std::to_string(r.metrics.expanded);
  out += ",\"generated\":" + std::to_string(r.metrics.generated);
  out += "}\n";
  return out;
}

}  // namespace

int run_command(std::span<const std::string> args) {
  auto parsed = parse_run_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  const RunConfig& cfg = parsed.value();

  auto loaded = load_level(cfg.level_path);
  if (!loaded) {
    // The loader's messages read "file: field: reason"; make sure the file is named.
    const std::string& msg = loaded.error();
    print_error(msg.find(cfg.level_path) == std::string::npos ? cfg.level_path + ": " + msg : msg);
    return kExitBadInput;
  }
  const Level& level = loaded.value();

  MovementRules rules = level.rules();
  if (cfg.neighbours) rules.neighbours = *cfg.neighbours;
  if (!admissible(cfg.heuristic, rules.neighbours))
    print_error("note: " + std::string(to_string(cfg.heuristic)) + " may overestimate with " +
                std::string(to_string(rules.neighbours)) +
                " neighbours; the path found may not be the cheapest");

  SearchOptions options;
  options.heuristic = cfg.heuristic;
  options.max_iterations = cfg.max_iterations;
  AStarSearch search(level, rules, options);
  const SearchState outcome = search.run();

  if (outcome == SearchState::Invalid) {
    const std::string why = search.message().empty() ? level.check_endpoints() : search.message();
    print_error(cfg.level_path + ": " + (why.empty() ? "the search could not start" : why));
    return kExitBadInput;
  }

  const RunReport report{&cfg,           rules.neighbours,   outcome,
                         search.path(),  search.path_cost(), search.metrics(),
                         search.iterations()};
  const std::string text = cfg.format == Format::Json ? report_json(report) : report_text(report);
  if (!write_stdout(text)) {
    print_error("cannot write the output");
    return kExitInternal;
  }
  return outcome == SearchState::Found ? kExitFound : kExitNoPath;
}

std::string run_help() {
  const auto names = heuristic_names();
  const std::string found(to_string(SearchState::Found));
  const std::string no_path(to_string(SearchState::NoPath));
  const std::string limit(to_string(SearchState::IterationLimit));
  std::string h;
  h += "astar run LEVEL [--heuristic NAME] [--neighbours 4|8] [--max-iterations N]\n";
  h += "                [--format text|json]\n";
  h += "\n";
  h += "  Searches LEVEL (a level file, \"astar-studio-level\" JSON) from its start to its goal\n";
  h += "  with A* under the level's movement rules, and prints the outcome, the path, its cost\n";
  h += "  and the search counters to stdout.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --heuristic NAME     the estimate of the remaining cost, one of\n";
  h += "                       " + join(names) + ".\n";
  h += "                       zero makes the search Dijkstra's. Default: octile.\n";
  h += "                       manhattan may overestimate with 8 neighbours (a note says so).\n";
  h += "  --neighbours 4|8     moves per cell: 4 (straight only) or 8 (straight and diagonal).\n";
  h += "                       Default: the level's own rule. The level's diagonal policy,\n";
  h += "                       climb and drop limits still apply.\n";
  h += "  --max-iterations N   stop after N iterations (N a whole number >= 1).\n";
  h += "                       Default: no limit.\n";
  h += "  --format text|json   text: one \"key: value\" line per field; json: one object with\n";
  h += "                       the same keys on one line. Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Output fields:\n";
  h += "  level        LEVEL as given\n";
  h += "  heuristic    the heuristic used\n";
  h += "  neighbours   4 or 8, as used\n";
  h += "  outcome      " + found + ", " + no_path + " (the goal cannot be reached) or " + limit +
       "\n";
  h += "               (--max-iterations was reached first)\n";
  h += "  cost         total cost of the path; none (json: null) when no path was found\n";
  h += "  path         the cells from start to goal as (x,y), 0-based, (0,0) top-left;\n";
  h += "               none when no path was found (json: [[x,y],...], empty when none)\n";
  h += "  length       number of cells on the path (text: \"N cells\"; json: a number)\n";
  h += "  iterations   search iterations taken (one open node taken per iteration)\n";
  h += "  expanded     nodes taken from the open set\n";
  h += "  generated    nodes first added to the open set\n";
  return h;
}

}  // namespace astar::cli
