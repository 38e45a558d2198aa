// astar compare LEVEL: two to four searches on one level (astar::Comparison), one row each:
// outcome, iterations, expanded, generated, open-set peak, path cost and cells, and the time of
// running it to its end.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/compare.hpp"
#include "astar/search.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

// The search options, with those that may differ per entry repeatable, then compare's own.
std::vector<OptionSpec> compare_specs() {
  std::vector<OptionSpec> specs = with_search_options(std::array<OptionSpec, 2>{{
      {"--algorithms", true},
      {"--format", true},
  }});
  for (OptionSpec& s : specs)
    s.repeatable = s.name == "--algorithm" || s.name == "--heuristic" || s.name == "--weight" ||
                   s.name == "--tie-break";
  return specs;
}

struct CompareConfig {
  SearchArgs shared;              // LEVEL, --neighbours, --max-iterations
  std::vector<SearchArgs> entries;  // one per algorithm: its options, and whether --heuristic was given
  Format format = Format::Text;
};

// A --weight given to every entry (before the first --algorithm, or with --algorithms) goes to
// the weighted-astar entries only; one given after an --algorithm goes to that entry, which
// refuses it unless it is weighted-astar.
void add_entry(CompareConfig& cfg, const SearchArgs& defaults, Algorithm a) {
  SearchArgs e = defaults;
  e.options.algorithm = a;
  if (!info(a).takes_weight) e.options.weight = 1.0;
  cfg.entries.push_back(std::move(e));
}

Result<CompareConfig> parse_compare_args(std::span<const std::string> args) {
  const std::string see_help = " (see 'astar compare --help')";
  auto parsed = parse_args(args, compare_specs());
  if (!parsed) return Error{"compare: " + parsed.error() + see_help};
  const ParsedArgs& p = parsed.value();

  CompareConfig cfg;
  auto shared = read_search_args(p, "compare");  // LEVEL, and every value checked once
  if (!shared) return Error{shared.error()};
  cfg.shared = std::move(shared.value());
  auto format = read_format(p);
  if (!format) return Error{format.error()};
  cfg.format = format.value();

  // Walk the options in order: --algorithm starts an entry, and the per-entry options after it
  // are its own; those before the first --algorithm are every entry's.
  SearchArgs defaults = cfg.shared;
  defaults.options = SearchOptions{.max_iterations = cfg.shared.options.max_iterations,
                                   .ignore_shapes = cfg.shared.options.ignore_shapes};
  defaults.heuristic_given = false;
  defaults.tie_break_given = false;
  std::vector<std::string> given;  // per-entry options given to the current entry
  for (const auto& [name, value] : p.sequence) {
    if (name == "--algorithm") {
      auto a = parse_algorithm_option(value);
      if (!a) return Error{a.error()};
      add_entry(cfg, defaults, a.value());
      given.clear();
      continue;
    }
    if (name != "--heuristic" && name != "--weight" && name != "--tie-break") continue;
    SearchArgs& target = cfg.entries.empty() ? defaults : cfg.entries.back();
    if (std::find(given.begin(), given.end(), name) != given.end())
      return Error{"compare: " + name + " given twice for " +
                   (cfg.entries.empty()
                        ? std::string("every algorithm")
                        : "--algorithm " + std::string(info(target.options.algorithm).name)) +
                   see_help};
    given.push_back(name);
    if (name == "--heuristic") {
      auto h = parse_heuristic_option(value);
      if (!h) return Error{h.error()};
      target.options.heuristic = h.value();
      target.heuristic_given = true;
    } else if (name == "--weight") {
      auto w = parse_weight_option(name, value);
      if (!w) return Error{w.error()};
      target.options.weight = w.value();
    } else {
      auto t = parse_tie_break_option(value);
      if (!t) return Error{t.error()};
      target.options.tie_break = t.value();
      target.tie_break_given = true;
    }
  }

  if (const std::string* list = p.get("--algorithms")) {
    if (!cfg.entries.empty())
      return Error{"compare: --algorithms and --algorithm cannot be combined" + see_help};
    std::size_t at = 0;
    while (at <= list->size()) {
      const std::size_t comma = std::min(list->find(',', at), list->size());
      const std::string name = list->substr(at, comma - at);
      const auto a = parse_algorithm(name);
      if (!a)
        return Error{"--algorithms: unknown algorithm '" + name + "' (expected " +
                     join(algorithm_names()) + ")"};
      add_entry(cfg, defaults, *a);
      at = comma + 1;
    }
  }
  if (cfg.entries.size() < Comparison::kMinEntries || cfg.entries.size() > Comparison::kMaxEntries)
    return Error{"compare: give 2 to 4 algorithms (--algorithm NAME, once each, or --algorithms "
                 "A,B,...), got " + std::to_string(cfg.entries.size()) + see_help};
  return cfg;
}

