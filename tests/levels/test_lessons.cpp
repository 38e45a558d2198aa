// The lessons in levels/lessons/: each opens, has a title, an explanation and the search it sets
// up, and shows the point its explanation makes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "astar/agent_walk.hpp"
#include "astar/format.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/imported_trace.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/replanning.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_replay.hpp"
#include "support/oracle.hpp"
#include "support/path_text.hpp"

using namespace astar;
using astar::test::path_of;

namespace {

const std::string kLessons = ASTAR_SOURCE_DIR "/levels/lessons/";

Level lesson(const char* file) {
  Result<Level> lv = load_level(kLessons + file);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return lv.value();
}

// The search as the lesson sets it up, with `change` applied, run to its end.
template <class Change>
std::unique_ptr<Search> run(const Level& lv, Change&& change) {
  SearchOptions o = with_preset({}, lv.preset);
  change(o);
  auto s = make_search(lv, o);
  s->run();
  return s;
}
std::unique_ptr<Search> run(const Level& lv) {
  return run(lv, [](SearchOptions&) {});
}
std::unique_ptr<Search> run(const Level& lv, Algorithm a) {
  return run(lv, [a](SearchOptions& o) { o.algorithm = a; });
}

double optimum(const Level& lv) {
  return test::oracle_distances(lv, lv.rules())[to_u32(lv.index(lv.goal()))];
}

struct NamedCost {
  const char* name;
  double cost;
};

// The Legend and the Costs palette name each cost as the lesson's text does: the level's
// palette has a terrain of each name and cost the text gives (and the text gives both), and
// every cost on the level is a terrain's, so none falls under "other costs".
void check_costs_named(const Level& lv, std::initializer_list<NamedCost> named) {
  const std::vector<Terrain> palette = terrains_of(lv);
  for (const NamedCost& n : named) {
    CAPTURE(n.name);
    CHECK(std::any_of(palette.begin(), palette.end(),
                      [&](const Terrain& t) { return t.name == n.name && t.cost == n.cost; }));
    CHECK(lv.description.find(n.name) != std::string::npos);
    char cost[32], costs[32];
    std::snprintf(cost, sizeof cost, "cost %g", n.cost);
    std::snprintf(costs, sizeof costs, "costs %g", n.cost);
    CHECK((lv.description.find(cost) != std::string::npos ||
           lv.description.find(costs) != std::string::npos));
  }
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const double c = lv.cost({x, y});
      CAPTURE(c);
      CHECK(std::any_of(palette.begin(), palette.end(),
                        [&](const Terrain& t) { return t.cost == c; }));
    }
}

bool inside(Cell c, Cell lo, Cell hi) {
  return c.x >= lo.x && c.x <= hi.x && c.y >= lo.y && c.y <= hi.y;
}

}  // namespace

TEST_CASE("[lessons] every lesson opens with a title, an explanation and a search that runs") {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(kLessons)) {
    if (e.path().extension() != ".json") continue;  // a lesson's trace sits beside it
    CAPTURE(e.path().string());
    Result<Level> lv = load_level(e.path().string());
    REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
    const Level& l = lv.value();
    CHECK(!l.name.empty());
    CHECK(l.description.size() > 80);
    CHECK(l.preset.algorithm.has_value());
    const auto s = run(l);
    CHECK(s->state() != SearchState::Invalid);
    CHECK(s->state() != SearchState::InProgress);
    ++n;
  }
  CHECK(n >= 12);
}

TEST_CASE("[lessons] four searches: BFS ignores the mud, A* equals Dijkstra with fewer nodes") {
  const Level lv = lesson("01-four-searches.json");
  const auto bfs = run(lv, Algorithm::BreadthFirst), dij = run(lv, Algorithm::Dijkstra);
  const auto astar = run(lv, Algorithm::AStar), greedy = run(lv, Algorithm::GreedyBestFirst);
  CHECK(dij->path_cost() == doctest::Approx(optimum(lv)));
  CHECK(astar->path_cost() == doctest::Approx(dij->path_cost()));
  CHECK(bfs->path_cost() > dij->path_cost() + 5);  // through the mud
  CHECK(astar->iterations() * 2 < dij->iterations());
  CHECK(greedy->iterations() < astar->iterations());
}

