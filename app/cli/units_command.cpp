// astar units LEVEL [--scen FILE.scen --agents K] [--algorithm flow-field|ca-star|whca-star]
// [--window W] [--horizon T] [--conflicts first|cardinal] [--max-nodes N] [--max-seconds S]
// [--format json]: the level's units (or a MovingAI scenario's first K
// queries as units, the multi-agent benchmark's reading) planned together, each unit's path in
// time, its arrival and cost, the sum of costs, the makespan, every conflict (unit_plans.hpp)
// and every failure the planner names. flow-field: each unit follows the flow field of its goal
// (flow_plans.hpp), which keeps no unit out of another's way, so the conflicts are the point;
// ca-star and whca-star plan the units cooperatively (cooperative.hpp); cbs plans them together,
// optimally for the sum of costs, by Conflict-Based Search (cbs.hpp). Exit 0 when every unit
// arrives, 1 when some do not, 2 on bad input.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/cbs.hpp"
#include "astar/cooperative.hpp"
#include "astar/flow_plans.hpp"
#include "astar/format.hpp"
#include "astar/movingai.hpp"
#include "astar/plan_formats.hpp"
#include "astar/unit_plans.hpp"
#include "commands.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

std::vector<OptionSpec> units_options() {
  std::vector<OptionSpec> out{{"--scen", true},   {"--agents", true},     {"--algorithm", true},
                              {"--format", true}, {"--neighbours", true}, {"--window", true},
                              {"--horizon", true}, {"--conflicts", true}, {"--max-nodes", true},
                              {"--max-seconds", true}};
  out.insert(out.end(), kRuleOptionSpecs.begin(), kRuleOptionSpecs.end());
  return out;
}

