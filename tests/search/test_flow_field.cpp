// Flow fields (flow_field.hpp) against oracles written apart, on hundreds of random levels:
// - a plain-cost oracle of its own (walls and cell costs in quarters; square cells with 4 or 8
//   neighbours and every diagonal rule, hexes of the four layouts by hex-grids.md's table), its
//   distances kept exactly as a + b sqrt 2 quarters, from one or several goals at once: every
//   cell's integration cost equals the oracle's exactly, and unreachable cells agree;
// - oracle.hpp's and hex_oracle.hpp's cost formula (their own, doubles, no MovePolicy) for every
//   rule (heights, climbs, drops, jumps, edge overrides, agents, 3D steps): the edges leaving
//   every open cell reversed, a multi-source Dijkstra from the goals; integration within
//   oracle_slack, unreachable cells agree;
// - the flow: from every reachable cell following it reaches a goal, the moves' exact costs add
//   up to the cell's integration exactly, and no move out of the cell does better or ties with a
//   move of an earlier kind (the stated tie rule);
// - stepping: k steps settle k cells, costs never go down along the settle order (equal costs
//   by row, then column), run() equals stepping, a flow never changes once fixed;
// - hand-made ties, and the refusals by message.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "astar/flow_field.hpp"
#include "astar/moves.hpp"
#include "astar/shapes.hpp"
#include "support/hex_oracle.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::kOracleInf;

namespace {

std::size_t idx(const Level& lv, Cell c) { return static_cast<std::size_t>(c.y * lv.width() + c.x); }

// [SECTION] The plain-cost oracle, exact

// A distance a + b sqrt 2, in quarters of a cost unit.
struct Quarters {
  std::int64_t a = 0, b = 0;
};

// The sign of a + b sqrt 2, exactly: opposite signs compare a^2 with 2 b^2.
int sign_of(std::int64_t a, std::int64_t b) {
  if ((a >= 0 && b >= 0) || (a <= 0 && b <= 0)) return (a + b > 0) - (a + b < 0);
  __extension__ using Wide = __int128;
  const Wide a2 = static_cast<Wide>(a) * a, b2 = 2 * static_cast<Wide>(b) * b;
  return a > 0 ? (a2 > b2 ? 1 : -1) : (b2 > a2 ? 1 : -1);
}
int compare_quarters(Quarters x, Quarters y) { return sign_of(x.a - y.a, x.b - y.b); }
ExactCost to_exact(Quarters q) { return {q.a * 250'000, q.b * 250'000}; }

bool open_cell(const Level& lv, Cell c) { return lv.in_bounds(c) && !lv.wall(c); }

// The cells next to c as the oracle sees them: the 8 squares around it, or its 6 hexes
// (hex_oracle.hpp's copy of hex-grids.md's table).
std::vector<Cell> oracle_neighbours(const Level& lv, Cell c) {
  std::vector<Cell> out;
  if (!lv.is_hex()) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (dx != 0 || dy != 0) out.push_back({c.x + dx, c.y + dy});
    return out;
  }
  for (const auto& [dc, dr] : astar::test::oracle_hex_offsets(lv, c))
    out.push_back({c.x + dc, c.y + dr});
  return out;
}

// Whether the plain rule lets a unit step from a to its neighbour b, and whether the step is a
// square corner step: docs/rules-and-costs.md's diagonal rules written out again.
bool plain_step(const Level& lv, Cell a, Cell b, bool& diagonal) {
  diagonal = !lv.is_hex() && a.x != b.x && a.y != b.y;
  if (!open_cell(lv, b)) return false;
  if (!diagonal) return true;
  const MovementRules& r = lv.rules();
  if (r.neighbours == Neighbours::Four) return false;
  const bool s1 = open_cell(lv, {b.x, a.y}), s2 = open_cell(lv, {a.x, b.y});
  switch (r.diagonal) {
    case DiagonalPolicy::Always: return true;
    case DiagonalPolicy::AtLeastOneSideOpen: return s1 || s2;
    case DiagonalPolicy::NoCornerCutting: return s1 && s2;
    case DiagonalPolicy::Never:
    case DiagonalPolicy::_Max: break;
  }
  return false;
}

