// Numbers on the command line: see number_args.hpp.
#include "number_args.hpp"

#include <cmath>

#include "astar/number_chars.hpp"

namespace astar::cli {

std::optional<double> read_double(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double v = 0.0;
  const auto [end, ec] = parse_double(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<double> read_finite_double(std::string_view text) {
  const std::optional<double> v = read_double(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

}  // namespace astar::cli
