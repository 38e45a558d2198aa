// The flow field as a Search (flow_field_search.hpp, Algorithm::FlowField):
// - it agrees with FlowField (flow_field.hpp) exactly, step by step and cell by cell: the same
//   settle order, the same cost to the goal (g, bit for bit), the same flow (a settled cell's
//   parent), on random levels with every layer (costs, heights, edge overrides, jumps, agents,
//   shapes with an agent radius, hexes of the four layouts); Found exactly when the start is
//   settled, its path the flow followed from the start, and unreachable cells agree;
// - its micro-steps: the take, then one event per move entering the taken cell;
// - rewind: every step back, micro-step back and seek equals a fresh search stepped there, view
//   by view (same_state.hpp) and check_invariants;
// - the views by hand on a small level, and what it refuses.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "astar/flow_field.hpp"
#include "astar/flow_field_search.hpp"
#include "astar/inspect.hpp"
#include "astar/make_search.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/pseudocode.hpp"
#include "astar/trace.hpp"
#include "astar/shapes.hpp"
#include "support/ascii_level.hpp"
#include "support/hex_oracle.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;
using astar::test::ascii_level;
using astar::test::check_same_state;

namespace {

const SearchOptions kFlow{.algorithm = Algorithm::FlowField};

// Level k of the random mix: square levels with every rule (a shape and an agent radius on some),
// hex levels with every rule, plain-cost squares and hexes.
Level mixed_level(std::mt19937& rng, int k) {
  if (k % 4 == 0) return test::random_hex_level(rng, 12);
  if (k % 4 == 1) {  // plain costs place no endpoints: put them on open cells
    Level lv = test::random_plain_level(rng, 12);
    std::uniform_int_distribution<int> x(0, lv.width() - 1), y(0, lv.height() - 1);
    lv.set_start({x(rng), y(rng)});
    lv.set_goal({x(rng), y(rng)});
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
    return lv;
  }
  Level lv = test::random_level(rng, 12);
  if (k % 8 == 2) lv.rules().neighbours = Neighbours::Four;
  if (k % 8 == 3) {
    std::uniform_real_distribution<double> at(0.0, lv.width()), down(0.0, lv.height());
    lv.add_shape(Circle{at(rng), down(rng), 0.7});
    lv.rules().agent_radius = 0.25;
  }
  return lv;
}

// Whether every cell of search s shows what field f says: state, g (bit for bit) and parent (the
// flow of a settled cell). Counts the cells it compared into `cells`.
bool same_cells(const Search& s, const FlowField& f, std::int64_t& cells) {
  const Level& lv = s.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      const NodeView n = s.node(c);
      const FlowCellState fs = f.state(c);
      const NodeState want = fs == FlowCellState::Settled ? NodeState::Closed
                             : fs == FlowCellState::Open  ? NodeState::Open
                                                          : NodeState::Unseen;
      if (n.state != want) return false;
      ++cells;
      if (fs == FlowCellState::Unseen) continue;
      if (n.g != f.integration_value(c) || n.h != 0.0 || n.f != n.g) return false;
      if (fs != FlowCellState::Settled) continue;
      const std::optional<Move> flow = f.flow(c);
      if (n.parent != (flow ? std::optional<Cell>(flow->to) : std::nullopt)) return false;
    }
  return true;
}

}  // namespace

TEST_CASE("[flow-search] agrees with FlowField step by step on random levels with every layer") {
  std::mt19937 rng(3211);
  int levels = 0, found = 0, no_path = 0, hexes = 0, shapes = 0, jumps = 0, refused = 0;
  std::int64_t cells = 0, steps = 0, unreachable = 0;
  for (int k = 0; k < 400; ++k) {
    const Level lv = mixed_level(rng, k);
    INFO("level ", k, " (", to_string(lv.topology()), ")");
    Result<FlowField> made = FlowField::make(lv);
    const auto s = make_search(lv, kFlow);
    if (!made) {  // refused: the search says why in the field's words
      CHECK(s->state() == SearchState::Invalid);
      CHECK(s->message() == made.error());
      ++refused;
      continue;
    }
    if (s->state() == SearchState::Invalid) {  // the start inside a shape: check_supported's
      CHECK(s->message() == check_supported(lv, lv.rules(), kFlow));
      ++refused;
      continue;
    }
    FlowField& f = made.value();
    bool agree = same_cells(*s, f, cells);
    while (!finished(s->state())) {
      s->step();
      REQUIRE(f.step());
      ++steps;
      REQUIRE(s->last_taken() == f.settle_order().back());
      if (s->iterations() % 5 == 0) agree = agree && same_cells(*s, f, cells);
    }
    CHECK(agree);
    CHECK(f.done());
    CHECK(same_cells(*s, f, cells));
    CHECK(s->iterations() == f.settled_count());
    CHECK(s->check_invariants() == "");
    const bool start_settled = f.state(lv.start()) == FlowCellState::Settled;
    CHECK(s->state() == (start_settled ? SearchState::Found : SearchState::NoPath));
    CHECK(s->path() == (start_settled ? f.follow(lv.start()) : std::vector<Cell>{}));
    if (start_settled) CHECK(s->path_cost() == f.integration_value(lv.start()));
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        CHECK(cannot_reach_goal(*s, {x, y}) == f.unreachable({x, y}));
        unreachable += f.unreachable({x, y});
      }
    ++levels;
    (start_settled ? found : no_path)++;
    hexes += lv.is_hex();
    shapes += !lv.shapes().empty();
    jumps += lv.rules().jump.gap > 0;
  }
  MESSAGE(levels << " levels (" << found << " found, " << no_path << " no path, " << hexes
                 << " hex, " << shapes << " with a shape, " << jumps << " with jumps across; "
                 << refused << " refused), " << steps << " steps, " << cells
                 << " cells compared, " << unreachable << " unreachable");
  CHECK(found > 150);
  CHECK(no_path > 40);
  CHECK(hexes > 100);
  CHECK(shapes > 20);
  CHECK(jumps > 40);
  CHECK(unreachable > 100);
}

