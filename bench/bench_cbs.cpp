// Conflict-Based Search on MovingAI maps (issue 33, item 6): the largest number of units plain
// CBS (the earliest conflict first) and prioritized CBS (cardinal conflicts first, by MDDs;
// Boyarski et al., IJCAI 2015) solve within a time limit, both in the same run.
//   build/bench/bench_cbs ../shared/movingai/random-32-32-20.map [--seconds 60] [--step 5]
//                         [--seed 1] [--most 200]
// The problem with K units is the first K rows of a scenario this makes the way MovingAI's MAPF
// "random" scenarios are made: distinct random starts and distinct random goals, all on the
// map's largest 4-connected region, seeded (the shared maps' own .scen files are single-agent
// queries: their rows share starts). Rules: the benchmark's (4 neighbours, every move and wait 1).
// K goes up by `step` for each planner until it fails (past the limit, or the node budget of
// 10,000,000); one tab-separated row per (K, planner): solved or not, seconds, tree nodes made
// and split, low-level searches, sum of costs, makespan. Exit 1 when the two planners' sums of
// costs differ where both solved (both are optimal) or a plan has a conflict.
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/movingai.hpp"
#include "astar/unit_plans.hpp"
#include "bench_rows.hpp"

using namespace astar;

namespace {

// The cells of the largest 4-connected region of open cells.
std::vector<Cell> largest_region(const Level& lv) {
  std::vector<int> region(static_cast<std::size_t>(lv.cell_count()), -1);
  std::vector<Cell> best;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      if (!lv.open({x, y}) || region[to_u32(lv.index({x, y}))] >= 0) continue;
      std::vector<Cell> cells;
      std::deque<Cell> todo{{x, y}};
      region[to_u32(lv.index({x, y}))] = 1;
      while (!todo.empty()) {
        const Cell c = todo.front();
        todo.pop_front();
        cells.push_back(c);
        for (const Cell n : {Cell{c.x + 1, c.y}, Cell{c.x - 1, c.y}, Cell{c.x, c.y + 1}, Cell{c.x, c.y - 1}})
          if (lv.in_bounds(n) && lv.open(n) && region[to_u32(lv.index(n))] < 0) {
            region[to_u32(lv.index(n))] = 1;
            todo.push_back(n);
          }
      }
      if (cells.size() > best.size()) best = std::move(cells);
    }
  return best;
}

// `most` units: distinct random starts, distinct random goals.
std::vector<Unit> scenario(const Level& map, std::uint32_t seed, std::size_t most) {
  std::vector<Cell> starts = largest_region(map), goals = starts;
  std::mt19937 rng(seed);
  std::shuffle(starts.begin(), starts.end(), rng);
  std::shuffle(goals.begin(), goals.end(), rng);
  std::vector<Unit> out;
  for (std::size_t i = 0; i < std::min(most, starts.size()); ++i) out.push_back(Unit{starts[i], goals[i], std::nullopt});
  return out;
}

struct Row {
  bool solved = false;
  double seconds = 0;
  CbsResult r;
};

Row run_one(Level lv, std::size_t k, const std::vector<Unit>& units, CbsConflictChoice choice, double seconds) {
  lv.units.assign(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(k));
  const auto t0 = bench::Clock::now();
  auto res = plan_cbs(lv, mapf_rules(), {.choice = choice, .max_nodes = 10'000'000, .max_seconds = seconds});
  Row row;
  row.seconds = bench::seconds_since(t0);
  if (!res) {
    std::fprintf(stderr, "%s\n", res.error().c_str());
    std::exit(2);
  }
  row.r = std::move(res.value());
  row.solved = row.r.outcome == CbsOutcome::Solved;
  return row;
}

void print(const std::string& map, std::size_t k, CbsConflictChoice choice, const Row& row, const Level& lv) {
  std::size_t soc = 0, makespan = 0;
  if (row.solved) {
    std::vector<Cell> goals;
    for (std::size_t i = 0; i < k; ++i) goals.push_back(lv.units[i].goal);
    const PlanStats s = plan_stats(row.r.plans, goals);
    soc = s.sum_of_costs;
    makespan = s.makespan;
  }
  std::printf("%s\t%zu\t%s\t%s\t%.3f\t%zu\t%zu\t%zu\t%zu\t%zu\n", map.c_str(), k,
              choice == CbsConflictChoice::First ? "plain" : "prioritized", row.solved ? "yes" : "no",
              row.seconds, row.r.nodes_made, row.r.nodes_expanded, row.r.low_level_searches, soc, makespan);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> maps;
  double seconds = 60;
  std::size_t step = 5, most = 200;
  std::uint32_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--step" && i + 1 < argc) step = std::max(1ul, std::strtoul(argv[++i], nullptr, 10));
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<std::uint32_t>(std::strtoul(argv[++i], nullptr, 10));
    else if (a == "--most" && i + 1 < argc) most = std::strtoul(argv[++i], nullptr, 10);
    else maps.push_back(a);
  }
  if (maps.empty()) {
    std::fprintf(stderr, "usage: bench_cbs MAP... [--seconds 60] [--step 5] [--seed 1] [--most 200]\n");
    return 2;
  }
  std::printf("map\tunits\tcbs\tsolved\tseconds\tnodes_made\tnodes_split\tsearches\tsum_of_costs\tmakespan\n");
  bool ok = true;
  for (const std::string& path : maps) {
    auto map = load_movingai_map(path);
    if (!map) {
      std::fprintf(stderr, "%s\n", map.error().c_str());
      return 2;
    }
    Level lv = map.value();
    lv.rules() = mapf_rules();
    const std::vector<Unit> units = scenario(lv, seed, most);
    const std::string name = path.substr(path.find_last_of('/') + 1);
    bool plain_on = true, prio_on = true;
    std::size_t largest[2] = {0, 0};
    for (std::size_t k = step; k <= units.size() && (plain_on || prio_on); k += step) {
      Row rows[2];
      for (int c = 0; c < 2; ++c) {
        if (!(c == 0 ? plain_on : prio_on)) continue;
        const CbsConflictChoice choice = c == 0 ? CbsConflictChoice::First : CbsConflictChoice::Cardinal;
        rows[c] = run_one(lv, k, units, choice, seconds);
        lv.units.assign(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(k));
        print(name, k, choice, rows[c], lv);
        if (rows[c].solved) {
          largest[c] = k;
          ok = ok && find_conflicts(rows[c].r.plans).empty();
        } else {
          (c == 0 ? plain_on : prio_on) = false;
        }
      }
      if (rows[0].solved && rows[1].solved && !(rows[0].r.cost == rows[1].r.cost)) {
        std::fprintf(stderr, "%s, %zu units: the two sums of costs differ\n", name.c_str(), k);
        ok = false;
      }
    }
    std::printf("# %s: largest K solved within %.0f s: plain %zu, prioritized %zu\n", name.c_str(), seconds,
                largest[0], largest[1]);
  }
  return ok ? 0 : 1;
}