// The plain cost of the step a -> b (entering b costs cost(b) times the step's length).
Quarters plain_cost(const Level& lv, Cell b, bool diagonal) {
  const auto q = static_cast<std::int64_t>(std::lround(lv.cost(b) * 4));
  return diagonal ? Quarters{0, q} : Quarters{q, 0};
}

// Exact Dijkstra from every goal at once over the plain steps reversed: for each settled cell b,
// every open a with a plain step a -> b is offered d(b) + cost(a -> b). None: unreachable.
std::vector<std::optional<Quarters>> plain_to_goals(const Level& lv, const std::vector<Cell>& goals) {
  std::vector<std::optional<Quarters>> dist(static_cast<std::size_t>(lv.cell_count()));
  std::vector<bool> done(dist.size(), false);
  using Item = std::pair<Quarters, Cell>;
  const auto later = [](const Item& x, const Item& y) { return compare_quarters(x.first, y.first) > 0; };
  std::priority_queue<Item, std::vector<Item>, decltype(later)> pq(later);
  for (Cell g : goals) {
    dist[idx(lv, g)] = Quarters{};
    pq.push({Quarters{}, g});
  }
  while (!pq.empty()) {
    const Quarters d = pq.top().first;
    const Cell b = pq.top().second;
    pq.pop();
    if (done[idx(lv, b)]) continue;
    done[idx(lv, b)] = true;
    for (Cell a : oracle_neighbours(lv, b)) {
      if (!open_cell(lv, a)) continue;
      bool diagonal = false;
      if (!plain_step(lv, a, b, diagonal)) continue;  // a's own step into b, its own rule
      const Quarters c = plain_cost(lv, b, diagonal);
      const Quarters nd{d.a + c.a, d.b + c.b};
      std::optional<Quarters>& old = dist[idx(lv, a)];
      if (old && compare_quarters(nd, *old) >= 0) continue;
      old = nd;
      pq.push({nd, a});
    }
  }
  return dist;
}

Level plain_level(std::mt19937& rng) { return test::random_plain_level(rng, 14); }

// 1 to 4 distinct goals on open cells (cleared of walls, and of agents).
std::vector<Cell> pick_goals(std::mt19937& rng, Level& lv) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int count = pick(0, 2) == 0 ? pick(2, 4) : 1;
  std::vector<Cell> goals;
  for (int k = 0; k < count; ++k) {
    const Cell g{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
    lv.set_wall(g, false);
    lv.set_agent(g, false);
    if (std::find(goals.begin(), goals.end(), g) == goals.end()) goals.push_back(g);
  }
  return goals;
}

// [SECTION] oracle.hpp's and hex_oracle.hpp's cost formula, reversed

// Every move leaving an open cell a, by the oracles' formula (no MovePolicy): fn(b, cost).
template <class Fn>
void oracle_moves(const Level& lv, Cell a, Fn&& fn) {
  const MovementRules& r = lv.rules();
  if (lv.is_hex()) {
    astar::test::oracle_hex_moves(lv, r, a, fn);
    return;
  }
  for (int ddy = -1; ddy <= 1; ++ddy)
    for (int ddx = -1; ddx <= 1; ++ddx) {
      if (ddx == 0 && ddy == 0) continue;
      const double c = astar::test::oracle_move_cost(lv, r, a, ddx, ddy);
      if (c != kOracleInf) fn(Cell{a.x + ddx, a.y + ddy}, c);
    }
  const int straight[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (const auto& s : straight)
    for (int span = 2; span <= r.jump.gap + 1; ++span) {
      const double c = astar::test::oracle_jump_cost(lv, r, a, s[0], s[1], span);
      if (c != kOracleInf) fn(Cell{a.x + span * s[0], a.y + span * s[1]}, c);
    }
}

struct Edge {
  std::size_t from;
  double cost;
};

// The cheapest cost from each cell to any goal (kOracleInf: none): the oracles' moves out of
// every open cell, reversed, then a plain multi-source Dijkstra in doubles.
std::vector<double> oracle_to_goals(const Level& lv, const std::vector<Cell>& goals) {
  std::vector<std::vector<Edge>> into(static_cast<std::size_t>(lv.cell_count()));
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell a{x, y};
      if (astar::test::oracle_blocked(lv, a)) continue;
      oracle_moves(lv, a, [&](Cell b, double c) { into[idx(lv, b)].push_back({idx(lv, a), c}); });
    }
  std::vector<double> dist(into.size(), kOracleInf);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  for (Cell g : goals) {
    dist[idx(lv, g)] = 0.0;
    pq.push({0.0, idx(lv, g)});
  }
  while (!pq.empty()) {
    const double d = pq.top().first;
    const std::size_t b = pq.top().second;
    pq.pop();
    if (d > dist[b]) continue;
    for (const Edge& e : into[b])
      if (d + e.cost < dist[e.from]) {
        dist[e.from] = d + e.cost;
        pq.push({dist[e.from], e.from});
      }
  }
  return dist;
}

