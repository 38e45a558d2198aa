// astar bench SCEN...: runs MovingAI scenario files and compares every length with the optimal
// one printed in the file. One tab-separated row per file.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms.hpp"
#include "args.hpp"
#include "astar/hpa_star.hpp"
#include "astar/level.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "astar/format.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 7> kBenchOptions{{
    {"--algorithm", true},
    {"--weight", true},
    {"--check", false},
    {"--limit", true},
    {"--cluster-size", true},
    {"--hpa-smooth", false},
    {"--max-ratio", true},
}};

// --check's bound on length / optimal length for HPA* when --max-ratio is not given.
constexpr double kHpaDefaultMaxRatio = 3.0;

struct BenchConfig {
  std::vector<std::string> scen_paths;
  SearchOptions options;  // the algorithm, weight and heuristic (octile; euclidean for theta)
  bool check = false;
  std::int64_t limit = 0;  // 0: every query
  // --check's bound on a path's length over the optimal one, for algorithms without a
  // guarantee on the length (none: only "a path is found"); kHpaDefaultMaxRatio for HPA*.
  std::optional<double> max_ratio;
};

std::string see_help() { return " (see 'astar bench --help')"; }

Result<BenchConfig> parse_bench_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, kBenchOptions);
  if (!parsed) return Error{"bench: " + parsed.error() + see_help()};
  const ParsedArgs& p = parsed.value();

  BenchConfig cfg;
  if (p.positionals.empty()) return Error{"bench: missing SCEN argument" + see_help()};
  for (const std::string& s : p.positionals) {
    if (s.empty()) return Error{"bench: SCEN is an empty file name"};
    cfg.scen_paths.push_back(s);
  }
  if (const std::string* v = p.get("--algorithm")) {
    auto a = parse_algorithm_option(*v);
    if (!a) return Error{a.error()};
    cfg.options.algorithm = a.value();
    // Any-angle paths are straight segments: the straight-line distance is their admissible
    // estimate (octile overestimates them). Grid searches use octile, exact on open ground.
    cfg.options.heuristic =
        info(a.value()).path_shape == PathShape::Waypoints ? Heuristic::Euclidean : Heuristic::Octile;
  }
  // Any weight >= 1 is accepted here; the search refuses one given to another algorithm than
  // weighted A* (checked on each map before the first search: exit 2).
  if (const std::string* v = p.get("--weight")) {
    auto w = parse_weight_option("--weight", *v);
    if (!w) return Error{w.error()};
    cfg.options.weight = w.value();
  }
  if (const std::string* v = p.get("--cluster-size")) {
    auto n = parse_cluster_size_option(*v);
    if (!n) return Error{n.error()};
    cfg.options.cluster_size = n.value();
  }
  cfg.options.hpa_smooth = p.has("--hpa-smooth");
  if (const std::string* v = p.get("--max-ratio")) {
    auto r = parse_weight_option("--max-ratio", *v);
    if (!r) return Error{r.error()};
    cfg.max_ratio = r.value();
  }
  if (!cfg.max_ratio && info(cfg.options.algorithm).extras.hierarchy) cfg.max_ratio = kHpaDefaultMaxRatio;
  cfg.check = p.has("--check");
  if (const std::string* v = p.get("--limit")) {
    auto n = parse_positive_int("--limit", *v);
    if (!n) return Error{n.error()};
    cfg.limit = n.value();
  }
  return cfg;
}

// A map, loaded once however many files name it, and its one search object: made before the
// first file of the map runs, restarted per query, dropped after the last file of the map.
struct BenchMap {
  std::unique_ptr<Level> level;
  std::unique_ptr<Search> search;
  int files_left = 0;  // files still to run on this map
  double precompute_seconds = 0.0;  // HPA*'s graph, built with the search (reported once)
};

// One .scen file with its map, loaded and checked before any search runs.
struct BenchFile {
  std::string scen_path;
  std::vector<ScenarioQuery> queries;  // already cut to --limit
  BenchMap* map = nullptr;             // shared between files naming the same map
};

