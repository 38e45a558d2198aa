// Command-line argument parsing for the `astar` tool: options of the form `--name VALUE`,
// `--name=VALUE` or `--flag`, positional arguments, and `--` to end the options. Errors are
// messages without the "astar: " prefix, naming the option and the bad value.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "astar/result.hpp"

namespace astar::cli {

// Exit codes shared by every command (documented in `astar --help`).
inline constexpr int kExitFound = 0;     // success: a path was found, help was shown
inline constexpr int kExitNoPath = 1;    // the search finished without a path
inline constexpr int kExitBadInput = 2;  // bad command line, unloadable or unusable level
inline constexpr int kExitInternal = 3;  // out of memory, output not written, ...

struct OptionSpec {
  std::string_view name;  // with the dashes: "--heuristic"
  bool takes_value = true;
  bool repeatable = false;  // may be given more than once (compare's --algorithm)
};

struct ParsedArgs {
  std::vector<std::string> positionals;
  std::map<std::string, std::string, std::less<>> options;  // name -> value ("" for flags)
  // Every option as given, in order (a repeatable option once per time; get() has the last).
  std::vector<std::pair<std::string, std::string>> sequence;

  bool has(std::string_view name) const { return options.find(name) != options.end(); }
  // The value of an option, or nullptr when it was not given.
  const std::string* get(std::string_view name) const {
    const auto it = options.find(name);
    return it == options.end() ? nullptr : &it->second;
  }
};

// True when `-h` or `--help` appears before any `--`.
bool wants_help(std::span<const std::string> args);

// Splits args into options (each must be in `specs`, at most once unless repeatable) and
// positionals.
Result<ParsedArgs> parse_args(std::span<const std::string> args, std::span<const OptionSpec> specs);

// A whole number in [1, INT64_MAX], decimal, no sign or spaces. `option` names it in messages.
Result<std::int64_t> parse_positive_int(std::string_view option, std::string_view text);

// "a, b, c" from a list of names, for "expected ..." messages and help texts.
std::string join(std::span<const std::string_view> names, std::string_view separator = ", ");

}  // namespace astar::cli
