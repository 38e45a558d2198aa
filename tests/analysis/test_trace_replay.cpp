// TraceReplay: an imported trace stepped as a Search. Fresh replays are the reference for
// every way of moving (step, step_back, seek, micro-steps, seek_event), and a search of ours,
// turned into a trace, replays to exactly what the search showed at every iteration.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/breakpoints.hpp"
#include "astar/format.hpp"
#include "astar/pseudocode.hpp"
#include "astar/trace_replay.hpp"
#include "support/random_level.hpp"
#include "support/trace_writers.hpp"
#include "support/traced_search.hpp"

using namespace astar;
using namespace astar::test;

namespace {

bool same_number(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

bool same_node(const NodeView& a, const NodeView& b) {
  return a.state == b.state && a.parent == b.parent &&
         (a.state == NodeState::Unseen ||
          (same_number(a.g, b.g) && same_number(a.h, b.h) && same_number(a.f, b.f)));
}

// Everything a view shows, for comparing two replays (or a replay and a search).
struct Snapshot {
  std::vector<NodeView> nodes;
  std::int64_t expanded = 0, generated = 0, improved = 0, closed = 0;
  std::size_t open = 0, applied = 0, examined = 0;
  std::optional<Cell> taken, next;
  std::vector<Cell> relaxed;
  SearchState state = SearchState::InProgress;
  bool mid = false;
};

Snapshot snap(const Search& s) {
  Snapshot out;
  const Level& lv = s.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) out.nodes.push_back(s.node({x, y}));
  out.expanded = s.metrics().expanded;
  out.generated = s.metrics().generated;
  out.improved = s.metrics().improved;
  out.closed = s.closed_count();
  out.open = s.open_size();
  out.applied = s.events_applied();
  out.examined = s.examined();
  out.taken = s.last_taken();
  out.next = s.next_to_take();
  out.relaxed = s.last_relaxed();
  out.state = s.state();
  out.mid = s.mid_iteration();
  return out;
}

// Empty when equal, else the first difference.
std::string differ(const Snapshot& a, const Snapshot& b, bool replay_only = true) {
  for (std::size_t i = 0; i < a.nodes.size(); ++i)
    if (!same_node(a.nodes[i], b.nodes[i])) return "node " + std::to_string(i);
  if (a.expanded != b.expanded || a.generated != b.generated || a.improved != b.improved)
    return "metrics";
  if (a.closed != b.closed || a.open != b.open) return "open/closed";
  if (a.taken != b.taken || a.relaxed != b.relaxed) return "taken/relaxed";
  if (!replay_only) return {};  // a search of ours: its cursor and end differ (checked apart)
  if (a.state != b.state || a.mid != b.mid) return "state";
  if (a.applied != b.applied || a.examined != b.examined || a.next != b.next) return "cursor";
  return {};
}

// A trace of a tiny A* (with an update of an open node, so improved counts), shared below.
//   S . .
//   . 9 .
//   . . G
std::shared_ptr<const ImportedTrace> tiny_trace(const Level& lv) {
  return std::make_shared<const ImportedTrace>(write_astar(lv));
}

// Stepping forward, back and seeking give what fresh replays stepped there give.
void check_against_fresh(const Level& lv, const std::shared_ptr<const ImportedTrace>& trace) {
  std::vector<Snapshot> at;  // at[k]: a replay stepped k times
  {
    TraceReplay r(lv, trace);
    at.push_back(snap(r));
    while (r.state() == SearchState::InProgress) {
      r.step();
      CHECK(r.check_invariants() == "");
      at.push_back(snap(r));
    }
  }
  const std::int64_t last = static_cast<std::int64_t>(at.size()) - 1;
  REQUIRE(last > 1);
  for (std::int64_t k = 0; k <= last; ++k) {
    TraceReplay fresh(lv, trace);
    for (std::int64_t i = 0; i < k; ++i) fresh.step();
    CHECK(differ(snap(fresh), at[static_cast<std::size_t>(k)]) == "");
  }
  TraceReplay r(lv, trace);
  r.run();
  for (std::int64_t k = last; k > 0; --k) {
    CHECK(differ(snap(r), at[static_cast<std::size_t>(k)]) == "");
    CHECK(r.step_back());
  }
  CHECK(differ(snap(r), at[0]) == "");
  CHECK_FALSE(r.step_back());
  for (std::int64_t k : {last, std::int64_t{1}, std::int64_t{0}, last - 1, std::int64_t{1}, last + 5}) {
    r.seek(k);
    CHECK(differ(snap(r), at[static_cast<std::size_t>(std::min(k, last))]) == "");
  }
}

}  // namespace