struct Totals {
  std::int64_t queries = 0;
  std::int64_t mismatches = 0;
  std::int64_t failures = 0;  // queries that break the algorithm's guarantee (--check)
  std::int64_t skipped = 0;
  std::int64_t expanded = 0;
  double seconds = 0.0;
  double precompute_seconds = 0.0;
  std::int64_t ratios = 0;  // found paths with an optimal length > 0
  double ratio_sum = 0.0, ratio_max = 0.0;
};

std::string fixed(double v, int decimals) {
  char buf[64];
  const int n = std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
}

std::string row_text(const std::string& file, std::string_view algorithm, const Totals& t) {
  const double ns = t.expanded > 0 ? t.seconds * 1e9 / static_cast<double>(t.expanded) : 0.0;
  return file + "\t" + std::string(algorithm) + "\t" + std::to_string(t.queries) + "\t" +
         std::to_string(t.mismatches) + "\t" + std::to_string(t.skipped) + "\t" +
         std::to_string(t.expanded) + "\t" + fixed(t.seconds, 6) + "\t" + fixed(ns, 1) + "\t" +
         fixed(t.precompute_seconds, 6) + "\t" +
         fixed(t.ratios > 0 ? t.ratio_sum / static_cast<double>(t.ratios) : 0.0, 6) + "\t" +
         fixed(t.ratio_max, 6) + "\n";
}

constexpr std::string_view kHeader =
    "file\talgorithm\tqueries\tmismatches\tskipped\texpanded\tseconds\tns_per_expansion\t"
    "precompute_seconds\tmean_ratio\tmax_ratio\n";

// The largest length accepted as at most `factor` times the query's optimal one: the upper end
// of movingai_length_matches, scaled.
double upper_bound(const ScenarioQuery& q, double factor) {
  return factor * (q.optimal + q.tolerance + q.optimal * kMovingAiSqrt2Shortfall);
}

// How one query's result compares with the scenario, for the algorithm that found it.
struct Verdict {
  bool mismatch;         // counted in the mismatches column
  bool fails;            // breaks what the algorithm guarantees: --check exits 1
  std::string expected;  // for the --check message
};

// `cost` is +inf when no path was found.
Verdict judge(const ScenarioQuery& q, double cost, const BenchConfig& cfg) {
  const SearchOptions& o = cfg.options;
  const bool found = std::isfinite(cost);
  if (info(o.algorithm).path_shape == PathShape::Waypoints) {
    // Any-angle paths are never longer than the grid's optimal one, and usually shorter.
    const bool longer = !found || cost > upper_bound(q, 1.0);
    return {longer, longer, "at most " + q.optimal_text};
  }
  const bool mismatch = !movingai_length_matches(q, cost);
  switch (info(o.algorithm).guarantee) {
    case Guarantee::Optimal: return {mismatch, mismatch, q.optimal_text};
    case Guarantee::BoundedByWeight:
      return {mismatch, !found || cost > upper_bound(q, o.weight),
              "at most " + format_cost(o.weight) + " * " + q.optimal_text};
    case Guarantee::None: break;
  }
  // No bound on the length but --max-ratio's, and every algorithm here finds a path when there
  // is one.
  if (cfg.max_ratio)
    return {mismatch, !found || cost > upper_bound(q, *cfg.max_ratio),
            "at most " + format_cost(*cfg.max_ratio) + " * " + q.optimal_text};
  return {mismatch, !found, "a path (optimal " + q.optimal_text + ")"};
}