// [SECTION] Properties of a finished field

// The kind of a move in the tie rule, as flow_field.hpp states it: straight, diagonal, across.
int kind_of(const Level& lv, const Move& m) {
  if (m.action == MoveAction::JumpAcross) return 2;
  return !lv.is_hex() && is_diagonal(m.dir) ? 1 : 0;
}

// From every settled cell: following the flow reaches a goal, each flow is a possible move whose
// exact costs add up to the integration exactly, and no move out of the cell is cheaper or ties
// with one of an earlier kind. Returns the number of cells followed.
int check_flow(const FlowField& f) {
  const Level& lv = f.level();
  const MovePolicy policy(lv, f.rules());
  int followed = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      if (f.state(c) != FlowCellState::Settled) {
        CHECK_FALSE(f.flow(c).has_value());
        CHECK(f.follow(c).empty());
        continue;
      }
      INFO("cell (", x, ", ", y, ")");
      const std::vector<Cell> way = f.follow(c);
      REQUIRE_FALSE(way.empty());
      CHECK(way.front() == c);
      REQUIRE(f.is_goal(way.back()));
      CHECK(static_cast<std::int64_t>(way.size()) <= f.settled_count());
      ExactCost sum;
      for (std::size_t k = 1; k < way.size(); ++k) {
        const std::optional<Move> m = f.flow(way[k - 1]);
        REQUIRE(m.has_value());
        CHECK(m->to == way[k]);
        const std::optional<Move> again = policy.move_between(way[k - 1], way[k]);
        REQUIRE(again.has_value());
        CHECK(again->exact == m->exact);
        sum += m->exact;
      }
      CHECK(sum == *f.integration(c));
      ++followed;
      if (f.is_goal(c)) {
        CHECK_FALSE(f.flow(c).has_value());
        CHECK(*f.integration(c) == ExactCost{});
        continue;
      }
      const Move chosen = *f.flow(c);
      const ExactCost best = chosen.exact + *f.integration(chosen.to);
      CHECK(best == *f.integration(c));
      policy.for_each_move(c, [&](const Move& m) {
        if (!m.possible() || f.state(m.to) != FlowCellState::Settled) return;
        const int k = compare(m.exact + *f.integration(m.to), best);
        CHECK(k >= 0);
        if (k == 0) CHECK(kind_of(lv, m) >= kind_of(lv, chosen));
      });
    }
  return followed;
}

}  // namespace