struct UnitsArgs {
  SearchArgs search;  // LEVEL, --neighbours and the rules
  std::string scen;   // empty: the level's own units
  std::size_t agents = 0;
  Format format = Format::Text;
  std::optional<PlanFormat> plan_format;  // --format kei18|li|tracker: the plans in that format
  std::optional<CooperativeAlgorithm> cooperative;  // none: flow-field (or cbs)
  CooperativeOptions options;
  bool cbs = false;
  CbsOptions cbs_options{.max_nodes = 100'000, .max_seconds = 60.0};
  bool planner_given = false;  // --algorithm, --window or --horizon: the level's units_plan is not taken
};

// --conflicts, --max-nodes and --max-seconds (Conflict-Based Search) into `out`; empty when
// they are acceptable.
std::string read_cbs_args(ParsedArgs& p, UnitsArgs& out) {
  for (const char* name : {"--conflicts", "--max-nodes", "--max-seconds"})
    if (p.has(name) && !out.cbs)
      return std::string(name) + ": only cbs has a constraint tree (give --algorithm cbs)";
  if (const std::string* c = p.get("--conflicts")) {
    const std::optional<CbsConflictChoice> choice = cbs_conflict_choice_from(*c);
    if (!choice) return "--conflicts: unknown value '" + *c + "' (expected first or cardinal)";
    out.cbs_options.choice = *choice;
  }
  if (const std::string* n = p.get("--max-nodes")) {
    const std::optional<std::uint64_t> v = read_integer<std::uint64_t>(*n);
    if (!v || *v < 1 || *v > kMaxCbsNodes)
      return "--max-nodes: expected a whole number 1.." + std::to_string(kMaxCbsNodes) + ", got '" + *n + "'";
    out.cbs_options.max_nodes = *v;
  }
  if (const std::string* sec = p.get("--max-seconds")) {
    const std::optional<double> v = read_finite_double(*sec);
    if (!v || *v < 0 || *v > 1e6)
      return "--max-seconds: expected a number 0 (no limit) to 1000000, got '" + *sec + "'";
    out.cbs_options.max_seconds = *v;
  }
  for (const char* name : {"--conflicts", "--max-nodes", "--max-seconds"}) p.options.erase(name);
  return {};
}

// --algorithm, --window and --horizon into `out`; empty when they are acceptable.
std::string read_planner_args(ParsedArgs& p, UnitsArgs& out) {
  // --algorithm names a units planner, not a search: read here, and kept from the search's.
  out.planner_given = p.has("--algorithm") || p.has("--window") || p.has("--horizon");
  out.cbs = p.get("--algorithm") && *p.get("--algorithm") == "cbs";
  if (const std::string* a = p.get("--algorithm"); a && *a != "flow-field" && !out.cbs) {
    out.cooperative = cooperative_algorithm_from(*a);
    if (!out.cooperative)
      return "--algorithm: unknown value '" + *a + "' (expected flow-field, ca-star, whca-star or cbs)";
    out.options.algorithm = *out.cooperative;
  }
  p.options.erase("--algorithm");
  if (const std::string* w = p.get("--window")) {
    const std::optional<std::uint32_t> v = read_integer<std::uint32_t>(*w);
    if (out.cooperative != CooperativeAlgorithm::WhcaStar)
      return "--window: only whca-star plans in windows (give --algorithm whca-star)";
    if (!v || *v < 2 || *v > kMaxWindow)
      return "--window: expected a whole number 2.." + std::to_string(kMaxWindow) + ", got '" + *w + "'";
    out.options.window = *v;
  }
  if (const std::string* h = p.get("--horizon")) {
    const std::optional<std::uint32_t> v = read_integer<std::uint32_t>(*h);
    if (!out.cooperative)
      return "--horizon: the flow field has no horizon (give --algorithm ca-star or whca-star)";
    if (!v || *v > kMaxHorizon)
      return "--horizon: expected a whole number 0.." + std::to_string(kMaxHorizon) + ", got '" + *h + "'";
    out.options.horizon = *v;
  }
  p.options.erase("--window");
  p.options.erase("--horizon");
  return read_cbs_args(p, out);
}

// The arguments with the level's units_plan when none of --algorithm, --window and --horizon
// was given (a lesson's planner; level_io has checked its names and numbers).
UnitsArgs with_units_plan(UnitsArgs a, const Level& level) {
  if (a.planner_given || !level.units_plan) return a;
  const UnitsPlanPreset& p = *level.units_plan;
  a.cooperative = cooperative_algorithm_from(p.algorithm);
  a.cbs = p.algorithm == "cbs";
  if (a.cooperative) a.options.algorithm = *a.cooperative;
  if (p.window) a.options.window = *p.window;
  a.options.horizon = p.horizon;
  return a;
}

Result<UnitsArgs> parse_units_args(std::span<const std::string> args) {
  const std::string see_help = " (see 'astar units --help')";
  auto parsed = parse_args(args, units_options());
  if (!parsed) return Error{"units: " + parsed.error() + see_help};
  ParsedArgs& p = parsed.value();
  UnitsArgs out;
  if (std::string why = read_planner_args(p, out); !why.empty()) return Error{why};
  auto search = read_search_args(p, "units");
  if (!search) return Error{search.error()};
  out.search = std::move(search.value());
  const std::string* scen = p.get("--scen");
  const std::string* agents = p.get("--agents");
  if (agents && !scen) return Error{"units: --agents K needs --scen FILE.scen" + see_help};
  if (scen) {
    if (!agents) return Error{"units: --scen needs --agents K (the first K queries)" + see_help};
    const std::optional<std::uint32_t> k = read_integer<std::uint32_t>(*agents);
    if (!k || *k < 1 || *k > kMaxUnits)
      return Error{"--agents: expected a whole number 1.." + std::to_string(kMaxUnits) + ", got '" +
                   *agents + "'"};
    out.scen = *scen;
    out.agents = *k;
  }
  if (const std::string* f = p.get("--format"); f && *f != "text" && *f != "json") {
    out.plan_format = plan_format_from(*f);
    if (!out.plan_format)
      return Error{"--format: unknown value '" + *f + "' (expected text, json, kei18, li or tracker)"};
    p.options.erase("--format");
  }
  auto format = read_format(p);
  if (!format) return Error{format.error()};
  out.format = format.value();
  return out;
}

// The level with its units: its own, or the scenario's (with the benchmark's rules). None after
// printing why not.
std::optional<Level> units_level(const UnitsArgs& a) {
  std::optional<Level> level = load_level_or_map_or_report(a.search.level_path);
  if (!level) return std::nullopt;
  if (!a.scen.empty()) {
    if (Status s = add_movingai_units(*level, a.scen, a.agents); !s) {
      print_error(s.error());
      return std::nullopt;
    }
  } else if (level->units.empty()) {
    print_error(a.search.level_path + ": the level has no units (give them in its \"units\", or "
                "take a MovingAI scenario's with --scen FILE.scen --agents K)");
    return std::nullopt;
  }
  return level;
}

// The first tick a plan stands on its goal; none when it never does.
std::optional<std::size_t> first_arrival(const UnitPlan& p, Cell goal) {
  for (std::size_t t = 0; t < p.cells.size(); ++t)
    if (p.cells[t] == goal) return t;
  return std::nullopt;
}

std::string conflict_json(const Conflict& c) {
  const auto cell = [](Cell x) { return "[" + std::to_string(x.x) + ", " + std::to_string(x.y) + "]"; };
  std::string out = "{\"kind\": \"";
  out += c.kind == Conflict::Kind::Vertex ? "vertex" : "edge";
  out += "\", \"units\": [" + std::to_string(c.a) + ", " + std::to_string(c.b) + "], ";
  if (c.kind == Conflict::Kind::Vertex) out += "\"cell\": " + cell(c.cell);
  else out += "\"from\": " + cell(c.other) + ", \"to\": " + cell(c.cell);
  return out + ", \"tick\": " + std::to_string(c.tick) + ", \"text\": " + json_string(conflict_text(c)) + "}";
}

std::string optional_json(const std::optional<std::size_t>& v) {
  return v ? std::to_string(*v) : std::string("null");
}

// What a planner made: the plans, the failures it named, and its words for the summary line.
struct Planned {
  std::string algorithm;  // "flow-field", "ca-star", "whca-star"
  std::string how;        // "following 2 flow fields", "planned by CA* in priority order"
  std::vector<UnitPlan> plans;
  std::vector<UnitFailure> failures;
  std::string failure{};      // cbs: why it found no plans (the budget, no way)
  std::string tree{};         // cbs: the constraint tree's counts, as JSON fields
};

std::string failure_json(const UnitFailure& f) {
  return "{\"unit\": " + std::to_string(f.unit) + ", \"kind\": \"" + std::string(to_string(f.kind)) +
         "\", \"tick\": " + std::to_string(f.tick) + ", \"text\": " + json_string(f.text) + "}";
}

std::string plans_json(const Level& level, const Planned& planned, const PlanStats& s,
                       const std::vector<Conflict>& conflicts) {
  const std::vector<UnitPlan>& plans = planned.plans;
  std::string out = "{\"algorithm\": \"" + planned.algorithm + "\", \"units\": [";
  for (std::size_t i = 0; i < plans.size(); ++i) {
    out += i ? ",\n  " : "\n  ";
    out += "{\"path\": [";
    for (std::size_t t = 0; t < plans[i].cells.size(); ++t)
      out += (t ? ", [" : "[") + std::to_string(plans[i].cells[t].x) + ", " +
             std::to_string(plans[i].cells[t].y) + ", " + std::to_string(t) + "]";
    out += "], \"arrival\": " + optional_json(first_arrival(plans[i], level.units[i].goal)) +
           ", \"cost\": " + optional_json(s.costs[i]) + "}";
  }
  out += "],\n \"arrived\": " + std::to_string(s.arrived) +
         ", \"sum_of_costs\": " + std::to_string(s.sum_of_costs) +
         ", \"makespan\": " + std::to_string(s.makespan) + ",\n \"conflicts\": [";
  for (std::size_t k = 0; k < conflicts.size(); ++k) out += (k ? ",\n  " : "\n  ") + conflict_json(conflicts[k]);
  out += "],\n \"failures\": [";
  for (std::size_t k = 0; k < planned.failures.size(); ++k)
    out += (k ? ",\n  " : "\n  ") + failure_json(planned.failures[k]);
  out += "]";
  if (!planned.tree.empty()) out += ",\n \"tree\": {" + planned.tree + "}";
  if (!planned.failure.empty()) out += ",\n \"failure\": " + json_string(planned.failure);
  return out + "}\n";
}

std::string plans_text(const Level& level, const Planned& planned, const PlanStats& s,
                       const std::vector<Conflict>& conflicts) {
  const std::vector<UnitPlan>& plans = planned.plans;
  std::string out = "units: " + std::to_string(plans.size()) + " " + planned.how +
                    "; arrived " + std::to_string(s.arrived) + ", sum of costs " +
                    std::to_string(s.sum_of_costs) + ", makespan " + std::to_string(s.makespan) +
                    ", conflicts " + std::to_string(conflicts.size()) + "\n";
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const Unit& u = level.units[i];
    out += "unit " + std::to_string(i) + " " + path_text({u.start}) + " -> " + path_text({u.goal}) + ": ";
    out += s.costs[i] ? "cost " + std::to_string(*s.costs[i]) + ", path " + path_text(plans[i].cells)
                      : "does not arrive, path " + path_text(plans[i].cells);
    out += "\n";
  }
  for (const Conflict& c : conflicts) out += "conflict: " + conflict_text(c) + "\n";
  for (const UnitFailure& f : planned.failures) out += "failure: " + f.text + "\n";
  if (!planned.failure.empty()) out += "failure: " + planned.failure + "\n";
  return out;
}

