// Comparison: two to four searches on one level, stepped together, and their table.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/compare.hpp"
#include "astar/imported_trace.hpp"
#include "astar/search.hpp"
#include "support/trace_writers.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// A pocket that opens towards the start, with a costly (9) way out of its floor: greedy
// best-first, which ignores costs, runs into the pocket and out through the mud; A* and Dijkstra
// go round the wall.
//   ............
//   ..#######...
//   ........#...
//   .S......#.G.
//   ........#...
//   ..#####9#...
//   ............
const char* kTrap = R"(
  ............
  ..#######...
  ........#...
  .S......#.G.
  ........#...
  ..#####9#...
  ............
)";

std::vector<CompareEntry> four_entries() {
  return {{.options = {.algorithm = Algorithm::AStar}},
          {.options = {.algorithm = Algorithm::Dijkstra}},
          {.options = {.algorithm = Algorithm::GreedyBestFirst}},
          {.options = {.algorithm = Algorithm::BreadthFirst}}};
}

// The largest open set a fresh search has from iteration 0 to `k`: an independent loop.
std::size_t peak_by_loop(const Level& level, const SearchOptions& options, std::int64_t k) {
  auto s = make_search(level, options);
  std::size_t peak = s->open_size();
  while (s->iterations() < k && !finished(s->state())) {
    s->step();
    peak = std::max(peak, s->open_size());
  }
  return peak;
}

// Each search of `c` at the state it has in a run of its own to `k`.
void check_at(const Comparison& c, const Level& level, std::int64_t k) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    const SearchOptions& o = c.entry(i).options;
    auto own = make_search(level, o);
    while (own->iterations() < k && !finished(own->state())) own->step();
    INFO("entry ", c.entry(i).label, " at step ", k);
    CHECK(c.search(i).iterations() == own->iterations());
    CHECK(c.search(i).state() == own->state());
    CHECK(c.search(i).open_size() == own->open_size());
    CHECK(c.open_peak(i) == peak_by_loop(level, o, k));
  }
}

}  // namespace

TEST_CASE("[compare] 2 to 4 entries, labels") {
  const Level level = ascii_level(kTrap);
  CHECK_FALSE(Comparison::make(level, {{.options = {}}}));
  CHECK(Comparison::make(level, {{.options = {}}, {.options = {}}}));
  auto five = four_entries();
  five.push_back({.options = {}});
  const auto refused = Comparison::make(level, five);
  REQUIRE_FALSE(refused);
  CHECK(refused.error() == "a comparison needs 2 to 4 searches, got 5");

  CHECK(compare_label({.algorithm = Algorithm::AStar}) == "A*");
  CHECK(compare_label({.algorithm = Algorithm::WeightedAStar, .weight = 2.5}) == "Weighted A* (w 2.5)");
  CHECK(compare_label({.algorithm = Algorithm::AStar, .heuristic = Heuristic::Manhattan}) ==
        "A* (manhattan)");
  // Dijkstra uses no heuristic: none is named.
  CHECK(compare_label({.algorithm = Algorithm::Dijkstra, .heuristic = Heuristic::Manhattan}) ==
        "Dijkstra");
  auto named = Comparison::make(level, {{.label = "mine", .options = {}}, {.options = {}}});
  REQUIRE(named);
  CHECK(named.value().rows()[0].label == "mine");
  CHECK(named.value().rows()[1].label == "A*");
}

