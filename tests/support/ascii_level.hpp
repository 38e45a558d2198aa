// Test helper: a level drawn as text, so each test shows its map above its assertions.
//   '.' open   '#' wall   'S' start   'G' goal   '1'..'9' open with that cost
// Rows are separated by newlines; leading/trailing blank lines and indentation are ignored.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "astar/level.hpp"

namespace astar::test {

inline Level ascii_level(const std::string& text, MovementRules rules = {}) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto b = line.find_first_not_of(" \t");
    if (b == std::string::npos) continue;
    rows.push_back(line.substr(b, line.find_last_not_of(" \t") - b + 1));
  }
  if (rows.empty()) throw std::invalid_argument("ascii_level: empty map");
  Level lv(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < lv.height(); ++y) {
    if (static_cast<int>(rows[y].size()) != lv.width())
      throw std::invalid_argument("ascii_level: ragged row " + std::to_string(y));
    for (int x = 0; x < lv.width(); ++x) {
      const char ch = rows[y][x];
      const Cell c{x, y};
      if (ch == '#') lv.set_wall(c, true);
      else if (ch == 'S') lv.set_start(c);
      else if (ch == 'G') lv.set_goal(c);
      else if (ch >= '1' && ch <= '9') lv.set_cost(c, ch - '0');
      else if (ch != '.') throw std::invalid_argument("ascii_level: bad char");
    }
  }
  lv.rules() = rules;
  return lv;
}

}  // namespace astar::test