TEST_CASE("[TraceReplay] replay: step, step_back and seek equal fresh replays at every iteration") {
  const Level lv = ascii_level(R"(
      S...
      .9#.
      ..#.
      ...G)");
  const auto trace = tiny_trace(lv);
  check_against_fresh(lv, trace);
  TraceReplay r(lv, trace);
  CHECK(r.run() == SearchState::Found);
  CHECK(r.iterations() > 3);
}

TEST_CASE("[TraceReplay] replay: two nodes on one cell, the latest shown, restored going back") {
  //   S A    nodes 1 and 2 both stand on A = (1, 0) (a search over states, say a heading)
  //   . G
  const Level lv = ascii_level(R"(
      S.
      .G)");
  TraceBuilder b;
  b.add(TraceEventType::Source, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Expanding, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Generating, {1, 0}, Cell{0, 0}, 1);
  b.t.node_cells.push_back({1, 0});  // node 2, on the same cell
  b.t.node_ids.push_back("A-east");
  b.t.events.push_back(b.t.events.back());
  b.t.events.back().node = 2;
  b.t.events.back().g = 7;
  b.add(TraceEventType::Expanding, {1, 0}, Cell{0, 0}, 1);
  b.add(TraceEventType::Generating, {1, 1}, Cell{1, 0}, 2);
  b.add(TraceEventType::Expanding, {1, 1}, Cell{1, 0}, 2);
  b.end(Cell{1, 1});
  const auto trace = std::make_shared<const ImportedTrace>(b.t);
  check_against_fresh(lv, trace);
  TraceReplay r(lv, trace);
  r.step();
  CHECK(r.node({1, 0}).g == 7);  // node 2, the latest
  r.step();
  CHECK(r.node({1, 0}).g == 1);  // node 1 expanded
  CHECK(r.node({1, 0}).state == NodeState::Closed);
  r.seek_event(2);
  CHECK(r.node({1, 0}).g == 1);  // node 2 not yet generated: node 1 again
  CHECK(r.node({1, 0}).state == NodeState::Open);
  CHECK(r.open_size() == 1);
}

TEST_CASE("[TraceReplay] replay: micro-steps, micro_step_back and seek_event equal fresh replays") {
  const Level lv = ascii_level(R"(
      S..
      .9.
      ..G)");
  const auto trace = tiny_trace(lv);
  TraceReplay r(lv, trace);
  std::vector<Snapshot> at;  // after each micro-step from iteration 0
  at.push_back(snap(r));
  while (r.micro_step() == SearchState::InProgress) at.push_back(snap(r));
  at.push_back(snap(r));
  CHECK(r.events_applied() == trace->events.size());
  CHECK(at.size() == trace->events.size() - 3 + 1);  // one per event after iteration 0's three
  for (std::size_t k = at.size() - 1; k > 0; --k) {
    CHECK(differ(snap(r), at[k]) == "");
    REQUIRE(r.micro_step_back());
  }
  CHECK(differ(snap(r), at[0]) == "");
  // seek_event(i): the state after events[i]; the events before the first expanding are all
  // applied at iteration 0.
  const std::size_t first = at[0].applied;
  CHECK(first == 3);  // source, destination, the source's generating
  for (std::size_t i = 0; i < trace->events.size(); ++i) {
    TraceReplay fresh(lv, trace);
    fresh.seek_event(i);
    CHECK(fresh.events_applied() == std::max(i + 1, first));
    CHECK(differ(snap(fresh), at[fresh.events_applied() - first]) == "");
    CHECK(fresh.iteration_of_event(i) == fresh.iterations());
  }
}