TEST_CASE("[lessons] four searches: the Legend calls the cost-5 band mud, as the text does") {
  check_costs_named(lesson("01-four-searches.json"), {{"mud", 5.0}});
}

TEST_CASE("[lessons] forest: the road is longer in cells and cheaper") {
  const Level lv = lesson("02-forest.json");
  const auto astar = run(lv), bfs = run(lv, Algorithm::BreadthFirst);
  CHECK(astar->path_cost() == doctest::Approx(optimum(lv)));
  const auto path = astar->path();
  CHECK(path.size() > bfs->path().size());  // more cells than the fewest-step path ...
  CHECK(astar->path_cost() * 2 < bfs->path_cost());  // ... for less than half its cost
  const auto on_road = std::count_if(path.begin(), path.end(), [&](Cell c) { return lv.cost(c) == 1.0; });
  CHECK(on_road * 10 >= static_cast<long>(path.size()) * 9);
}

TEST_CASE("[lessons] forest: the Legend's names and costs are the text's") {
  check_costs_named(lesson("02-forest.json"), {{"forest", 4.0}, {"road", 1.0}});
}

// The forest lesson's costs, f forest (4), . road (1); the road's loop at the top right runs
// along row 3 from x = 19 to 26:
//   ffffffffffffffffffffffffffffff
//   fS.......fffffffffffffffffffff
//   ffffffff.fffffffffffffffffffff
//   ffffffff.ffffffffff........fff
//   ffffffff..fffffffff.ffffff.fff
//   fffffffff.fffffffff.ffffff.fff
//   fffffffff...........ffffff.fff
//   ffffffffffffffffffffffffff.fff
//   ffffffffffffffffffffffffff..Gf
//   ffffffffffffffffffffffffffffff
TEST_CASE("[lessons] forest: what the text asks to paint changes the path") {
  const Level lv = lesson("02-forest.json");
  const std::vector<Terrain> palette = terrains_of(lv);
  const auto forest = std::find_if(palette.begin(), palette.end(),
                                   [](const Terrain& t) { return t.name == "forest"; });
  REQUIRE(forest != palette.end());
  const auto in_forest = [&](Cell c) { return lv.cost(c) == forest->cost; };  // before painting
  const auto before = run(lv);
  const std::vector<Cell> road_path = before->path();

  SUBCASE("forest over the road's loop at the top right: the path cuts through the forest") {
    Level painted = lv;
    std::vector<Cell> loop;
    for (int x = 19; x <= 26; ++x) loop.push_back({x, 3});
    for (Cell c : loop) {
      REQUIRE(lv.cost(c) == 1.0);  // the road
      painted.set_cost(c, forest->cost);
    }
    const auto after = run(painted);
    CHECK(after->path_cost() == doctest::Approx(optimum(painted)));
    CHECK(after->path() != road_path);
    const auto path = after->path();
    for (Cell c : loop) CHECK(std::find(path.begin(), path.end(), c) == path.end());
    // Straight through what was forest all along, not along the road.
    CHECK(std::count_if(path.begin(), path.end(), in_forest) >= 5);
  }
  SUBCASE("a wall across the road: the path steps round it through the forest") {
    // Any cell of the road the path takes, start and goal left out.
    for (std::size_t i = 1; i + 1 < road_path.size(); ++i) {
      const Cell w = road_path[i];
      const std::string at = cell_text(w);
      CAPTURE(at);
      Level walled = lv;
      walled.set_wall(w, true);
      const auto after = run(walled);
      REQUIRE(after->state() == SearchState::Found);
      const auto path = after->path();
      CHECK(std::find(path.begin(), path.end(), w) == path.end());
      CHECK(after->path_cost() > before->path_cost());
      CHECK(std::any_of(path.begin(), path.end(), in_forest));
    }
  }
}

TEST_CASE("[lessons] no path: the open set runs empty; the partial path ends nearest the goal") {
  const Level lv = lesson("03-no-path.json");
  CHECK(lv.preset.partial_path == true);
  const auto s = run(lv);
  CHECK(s->state() == SearchState::NoPath);
  const auto path = s->path();
  REQUIRE(!path.empty());
  CHECK(s->partial());
  // The end is a reachable cell at the least straight-line distance from the goal.
  const auto dist = test::oracle_distances(lv, lv.rules());
  double nearest = 1e300;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      if (std::isfinite(dist[to_u32(lv.index({x, y}))]))
        nearest = std::min(nearest, heuristic_distance(Heuristic::Euclidean, {x, y}, lv.goal()));
  CHECK(heuristic_distance(Heuristic::Euclidean, path.back(), lv.goal()) == doctest::Approx(nearest));
}

