// astar check-trace LEVEL TRACE: reads a search trace another program wrote (Posthoc JSON, YAML
// or JSON Lines, or our own trace JSON), checks every event against LEVEL's rules and our
// optimal search (trace_check.hpp), and prints the findings: illegal moves, wrong g, f out of
// order, overestimates, re-expansions, missed improvements, a suboptimal or broken path.
#include <array>
#include <optional>
#include <string>

#include "args.hpp"
#include "astar/format.hpp"
#include "astar/imported_trace.hpp"
#include "astar/trace_check.hpp"
#include "commands.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 2> kCheckTraceOptions{{
    {"--format", true},
    {"--cost-scale", true},
}};

struct CheckTraceConfig {
  std::string level_path;
  std::string trace_path;
  Format format = Format::Text;
  std::optional<double> cost_scale;  // none: inferred by the checker
};

Result<double> parse_cost_scale(std::string_view text) {
  const std::optional<double> v = read_finite_double(text);
  if (!v || !(*v > 0.0))
    return Error{"--cost-scale: expected a finite number > 0, got '" + std::string(text) + "'"};
  return *v;
}

Result<CheckTraceConfig> parse_check_trace_args(std::span<const std::string> args) {
  const std::string see_help = " (see 'astar check-trace --help')";
  auto parsed = parse_args(args, kCheckTraceOptions);
  if (!parsed) return Error{"check-trace: " + parsed.error() + see_help};
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return Error{"check-trace: missing LEVEL argument" + see_help};
  if (p.positionals.size() < 2) return Error{"check-trace: missing TRACE argument" + see_help};
  if (p.positionals.size() > 2)
    return Error{"check-trace: unexpected argument '" + p.positionals[2] +
                 "' (only LEVEL and TRACE)" + see_help};
  CheckTraceConfig cfg;
  cfg.level_path = p.positionals[0];
  cfg.trace_path = p.positionals[1];
  if (cfg.level_path.empty()) return Error{"check-trace: LEVEL is an empty file name"};
  if (cfg.trace_path.empty()) return Error{"check-trace: TRACE is an empty file name"};
  auto format = read_format(p);
  if (!format) return Error{format.error()};
  cfg.format = format.value();
  if (const std::string* v = p.get("--cost-scale")) {
    auto s = parse_cost_scale(*v);
    if (!s) return Error{s.error()};
    cfg.cost_scale = s.value();
  }
  return cfg;
}

std::string cost_text(const std::optional<double>& c) {
  return c ? format_cost(*c) : std::string("none");
}

// The trace's path cost: under the level's rules, else as the trace gives it (its own g, the
// cost the studio's replay shows) when the rules give its path no cost (a bad-path finding says
// why: a move they forbid, an end short of the destination); the trace's g beside the rules'
// cost when the two differ.
std::string trace_cost_text(const TraceCheckReport& r) {
  if (!r.trace_path_g) return cost_text(r.trace_path_cost);
  if (!r.trace_path_cost)
    return format_cost(*r.trace_path_g) +
           " (the trace's own g; none under the level's rules: see bad-path)";
  if (trace_equal(*r.trace_path_cost, *r.trace_path_g)) return format_cost(*r.trace_path_cost);
  return format_cost(*r.trace_path_cost) + " (the trace's own g says " +
         format_cost(*r.trace_path_g) + ")";
}

std::string report_text(const TraceCheckReport& r) {
  std::string out = r.scale_note + "\n";
  std::vector<std::int64_t> listed(r.counts.size(), 0);
  for (const Finding& f : r.findings) {
    ++listed[static_cast<std::size_t>(f.kind)];
    out += "event " + std::to_string(f.event) + " " + cell_text(f.cell) + " " +
           std::string(to_string(f.kind)) + ": " + f.message + "\n";
  }
  std::string counts;
  for (std::size_t k = 0; k < r.counts.size(); ++k) {
    if (r.counts[k] == 0) continue;
    const std::string kind(to_string(static_cast<FindingKind>(k)));
    counts += (counts.empty() ? "" : ", ") + std::to_string(r.counts[k]) + " " + kind;
    if (r.counts[k] > listed[k])
      out += "# " + std::to_string(r.counts[k] - listed[k]) + " more " + kind +
             " findings not shown\n";
  }
  out += "findings: " + (counts.empty() ? std::string("none") : counts) + "\n";
  out += "trace path cost: " + trace_cost_text(r) + "\n";
  out += "optimal cost: " + cost_text(r.optimal_cost) + "\n";
  return out;
}

