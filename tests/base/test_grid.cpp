// Cells, directions and lines of cells.
#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <vector>

#include "astar/format.hpp"
#include "astar/grid.hpp"

using namespace astar;

TEST_CASE("[grid] directions") {
  for (Dir d : kAllDirs) {
    CHECK(parse_dir(dir_name(d)) == d);
    CHECK(step(step({5, 5}, d), opposite(d)) == Cell{5, 5});
    CHECK(dir_between({5, 5}, step({5, 5}, d)) == d);
    CHECK(is_diagonal(d) == (dx(d) != 0 && dy(d) != 0));
  }
  CHECK_FALSE(dir_between({0, 0}, {2, 0}).has_value());
  CHECK_FALSE(dir_between({0, 0}, {0, 0}).has_value());
  CHECK_FALSE(parse_dir("NNE").has_value());
}

TEST_CASE("[grid] a line of cells runs end to end in 8-adjacent steps") {
  auto line = [](Cell a, Cell b) {
    std::vector<Cell> out;
    for_each_cell_on_line(a, b, [&](Cell c) { out.push_back(c); });
    return out;
  };
  // a . . . .     (0,0) -> (4,2): 5 cells, each one step east, every other one also south
  // . b c . .
  // . . . d e
  CHECK(line({0, 0}, {4, 2}) == std::vector<Cell>{{0, 0}, {1, 1}, {2, 1}, {3, 2}, {4, 2}});
  CHECK(line({3, 3}, {3, 3}) == std::vector<Cell>{{3, 3}});
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> coord(-20, 20);
  for (int n = 0; n < 2000; ++n) {
    const Cell a{coord(rng), coord(rng)}, b{coord(rng), coord(rng)};
    const std::vector<Cell> cells = line(a, b);
    REQUIRE_FALSE(cells.empty());
    CHECK(cells.front() == a);
    CHECK(cells.back() == b);
    // One cell per step along the longer axis: no gaps, no doubling back.
    CHECK(cells.size() ==
          static_cast<std::size_t>(std::max(std::abs(b.x - a.x), std::abs(b.y - a.y))) + 1);
    for (std::size_t k = 1; k < cells.size(); ++k) CHECK(dir_between(cells[k - 1], cells[k]).has_value());
  }
}

TEST_CASE("[format] counts as people read them: thousands set apart") {
  CHECK(astar::count_text(0) == "0");
  CHECK(astar::count_text(999) == "999");
  CHECK(astar::count_text(1000) == "1,000");
  CHECK(astar::count_text(57320) == "57,320");
  CHECK(astar::count_text(1234567) == "1,234,567");
  CHECK(astar::count_text(-1204) == "-1,204");
}