TEST_CASE("[flow] plain costs, one or several goals: integration equals an exact oracle's") {
  std::mt19937 rng(3201);
  int levels = 0, hexes = 0, fours = 0, several = 0, cells = 0, unreachable = 0, followed = 0;
  for (int k = 0; k < 600; ++k) {
    Level lv = plain_level(rng);
    const std::vector<Cell> goals = pick_goals(rng, lv);
    INFO("level ", k, " (", to_string(lv.topology()), "), ", goals.size(), " goals");
    Result<FlowField> r = FlowField::make(lv, lv.rules(), goals);
    REQUIRE(r.ok());
    FlowField& f = r.value();
    f.run();
    REQUIRE(f.done());
    const auto o = plain_to_goals(lv, goals);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell c{x, y};
        INFO("cell (", x, ", ", y, ")");
        const std::optional<Quarters>& d = o[idx(lv, c)];
        CHECK((f.state(c) == FlowCellState::Settled) == d.has_value());
        CHECK(f.unreachable(c) == (!d && !lv.wall(c)));
        if (d) {
          REQUIRE(f.integration(c).has_value());
          CHECK(*f.integration(c) == to_exact(*d));
        } else {
          CHECK(f.integration_value(c) == kOracleInf);
          ++unreachable;
        }
        ++cells;
      }
    followed += check_flow(f);
    ++levels;
    hexes += lv.is_hex();
    fours += !lv.is_hex() && lv.rules().neighbours == Neighbours::Four;
    several += goals.size() > 1;
  }
  MESSAGE(levels << " levels (" << hexes << " hex, " << fours << " square with 4 neighbours, "
                 << several << " with several goals), " << cells << " cells compared exactly ("
                 << unreachable << " unreachable), " << followed << " flows followed");
  CHECK(hexes > 200);
  CHECK(fours > 50);
  CHECK(several > 100);
  CHECK(unreachable > 1000);
}

TEST_CASE("[flow] every rule, squares and hexes: oracle.hpp's formula reversed, within slack") {
  std::mt19937 rng(3202);
  int levels = 0, hexes = 0, jumps = 0, several = 0, cells = 0, unreachable = 0, followed = 0;
  for (int k = 0; k < 500; ++k) {
    Level lv = k % 2 ? astar::test::random_hex_level(rng, 12) : astar::test::random_level(rng, 12);
    if (!lv.is_hex() && k % 6 == 0) lv.rules().neighbours = Neighbours::Four;
    const std::vector<Cell> goals = pick_goals(rng, lv);
    INFO("level ", k, " (", to_string(lv.topology()), "), ", goals.size(), " goals");
    Result<FlowField> r = FlowField::make(lv, lv.rules(), goals);
    REQUIRE(r.ok());
    FlowField& f = r.value();
    f.run();
    const std::vector<double> o = oracle_to_goals(lv, goals);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell c{x, y};
        INFO("cell (", x, ", ", y, ")");
        const double d = o[idx(lv, c)];
        CHECK((f.state(c) == FlowCellState::Settled) == (d != kOracleInf));
        CHECK(f.unreachable(c) == (d == kOracleInf && lv.open(c)));
        const double slack =
            astar::test::oracle_slack(lv.rules(), d, static_cast<std::size_t>(lv.cell_count()));
        if (d != kOracleInf) CHECK(std::abs(f.integration_value(c) - d) <= slack);
        unreachable += d == kOracleInf && lv.open(c);
        ++cells;
      }
    followed += check_flow(f);
    ++levels;
    hexes += lv.is_hex();
    jumps += lv.rules().jump.gap > 0;
    several += goals.size() > 1;
  }
  MESSAGE(levels << " levels (" << hexes << " hex, " << jumps << " with jumps across, " << several
                 << " with several goals), " << cells << " cells compared (" << unreachable
                 << " open and unreachable), " << followed << " flows followed");
  CHECK(jumps > 50);
  CHECK(several > 80);
  CHECK(unreachable > 100);
}

