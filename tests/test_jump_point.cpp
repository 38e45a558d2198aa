// Jump Point Search successors (no corner cutting): drawn pruning cases, and an oracle: a small
// A* over jump points built on jump_point_successors must find the same optimal cost (and the
// same reachability) as a plain Dijkstra over all 8 neighbours, on thousands of random levels
// and on MovingAI's den312d scenarios.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "ascii_level.hpp"
#include "astar/jump_point.hpp"
#include "astar/moves.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// 8 neighbours, no corner cutting, uniform cost: the rules JPS is for (the Level default).
MovementRules jps_rules() { return MovementRules{}; }

double octile(Cell a, Cell b) {
  const int ax = std::abs(a.x - b.x), ay = std::abs(a.y - b.y);
  const int lo = std::min(ax, ay), hi = std::max(ax, ay);
  return (hi - lo) + kSqrt2 * lo;
}

int sgn(int v) { return (v > 0) - (v < 0); }

// The reference: Dijkstra over every legal move of the cost policy.
double dijkstra_cost(const Level& lv, Cell s, Cell g) {
  const MovePolicy policy(lv, jps_rules());
  std::vector<double> dist(static_cast<std::size_t>(lv.cell_count()), kInf);
  using Entry = std::pair<double, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[to_u32(lv.index(s))] = 0.0;
  open.push({0.0, to_u32(lv.index(s))});
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    if (d > dist[i]) continue;
    const Cell c = lv.cell(CellIndex{i});
    if (c == g) return d;
    policy.for_each_move(c, [&](const Move& m) {
      if (!m.possible()) return;
      const std::uint32_t j = to_u32(lv.index(m.to));
      if (d + m.cost < dist[j]) {
        dist[j] = d + m.cost;
        open.push({dist[j], j});
      }
    });
  }
  return kInf;
}

// Checks one expansion: every successor lies on a straight or diagonal line from cur, is not cur,
// every step to it is a legal move, and no successor appears twice.
void check_successors(const Level& lv, Cell cur, const std::vector<Cell>& succ) {
  const MovePolicy policy(lv, jps_rules());
  for (std::size_t k = 0; k < succ.size(); ++k) {
    const Cell t = succ[k];
    INFO("cur (", cur.x, ",", cur.y, ") successor (", t.x, ",", t.y, ")");
    const int ddx = t.x - cur.x, ddy = t.y - cur.y;
    REQUIRE_FALSE(t == cur);
    REQUIRE((ddx == 0 || ddy == 0 || std::abs(ddx) == std::abs(ddy)));
    const Dir d = *dir_between(cur, {cur.x + sgn(ddx), cur.y + sgn(ddy)});
    for (Cell c = cur; !(c == t); c = step(c, d)) REQUIRE(policy.move(c, d).possible());
    for (std::size_t m = 0; m < k; ++m) REQUIRE_FALSE(succ[m] == t);
  }
}

struct JpsResult {
  double cost = kInf;
  std::vector<Cell> path;  // jump points from start to goal; empty when unreachable
  int expanded = 0;
};

// A plain A* over jump points: edge cost = octile distance, heuristic = octile distance.
JpsResult jps_search(const Level& lv, Cell s, Cell g) {
  JpsResult r;
  const std::size_t n = static_cast<std::size_t>(lv.cell_count());
  std::vector<double> gval(n, kInf);
  std::vector<std::uint32_t> parent(n, to_u32(kNoCell));
  std::vector<char> closed(n, 0);
  using Entry = std::tuple<double, double, std::uint32_t>;  // f, -g, cell
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  const std::uint32_t si = to_u32(lv.index(s));
  gval[si] = 0.0;
  open.push({octile(s, g), -0.0, si});
  std::vector<Cell> succ;
  while (!open.empty()) {
    const std::uint32_t i = std::get<2>(open.top());
    open.pop();
    if (closed[i]) continue;
    closed[i] = 1;
    ++r.expanded;
    const Cell c = lv.cell(CellIndex{i});
    if (c == g) {
      r.cost = gval[i];
      for (std::uint32_t k = i; k != to_u32(kNoCell); k = parent[k])
        r.path.push_back(lv.cell(CellIndex{k}));
      std::reverse(r.path.begin(), r.path.end());
      return r;
    }
    std::optional<Cell> par;
    if (parent[i] != to_u32(kNoCell)) par = lv.cell(CellIndex{parent[i]});
    succ.clear();
    jump_point_successors(lv, c, par, g, succ);
    check_successors(lv, c, succ);
    for (Cell t : succ) {
      const std::uint32_t j = to_u32(lv.index(t));
      if (closed[j]) continue;
      const double ng = gval[i] + octile(c, t);
      if (ng < gval[j]) {
        gval[j] = ng;
        parent[j] = i;
        open.push({ng + octile(t, g), -ng, j});
      }
    }
  }
  return r;
}

