// Numbers as level-file text: see json_numbers.hpp.
#include "base/json_numbers.hpp"

#include <cfloat>
#include <charconv>
#include <cmath>
#include <system_error>

#include "astar/number_chars.hpp"

namespace astar::level_file {

void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {  // JSON has no NaN/inf; only reachable for levels save_level refuses
    out += "null";
    return;
  }
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char buf[32];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v)).ptr);
  } else {
    out += shortest_text(v);
  }
}

std::string number_text(double v) {
  std::string s;
  append_number(s, v);
  return s;
}

float to_float(double d) {
  if (d > FLT_MAX) return FLT_MAX;
  if (d < -FLT_MAX) return -FLT_MAX;
  return static_cast<float>(d);
}

void append_float(std::string& out, float f) {
  if (!std::isfinite(f) || (f == std::floor(f) && std::fabs(f) < 1e15f)) {
    append_number(out, static_cast<double>(f));
    return;
  }
  const std::string text = shortest_text(f);
  double back = 0.0;
  const auto b = parse_double(text.data(), text.data() + text.size(), back);
  if (b.ec == std::errc{} && to_float(back) == f)
    out += text;
  else
    append_number(out, static_cast<double>(f));  // exact as a double, hence exact as a float
}

std::string float_text(float f) {
  std::string s;
  append_float(s, f);
  return s;
}

}  // namespace astar::level_file
