// Movement range (reach.hpp) against oracles written apart, on hundreds of random levels:
// - a rule of its own for plain costs (walls and cell costs in quarters, square cells with 4 or 8
//   neighbours and every diagonal rule, hexes of the four layouts by hex-grids.md's table), its
//   distances kept exactly as a + b sqrt 2 quarters: the range's cells, costs, parents and border
//   must equal the oracle's {cells with distance <= budget} exactly;
// - a plain Dijkstra over MovePolicy's moves with exact sums, for every rule (heights, edges,
//   jumps, agents, 3D steps) on squares and hexes;
// - oracle.hpp's and hex_oracle.hpp's Dijkstras (their own cost formula, doubles) for every rule
//   on squares and hexes, within their stated slack.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "astar/moves.hpp"
#include "astar/reach.hpp"
#include "support/hex_oracle.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// [SECTION] The plain-cost oracle

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

// The neighbours of c as the oracle sees them: a cell's 8 squares around it, or its 6 hexes
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

bool open_cell(const Level& lv, Cell c) { return lv.in_bounds(c) && !lv.wall(c); }

// Whether the plain rule lets a unit step from a to its neighbour b, and whether the step is
// diagonal (a square corner step): written from docs/rules-and-costs.md's diagonal rules.
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

// A plain Dijkstra with a lazy queue ordered exactly by `cmp` (-1, 0 or 1): the least cost from
// `from` to every cell (none: unreachable). steps(a, d, offer) offers offer(b, cost to b) for
// each step out of a, d being a's cost.
template <class Cost, class Cmp, class Steps>
std::vector<std::optional<Cost>> exact_dijkstra(const Level& lv, Cell from, Cmp cmp, Steps steps) {
  const auto idx = [&](Cell c) { return static_cast<std::size_t>(c.y * lv.width() + c.x); };
  std::vector<std::optional<Cost>> dist(static_cast<std::size_t>(lv.cell_count()));
  std::vector<bool> done(dist.size(), false);
  using Item = std::pair<Cost, Cell>;
  const auto later = [&](const Item& x, const Item& y) { return cmp(x.first, y.first) > 0; };
  std::priority_queue<Item, std::vector<Item>, decltype(later)> pq(later);
  dist[idx(from)] = Cost{};
  pq.push({Cost{}, from});
  while (!pq.empty()) {
    const auto [d, a] = pq.top();
    pq.pop();
    if (done[idx(a)]) continue;
    done[idx(a)] = true;
    steps(a, d, [&](Cell b, Cost nd) {
      std::optional<Cost>& old = dist[idx(b)];
      if (old && cmp(nd, *old) >= 0) return;
      old = nd;
      pq.push({nd, b});
    });
  }
  return dist;
}

using PlainOracle = std::vector<std::optional<Quarters>>;

// Dijkstra over the plain rule: entering b costs cost(b) times the step's length, kept exactly.
PlainOracle plain_distances(const Level& lv, Cell from) {
  return exact_dijkstra<Quarters>(lv, from, compare_quarters, [&](Cell a, Quarters d, auto offer) {
    for (Cell b : oracle_neighbours(lv, a)) {
      bool diagonal = false;
      if (!plain_step(lv, a, b, diagonal)) continue;
      const auto q = static_cast<std::int64_t>(std::lround(lv.cost(b) * 4));
      offer(b, Quarters{d.a + (diagonal ? 0 : q), d.b + (diagonal ? q : 0)});
    }
  });
}

// Whether a distance is within the budget as reach.hpp defines it: the budget rounded once to the
// micro-unit, then compared exactly (a quarter is 250,000 micro-units).
bool within(Quarters d, double budget) {
  const std::int64_t units = std::llround(budget * 1e6);
  return sign_of(d.a * 250'000 - units, d.b * 250'000) <= 0;
}

Level plain_level(std::mt19937& rng) { return test::random_plain_level(rng, 13); }

// A budget to try: a round one, one of the oracle's own straight distances exactly (so a cell
// sits on the limit), or one micro-unit below such a distance (so it just misses).
double pick_budget(std::mt19937& rng, const PlainOracle& o) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<double> exact;
  for (const std::optional<Quarters>& d : o)
    if (d && d->b == 0) exact.push_back(static_cast<double>(d->a) / 4.0);
  const int how = pick(0, 3);
  if (how == 0 || exact.empty()) return pick(0, 60) / 4.0 + (pick(0, 1) ? 0.1 : 0.0);
  const double d = exact[static_cast<std::size_t>(pick(0, static_cast<int>(exact.size()) - 1))];
  return how == 3 && d > 0 ? d - 1e-6 : d;
}

// The oracle's border: range cells with a neighbour (its own tables) outside the level or range.
std::vector<Cell> oracle_border(const Level& lv, const std::vector<bool>& in) {
  std::vector<Cell> out;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      if (!in[static_cast<std::size_t>(y * lv.width() + x)]) continue;
      for (Cell n : oracle_neighbours(lv, {x, y}))
        if (!lv.in_bounds(n) || !in[static_cast<std::size_t>(n.y * lv.width() + n.x)]) {
          out.push_back({x, y});
          break;
        }
    }
  return out;
}

