#include "rule_args.hpp"

#include <cstdint>

#include "algorithms.hpp"
#include "astar/shapes.hpp"
#include "number_args.hpp"

namespace astar::cli {

namespace {

// The level format's bounds (level_format.hpp): a climb or drop limit up to the largest height
// step, jumps up to JumpRules' limits.
constexpr int kMaxLimit = 2 * kMaxAbsHeight;

// A whole number 0..hi, or kUnlimited for "any" when `any` is allowed.
Result<int> read_whole(const std::string& option, const std::string& text, int hi, bool any) {
  if (any && text == "any") return kUnlimited;
  const std::string expected =
      "expected a whole number 0.." + std::to_string(hi) + (any ? " or 'any'" : "");
  const std::optional<std::int64_t> v = read_integer<std::int64_t>(text);
  if (!v || *v < 0 || *v > hi) return Error{option + ": " + expected + ", got '" + text + "'"};
  return static_cast<int>(*v);
}

}  // namespace

Result<RuleArgs> read_rule_args(const ParsedArgs& p) {
  RuleArgs out;
  if (const std::string* v = p.get("--diagonal")) {
    Result<DiagonalPolicy> d = parse_diagonal_option(*v);
    if (!d) return Error{d.error()};
    out.diagonal = d.value();
  }
  struct Whole {
    const char* option;
    int hi;
    bool any;
    std::optional<int> RuleArgs::*to;
  };
  const Whole wholes[] = {
      {"--max-climb", kMaxLimit, true, &RuleArgs::max_climb},
      {"--max-drop", kMaxLimit, true, &RuleArgs::max_drop},
      {"--jump-up", JumpRules::kMaxHeight, false, &RuleArgs::jump_up},
      {"--jump-down", JumpRules::kMaxHeight, false, &RuleArgs::jump_down},
      {"--jump-gap", JumpRules::kMaxGap, false, &RuleArgs::jump_gap},
  };
  for (const Whole& w : wholes) {
    const std::string* v = p.get(w.option);
    if (v == nullptr) continue;
    Result<int> n = read_whole(w.option, *v, w.hi, w.any);
    if (!n) return Error{n.error()};
    out.*w.to = n.value();
  }
  if (const std::string* v = p.get("--agent-radius")) {
    const std::optional<double> r = read_double(*v);  // NaN and inf: check_agent_radius says why
    if (!r) return Error{"--agent-radius: expected a number, got '" + *v + "'"};
    if (const std::string why = check_agent_radius(*r); !why.empty())
      return Error{"--agent-radius: " + why};
    out.agent_radius = *r;
  }
  if (const std::string* v = p.get("--step-length")) {
    const std::optional<StepLength> l = parse_step_length(*v);
    if (!l) return Error{"--step-length: expected flat or 3d, got '" + *v + "'"};
    out.step_length = *l;
  }
  if (const std::string* v = p.get("--ranks")) {
    if (*v != "on" && *v != "off") return Error{"--ranks: expected on or off, got '" + *v + "'"};
    out.ranks = *v == "on";
  }
  return out;
}

void apply_rule_args(const RuleArgs& r, MovementRules& rules) {
  if (r.diagonal) rules.diagonal = *r.diagonal;
  if (r.max_climb) rules.max_climb = *r.max_climb;
  if (r.max_drop) rules.max_drop = *r.max_drop;
  if (r.jump_up) rules.jump.up = *r.jump_up;
  if (r.jump_down) rules.jump.down = *r.jump_down;
  if (r.jump_gap) rules.jump.gap = *r.jump_gap;
  if (r.agent_radius) rules.agent_radius = *r.agent_radius;
  if (r.step_length) rules.step_length = *r.step_length;
  if (r.ranks) rules.ranks.on = *r.ranks;
}

std::string rule_options_help() {
  std::string h;
  h += "  Movement rules, each overriding the level's own for this search (the file is not\n";
  h += "  changed):\n";
  h += "  --diagonal NAME      when a diagonal step may pass two side cells, one of\n";
  h += "                       " + join(diagonal_names()) + ".\n";
  h += "                       Refused on hex levels (hexes have no diagonals).\n";
  h += "  --max-climb N|any    most height levels one move may go up (0.." +
       std::to_string(kMaxLimit) + ").\n";
  h += "  --max-drop N|any     most height levels one move may go down.\n";
  h += "  --jump-up N          most levels a jump up rises (0: none; 0.." +
       std::to_string(JumpRules::kMaxHeight) + ").\n";
  h += "  --jump-down N        most levels a jump down falls (0: none).\n";
  h += "  --jump-gap N         widest gap a jump across clears, in cells (0: none; 0.." +
       std::to_string(JumpRules::kMaxGap) + ").\n";
  h += "  --agent-radius R     how far moves keep from collision shapes, in cells (>= 0).\n";
  h += "  --step-length flat|3d  how long a step is: on the grid, or in 3D with one height\n";
  h += "                       level as tall as a cell is wide (a climb or drop is longer).\n";
  h += "  --ranks on|off       action ranks: fewer rank points first (climbs and drops 1 a\n";
  h += "                       level, a jump across 1, jumps up or down 4 a level, unless\n";
  h += "                       the level sets them), then the shortest; cost = points x unit\n";
  h += "                       + distance, and run prints rank_points and distance.\n";
  return h;
}

}  // namespace astar::cli
