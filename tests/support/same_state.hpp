// Test helper: two searches in the same state, view by view (iterations, state, counters, last
// step, path, and every seen cell's g, h, f and parent, bit for bit).
#pragma once

#include <doctest/doctest.h>

#include "astar/level.hpp"
#include "astar/search.hpp"

namespace astar::test {

// Every view of `a` equals the same view of `b`. Returns the number of cells compared.
inline int check_same_state(const Search& a, const Search& b, const Level& lv) {
  REQUIRE(a.iterations() == b.iterations());
  CHECK(a.state() == b.state());
  CHECK(a.open_size() == b.open_size());
  CHECK(a.closed_count() == b.closed_count());
  CHECK(a.metrics().generated == b.metrics().generated);
  CHECK(a.metrics().improved == b.metrics().improved);
  CHECK(a.metrics().heap_ops == b.metrics().heap_ops);
  CHECK(a.last_taken() == b.last_taken());
  CHECK(a.last_relaxed() == b.last_relaxed());
  CHECK(a.path() == b.path());
  int cells = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const NodeView na = a.node({x, y}), nb = b.node({x, y});
      CHECK(na.state == nb.state);
      if (na.state == NodeState::Unseen || nb.state == NodeState::Unseen) continue;
      // Bit-exact: the same doubles, not approximately equal ones.
      CHECK(na.g == nb.g);
      CHECK(na.h == nb.h);
      CHECK(na.f == nb.f);
      CHECK(na.parent == nb.parent);
      ++cells;
    }
  return cells;
}

}  // namespace astar::test