namespace {
struct EventCounter : SearchListener {
  int takes = 0, relaxes = 0, skips = 0, closed = 0;
  void on_take(Cell, const NodeView&) override { ++takes; }
  void on_relax(Cell, Cell, double, double, std::optional<Cell>) override { ++relaxes; }
  void on_skip(Cell, const Move&, SkipReason why) override {
    ++skips;
    closed += why == SkipReason::Closed;
  }
  int total() const { return takes + relaxes + skips; }
};
}  // namespace

// . . .
// . # .
// S . G
TEST_CASE("[flow-search] micro-steps: the take, then one per move entering the taken cell") {
  const Level lv = ascii_level("...\n.#.\nS.G");
  EventCounter events;
  const auto s = make_search(lv, kFlow, &events);
  CHECK(s->next_to_take() == lv.goal());
  REQUIRE(s->micro_step() == SearchState::InProgress);
  CHECK(s->last_taken() == lv.goal());
  CHECK(s->mid_iteration());
  CHECK(events.takes == 1);
  std::vector<Cell> into;
  MovePolicy(lv, lv.rules()).for_each_move_into(lv.goal(), [&](const Move& m) { into.push_back(m.to); });
  REQUIRE(s->taken_moves().size() == into.size());
  for (std::size_t k = 0; k < into.size(); ++k) CHECK(s->taken_moves()[k].to == into[k]);
  for (std::size_t k = 1; k <= into.size(); ++k) {
    s->micro_step();
    CHECK(s->examined() == k);
    CHECK(events.total() == 1 + static_cast<int>(k));  // one event per micro-step
  }
  CHECK_FALSE(s->mid_iteration());
  // Into the goal (2, 2): from (1, 2) and (2, 1); (1, 1) is a wall; the rest leave the level.
  CHECK(events.relaxes == 2);
  CHECK(s->last_relaxed() == std::vector<Cell>{{1, 2}, {2, 1}});
  CHECK(s->node({1, 2}).parent == lv.goal());
  CHECK(s->node({1, 2}).state == NodeState::Open);
  // The quiz: (2, 1) and (1, 2) both cost 1 to the goal; the row decides.
  CHECK(s->next_to_take() == Cell{2, 1});
  const std::optional<Verdict> tie = judge_prediction(*s, {1, 2});
  REQUIRE(tie.has_value());
  CHECK_FALSE(tie->right);
  CHECK(tie->why.find("equal costs go by row, then column") != std::string::npos);
  CHECK(judge_prediction(*s, {2, 1})->why.find("the lowest g (its cost to the goal)") !=
        std::string::npos);
  // The open cell's way to the goal: itself, then its parent's flow.
  CHECK(s->path_to({1, 2}) == std::vector<Cell>{{1, 2}, {2, 2}});
  CHECK(s->path_to({0, 0}).empty());  // unseen
  s->run();
  CHECK(events.closed > 0);  // moves from settled cells are skipped as closed
  CHECK(s->state() == SearchState::Found);
  CHECK(s->iterations() == 8);  // every open cell, not just up to the start
  CHECK(s->path() == std::vector<Cell>{{0, 2}, {1, 2}, {2, 2}});
  CHECK(s->path_cost() == 2.0);
  CHECK(s->path_to({0, 0}).front() == Cell{0, 0});
  CHECK(s->path_to({0, 0}).back() == lv.goal());
  // g is the cost TO the goal: that of the way path_to gives.
  CHECK(path_cost(MovePolicy(lv, lv.rules()), s->path_to({0, 0})) == s->node({0, 0}).g);
}