// Runs the queries of one file with the map's search object, restarted per query.
Totals run_file(const BenchFile& f, const BenchConfig& cfg) {
  Totals t;
  Level& level = *f.map->level;
  Search& search = *f.map->search;
  using Clock = std::chrono::steady_clock;
  Clock::duration busy{};
  for (const ScenarioQuery& q : f.queries) {
    ++t.queries;
    if (!level.open(q.start) || !level.open(q.goal)) {
      ++t.skipped;
      continue;
    }
    level.set_start(q.start);
    level.set_goal(q.goal);
    const auto t0 = Clock::now();
    search.restart();  // re-reads the level's start and goal
    const SearchState state = search.run();
    busy += Clock::now() - t0;
    // HPA*'s steps are clusters, abstract nodes and legs: count the nodes its searches took.
    const HpaView* h = search.hierarchy();
    t.expanded += h ? h->abstract_expanded + h->refine_expanded : search.metrics().expanded;
    const double cost = state == SearchState::Found ? search.path_cost()
                                                    : std::numeric_limits<double>::infinity();
    if (std::isfinite(cost) && q.optimal > 0.0) {
      ++t.ratios;
      t.ratio_sum += cost / q.optimal;
      t.ratio_max = std::max(t.ratio_max, cost / q.optimal);
    }
    const Verdict v = judge(q, cost, cfg);
    if (v.mismatch) ++t.mismatches;
    if (!v.fails) continue;
    ++t.failures;
    if (cfg.check) {
      std::string got = state == SearchState::Found ? format_cost(cost)
                                                    : std::string(to_string(state));
      if (state == SearchState::Invalid && !search.message().empty())
        got += " (" + search.message() + ")";
      print_error(f.scen_path + ": line " + std::to_string(q.line) + ": start " +
                  cell_text(q.start) + ", goal " + cell_text(q.goal) + ": expected " +
                  v.expected + ", got " + got);
    }
  }
  t.seconds = std::chrono::duration<double>(busy).count();
  return t;
}

// Loads every .scen file and its map, so that bad input stops before any search runs.
// Maps named by several files are loaded once.
Result<std::vector<BenchFile>> load_all(const BenchConfig& cfg,
                                        std::map<std::string, BenchMap>& maps) {
  std::vector<BenchFile> files;
  for (const std::string& path : cfg.scen_paths) {
    auto scen = load_movingai_scen(path);
    if (!scen) return Error{scen.error()};
    BenchFile f;
    f.scen_path = path;
    f.queries = std::move(scen.value());
    if (cfg.limit > 0 && static_cast<std::int64_t>(f.queries.size()) > cfg.limit)
      f.queries.resize(static_cast<std::size_t>(cfg.limit));
    if (!f.queries.empty()) {
      const std::string map_path = resolve_movingai_map_path(path, f.queries.front().map);
      BenchMap& m = maps[map_path];
      if (!m.level) {
        auto level = load_movingai_map(map_path);
        if (!level) return Error{path + ": map " + level.error()};
        m.level = std::make_unique<Level>(std::move(level.value()));
        // The algorithm may refuse the map or the options (a weight for another algorithm
        // than weighted A*, ...): bad input, before any search.
        const std::string why = check_supported(*m.level, movingai_rules(), cfg.options);
        if (!why.empty()) return Error{path + ": " + why};
      }
      for (const ScenarioQuery& q : f.queries) {
        if (q.map_width != m.level->width() || q.map_height != m.level->height())
          return Error{path + ": line " + std::to_string(q.line) + ": the query's map is " +
                       std::to_string(q.map_width) + "x" + std::to_string(q.map_height) +
                       " but " + map_path + " is " + std::to_string(m.level->width()) + "x" +
                       std::to_string(m.level->height())};
      }
      ++m.files_left;
      f.map = &m;
    }
    files.push_back(std::move(f));
  }
  return files;
}

// The map's search object; for HPA*, its abstract graph built first, timed apart.
void make_map_search(BenchMap& m, const BenchConfig& cfg) {
  if (!info(cfg.options.algorithm).extras.hierarchy) {
    m.search = make_search(*m.level, movingai_rules(), cfg.options);
    return;
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto graph = std::make_shared<HpaGraph>(*m.level, movingai_rules(), cfg.options.cluster_size);
  graph->build_all();
  m.precompute_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto cache = std::make_shared<HpaCache>();
  cache->graph = std::move(graph);
  m.search = make_hpa_search(*m.level, movingai_rules(), cfg.options, cache);
}

}  // namespace