// Conflict-Based Search's plans: the solution's, or every unit on its start with why not.
Result<Planned> plan_with_cbs(const UnitsArgs& a, const Level& level, const MovementRules& rules) {
  Result<CbsResult> r = plan_cbs(level, rules, a.cbs_options);
  if (!r) return Error{r.error()};
  const CbsResult& c = r.value();
  Planned out{"cbs", "planned by CBS (" + std::string(to_string(a.cbs_options.choice)) + " conflicts first)",
              c.plans, {}, c.failure, {}};
  if (a.cbs_options.choice == CbsConflictChoice::First) out.how = "planned by CBS (the earliest conflict first)";
  out.tree = "\"outcome\": \"" + std::string(to_string(c.outcome)) + "\", \"conflict_choice\": \"" +
             std::string(to_string(a.cbs_options.choice)) + "\", \"nodes_made\": " +
             std::to_string(c.nodes_made) + ", \"nodes_expanded\": " + std::to_string(c.nodes_expanded) +
             ", \"low_level_searches\": " + std::to_string(c.low_level_searches) +
             ", \"low_level_nodes\": " + std::to_string(c.low_level_nodes);
  return out;
}

// The plans of the planner the arguments name; an error when it refuses the level.
Result<Planned> plan_units(const UnitsArgs& a, const Level& level) {
  const MovementRules rules = rules_for(level, a.search);
  if (a.cbs) return plan_with_cbs(a, level, rules);
  if (!a.cooperative) {
    Result<FlowPlans> flow = flow_field_plans(level, rules);
    if (!flow) return Error{flow.error()};
    const std::size_t n = flow.value().fields;
    return Planned{"flow-field", "following " + std::to_string(n) + (n == 1 ? " flow field" : " flow fields"),
                   std::move(flow.value().plans), {}};
  }
  Result<CooperativeResult> r = plan_cooperative(level, rules, a.options);
  if (!r) return Error{r.error()};
  const bool whca = *a.cooperative == CooperativeAlgorithm::WhcaStar;
  std::string how = whca ? "planned by WHCA* (window " + std::to_string(a.options.window) + ")"
                         : std::string("planned by CA*");
  how += " in priority order";
  return Planned{std::string(to_string(*a.cooperative)), how, std::move(r.value().plans),
                 std::move(r.value().failures)};
}

}  // namespace