// S # .
// # # .
// . . G
TEST_CASE("[flow-search] a start cut off from the goal: the whole field, then no path") {
  const Level lv = ascii_level("S#.\n##.\n..G");
  const auto s = make_search(lv, kFlow);
  CHECK(s->run() == SearchState::NoPath);
  CHECK(s->iterations() == 5);  // the goal and the four cells that reach it
  CHECK(s->path().empty());
  CHECK(s->node(lv.start()).state == NodeState::Unseen);
  CHECK(cannot_reach_goal(*s, lv.start()));
  CHECK_FALSE(cannot_reach_goal(*s, {1, 0}));  // a wall
  CHECK_FALSE(cannot_reach_goal(*make_search(lv, {.algorithm = Algorithm::Dijkstra}), lv.start()));
  const auto partway = make_search(lv, kFlow);
  partway->step();  // in progress: not yet
  CHECK_FALSE(cannot_reach_goal(*partway, lv.start()));
  // The inspector says why in the field's terms.
  CHECK(why_not_taken(*s, lv.start()).rfind("cannot reach the goal", 0) == 0);
  CHECK(why_not_taken(*s, {2, 0}).empty());  // settled
  CHECK(s->node({0, 2}).parent == Cell{1, 2});
}

TEST_CASE("[flow-search] an iteration limit, and what it refuses") {
  const Level lv = ascii_level("S...\n....\n...G");
  SearchOptions o = kFlow;
  o.max_iterations = 3;
  const auto limited = make_search(lv, o);
  CHECK(limited->run() == SearchState::IterationLimit);
  CHECK(limited->iterations() == 3);
  CHECK(limited->path().empty());
  SUBCASE("a budget, a weight and partial paths") {
    CHECK(check_options({.algorithm = Algorithm::FlowField, .budget = 3.0}).find("needs Dijkstra") !=
          std::string::npos);
    CHECK(make_search(lv, {.algorithm = Algorithm::FlowField, .weight = 2.0})->state() ==
          SearchState::Invalid);
    CHECK(make_search(lv, {.algorithm = Algorithm::FlowField, .partial_path = true})->message() ==
          "partial paths are not supported by flow field");
  }
  SUBCASE("a level the field refuses: its words") {
    Level hex(6, 6);
    hex.set_topology(Topology::HexPointyTop);
    hex.set_goal({4, 4});
    hex.add_shape(Circle{1.5, 1.5, 0.5});
    const auto s = make_search(hex, kFlow);
    CHECK(s->state() == SearchState::Invalid);
    CHECK(s->message() == FlowField::make(hex).error());
    Level dear(200, 200);
    dear.set_cost({0, 0}, 1e8);
    CHECK(make_search(dear, kFlow)->message() == FlowField::make(dear).error());
  }
  SUBCASE("the shapes it is told to ignore are not there") {
    Level shaped = lv;
    shaped.add_shape(Circle{3.5, 2.5, 0.4});  // over the goal
    CHECK(make_search(shaped, kFlow)->state() == SearchState::Invalid);
    SearchOptions ignore = kFlow;
    ignore.ignore_shapes = {0};
    CHECK(make_search(shaped, ignore)->run() == SearchState::Found);
  }
}

TEST_CASE("[flow-search] restart re-reads the endpoints, as astar bench moves them") {
  Level lv = ascii_level("S...\n.##.\n...G");
  const auto s = make_search(lv, kFlow);
  s->run();
  for (const auto& [start, goal] : std::vector<std::pair<Cell, Cell>>{
           {{3, 0}, {0, 2}}, {{0, 2}, {0, 2}}, {{1, 1}, {0, 2}}, {{0, 0}, {3, 2}}}) {
    lv.set_start(start);
    lv.set_goal(goal);
    s->restart();
    const auto fresh = make_search(lv, kFlow);
    CHECK(s->state() == fresh->state());
    CHECK(s->message() == fresh->message());
    CHECK(s->run() == fresh->run());
    CHECK(s->path() == fresh->path());
    check_same_state(*s, *fresh, lv);
  }
  CHECK(s->message() == "");  // the last pair is open again after (1, 1), a wall, refused
}

