// astar check-plan MAP SCEN PLAN [--agents K] | LEVEL PLAN: reads a multi-agent plan another
// program wrote (Kei18's tick lines, Li's agent lines or MAPF Tracker's action strings:
// plan_formats.hpp), checks it against the problem (plan_check.hpp: conflicts, illegal moves,
// wrong starts and goals, a unit leaving its goal, a sum of costs above the optimum) and prints
// the findings, the sum of costs and the makespan. Exit 0 when there is no finding, 1 when there
// are, 2 on bad input (as check-trace).
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/cbs.hpp"
#include "astar/format.hpp"
#include "astar/movingai.hpp"
#include "astar/plan_check.hpp"
#include "astar/plan_formats.hpp"
#include "commands.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 6> kCheckPlanOptions{{
    {"--agents", true},
    {"--format", true},
    {"--max-nodes", true},
    {"--plan-format", true},
    {"--flip-up-down", false},
    {"--stay-at-goal", false},
}};

constexpr std::uint64_t kDefaultMaxNodes = 10'000;
constexpr std::uint64_t kMaxMaxNodes = 100'000'000;
constexpr std::size_t kShownPerKind = 100;

struct CheckPlanArgs {
  std::string map_path;   // a .map or a level file
  std::string scen_path;  // empty: the level's own units
  std::string plan_path;
  std::optional<std::size_t> agents;
  Format format = Format::Text;
  std::uint64_t max_nodes = kDefaultMaxNodes;  // 0: no optimum
  std::optional<PlanFormat> plan_format;
  bool flip_up_down = false;
  bool stay_at_goal = false;
};

std::string read_positionals(const ParsedArgs& p, CheckPlanArgs& out) {
  const std::string see_help = " (see 'astar check-plan --help')";
  const std::size_t n = p.positionals.size();
  if (n < 2) return "check-plan: expected MAP SCEN PLAN or LEVEL PLAN, got " + std::to_string(n) +
                    (n == 1 ? " argument" : " arguments") + see_help;
  if (n > 3) return "check-plan: unexpected argument '" + p.positionals[3] + "' (only MAP SCEN PLAN)" + see_help;
  out.map_path = p.positionals[0];
  out.scen_path = n == 3 ? p.positionals[1] : std::string();
  out.plan_path = p.positionals[n - 1];
  for (const std::string& s : p.positionals)
    if (s.empty()) return "check-plan: an empty file name" + see_help;
  return {};
}

std::string read_options(const ParsedArgs& p, CheckPlanArgs& out) {
  if (const std::string* k = p.get("--agents")) {
    const std::optional<std::uint32_t> v = read_integer<std::uint32_t>(*k);
    if (!v || *v < 1 || *v > kMaxUnits)
      return "--agents: expected a whole number 1.." + std::to_string(kMaxUnits) + ", got '" + *k + "'";
    if (out.scen_path.empty()) return "check-plan: --agents K needs a scenario (MAP SCEN PLAN)";
    out.agents = *v;
  }
  if (const std::string* m = p.get("--max-nodes")) {
    const std::optional<std::uint64_t> v = read_integer<std::uint64_t>(*m);
    if (!v || *v > kMaxMaxNodes)
      return "--max-nodes: expected a whole number 0.." + std::to_string(kMaxMaxNodes) + " (0: no optimum), got '" +
             *m + "'";
    out.max_nodes = *v;
  }
  if (const std::string* f = p.get("--plan-format")) {
    out.plan_format = plan_format_from(*f);
    if (!out.plan_format) return "--plan-format: unknown value '" + *f + "' (expected kei18, li or tracker)";
  }
  out.flip_up_down = p.has("--flip-up-down");
  out.stay_at_goal = p.has("--stay-at-goal");
  auto format = read_format(p);
  if (!format) return format.error();
  out.format = format.value();
  return {};
}

Result<CheckPlanArgs> parse_check_plan_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, kCheckPlanOptions);
  if (!parsed) return Error{"check-plan: " + parsed.error() + " (see 'astar check-plan --help')"};
  CheckPlanArgs out;
  if (std::string why = read_positionals(parsed.value(), out); !why.empty()) return Error{why};
  if (std::string why = read_options(parsed.value(), out); !why.empty()) return Error{why};
  return out;
}