TEST_CASE("[lessons] the greedy trap: greedy's path costs more than A*'s") {
  const Level lv = lesson("04-greedy-trap.json");
  CHECK(lv.preset.algorithm == "greedy");
  const auto greedy = run(lv), astar = run(lv, Algorithm::AStar);
  CHECK(astar->path_cost() == doctest::Approx(optimum(lv)));
  CHECK(greedy->path_cost() > astar->path_cost() + 1);
}

// The pocket: walls along rows 2 and 8 from x = 9 to 20 and down x = 20; its mouth at x = 9.
//   ..S......############.......
//   .........P..........#....G..    (row 5: S at x 2, G at x 25; P: the pocket, x 9..19,
//   .........############.......     rows 3..7)
TEST_CASE("[lessons] the greedy trap: the closed set fills the pocket, the path never enters it") {
  const Level lv = lesson("04-greedy-trap.json");
  const auto greedy = run(lv);
  REQUIRE(greedy->state() == SearchState::Found);
  const Cell lo{9, 3}, hi{19, 7};
  for (int y = lo.y; y <= hi.y; ++y)
    for (int x = lo.x; x <= hi.x; ++x) {
      const std::string at = cell_text({x, y});
      CAPTURE(at);
      CHECK(greedy->node({x, y}).state == NodeState::Closed);
    }
  const auto path = greedy->path();
  for (Cell c : path) CHECK_FALSE(inside(c, lo, hi));
  // Straight at the pocket along row 5, then down at its mouth (x 7 to 8) ...
  const auto turn = std::find(path.begin(), path.end(), Cell{7, 5});
  REQUIRE(turn != path.end());
  for (auto it = path.begin(); it != turn; ++it) CHECK(it->y == 5);
  REQUIRE(turn + 1 != path.end());
  CHECK(*(turn + 1) == Cell{8, 6});
  // ... where A*'s path has left row 5 long before.
  const auto astar = run(lv, Algorithm::AStar)->path();
  CHECK(std::find(astar.begin(), astar.end(), Cell{7, 5}) == astar.end());
  CHECK(greedy->path_cost() == doctest::Approx(28.0710678));
  CHECK(run(lv, Algorithm::AStar)->path_cost() == doctest::Approx(26.3137085));
}

TEST_CASE("[lessons] an overestimating heuristic costs A* its guarantee here") {
  const Level lv = lesson("05-overestimate.json");
  CHECK(lv.preset.heuristic == "manhattan");
  const HeuristicReport r = check_heuristic(lv, lv.rules(), with_preset({}, lv.preset));
  CHECK_FALSE(r.admissible());
  CHECK(r.overestimate_count > 10);
  const auto manhattan = run(lv);
  const auto octile = run(lv, [](SearchOptions& o) { o.heuristic = Heuristic::Octile; });
  CHECK(octile->path_cost() == doctest::Approx(optimum(lv)));
  CHECK(manhattan->path_cost() > optimum(lv) + 1);
}

TEST_CASE("[lessons] tie-breaking: larger g first takes far fewer nodes, same cost") {
  const Level lv = lesson("06-tie-breaking.json");
  const auto larger = run(lv, [](SearchOptions& o) { o.tie_break = TieBreak::LargerG; });
  const auto smaller = run(lv, [](SearchOptions& o) { o.tie_break = TieBreak::SmallerG; });
  CHECK(larger->path_cost() == smaller->path_cost());
  CHECK(larger->path_cost() == doctest::Approx(optimum(lv)));
  CHECK(larger->iterations() * 4 < smaller->iterations());
}

