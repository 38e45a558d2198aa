// What collision shapes cost a search: A* on a level with shapes, with the per-cell move cache
// cold (dropped before every search) and warm (kept from the previous search), against the same
// level without shapes. Times include making the search (its node array), as the studio does.
//   build/bench/bench_shapes [LEVEL.json] [repeats]
// Default: levels/lessons/08-raycast-shapes.json, then a random 512 x 512 level with 20,000 shapes.
// Prints one tab-separated row per (level, case). Figures go in the README.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "astar/level_io.hpp"
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

  // Many shapes: 20,000 small circles and boxes on a 512 x 512 level, corner to corner.
  Level big(512, 512);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> pos(4, 508), size(0.2, 1.5);
  std::vector<Shape> shapes;
  for (int i = 0; i < 20000; ++i) {
    const double x = pos(rng), y = pos(rng);
    if (i % 2) shapes.push_back(Circle{x, y, size(rng) * 0.5});
    else shapes.push_back(Box{x, y, x + size(rng), y + size(rng)});
  }
  big.set_shapes(shapes);
  big.rules().agent_radius = 0.3;
  run("random 512x512, 20000 shapes", big, std::max(1, repeats / 50));
  return 0;
}