// The problem: the map with the scenario's first K units (K: --agents, else the plan's count),
// or the level with its own. `plan_text` is the plan file's text. None after printing why not.
std::optional<Level> problem_level(const CheckPlanArgs& a, const std::string& plan_text) {
  std::optional<Level> level = load_level_or_map_or_report(a.map_path);
  if (!level) return std::nullopt;
  if (a.scen_path.empty()) {
    if (level->units.empty()) {
      print_error(a.map_path + ": the level has no units (give them in its \"units\", or a MovingAI "
                  "scenario: astar check-plan MAP SCEN PLAN)");
      return std::nullopt;
    }
    return level;
  }
  std::size_t k = a.agents.value_or(0);
  if (k == 0) {
    const Result<std::size_t> n = plan_unit_count(plan_text, a.plan_path, a.plan_format);
    if (!n) return print_error(n.error()), std::nullopt;
    k = n.value();
  }
  if (Status s = add_movingai_units(*level, a.scen_path, k); !s) {
    print_error(a.agents ? s.error() : s.error() + " (the plan's units; --agents K takes the first K)");
    return std::nullopt;
  }
  return level;
}

PlanReadOptions read_options_for(const CheckPlanArgs& a, const Level& level, const std::vector<Cell>& starts) {
  PlanReadOptions o;
  o.format = a.plan_format;
  o.units = level.units.size();
  o.units_note = a.scen_path.empty() ? "the level's units"
                 : a.agents          ? "--agents " + std::to_string(*a.agents)
                                     : "the scenario's first " + std::to_string(o.units) + " queries";
  o.starts = starts;
  o.flip_up_down = a.flip_up_down;
  return o;
}

// The tracker's other convention, when the plan misses goals this way and not the other way:
// a note saying so (empty otherwise).
std::string flip_note(const CheckPlanArgs& a, const std::string& text, const ReadPlans& read, const Level& level,
                      const PlanCheckReport& r, const PlanReadOptions& o) {
  if (read.format != PlanFormat::Tracker || r.counts[static_cast<std::size_t>(PlanFindingKind::WrongGoal)] == 0)
    return {};
  PlanReadOptions other = o;
  other.flip_up_down = !a.flip_up_down;
  const Result<ReadPlans> flipped = parse_plans(text, a.plan_path, other);
  if (!flipped) return {};
  const Result<PlanCheckReport> c = check_plans(level, level.rules(), flipped.value().plans);
  if (!c || c.value().counts[static_cast<std::size_t>(PlanFindingKind::WrongGoal)] != 0) return {};
  return std::string("read with 'u' as y ") + (a.flip_up_down ? "- 1 (the tracker's current convention)" :
         "+ 1 (the tracker's older convention, PlanViz's)") + ", every unit ends on its goal: try " +
         (a.flip_up_down ? "without --flip-up-down" : "--flip-up-down");
}

// The axes swapped: when the plan misses starts as written but every unit starts on its start
// with x and y exchanged, a note saying which order the format has (empty otherwise).
std::string axes_note(const ReadPlans& read, const Level& level, const PlanCheckReport& r) {
  if (read.format == PlanFormat::Tracker || r.counts[static_cast<std::size_t>(PlanFindingKind::WrongStart)] == 0)
    return {};
  for (std::size_t i = 0; i < read.plans.size(); ++i) {
    const Cell first = read.plans[i].cells.front();
    if (!(Cell{first.y, first.x} == level.units[i].start)) return {};
  }
  return read.format == PlanFormat::Li
             ? "read with the column first, every unit starts on its start: Li's format puts the row first, "
               "'Agent i: (row,col)->...'"
             : "read with the row first, every unit starts on its start: Kei18's format puts x (the column) "
               "first, 't:(x,y),...'";
}

struct Optimum {
  std::optional<PlanOptimum> value;
  std::string note;  // "CBS, 57 constraint-tree nodes", "not known: ...", "not asked (--max-nodes 0)"
};

// CBS's optimum within --max-nodes tree nodes, or why there is none.
Optimum optimum_of(const CheckPlanArgs& a, const Level& level) {
  if (a.max_nodes == 0) return {std::nullopt, "not asked (--max-nodes 0)"};
  const KnownOptimum k = cbs_optimum(level, {.max_nodes = a.max_nodes});
  return {k.value, k.note};
}

std::string plan_summary(const CheckPlanArgs& a, const ReadPlans& read, const PlanCheckReport& r) {
  const std::size_t n = read.plans.size();
  return a.plan_path + ": " + std::string(plan_format_label(read.format)) + ", " + std::to_string(n) +
         (n == 1 ? " unit, " : " units, ") + std::to_string(r.ticks) + (r.ticks == 1 ? " tick" : " ticks");
}

