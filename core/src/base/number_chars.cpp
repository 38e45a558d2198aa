// Doubles to and from text on every target: see number_chars.hpp.
#include "astar/number_chars.hpp"

#include <cmath>
#include <string_view>

#include <fast_float/fast_float.h>
#include <fmt/format.h>

namespace astar {

namespace {

// "inf", "-Infinity": what fast_float reads as an infinity because it is spelled so, not
// because the number overflowed.
bool names_infinity(const char* first, const char* last) {
  if (first != last && *first == '-') ++first;
  return first != last && (*first == 'i' || *first == 'I');
}

// A digit 1..9 before the exponent: the text is not a zero, so reading 0 means underflow.
bool nonzero_mantissa(const char* first, const char* last) {
  for (; first != last && *first != 'e' && *first != 'E'; ++first)
    if (*first >= '1' && *first <= '9') return true;
  return false;
}

// A finite, nonzero number as its shortest significant digits ("15", no leading or trailing
// zeros) and the power of ten of the first digit: 0.0015 is {"15", -3}.
struct Decimal {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};

// Splits fmt's shortest text ("1234", "0.0015", "1.5e-05", "-1e+16") into a Decimal.
Decimal split(std::string_view s) {
  Decimal d;
  std::size_t i = 0;
  if (s[i] == '-') d.negative = true, ++i;
  std::string all;  // every mantissa digit, leading zeros included
  int before_point = -1;
  for (; i < s.size() && s[i] != 'e'; ++i) {
    if (s[i] == '.')
      before_point = static_cast<int>(all.size());
    else
      all += s[i];
  }
  if (before_point < 0) before_point = static_cast<int>(all.size());
  int power = 0;
  if (i < s.size()) std::from_chars(s.data() + i + (s[i + 1] == '+' ? 2 : 1), s.data() + s.size(), power);
  const std::size_t lead = all.find_first_not_of('0');
  d.digits = all.substr(lead, all.find_last_not_of('0') + 1 - lead);
  d.exponent = before_point - static_cast<int>(lead) - 1 + power;
  return d;
}

// "1.5e-05", "1e+16": std::to_chars' scientific form (an exponent of at least two digits).
std::string scientific(const Decimal& d) {
  std::string out = d.digits.substr(0, 1);
  if (d.digits.size() > 1) out += "." + d.digits.substr(1);
  const int e = std::abs(d.exponent);
  out += d.exponent < 0 ? "e-" : "e+";
  if (e < 10) out += '0';
  return out + std::to_string(e);
}

// "1500", "1.5", "0.0015": the fixed form of the same digits.
std::string fixed(const Decimal& d) {
  const int n = static_cast<int>(d.digits.size());
  if (d.exponent >= n - 1) return d.digits + std::string(static_cast<std::size_t>(d.exponent - n + 1), '0');
  if (d.exponent >= 0) {
    const auto whole = static_cast<std::size_t>(d.exponent + 1);
    return d.digits.substr(0, whole) + "." + d.digits.substr(whole);
  }
  return "0." + std::string(static_cast<std::size_t>(-d.exponent - 1), '0') + d.digits;
}

// fmt's shortest round-trip digits laid out as std::to_chars does: the shorter of the fixed and
// the scientific form, fixed on a tie. (fmt itself switches forms at fixed exponents instead:
// it writes 1e6 as "1000000" where std::to_chars writes "1e+06".) A whole number in the fixed
// form gets its exact digits, as printf's %.0f gives them: 2^60 is "1152921504606846976",
// not the shortest digits padded with zeros ("1152921504606847000"); same length.
template <typename T>
std::string shortest(T v) {
  if (!std::isfinite(v) || v == 0) return fmt::format("{}", v);  // "inf", "-nan", "0", "-0"
  const Decimal d = split(fmt::format("{}", v));
  const std::string f = fixed(d);
  const std::string s = scientific(d);
  if (f.size() > s.size()) return (d.negative ? "-" : "") + s;
  if (d.exponent >= static_cast<int>(d.digits.size()) - 1) return fmt::format("{:.0f}", v);
  return (d.negative ? "-" : "") + f;
}

}  // namespace

std::from_chars_result parse_double(const char* first, const char* last, double& v) {
  double d = 0;
  const auto r = fast_float::from_chars(first, last, d);
  if (r.ec != std::errc{}) return {r.ptr, r.ec};
  // fast_float 3.9 rounds what is out of range to an infinity or a zero without saying so.
  if ((std::isinf(d) && !names_infinity(first, r.ptr)) || (d == 0 && nonzero_mantissa(first, r.ptr)))
    return {r.ptr, std::errc::result_out_of_range};
  v = d;
  return {r.ptr, std::errc{}};
}

std::string shortest_text(double v) { return shortest(v); }
std::string shortest_text(float f) { return shortest(f); }

}  // namespace astar