// The jump-point path expanded into single steps must be a legal path of the reported cost.
void check_expanded_path(const Level& lv, const JpsResult& r, Cell s, Cell g) {
  REQUIRE(!r.path.empty());
  REQUIRE(r.path.front() == s);
  REQUIRE(r.path.back() == g);
  const MovePolicy policy(lv, jps_rules());
  double cost = 0.0;
  for (std::size_t k = 1; k < r.path.size(); ++k) {
    const Cell a = r.path[k - 1], b = r.path[k];
    const auto d = dir_between(a, {a.x + sgn(b.x - a.x), a.y + sgn(b.y - a.y)});
    REQUIRE(d.has_value());
    for (Cell c = a; !(c == b); c = step(c, *d)) {
      const Move m = policy.move(c, *d);
      REQUIRE(m.possible());
      cost += m.cost;
    }
  }
  CHECK(std::abs(cost - r.cost) < 1e-9);
}

std::vector<Cell> successors(const Level& lv, Cell cur, std::optional<Cell> parent, Cell goal) {
  std::vector<Cell> out;
  jump_point_successors(lv, cur, parent, goal, out);
  check_successors(lv, cur, out);
  std::sort(out.begin(), out.end(),
            [](Cell a, Cell b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); });
  return out;
}

using Cells = std::vector<Cell>;

}  // namespace

TEST_CASE("[jps] open field: the start finds only the jump point that sees the goal") {
  //   x: 0123456
  // y=0  .......
  // y=1  .....jG     j = (5,1): the NE diagonal's straight scan east meets the goal
  // y=2  .......
  // y=3  ...S...     no walls: no forced neighbours, so the other 7 directions yield nothing
  // y=4  .......
  Level lv(7, 5);
  CHECK(successors(lv, {3, 3}, std::nullopt, {6, 1}) == Cells{{5, 1}});
  // The goal on a straight line is itself the jump point.
  CHECK(successors(lv, {3, 3}, std::nullopt, {0, 3}) == Cells{{0, 3}});
  // ... and on a diagonal.
  CHECK(successors(lv, {3, 3}, std::nullopt, {5, 1}) == Cells{{5, 1}});
  // Nothing anywhere when the goal is off every scanned line.
  CHECK(successors(lv, {3, 3}, std::nullopt, {3, 3}).empty());
}

TEST_CASE("[jps] straight move: a forced neighbour one cell after the wall ends") {
  //   x: 0123456
  // y=0  ...f...     f = (3,0): moving north from (3,2), (2,0) is open but (2,1) is not
  // y=1  ..#....
  // y=2  pcj....     p parent, c cur; j = (3,2): (3,1) open, the cell behind it (2,1) a wall
  // y=3  ......G
  Level lv = ascii_level(R"(
    .......
    ..#....
    .......
    .......
  )");
  const Cell goal{6, 3};
  // Moving east from c: (2,2) is not a jump point (its side (2,1) is the wall itself); (3,2) is.
  CHECK(successors(lv, {1, 2}, Cell{0, 2}, goal) == Cells{{3, 2}});
  // From j, reached going east: east finds nothing, the forced side north yields f; the forced
  // diagonal NE finds nothing; the south side is not forced (its cell behind, (2,3), is open).
  CHECK(successors(lv, {3, 2}, Cell{1, 2}, goal) == Cells{{3, 0}});
  // The same row without the wall: nothing is forced, the east scan runs off the level.
  Level open_lv(7, 4);
  CHECK(successors(open_lv, {1, 2}, Cell{0, 2}, goal).empty());
}