TEST_CASE("[flow-search] rewind: steps back, micro-steps back and seeks equal a fresh search") {
  std::mt19937 rng(3212);
  std::int64_t compared = 0, mid = 0;
  for (int k = 0; k < 200; ++k) {
    const Level lv = mixed_level(rng, k);
    INFO("level ", k);
    const auto probe = make_search(lv, kFlow);
    if (probe->state() == SearchState::Invalid) continue;
    std::int64_t micro_total = 0;
    while (probe->micro_step() == SearchState::InProgress) ++micro_total;
    const std::int64_t end = probe->iterations();
    const auto s = make_search(lv, kFlow);
    s->set_recording(true);
    std::uniform_int_distribution<std::int64_t> iteration(0, end), micro(0, micro_total);
    for (int t = 0; t < 6; ++t) {
      if (t % 3 == 2) {  // mid-iteration: some micro-steps from the start, then some back
        const std::int64_t forward = micro(rng), back = std::min<std::int64_t>(forward, t);
        s->seek(0);
        for (std::int64_t m = 0; m < forward; ++m) s->micro_step();
        for (std::int64_t m = 0; m < back; ++m) REQUIRE(s->micro_step_back());
        const auto fresh = make_search(lv, kFlow);
        for (std::int64_t m = 0; m < forward - back; ++m) fresh->micro_step();
        CHECK(s->mid_iteration() == fresh->mid_iteration());
        CHECK(s->examined() == fresh->examined());
        mid += s->mid_iteration();
        compared += check_same_state(*s, *fresh, lv);
      } else {
        const std::int64_t to = t % 3 == 1 ? s->iterations() - 1 : iteration(rng);
        if (to >= 0 && to < s->iterations() && t % 3 == 1) REQUIRE(s->step_back());
        else s->seek(to);
        const auto fresh = make_search(lv, kFlow);
        fresh->seek(s->iterations());
        compared += check_same_state(*s, *fresh, lv);
        CHECK(s->taken_moves().size() == fresh->taken_moves().size());
        CHECK(s->next_to_take() == fresh->next_to_take());
      }
      CHECK(s->check_invariants() == "");
    }
    CHECK(s->run() == probe->state());  // running on ends as a search never rewound
    CHECK(s->path() == probe->path());
    CHECK(s->iterations() == end);
  }
  MESSAGE(compared << " cells compared after rewinds (" << mid << " comparisons mid-iteration)");
  CHECK(compared > 12000);
  CHECK(mid > 50);
}

// . . .
// . # .
// S . G
TEST_CASE("[flow-search] its words: the log, the pseudo-code line of each micro-step, Posthoc") {
  const Level lv = ascii_level("...\n.#.\nS.G");
  TraceRecorder rec;
  const auto s = make_search(lv, kFlow, &rec);
  rec.attach(*s);
  const PseudoCode& code = pseudocode(Algorithm::FlowField);
  CHECK(&pseudocode_of(*s) == &code);
  CHECK(code_position(*s).line == 0);
  s->micro_step();  // the goal settled
  CHECK(code_position(*s).line == code.line_of[static_cast<int>(CodeStep::Close)]);
  CHECK(code.lines[static_cast<std::size_t>(code_position(*s).line)].find("settle current") !=
        std::string::npos);
  CHECK(describe(rec.events().back(), Algorithm::FlowField) ==
        "settled (2, 2): cost to the goal 0.00, the goal");
  s->micro_step();  // the first move into the goal: from the east, outside the level
  CHECK(code_position(*s).step == CodeStep::Skip);
  while (s->last_relaxed().empty()) s->micro_step();  // from (1, 2): relaxed
  CHECK(code_position(*s).step == CodeStep::Update);
  CHECK(code_position(*s).note == "a cheaper way from n to the goal");
  CHECK(describe(rec.events().back(), Algorithm::FlowField) ==
        "(1, 2): cost to the goal ∞ → 1.00 via (2, 2), added to open");
  s->step();
  s->micro_step();  // (2, 1) settled before (1, 2) at the same cost: by row, then column
  CHECK(describe(rec.events().back(), Algorithm::FlowField) ==
        "settled (2, 1): cost to the goal 1.00, flows to (2, 2)");
  for (int k = 0; k < 3; ++k) s->micro_step();  // its moves in from the east, south-east, south
  CHECK(code_position(*s).step == CodeStep::Skip);
  CHECK(code_position(*s).note == "settled");
  CHECK(describe(rec.events().back(), Algorithm::FlowField) == "(2, 2): settled, skipped");
  s->run();
  const CodePosition end = code_position(*s);
  CHECK(end.line == static_cast<int>(code.lines.size()) - 1);
  CHECK(end.note == "open is empty: every cell that can reach the goal has its flow");
  // A Posthoc trace runs from the start: this one does not.
  const Result<std::string> text = posthoc_trace(lv, rec.events(), {});
  REQUIRE_FALSE(text.ok());
  CHECK(text.error().find("flow fields search from the goal") != std::string::npos);
}