TEST_CASE("[flow] stepping: k steps settle k cells in order, and run() equals stepping") {
  std::mt19937 rng(3203);
  int levels = 0, steps = 0;
  for (int k = 0; k < 200; ++k) {
    Level lv = k % 2 ? astar::test::random_hex_level(rng, 12) : astar::test::random_level(rng, 12);
    const std::vector<Cell> goals = pick_goals(rng, lv);
    INFO("level ", k);
    Result<FlowField> stepped = FlowField::make(lv, lv.rules(), goals);
    Result<FlowField> whole = FlowField::make(lv, lv.rules(), goals);
    REQUIRE(stepped.ok());
    REQUIRE(whole.ok());
    FlowField& s = stepped.value();
    whole.value().run();
    const FlowField& w = whole.value();
    CHECK(s.settled_count() == 0);
    CHECK(s.open_count() == static_cast<std::int64_t>(s.goals().size()));
    std::vector<std::optional<Move>> fixed(static_cast<std::size_t>(lv.cell_count()));
    std::int64_t n = 0;
    while (s.step()) {
      ++n;
      REQUIRE(s.settled_count() == n);
      REQUIRE(s.settle_order().size() == static_cast<std::size_t>(n));
      const Cell c = s.settle_order().back();
      CHECK(s.state(c) == FlowCellState::Settled);
      fixed[idx(lv, c)] = s.flow(c);
      if (n > 1) {  // never cheaper than the one before; equal costs by row, then column
        const Cell p = s.settle_order()[static_cast<std::size_t>(n - 2)];
        const int order = compare(*s.integration(p), *s.integration(c));
        CHECK(order <= 0);
        if (order == 0) CHECK((p.y < c.y || (p.y == c.y && p.x < c.x)));
      }
      if (n % 7 == 0) {  // the states add up
        std::int64_t settled = 0, open = 0;
        for (int y = 0; y < lv.height(); ++y)
          for (int x = 0; x < lv.width(); ++x) {
            settled += s.state({x, y}) == FlowCellState::Settled;
            open += s.state({x, y}) == FlowCellState::Open;
          }
        CHECK(settled == n);
        CHECK(open == s.open_count());
      }
    }
    CHECK(s.done());
    CHECK_FALSE(s.step());
    CHECK(s.settled_count() == n);
    CHECK(s.open_count() == 0);
    CHECK(s.settle_order() == w.settle_order());
    for (std::size_t i = 0; i < goals.size() && i < s.settle_order().size(); ++i)
      CHECK(s.is_goal(s.settle_order()[i]));  // the goals first, at cost 0
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        const Cell c{x, y};
        CHECK(s.state(c) == w.state(c));
        CHECK(s.integration(c) == w.integration(c));
        const std::optional<Move> a = s.flow(c), b = w.flow(c);
        REQUIRE(a.has_value() == b.has_value());
        REQUIRE(fixed[idx(lv, c)].has_value() == a.has_value());  // fixed when settled
        if (a) {
          CHECK(a->to == b->to);
          CHECK(a->exact == b->exact);
          CHECK(fixed[idx(lv, c)]->to == a->to);
        }
      }
    ++levels;
    steps += static_cast<int>(n);
  }
  MESSAGE(levels << " levels stepped, " << steps << " steps");
  CHECK(steps > 2000);
}

TEST_CASE("[flow] ties: the open set by row then column, the flow straight before diagonal") {
  SUBCASE("equal costs are settled by row, then column") {
    Level lv(3, 3);
    lv.rules().neighbours = Neighbours::Four;
    Result<FlowField> r = FlowField::make(lv, lv.rules(), {{0, 0}});
    REQUIRE(r.ok());
    r.value().run();
    const std::vector<Cell> want{{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1},
                                 {0, 2}, {2, 1}, {1, 2}, {2, 2}};
    CHECK(r.value().settle_order() == want);
  }
  SUBCASE("two straight moves tie: the first in kAllDirs' order (E before W)") {
    Level lv(3, 1);
    lv.rules().neighbours = Neighbours::Four;
    Result<FlowField> r = FlowField::make(lv, lv.rules(), {{0, 0}, {2, 0}});
    REQUIRE(r.ok());
    r.value().run();
    const std::optional<Move> m = r.value().flow({1, 0});
    REQUIRE(m.has_value());
    CHECK(m->dir == Dir::E);
    CHECK(m->to == Cell{2, 0});
    CHECK(r.value().follow({1, 0}) == std::vector<Cell>{{1, 0}, {2, 0}});
  }
  SUBCASE("a straight move and a diagonal tie: the straight one, though NW comes before N") {
    // Goal (0, 0); from (1, 2), N to (1, 1) costs 1 + sqrt 2 and NW to (0, 1) sqrt 2 + 1.
    Level lv(3, 3);
    lv.rules().neighbours = Neighbours::Eight;
    lv.rules().diagonal = DiagonalPolicy::Always;
    Result<FlowField> r = FlowField::make(lv, lv.rules(), {{0, 0}});
    REQUIRE(r.ok());
    r.value().run();
    const FlowField& f = r.value();
    CHECK(*f.integration({1, 1}) == ExactCost::diagonal(1.0));
    CHECK(*f.integration({0, 1}) == ExactCost::straight(1.0));
    CHECK(*f.integration({1, 2}) == ExactCost::straight(1.0) + ExactCost::diagonal(1.0));
    const std::optional<Move> m = f.flow({1, 2});
    REQUIRE(m.has_value());
    CHECK(m->dir == Dir::N);
    CHECK(m->to == Cell{1, 1});
    CHECK(f.follow({1, 2}) == std::vector<Cell>{{1, 2}, {1, 1}, {0, 0}});
  }
  SUBCASE("a wall cuts a cell off: unreachable, no flow") {
    Level lv(3, 1);
    lv.set_wall({1, 0}, true);
    Result<FlowField> r = FlowField::make(lv, lv.rules(), {{0, 0}});
    REQUIRE(r.ok());
    FlowField& f = r.value();
    CHECK_FALSE(f.unreachable({2, 0}));  // not before the end
    f.run();
    CHECK(f.unreachable({2, 0}));
    CHECK_FALSE(f.unreachable({1, 0}));  // a wall is not a cell that could walk
    CHECK_FALSE(f.flow({2, 0}).has_value());
    CHECK(f.follow({2, 0}).empty());
    CHECK(f.integration_value({2, 0}) == kOracleInf);
    CHECK(f.settled_count() == 1);
  }
}

