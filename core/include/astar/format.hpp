// How core writes cells and numbers in the sentences people read (pseudo-code values, the
// inspector, breakpoints): "(4, 3)" and two decimals, "inf" for infinity; counts as "12,345".
#pragma once

#include <cstdint>
#include <string>

#include "astar/grid.hpp"

namespace astar {

std::string cell_text(Cell c);     // "(4, 3)"
std::string fixed2_text(double v);  // "9.41", "inf"
std::string number_text(double v);
std::string count_text(std::int64_t n);  // "12,345": a count, thousands set apart  // the shortest text that reads back exactly: "0.1", "16", "1e+06", "nan"

}  // namespace astar