TEST_CASE("[jps] a wall beside the start blocks the diagonal; a forced neighbour turns the path") {
  //   S#      E is a wall; SE would cut the corner of (1,0): refused.
  //   .G      S: (0,1) has the open side (1,1) whose cell behind, (1,0), is a wall: forced.
  Level lv = ascii_level("S#\n.G");
  CHECK(successors(lv, {0, 0}, std::nullopt, {1, 1}) == Cells{{0, 1}});
  // From (0,1) reached going south: south runs off the level; the forced side east is the goal.
  CHECK(successors(lv, {0, 1}, Cell{0, 0}, {1, 1}) == Cells{{1, 1}});
}

TEST_CASE("[jps] diagonal arrival explores its natural neighbours only") {
  //   x: 01234
  // y=0  p....     p parent (0,0), c cur (2,2) reached diagonally
  // y=1  .....     E and S from c scan to the border without finding anything; SE stops at
  // y=2  ..c..     (3,3), whose east scan meets the goal. W, N, NE, SW, NW are pruned.
  // y=3  ...jG
  // y=4  .....
  Level lv(5, 5);
  CHECK(successors(lv, {2, 2}, Cell{0, 0}, {4, 3}) == Cells{{3, 3}});
  // A diagonal stops before a step that would cut a corner.
  //   S.j      SE from S is refused: (1,1) is a wall. E and S each find a forced neighbour
  //   .#.      one cell past the wall: (2,0) (its side (2,1) is open, (1,1) behind it is not)
  //   j..      and (0,2).
  Level blocked = ascii_level(R"(
    ...
    .#.
    ...
  )");
  CHECK(successors(blocked, {0, 0}, std::nullopt, {2, 2}) == Cells{{2, 0}, {0, 2}});
}

