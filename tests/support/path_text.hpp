// A path written as the CLI prints it, "(1,1) (2,1) ...", as cells: lessons' tests state their
// exact paths this way, so a path can be checked against `astar run` output by eye.
#pragma once

#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "astar/grid.hpp"

namespace astar::test {

inline std::vector<Cell> path_of(const std::string& text) {
  std::vector<Cell> cells;
  for (std::size_t at = text.find('('); at != std::string::npos; at = text.find('(', at + 1)) {
    Cell c;
    REQUIRE(std::sscanf(text.c_str() + at, "(%d,%d)", &c.x, &c.y) == 2);
    cells.push_back(c);
  }
  return cells;
}

}  // namespace astar::test