bool row_major(Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

// Every cell of `range` is the oracle's within the budget, with the same cost; every such cell is
// in `range`; each parent is in the range and one plain step cheaper; the border is the oracle's.
void check_against_plain(const Level& lv, const MovementRange& range, const PlainOracle& o) {
  const auto idx = [&](Cell c) { return static_cast<std::size_t>(c.y * lv.width() + c.x); };
  std::vector<bool> in(o.size(), false);
  for (std::size_t i = 0; i < o.size(); ++i) in[i] = o[i] && within(*o[i], range.budget);
  std::vector<bool> listed(in.size(), false);
  for (const RangeCell& rc : range.cells) {
    INFO("cell (", rc.cell.x, ", ", rc.cell.y, ")");
    REQUIRE(lv.in_bounds(rc.cell));
    CHECK_FALSE(listed[idx(rc.cell)]);
    listed[idx(rc.cell)] = true;
    REQUIRE(in[idx(rc.cell)]);
    const Quarters d = *o[idx(rc.cell)];
    CHECK(rc.cost == ExactCost{d.a * 250'000, d.b * 250'000});
    if (rc.cell == range.from) {
      CHECK_FALSE(rc.parent.has_value());
      continue;
    }
    REQUIRE(rc.parent.has_value());
    REQUIRE(in[idx(*rc.parent)]);
    bool diagonal = false;
    REQUIRE(plain_step(lv, *rc.parent, rc.cell, diagonal));
    const auto q = static_cast<std::int64_t>(std::lround(lv.cost(rc.cell) * 4));
    const Quarters via = *o[idx(*rc.parent)];
    CHECK(compare_quarters({via.a + (diagonal ? 0 : q), via.b + (diagonal ? q : 0)}, d) == 0);
  }
  CHECK(listed == in);
  std::vector<Cell> border = range.border;
  std::sort(border.begin(), border.end(), row_major);
  CHECK(border == oracle_border(lv, in));
}

}  // namespace

TEST_CASE("[reach] plain costs: the range is exactly the oracle's cells within the budget") {
  std::mt19937 rng(3101);
  int levels = 0, hexes = 0, cells = 0, on_limit = 0;
  for (int k = 0; k < 700; ++k) {
    Level lv = plain_level(rng);
    const Cell from{std::uniform_int_distribution<int>(0, lv.width() - 1)(rng),
                    std::uniform_int_distribution<int>(0, lv.height() - 1)(rng)};
    lv.set_wall(from, false);
    const PlainOracle o = plain_distances(lv, from);
    const double budget = pick_budget(rng, o);
    INFO("level ", k, " (", to_string(lv.topology()), "), from (", from.x, ", ", from.y,
         "), budget ", budget);
    const Result<MovementRange> r = movement_range(lv, from, budget);
    REQUIRE(r.ok());
    CHECK(r.value().from == from);
    REQUIRE_FALSE(r.value().cells.empty());
    CHECK(r.value().cells.front().cell == from);
    // Cheapest first, exactly.
    for (std::size_t i = 1; i < r.value().cells.size(); ++i)
      CHECK(compare(r.value().cells[i - 1].cost, r.value().cells[i].cost) <= 0);
    check_against_plain(lv, r.value(), o);
    for (const RangeCell& rc : r.value().cells)
      on_limit += ExactCost::straight(budget) == rc.cost;
    ++levels;
    hexes += lv.is_hex();
    cells += static_cast<int>(r.value().cells.size());
  }
  MESSAGE(levels << " levels (" << hexes << " hex), " << cells << " range cells, " << on_limit
                 << " exactly on the budget");
  CHECK(hexes > 200);
  CHECK(on_limit > 100);  // the limit itself is tested, not only the cells well inside
}

TEST_CASE("[reach] budget 0 is the unit's cell alone, on every topology") {
  std::mt19937 rng(3102);
  for (int k = 0; k < 200; ++k) {
    Level lv = plain_level(rng);
    const Cell from{lv.width() / 2, lv.height() / 2};
    lv.set_wall(from, false);
    const Result<MovementRange> r = movement_range(lv, from, 0.0);
    REQUIRE(r.ok());
    REQUIRE(r.value().cells.size() == 1);
    CHECK(r.value().cells[0].cell == from);
    CHECK(r.value().cells[0].cost == ExactCost{});
    CHECK_FALSE(r.value().cells[0].parent.has_value());
    CHECK(r.value().border == std::vector<Cell>{from});  // every neighbour is outside the range
  }
}