TEST_CASE("[flow] the level's goal and rules, and goals listed twice") {
  Level lv(5, 4);
  lv.set_goal({4, 3});
  lv.rules().neighbours = Neighbours::Four;
  Result<FlowField> r = FlowField::make(lv);
  REQUIRE(r.ok());
  r.value().run();
  CHECK(r.value().goals() == std::vector<Cell>{{4, 3}});
  CHECK(*r.value().integration({0, 0}) == ExactCost::straight(7.0));  // 4 + 3, no diagonals
  Result<FlowField> twice = FlowField::make(lv, lv.rules(), {{1, 1}, {1, 1}});
  REQUIRE(twice.ok());
  CHECK(twice.value().goals() == std::vector<Cell>{{1, 1}});
  CHECK(twice.value().open_count() == 1);
}

TEST_CASE("[flow] bad input is refused by message") {
  Level lv(8, 8);
  lv.set_wall({3, 4}, true);
  const auto refused = [&](const Level& level, std::vector<Cell> goals) {
    Result<FlowField> r = FlowField::make(level, level.rules(), std::move(goals));
    REQUIRE_FALSE(r.ok());
    return r.error();
  };
  CHECK(refused(lv, {}) == "a flow field needs at least one goal");
  CHECK(refused(lv, {{9, 2}}) == "goal (9, 2) is outside the level (0, 0)-(7, 7)");
  CHECK(refused(lv, {{1, 1}, {3, 4}}) == "goals[1] (3, 4) is inside a wall");
  Level agents = lv;
  agents.set_agent({5, 5}, true);
  CHECK(refused(agents, {{5, 5}}) == "goal (5, 5) is on an agent (agents block)");
  agents.set_agents_block(false);
  CHECK(FlowField::make(agents, agents.rules(), {{5, 5}}).ok());  // agents that do not block
  Level shapes = lv;
  shapes.add_shape(Circle{6.5, 6.5, 1.0});
  CHECK(refused(shapes, {{6, 6}}) == "goal (6, 6) is inside shapes[0] (a circle)");
  Level hex = Level(8, 8);
  hex.set_topology(Topology::HexPointyTop);
  hex.add_shape(Circle{1.5, 1.5, 0.5});
  CHECK(refused(hex, {{6, 6}}).find("collision shapes on a hex level") != std::string::npos);
  MovementRules wide = lv.rules();
  wide.agent_radius = -1.0;
  CHECK(FlowField::make(lv, wide, {{0, 0}}).error().rfind("agent_radius ", 0) == 0);
  Level dear(200, 200);
  dear.set_cost({0, 0}, 1e8);
  CHECK(refused(dear, {{5, 5}}).find("cannot add up this level's costs exactly") !=
        std::string::npos);
}