std::string weight_text(const SearchOptions& o) { return format_cost(o.weight); }

std::string heuristic_text(const SearchOptions& o) {
  return info(o.algorithm).uses_heuristic ? std::string(to_string(o.heuristic)) : "none";
}

// A header line, then per entry: algorithm, heuristic, weight and compare_cells() but its label.
std::string compare_text(const CompareConfig& cfg, const std::vector<CompareRow>& rows) {
  std::string out = "algorithm\theuristic\tweight";
  for (std::size_t c = 1; c < compare_columns().size(); ++c) out += "\t" + std::string(compare_columns()[c]);
  out += "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SearchOptions& o = cfg.entries[i].options;
    out += std::string(info(o.algorithm).name) + "\t" + heuristic_text(o) + "\t" + weight_text(o);
    const std::vector<std::string> cells = compare_cells(rows[i]);
    for (std::size_t c = 1; c < cells.size(); ++c) out += "\t" + cells[c];
    out += "\n";
  }
  return out;
}

std::string compare_json(const CompareConfig& cfg, const std::vector<CompareRow>& rows) {
  std::string out = "{\"level\":" + json_string(cfg.shared.level_path) + ",\"rows\":[";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& r = rows[i];
    const SearchOptions& o = cfg.entries[i].options;
    const bool has_path = r.path_cells > 0;
    out += i ? ",\n" : "\n";
    out += "{\"algorithm\":" + json_string(info(o.algorithm).name);
    out += ",\"label\":" + json_string(r.label);
    out += ",\"heuristic\":" + (info(o.algorithm).uses_heuristic ? json_string(to_string(o.heuristic)) : "null");
    out += ",\"weight\":" + json_number(o.weight);
    out += ",\"tie_break\":" + json_string(to_string(normalize(o).tie_break));  // as it ran
    out += ",\"outcome\":" + json_string(to_string(r.state));
    out += ",\"message\":" + (r.message.empty() ? std::string("null") : json_string(r.message));
    out += ",\"iterations\":" + std::to_string(r.iterations);
    out += ",\"expanded\":" + std::to_string(r.expanded);
    out += ",\"generated\":" + std::to_string(r.generated);
    out += ",\"open_peak\":" + std::to_string(r.open_peak);
    out += ",\"cost\":" + (has_path ? json_number(r.path_cost) : std::string("null"));
    out += ",\"cells\":" + std::to_string(r.path_cells);
    out += ",\"ms\":" + json_number(r.ms.value_or(0.0)) + "}";
  }
  return out + "\n]}\n";
}

}  // namespace

int compare_command(std::span<const std::string> args) {
  auto parsed = parse_compare_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  CompareConfig& cfg = parsed.value();
  const std::optional<Level> loaded = load_level_or_report(cfg.shared.level_path);
  if (!loaded) return kExitBadInput;
  const Level& level = *loaded;
  if (const std::string why = check_square_only_options(cfg.shared, level); !why.empty()) {
    print_error(cfg.shared.level_path + ": " + why);
    return kExitBadInput;
  }
  for (SearchArgs& e : cfg.entries)  // nobody chose one: the level's own (hex on hexes)
    if (!e.heuristic_given) e.options.heuristic = default_heuristic(level.topology());
  const MovementRules rules = rules_for(level, cfg.shared);

  std::vector<CompareEntry> entries;
  for (const SearchArgs& e : cfg.entries) entries.push_back({.options = e.options, .rules = rules});
  auto made = Comparison::make(level, std::move(entries));
  if (!made) {  // the count was checked above: only an internal error gets here
    print_error(made.error());
    return kExitInternal;
  }
  Comparison& comparison = made.value();
  // Notes for the entries that can run; the reason for each that cannot.
  int code = kExitFound;
  for (std::size_t i = 0; i < comparison.size(); ++i) {
    const Search& s = comparison.search(i);
    if (s.state() != SearchState::Invalid) {
      print_search_notes(cfg.entries[i], rules, level.topology());
      continue;
    }
    const std::string why = s.message().empty() ? level.check_endpoints() : s.message();
    print_error(cfg.shared.level_path + ": " + std::string(info(comparison.entry(i).options.algorithm).name) + ": " +
                (why.empty() ? "the search could not start" : why));
    code = kExitBadInput;
  }
  comparison.run_all();
  comparison.measure_times();
  const std::vector<CompareRow> rows = comparison.rows();
  for (const CompareRow& r : rows)
    if (code == kExitFound && r.state != SearchState::Found) code = kExitNoPath;
  return write_output(cfg.format == Format::Json ? compare_json(cfg, rows) : compare_text(cfg, rows),
                      code);
}