std::string report_text(const CheckPlanArgs& a, const ReadPlans& read, const PlanCheckReport& r, const Optimum& best) {
  std::string out = plan_summary(a, read, r) + "\n";
  std::array<std::size_t, kPlanFindingKinds> listed{};
  for (const PlanFinding& f : r.findings) {
    if (listed[static_cast<std::size_t>(f.kind)]++ >= kShownPerKind) continue;
    out += std::string(to_string(f.kind)) + ": " + f.text + "\n";
  }
  std::string counts;
  for (std::size_t k = 0; k < kPlanFindingKinds; ++k) {
    if (r.counts[k] == 0) continue;
    const std::string kind(to_string(static_cast<PlanFindingKind>(k)));
    counts += (counts.empty() ? "" : ", ") + std::to_string(r.counts[k]) + " " + kind;
    if (r.counts[k] > kShownPerKind)
      out += "# " + std::to_string(r.counts[k] - kShownPerKind) + " more " + kind + " findings not shown\n";
  }
  if (r.conflicts_from)
    out += "# conflicts from t = " + std::to_string(*r.conflicts_from) + " on are not listed: there are more than " +
           count_text(static_cast<std::int64_t>(kMaxPlanConflicts)) + "\n";
  out += "findings: " + (counts.empty() ? std::string("none") : counts) + "\n";
  out += "sum of costs: " + std::to_string(r.stats.sum_of_costs) + ", makespan: " + std::to_string(r.stats.makespan) +
         " (" + std::to_string(r.stats.arrived) + " of " + std::to_string(read.plans.size()) + " units arrive)\n";
  out += "optimum: " + (best.value ? "sum of costs " + std::to_string(best.value->sum_of_costs) + ", makespan " +
                                         std::to_string(best.value->makespan) + " (" + best.note + ")"
                                   : best.note) + "\n";
  return out;
}

std::string finding_json(const PlanFinding& f) {
  std::string units = "[";
  if (f.unit) units += std::to_string(*f.unit);
  if (f.other) units += ", " + std::to_string(*f.other);
  return "{\"kind\": " + json_string(to_string(f.kind)) + ", \"units\": " + units + "], \"tick\": " +
         std::to_string(f.tick) + ", \"cell\": [" + std::to_string(f.cell.x) + ", " + std::to_string(f.cell.y) +
         "], \"text\": " + json_string(f.text) + "}";
}

std::string report_json(const CheckPlanArgs& a, const ReadPlans& read, const PlanCheckReport& r, const Optimum& best,
                        const std::string& note) {
  std::string out = "{\"plan\": " + json_string(a.plan_path) + ", \"format\": " + json_string(to_string(read.format)) +
                    ", \"units\": " + std::to_string(read.plans.size()) + ", \"ticks\": " + std::to_string(r.ticks) +
                    ",\n \"findings\": [";
  for (std::size_t i = 0; i < r.findings.size(); ++i) out += (i ? ",\n  " : "\n  ") + finding_json(r.findings[i]);
  out += "],\n \"counts\": {";
  for (std::size_t k = 0; k < kPlanFindingKinds; ++k)
    out += (k ? ", " : "") + json_string(to_string(static_cast<PlanFindingKind>(k))) + ": " + std::to_string(r.counts[k]);
  out += "}, \"total\": " + std::to_string(r.total()) + ", \"conflicts_from\": " +
         (r.conflicts_from ? std::to_string(*r.conflicts_from) : std::string("null"));
  out += ",\n \"sum_of_costs\": " + std::to_string(r.stats.sum_of_costs) + ", \"makespan\": " +
         std::to_string(r.stats.makespan) + ", \"arrived\": " + std::to_string(r.stats.arrived);
  out += ",\n \"optimum\": " + (best.value ? "{\"sum_of_costs\": " + std::to_string(best.value->sum_of_costs) +
                                                 ", \"makespan\": " + std::to_string(best.value->makespan) + "}"
                                           : std::string("null"));
  out += ", \"optimum_note\": " + json_string(best.note) + ", \"note\": " +
         (note.empty() ? std::string("null") : json_string(note)) + "}\n";
  return out;
}

}  // namespace

int check_plan_command(std::span<const std::string> args) {
  const Result<CheckPlanArgs> parsed = parse_check_plan_args(args);
  if (!parsed) return print_error(parsed.error()), kExitBadInput;
  const CheckPlanArgs& a = parsed.value();
  const Result<std::string> text = read_plan_file(a.plan_path);
  if (!text) return print_error(text.error()), kExitBadInput;
  const std::optional<Level> level = problem_level(a, text.value());
  if (!level) return kExitBadInput;
  std::vector<Cell> starts;
  for (const Unit& u : level->units) starts.push_back(u.start);
  const PlanReadOptions options = read_options_for(a, *level, starts);
  const Result<ReadPlans> read = parse_plans(text.value(), a.plan_path, options);
  if (!read) return print_error(read.error()), kExitBadInput;
  const Optimum best = optimum_of(a, *level);
  const Result<PlanCheckReport> r = check_plans(*level, level->rules(), read.value().plans,
                                                {.stay_at_goal = a.stay_at_goal, .optimum = best.value});
  if (!r) return print_error(a.plan_path + ": " + r.error()), kExitBadInput;
  std::string note = flip_note(a, text.value(), read.value(), *level, r.value(), options);
  if (note.empty()) note = axes_note(read.value(), *level, r.value());
  if (!note.empty() && a.format == Format::Text) print_error("note: " + note);
  return write_output(a.format == Format::Json ? report_json(a, read.value(), r.value(), best, note)
                                               : report_text(a, read.value(), r.value(), best),
                      r.value().total() == 0 ? kExitFound : kExitNoPath);
}