TEST_CASE("[lessons] tie-breaking: smaller g first closes the rectangle between start and goal") {
  // 4 neighbours, Manhattan, an open field: every cell of the rectangle has f = 36, the start's
  // h, and every cell outside it more, so smaller g first closes the rectangle and nothing else.
  const Level lv = lesson("06-tie-breaking.json");
  const auto smaller = run(lv, [](SearchOptions& o) { o.tie_break = TieBreak::SmallerG; });
  const Cell s = lv.start(), g = lv.goal();
  const Cell lo{std::min(s.x, g.x), std::min(s.y, g.y)}, hi{std::max(s.x, g.x), std::max(s.y, g.y)};
  std::int64_t in_rectangle = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      const std::string at = cell_text(c);
      CAPTURE(at);
      const bool closed = smaller->node(c).state == NodeState::Closed;
      if (inside(c, lo, hi)) {
        ++in_rectangle;
        CHECK((closed || c == g));  // the goal is taken, not closed
      } else {
        CHECK_FALSE(closed);
      }
    }
  CHECK(smaller->iterations() == in_rectangle);
}

TEST_CASE("[lessons] JPS on an open field: A*'s cost with a handful of nodes") {
  const Level lv = lesson("07-jps-open-field.json");
  const auto jps = run(lv), astar = run(lv, Algorithm::AStar);
  CHECK(jps->path_cost() == doctest::Approx(astar->path_cost()));
  CHECK(jps->path_cost() == doctest::Approx(optimum(lv)));
  // With exact ties A* runs straight across the open field too (59 takes, not hundreds).
  CHECK(jps->iterations() * 4 < astar->iterations());
}

TEST_CASE("[lessons] the raycast lesson carries its iteration guard") {
  const Level lv = lesson("08-raycast-shapes.json");
  CHECK(lv.preset.max_iterations == 1000);  // the scenario's guard
  CHECK(with_preset({}, lv.preset).max_iterations == 1000);
  CHECK(with_preset({}, lv.preset).heuristic == Heuristic::Euclidean);
  CHECK(lv.description.find("1000 iterations") != std::string::npos);
  CHECK(run(lv)->state() == SearchState::Found);
  CHECK(run(lv, [](SearchOptions& o) { o.max_iterations = 10; })->state() == SearchState::IterationLimit);
}

TEST_CASE("[lessons] the raycast guard lesson: the guard stops a search that cannot succeed") {
  // A 96 x 64 floor; the goal in a closed pen of crates (boxes) no ray of radius 0.3 passes.
  const Level lv = lesson("15-raycast-guard.json");
  REQUIRE(lv.preset.max_iterations == 1000);
  REQUIRE(lv.rules().neighbours == Neighbours::Four);
  REQUIRE(lv.rules().agent_radius == 0.3);
  const auto guarded = run(lv);
  CHECK(guarded->state() == SearchState::IterationLimit);
  CHECK(guarded->iterations() == 1000);
  // Without the guard the search takes every cell it can reach to learn there is no path:
  // far more than 1000 (the explanation says "over 6000"), so the guard fired first.
  const auto unguarded = run(lv, [](SearchOptions& o) { o.max_iterations = 0; });
  CHECK(unguarded->state() == SearchState::NoPath);
  CHECK(unguarded->iterations() > 6000);
  CHECK(lv.description.find("over 6000") != std::string::npos);
  CHECK(lv.description.find("exactly 1000") != std::string::npos);
  // The pen is closed by shapes alone: without them the goal is reached.
  Level bare = lv;
  bare.set_shapes({});
  CHECK(run(bare)->state() == SearchState::Found);
}

TEST_CASE("[lessons] Roblox cost grid: cost 7 around the wall-like cells, 12 through them") {
  // (test_search.cpp asserts the exact eight-cell path the write-up prints.)
  const Level lv = lesson("09-roblox-cost-grid.json");
  CHECK(run(lv)->path_cost() == 7.0);  // whole costs: exact
  // The straight cut the explanation prices: 10 + 1 + 1, as the cost policy prices each move.
  const std::optional<double> cut = path_cost(MovePolicy(lv), path_of("(0,0) (1,0) (2,0) (3,0)"));
  REQUIRE(cut.has_value());
  CHECK(*cut == 12.0);
  CHECK(lv.description.find("would cost 12") != std::string::npos);
  CHECK(lv.description.find("cost 7") != std::string::npos);
}

