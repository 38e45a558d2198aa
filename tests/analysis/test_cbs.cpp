// Conflict-Based Search (cbs.hpp), against oracles written here apart:
// - on small random problems (2..6 units on levels up to 8 x 8, the benchmark's rules, and 2..3
//   units with every layer), CBS's sum of costs equals a joint-space A* over every unit's cell
//   at once (below), with either conflict choice; CBS finds no plans exactly when it finds none;
// - on 1,000 random problems (up to 16 x 16, 2..12 units), every plan CBS returns is legal, from
//   start to goal, costs what its steps cost, and meets no other (support/plan_oracle.hpp);
// - stepping back across tree nodes (seek) restores the tree, the log and the plans exactly, as
//   a fresh planner stepped there has them;
// - the nested steps, breakpoints, refusals and budgets by name; the corridor where taking turns
//   fails.
#include <doctest/doctest.h>

#include <algorithm>
#include <unordered_map>
#include <optional>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/cooperative.hpp"
#include "astar/movingai.hpp"
#include "support/ascii_level.hpp"
#include "support/plan_oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// ---- the joint-space oracle -------------------------------------------------------------------
// A state is every unit's cell and which units are done (on their goals for good: they stay and
// cost nothing more). Each tick every unit not done waits (cost 1) or makes a possible move (its
// cost), no two on one cell and no two swapping; a unit on its goal may be declared done at no
// cost. The least cost to make every unit done is the least sum of costs. A* with operator
// decomposition (Standley, AAAI 2010: the units of a tick move one at a time, the tick's
// intermediate states searched like the others), the sum of each unit's own least cost to its
// goal (a Dijkstra each) as the estimate. Levels of at most 64 cells: 6 bits a cell.

struct JointState {
  std::uint64_t prev = 0, now = 0;  // 6 bits per unit: its cell before and after this tick
  std::uint32_t k = 0;              // the next unit to move this tick (0: a whole tick)
  std::uint32_t done = 0;           // bit per unit
  bool operator==(const JointState&) const = default;
};
struct JointHash {
  std::size_t operator()(const JointState& s) const {
    return std::hash<std::uint64_t>{}(s.prev * 0x9E3779B97F4A7C15ull ^ s.now ^
                                      (static_cast<std::uint64_t>(s.k) << 58) ^ (std::uint64_t{s.done} << 50));
  }
};
std::uint32_t cell_of(std::uint64_t packed, std::size_t u) { return (packed >> (6 * u)) & 63u; }
std::uint64_t with_cell(std::uint64_t packed, std::size_t u, std::uint32_t c) {
  return (packed & ~(std::uint64_t{63} << (6 * u))) | (std::uint64_t{c} << (6 * u));
}

std::vector<std::optional<ExactCost>> distances_to(const MovePolicy& policy, Cell goal) {
  const Level& lv = policy.level();
  std::vector<std::optional<ExactCost>> d(static_cast<std::size_t>(lv.cell_count()));
  using Item = std::pair<ExactCost, std::uint32_t>;
  const auto later = [](const Item& x, const Item& y) { return compare(x.first, y.first) > 0; };
  std::priority_queue<Item, std::vector<Item>, decltype(later)> open(later);
  open.push({ExactCost{}, to_u32(lv.index(goal))});
  std::vector<std::uint8_t> settled(d.size(), 0);
  while (!open.empty()) {
    const ExactCost g = open.top().first;
    const std::uint32_t i = open.top().second;
    open.pop();
    if (settled[i]) continue;
    settled[i] = 1;
    d[i] = g;
    const Cell c{static_cast<int>(i % static_cast<std::uint32_t>(lv.width())),
                 static_cast<int>(i / static_cast<std::uint32_t>(lv.width()))};
    policy.for_each_move_into(c, [&](const Move& m) {  // m.to: the cell the move comes from
      if (m.possible() && !settled[to_u32(lv.index(m.to))]) open.push({g + m.exact, to_u32(lv.index(m.to))});
    });
  }
  return d;
}

struct JointOracle {
  const MovePolicy& policy;
  const std::vector<Unit>& units;
  std::vector<std::vector<std::optional<ExactCost>>> h;  // per unit, per cell
  std::size_t cap;