std::string check_plan_help() {
  std::string h;
  h += "astar check-plan MAP SCEN PLAN [--agents K] [options]\n";
  h += "astar check-plan LEVEL PLAN [options]\n";
  h += "\n";
  h += "  Reads PLAN, a multi-agent plan another program wrote, and checks it against the\n";
  h += "  problem: the first K queries of the MovingAI scenario SCEN on MAP (a .map or a level\n";
  h += "  file) under the benchmark's rules (4 neighbours, every move or wait one tick), or a\n";
  h += "  level file's own units under its rules. K is --agents, else the plan's unit count.\n";
  h += "  PLAN's format is told from its text:\n";
  h += "    kei18    one line per tick, 't:(x,y),(x,y),...' (Kei18's mapf-visualizer; LaCAM's\n";
  h += "             key=value lines and 'solution=' before them are skipped)\n";
  h += "    li       one line per unit, 'Agent i: (row,col)->(row,col)->...', row first (Jiaoyang\n";
  h += "             Li's CBSH2-RTC, EECBS, MAPF-LNS2 with --outputPaths)\n";
  h += "    tracker  one line per unit of u, d, l, r (a move) and w (a wait) from the unit's\n";
  h += "             start, a count before a letter repeating it ('3r2u'), 'd' going down to\n";
  h += "             y + 1 (MAPF Tracker's solution strings)\n";
  h += "  Findings:\n";
  h += "    vertex-conflict  two units in one cell at one tick\n";
  h += "    edge-conflict    two units swapping cells between t - 1 and t\n";
  h += "    illegal-move     off the map, into a wall, a diagonal with 4 neighbours, not\n";
  h += "                     adjacent (a teleport), ...\n";
  h += "    wrong-start      the plan does not start on the unit's start\n";
  h += "    wrong-goal       the plan does not end on the unit's goal\n";
  h += "    leaves-goal      (--stay-at-goal) a unit leaves its goal after arriving\n";
  h += "    above-optimum    the sum of costs is above an optimal solution's (CBS's)\n";
  h += "  A unit's cost is the tick it last arrives on its goal; the sum of costs adds them,\n";
  h += "  the makespan is the largest.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --agents K           the scenario's first K queries are the units (1..10000).\n";
  h += "  --plan-format kei18|li|tracker  PLAN's format, not told from its text.\n";
  h += "  --flip-up-down       tracker: 'u' goes to y + 1 (the tracker's older solutions, and\n";
  h += "                       PlanViz's); said in a note when the plan reaches every goal\n";
  h += "                       that way and not the other.\n";
  h += "                       A note also says when a kei18 or li plan starts every unit on\n";
  h += "                       its start only with its two numbers swapped.\n";
  h += "  --stay-at-goal       a unit that arrives on its goal must stay (leaves-goal\n";
  h += "                       findings); by default it may leave, as in the benchmark.\n";
  h += "  --max-nodes N        the optimum: CBS within N constraint-tree nodes (default\n";
  h += "                       10000; 0: no optimum). Past it, or when the level's moves do\n";
  h += "                       not all cost 1 (the benchmark's rules), \"not known: WHY\".\n";
  h += "  --format text|json   text: \"PLAN: FORMAT, N units, T ticks\"; one line per finding,\n";
  h += "                         vertex-conflict: units 3 and 8 both at (12, 4) at t = 9\n";
  h += "                       (at most 100 of a kind, then \"# N more KIND findings not\n";
  h += "                       shown\"); \"findings: N KIND, ...\" (or none); \"sum of costs:\n";
  h += "                       S, makespan: M (A of N units arrive)\"; \"optimum: ...\".\n";
  h += "                       json: {plan, format, units, ticks, findings: [{kind, units,\n";
  h += "                       tick, cell: [x, y], text}], counts: {KIND: N, ...}, total,\n";
  h += "                       conflicts_from, sum_of_costs, makespan, arrived, optimum:\n";
  h += "                       {sum_of_costs, makespan} or null, optimum_note, note}.\n";
  h += "                       Default: text.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "  Exit codes: 0 no findings, 1 findings, 2 bad input (a file that cannot be read,\n";
  h += "  named with the place: \"plan.txt: line 3: expected '(x,y)', got 'foo'\"; a plan of\n";
  h += "  another unit count than the problem's).\n";
  return h;
}

}  // namespace astar::cli
