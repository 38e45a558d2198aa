// The tiles the studio's renderer uploads for changed cells (app/studio/changed_tiles.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "canvas/changed_tiles.hpp"

using astar::Cell;

TEST_CASE("changed tiles: one rectangle per tile holding changes, bounding its changes") {
  using studio::ChangedTiles;
  using studio::TexelRect;
  constexpr int T = ChangedTiles::kTile;
  ChangedTiles tiles;
  const std::vector<Cell> cells{{1, 2}, {5, 9}, {T + 3, 0}, {T - 1, T - 1}, {2 * T + 10, 3 * T + 1},
                                {-1, 4}, {300, 4}, {T + 3, 7}, {3, 3}};
  const auto& r = tiles.rects(cells, 3 * T, 4 * T);  // (300, 4) is out of bounds
  REQUIRE(r.size() == 3);
  CHECK(r[0] == TexelRect{1, 2, T - 1, T - 1});
  CHECK(r[1] == TexelRect{T + 3, 0, T + 3, 7});
  CHECK(r[2] == TexelRect{2 * T + 10, 3 * T + 1, 2 * T + 10, 3 * T + 1});
  // The next call starts afresh.
  const auto& again = tiles.rects({{T + 1, T + 1}}, 3 * T, 4 * T);
  REQUIRE(again.size() == 1);
  CHECK(again[0] == TexelRect{T + 1, T + 1, T + 1, T + 1});
  CHECK(tiles.rects({}, 3 * T, 4 * T).empty());

  // A search's frontier on a big level: every changed cell is covered, each rectangle lies in
  // one tile, and the rectangles' area stays near the number of cells, not the frontier's
  // bounding box.
  std::mt19937 rng(7);
  std::vector<Cell> ring;
  for (int k = 0; k < 4000; ++k) {
    const double a = std::uniform_real_distribution<double>(0.0, 6.283185307179586)(rng);
    ring.push_back({1000 + static_cast<int>(900.0 * std::cos(a)), 1000 + static_cast<int>(900.0 * std::sin(a))});
  }
  const auto& rects = tiles.rects(ring, 2048, 2048);
  std::int64_t area = 0;
  for (const TexelRect& t : rects) {
    CHECK(t.x0 / T == t.x1 / T);
    CHECK(t.y0 / T == t.y1 / T);
    area += std::int64_t{t.x1 - t.x0 + 1} * (t.y1 - t.y0 + 1);
  }
  for (Cell c : ring)
    CHECK(std::any_of(rects.begin(), rects.end(), [&](const TexelRect& t) {
      return c.x >= t.x0 && c.x <= t.x1 && c.y >= t.y0 && c.y <= t.y1;
    }));
  CHECK(area < std::int64_t{1800} * 1800 / 20);
}