int units_command(std::span<const std::string> args) {
  Result<UnitsArgs> parsed = parse_units_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  const UnitsArgs& a = parsed.value();
  const std::optional<Level> level = units_level(a);
  if (!level) return kExitBadInput;
  if (const std::string why = check_square_only_options(a.search, *level); !why.empty()) {
    print_error(a.search.level_path + ": " + why);
    return kExitBadInput;
  }
  const Result<Planned> planned = plan_units(with_units_plan(a, *level), *level);
  if (!planned) {
    print_error(a.search.level_path + ": " + planned.error());
    return kExitBadInput;
  }
  const Planned& p = planned.value();
  std::vector<Cell> goals;
  for (const Unit& u : level->units) goals.push_back(u.goal);
  const PlanStats stats = plan_stats(p.plans, goals);
  const std::vector<Conflict> conflicts = find_conflicts(p.plans);
  const int code = stats.arrived == level->units.size() ? kExitFound : kExitNoPath;
  if (a.plan_format) {  // the plans alone, as other programs write them (plan_formats.hpp)
    const Result<std::string> text = plans_text(p.plans, *a.plan_format);
    if (!text) return print_error(a.search.level_path + ": --format " + std::string(to_string(*a.plan_format)) +
                                  ": " + text.error()), kExitBadInput;
    return write_output(text.value(), code);
  }
  return write_output(a.format == Format::Json ? plans_json(*level, p, stats, conflicts)
                                               : plans_text(*level, p, stats, conflicts),
                      code);
}