int bench_command(std::span<const std::string> args) {
  auto parsed = parse_bench_args(args);
  if (!parsed) {
    print_error(parsed.error());
    return kExitBadInput;
  }
  const BenchConfig& cfg = parsed.value();

  std::map<std::string, BenchMap> maps;
  auto loaded = load_all(cfg, maps);
  if (!loaded) {
    print_error(loaded.error());
    return kExitBadInput;
  }

  if (!write_stdout(kHeader)) {
    print_error("cannot write the output");
    return kExitInternal;
  }
  const std::string_view algorithm = info(cfg.options.algorithm).name;
  std::int64_t failures = 0;
  for (const BenchFile& f : loaded.value()) {
    Totals t;
    if (f.map != nullptr) {
      BenchMap& m = *f.map;
      if (!m.search) make_map_search(m, cfg);
      t = run_file(f, cfg);
      t.precompute_seconds = m.precompute_seconds;
      m.precompute_seconds = 0.0;  // reported on the map's first row only
      if (--m.files_left == 0) m.search.reset();
    }
    failures += t.failures;
    if (!write_stdout(row_text(f.scen_path, algorithm, t))) {
      print_error("cannot write the output");
      return kExitInternal;
    }
  }
  return cfg.check && failures > 0 ? kExitNoPath : kExitFound;
}

