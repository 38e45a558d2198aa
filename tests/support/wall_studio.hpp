// Test helper: the studio state tests' level and a studio showing it (tests/studio_state/).
//
// wall_level(), 12 x 8, a wall with a gap at the bottom:
//   S . . . . # . . . . . G
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . # . . . . . .
//   . . . . . . . . . . . .
//   . . . . . . . . . . . .
#pragma once

#include <memory>

#include "astar/level.hpp"
#include "astar/search.hpp"
#include "state/studio.hpp"

namespace astar::test {

inline Level wall_level() {
  Level lv(12, 8);
  for (int y = 0; y <= 5; ++y) lv.set_wall({5, y}, true);
  lv.set_start({0, 0});
  lv.set_goal({11, 0});
  return lv;
}

// A studio showing wall_level() with algorithm `a`, its search made.
inline std::unique_ptr<studio::Studio> studio_with(Algorithm a) {
  auto st = std::make_unique<studio::Studio>();
  st->set_level(wall_level(), "");
  st->session().set_algorithm(a);
  st->flush();
  return st;
}

}  // namespace astar::test
