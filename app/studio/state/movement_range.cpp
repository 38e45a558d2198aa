// The movement range as the canvas shows it (movement_range.hpp).
#include "state/movement_range.hpp"

#include <algorithm>

#include "astar/format.hpp"
#include "astar/reach.hpp"

namespace studio {

std::vector<RangeCellView> visible_range(const astar::Search& s, int x0, int y0, int x1, int y1) {
  std::vector<RangeCellView> out;
  if (!s.options().budget) return out;
  const astar::Level& level = s.level();
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, level.width() - 1);
  y1 = std::min(y1, level.height() - 1);
  const auto in = [&](astar::Cell c) { return astar::in_range(s, c); };
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      if (in({x, y})) out.push_back({{x, y}, astar::outside_directions(level, {x, y}, in)});
  return out;
}

std::string range_summary(const astar::Search& s) {
  if (!s.options().budget) return {};
  const std::int64_t n = s.closed_count();  // every cell taken is within the budget
  const bool done = s.state() == astar::SearchState::RangeComplete;
  return std::string(done ? "Range: " : "Range so far: ") + astar::count_text(n) +
         (n == 1 ? " cell" : " cells") + " within " + astar::number_text(*s.options().budget);
}

}  // namespace studio
