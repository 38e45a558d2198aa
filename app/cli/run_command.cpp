// astar run LEVEL: one search (A*, Dijkstra, JPS, Theta*, ...) on a level file, printed as text or
// JSON.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 9> kRunOptions{{
    {"--algorithm", true},
    {"--heuristic", true},
    {"--weight", true},
    {"--tie-break", true},
    {"--neighbours", true},
    {"--max-iterations", true},
    {"--partial", false},
    {"--smooth", false},
    {"--format", true},
}};

enum class Format { Text, Json };

struct RunConfig {
  std::string level_path;
  SearchOptions options;                 // algorithm, heuristic, weight, tie-break, ...
  bool heuristic_given = false;          // --heuristic was on the command line
  std::optional<Neighbours> neighbours;  // none: the level's own rule
  Format format = Format::Text;
  bool smooth = false;                   // also print the string-pulled path
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

  if (const std::string* v = p.get("--algorithm")) {
    auto a = parse_algorithm_option(*v);
    if (!a) return Error{a.error()};
    cfg.options.algorithm = a.value();
  }
  if (const std::string* v = p.get("--heuristic")) {
    auto h = parse_heuristic_option(*v);
    if (!h) return Error{h.error()};
    cfg.options.heuristic = h.value();
    cfg.heuristic_given = true;
  }
  // Any weight >= 1 is accepted here; the search refuses one given to another algorithm than
  // weighted A* (exit 2, with the search's message).
  if (const std::string* v = p.get("--weight")) {
    auto w = parse_weight_option("--weight", *v);
    if (!w) return Error{w.error()};
    cfg.options.weight = w.value();
  }
  if (const std::string* v = p.get("--tie-break")) {
    auto t = parse_tie_break_option(*v);
    if (!t) return Error{t.error()};
    cfg.options.tie_break = t.value();
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
    cfg.options.max_iterations = n.value();
  }
  cfg.options.partial_path = p.has("--partial");
  cfg.smooth = p.has("--smooth");
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
  std::vector<Cell> path;  // start to goal; with --partial and no path, start to nearest cell
  double cost;             // of `path`; +inf when it is empty
  bool partial;            // not found, but a partial path is printed
  SearchMetrics metrics;
  std::int64_t iterations;
  std::vector<Cell> smoothed;  // with --smooth: string-pulled waypoints of `path`
};

const AlgorithmInfo& algorithm_of(const RunReport& r) { return info(r.cfg->options.algorithm); }

std::string report_text(const RunReport& r) {
  const SearchOptions& o = r.cfg->options;
  const AlgorithmInfo& a = algorithm_of(r);
  const bool has_path = !r.path.empty();
  std::string out;
  out += "level: " + r.cfg->level_path + "\n";
  out += "algorithm: " + std::string(a.name) + "\n";
  out += "guarantee: " + std::string(to_string(a.guarantee)) + "\n";
  out += "heuristic: " + std::string(a.uses_heuristic ? to_string(o.heuristic) : "none") + "\n";
  out += "weight: " + format_cost(o.weight) + "\n";
  out += "tie_break: " + std::string(to_string(o.tie_break)) + "\n";
  out += "neighbours: " + std::string(to_string(r.neighbours)) + "\n";
  out += "outcome: " + std::string(to_string(r.outcome)) + "\n";
  out += "partial: " + std::string(r.partial ? "yes" : "no") + "\n";
  out += "cost: " + (has_path ? format_cost(r.cost) : std::string("none")) + "\n";
  out += "path: " + (has_path ? path_text(r.path) : std::string("none")) + "\n";
  out += "length: " + std::to_string(r.path.size()) + " cells\n";
  out += "iterations: " + std::to_string(r.iterations) + "\n";
  out += "expanded: " + std::to_string(r.metrics.expanded) + "\n";
  out += "generated: " + std::to_string(r.metrics.generated) + "\n";
  if (r.cfg->smooth) {
    const bool has = !r.smoothed.empty();
    out += "smoothed_path: " + (has ? path_text(r.smoothed) : std::string("none")) + "\n";
    out += "smoothed_length: " + (has ? format_cost(waypoint_length(r.smoothed)) : std::string("none")) + "\n";
  }
  return out;
}