TEST_CASE("[compare] stepped together: iteration k of each until it finishes") {
  const Level level = ascii_level(kTrap);
  auto made = Comparison::make(level, four_entries());
  REQUIRE(made);
  Comparison& c = made.value();
  // How far each goes on its own.
  std::vector<std::int64_t> ends;
  for (std::size_t i = 0; i < c.size(); ++i) {
    auto own = make_search(level, c.entry(i).options);
    own->run();
    ends.push_back(own->iterations());
  }
  const std::int64_t longest = *std::max_element(ends.begin(), ends.end());
  CHECK(*std::min_element(ends.begin(), ends.end()) < longest);  // they differ here

  CHECK(c.step() == 0);
  for (std::int64_t k = 1; k <= longest; ++k) {
    CHECK_FALSE(c.finished());
    c.step_all();
    CHECK(c.step() == k);
    for (std::size_t i = 0; i < c.size(); ++i) {
      INFO(c.entry(i).label, " at step ", k);
      CHECK(c.search(i).iterations() == std::min(k, ends[i]));
      CHECK(finished(c.search(i).state()) == (k >= ends[i]));
    }
  }
  CHECK(c.finished());
  c.step_all();  // a no-op once every search has finished
  CHECK(c.step() == longest);
  check_at(c, level, longest);

  c.restart();
  CHECK(c.step() == 0);
  c.run_all();
  CHECK(c.finished());
  check_at(c, level, longest);
}

TEST_CASE("[compare] open-set peak equals an independent loop, across seeks") {
  const Level level = ascii_level(kTrap);
  for (const bool recording : {false, true}) {
    CAPTURE(recording);
    auto made = Comparison::make(level, four_entries());
    REQUIRE(made);
    Comparison& c = made.value();
    c.set_recording(recording);
    check_at(c, level, 0);
    for (int k = 0; k < 7; ++k) c.step_all();
    check_at(c, level, 7);
    c.seek_all(20);  // forward over iterations never reached: stepped one by one
    check_at(c, level, 20);
    c.seek_all(3);  // back: the peak is the one up to iteration 3, not the furthest
    check_at(c, level, 3);
    c.seek_all(12);  // forward again over known iterations
    check_at(c, level, 12);
    c.run_all();
    const std::int64_t end = c.step();
    check_at(c, level, end);
    c.seek_all(end / 2);
    check_at(c, level, end / 2);
    c.seek_all(end + 100);  // clamped: each stays at its end
    check_at(c, level, end);
  }
}

TEST_CASE("[compare] the table: costs, optimality, greedy's trap") {
  const Level level = ascii_level(kTrap);
  auto made = Comparison::make(level, four_entries());
  REQUIRE(made);
  Comparison& c = made.value();
  // Mid-run: no path and no cost yet.
  c.step_all();
  for (const CompareRow& r : c.rows()) {
    CHECK(r.path_cells == 0);
    CHECK(std::isinf(r.path_cost));
    CHECK_FALSE(r.ms);
  }
  c.run_all();
  c.measure_times();
  const auto rows = c.rows();
  REQUIRE(rows.size() == 4);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Search& s = c.search(i);
    INFO(rows[i].label);
    CHECK(rows[i].state == SearchState::Found);
    CHECK(rows[i].message.empty());
    CHECK(rows[i].path_cost == s.path_cost());  // each search's own cost
    CHECK(rows[i].path_cells == s.path().size());
    CHECK(rows[i].iterations == s.iterations());
    CHECK(rows[i].expanded == s.metrics().expanded);
    CHECK(rows[i].generated == s.metrics().generated);
    CHECK(rows[i].open_peak == peak_by_loop(level, c.entry(i).options, s.iterations()));
    REQUIRE(rows[i].ms);
    CHECK(*rows[i].ms > 0.0);
  }
  const CompareRow &astar = rows[0], &dijkstra = rows[1], &greedy = rows[2];
  CHECK(astar.path_cost == doctest::Approx(dijkstra.path_cost).epsilon(1e-12));
  CHECK(dijkstra.expanded >= astar.expanded);
  CHECK(greedy.path_cost > astar.path_cost + 5.0);  // the mud costs greedy 8 more
  CHECK(greedy.expanded < dijkstra.expanded);

  const auto cells = compare_cells(astar);
  REQUIRE(cells.size() == compare_columns().size());
  CHECK(cells[0] == "A*");
  CHECK(cells[1] == "found");
  CHECK(cells[2] == std::to_string(astar.iterations));
  CHECK(cells[5] == std::to_string(astar.open_peak));
  CHECK(std::stod(cells[6]) == doctest::Approx(astar.path_cost).epsilon(1e-9));
  CHECK(cells[7] == std::to_string(astar.path_cells));
}

