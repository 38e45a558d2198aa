// astar run LEVEL: one search (A*, Dijkstra, JPS, Theta*, ...) on a level file, printed as text or
// JSON.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/level.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 5> kRunOwnOptions{{
    {"--partial", false},
    {"--smooth", false},
    {"--smooth-costs", true},
    {"--actions", false},
    {"--format", true},
}};

struct RunConfig {
  SearchArgs search;     // LEVEL, algorithm, heuristic, weight, tie-break, ...
  Format format = Format::Text;
  bool smooth = false;                   // also print the string-pulled path
  SmoothOptions smooth_options;          // --smooth-costs: respect (the default) or ignore
  bool actions = false;                  // print each step's action even when all are walks
};

Result<RunConfig> parse_run_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, with_search_options(kRunOwnOptions, kEndpointOptionSpecs));
  if (!parsed) return Error{"run: " + parsed.error() + " (see 'astar run --help')"};
  const ParsedArgs& p = parsed.value();

  RunConfig cfg;
  auto search = read_search_args(p, "run");
  if (!search) return Error{search.error()};
  cfg.search = std::move(search.value());
  cfg.search.options.partial_path = p.has("--partial");
  cfg.smooth = p.has("--smooth");
  if (const std::string* v = p.get("--smooth-costs")) {
    if (*v != "respect" && *v != "ignore")
      return Error{"run: --smooth-costs: unknown value '" + *v + "' (expected respect or ignore)"};
    cfg.smooth_options.respect_costs = *v == "respect";
    cfg.smooth = true;
  }
  auto format = read_format(p);
  if (!format) return Error{format.error()};
  cfg.format = format.value();
  cfg.actions = p.has("--actions");
  return cfg;
}

struct RunReport {
  const RunConfig* cfg;
  Neighbours neighbours;
  Topology topology;
  SearchState outcome;
  std::vector<Cell> path;  // start to goal; with --partial and no path, start to nearest cell
  double cost;             // of `path`; +inf when it is empty
  bool partial;            // not found, but a partial path is printed
  SearchMetrics metrics;
  std::int64_t iterations;
  std::vector<Cell> smoothed;  // with --smooth: string-pulled waypoints of `path`
  std::optional<double> smoothed_cost;  // of `smoothed` (smoothing.hpp); nullopt: none
  // The action of each step of `path`, when printed (--actions, or a step that is not a walk);
  // nullopt when not printed. Empty when the steps are not moves (Theta*'s waypoints).
  std::optional<std::vector<MoveAction>> actions;
  // With action ranks on: the path's cost split into rank points and distance (moves.hpp).
  std::optional<RankedCost> ranked;
};

// "walk, climb, jump across": names may hold spaces, so a comma separates them.
std::string actions_text(const std::vector<MoveAction>& actions) {
  std::string out;
  for (MoveAction a : actions) out += (out.empty() ? "" : ", ") + std::string(to_string(a));
  return out;
}

std::string actions_json(const std::vector<MoveAction>& actions) {
  std::string out = "[";
  for (std::size_t i = 0; i < actions.size(); ++i)
    out += (i ? "," : "") + json_string(to_string(actions[i]));
  return out + "]";
}

const AlgorithmInfo& algorithm_of(const RunReport& r) { return info(r.cfg->search.options.algorithm); }

// False when the heuristic can overestimate under the moves searched, so the algorithm's
// guarantee (A*'s optimal path, weighted A*'s bound) does not hold for this run.
bool holds(const RunReport& r) {
  const SearchOptions& o = r.cfg->search.options;
  return guarantee_holds(o.algorithm, o.heuristic, r.neighbours, r.topology);
}

