#include "search_args.hpp"

#include <algorithm>
#include <utility>

#include "algorithms.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "number_args.hpp"
#include "output.hpp"

namespace astar::cli {

std::vector<OptionSpec> with_search_options(std::span<const OptionSpec> own,
                                            std::span<const OptionSpec> more) {
  std::vector<OptionSpec> out(kSearchOptionSpecs.begin(), kSearchOptionSpecs.end());
  out.insert(out.end(), kRuleOptionSpecs.begin(), kRuleOptionSpecs.end());
  out.insert(out.end(), own.begin(), own.end());
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

namespace {
// "0,2": shape indices, comma-separated, each listed once.
Result<std::vector<std::uint32_t>> parse_shape_list(const std::string& text) {
  std::vector<std::uint32_t> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    const std::optional<std::uint32_t> v = read_integer<std::uint32_t>(item);
    if (!v || *v >= kMaxShapes)
      return Error{"--ignore-shapes: expected shape indices such as 0,2, got '" + text + "'"};
    if (std::find(out.begin(), out.end(), *v) != out.end())
      return Error{"--ignore-shapes: shape " + item + " is listed twice"};
    out.push_back(*v);
    at = comma + 1;
  }
  return out;
}
}  // namespace

Result<SearchArgs> read_search_args(const ParsedArgs& p, std::string_view command) {
  const std::string cmd(command);
  const std::string see_help = " (see 'astar " + cmd + " --help')";
  SearchArgs out;
  if (p.positionals.empty()) return Error{cmd + ": missing LEVEL argument" + see_help};
  if (p.positionals.size() > 1)
    return Error{cmd + ": unexpected argument '" + p.positionals[1] + "' (only one LEVEL)" +
                 see_help};
  out.level_path = p.positionals.front();
  if (out.level_path.empty()) return Error{cmd + ": LEVEL is an empty file name"};
  for (const OptionSpec& o : kSearchOptionSpecs)
    if (p.has(o.name)) out.given.emplace_back(o.name);

  if (const std::string* v = p.get("--algorithm")) {
    auto a = parse_algorithm_option(*v);
    if (!a) return Error{a.error()};
    out.options.algorithm = a.value();
  }
  if (const std::string* v = p.get("--heuristic")) {
    auto h = parse_heuristic_option(*v);
    if (!h) return Error{h.error()};
    out.options.heuristic = h.value();
    out.heuristic_given = true;
  }
  // Any weight >= 1 is accepted here; the search refuses one given to another algorithm than
  // weighted A* (exit 2, with the search's message).
  if (const std::string* v = p.get("--weight")) {
    auto w = parse_weight_option("--weight", *v);
    if (!w) return Error{w.error()};
    out.options.weight = w.value();
  }
  if (const std::string* v = p.get("--tie-break")) {
    auto t = parse_tie_break_option(*v);
    if (!t) return Error{t.error()};
    out.options.tie_break = t.value();
    out.tie_break_given = true;
  }
  if (const std::string* v = p.get("--neighbours")) {
    if (*v == "4") {
      out.neighbours = Neighbours::Four;
    } else if (*v == "8") {
      out.neighbours = Neighbours::Eight;
    } else {
      return Error{"--neighbours: unknown value '" + *v + "' (expected 4 or 8)"};
    }
  }
  if (const std::string* v = p.get("--max-iterations")) {
    auto n = parse_positive_int("--max-iterations", *v);
    if (!n) return Error{n.error()};
    out.options.max_iterations = n.value();
  }
  if (const std::string* v = p.get("--cluster-size")) {
    auto n = parse_cluster_size_option(*v);
    if (!n) return Error{n.error()};
    out.options.cluster_size = n.value();
  }
  if (p.has("--hpa-smooth")) out.options.hpa_smooth = true;
  if (const std::string* v = p.get("--ignore-shapes")) {
    auto list = parse_shape_list(*v);
    if (!list) return Error{list.error()};
    out.options.ignore_shapes = list.value();
  }
  Result<RuleArgs> rules = read_rule_args(p);
  if (!rules) return Error{rules.error()};
  out.rules = rules.value();
  for (auto [option, to] : {std::pair{"--start", &out.endpoints.start},
                            std::pair{"--goal", &out.endpoints.goal}}) {
    const std::string* v = p.get(option);
    if (v == nullptr) continue;
    Result<Cell> cell = parse_cell_arg(option, *v);
    if (!cell) return Error{cell.error()};
    *to = cell.value();
  }
  return out;
}

void apply_level_preset(SearchArgs& args, const Level& level) {
  SearchPreset p = level.preset;
  auto given = [&](std::string_view name) {
    return std::find(args.given.begin(), args.given.end(), name) != args.given.end();
  };
  if (given("--algorithm")) p.algorithm.reset(), p.weight.reset(), p.budget.reset();
  if (given("--heuristic")) p.heuristic.reset();
  if (given("--weight")) p.weight.reset();
  if (given("--tie-break")) p.tie_break.reset();
  if (given("--max-iterations")) p.max_iterations.reset();
  if (given("--ignore-shapes")) p.ignore_shapes.reset();
  if (given("--cluster-size")) p.cluster_size.reset();
  if (given("--hpa-smooth")) p.hpa_smooth.reset();
  if (p.heuristic) args.heuristic_given = true;
  if (p.tie_break) args.tie_break_given = true;
  // Nobody chose a heuristic: the one the level's cells are measured by (hex on hexes).
  if (!args.heuristic_given) args.options.heuristic = default_heuristic(level.topology());
  args.options = with_preset(args.options, p);
}

Result<Format> read_format(const ParsedArgs& p) {
  const std::string* v = p.get("--format");
  if (v == nullptr || *v == "text") return Format::Text;
  if (*v == "json") return Format::Json;
  return Error{"--format: unknown value '" + *v + "' (expected text or json)"};
}

std::optional<Level> load_level_or_report(const std::string& path) {
  auto loaded = load_level(path);
  if (loaded) return std::move(loaded.value());
  // The loader's messages read "file: field: reason"; make sure the file is named.
  const std::string& msg = loaded.error();
  print_error(msg.find(path) == std::string::npos ? path + ": " + msg : msg);
  return std::nullopt;
}

std::optional<Level> load_level_or_map_or_report(const std::string& path) {
  if (!path.ends_with(".map")) return load_level_or_report(path);
  auto loaded = load_movingai_map(path);
  if (loaded) return std::move(loaded.value());
  const std::string& msg = loaded.error();
  print_error(msg.find(path) == std::string::npos ? path + ": " + msg : msg);
  return std::nullopt;
}

std::optional<Level> load_search_level(SearchArgs& args) {
  std::optional<Level> level = load_level_or_map_or_report(args.level_path);
  if (!level) return std::nullopt;
  const EndpointArgs& e = args.endpoints;
  if (args.level_path.ends_with(".map") && (!e.start || !e.goal)) {
    print_error(args.level_path + ": a MovingAI map has no start or goal of its own: give " +
                "--start X,Y and --goal X,Y");
    return std::nullopt;
  }
  if (Status ok = override_endpoints(*level, e); !ok) {
    print_error(args.level_path + ": " + ok.error());
    return std::nullopt;
  }
  if (const std::string why = check_square_only_options(args, *level); !why.empty()) {
    print_error(args.level_path + ": " + why);
    return std::nullopt;
  }
  apply_level_preset(args, *level);
  return level;
}

std::string check_square_only_options(const SearchArgs& args, const Level& level) {
  if (!level.is_hex()) return {};
  const std::string topology(to_string(level.topology()));
  if (args.neighbours)
    return "--neighbours does not apply to hex levels: every hex has six neighbours (this level "
           "is " + topology + ")";
  if (args.rules.diagonal)
    return "--diagonal does not apply to hex levels: hexes have no diagonal steps (this level "
           "is " + topology + ")";
  return {};
}

MovementRules rules_for(const Level& level, const SearchArgs& args) {
  MovementRules rules = level.rules();
  if (args.neighbours) rules.neighbours = *args.neighbours;
  apply_rule_args(args.rules, rules);
  return rules;
}

void print_search_notes(const SearchArgs& args, const MovementRules& rules, Topology topology) {
  const AlgorithmInfo& a = info(args.options.algorithm);
  if (!a.uses_heuristic && args.heuristic_given)
    print_error("note: " + std::string(a.name) + " uses no heuristic; --heuristic is ignored");
  else if (!guarantee_holds(args.options.algorithm, args.options.heuristic, rules.neighbours,
                            topology))
    print_error("note: " + std::string(to_string(args.options.heuristic)) +
                " may overestimate with " + std::string(to_string(rules.neighbours)) +
                " neighbours; the path found may not be the cheapest");
  if (!a.takes_tie_break && args.tie_break_given)
    print_error("note: " + std::string(a.name) +
                " takes nodes first in, first out; --tie-break is ignored");
}

std::unique_ptr<Search> run_search(const SearchArgs& args, const Level& level,
                                   const MovementRules& rules, TraceRecorder* recorder) {
  // The search starts Invalid when it cannot run (bad endpoints, an algorithm that does not
  // support the level, a weight given to an algorithm without one), with message() saying why.
  std::unique_ptr<Search> search = make_search(level, rules, args.options, recorder);
  if (recorder) recorder->attach(*search);
  if (search->state() != SearchState::Invalid) print_search_notes(args, rules, level.topology());
  if (search->run() != SearchState::Invalid) return search;
  const std::string why = search->message().empty() ? level.check_endpoints() : search->message();
  print_error(args.level_path + ": " + (why.empty() ? "the search could not start" : why));
  return nullptr;
}

int write_output(std::string_view text, int code) {
  if (write_stdout(text)) return code;
  print_error("cannot write the output");
  return kExitInternal;
}

std::string endpoint_options_help() {
  std::string h;
  h += "  --start X,Y          the cell the search starts from, over the level's own start:\n";
  h += "                       X the column and Y the row, counted from 0 at the top left\n";
  h += "                       (as MovingAI .scen files count them). Refused (exit 2) when\n";
  h += "                       outside the level, inside a wall or on a blocking agent.\n";
  h += "  --goal X,Y           the cell it searches for, over the level's own goal; as\n";
  h += "                       --start. LEVEL may be a MovingAI .map, which has no start or\n";
  h += "                       goal: then give both.\n";
  return h;
}

std::string search_options_help() {
  const std::string astar(info(Algorithm::AStar).name);
  const std::string weighted(info(Algorithm::WeightedAStar).name);
  const std::string dijkstra(info(Algorithm::Dijkstra).name);
  const std::string bfs(info(Algorithm::BreadthFirst).name);
  std::string h;
  h += "  --algorithm NAME     the search, one of the algorithms below. Default: " + astar + ".\n";
  h += "  --heuristic NAME     the estimate of the remaining cost, one of\n";
  h += "                       " + join(heuristic_names()) + ".\n";
  h += "                       zero makes A* Dijkstra's. Default: octile; on hex levels\n";
  h += "                       hex (the square heuristics are refused there).\n";
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
  h += "                       were added in. Default: larger-g. " + bfs + " is first in,\n";
  h += "                       first out (a note says a tie-break is ignored).\n";
  h += "  --neighbours 4|8     moves per cell: 4 (straight only) or 8 (straight and diagonal).\n";
  h += "                       Default: the level's own rule. The level's other rules still\n";
  h += "                       apply, but for those the options below override. Refused\n";
  h += "                       on hex levels, whose cells have six neighbours.\n";
  h += "  --max-iterations N   stop after N iterations (N a whole number >= 1).\n";
  h += "                       Default: no limit.\n";
  h += "  --cluster-size N     hpa-star's clusters: N x N cells, N 4..256. Default: 16.\n";
  h += "  --hpa-smooth         hpa-star: a last step re-searches the refined path inside\n";
  h += "                       the clusters it crosses (never dearer). Default: off.\n";
  h += "  --ignore-shapes I,J  shapes (indices into the level's \"shapes\") this search's\n";
  h += "                       rays leave out, such as the agent's own body on the start.\n";
  h += "                       Default: the level's search.ignore_shapes, else none.\n";
  h += rule_options_help();
  return h;
}

}  // namespace astar::cli