TEST_CASE("[lessons] agents block: the agents layer, with its switch on and off") {
  // The JavaScript getPath scenario: a unit-cost grid, 4 neighbours, Manhattan distance, where
  // walls and the other agents block. The agents are the level's agents layer (no shapes), so
  // the studio's "Agents block their cells" switch is what the lesson is about.
  const Level lv = lesson("10-agents-block.json");
  REQUIRE(lv.agents_block());
  REQUIRE(lv.shapes().empty());
  REQUIRE(lv.rules().neighbours == Neighbours::Four);
  REQUIRE(lv.preset.heuristic == std::optional<std::string>("manhattan"));
  int agents = 0;
  for (std::uint8_t a : lv.agents()) agents += a;
  CHECK(agents == 6);

  const auto blocked = run(lv);
  REQUIRE(blocked->state() == SearchState::Found);
  CHECK(blocked->path_cost() == 27.0);  // whole steps: exact
  CHECK(blocked->path_cost() == optimum(lv));
  CHECK(blocked->path() ==
        path_of("(1,1) (2,1) (2,2) (2,3) (2,4) (2,5) (3,5) (4,5) (5,5) (5,4) (5,3) (6,3) (7,3) "
                "(8,3) (8,2) (9,2) (10,2) (11,2) (12,2) (12,3) (13,3) (14,3) (15,3) (15,4) (16,4) "
                "(17,4) (17,5) (17,6)"));
  for (Cell c : blocked->path()) CHECK_FALSE(lv.agent(c));

  // Switched off, the agents stand where they are but block nothing: the top corridor, through
  // two of them.
  Level free = lv;
  free.set_agents_block(false);
  const auto open = run(free);
  REQUIRE(open->state() == SearchState::Found);
  CHECK(open->path_cost() == 21.0);
  CHECK(open->path_cost() == optimum(free));
  CHECK(open->path() == path_of("(1,1) (2,1) (3,1) (4,1) (5,1) (6,1) (7,1) (8,1) (9,1) (10,1) "
                                "(11,1) (12,1) (13,1) (14,1) (15,1) (16,1) (17,1) (17,2) (17,3) "
                                "(17,4) (17,5) (17,6)"));
  CHECK(free.agent({5, 1}));
  CHECK(free.agent({12, 1}));
}

TEST_CASE("[lessons] terrain lessons set up their searches") {
  CHECK(lesson("12-terrain-jumps.json").preset.smooth == true);
  CHECK(run(lesson("11-height-map-cliffs.json"))->state() == SearchState::Found);
}

TEST_CASE("[lessons] height-map cliffs: the smoothed path keeps off the costly ridge edge") {
  // The path runs along the middle lane (cost 1) between the ridge's edge tiles (cost 3). Costs
  // ignored, string pulling cut straight along the edge row, (2,2) to (17,2): cost 43 for a
  // path of cost 22. Respecting them (the default), the shortcut steps down into the lane at
  // once (a diagonal through the corner of (3,2), entering only (3,3)), follows the lane, falls
  // off the cliff and turns to the goal.
  const Level lv = lesson("11-height-map-cliffs.json");
  const auto s = run(lv);
  REQUIRE(s->state() == SearchState::Found);
  const std::vector<Cell> path = s->path();
  REQUIRE(s->path_cost() == 22.0);
  const MovePolicy policy(lv);
  const std::vector<Cell> ignoring = smooth_path(policy, path, {.respect_costs = false});
  CHECK(ignoring == path_of("(2,2) (17,2)"));
  CHECK(smoothed_cost(policy, path, ignoring) == 43.0);  // 13 edge tiles at 3, two lowland at 2

  const std::vector<Cell> w = smooth_path(policy, path);
  CHECK(w == path_of("(2,2) (3,3) (17,3) (17,2)"));
  // No leg costs more than the path's moves between its two waypoints; the whole costs less.
  std::size_t i = 0;
  for (std::size_t k = 1; k < w.size(); ++k) {
    const auto at = std::find(path.begin(), path.end(), w[k]);
    const std::size_t j = static_cast<std::size_t>(at - path.begin());
    REQUIRE(j < path.size());
    ExactCost moves;
    for (std::size_t m = i + 1; m <= j; ++m)
      moves += policy.move_between(path[m - 1], path[m])->exact;
    const double leg = j == i + 1 ? moves.value() : *line_cost(policy, w[k - 1], w[k]);
    CHECK(leg <= moves.value() * (1 + kSmoothingTolerance));
    i = j;
  }
  const std::optional<double> cost = smoothed_cost(policy, path, w);
  REQUIRE(cost.has_value());
  // sqrt 2 into (3,3); 11 lane cells, the last edge tile (3) and two lowland cells (2) along row
  // 3; the goal (2).
  CHECK(*cost == doctest::Approx(std::sqrt(2.0) + 11 + 3 + 2 + 2 + 2));  // 21.41...
  CHECK(*cost <= s->path_cost());
}

