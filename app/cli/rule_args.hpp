// Movement rules from the command line (run, trace, compare): --diagonal, --max-climb,
// --max-drop, --jump-up, --jump-down, --jump-gap, --agent-radius, --step-length and --ranks
// override the level's own rules for one search, as --neighbours does. The level file is not
// changed.
//
//   Result<RuleArgs> r = read_rule_args(parsed);  // each override given, checked by name
//   apply_rule_args(r.value(), rules);            // onto the level's rules
#pragma once

#include <array>
#include <optional>
#include <string>

#include "args.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar::cli {

inline constexpr std::array<OptionSpec, 9> kRuleOptionSpecs{{
    {"--diagonal", true},
    {"--max-climb", true},
    {"--max-drop", true},
    {"--jump-up", true},
    {"--jump-down", true},
    {"--jump-gap", true},
    {"--agent-radius", true},
    {"--step-length", true},
    {"--ranks", true},
}};

struct RuleArgs {
  std::optional<DiagonalPolicy> diagonal;
  std::optional<int> max_climb, max_drop;  // kUnlimited for "any"
  std::optional<int> jump_up, jump_down, jump_gap;
  std::optional<double> agent_radius;
  std::optional<StepLength> step_length;
  std::optional<bool> ranks;  // action ranks on (the level's own ranks, else the defaults) or off
};

// The overrides given; a bad value is refused with a message naming the option, the value and
// what is accepted (the same ranges as the level format's rules).
Result<RuleArgs> read_rule_args(const ParsedArgs& p);

void apply_rule_args(const RuleArgs& r, MovementRules& rules);

// The help lines of these options, as in `astar run --help`.
std::string rule_options_help();

}  // namespace astar::cli
