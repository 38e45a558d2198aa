// astar trace LEVEL: the search's events, one plain-language line (or JSON record) per
// micro-step: each take, and each move of the taken node, relaxed or skipped with the reason.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 2> kTraceOwnOptions{{
    {"--format", true},
    {"--max-events", true},
}};

// trace's own --format: search_args' text and json, and posthoc.
enum class TraceOutput { Text, Json, Posthoc };

Result<TraceOutput> read_trace_format(const ParsedArgs& p) {
  const std::string* v = p.get("--format");
  if (v == nullptr || *v == "text") return TraceOutput::Text;
  if (*v == "json") return TraceOutput::Json;
  if (*v == "posthoc") return TraceOutput::Posthoc;
  return Error{"--format: unknown value '" + *v + "' (expected text, json or posthoc)"};
}

struct TraceConfig {
  SearchArgs search;
  TraceOutput format = TraceOutput::Text;
  std::int64_t max_events = 0;  // 0: all
};

Result<TraceConfig> parse_trace_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, with_search_options(kTraceOwnOptions, kEndpointOptionSpecs));
  if (!parsed) return Error{"trace: " + parsed.error() + " (see 'astar trace --help')"};
  const ParsedArgs& p = parsed.value();
  TraceConfig cfg;
  auto search = read_search_args(p, "trace");
  if (!search) return Error{search.error()};
  cfg.search = std::move(search.value());
  auto format = read_trace_format(p);
  if (!format) return Error{format.error()};
  cfg.format = format.value();
  const AlgorithmInfo& algorithm = info(cfg.search.options.algorithm);
  if (cfg.format == TraceOutput::Posthoc && algorithm.extras.sides)
    return Error{"trace: --format posthoc: " + std::string(algorithm.name) +
                 " runs two searches (from the start and from the goal); a Posthoc trace holds "
                 "one (use --format json, or another algorithm)"};
  if (const std::string* v = p.get("--max-events")) {
    auto n = parse_positive_int("--max-events", *v);
    if (!n) return Error{n.error()};
    cfg.max_events = n.value();
  }
  return cfg;
}

// One line per event, "ITERATION  description", the numbers right-aligned; then "# " lines: the
// events not shown and the outcome.
std::string trace_text(const TraceConfig& cfg, const TraceRecorder& rec, const Search& search) {
  const std::vector<TraceEvent>& events = rec.events();
  const std::size_t width =
      events.empty() ? 1 : std::to_string(events.back().iteration).size();
  std::string out;
  for (const TraceEvent& e : events) {
    std::string n = std::to_string(e.iteration);
    out += std::string(width - std::min(width, n.size()), ' ') + n + "  " +
           describe(e, cfg.search.options.algorithm, cfg.search.options.weight) + "\n";
  }
  if (rec.dropped() > 0)
    out += "# " + std::to_string(rec.dropped()) + " more events not shown (--max-events " +
           std::to_string(cfg.max_events) + ")\n";
  out += "# outcome " + std::string(to_string(search.state()));
  if (search.state() == SearchState::Found) out += ", cost " + format_cost(search.path_cost());
  const std::int64_t n = search.iterations();
  out += ", " + std::to_string(n) + (n == 1 ? " iteration\n" : " iterations\n");
  return out;
}

}  // namespace