TEST_CASE("[compare] a refusal shows in its row; the others run") {
  // JPS needs uniform costs: the 3 refuses it.
  const Level level = ascii_level(R"(
    S...3
    .....
    ....G
  )");
  auto made = Comparison::make(level, {{.options = {.algorithm = Algorithm::JumpPoint}},
                                       {.options = {.algorithm = Algorithm::AStar}},
                                       {.options = {.algorithm = Algorithm::AStar, .weight = 2.0}}});
  REQUIRE(made);
  Comparison& c = made.value();
  c.run_all();
  c.measure_times();
  const auto rows = c.rows();
  CHECK(rows[0].state == SearchState::Invalid);
  CHECK(rows[0].message == c.search(0).message());
  CHECK(rows[0].message.find("cost") != std::string::npos);
  CHECK(rows[0].iterations == 0);
  CHECK(*rows[0].ms == 0.0);
  CHECK(compare_cells(rows[0])[1] == "invalid");
  CHECK(compare_cells(rows[0])[6] == "none");
  CHECK(rows[1].state == SearchState::Found);
  // A weight belongs to weighted A* only: plain A* with one is refused, not run.
  CHECK(rows[2].state == SearchState::Invalid);
  CHECK_FALSE(rows[2].message.empty());
  CHECK(c.finished());
}

TEST_CASE("[compare] per-entry movement rules") {
  // 4 neighbours against 8 on one level: the diagonal path is cheaper.
  const Level level = ascii_level(R"(
    S....
    .....
    ....G
  )");
  MovementRules four = level.rules();
  four.neighbours = Neighbours::Four;
  auto made = Comparison::make(level, {{.label = "8", .options = {}},
                                       {.label = "4", .options = {}, .rules = four}});
  REQUIRE(made);
  made.value().run_all();
  const auto rows = made.value().rows();
  CHECK(rows[0].path_cost == doctest::Approx(2 + 2 * std::sqrt(2.0)));
  CHECK(rows[1].path_cost == doctest::Approx(6.0));
}

TEST_CASE("[Compare] another program's trace as a pane beside our A*") {
  const Level lv = ascii_level(kTrap);
  test::AStarBugs scaled;
  scaled.scale = 1e-5;  // written in another unit: the entry's scale brings it back
  auto written = std::make_shared<ImportedTrace>(test::write_astar(lv, scaled));
  written->source = "/home/dev/game/run.jsonl";
  auto made = Comparison::make(lv, {{.trace = written, .trace_scale = 1e-5},
                                    {.options = {.algorithm = Algorithm::AStar}}});
  REQUIRE(made.ok());
  Comparison& c = made.value();
  CHECK(c.entry(0).label == "Trace: run.jsonl");
  CHECK(c.search(0).imported() == written.get());
  CHECK(c.search(1).imported() == nullptr);
  c.step_all();
  CHECK(c.search(0).iterations() == 1);
  CHECK(c.search(1).iterations() == 1);
  c.run_all();
  c.measure_times();
  const std::vector<CompareRow> rows = c.rows();
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].trace);
  CHECK_FALSE(rows[1].trace);
  CHECK(rows[0].state == SearchState::Found);
  CHECK(rows[1].state == SearchState::Found);
  CHECK(rows[0].path_cost == doctest::Approx(rows[1].path_cost));
  CHECK(rows[0].expanded > 0);
  CHECK_FALSE(rows[0].ms.has_value());  // its time is its own program's, not ours
  CHECK(rows[1].ms.has_value());
  // Back to a step both had reached: the replay rewinds like a search.
  c.seek_all(2);
  CHECK(c.search(0).iterations() == 2);
  CHECK(c.search(1).iterations() == 2);
}
