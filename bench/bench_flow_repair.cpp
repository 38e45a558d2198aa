// Flow fields after an edit (issue 32): a repair (FlowField::repair) against a new field, on
// MovingAI maps.
//   build/bench/bench_flow_repair ../shared/movingai/*.map.scen [--edits E] [--seed S]
// For each scenario, the field towards its last query's goal; then E edits (default 20), one
// after another, each toggling one cell between wall and floor: every other one on the way from
// the last query's start to the goal (a wall across the army's way), the others up to 3 cells
// off it. Each edit is repaired and, beside it, a new field is made and run on the edited map;
// the two must agree in every cell (the exit code is 1 otherwise). One tab-separated row per
// file: cells, the new field's milliseconds (median), the repair's (median and max), the cells a
// repair reset and settled (median), and the mismatches.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "astar/flow_field.hpp"
#include "astar/movingai.hpp"
#include "bench_rows.hpp"

using namespace astar;

namespace {

using bench::Clock;
using bench::median;
using bench::ms_since;

bool same(const FlowField& a, const FlowField& b) {
  const Level& lv = a.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      if (a.integration({x, y}) != b.integration({x, y}) || a.state({x, y}) != b.state({x, y}))
        return false;
  return true;
}

// The cell to toggle: on the way from `start` (every other edit) or up to 3 cells off it.
Cell pick_cell(const Level& lv, const FlowField& f, Cell start, Cell goal, std::mt19937& rng, int k) {
  const std::vector<Cell> way = f.follow(start);
  for (int tries = 0; tries < 100; ++tries) {
    Cell c = way.size() > 2 ? way[1 + rng() % (way.size() - 2)] : start;
    if (k % 2 == 1) c = {c.x + static_cast<int>(rng() % 7) - 3, c.y + static_cast<int>(rng() % 7) - 3};
    if (lv.in_bounds(c) && !(c == start) && !(c == goal)) return c;
  }
  return start;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  int edits = 20;
  unsigned seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--edits" && i + 1 < argc) edits = std::atoi(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<unsigned>(std::atoi(argv[++i]));
    else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: bench_flow_repair SCEN... [--edits E] [--seed S]\n");
    return 2;
  }
  std::printf("scenario\tcells\tnew_ms\trepair_ms\trepair_max_ms\treset\tsettled\tmismatches\n");
  int bad = 0;
  for (const std::string& scen : files) {
    auto queries = load_movingai_scen(scen);
    auto map = load_movingai_map(scen.substr(0, scen.size() - 5));
    if (!queries || !map || queries.value().empty()) {
      std::fprintf(stderr, "%s: cannot read\n", scen.c_str());
      return 2;
    }
    Level lv = map.value();
    const MovementRules rules = movingai_rules();
    const Cell start = queries.value().back().start, goal = queries.value().back().goal;
    auto field = FlowField::make(lv, rules, {goal});
    if (!field) return 2;
    field.value().run();
    std::mt19937 rng(seed);
    std::vector<double> fresh_ms, repair_ms, reset, settled;
    int mismatches = 0;
    for (int k = 0; k < edits; ++k) {
      const Cell c = pick_cell(lv, field.value(), start, goal, rng, k);
      lv.set_wall(c, !lv.wall(c));
      auto t0 = Clock::now();
      const auto r = field.value().repair({c});
      repair_ms.push_back(ms_since(t0));
      t0 = Clock::now();
      auto fresh = FlowField::make(lv, rules, {goal});
      fresh.value().run();
      fresh_ms.push_back(ms_since(t0));
      if (!r || !same(field.value(), fresh.value())) ++mismatches;
      if (r) {
        reset.push_back(static_cast<double>(r.value().reset));
        settled.push_back(static_cast<double>(r.value().settled));
      }
    }
    bad += mismatches;
    std::printf("%s\t%lld\t%.2f\t%.2f\t%.2f\t%.0f\t%.0f\t%d\n", scen.c_str(),
                static_cast<long long>(lv.cell_count()), median(fresh_ms), median(repair_ms),
                *std::max_element(repair_ms.begin(), repair_ms.end()), median(reset), median(settled),
                mismatches);
    std::fflush(stdout);
  }
  return bad == 0 ? 0 : 1;
}
