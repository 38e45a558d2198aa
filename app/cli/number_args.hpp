// Numbers on the command line: every number an `astar` command reads goes through these, so
// "", " 1", "+1", "12x" and out-of-range text are refused alike. Each caller checks its own range
// and words its own message (naming the option and the bad text).
//
//   if (const auto n = read_integer<std::uint32_t>(text)) use(*n);  // whole text, in range
//   if (const auto d = read_finite_double(text)) use(*d);            // "1.5", "2e3"; not "inf"
//   if (const auto d = read_double(text)) use(*d);                   // "nan" and "inf" too
#pragma once

#include <charconv>
#include <concepts>
#include <optional>
#include <string_view>
#include <system_error>

namespace astar::cli {

// The whole text as a T (std::from_chars: decimal, '-' only for a signed T), or none when the
// text is empty, has anything after the number, or is out of T's range.
template <std::integral T>
std::optional<T> read_integer(std::string_view text) {
  if (text.empty()) return std::nullopt;
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// The whole text as a double (astar::parse_double, as std::from_chars reads it: "inf" and "nan"
// included), or none when it is empty, has anything after the number, or is past a double's range
// ("1e400", "1e-400").
std::optional<double> read_double(std::string_view text);

// As read_double, and none for an infinity or NaN.
std::optional<double> read_finite_double(std::string_view text);

}  // namespace astar::cli
