// The big level bench_big_level and bench_far_seek search: SIDE² cells, obstacles at 0.15, noise
// costs and noise heights, seed 1, made in memory.
//   Result<Level> made = make_big_level(4096);  // the generator's message on failure
#pragma once

#include <utility>

#include "astar/generate.hpp"
#include "astar/result.hpp"

inline astar::Result<astar::Level> make_big_level(int side) {
  using namespace astar;
  GeneratorOptions g;
  g.kind = GeneratorKind::Obstacles;
  g.width = g.height = side;
  g.seed = 1;
  g.density = 0.15;
  auto made = generate_level(g);
  if (!made) return Error{made.error()};
  Level level = std::move(made).value();
  GeneratorOptions noise = g;
  noise.kind = GeneratorKind::NoiseCosts;
  if (auto s = apply_noise(level, noise); !s) return Error{s.error()};
  noise.kind = GeneratorKind::NoiseHeights;
  (void)apply_noise(level, noise);
  return level;
}
