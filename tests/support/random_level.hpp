// Test helper: seeded random small levels mixing walls, costs, heights, edge overrides and
// every movement rule (jumps and drop costs included), for oracle and property tests.
#pragma once

#include <random>

#include "astar/level.hpp"

namespace astar::test {

inline Level random_level(std::mt19937& rng, int max_side = 12) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto chance = [&](double p) { return std::bernoulli_distribution(p)(rng); };
  Level lv(pick(1, max_side), pick(1, max_side));
  const double wall_density = pick(0, 35) / 100.0;
  const double costs[] = {0.5, 1, 1, 1, 1.5, 2, 3, 10};
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      lv.set_wall({x, y}, chance(wall_density));
      if (chance(0.4)) lv.set_cost({x, y}, costs[pick(0, 7)]);
      if (chance(0.3)) lv.set_height({x, y}, pick(-2, 3));
      if (chance(0.08)) {
        const Dir d = static_cast<Dir>(pick(0, 7));
        if (chance(0.5)) lv.set_edge({x, y}, d, EdgeOverride{true, 1.0});
        else lv.set_edge({x, y}, d, EdgeOverride{false, pick(1, 40) / 8.0});
      }
    }
  lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_wall(lv.start(), false);
  lv.set_wall(lv.goal(), false);
  MovementRules& r = lv.rules();
  r.diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
  r.max_climb = chance(0.5) ? kUnlimited : pick(0, 2);
  r.max_drop = chance(0.5) ? kUnlimited : pick(0, 3);
  r.climb_cost = chance(0.5) ? 0.0 : pick(1, 8) / 4.0;
  // Jumps and a drop cost on half the levels.
  if (chance(0.5)) {
    r.drop_cost = chance(0.5) ? 0.0 : pick(1, 8) / 4.0;
    r.jump.up = pick(0, 5);
    r.jump.down = pick(0, 5);
    r.jump.gap = pick(0, 3);
    r.jump.up_cost = pick(0, 8) / 4.0;
    r.jump.down_cost = pick(0, 8) / 4.0;
    r.jump.across_cost = pick(0, 8) / 4.0;
  }
  // Agents on a third of the levels (drawn last, so the draws above are as before); on a third
  // of those they do not block.
  if (chance(1.0 / 3)) {
    const bool block = !chance(1.0 / 3);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        if (chance(0.1) && !(Cell{x, y} == lv.start()) && !(Cell{x, y} == lv.goal()))
          lv.set_agent({x, y}, true);
    lv.set_agents_block(block);
  }
  if (chance(0.25)) r.step_length = StepLength::Height;  // 3D step lengths on a quarter
  return lv;
}

// A random level of plain costs (quarters from 0.25 to 4.75) and walls, 1..max_side cells a
// side: square with 4 or 8 neighbours and any diagonal rule, or hex in any of the four layouts.
inline Level random_plain_level(std::mt19937& rng, int max_side) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Level lv(pick(1, max_side), pick(1, max_side));
  const int kind = pick(0, 7);  // half square, half hex (0..3: the four layouts)
  if (kind < 4)
    lv.set_topology(kind < 2 ? Topology::HexPointyTop : Topology::HexFlatTop,
                    kind % 2 ? HexStagger::Even : HexStagger::Odd);
  const int walls = pick(0, 35);
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      lv.set_wall({x, y}, pick(0, 99) < walls);
      if (pick(0, 1)) lv.set_cost({x, y}, pick(1, 19) / 4.0);
    }
  if (!lv.is_hex()) {
    lv.rules().neighbours = pick(0, 2) == 0 ? Neighbours::Four : Neighbours::Eight;
    lv.rules().diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
  }
  return lv;
}

// A uniform level (walls only: every move costs its length) with room for many improvements:
// open areas, 4 or 8 neighbours, any diagonal rule.
inline Level random_uniform_level(std::mt19937& rng, int max_side = 48) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Level lv(pick(1, max_side), pick(1, max_side));
  const int density = pick(0, 35);
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, pick(0, 99) < density);
  lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
  lv.set_wall(lv.start(), false);
  lv.set_wall(lv.goal(), false);
  lv.rules().neighbours = pick(0, 3) == 0 ? Neighbours::Four : Neighbours::Eight;
  lv.rules().diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
  return lv;
}

}  // namespace astar::test