std::string report_text(const RunReport& r) {
  const SearchOptions& o = r.cfg->search.options;
  const AlgorithmInfo& a = algorithm_of(r);
  const bool has_path = !r.path.empty();
  std::string out;
  out += "level: " + r.cfg->search.level_path + "\n";
  out += "algorithm: " + std::string(a.name) + "\n";
  out += "guarantee: " + std::string(to_string(a.guarantee)) + "\n";
  out += "guarantee_holds: " + std::string(holds(r) ? "yes" : "no") + "\n";
  out += "heuristic: " + std::string(a.uses_heuristic ? to_string(o.heuristic) : "none") + "\n";
  out += "weight: " + format_cost(o.weight) + "\n";
  out += "tie_break: " + std::string(to_string(normalize(o).tie_break)) + "\n";  // as it ran
  out += "neighbours: " + std::string(neighbours_text(r.topology, r.neighbours)) + "\n";
  out += "outcome: " + std::string(to_string(r.outcome)) + "\n";
  out += "partial: " + std::string(r.partial ? "yes" : "no") + "\n";
  out += "cost: " + (has_path ? format_cost(r.cost) : std::string("none")) + "\n";
  if (r.ranked) {
    out += "rank_points: " + std::to_string(r.ranked->points) + "\n";
    out += "distance: " + format_cost(r.ranked->distance.value()) + "\n";
  }
  out += "path: " + (has_path ? path_text(r.path) : std::string("none")) + "\n";
  out += "length: " + std::to_string(r.path.size()) + " cells\n";
  out += "iterations: " + std::to_string(r.iterations) + "\n";
  out += "expanded: " + std::to_string(r.metrics.expanded) + "\n";
  out += "generated: " + std::to_string(r.metrics.generated) + "\n";
  if (r.actions)
    out += "actions: " + (r.actions->empty() ? std::string("none") : actions_text(*r.actions)) + "\n";
  if (r.cfg->smooth) {
    const bool has = !r.smoothed.empty();
    out += "smoothed_path: " + (has ? path_text(r.smoothed) : std::string("none")) + "\n";
    out += "smoothed_length: " + (has ? format_cost(waypoint_length(r.smoothed)) : std::string("none")) + "\n";
    out += "smoothed_cost: " +
           (r.smoothed_cost ? format_cost(*r.smoothed_cost) : std::string("none")) + "\n";
  }
  return out;
}

