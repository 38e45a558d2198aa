#include "astar/grid.hpp"
#include "astar/enum_names.hpp"

namespace astar {

namespace {
constexpr std::array<std::string_view, 8> kDirNames{"E", "SE", "S", "SW", "W", "NW", "N", "NE"};
}

std::string_view dir_name(Dir d) { return kDirNames[static_cast<int>(d)]; }

std::optional<Dir> parse_dir(std::string_view name) {
  return parse_enum_name<Dir>(kDirNames, name);
}

std::optional<Dir> dir_between(Cell a, Cell b) {
  for (Dir d : kAllDirs)
    if (step(a, d) == b) return d;
  return std::nullopt;
}

}  // namespace astar