std::string bench_help() {
  const std::string astar(info(Algorithm::AStar).name);
  const std::string weighted(info(Algorithm::WeightedAStar).name);
  const std::string theta(info(Algorithm::ThetaStar).name);
  std::vector<std::string_view> optimal, unbounded;
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
    const AlgorithmInfo& a = info(static_cast<Algorithm>(i));
    if (a.guarantee == Guarantee::Optimal) optimal.push_back(a.name);
    if (a.guarantee == Guarantee::None && a.path_shape != PathShape::Waypoints)
      unbounded.push_back(a.name);
  }
  std::string h;
  h += "astar bench SCEN... [--algorithm NAME] [--weight W] [--check] [--limit N]\n";
  h += "                    [--cluster-size N] [--hpa-smooth] [--max-ratio R]\n";
  h += "\n";
  h += "  Runs every query of each MovingAI scenario file SCEN (.scen) on its map (.map) and\n";
  h += "  compares each path's length with the optimal length printed in the file. Lengths\n";
  h += "  follow MovingAI's rules: 8 neighbours, straight steps cost 1, diagonal steps\n";
  h += "  sqrt(2), no corner cutting. A length L matches the printed one P when\n";
  h += "  -t <= L - P <= t + 1.72e-8 * P, t being half a unit in the last printed digit: the\n";
  h += "  files were made with approximations of sqrt(2) a little below it (1.414213562, and\n";
  h += "  single-precision sqrt(2) in the 2011 files). One search object per map, restarted\n";
  h += "  per query.\n";
  h += "\n";
  h += "  The map of SCEN is SCEN without \".scen\" when that file exists (den312d.map.scen ->\n";
  h += "  den312d.map), else the file name of the query's map field in SCEN's folder. Its\n";
  h += "  size must match every query's map width and height. All files are loaded and\n";
  h += "  checked before the first search.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --algorithm NAME     the search, one of the algorithms below, with the octile\n";
  h += "                       heuristic where it uses one (euclidean for " + theta + ", whose\n";
  h += "                       any-angle paths octile would overestimate). Default: " + astar + ".\n";
  h += "  --weight W           the weight w of " + weighted +
       " (f = g + w * h), a finite number\n";
  h += "                       >= 1. Default: 1. Any other algorithm refuses a weight other\n";
  h += "                       than 1 (exit 2).\n";
  h += "  --check              exit 1 when any query breaks the algorithm's guarantee (see\n";
  h += "                       Mismatches below), and print each such query to stderr\n";
  h += "                       (file, line, start, goal, expected and found length).\n";
  h += "                       Default: exit 0 either way.\n";
  h += "  --limit N            run only the first N queries of each file (N a whole\n";
  h += "                       number >= 1). Default: every query.\n";
  h += "  --cluster-size N     hpa-star's clusters: N x N cells, N 4..256. Default: 16.\n";
  h += "  --hpa-smooth         hpa-star: smooth each refined path (an A* inside the clusters\n";
  h += "                       it crosses). Default: off.\n";
  h += "  --max-ratio R        with --check, algorithms without a bound on the length fail\n";
  h += "                       a query whose length is above R times the optimal one\n";
  h += "                       (R >= 1). Default: " + fixed(kHpaDefaultMaxRatio, 1) +
       " for hpa-star, none (a path is\n";
  h += "                       enough) for the others.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Algorithms (--algorithm NAME; the guarantee holds with an admissible heuristic):\n";
  h += algorithm_table("  ");
  h += "\n";
  h += "  Every one of them runs on MovingAI maps (uniform cost, 8 neighbours, no corner\n";
  h += "  cutting), including jps and " + theta + ".\n";
  h += "\n";
  h += "Mismatches and --check, per algorithm:\n";
  h += "  " + join(optimal) + "\n";
  h += "      optimal: a mismatch is a length that differs from the optimal one, or no path;\n";
  h += "      --check fails on any mismatch.\n";
  h += "  " + theta + "\n";
  h += "      any-angle: its paths go straight between waypoints, so its lengths are SHORTER\n";
  h += "      than the grid's optimal one (or equal), never longer. A mismatch is a length\n";
  h += "      greater than the optimal one (L - P > t + 1.72e-8 * P), or no path; --check\n";
  h += "      fails on any mismatch.\n";
  h += "  " + weighted + "\n";
  h += "      a mismatch is counted as for " + astar +
       " (any length other than the optimal one), but\n";
  h += "      longer paths are allowed: --check fails only on a length above W times the\n";
  h += "      optimal one (L > W * (P + t + 1.72e-8 * P)), or no path.\n";
  h += "  " + join(unbounded) + "\n";
  h += "      no guarantee on the length: a mismatch is counted as for " + astar +
       ", but --check\n";
  h += "      fails only when no path is found, or with --max-ratio R (hpa-star: R = " +
       fixed(kHpaDefaultMaxRatio, 1) + "\n";
  h += "      unless given) on a length above R * (P + t + 1.72e-8 * P).\n";
  h += "\n";
  h += "Output: a header line, then one tab-separated row per SCEN, in the order given:\n";
  h += "  file              SCEN as given\n";
  h += "  algorithm         the algorithm's NAME\n";
  h += "  queries           queries run (at most N with --limit), skipped ones included\n";
  h += "  mismatches        queries whose length is not the expected one for the algorithm\n";
  h += "                    (see Mismatches above), or with no path found\n";
  h += "  skipped           queries whose start or goal is blocked on the map (not searched)\n";
  h += "  expanded          nodes taken from the open set, all queries together (hpa-star:\n";
  h += "                    abstract nodes plus the cells its refining searches took)\n";
  h += "  seconds           time spent searching (restart and run only), steady clock\n";
  h += "  ns_per_expansion  seconds / expanded, in nanoseconds\n";
  h += "  precompute_seconds  hpa-star: building the map's abstract graph, apart from\n";
  h += "                    seconds (on the map's first row; 0 on the others and for the\n";
  h += "                    other algorithms)\n";
  h += "  mean_ratio        mean of length / optimal length over the found paths (optimal\n";
  h += "                    length > 0): 1 for optimal algorithms, up to rounding\n";
  h += "  max_ratio         the largest of those ratios\n";
  h += "\n";
  h += "  bench exits 1 only with --check and at least one query that breaks the\n";
  h += "  algorithm's guarantee; a .scen or .map file that cannot be loaded or whose sizes\n";
  h += "  disagree, or an algorithm that refuses the options, is bad input (exit 2).\n";
  return h;
}

}  // namespace astar::cli
