// What the commands that search one level share (run, trace, check-heuristic): the LEVEL
// argument, the options that choose the search (--algorithm, --heuristic, --weight,
// --tie-break, --neighbours, --max-iterations, --ignore-shapes, HPA*'s --cluster-size and
// --hpa-smooth, and the movement rules of
// rule_args.hpp), the query (--start, --goal: run and trace) and
// --format, loading the level, the notes printed before a search runs, and the message of a
// search that cannot start.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "args.hpp"
#include "rule_args.hpp"
#include "astar/endpoint_args.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"

namespace astar::cli {

inline constexpr std::array<OptionSpec, 9> kSearchOptionSpecs{{
    {"--algorithm", true},
    {"--heuristic", true},
    {"--weight", true},
    {"--tie-break", true},
    {"--neighbours", true},
    {"--max-iterations", true},
    {"--ignore-shapes", true},
    {"--cluster-size", true},
    {"--hpa-smooth", false},
}};

// --start X,Y and --goal X,Y, over the level's own start and goal (astar/endpoint_args.hpp):
// the options of the commands that load LEVEL with load_search_level (run, trace).
inline constexpr std::array<OptionSpec, 2> kEndpointOptionSpecs{{
    {"--start", true},
    {"--goal", true},
}};

// The search options and the movement rules' (kRuleOptionSpecs), followed by a command's own
// and `more` (kEndpointOptionSpecs, say).
std::vector<OptionSpec> with_search_options(std::span<const OptionSpec> own,
                                            std::span<const OptionSpec> more = {});

struct SearchArgs {
  std::string level_path;
  SearchOptions options;                 // algorithm, heuristic, weight, tie-break, ...
  bool heuristic_given = false;          // --heuristic was on the command line
  bool tie_break_given = false;          // --tie-break was (or the level's preset has one)
  std::optional<Neighbours> neighbours;  // none: the level's own rule
  RuleArgs rules;                        // the other rules given (rule_args.hpp)
  std::vector<std::string> given;        // the search options on the command line
  EndpointArgs endpoints;                // --start, --goal: none, the level's own
};

// LEVEL (exactly one positional) and those search options that were given. Messages start with
// "COMMAND: " for argument errors and name the option for bad values.
Result<SearchArgs> read_search_args(const ParsedArgs& p, std::string_view command);

enum class Format { Text, Json };
// --format text|json; text when not given.
Result<Format> read_format(const ParsedArgs& p);

// The level file, or none after printing why it cannot be loaded ("file: field: reason").
std::optional<Level> load_level_or_report(const std::string& path);
// The same for a MovingAI .map (by its name: movingai.hpp) or a level file.
std::optional<Level> load_level_or_map_or_report(const std::string& path);

// LEVEL of `args` (a level file or a .map) with --start and --goal over its own (a .map needs
// both: it has none), then its preset under the options given (apply_level_preset). None after
// printing why not: "LEVEL: --start (40, 4) is outside the level ...".
std::optional<Level> load_search_level(SearchArgs& args);

// The level's suggested search (its "search" preset, for lessons) under the options given on the
// command line: what the command line sets wins.
void apply_level_preset(SearchArgs& args, const Level& level);

// The level's rules with --neighbours and the other rules given applied.
MovementRules rules_for(const Level& level, const SearchArgs& args);

// Notes on stderr: a heuristic given to an algorithm without one is ignored, and so is a
// tie-break given to breadth-first (first in, first out); a heuristic that may overestimate
// with these neighbours may cost the guarantee.
void print_search_notes(const SearchArgs& args, const MovementRules& rules, Topology topology);

// Empty unless `level` is hex and `args` set a square-grid rule (--neighbours, --diagonal):
// then why it does not apply there.
std::string check_square_only_options(const SearchArgs& args, const Level& level);

// Makes the search `args` describe on `level` under `rules` (with `recorder`, attached, hearing
// it), prints the notes and runs it to its end. When it cannot start, prints "LEVEL: reason" and
// returns null (exit kExitBadInput). The level must outlive the search.
std::unique_ptr<Search> run_search(const SearchArgs& args, const Level& level,
                                   const MovementRules& rules, TraceRecorder* recorder = nullptr);

// Writes `text` to stdout and returns `code`; kExitInternal (with a message) when it cannot.
int write_output(std::string_view text, int code);

// The help lines of the search options, as in `astar run --help`.
std::string search_options_help();
// The help lines of --start and --goal.
std::string endpoint_options_help();

}  // namespace astar::cli