int trace_command(std::span<const std::string> args) {
  auto parsed = parse_trace_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  TraceConfig& cfg = parsed.value();
  const std::optional<Level> loaded = load_search_level(cfg.search);
  if (!loaded) return kExitBadInput;
  const Level& level = *loaded;
  const MovementRules rules = rules_for(level, cfg.search);

  TraceRecorder rec;
  rec.set_limit(static_cast<std::size_t>(cfg.max_events));
  const std::unique_ptr<Search> search = run_search(cfg.search, level, rules, &rec);
  if (!search) return kExitBadInput;
  const int code = search->state() == SearchState::Found ? kExitFound : kExitNoPath;
  switch (cfg.format) {
    case TraceOutput::Text:
      return write_output(trace_text(cfg, rec, *search), code);
    case TraceOutput::Json:
      return write_output(to_json(rec.events()), code);
    case TraceOutput::Posthoc: {
      const Result<std::string> doc =
          posthoc_trace(level, rec.events(),
                        {.complete = rec.dropped() == 0, .algorithm = search->options().algorithm});
      if (!doc) {
        print_error("trace: --format posthoc: " + doc.error());
        return kExitBadInput;
      }
      return write_output(doc.value(), code);
    }
  }
  return kExitInternal;
}

std::string trace_help() {
  std::string h;
  h += "astar trace LEVEL [--start X,Y] [--goal X,Y]\n";
  h += "                  [--algorithm NAME] [--heuristic NAME] [--weight W]\n";
  h += "                  [--tie-break NAME] [--neighbours 4|8] [--max-iterations N]\n";
  h += "                  [--diagonal NAME] [--max-climb N|any] [--max-drop N|any]\n";
  h += "                  [--jump-up N] [--jump-down N] [--jump-gap N] [--agent-radius R]\n";
  h += "                  [--step-length flat|3d] [--ranks on|off] [--ignore-shapes I,J]\n";
  h += "                  [--max-events N] [--format text|json|posthoc]\n";
  h += "\n";
  h += "  Searches LEVEL like 'astar run' and prints what the search did, one event per\n";
  h += "  micro-step: each node taken (with its f, g and h), and each move of the taken\n";
  h += "  node: its neighbour relaxed (g before and after, the parent, added to open or a\n";
  h += "  better path) or skipped with the reason (wall, closed, not better, climb too\n";
  h += "  high, blocked edge, corner cut, outside the level, ...).\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += endpoint_options_help();
  h += search_options_help();
  h += "  --max-events N       print the first N events only (N a whole number >= 1); the\n";
  h += "                       search still runs to its end. Default: every event.\n";
  h += "  --format text|json|posthoc\n";
  h += "                       text: one line per event, \"ITERATION  description\", e.g.\n";
  h += "                         3  took (4,3): f 9.41 = g 5.00 + h 4.41\n";
  h += "                         3  (5,3): g ∞ → 6.00 via (4,3), added to open\n";
  h += "                         3  (4,2): wall, skipped\n";
  h += "                       numbers with two decimals, f in the algorithm's terms\n";
  h += "                       (dijkstra: f = g; greedy: f = h; bfs: steps), then\n";
  h += "                       \"# N more events not shown\" (with --max-events) and\n";
  h += "                       \"# outcome OUTCOME[, cost C], N iterations\".\n";
  h += "                       json: an array, one object per event (one per line), with\n";
  h += "                       the keys iteration, kind (take, relax, skip), cell, from, g,\n";
  h += "                       h, f, parent, old_g, old_parent, cost, reason, goal, side;\n";
  h += "                       null where a value does not apply.\n";
  h += "                       posthoc: a Posthoc search trace (ShortestPathLab's viewer;\n";
  h += "                       'astar check-trace' reads it back): {\"version\", \"render\",\n";
  h += "                       \"events\"}, events source, destination, then per take\n";
  h += "                       expanding and closing, per relax generating (first seen) or\n";
  h += "                       updating, skips left out, and end (id = the goal when found);\n";
  h += "                       id = y * width + x, pId the parent's id, g, h, f, x, y.\n";
  h += "                       With --max-events the trace has no end event. Refused for\n";
  h += "                       bidirectional A* (two searches; a trace holds one).\n";
  h += "                       Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Algorithms (--algorithm NAME):\n";
  h += algorithm_table("  ");
  h += "\n";
  h += "  Exit codes as 'astar run': 0 found, 1 no path or iteration limit, 2 bad input.\n";
  return h;
}

}  // namespace astar::cli