std::string report_json(const RunReport& r) {
  const SearchOptions& o = r.cfg->options;
  const AlgorithmInfo& a = algorithm_of(r);
  const bool has_path = !r.path.empty();
  std::string out = "{";
  out += "\"level\":" + json_string(r.cfg->level_path);
  out += ",\"algorithm\":" + json_string(a.name);
  out += ",\"guarantee\":" + json_string(to_string(a.guarantee));
  out += ",\"heuristic\":" +
         (a.uses_heuristic ? json_string(to_string(o.heuristic)) : std::string("null"));
  out += ",\"weight\":" + json_number(o.weight);
  out += ",\"tie_break\":" + json_string(to_string(o.tie_break));
  out += ",\"neighbours\":" + std::string(to_string(r.neighbours));
  out += ",\"outcome\":" + json_string(to_string(r.outcome));
  out += ",\"partial\":" + std::string(r.partial ? "true" : "false");
  out += ",\"cost\":" + (has_path ? json_number(r.cost) : std::string("null"));
  out += ",\"path\":" + path_json(r.path);
  out += ",\"length\":" + std::to_string(r.path.size());
  out += ",\"iterations\":" + std::to_string(r.iterations);
  out += ",\"expanded\":" + std::to_string(r.metrics.expanded);
  out += ",\"generated\":" + std::to_string(r.metrics.generated);
  if (r.cfg->smooth) {
    out += ",\"smoothed_path\":" + path_json(r.smoothed);
    out += ",\"smoothed_length\":" +
           (r.smoothed.empty() ? std::string("null") : json_number(waypoint_length(r.smoothed)));
  }
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

  // One search: it starts Invalid when it cannot run (bad endpoints, an algorithm that does not
  // support the level, a weight given to an algorithm without one), with message() saying why.
  const std::unique_ptr<Search> search = make_search(level, rules, cfg.options);
  if (search->state() != SearchState::Invalid) {
    const AlgorithmInfo& a = info(cfg.options.algorithm);
    if (!a.uses_heuristic && cfg.heuristic_given)
      print_error("note: " + std::string(a.name) + " uses no heuristic; --heuristic is ignored");
    else if (a.uses_heuristic && a.guarantee != Guarantee::None &&
             !admissible(cfg.options.heuristic, rules.neighbours))
      print_error("note: " + std::string(to_string(cfg.options.heuristic)) +
                  " may overestimate with " + std::string(to_string(rules.neighbours)) +
                  " neighbours; the path found may not be the cheapest");
  }
  const SearchState outcome = search->run();

  if (outcome == SearchState::Invalid) {
    const std::string why = search->message().empty() ? level.check_endpoints() : search->message();
    print_error(cfg.level_path + ": " + (why.empty() ? "the search could not start" : why));
    return kExitBadInput;
  }

  std::vector<Cell> path = search->path();
  std::vector<Cell> smoothed = cfg.smooth ? smooth_path(level, path) : std::vector<Cell>{};
  const RunReport report{&cfg,
                         rules.neighbours,
                         outcome,
                         std::move(path),
                         search->path_cost(),
                         search->partial(),
                         search->metrics(),
                         search->iterations(),
                         std::move(smoothed)};
  const std::string text = cfg.format == Format::Json ? report_json(report) : report_text(report);
  if (!write_stdout(text)) {
    print_error("cannot write the output");
    return kExitInternal;
  }
  return outcome == SearchState::Found ? kExitFound : kExitNoPath;
}