std::string report_json(const TraceCheckReport& r) {
  const auto cost = [](const std::optional<double>& c) {
    return c ? json_number(*c) : std::string("null");
  };
  std::string out = "{\"findings\":[";
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out += std::string(i == 0 ? "\n" : ",\n") + "{\"kind\":" + json_string(to_string(f.kind)) +
           ",\"event\":" + std::to_string(f.event) + ",\"cell\":[" + std::to_string(f.cell.x) +
           "," + std::to_string(f.cell.y) + "],\"message\":" + json_string(f.message) + "}";
  }
  out += r.findings.empty() ? "]" : "\n]";
  out += ",\n\"counts\":{";
  for (std::size_t k = 0; k < r.counts.size(); ++k)
    out += std::string(k == 0 ? "" : ",") + json_string(to_string(static_cast<FindingKind>(k))) +
           ":" + std::to_string(r.counts[k]);
  out += "},\n\"total\":" + std::to_string(r.total());
  out += ",\n\"cost_scale\":" + json_number(r.cost_scale);
  out += ",\n\"scale_note\":" + json_string(r.scale_note);
  out += ",\n\"trace_path_cost\":" + cost(r.trace_path_cost);
  out += ",\n\"trace_path_g\":" + cost(r.trace_path_g);
  out += ",\n\"optimal_cost\":" + cost(r.optimal_cost) + "}\n";
  return out;
}

}  // namespace

int check_trace_command(std::span<const std::string> args) {
  auto parsed = parse_check_trace_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  const CheckTraceConfig& cfg = parsed.value();
  std::optional<Level> loaded = load_level_or_map_or_report(cfg.level_path);
  if (!loaded) return kExitBadInput;
  Level& level = *loaded;
  auto read = read_trace_file(cfg.trace_path, {.level = &level});
  if (!read) {
    const std::string& msg = read.error();
    print_error(msg.find(cfg.trace_path) == std::string::npos ? cfg.trace_path + ": " + msg : msg);
    return kExitBadInput;
  }
  const ImportedTrace& trace = read.value();
  for (const std::string& w : trace.warnings) print_error("note: " + w);
  // The trace's own endpoints are the query being checked (a .map has none of its own).
  if (trace.source_node != kNoNode) level.set_start(trace.cell(trace.source_node));
  if (trace.destination_node != kNoNode) level.set_goal(trace.cell(trace.destination_node));
  TraceCheckOptions options;
  options.cost_scale = cfg.cost_scale;
  const TraceCheckReport r = check_trace(level, level.rules(), trace, options);
  return write_output(cfg.format == Format::Json ? report_json(r) : report_text(r),
                      r.total() == 0 ? kExitFound : kExitNoPath);
}

std::string check_trace_help() {
  std::string h;
  h += "astar check-trace LEVEL TRACE [--format text|json] [--cost-scale S]\n";
  h += "\n";
  h += "  Reads TRACE, the search trace of another program (a Posthoc trace as JSON, YAML or\n";
  h += "  JSON Lines, or 'astar trace --format json|posthoc'), and checks it against LEVEL (a\n";
  h += "  level file or a MovingAI .map; the trace's source and destination are the query):\n";
  h += "    illegal-move        a parent -> child move the level does not allow (a wall,\n";
  h += "                        a cut corner, ...)\n";
  h += "    g-mismatch          a child's g is not its parent's g + the move's cost\n";
  h += "    f-order             expanded with a lower f than an earlier expansion\n";
  h += "    overestimate        h is more than the true remaining cost\n";
  h += "    reexpanded          a node expanded more than once\n";
  h += "    missed-improvement  expanded with a g higher than an expanded neighbour offers\n";
  h += "    suboptimal          the trace's path costs more than the optimal one\n";
  h += "    bad-path            the final path is not a chain of legal moves from source to\n";
  h += "                        destination\n";
  h += "  Costs are compared with one relative tolerance (1e-4), so printed rounding is\n";
  h += "  never a finding. The trace's cost unit is inferred from its moves (said in the\n";
  h += "  first line) unless --cost-scale sets it.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --cost-scale S       multiply the trace's g, h and f by S (a finite number > 0),\n";
  h += "                       e.g. 100000 for costs written as 1e-05 per step. Default:\n";
  h += "                       inferred.\n";
  h += "  --format text|json   text: the scale note; one line per finding,\n";
  h += "                         event 1812 (4, 3) g-mismatch: SENTENCE\n";
  h += "                       (event: the index in the trace's events, from 0); \"# N more\n";
  h += "                       KIND findings not shown\" past 100 of a kind; \"findings: N\n";
  h += "                       KIND, ...\" (or none); \"trace path cost: C\" and \"optimal\n";
  h += "                       cost: C\" (none when there is no path). The trace's path\n";
  h += "                       is priced under the level's rules; when they give it no\n";
  h += "                       cost (a bad-path finding), C is the g the trace gives its\n";
  h += "                       last node (the cost the studio's replay shows), said in\n";
  h += "                       brackets; the trace's g is also bracketed when it differs\n";
  h += "                       from the rules' cost.\n";
  h += "                       json: {\"findings\": [{\"kind\", \"event\", \"cell\": [x, y],\n";
  h += "                       \"message\"}], \"counts\": {KIND: N, ...} (every kind),\n";
  h += "                       \"total\", \"cost_scale\", \"scale_note\", \"trace_path_cost\"\n";
  h += "                       (under the level's rules), \"trace_path_g\" (the trace's g at\n";
  h += "                       its path's end, scaled), \"optimal_cost\"} (costs null when\n";
  h += "                       there is none).\n";
  h += "                       Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "  Exit codes: 0 no findings, 1 findings, 2 bad input (a LEVEL or TRACE that cannot\n";
  h += "  be read, named in the message with the place: \"run.json: events[3].x: ...\").\n";
  return h;
}

}  // namespace astar::cli