TEST_CASE("[lessons] find the bug: the trace's path is cheaper than possible, through corner cuts") {
  const Level lv = lesson("13-find-the-bug.json");
  REQUIRE(lv.preset.trace == "13-find-the-bug.trace.jsonl");
  Result<ImportedTrace> t = read_trace_file(kLessons + *lv.preset.trace, {.level = &lv});
  REQUIRE_MESSAGE(t.ok(), (t.ok() ? "" : t.error()));
  CHECK(t.value().warnings.empty());
  CHECK(t.value().cell(t.value().source_node) == lv.start());
  CHECK(t.value().cell(t.value().destination_node) == lv.goal());

  // Replayed, it reaches the goal for less than the optimum, as the explanation says.
  auto trace = std::make_shared<const ImportedTrace>(std::move(t).value());
  TraceReplay replay(lv, trace);
  CHECK(replay.run() == SearchState::Found);
  const double optimal = optimum(lv);
  CHECK(optimal == doctest::Approx(17.24264069));
  CHECK(replay.path_cost() == doctest::Approx(15.4852814));
  CHECK(replay.path_cost() < optimal);

  // The checker names the planted bug and nothing else: corner cuts, and the path made of them.
  const TraceCheckReport r = check_trace(lv, lv.rules(), *trace);
  CHECK(r.counts[static_cast<std::size_t>(FindingKind::IllegalMove)] > 0);
  CHECK(r.counts[static_cast<std::size_t>(FindingKind::BadPath)] > 0);
  CHECK(r.total() == r.counts[static_cast<std::size_t>(FindingKind::IllegalMove)] +
                         r.counts[static_cast<std::size_t>(FindingKind::BadPath)]);
  for (const Finding& f : r.findings) CHECK(f.message.find("corner cut") != std::string::npos);
  CHECK(r.optimal_cost == doctest::Approx(optimal));
  // The Findings panel gives the trace's path the cost the text and the replay give it: the
  // trace's own g at the goal (under the rules, which forbid its corner cuts, it has none).
  CHECK_FALSE(r.trace_path_cost);
  REQUIRE(r.trace_path_g);
  CHECK(*r.trace_path_g == doctest::Approx(replay.path_cost()));
  CHECK(lv.description.find("costs 15.49") != std::string::npos);
}

TEST_CASE("[lessons] a door closes: LPA* repairs its search, cheaper than A* from scratch") {
  // The lesson: LPA* from (2,2) through the door at (30,6) in a wall with a second door four
  // cells lower; the user paints a wall on the door. The repair must find the oracle's optimum
  // on the edited level, through the lower door, and expand fewer cells than A* from scratch
  // (the cells before the door keep their g). The numbers the text gives are checked here.
  const Level lv = lesson("16-door-closes.json");
  REQUIRE(with_preset({}, lv.preset).algorithm == Algorithm::LpaStar);
  const Cell door{30, 6};
  REQUIRE(lv.description.find("(30, 6)") != std::string::npos);
  ReplanningSearch s(lv, lv.rules(), with_preset({}, lv.preset));
  REQUIRE(s.run() == SearchState::Found);
  CHECK(s.path_cost() == doctest::Approx(optimum(lv)).epsilon(1e-12));
  CHECK(std::find(s.path().begin(), s.path().end(), door) != s.path().end());
  const std::int64_t first = s.metrics().expanded;

  Level closed = lv;
  closed.set_wall(door, true);
  const Cell changed[] = {door};
  REQUIRE(s.apply_changes(closed, changed).ok());
  REQUIRE(s.run() == SearchState::Found);
  CHECK(s.path_cost() == doctest::Approx(optimum(closed)).epsilon(1e-12));
  const std::vector<Cell> path = s.path();
  CHECK(std::find(path.begin(), path.end(), Cell{30, 10}) != path.end());  // the lower door
  SearchOptions scratch = with_preset({}, lv.preset);
  scratch.algorithm = Algorithm::AStar;
  const auto fresh = make_search(closed, scratch);
  REQUIRE(fresh->run() == SearchState::Found);
  CHECK(fresh->path_cost() == doctest::Approx(s.path_cost()).epsilon(1e-12));
  const RepairStats r = s.repair();
  CHECK(r.number == 1);
  CHECK(r.expanded < fresh->metrics().expanded);
  // The text's numbers: the repair's and A*'s expansions, the first search's, the two costs.
  char text[160];
  std::snprintf(text, sizeof text, "The repair expands %lld cells where A* from scratch expands %lld, because the %lld cells",
                static_cast<long long>(r.expanded), static_cast<long long>(fresh->metrics().expanded),
                static_cast<long long>(first));
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
  std::snprintf(text, sizeof text, "cost %.2f instead of %.2f", s.path_cost(), optimum(lv));
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
}

