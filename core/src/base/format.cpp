#include "astar/format.hpp"

#include <cmath>
#include <cstdio>

#include "astar/number_chars.hpp"

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

std::string number_text(double v) { return shortest_text(v); }

std::string count_text(std::int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return (n < 0 ? "-" : "") + digits;
}

}  // namespace astar
