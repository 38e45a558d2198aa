#include "args.hpp"

#include <limits>

#include "number_args.hpp"

namespace astar::cli {

namespace {

bool is_option_like(std::string_view arg) { return arg.size() > 1 && arg.front() == '-'; }

const OptionSpec* find_spec(std::span<const OptionSpec> specs, std::string_view name) {
  for (const OptionSpec& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

}  // namespace

bool wants_help(std::span<const std::string> args) {
  for (const std::string& a : args) {
    if (a == "--") return false;
    if (a == "-h" || a == "--help") return true;
  }
  return false;
}

Result<ParsedArgs> parse_args(std::span<const std::string> args,
                              std::span<const OptionSpec> specs) {
  ParsedArgs out;
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (options_done || !is_option_like(arg)) {
      out.positionals.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    // "--name=value" or "--name [value]".
    const std::size_t eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    const OptionSpec* spec = find_spec(specs, name);
    if (spec == nullptr) return Error{"unknown option " + quoted(name)};
    if (out.has(name) && !spec->repeatable) return Error{std::string(name) + ": given more than once"};
    std::string value;
    if (!spec->takes_value) {
      if (eq != std::string_view::npos) return Error{std::string(name) + ": takes no value"};
    } else if (eq != std::string_view::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return Error{std::string(name) + ": missing value"};
    }
    out.sequence.emplace_back(std::string(name), value);
    out.options.insert_or_assign(std::string(name), std::move(value));
  }
  return out;
}

Result<std::int64_t> parse_positive_int(std::string_view option, std::string_view text) {
  const std::string what = std::string(option) + ": ";
  const bool digits_only =
      !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits_only)
    return Error{what + "expected a whole number >= 1, got " + quoted(text)};
  // Digits only, so the one way to fail is to be out of range.
  const std::optional<std::int64_t> v = read_integer<std::int64_t>(text);
  if (!v)
    return Error{what + "value " + quoted(text) + " is too large (at most " +
                 std::to_string(std::numeric_limits<std::int64_t>::max()) + ")"};
  if (*v < 1) return Error{what + "expected a whole number >= 1, got " + quoted(text)};
  return *v;
}

std::string join(std::span<const std::string_view> names, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += separator;
    out += names[i];
  }
  return out;
}

}  // namespace astar::cli