TEST_CASE("[lessons] the robot that discovers walls: D* Lite walks into the pocket and round") {
  // The lesson: D* Lite's agent with a sensor of 3 from (2, 6) to (24, 10); a pocket open
  // towards it, then a long wall with a gap at the top. It plans through the fog, walks into the
  // pocket, turns back at (14, 5), goes round, and arrives. Every plan is the best path on what
  // it knows (a fresh A*); the numbers the text gives are the walk's, computed here.
  const Level lv = lesson("17-robot-discovers-walls.json");
  const SearchOptions o = with_preset({}, lv.preset);
  REQUIRE(o.algorithm == Algorithm::DStarLite);
  REQUIRE(lv.preset.walk == true);
  REQUIRE(lv.preset.sensor == 3);
  AgentWalk w(lv, lv.rules(), 3);
  ReplanningSearch s(w.known(), lv.rules(), o);
  SearchOptions scratch = o;
  scratch.algorithm = Algorithm::AStar;
  std::int64_t dstar_expanded = 0, astar_every_cell = 0, astar_after_walls = 0;
  for (;;) {
    REQUIRE(s.run() == SearchState::Found);
    const auto fresh = make_search(s.level(), scratch);
    REQUIRE(fresh->run() == SearchState::Found);
    CHECK(fresh->path_cost() == s.path_cost());
    dstar_expanded += s.repair().expanded;
    astar_every_cell += fresh->metrics().expanded;
    if (w.moves_made() == 0 || w.rows(s).back().walls_discovered > 0)
      astar_after_walls += fresh->metrics().expanded;
    if (w.state(s) != WalkState::Ready) break;
    REQUIRE(w.move(s));
  }
  REQUIRE(w.state(s) == WalkState::Arrived);
  const std::vector<WalkRow> rows = w.rows(s);
  const std::vector<Cell> trail = w.trail();
  const auto turn = std::find(trail.begin(), trail.end(), Cell{14, 5});
  REQUIRE(turn != trail.end());
  REQUIRE(turn + 1 != trail.end());
  CHECK((turn + 1)->x < 14);  // it turns back out of the pocket
  CHECK(rows[static_cast<std::size_t>(turn - trail.begin())].walls_discovered > 0);
  std::int64_t walls = 0;
  for (const WalkRow& r : rows) walls += r.walls_discovered;
  CHECK(w.walked_cost() > optimum(lv));
  CHECK(rows.front().path_cost < optimum(lv));  // the first plan is optimistic
  CHECK(dstar_expanded < astar_every_cell);
  char text[200];
  std::snprintf(text, sizeof text, "its first plan goes straight through the fog (cost %.2f)", rows.front().path_cost);
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
  std::snprintf(text, sizeof text, "It arrives after %lld moves, walked cost %.2f, having discovered %lld walls; knowing every wall it would have walked %.2f.",
                static_cast<long long>(w.moves_made()), w.walked_cost(), static_cast<long long>(walls), optimum(lv));
  CHECK_MESSAGE(lv.description.find(text) != std::string::npos, text);
  const std::string counts = "D* Lite expands " + count_text(dstar_expanded) + " cells. A* would expand " +
                             count_text(astar_every_cell) + " planning anew at every cell, and " +
                             count_text(astar_after_walls) + " planning anew only after a wall is found";
  CHECK_MESSAGE(lv.description.find(counts) != std::string::npos, counts);
}