std::string compare_help() {
  std::string h;
  h += "astar compare LEVEL (--algorithm NAME [--heuristic NAME] [--weight W]\n";
  h += "                     [--tie-break NAME])... | --algorithms A,B[,C[,D]]\n";
  h += "                    [--neighbours 4|8] [--max-iterations N] [--format text|json]\n";
  h += "                    [--diagonal NAME] [--max-climb N|any] [--max-drop N|any]\n";
  h += "                    [--jump-up N] [--jump-down N] [--jump-gap N] [--agent-radius R]\n";
  h += "                    [--step-length flat|3d] [--ranks on|off] [--ignore-shapes I,J]\n";
  h += "\n";
  h += "  Runs two to four searches on LEVEL, each to its end, and prints one row per\n";
  h += "  search: its outcome, iterations, nodes expanded and generated, the largest open\n";
  h += "  set it had, the path's cost and cells, and the time it takes to run to the end.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --algorithm NAME     a search to compare (2 to 4 of them; the same one may come\n";
  h += "                       twice with other settings). --heuristic, --weight and\n";
  h += "                       --tie-break after it are its own (each at most once);\n";
  h += "                       given before the first --algorithm, they are every\n";
  h += "                       search's. A --weight for every search goes to the\n";
  h += "                       weighted-astar ones only; one given after another\n";
  h += "                       algorithm is refused by it (as in 'astar run').\n";
  h += "  --algorithms A,B,... the searches as one comma-separated list (2 to 4 names), with\n";
  h += "                       the settings given once for all. Not with --algorithm.\n";
  h += "  --heuristic NAME     " + join(heuristic_names()) + ". Default: octile (hex\n";
  h += "                       on hex levels).\n";
  h += "  --weight W           weighted-astar's w, a finite number >= 1. Default: 1.\n";
  h += "  --tie-break NAME     " + join(tie_break_names()) + ".\n";
  h += "                       Default: larger-g.\n";
  h += "  --neighbours 4|8     for every search. Default: the level's own rule.\n";
  h += "  --max-iterations N   for every search. Default: no limit.\n";
  h += rule_options_help();
  h += "  --format text|json   text: a header line, then one tab-separated row per search\n";
  h += "                       in the order given; json: {\"level\": LEVEL, \"rows\": [...]},\n";
  h += "                       one object per search with the same fields (and label,\n";
  h += "                       tie_break, message: why it was refused, or null). Default:\n";
  h += "                       text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Columns:\n";
  h += "  algorithm    the algorithm's NAME\n";
  h += "  heuristic    the heuristic; none (json: null) for algorithms without one\n";
  h += "  weight       w (1 but for weighted-astar)\n";
  h += "  outcome      found, no-path, iteration-limit, or invalid: the search refused\n";
  h += "               the level or its options (the reason goes to stderr; exit 2)\n";
  h += "  iterations   iterations taken (one open node taken per iteration)\n";
  h += "  expanded     nodes taken from the open set\n";
  h += "  generated    nodes first added to the open set\n";
  h += "  open_peak    the largest the open set was during the search\n";
  h += "  cost         the path's cost; none (json: null) without a path\n";
  h += "  cells        cells on the path (theta: waypoints); none (json: 0) without one\n";
  h += "  ms           milliseconds to make the search and run it to its end, measured\n";
  h += "               apart (no recording, no output; short searches are repeated for\n";
  h += "               about 20 ms and averaged); 0 for a refused search\n";
  h += "\n";
  h += "Algorithms:\n";
  h += algorithm_table("  ");
  h += "\n";
  h += "  Exit codes: 0 every search found a path, 1 some did not (no path or iteration\n";
  h += "  limit), 2 bad input or some search refused the level or its options.\n";
  return h;
}

}  // namespace astar::cli