  std::size_t n() const { return units.size(); }
  bool is_done(const JointState& s, std::size_t u) const { return (s.done >> u & 1) != 0; }
  Cell cell(std::uint32_t i) const {
    const int w = policy.level().width();
    return {static_cast<int>(i % static_cast<std::uint32_t>(w)), static_cast<int>(i / static_cast<std::uint32_t>(w))};
  }
  std::uint32_t index(Cell c) const { return to_u32(policy.level().index(c)); }
  // None when a unit stands where its goal cannot be reached from (a one-way edge, a drop): a
  // dead state.
  std::optional<ExactCost> estimate(const JointState& s) const {
    ExactCost sum;
    for (std::size_t u = 0; u < n(); ++u) {
      if (is_done(s, u)) continue;
      const std::optional<ExactCost>& d = h[u][cell_of(u < s.k ? s.now : s.prev, u)];
      if (!d) return std::nullopt;
      sum += *d;
    }
    return sum;
  }
  // Whether unit k may go to `to` this tick: no unit already there after it (those moved this
  // tick, and those done), no swap with one moved this tick.
  bool free_for(const JointState& s, std::size_t k, std::uint32_t to) const {
    const std::uint32_t from = cell_of(s.prev, k);
    for (std::size_t v = 0; v < n(); ++v) {
      if (v == k || (v > k && !is_done(s, v))) continue;
      if (cell_of(s.now, v) == to) return false;
      if (to != from && cell_of(s.now, v) == from && cell_of(s.prev, v) == to) return false;
    }
    return true;
  }
  // The state after unit s.k has moved to `to`: the next unit not done moves next, and after the
  // last the tick is whole.
  JointState moved(const JointState& s, std::uint32_t to) const {
    JointState next = s;
    next.now = with_cell(s.now, s.k, to);
    next.k = s.k + 1;
    while (next.k < n() && is_done(next, next.k)) ++next.k;
    if (next.k == n()) {
      next.k = 0;
      next.prev = next.now;
    }
    return next;
  }
  template <class Fn>
  void each_move(const JointState& s, Fn&& fn) const {
    JointState at = s;
    if (at.k == 0) {  // a whole tick: declare done, or start the next tick
      for (std::size_t u = 0; u < n(); ++u)
        if (!is_done(s, u) && cell(cell_of(s.now, u)) == units[u].goal) {
          JointState d = s;
          d.done |= 1u << u;
          fn(d, ExactCost{});
        }
      while (at.k < n() && is_done(at, at.k)) ++at.k;
    }
    const std::uint32_t from = cell_of(at.prev, at.k);
    if (free_for(at, at.k, from)) fn(moved(at, from), ExactCost::straight(1.0));
    policy.for_each_move(cell(from), [&](const Move& m) {
      if (m.possible() && free_for(at, at.k, index(m.to))) fn(moved(at, index(m.to)), m.exact);
    });
  }

  // The least sum of costs; none when no plans exist; `capped` when it gave up.
  std::optional<ExactCost> solve(bool& capped) const {
    JointState start;
    for (std::size_t u = 0; u < n(); ++u) {
      if (!h[u][index(units[u].start)]) return std::nullopt;
      start.prev = with_cell(start.prev, u, index(units[u].start));
    }
    start.now = start.prev;
    const std::uint32_t all = (1u << n()) - 1;
    struct Item {
      ExactCost f, g;
      JointState s;
    };
    const auto later = [](const Item& x, const Item& y) {
      if (const int k = compare(x.f, y.f); k != 0) return k > 0;
      return compare(x.g, y.g) < 0;
    };
    std::priority_queue<Item, std::vector<Item>, decltype(later)> open(later);
    std::unordered_map<JointState, ExactCost, JointHash> best;
    open.push({*estimate(start), ExactCost{}, start});
    best[start] = ExactCost{};
    std::size_t taken = 0;
    while (!open.empty()) {
      const Item top = open.top();
      open.pop();
      if (compare(best[top.s], top.g) < 0) continue;
      if (top.s.done == all) return top.g;
      if (++taken > cap) {
        capped = true;
        return std::nullopt;
      }
      each_move(top.s, [&](const JointState& next, ExactCost step) {
        const ExactCost g = top.g + step;
        const std::optional<ExactCost> rest = estimate(next);
        if (!rest) return;
        const auto [it, fresh] = best.try_emplace(next, g);
        if (!fresh && compare(it->second, g) <= 0) return;
        it->second = g;
        open.push({g + *rest, g, next});
      });
    }
    return std::nullopt;
  }
};

