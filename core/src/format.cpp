#include "astar/format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace astar {

std::string cell_text(Cell c) {
  return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

std::string fixed2_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string number_text(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace astar