TEST_CASE("[jps] oracle: same optimal cost and reachability as Dijkstra on random levels") {
  std::mt19937 rng(31337);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int levels = 0, queries = 0, found = 0, unreachable = 0;
  long long jps_expanded = 0;
  for (; levels < 1500; ++levels) {
    Level lv(pick(1, 32), pick(1, 32));
    std::bernoulli_distribution wall(pick(0, 40) / 100.0);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
    for (int q = 0; q < 3; ++q, ++queries) {
      const Cell s{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
      const Cell g{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
      lv.set_wall(s, false);
      lv.set_wall(g, false);
      INFO("level ", levels, " (", lv.width(), "x", lv.height(), ") from (", s.x, ",", s.y,
           ") to (", g.x, ",", g.y, ")");
      const double expected = dijkstra_cost(lv, s, g);
      const JpsResult r = jps_search(lv, s, g);
      jps_expanded += r.expanded;
      REQUIRE(std::isfinite(r.cost) == std::isfinite(expected));
      if (!std::isfinite(expected)) {
        ++unreachable;
        CHECK(r.path.empty());
        continue;
      }
      ++found;
      CHECK(std::abs(r.cost - expected) < 1e-9);
      check_expanded_path(lv, r, s, g);
    }
  }
  MESSAGE("jps oracle: ", queries, " queries, ", found, " found, ", unreachable,
          " unreachable, ", jps_expanded, " jump points expanded");
  CHECK(found > 1500);
  CHECK(unreachable > 100);
}

TEST_CASE("[jps] oracle: structured levels (rooms, corridors, pillars)") {
  // Random mazes of thin walls and pillars make many forced neighbours and corner cases.
  std::mt19937 rng(99);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int round = 0; round < 400; ++round) {
    Level lv(pick(4, 32), pick(4, 32));
    const int kind = round % 3;
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) {
        bool w = false;
        if (kind == 0) w = (x % 2 == 1 && y % 2 == 1);                    // pillars
        if (kind == 1) w = (x % 4 == 2 && pick(0, 5) != 0);               // walls with gaps
        if (kind == 2) w = ((x % 5 == 0 || y % 5 == 0) && pick(0, 3) != 0);  // rooms
        lv.set_wall({x, y}, w);
      }
    for (int q = 0; q < 4; ++q) {
      const Cell s{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
      const Cell g{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
      lv.set_wall(s, false);
      lv.set_wall(g, false);
      INFO("round ", round, " from (", s.x, ",", s.y, ") to (", g.x, ",", g.y, ")");
      const double expected = dijkstra_cost(lv, s, g);
      const JpsResult r = jps_search(lv, s, g);
      REQUIRE(std::isfinite(r.cost) == std::isfinite(expected));
      if (std::isfinite(expected)) {
        CHECK(std::abs(r.cost - expected) < 1e-9);
        check_expanded_path(lv, r, s, g);
      }
    }
  }
}

TEST_CASE("[jps] start == goal, and an enclosed goal") {
  //   S...
  //   .##.     (2,2) is open but enclosed: its diagonals would cut corners
  //   .#.#
  //   ..#.
  Level lv = ascii_level(R"(
    ....
    .##.
    .#.#
    ..#.
  )");
  CHECK(successors(lv, {1, 1}, std::nullopt, {0, 0}).empty());   // a wall: nothing leaves it
  CHECK(successors(lv, {-1, 0}, std::nullopt, {0, 0}).empty());  // outside the level
  const JpsResult same = jps_search(lv, {0, 0}, {0, 0});
  CHECK(same.cost == 0.0);
  CHECK(same.path == Cells{{0, 0}});
  // (2,2) is enclosed by walls and diagonals that would cut corners.
  CHECK_FALSE(std::isfinite(jps_search(lv, {0, 0}, {2, 2}).cost));
  CHECK_FALSE(std::isfinite(dijkstra_cost(lv, {0, 0}, {2, 2})));
  // (3,1): east 3, south 1 (the diagonal (2,0)->(3,1) would cut the corner of (2,1)).
  CHECK(jps_search(lv, {0, 0}, {3, 1}).cost == doctest::Approx(4.0));
  CHECK(jps_search(lv, {0, 0}, {0, 3}).cost == doctest::Approx(3.0));
  CHECK(jps_search(lv, {0, 0}, {1, 3}).cost == doctest::Approx(4.0));
}

TEST_CASE("[jps] MovingAI den312d scenarios (when the shared data is present)") {
  const std::string dir = ASTAR_SOURCE_DIR "/../shared/movingai/";
  std::ifstream map_in(dir + "den312d.map");
  std::ifstream scen_in(dir + "den312d.map.scen");
  if (!map_in || !scen_in) {
    MESSAGE("shared MovingAI data not found: skipped");
    return;
  }
  // .map: type / height H / width W / map / H rows. '.', 'G', 'S' passable.
  std::string word;
  int h = 0, w = 0;
  while (map_in >> word && word != "map") {
    if (word == "height") map_in >> h;
    if (word == "width") map_in >> w;
  }
  REQUIRE(w > 0);
  REQUIRE(h > 0);
  Level lv(w, h);
  std::string row;
  std::getline(map_in, row);  // the rest of the "map" line
  for (int y = 0; y < h; ++y) {
    REQUIRE(std::getline(map_in, row));
    if (!row.empty() && row.back() == '\r') row.pop_back();
    REQUIRE(static_cast<int>(row.size()) == w);
    for (int x = 0; x < w; ++x)
      lv.set_wall({x, y}, !(row[x] == '.' || row[x] == 'G' || row[x] == 'S'));
  }
  // .scen: "version" line, then bucket map w h sx sy gx gy optimal. Every 4th query.
  std::string line;
  std::getline(scen_in, line);
  int n = 0, used = 0;
  while (std::getline(scen_in, line)) {
    if (n++ % 4 != 0) continue;
    std::istringstream fields(line);
    int bucket = 0, mw = 0, mh = 0, sx = 0, sy = 0, gx = 0, gy = 0;
    std::string name, optimal_text;
    if (!(fields >> bucket >> name >> mw >> mh >> sx >> sy >> gx >> gy >> optimal_text)) continue;
    const double optimal = std::stod(optimal_text);
    // Half a unit in the last printed digit (6 significant digits in this 2011 file), plus a
    // little for the generator's approximation of sqrt(2).
    const auto dot = optimal_text.find('.');
    const int decimals =
        dot == std::string::npos ? 0 : static_cast<int>(optimal_text.size() - dot - 1);
    const double tolerance = 0.5 * std::pow(10.0, -decimals) + optimal * 1e-5;
    const Cell s{sx, sy}, g{gx, gy};
    INFO("den312d query line ", n + 1, ": ", line);
    const JpsResult r = jps_search(lv, s, g);
    REQUIRE(std::isfinite(r.cost));
    CHECK(std::abs(r.cost - dijkstra_cost(lv, s, g)) < 1e-9);
    CHECK(std::abs(r.cost - optimal) <= tolerance);
    check_expanded_path(lv, r, s, g);
    ++used;
  }
  MESSAGE("den312d: ", used, " queries checked");
  CHECK(used > 50);
}
