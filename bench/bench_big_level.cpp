// A big level end to end (issue 7): make a SIDE² level with walls, noise costs and heights, save
// it, load it back, then search it with rewind recording on (what the studio's Back and the
// timeline need) and report times and memory.
//   build/bench/bench_big_level [SIDE] [FOLDER]   (default 4096 and the system temp folder)
// Prints one "name<TAB>value<TAB>unit" row per figure. Memory is the process's peak resident
// set (getrusage), read after each phase. Figures go in docs/benchmarks.md.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "astar/generate.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "bench_rows.hpp"
#include "big_level.hpp"

using namespace astar;
using namespace astar::bench;

namespace {

// The resident set now (/proc/self/statm), in MiB.
double current_mib() {
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

double peak_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace

int main(int argc, char** argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 4096;
  const std::filesystem::path folder = argc > 2 ? argv[2] : std::filesystem::temp_directory_path();
  const std::string file = (folder / ("bench-big-level-" + std::to_string(side) + ".json")).string();

  auto t0 = Clock::now();
  auto made = make_big_level(side);
  if (!made) {
    std::fprintf(stderr, "%s\n", made.error().c_str());
    return 1;
  }
  Level level = std::move(made).value();
  row("cells", static_cast<double>(level.cell_count()), "cells");
  row("generate (walls, noise costs, noise heights)", seconds_since(t0), "s");
  row("peak memory after generating", peak_mib(), "MiB");

  t0 = Clock::now();
  if (auto saved = save_level(level, file); !saved) {
    std::fprintf(stderr, "%s\n", saved.error().c_str());
    return 1;
  }
  row("save (atomic, flushed to disk)", seconds_since(t0), "s");
  row("file size", static_cast<double>(std::filesystem::file_size(file)) / (1 << 20), "MiB");
  t0 = Clock::now();
  auto loaded = load_level(file);
  if (!loaded) {
    std::fprintf(stderr, "%s\n", loaded.error().c_str());
    return 1;
  }
  row("load (read, parse, check)", seconds_since(t0), "s");
  std::filesystem::remove(file);
  const bool same = loaded.value() == level;
  row("loaded level equals the saved one", same ? 1 : 0, "bool");
  row("peak memory after loading", peak_mib(), "MiB");

  // The level in memory: walls, agents and solid 1 byte each, cost 4, height 4, edge mask 1.
  row("level bytes per cell", 12, "bytes");
  level = Level();  // keep only the loaded copy
  const double before_search = current_mib();
  row("memory in use with the loaded level", before_search, "MiB");
  for (const bool recording : {false, true}) {
    auto s = make_search(loaded.value(), SearchOptions{.algorithm = Algorithm::Dijkstra});
    s->set_recording(recording);
    t0 = Clock::now();
    s->run();
    const double secs = seconds_since(t0);
    if (!recording) {
      row("Dijkstra to the end, no recording", secs, "s");
      row("iterations", static_cast<double>(s->iterations()), "iterations");
      continue;
    }
    row("Dijkstra to the end, recording rewind", secs, "s");
    const double now = current_mib();
    row("memory in use: level + search + its full rewind trace", now, "MiB");
    row("search + trace memory", now - before_search, "MiB");
    row("search + trace bytes per cell", (now - before_search) * (1 << 20) / loaded.value().cell_count(), "bytes");
    row("search + trace bytes per iteration", (now - before_search) * (1 << 20) / static_cast<double>(s->iterations()), "bytes");
    row("peak memory of the process so far (loading included)", peak_mib(), "MiB");
    const std::int64_t end = s->iterations();
    t0 = Clock::now();
    s->seek(end / 2);
    row("seek from the end to the middle", seconds_since(t0) * 1e3, "ms");
    t0 = Clock::now();
    s->seek(end);
    row("seek from the middle to the end", seconds_since(t0) * 1e3, "ms");
    s->seek(end / 2);
    t0 = Clock::now();
    for (int k = 0; k < 1000; ++k) s->step_back();
    row("step back (mean of 1,000)", seconds_since(t0) * 1e6, "ns");
    row("peak memory of the process (the seek's open set included)", peak_mib(), "MiB");
  }
  return same ? 0 : 1;
}