TEST_CASE("[TraceReplay] replay: views of a tiny trace, values scaled, path and cost") {
  //   S . .
  //   . 9 .     correct A*: (1,1) is generated from S at g 12.73, improved to 10 via (1,0)
  //   . . G
  const Level lv = ascii_level(R"(
      S..
      .9.
      ..G)");
  AStarBugs scaled;
  scaled.scale = 1e-5;
  const auto trace = std::make_shared<const ImportedTrace>(write_astar(lv, scaled));
  TraceReplay r(lv, trace, 1e-5);
  CHECK(r.imported() == trace.get());
  CHECK(r.node(lv.start()).state == NodeState::Open);
  CHECK(r.node(lv.start()).g == doctest::Approx(0.0));
  CHECK(r.node(lv.start()).h == doctest::Approx(2 * kSqrt2));
  CHECK(r.next_to_take() == lv.start());
  r.step();
  CHECK(r.last_taken() == lv.start());
  CHECK(r.node({1, 1}).g == doctest::Approx(9 * kSqrt2));
  CHECK(r.node({1, 1}).parent == lv.start());
  CHECK(r.last_relaxed().size() == 3);
  CHECK(r.path().empty());
  CHECK(std::isinf(r.path_cost()));
  CHECK(r.path_to({1, 1}) == std::vector<Cell>{lv.start(), {1, 1}});
  CHECK(r.run() == SearchState::Found);
  CHECK(r.metrics().improved >= 1);
  REQUIRE(r.path().size() == 4);
  CHECK(r.path().front() == lv.start());
  CHECK(r.path().back() == lv.goal());
  CHECK(r.path_cost() == doctest::Approx(2 + kSqrt2));
  CHECK(r.check_invariants() == "");
  const CodePosition end = code_position(r);
  CHECK(pseudocode_of(r).lines[static_cast<std::size_t>(end.line)].rfind("end", 0) == 0);
}

TEST_CASE("[TraceReplay] replay: pseudo-code lights the line of the last event's type") {
  const Level lv = ascii_level(R"(
      S.
      .G)");
  const auto trace = tiny_trace(lv);
  TraceReplay r(lv, trace);
  const PseudoCode& code = pseudocode_of(r);
  CHECK(&code == &imported_pseudocode());
  CHECK(code_position(r).line == 0);  // iteration 0: the source's events
  auto line = [&] { return code.lines[static_cast<std::size_t>(code_position(r).line)]; };
  r.micro_step();
  CHECK(line().find("(expanding)") != std::string::npos);
  CHECK(code_position(r).variables.front().value == "(0, 0)");
  r.micro_step();
  CHECK(line().find("(closing)") != std::string::npos);
  r.micro_step();
  CHECK(line().find("(generating)") != std::string::npos);
  r.micro_step_back();
  CHECK(line().find("(closing)") != std::string::npos);
  // Our own searches keep their own text.
  const auto ours = make_search(lv);
  CHECK(&pseudocode_of(*ours) == &pseudocode(Algorithm::AStar));
}

TEST_CASE("[TraceReplay] replay: a trace with a parent cycle does not hang") {
  //   S A      A's parent is B and B's parent is A after the last updating: no chain reaches S
  //   . B
  const Level lv = ascii_level(R"(
      S.
      .G)");
  TraceBuilder b;
  b.add(TraceEventType::Source, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Expanding, {0, 0}, std::nullopt, 0);
  b.add(TraceEventType::Generating, {1, 0}, Cell{0, 0}, 1);
  b.add(TraceEventType::Expanding, {1, 0}, Cell{0, 0}, 1);
  b.add(TraceEventType::Generating, {1, 1}, Cell{1, 0}, 2);
  b.add(TraceEventType::Updating, {1, 0}, Cell{1, 1}, 3);
  b.end(Cell{1, 1});
  const auto trace = std::make_shared<const ImportedTrace>(b.t);
  TraceReplay r(lv, trace);
  CHECK(r.run() == SearchState::NoPath);
  CHECK(r.path().empty());
  const std::vector<Cell> p = r.path_to({1, 1});
  CHECK(p.size() == 2);  // (1, 0) then (1, 1): stops where the chain repeats
  CHECK(p.back() == Cell{1, 1});
  CHECK(r.check_invariants() == "");
}

