// What collision shapes cost a search: A* on a level with shapes, with the per-cell move cache
// cold (dropped before every search) and warm (kept from the previous search), against the same
// level without shapes. Times include making the search (its node array), as the studio does.
//   build/bench/bench_shapes [LEVEL.json] [repeats]
// Default: levels/lessons/08-raycast-shapes.json, then random 512 x 512 levels with 20,000 shapes
// (circles and boxes; all four kinds).
// Prints one tab-separated row per (level, case). Figures go in docs/benchmarks.md.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {

void run(const char* name, const Level& level, int repeats) {
  auto time = [&](const char* which, const Level& lv, bool cold) {
    Level work = lv;  // a copy: the cache is the copy's own
    if (!cold) make_search(work)->run();  // warm: fill the cache first, untimed
    const ShapeStats before = work.shape_stats();
    double seconds = 0.0;
    std::int64_t expanded = 0;
    SearchState state = SearchState::InProgress;
    const std::vector<Shape> shapes = work.shapes();
    for (int i = 0; i < repeats; ++i) {
      if (cold && !shapes.empty()) work.set_shapes(shapes);  // drops the cache
      const auto t0 = std::chrono::steady_clock::now();
      const auto s = make_search(work);
      state = s->run();
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      expanded += s->metrics().expanded;
    }
    const ShapeStats& after = work.shape_stats();
    std::printf("%s\t%s\t%s\t%d\t%.1f\t%.3f\t%.0f\t%.1f\t%.1f\n", name, which,
                std::string(to_string(state)).c_str(), repeats,
                static_cast<double>(expanded) / repeats, seconds / repeats * 1e3,
                seconds * 1e9 / static_cast<double>(expanded),
                static_cast<double>(after.segment_tests - before.segment_tests) / repeats,
                static_cast<double>(after.moves_computed - before.moves_computed) / repeats);
  };
  Level bare = level;
  bare.set_shapes({});
  time("no shapes", bare, false);
  time("cold cache", level, true);
  time("warm cache", level, false);
}

Level random_level(bool all_kinds) {
  Level big(512, 512);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> pos(4, 508), size(0.2, 1.5), angle(-90, 90);
  std::vector<Shape> shapes;
  for (int i = 0; i < 20000; ++i) {
    const double x = pos(rng), y = pos(rng), a = size(rng), b = size(rng), turn = angle(rng);
    const bool other = all_kinds && i % 4 >= 2;
    if (i % 2 && !other) {
      shapes.push_back(Circle{x, y, a * 0.5});
    } else if (i % 2) {  // a pentagon in the circle's place
      Polygon p;
      for (int k = 0; k < 5; ++k)
        p.points.push_back({x + a * 0.5 * std::cos(k * 1.2566370614359172),
                            y + a * 0.5 * std::sin(k * 1.2566370614359172)});
      shapes.push_back(p);
    } else if (!other) {
      shapes.push_back(Box{x, y, x + a, y + b});
    } else {  // the box turned about its centre
      shapes.push_back(RotatedBox{x + a / 2, y + b / 2, a, b, turn});
    }
  }
  big.set_shapes(shapes);
  big.rules().agent_radius = 0.3;
  return big;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "levels/lessons/08-raycast-shapes.json";
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 200;
  std::printf("level\tcase\toutcome\tsearches\texpanded\tms_per_search\tns_per_expansion\tsegment_tests\tmoves_computed\n");
  const auto loaded = load_level(path);
  if (!loaded) {
    std::fprintf(stderr, "bench_shapes: %s\n", loaded.error().c_str());
    return 2;
  }
  run(path.c_str(), loaded.value(), repeats);

  // Many shapes: 20,000 small ones on a 512 x 512 level, corner to corner; circles and boxes,
  // then the same places and sizes with every other box turned (a rotated box) and every other
  // circle a pentagon (a polygon), to show what the kinds with corners cost.
  run("random 512x512, 20000 circles and boxes", random_level(false), std::max(1, repeats / 50));
  run("random 512x512, 20000 of all four kinds", random_level(true), std::max(1, repeats / 50));
  return 0;
}