std::string report_json(const RunReport& r) {
  const SearchOptions& o = r.cfg->search.options;
  const AlgorithmInfo& a = algorithm_of(r);
  const bool has_path = !r.path.empty();
  std::string out = "{";
  out += "\"level\":" + json_string(r.cfg->search.level_path);
  out += ",\"algorithm\":" + json_string(a.name);
  out += ",\"guarantee\":" + json_string(to_string(a.guarantee));
  out += ",\"guarantee_holds\":" + std::string(holds(r) ? "true" : "false");
  out += ",\"heuristic\":" +
         (a.uses_heuristic ? json_string(to_string(o.heuristic)) : std::string("null"));
  out += ",\"weight\":" + json_number(o.weight);
  out += ",\"tie_break\":" + json_string(to_string(normalize(o).tie_break));
  out += ",\"neighbours\":" + std::string(neighbours_text(r.topology, r.neighbours));
  out += ",\"outcome\":" + json_string(to_string(r.outcome));
  out += ",\"partial\":" + std::string(r.partial ? "true" : "false");
  out += ",\"cost\":" + (has_path ? json_number(r.cost) : std::string("null"));
  if (r.ranked) {
    out += ",\"rank_points\":" + std::to_string(r.ranked->points);
    out += ",\"distance\":" + json_number(r.ranked->distance.value());
  }
  out += ",\"path\":" + path_json(r.path);
  out += ",\"length\":" + std::to_string(r.path.size());
  out += ",\"iterations\":" + std::to_string(r.iterations);
  out += ",\"expanded\":" + std::to_string(r.metrics.expanded);
  out += ",\"generated\":" + std::to_string(r.metrics.generated);
  if (r.actions)
    out += ",\"actions\":" + (r.path.empty() || (r.actions->empty() && r.path.size() > 1)
                                  ? std::string("null")
                                  : actions_json(*r.actions));
  if (r.cfg->smooth) {
    out += ",\"smoothed_path\":" + path_json(r.smoothed);
    out += ",\"smoothed_length\":" +
           (r.smoothed.empty() ? std::string("null") : json_number(waypoint_length(r.smoothed)));
    out += ",\"smoothed_cost\":" +
           (r.smoothed_cost ? json_number(*r.smoothed_cost) : std::string("null"));
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
  RunConfig& cfg = parsed.value();

  const std::optional<Level> loaded = load_search_level(cfg.search);
  if (!loaded) return kExitBadInput;
  const Level& level = *loaded;
  if (level.preset.smooth) cfg.smooth = cfg.smooth || *level.preset.smooth;
  if (cfg.smooth && level.is_hex()) {
    print_error(cfg.search.level_path + ": " + std::string(kHexSmoothingRefusal));
    return kExitBadInput;
  }
  const MovementRules rules = rules_for(level, cfg.search);
  const std::unique_ptr<Search> search = run_search(cfg.search, level, rules);
  if (!search) return kExitBadInput;
  const SearchState outcome = search->state();

  std::vector<Cell> path = search->path();
  const MovePolicy policy(level, rules);
  // Shortcuts only where the agent may walk under the level's rules and, unless --smooth-costs
  // ignore, where they cost no more than the moves they replace; jumps stay waypoints.
  std::vector<Cell> smoothed =
      cfg.smooth ? smooth_path(policy, path, cfg.smooth_options) : std::vector<Cell>{};
  const std::optional<double> smoothed_price =
      smoothed.empty() ? std::nullopt : smoothed_cost(policy, path, smoothed);
  std::optional<std::vector<MoveAction>> actions;
  if (!path.empty()) {
    std::vector<MoveAction> steps = path_actions(policy, path);
    const bool all_walks = std::all_of(steps.begin(), steps.end(),
                                       [](MoveAction a) { return a == MoveAction::Walk; });
    if (cfg.actions || !all_walks) actions = std::move(steps);
  } else if (cfg.actions) {
    actions.emplace();
  }
  const std::optional<RankedCost> ranked = ranked_path_cost(policy, path);  // before the move
  const RunReport report{&cfg,
                         rules.neighbours,
                         level.topology(),
                         outcome,
                         std::move(path),
                         search->path_cost(),
                         search->partial(),
                         search->metrics(),
                         search->iterations(),
                         std::move(smoothed),
                         smoothed_price,
                         std::move(actions),
                         ranked};
  return write_output(cfg.format == Format::Json ? report_json(report) : report_text(report),
                      outcome == SearchState::Found || outcome == SearchState::RangeComplete
                          ? kExitFound
                          : kExitNoPath);
}

namespace {
// run --help's algorithm table and what to know about some of them.
std::string algorithms_help() {
  const std::string astar(info(Algorithm::AStar).name);
  const std::string weighted(info(Algorithm::WeightedAStar).name);
  const std::string bfs(info(Algorithm::BreadthFirst).name);
  const std::string jps(info(Algorithm::JumpPoint).name);
  const std::string theta(info(Algorithm::ThetaStar).name);
  const std::string flow(info(Algorithm::FlowField).name);
  std::string h;
  h += "Algorithms (--algorithm NAME; the guarantee holds with an admissible heuristic):\n";
  h += algorithm_table("  ");
  h += "\n";
  h += "  " + weighted + " with --weight 1 is " + astar + ". " + bfs +
       " counts steps and ignores costs.\n";
  h += "  " + jps + " and " + theta +
       " need a uniform-cost level (every cell costs 1, no edge\n";
  h += "  overrides, no climb costs or limits that matter, no jumps, no collision\n";
  h += "  shapes), 8 neighbours and the no-corner-cutting diagonal rule; on any other level\n";
  h += "  they refuse (exit 2, the message says why). " + jps + " prints every cell of its\n";
  h += "  path. " + theta + " is any-angle: its path is its waypoints, consecutive ones in a\n";
  h += "  straight line of sight and possibly far apart, and the cost is their Euclidean\n";
  h += "  length, which can be shorter than any grid path. The waypoints are printed like\n";
  h += "  cells. " + flow + " settles every cell that can reach the goal, from the goal (g is\n";
  h += "  the cost to the goal), in order of cost, equal costs by row, then column; its\n";
  h += "  path is the flow followed from the start, so iterations count the whole level.\n";
  h += "\n";
  return h;
}
}  // namespace

std::string run_help() {
  const std::string found(to_string(SearchState::Found));
  const std::string no_path(to_string(SearchState::NoPath));
  const std::string limit(to_string(SearchState::IterationLimit));
  const std::string astar(info(Algorithm::AStar).name);
  const std::string bfs(info(Algorithm::BreadthFirst).name);
  const std::string jps(info(Algorithm::JumpPoint).name);
  const std::string theta(info(Algorithm::ThetaStar).name);
  const std::string bidirectional(info(Algorithm::Bidirectional).name);
  const std::string flow(info(Algorithm::FlowField).name);
  std::string h;
  h += "astar run LEVEL [--start X,Y] [--goal X,Y]\n";
  h += "                [--algorithm NAME] [--heuristic NAME] [--weight W]\n";
  h += "                [--tie-break NAME] [--neighbours 4|8] [--max-iterations N]\n";
  h += "                [--diagonal NAME] [--max-climb N|any] [--max-drop N|any]\n";
  h += "                [--jump-up N] [--jump-down N] [--jump-gap N] [--agent-radius R]\n";
  h += "                [--step-length flat|3d] [--ranks on|off] [--ignore-shapes I,J]\n";
  h += "                [--partial] [--smooth] [--smooth-costs respect|ignore]\n";
  h += "                [--actions] [--format text|json]\n";
  h += "\n";
  h += "  Searches LEVEL (a level file, \"astar-studio-level\" JSON, or a MovingAI .map with\n";
  h += "  --start and --goal) from its start to its goal under the level's movement rules,\n";
  h += "  with A* or another algorithm, and prints the outcome, the path, its cost and the\n";
  h += "  search counters to stdout.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += endpoint_options_help();
  h += search_options_help();
  h += "  --smooth             also print the path string-pulled: the fewest of its cells\n";
  h += "                       joined by straight segments that touch no wall (line of\n";
  h += "                       sight) and that the rules let an agent walk (no climb or\n";
  h += "                       drop beyond the limits, no blocked edge; both ends of every\n";
  h += "                       jump are kept), their Euclidean length and their cost.\n";
  h += "  --smooth-costs respect|ignore\n";
  h += "                       respect (the default): a shortcut is taken only when its\n";
  h += "                       segment costs no more than the moves it replaces (within a\n";
  h += "                       relative 1e-9), so smoothed_cost <= cost. Like a move, a\n";
  h += "                       segment pays for the cells it enters: the length of its line\n";
  h += "                       in each cell after the first times the cell's cost (the last\n";
  h += "                       cell counted whole), plus climb and drop costs; it never\n";
  h += "                       crosses an edge with an override. ignore: any walkable\n";
  h += "                       shortcut, whatever it costs. Implies --smooth.\n";
  h += "  --actions            print each step's action (walk, climb, drop, jump up, jump\n";
  h += "                       down, jump across) even when every step is a walk.\n";
  h += "  --partial            when no path is found (" + no_path + " or " + limit + "),\n";
  h += "                       print the path to the reached cell nearest the goal instead\n";
  h += "                       of none (partial: yes). The exit code stays 1. Not supported\n";
  h += "                       by " + bidirectional + " (exit 2).\n";
  h += "  --format text|json   text: one \"key: value\" line per field; json: one object with\n";
  h += "                       the same keys on one line. Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += algorithms_help();
  h += "Output fields:\n";
  h += "  level        LEVEL as given\n";
  h += "  algorithm    the algorithm's NAME\n";
  h += "  guarantee    what the algorithm guarantees about the cost (table above)\n";
  h += "  guarantee_holds\n";
  h += "               no when the heuristic can overestimate under the neighbours used\n";
  h += "               (manhattan with 8), so the guarantee does not hold for this run:\n";
  h += "               the path may cost more than it promises; else yes (json: true or\n";
  h += "               false)\n";
  h += "  heuristic    the heuristic used; none (json: null) for algorithms without one\n";
  h += "  weight       the weight w (1 unless --weight)\n";
  h += "  tie_break    the tie-break used: whatever was given, but first-in for " + bfs + " and\n";
  h += "               " + flow + ", which take none (" + flow + ": by row, then column)\n";
  h += "  neighbours   4 or 8, as used (6 on hex levels)\n";
  h += "  outcome      " + found + ", " + no_path + " (the goal cannot be reached) or " + limit +
       "\n";
  h += "               (--max-iterations was reached first)\n";
  h += "  partial      yes when the outcome is not " + found +
       " but --partial printed a path,\n";
  h += "               else no (json: true or false)\n";
  h += "  cost         total cost of the path; none (json: null) when no path is printed\n";
  h += "  rank_points, distance\n";
  h += "               with action ranks on (the level's rules.ranks, or --ranks on): the\n";
  h += "               cost split into the path's rank points and its distance\n";
  h += "  path         the cells from start to goal as (x,y), 0-based, (0,0) top-left\n";
  h += "               (" + theta + ": the waypoints); with --partial and no path found, from\n";
  h += "               the start to the reached cell nearest the goal; none when no path\n";
  h += "               is printed (json: [[x,y],...], empty when none). Consecutive cells\n";
  h += "               are neighbours, except that a jump across goes straight to its\n";
  h += "               landing cell, over the gap\n";
  h += "  length       number of cells on the path (" + theta +
       ": waypoints) (text: \"N cells\";\n";
  h += "               json: a number)\n";
  h += "  iterations   search iterations taken (one open node taken per iteration)\n";
  h += "  expanded     nodes taken from the open set\n";
  h += "  generated    nodes first added to the open set\n";
  h += "  actions      the action of each step of the path, in order, comma-separated\n";
  h += "               (json: an array of names): walk, climb, drop, jump up, jump down,\n";
  h += "               jump across. Printed when a step is not a walk, or with --actions;\n";
  h += "               none (json: null) when no path is printed or the steps are not\n";
  h += "               moves (" + theta + "'s waypoints; json: [] for a one-cell path)\n";
  h += "  smoothed_path, smoothed_length, smoothed_cost\n";
  h += "               with --smooth: the string-pulled waypoints, their length and\n";
  h += "               their cost (a leg that is one step of the path costs that move);\n";
  h += "               none (json: null) without a path, or when --smooth-costs ignore\n";
  h += "               took a segment across an edge override (it has no cost)\n";
  h += "\n";
  h += "  A search that cannot start exits 2 with \"astar: LEVEL: <reason>\" on stderr: a\n";
  h += "  start or goal outside the level, inside a wall or touching a collision shape, or\n";
  h += "  an algorithm that refuses the level or the options (" + jps +
       " on a level with costs,\n";
  h += "  --weight with " + astar + ", ...).\n";
  return h;
}

}  // namespace astar::cli