std::string units_help() {
  std::string h;
  h += "astar units LEVEL [--scen FILE.scen --agents K]\n";
  h += "            [--algorithm flow-field|ca-star|whca-star|cbs] [--window W] [--horizon T]\n";
  h += "            [--conflicts first|cardinal] [--max-nodes N] [--max-seconds S]\n";
  h += "            [--format text|json|kei18|li|tracker] [--neighbours 4|8] [rule options]\n";
  h += "  Many units moving at once, one move or wait per tick. The units are the level's\n";
  h += "  (its \"units\": start, goal, priority), or with --scen the first K queries of a\n";
  h += "  MovingAI scenario on LEVEL (a .map of its size), under the multi-agent benchmark's\n";
  h += "  rules: 4 neighbours unless --neighbours says otherwise.\n";
  h += "  Without --algorithm, --window and --horizon, a level's \"units_plan\" chooses.\n";
  h += "  --algorithm flow-field  each unit follows the flow field of its goal (units sharing a\n";
  h += "                       goal share one field). Nothing keeps units apart: the conflicts\n";
  h += "                       say where they collide. The default.\n";
  h += "  --algorithm ca-star  cooperative A*: units plan one after another (highest priority\n";
  h += "                       first), each a space-time A* (waits included) around the cells\n";
  h += "                       and ticks the units before it hold; a unit on its goal stays.\n";
  h += "                       Units may not share a goal.\n";
  h += "  --algorithm whca-star  windowed CA*: each unit plans W ticks ahead, all take W/2 of\n";
  h += "                       them, and all plan again; a unit on its goal can step aside.\n";
  h += "  --algorithm cbs      Conflict-Based Search: every unit planned together, the least\n";
  h += "                       sum of costs, or none within the budget (a \"failure\" says\n";
  h += "                       why; json adds \"tree\": the constraint tree's counts).\n";
  h += "                       Units may not share a start or a goal.\n";
  h += "  --conflicts first|cardinal  cbs: split at the earliest conflict, or at a cardinal\n";
  h += "                       one first, by each unit's MDD (ICBS; the default).\n";
  h += "  --max-nodes N        cbs: at most N constraint-tree nodes (default 100000).\n";
  h += "  --max-seconds S      cbs: at most S seconds (default 60; 0: no limit).\n";
  h += "  --window W           whca-star's window, 2..100000 ticks (default 16).\n";
  h += "  --horizon T          ca-star: no plan past tick T (default: none; a unit that cannot\n";
  h += "                       arrive at any tick is found anyway); whca-star: stop at tick T\n";
  h += "                       (default 4 * (width + height) + 64).\n";
  h += "  --scen FILE.scen     units from a MovingAI scenario; needs --agents K (1..10000).\n";
  h += "  --format text|json   text: a summary line, one line per unit (cost and path), one\n";
  h += "                       per conflict; json: {units: [{path: [[x, y, t], ...], arrival,\n";
  h += "                       cost}], arrived, sum_of_costs, makespan, conflicts: [{kind:\n";
  h += "                       vertex|edge, units, cell | from and to, tick, text}],\n";
  h += "                       failures: [{unit, kind, tick, text}]} (kind: no-way, blocked,\n";
  h += "                       no-room, window-stuck, horizon, deadlock).\n";
  h += "  --format kei18|li|tracker  the plans alone, as other programs write them (astar\n";
  h += "                       check-plan reads them): kei18 one line per tick 't:(x,y),...';\n";
  h += "                       li 'Agent i: (row,col)->...'; tracker one line of u, d, l, r, w\n";
  h += "                       per unit from its start, 'd' going down (4 neighbours only).\n";
  h += "  A unit's path has one entry per tick from its start (t = 0) to its last move; it\n";
  h += "  stays there after. Its cost is the tick it last arrives on its goal (null when it\n";
  h += "  never does); arrival, the first. A vertex conflict is two units in one cell at one\n";
  h += "  tick (a unit on its goal still occupies it); an edge conflict, two units swapping\n";
  h += "  cells between t - 1 and t.\n";
  h += rule_options_help();
  h += "  Exit 0 when every unit arrives (conflicts or not), 1 when some do not.\n";
  return h;
}

}  // namespace astar::cli
