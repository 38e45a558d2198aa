// Search speed on seeded random levels: ns per expansion for A* (octile) and Dijkstra.
//   build/bench/bench_search [queries]
// Prints one tab-separated row per (level, heuristic). Figures go in docs/benchmarks.md. The levels
// "-costs" have costs 1..5 on their open cells, so their moves take the general path (the cost
// policy reading each cell through the level's accessors), not the uniform grid's fast one.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "astar/detail/best_first.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {

Level random_level(int side, double density, bool costs, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution wall(density);
  std::uniform_int_distribution<int> cost(1, 5);
  Level lv(side, side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) {
      lv.set_wall({x, y}, wall(rng));
      if (costs) lv.set_cost({x, y}, cost(rng));
    }
  return lv;
}

struct LevelKind {
  int side;
  double density;
  bool costs;
};

Cell random_open_cell(const Level& lv, std::mt19937& rng) {
  std::uniform_int_distribution<int> px(0, lv.width() - 1), py(0, lv.height() - 1);
  for (;;) {
    const Cell c{px(rng), py(rng)};
    if (!lv.wall(c)) return c;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int queries = argc > 1 ? std::atoi(argv[1]) : 200;
  std::printf("level\theuristic\tqueries\tfound\texpanded\tseconds\tns_per_expansion\n");
  for (const auto& [side, density, costs] :
       {LevelKind{512, 0.10, false}, LevelKind{512, 0.30, false}, LevelKind{2048, 0.10, false},
        LevelKind{512, 0.10, true}}) {
    Level lv = random_level(side, density, costs, 7);
    for (Heuristic h : {Heuristic::Octile, Heuristic::Zero}) {
      std::mt19937 rng(42);
      std::int64_t expanded = 0;
      int found = 0;
      double seconds = 0;
      const int n = h == Heuristic::Zero ? std::max(1, queries / 10) : queries;
      // One search object per level; restart() per query is O(1) (a generation counter).
      BestFirstSearch s(lv, {.heuristic = h});
      for (int q = 0; q < n; ++q) {
        lv.set_start(random_open_cell(lv, rng));
        lv.set_goal(random_open_cell(lv, rng));
        const auto t0 = std::chrono::steady_clock::now();
        s.restart();
        found += s.run() == SearchState::Found;
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        expanded += s.metrics().expanded;
      }
      std::printf("random%d-%d%%%s\t%s\t%d\t%d\t%lld\t%.3f\t%.1f\n", side,
                  static_cast<int>(density * 100), costs ? "-costs" : "",
                  std::string(to_string(h)).c_str(), n, found,
                  static_cast<long long>(expanded), seconds, 1e9 * seconds / double(expanded));
    }
  }
}