TEST_CASE("[TraceReplay] replay: a search of ours, as a trace, replays to what it showed") {
  std::mt19937 rng(1414);
  const Algorithm algorithms[] = {Algorithm::AStar,      Algorithm::Dijkstra,
                                  Algorithm::WeightedAStar, Algorithm::GreedyBestFirst,
                                  Algorithm::BreadthFirst,  Algorithm::JumpPoint,
                                  Algorithm::ThetaStar};
  int compared = 0;
  for (int round = 0; round < 120; ++round) {
    const Level lv = random_level(rng, 10);
    SearchOptions o;
    o.algorithm = algorithms[round % std::size(algorithms)];
    o.weight = o.algorithm == Algorithm::WeightedAStar ? 1.5 : 1.0;
    if (!check_supported(lv, lv.rules(), o).empty()) continue;
    TracedSearch ts(lv, o);
    if (ts.search->state() == SearchState::Invalid) continue;
    std::vector<Snapshot> at{snap(*ts.search)};
    const NodeView start = ts.search->node(lv.start());
    while (ts.search->step() == SearchState::InProgress) at.push_back(snap(*ts.search));
    at.push_back(snap(*ts.search));
    const bool found = ts.search->state() == SearchState::Found;
    const auto trace = std::make_shared<const ImportedTrace>(
        from_recorder(lv, start, ts.rec.events(), found));
    TraceReplay r(lv, trace);
    CAPTURE(round);
    CAPTURE(static_cast<int>(o.algorithm));
    for (std::size_t k = 0; k < at.size(); ++k) {
      r.seek(static_cast<std::int64_t>(k));
      REQUIRE(differ(snap(r), at[k], false) == "");
    }
    CHECK(r.state() == ts.search->state());
    if (o.algorithm != Algorithm::JumpPoint) CHECK(r.path() == ts.search->path());
    if (found) CHECK(r.path_cost() == ts.search->path_cost());
    ++compared;
  }
  CHECK(compared > 40);
}

TEST_CASE("[TraceReplay] replay: breakpoints stop it as they stop a search of ours") {
  //   S . . .
  //   . # # .
  //   . . . G
  const Level lv = ascii_level(R"(
      S...
      .##.
      ...G)");
  auto trace = std::make_shared<const ImportedTrace>(write_astar(lv));
  const Cell watched{3, 1};
  // From the trace itself: the iteration whose expanding takes the watched cell, and the one
  // during which the goal is first generated.
  std::int64_t takes = 0, sees_goal = 0, k = 0;
  for (const ImportedEvent& e : trace->events) {
    if (e.type == TraceEventType::Expanding) ++k;
    if (e.node == kNoNode) continue;
    if (e.type == TraceEventType::Expanding && trace->cell(e.node) == watched && takes == 0) takes = k;
    if (e.type == TraceEventType::Generating && trace->cell(e.node) == lv.goal() && sees_goal == 0)
      sees_goal = k;
  }
  REQUIRE(takes > 0);
  REQUIRE(sees_goal > 0);
  auto stop_at = [&](const Breakpoints& b) {
    TraceReplay replay(lv, trace);
    BreakpointWatch watch;
    watch.breakpoints = b;
    std::optional<std::string> why;
    while (!why && !finished(replay.state())) {
      watch.before_step(replay);
      replay.step();
      why = watch.after_step(replay);
    }
    REQUIRE(why.has_value());
    return std::pair{replay.iterations(), *why};
  };
  Breakpoints take_cell;
  take_cell.on_take = {watched};
  Breakpoints goal_seen;
  goal_seen.goal_reached = true;
  const auto [at_take, why_take] = stop_at(take_cell);
  CHECK(at_take == takes);
  CHECK(why_take.find(cell_text(watched)) != std::string::npos);
  const auto [at_goal, why_goal] = stop_at(goal_seen);
  CHECK(at_goal == sees_goal);
}