// ---- problems ---------------------------------------------------------------------------------

void place_units(Level& lv, std::mt19937& rng, std::size_t most) {
  std::vector<Cell> open;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      if (lv.open({x, y})) open.push_back({x, y});
  std::vector<Cell> starts = open, goals = open;
  std::shuffle(starts.begin(), starts.end(), rng);
  std::shuffle(goals.begin(), goals.end(), rng);
  lv.units.clear();
  for (std::size_t i = 0; i < std::min(most, open.size()); ++i)
    lv.units.push_back(Unit{starts[i], goals[i], std::nullopt});
}

// A benchmark-rule level (4 neighbours, every move 1) of up to side x side with some walls.
Level random_mapf_level(std::mt19937& rng, int side, int max_walls_percent) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Level lv(pick(2, side), pick(2, side));
  const int walls = pick(0, max_walls_percent);
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, pick(0, 99) < walls);
  lv.rules() = mapf_rules();
  return lv;
}

// Checks CBS against the joint oracle on `lv`; true when compared (the oracle did not give up).
bool compare_with_oracle(const Level& lv, CbsConflictChoice choice) {
  const MovePolicy policy(lv, lv.rules());
  JointOracle oracle{policy, lv.units, {}, 80'000};
  for (const Unit& u : lv.units) oracle.h.push_back(distances_to(policy, u.goal));
  bool capped = false;
  const std::optional<ExactCost> best = oracle.solve(capped);
  if (capped) return false;
  const auto res = plan_cbs(lv, lv.rules(), {.choice = choice, .max_nodes = 4'000});
  REQUIRE(res.ok());
  const CbsResult& r = res.value();
  if (r.outcome == CbsOutcome::NodeBudget) {  // CBS cannot prove there is none: its budget ends it
    return !best.has_value();
  }
  CHECK((r.outcome == CbsOutcome::Solved) == best.has_value());
  if (best && r.outcome == CbsOutcome::Solved) {
    CHECK(compare(r.cost, *best) == 0);
    CHECK(test::brute_conflicts(r.plans).empty());
  }
  return true;
}

}  // namespace

TEST_CASE("[cbs] the least sum of costs, as a joint-space search finds it (benchmark rules)") {
  std::mt19937 rng(3301);
  std::size_t compared = 0, tried = 0, solved_with_waits = 0;
  for (int k = 0; k < 260; ++k) {
    Level lv = random_mapf_level(rng, 8, 30);
    place_units(lv, rng, k < 200 ? 2 + static_cast<std::size_t>(k % 3) : 5 + static_cast<std::size_t>(k % 2));
    if (lv.units.size() < 2) continue;
    ++tried;
    const CbsConflictChoice choice = k % 2 ? CbsConflictChoice::First : CbsConflictChoice::Cardinal;
    CAPTURE(k);
    if (compare_with_oracle(lv, choice)) ++compared;
    const auto r = plan_cbs(lv, lv.rules(), {.max_nodes = 2'000});
    if (r.ok() && r.value().outcome == CbsOutcome::Solved) {
      const PlanStats s = plan_stats(r.value().plans, [&] {
        std::vector<Cell> g;
        for (const Unit& u : lv.units) g.push_back(u.goal);
        return g;
      }());
      CHECK(compare(ExactCost::straight(static_cast<double>(s.sum_of_costs)), r.value().cost) == 0);
      for (const UnitPlan& p : r.value().plans)
        solved_with_waits += std::adjacent_find(p.cells.begin(), p.cells.end()) != p.cells.end();
    }
  }
  MESSAGE("compared " << compared << " of " << tried << " problems; " << solved_with_waits << " plans wait");
  CHECK(compared * 10 >= tried * 9);
  CHECK(solved_with_waits > 20);
}

TEST_CASE("[cbs] the least sum of costs with every layer (costs, heights, edges, jumps, hexes)") {
  std::mt19937 rng(3302);
  std::size_t compared = 0, tried = 0;
  for (int k = 0; k < 200; ++k) {
    Level lv = k % 2 ? test::random_level(rng, 7) : test::random_plain_level(rng, 7);
    place_units(lv, rng, 2 + static_cast<std::size_t>(k % 2));
    if (lv.units.size() < 2 || !lv.check_units().empty()) continue;
    if (!CbsPlanner::make(lv, lv.rules(), {}).ok()) continue;
    ++tried;
    CAPTURE(k);
    if (compare_with_oracle(lv, k % 4 < 2 ? CbsConflictChoice::Cardinal : CbsConflictChoice::First)) ++compared;
  }
  MESSAGE("compared " << compared << " of " << tried << " problems");
  CHECK(tried > 150);
  CHECK(compared * 10 >= tried * 9);
}

TEST_CASE("[cbs] 1,000 random problems: every plan legal, start to goal, at its cost, meeting no other") {
  std::mt19937 rng(3303);
  std::size_t solved = 0, units = 0, budget = 0;
  for (int k = 0; k < 1000; ++k) {
    Level lv = k % 3 ? random_mapf_level(rng, 16, 25) : test::random_plain_level(rng, 12);
    place_units(lv, rng, 2 + static_cast<std::size_t>(k % 7));
    if (lv.units.size() < 2 || !CbsPlanner::make(lv, lv.rules(), {}).ok()) continue;
    CAPTURE(k);
    const auto res = plan_cbs(lv, lv.rules(), {.choice = k % 2 ? CbsConflictChoice::First : CbsConflictChoice::Cardinal,
                                               .max_nodes = 300});
    REQUIRE(res.ok());
    const CbsResult& r = res.value();
    if (r.outcome != CbsOutcome::Solved) {
      budget += r.outcome == CbsOutcome::NodeBudget;
      CHECK(!r.failure.empty());
      continue;
    }
    ++solved;
    const MovePolicy policy(lv, lv.rules());
    CHECK(test::brute_conflicts(r.plans).empty());
    ExactCost sum;
    for (std::size_t u = 0; u < lv.units.size(); ++u) {
      const std::vector<Cell>& c = r.plans[u].cells;
      CHECK(c.front() == lv.units[u].start);
      CHECK(c.back() == lv.units[u].goal);
      const std::optional<ExactCost> cost = test::plan_cost(policy, c);
      REQUIRE(cost.has_value());
      sum += *cost;
      ++units;
    }
    CHECK(compare(sum, r.cost) == 0);
  }
  MESSAGE(solved << " problems solved (" << units << " units), " << budget << " past the budget");
  CHECK(solved > 700);
}

namespace {

// A corridor with one niche at (2, 2) below it: unit 0 from (1, 1) to (5, 1), unit 1 the other way.
Level niche_corridor() {
  Level lv = test::ascii_level(R"(
    #######
    #.....#
    ##.####
    #######
  )", mapf_rules());
  lv.units = {Unit{{1, 1}, {5, 1}, std::nullopt}, Unit{{5, 1}, {1, 1}, std::nullopt}};
  return lv;
}

// Everything a view of the planner shows, to compare two planners exactly.
std::string snapshot(const CbsPlanner& p) {
  std::string out = "it " + std::to_string(p.iterations()) + " ll " + std::to_string(p.low_level_nodes()) +
                    " out " + std::string(to_string(p.outcome())) + "\n";
  for (std::uint32_t i = 0; i < p.nodes().size(); ++i) {
    const CbsNode& n = p.nodes()[i];
    out += p.node_text(i) + " | " + std::to_string(n.parent) + " " + std::to_string(n.cost.a) + "," +
           std::to_string(n.cost.b) + " " + std::to_string(n.conflicts) + " " + std::to_string(n.depth) + " " +
           std::to_string(n.made_at) + " " + std::to_string(n.children[0]) + "/" + std::to_string(n.children[1]) + "\n";
    if (n.state != CbsNodeState::Searching)
      for (const UnitPlan& plan : p.plans_of(i))
        for (Cell c : plan.cells) out += std::to_string(c.x) + "," + std::to_string(c.y) + " ";
    out += "\n";
  }
  for (std::uint32_t id : p.open_nodes()) out += std::to_string(id) + " ";
  out += "| exp " + (p.expanding() ? std::to_string(*p.expanding()) : "-") + " srch " +
         (p.searching_node() ? std::to_string(*p.searching_node()) + "/" + std::to_string(*p.searching_unit()) : "-");
  if (const SpaceTimeSearch* s = p.search())
    for (const SpaceTimeNode& n : s->nodes())
      out += " " + std::to_string(n.cell.x) + "," + std::to_string(n.cell.y) + "@" + std::to_string(n.t) +
             (n.closed ? "c" : "o") + std::to_string(n.g.a) + "/" + std::to_string(n.conflicts);
  for (const std::string& line : p.log()) out += "\n" + line;
  return out;
}

}  // namespace

TEST_CASE("[cbs] seeking back across tree nodes restores the tree, the log and the plans exactly") {
  std::mt19937 rng(3304);
  int checked = 0;
  for (int k = 0; k < 60; ++k) {
    Level lv = random_mapf_level(rng, 8, 25);
    place_units(lv, rng, 3 + static_cast<std::size_t>(k % 4));
    auto made = CbsPlanner::make(lv, lv.rules(), {.choice = k % 2 ? CbsConflictChoice::First : CbsConflictChoice::Cardinal,
                                                  .max_nodes = 60});
    if (lv.units.size() < 2 || !made.ok()) continue;
    CbsPlanner& p = made.value();
    p.run();
    const std::int64_t end = p.iterations();
    if (p.nodes_expanded() < 2) continue;
    CAPTURE(k);
    std::vector<std::int64_t> marks;
    for (int m = 0; m < 4; ++m) marks.push_back(std::uniform_int_distribution<std::int64_t>(0, end)(rng));
    for (std::int64_t at : marks) {
      auto fresh = CbsPlanner::make(lv, lv.rules(), p.options());
      for (std::int64_t i = 0; i < at; ++i) fresh.value().step();
      p.seek(at);
      CHECK(p.iterations() == at);
      CHECK(snapshot(p) == snapshot(fresh.value()));
      p.seek(end);
    }
    // One node back from a node's end goes into its second child's search.
    p.restart();
    REQUIRE(p.step_node());  // the root
    REQUIRE(p.step_node());  // the root split
    const std::string after = snapshot(p);
    const std::int64_t it = p.iterations();
    p.step_back();
    CHECK(p.iterations() == it - 1);
    CHECK(snapshot(p) != after);
    p.step();
    CHECK(snapshot(p) == after);
    ++checked;
  }
  CHECK(checked > 20);
}

TEST_CASE("[cbs] nested steps: an iteration, a low-level search, a tree node") {
  Level lv = niche_corridor();
  auto made = CbsPlanner::make(lv, lv.rules(), {.choice = CbsConflictChoice::First});
  REQUIRE(made.ok());
  CbsPlanner& p = made.value();
  CHECK(p.nodes().size() == 1);
  CHECK(p.nodes()[0].state == CbsNodeState::Searching);
  REQUIRE(p.step());  // the root's first search takes its first node
  CHECK(p.searching_unit() == std::optional<std::size_t>(0));
  CHECK(p.search() != nullptr);
  REQUIRE(p.step_search());  // unit 0's plan
  CHECK(p.low_level_searches() == 1);
  CHECK(p.searching_node() == std::nullopt);
  REQUIRE(p.step_node());  // the rest of the root: unit 1's plan
  CHECK(p.low_level_searches() == 2);
  CHECK(p.nodes()[0].state == CbsNodeState::Open);
  CHECK(p.nodes()[0].conflicts > 0);
  CHECK(p.log().back().rfind("node 0, the root (cost 8, ", 0) == 0);
  REQUIRE(p.step());  // take the root: split at its first conflict
  CHECK(p.expanding() == std::optional<std::uint32_t>(0));
  CHECK(p.nodes().size() == 3);
  CHECK(p.nodes()[1].state == CbsNodeState::Searching);
  CHECK(p.log().back().rfind("took node 0 (cost 8, ", 0) == 0);
  REQUIRE(p.step_node());  // both children searched
  CHECK(p.expanding() == std::nullopt);
  CHECK(p.nodes()[1].state == CbsNodeState::Open);
  CHECK(p.nodes()[2].state == CbsNodeState::Open);
  CHECK(p.log().back().find("; child 1 forbids unit 0 ") != std::string::npos);
  p.run();
  REQUIRE(p.outcome() == CbsOutcome::Solved);
  const MovePolicy policy(lv, lv.rules());
  JointOracle oracle{policy, lv.units, {distances_to(policy, {5, 1}), distances_to(policy, {1, 1})}, 100'000};
  bool capped = false;
  const std::optional<ExactCost> best = oracle.solve(capped);
  REQUIRE(best.has_value());
  CHECK(compare(p.cost(), *best) == 0);  // 11: unit 0 steps into the niche while unit 1 passes
  CHECK(test::brute_conflicts(p.plans()).empty());
  CHECK(p.nodes()[*p.solution()].state == CbsNodeState::Solution);
  CHECK(p.log().back().find("has no conflict: the solution") != std::string::npos);
  // Cooperative A* in the file's order finds no room for unit 1 here.
  const auto ca = plan_cooperative(lv, lv.rules(), {});
  REQUIRE(ca.ok());
  CHECK(ca.value().failures.size() == 1);
}

TEST_CASE("[cbs] breakpoints: a conflict at a cell, a node dearer than C") {
  Level lv = niche_corridor();
  auto made = CbsPlanner::make(lv, lv.rules(), {.choice = CbsConflictChoice::First});
  REQUIRE(made.ok());
  CbsPlanner& p = made.value();
  REQUIRE(p.run_to({.cost_above = 8.0}));
  const CbsNode& dear = p.nodes().back().state == CbsNodeState::Open ? p.nodes().back() : p.nodes()[p.nodes().size() - 2];
  CHECK(dear.cost.value() > 8.0);
  p.restart();
  REQUIRE(p.step_node());
  const Conflict first = find_conflicts(p.plans_of(0)).front();
  REQUIRE(p.run_to({.conflict_at = first.cell}));
  REQUIRE(p.expanding().has_value());
  const Conflict at = *p.nodes()[*p.expanding()].conflict;
  CHECK((at.cell == first.cell || at.other == first.cell));
  CHECK(!p.run_to({.conflict_at = Cell{0, 0}}));  // a wall: never; runs to the end
  CHECK(p.outcome() == CbsOutcome::Solved);
}

TEST_CASE("[cbs] refusals and budgets, by name") {
  Level lv = test::ascii_level(R"(
    #####
    #...#
    #####
  )", mapf_rules());
  CHECK(CbsPlanner::make(lv, lv.rules(), {}).error() == "the level has no units");
  lv.units = {Unit{{1, 1}, {3, 1}, std::nullopt}, Unit{{2, 1}, {3, 1}, std::nullopt}};
  CHECK(CbsPlanner::make(lv, lv.rules(), {}).error().find("units[1].goal (3, 1) is units[0].goal too") == 0);
  lv.units = {Unit{{1, 1}, {3, 1}, std::nullopt}, Unit{{3, 1}, {1, 1}, std::nullopt}};
  CHECK(CbsPlanner::make(lv, lv.rules(), {.max_nodes = 0}).error() == "max_nodes must be 1..100000000, got 0");
  CHECK(CbsPlanner::make(lv, lv.rules(), {.wait_cost = -1}).error().find("wait cost must be") == 0);
  // Two units swapping ends in a corridor with no room: no solution, which only the budget ends.
  const auto r = plan_cbs(lv, lv.rules(), {.max_nodes = 50});
  REQUIRE(r.ok());
  CHECK(r.value().outcome == CbsOutcome::NodeBudget);
  CHECK(r.value().failure.rfind("no conflict-free plans found within the budget of 50 tree nodes (", 0) == 0);
  lv.set_wall({2, 1}, true);  // unit 0 cannot reach its goal at all
  const auto w = plan_cbs(lv, lv.rules(), {});
  REQUIRE(w.ok());
  CHECK(w.value().outcome == CbsOutcome::NoSolution);
  CHECK(w.value().failure == "unit 0 cannot reach its goal (3, 1) at all: no way on the level");
}

TEST_CASE("[cbs] prioritizing cardinal conflicts splits fewer nodes on a bottleneck, at the same cost") {
  // Four units crossing through one gap: plain CBS splits at the earliest conflicts, many of them
  // non-cardinal; ICBS's choice goes to the ones that raise the cost.
  Level lv = test::ascii_level(R"(
    #########
    #.......#
    #.......#
    ####.####
    #.......#
    #.......#
    #########
  )", mapf_rules());
  lv.units = {Unit{{1, 1}, {7, 5}, std::nullopt}, Unit{{7, 1}, {1, 5}, std::nullopt},
              Unit{{1, 5}, {7, 1}, std::nullopt}, Unit{{7, 5}, {1, 1}, std::nullopt}};
  const auto plain = plan_cbs(lv, lv.rules(), {.choice = CbsConflictChoice::First});
  const auto icbs = plan_cbs(lv, lv.rules(), {.choice = CbsConflictChoice::Cardinal});
  REQUIRE(plain.ok());
  REQUIRE(icbs.ok());
  REQUIRE(plain.value().outcome == CbsOutcome::Solved);
  REQUIRE(icbs.value().outcome == CbsOutcome::Solved);
  CHECK(compare(plain.value().cost, icbs.value().cost) == 0);
  MESSAGE("plain " << plain.value().nodes_expanded << " split, ICBS " << icbs.value().nodes_expanded);
  CHECK(icbs.value().nodes_expanded < plain.value().nodes_expanded);
}

TEST_CASE("[cbs] a conflict's class says which children cost more (the MDDs, checked by their effect)") {
  // Also: each node's conflict count (kept from its parent's) equals a brute force's.
  // Cardinal for a unit means every cheapest plan of it meets the conflict there, so forbidding
  // it raises that unit's cost (or leaves it none): a cardinal conflict's two children both cost more than the node,
  // a semi-cardinal one's exactly one, a non-cardinal one's neither.
  std::mt19937 rng(3305);
  std::size_t seen[3] = {0, 0, 0};
  for (int k = 0; k < 300; ++k) {
    Level lv = k % 4 ? random_mapf_level(rng, 10, 25) : test::random_plain_level(rng, 8);
    place_units(lv, rng, 2 + static_cast<std::size_t>(k % 6));
    auto made = CbsPlanner::make(lv, lv.rules(), {.choice = CbsConflictChoice::Cardinal, .max_nodes = 200});
    if (lv.units.size() < 2 || !made.ok()) continue;
    CbsPlanner& p = made.value();
    p.run();
    CAPTURE(k);
    for (const CbsNode& n : p.nodes()) {
      const std::uint32_t id = static_cast<std::uint32_t>(&n - p.nodes().data());
      if (n.state == CbsNodeState::Open || n.state == CbsNodeState::Expanded)  // counted apart
        CHECK(n.conflicts == test::brute_conflicts(p.plans_of(id)).size());
      if (n.state != CbsNodeState::Expanded) continue;
      const CbsNode& a = p.nodes()[n.children[0]];
      const CbsNode& b = p.nodes()[n.children[1]];
      if (a.state == CbsNodeState::Searching || b.state == CbsNodeState::Searching) continue;
      // A dead end (its unit finds no plan under its constraints) costs more than any plan.
      const auto dearer_than_n = [&](const CbsNode& c) {
        return c.state == CbsNodeState::DeadEnd || compare(c.cost, n.cost) > 0;
      };
      const int dearer = dearer_than_n(a) + dearer_than_n(b);
      REQUIRE(n.conflict_class != ConflictClass::NotClassified);
      const int expected = n.conflict_class == ConflictClass::Cardinal ? 2 : n.conflict_class == ConflictClass::SemiCardinal ? 1 : 0;
      CHECK(dearer == expected);
      ++seen[expected == 2 ? 0 : expected == 1 ? 1 : 2];
    }
  }
  MESSAGE("cardinal " << seen[0] << ", semi-cardinal " << seen[1] << ", non-cardinal " << seen[2]);
  CHECK(seen[0] > 50);
  CHECK(seen[1] > 20);
  CHECK(seen[2] > 20);
}
