// What JPS+'s precomputation costs (jump_distances.hpp): per MovingAI map, the time to build the
// jump distances (what a JPS search's construction adds, JumpGrid::assign) against the block
// scans' bit lines alone, and the time of JumpDistances::update after an edit of one cell and of
// an 8 x 8 rectangle (walls set, then cleared), at random places.
//   build/bench/bench_jump_distances ../shared/movingai/*.map [--reps R] [--edits N]
// One tab-separated row per map; times are the best of R builds and the mean over N edits.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/jump_distances.hpp"
#include "astar/jump_point.hpp"
#include "astar/movingai.hpp"

using namespace astar;

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

template <class Fn>
double best_ms(int reps, Fn&& fn) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = Clock::now();
    fn();
    best = std::min(best, ms_since(t0));
  }
  return best;
}

// Mean time of update() after setting, then clearing, the walls of a side x side square at
// random places (each edit timed alone).
double mean_update_ms(Level lv, int side, int edits, std::mt19937& rng) {
  JumpDistances table(lv);
  std::uniform_int_distribution<int> px(0, lv.width() - side), py(0, lv.height() - side);
  double total = 0;
  for (int e = 0; e < edits; ++e) {
    const Cell a{px(rng), py(rng)};
    const CellRect r{a, {a.x + side - 1, a.y + side - 1}};
    std::vector<std::uint8_t> before;
    for (int y = r.y0(); y <= r.y1(); ++y)
      for (int x = r.x0(); x <= r.x1(); ++x) before.push_back(lv.wall({x, y}) ? 1 : 0);
    for (const bool undo : {false, true}) {
      std::size_t k = 0;
      for (int y = r.y0(); y <= r.y1(); ++y)
        for (int x = r.x0(); x <= r.x1(); ++x) lv.set_wall({x, y}, undo ? before[k++] != 0 : true);
      const auto t0 = Clock::now();
      table.update(lv, r);
      total += ms_since(t0);
    }
  }
  return total / (2.0 * edits);
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 5, edits = 200;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (a == "--edits" && i + 1 < argc) edits = std::max(1, std::atoi(argv[++i]));
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_jump_distances MAP... [--reps R] [--edits N]\n");
    return 2;
  }
  std::printf("map\tcells\tbit_lines_ms\tjps_plus_ms\ttable_mib\tupdate_1x1_ms\tupdate_8x8_ms\n");
  std::mt19937 rng(15);
  for (const std::string& file : files) {
    auto loaded = load_movingai_map(file);
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.error().c_str());
      return 2;
    }
    const Level& lv = loaded.value();
    JumpGrid grid;
    const double blocks = best_ms(reps, [&] { grid.assign(lv, JumpMethod::Blocks); });
    const double plus = best_ms(reps, [&] { grid.assign(lv, JumpMethod::Distances); });
    const double mib = static_cast<double>(lv.cell_count()) *
                       static_cast<double>(sizeof(JumpDistances::Record)) / (1024.0 * 1024.0);
    const std::string name = file.substr(file.find_last_of('/') + 1);
    std::printf("%s\t%lld\t%.2f\t%.2f\t%.1f\t%.3f\t%.3f\n", name.c_str(),
                static_cast<long long>(lv.cell_count()), blocks, plus, mib,
                mean_update_ms(lv, 1, edits, rng), mean_update_ms(lv, 8, edits, rng));
  }
}