std::string run_help() {
  const std::string found(to_string(SearchState::Found));
  const std::string no_path(to_string(SearchState::NoPath));
  const std::string limit(to_string(SearchState::IterationLimit));
  const std::string astar(info(Algorithm::AStar).name);
  const std::string weighted(info(Algorithm::WeightedAStar).name);
  const std::string dijkstra(info(Algorithm::Dijkstra).name);
  const std::string bfs(info(Algorithm::BreadthFirst).name);
  const std::string jps(info(Algorithm::JumpPoint).name);
  const std::string theta(info(Algorithm::ThetaStar).name);
  const std::string bidirectional(info(Algorithm::Bidirectional).name);
  std::string h;
  h += "astar run LEVEL [--algorithm NAME] [--heuristic NAME] [--weight W]\n";
  h += "                [--tie-break NAME] [--neighbours 4|8] [--max-iterations N]\n";
  h += "                [--partial] [--smooth] [--format text|json]\n";
  h += "\n";
  h += "  Searches LEVEL (a level file, \"astar-studio-level\" JSON) from its start to its goal\n";
  h += "  under the level's movement rules, with A* or another algorithm, and prints the\n";
  h += "  outcome, the path, its cost and the search counters to stdout.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --algorithm NAME     the search, one of the algorithms below. Default: " + astar + ".\n";
  h += "  --heuristic NAME     the estimate of the remaining cost, one of\n";
  h += "                       " + join(heuristic_names()) + ".\n";
  h += "                       zero makes A* Dijkstra's. Default: octile.\n";
  h += "                       manhattan may overestimate with 8 neighbours (a note says so).\n";
  h += "                       " + dijkstra + " and " + bfs +
       " use no heuristic (a note says it is ignored).\n";
  h += "  --weight W           the weight w of " + weighted +
       " (f = g + w * h), a finite number\n";
  h += "                       >= 1; the cost found is at most w times the optimum.\n";
  h += "                       Default: 1. Any other algorithm refuses a weight other than\n";
  h += "                       1 (exit 2).\n";
  h += "  --tie-break NAME     which of several open nodes with the same f goes first, one of\n";
  h += "                       " + join(tie_break_names()) + ".\n";
  h += "                       larger-g: nearer the goal; first-in / last-in: the order they\n";
  h += "                       were added in. Default: larger-g.\n";
  h += "  --neighbours 4|8     moves per cell: 4 (straight only) or 8 (straight and diagonal).\n";
  h += "                       Default: the level's own rule. The level's diagonal policy,\n";
  h += "                       climb and drop limits still apply.\n";
  h += "  --max-iterations N   stop after N iterations (N a whole number >= 1).\n";
  h += "                       Default: no limit.\n";
  h += "  --smooth             also print the path string-pulled: the fewest of its cells\n";
  h += "                       joined by straight segments that touch no wall (line of\n";
  h += "                       sight), and the segments' Euclidean length (it ignores cell\n";
  h += "                       costs: a geometric length, not a cost).\n";
  h += "  --partial            when no path is found (" + no_path + " or " + limit + "),\n";
  h += "                       print the path to the reached cell nearest the goal instead\n";
  h += "                       of none (partial: yes). The exit code stays 1. Not supported\n";
  h += "                       by " + bidirectional + " (exit 2).\n";
  h += "  --format text|json   text: one \"key: value\" line per field; json: one object with\n";
  h += "                       the same keys on one line. Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Algorithms (--algorithm NAME; the guarantee holds with an admissible heuristic):\n";
  h += algorithm_table("  ");
  h += "\n";
  h += "  " + weighted + " with --weight 1 is " + astar + ". " + bfs +
       " counts steps and ignores costs.\n";
  h += "  " + jps + " and " + theta +
       " need a uniform-cost level (every cell costs 1, no edge\n";
  h += "  overrides, no climb costs or limits that matter, no collision shapes), 8\n";
  h += "  neighbours and the no-corner-cutting diagonal rule; on any other level they\n";
  h += "  refuse (exit 2, the message says why). " + jps + " prints every cell of its path.\n";
  h += "  " + theta + " is any-angle: its path is its waypoints, consecutive ones in a\n";
  h += "  straight line of sight and possibly far apart, and the cost is their Euclidean\n";
  h += "  length, which can be shorter than any grid path. The waypoints are printed like\n";
  h += "  cells.\n";
  h += "\n";
  h += "Output fields:\n";
  h += "  level        LEVEL as given\n";
  h += "  algorithm    the algorithm's NAME\n";
  h += "  guarantee    what the algorithm guarantees about the cost (table above)\n";
  h += "  heuristic    the heuristic used; none (json: null) for algorithms without one\n";
  h += "  weight       the weight w (1 unless --weight)\n";
  h += "  tie_break    the tie-break used\n";
  h += "  neighbours   4 or 8, as used\n";
  h += "  outcome      " + found + ", " + no_path + " (the goal cannot be reached) or " + limit +
       "\n";
  h += "               (--max-iterations was reached first)\n";
  h += "  partial      yes when the outcome is not " + found +
       " but --partial printed a path,\n";
  h += "               else no (json: true or false)\n";
  h += "  cost         total cost of the path; none (json: null) when no path is printed\n";
  h += "  path         the cells from start to goal as (x,y), 0-based, (0,0) top-left\n";
  h += "               (" + theta + ": the waypoints); with --partial and no path found, from\n";
  h += "               the start to the reached cell nearest the goal; none when no path\n";
  h += "               is printed (json: [[x,y],...], empty when none)\n";
  h += "  length       number of cells on the path (" + theta +
       ": waypoints) (text: \"N cells\";\n";
  h += "               json: a number)\n";
  h += "  iterations   search iterations taken (one open node taken per iteration)\n";
  h += "  expanded     nodes taken from the open set\n";
  h += "  generated    nodes first added to the open set\n";
  h += "  smoothed_path, smoothed_length\n";
  h += "               with --smooth: the string-pulled waypoints and their length\n";
  h += "\n";
  h += "  A search that cannot start exits 2 with \"astar: LEVEL: <reason>\" on stderr: a\n";
  h += "  start or goal outside the level, inside a wall or touching a collision shape, or\n";
  h += "  an algorithm that refuses the level or the options (" + jps +
       " on a level with costs,\n";
  h += "  --weight with " + astar + ", ...).\n";
  return h;
}

}  // namespace astar::cli
