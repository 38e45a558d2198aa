// Repairs against searching again (issue 17, item 6): on MovingAI maps, LPA* (or D* Lite) finds
// a path, then single cells on or near its current path are toggled between wall and floor,
// one at a time; each edit is repaired (apply_changes + run) and, beside it, A* searches the
// edited map from scratch.
//   build/bench/bench_replanning ../shared/movingai/*.scen [--queries N] [--edits E]
//                                [--algorithm lpa-star|d-star-lite] [--seed S]
// For each file, the N longest queries (default 10), E edits each (default 10): every other
// edit on a path cell (not an endpoint), the others up to 2 cells off it. One tab-separated row
// per file: repairs; cells updated by the repair (cells whose g or rhs changed, the edit's own
// updates and the steps after it: median and mean); queue pops of the repair (median); A*'s
// expansions from scratch (median and mean); the milliseconds of a repair and of A* (median;
// a repair's time includes apply_changes copying the edited level); cost mismatches (must be
// 0: the exit code is 1 otherwise).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "astar/replanning.hpp"
#include "bench_rows.hpp"

using namespace astar;

namespace {

using bench::Clock;
using bench::median;
using bench::ms_since;

double mean(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

struct Config {
  std::vector<std::string> files;
  std::size_t queries = 10;
  int edits = 10;
  Algorithm algorithm = Algorithm::LpaStar;
  unsigned seed = 17;
};

struct Samples {
  std::vector<double> updated, pops, fresh, repair_ms, fresh_ms;
  int mismatches = 0;
};

// A cell on the path (not an endpoint), or, for odd edits, up to 2 cells off it.
Cell pick_cell(const std::vector<Cell>& path, int edit, std::mt19937& rng) {
  Cell c = path[std::uniform_int_distribution<std::size_t>(1, path.size() - 2)(rng)];
  if (edit % 2 == 1) {
    c.x += std::uniform_int_distribution<int>(-2, 2)(rng);
    c.y += std::uniform_int_distribution<int>(-2, 2)(rng);
  }
  return c;
}

// One query: the search, then its edits, each repaired and compared with A* from scratch.
void run_query(Level lv, const ScenarioQuery& q, const Config& cfg, std::mt19937& rng, Samples& out) {
  lv.set_start(q.start);
  lv.set_goal(q.goal);
  ReplanningSearch s(lv, lv.rules(), {.algorithm = cfg.algorithm});
  s.run();
  for (int e = 0; e < cfg.edits && s.state() == SearchState::Found; ++e) {
    const std::vector<Cell> path = s.path();
    if (path.size() < 3) return;
    const Cell c = pick_cell(path, e, rng);
    if (!lv.in_bounds(c) || c == lv.start() || c == lv.goal()) continue;
    lv.set_wall(c, !lv.wall(c));
    const Cell changed[] = {c};
    const auto t0 = Clock::now();
    (void)s.apply_changes(lv, changed);
    s.run();
    out.repair_ms.push_back(ms_since(t0));
    const auto t1 = Clock::now();
    const auto fresh = make_search(lv, lv.rules(), {.algorithm = Algorithm::AStar});
    fresh->run();
    out.fresh_ms.push_back(ms_since(t1));
    if (fresh->state() != s.state() ||
        (s.state() == SearchState::Found && fresh->path_cost() != s.path_cost()))
      ++out.mismatches;
    out.updated.push_back(static_cast<double>(s.repair().cells_updated));
    out.pops.push_back(static_cast<double>(s.repair().expanded));
    out.fresh.push_back(static_cast<double>(fresh->iterations()));
  }
}

bool parse(int argc, char** argv, Config& cfg) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--queries" && has_value) cfg.queries = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--edits" && has_value) cfg.edits = std::atoi(argv[++i]);
    else if (a == "--seed" && has_value) cfg.seed = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    else if (a == "--algorithm" && has_value) {
      const std::optional<Algorithm> alg = parse_algorithm(argv[++i]);
      if (!alg || !info(*alg).extras.replans) {
        std::fprintf(stderr, "--algorithm: expected lpa-star or d-star-lite, got %s\n", argv[i]);
        return false;
      }
      cfg.algorithm = *alg;
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return false;
    } else {
      cfg.files.push_back(a);
    }
  }
  return !cfg.files.empty();
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  if (!parse(argc, argv, cfg)) {
    std::fprintf(stderr, "usage: bench_replanning FILE.scen... [--queries N] [--edits E] "
                         "[--algorithm lpa-star|d-star-lite] [--seed S]\n");
    return 2;
  }
  std::printf("file\trepairs\tupdated_median\tupdated_mean\tpops_median\tastar_median\t"
              "astar_mean\trepair_ms_median\tastar_ms_median\tmismatches\n");
  std::mt19937 rng(cfg.seed);
  int mismatches = 0;
  for (const std::string& file : cfg.files) {
    Result<MovingAiScenario> scen = load_movingai_scenario(file);
    if (!scen) {
      std::fprintf(stderr, "%s\n", scen.error().c_str());
      return 2;
    }
    std::vector<ScenarioQuery> qs = scen.value().queries;
    std::sort(qs.begin(), qs.end(), [](const auto& x, const auto& y) { return x.optimal > y.optimal; });
    qs.resize(std::min(qs.size(), cfg.queries));
    Samples s;
    for (const ScenarioQuery& q : qs) run_query(scen.value().map, q, cfg, rng, s);
    mismatches += s.mismatches;
    std::printf("%s\t%zu\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f\t%.2f\t%.2f\t%d\n", file.c_str(),
                s.updated.size(), median(s.updated), mean(s.updated), median(s.pops),
                median(s.fresh), mean(s.fresh), median(s.repair_ms), median(s.fresh_ms),
                s.mismatches);
  }
  return mismatches == 0 ? 0 : 1;
}