namespace {

// [SECTION] Every rule: a plain Dijkstra over MovePolicy's moves

// The exact cheapest cost from `from` to every cell (none: unreachable), over the moves the
// policy lists (jumps across included), with a lazy queue ordered exactly.
std::vector<std::optional<ExactCost>> policy_distances(const Level& lv, Cell from) {
  const MovePolicy policy(lv);
  const auto exactly = [](ExactCost x, ExactCost y) { return compare(x, y); };
  return exact_dijkstra<ExactCost>(lv, from, exactly, [&](Cell a, ExactCost d, auto offer) {
    policy.for_each_move(a, [&](const Move& m) {
      if (m.possible()) offer(m.to, d + m.exact);
    });
  });
}

// A budget near the costs the level has: a fraction of the dearest reachable cost, or one of the
// reachable costs exactly (value() rounds it: the limit then falls within a micro-unit of it).
double policy_budget(std::mt19937& rng, const std::vector<std::optional<ExactCost>>& dist) {
  std::vector<ExactCost> costs;
  for (const auto& d : dist)
    if (d) costs.push_back(*d);
  const auto k = std::uniform_int_distribution<std::size_t>(0, costs.size() - 1)(rng);
  if (std::uniform_int_distribution<int>(0, 1)(rng)) return costs[k].value();
  double dearest = 0;
  for (ExactCost c : costs) dearest = std::max(dearest, c.value());
  return dearest * std::uniform_int_distribution<int>(0, 100)(rng) / 100.0;
}

}  // namespace

TEST_CASE("[reach] every rule, squares and hexes: a plain Dijkstra's cells within the budget") {
  std::mt19937 rng(3103);
  int levels = 0, hexes = 0, jumps = 0;
  for (int k = 0; k < 400; ++k) {
    const Level lv =
        k % 2 ? astar::test::random_hex_level(rng, 12) : astar::test::random_level(rng, 12);
    const Cell from = lv.start();
    const auto dist = policy_distances(lv, from);
    const double budget = policy_budget(rng, dist);
    INFO("level ", k, " (", to_string(lv.topology()), "), budget ", budget);
    const Result<MovementRange> r = movement_range(lv, from, budget);
    REQUIRE(r.ok());
    const ExactCost limit = ExactCost::straight(budget);
    std::vector<bool> listed(dist.size(), false);
    for (const RangeCell& rc : r.value().cells) {
      const std::size_t i = static_cast<std::size_t>(rc.cell.y * lv.width() + rc.cell.x);
      listed[i] = true;
      REQUIRE(dist[i].has_value());
      CHECK(rc.cost == *dist[i]);
      if (rc.parent) CHECK(MovePolicy(lv).move_between(*rc.parent, rc.cell).has_value());
    }
    for (std::size_t i = 0; i < dist.size(); ++i)
      CHECK(listed[i] == (dist[i] && compare(*dist[i], limit) <= 0));
    ++levels;
    hexes += lv.is_hex();
    jumps += lv.rules().jump.enabled();
  }
  MESSAGE(levels << " levels (" << hexes << " hex, " << jumps << " with jumps)");
}

TEST_CASE("[reach] every rule: oracle.hpp's and hex_oracle.hpp's distances, within their slack") {
  std::mt19937 rng(3104);
  int decided = 0, skipped = 0;
  for (int k = 0; k < 400; ++k) {
    const Level lv =
        k % 2 ? astar::test::random_hex_level(rng, 12) : astar::test::random_level(rng, 12);
    const std::vector<double> dist =
        lv.is_hex() ? astar::test::oracle_hex_distances(lv, lv.rules(), lv.start())
                    : astar::test::oracle_distances(lv, lv.rules());
    double dearest = 0;
    for (double d : dist)
      if (d != astar::test::kOracleInf) dearest = std::max(dearest, d);
    const double budget = dearest * std::uniform_int_distribution<int>(0, 100)(rng) / 100.0;
    INFO("level ", k, ", budget ", budget);
    const Result<MovementRange> r = movement_range(lv, lv.start(), budget);
    REQUIRE(r.ok());
    std::vector<double> cost(dist.size(), astar::test::kOracleInf);
    for (const RangeCell& rc : r.value().cells)
      cost[static_cast<std::size_t>(rc.cell.y * lv.width() + rc.cell.x)] = rc.cost.value();
    for (std::size_t i = 0; i < dist.size(); ++i) {
      if (dist[i] == astar::test::kOracleInf) {  // unreachable: never in the range
        CHECK(cost[i] == astar::test::kOracleInf);
        ++decided;
        continue;
      }
      const double slack = astar::test::oracle_slack(lv.rules(), dist[i],
                                                     static_cast<std::size_t>(lv.cell_count()));
      if (std::abs(dist[i] - budget) <= slack + 1e-6) {  // on the limit: either is right
        ++skipped;
        continue;
      }
      ++decided;
      CHECK((cost[i] != astar::test::kOracleInf) == (dist[i] <= budget));
      if (cost[i] != astar::test::kOracleInf) CHECK(std::abs(cost[i] - dist[i]) <= slack);
    }
  }
  MESSAGE(decided << " cells decided, " << skipped << " within the slack of the budget");
}
