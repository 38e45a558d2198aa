// Jump Point Search successors (no corner cutting): drawn pruning cases, and an oracle: a small
// A* over jump points built on jump_point_successors (the cell-by-cell reference) and on
// JumpGrid (the JPS+ distances and the block-based jumps searches use) must find the same optimal
// cost (and the same reachability) as a plain Dijkstra over all 8 neighbours, on thousands of
// random levels and on MovingAI's den312d scenarios. Both of JumpGrid's methods must answer
// exactly as the cell-by-cell jumps, jump by jump, on random levels of widths and heights around
// multiples of 64, 1 and 2 cells wide, with walled borders and agents; and the search engine's
// JPS (with and without a listener) must find the optimal length. (tests/test_jump_distances.cpp
// checks the distances themselves and their update after edits.)
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

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "astar/jump_point.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

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
    // Not structured bindings: Emscripten's clang (14) cannot capture those in a lambda.
    const double d = open.top().first;
    const std::uint32_t i = open.top().second;
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

// A plain A* over jump points: edge cost = octile distance, heuristic = octile distance. The
// successors come from the cell-by-cell reference, or from `grid` (block-based) when given.
JpsResult jps_search(const Level& lv, Cell s, Cell g, const JumpGrid* grid = nullptr) {
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
    if (grid != nullptr)
      grid->successors(c, par, g, succ);
    else
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
      // JumpGrid, both ways: the same jump points, so the same search, step for step.
      for (const JumpMethod method : {JumpMethod::Distances, JumpMethod::Blocks}) {
        const JumpGrid grid(lv, method);
        const JpsResult rb = jps_search(lv, s, g, &grid);
        CHECK(rb.path == r.path);
        CHECK(rb.expanded == r.expanded);
        CHECK(rb.cost == r.cost);
      }
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
      for (const JumpMethod method : {JumpMethod::Distances, JumpMethod::Blocks}) {
        const JumpGrid grid(lv, method);
        const JpsResult rb = jps_search(lv, s, g, &grid);
        CHECK(rb.path == r.path);
        CHECK(rb.expanded == r.expanded);
      }
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
  const JumpGrid grid(lv);  // the JPS+ distances (a small level)
  REQUIRE(grid.method() == JumpMethod::Distances);
  const JumpGrid blocks(lv, JumpMethod::Blocks);
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
    const JpsResult rb = jps_search(lv, s, g, &grid);
    CHECK(rb.path == r.path);
    CHECK(rb.expanded == r.expanded);
    CHECK(jps_search(lv, s, g, &blocks).path == r.path);
    CHECK(std::abs(r.cost - optimal) <= tolerance);
    check_expanded_path(lv, r, s, g);
    ++used;
  }
  MESSAGE("den312d: ", used, " queries checked");
  CHECK(used > 50);
}

// [SECTION] JumpGrid (JPS+ distances and block-based jumps) against the cell-by-cell reference

namespace {

// A random level: walls at density `walls`, agents at density `agents` (on open cells), and
// optionally a wall all around the border.
Level random_level(std::mt19937& rng, int w, int h, double walls, double agents, bool border) {
  Level lv(w, h);
  std::bernoulli_distribution wall(walls), agent(agents);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
      lv.set_wall({x, y}, (border && edge) || wall(rng));
      if (!lv.wall({x, y}) && agent(rng)) lv.set_agent({x, y}, true);
    }
  return lv;
}

std::string cell_text(std::optional<Cell> c) {
  return c ? "(" + std::to_string(c->x) + "," + std::to_string(c->y) + ")" : "none";
}

struct JumpStats {
  long long jumps = 0, found = 0, long_found = 0, goals = 0, mismatches = 0;
  std::string first_mismatch;
};

// Every jump (8 directions) from the cells of `lv` (all of them, or `samples` random ones) towards
// a few goals: a random cell and cells on the same row, column and diagonal. JumpGrid::jump, by
// `method`, must answer exactly as jump_cell_by_cell.
void compare_jumps(const Level& lv, std::mt19937& rng, int samples, JumpStats& st,
                   JumpMethod method) {
  const JumpGrid grid(lv, method);
  REQUIRE(grid.method() == method);
  REQUIRE(grid.width() == lv.width());
  REQUIRE(grid.height() == lv.height());
  const int w = lv.width(), h = lv.height();
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int cells = w * h;
  const int count = samples <= 0 || samples > cells ? cells : samples;
  for (int k = 0; k < count; ++k) {
    const Cell from = count == cells ? Cell{k % w, k / w} : Cell{pick(0, w - 1), pick(0, h - 1)};
    CHECK(grid.open(from.x, from.y) == lv.open(from));
    const int d = pick(-std::min(w, h), std::min(w, h));
    const Cell goals[] = {{pick(0, w - 1), pick(0, h - 1)},
                          {pick(0, w - 1), from.y},
                          {from.x, pick(0, h - 1)},
                          {std::clamp(from.x + d, 0, w - 1), std::clamp(from.y + d, 0, h - 1)}};
    for (const Cell goal : goals)
      for (Dir dir : kAllDirs) {
        const std::optional<Cell> want = jump_cell_by_cell(lv, from, dx(dir), dy(dir), goal);
        const std::optional<Cell> got = grid.jump(from, dx(dir), dy(dir), goal);
        ++st.jumps;
        if (want) {
          ++st.found;
          st.goals += *want == goal;
          st.long_found += std::max(std::abs(want->x - from.x), std::abs(want->y - from.y)) > 64;
        }
        if (got == want) continue;
        if (st.mismatches++ == 0)
          st.first_mismatch = std::to_string(w) + "x" + std::to_string(h) + " level, from " +
                              cell_text(from) + " direction (" + std::to_string(dx(dir)) + "," +
                              std::to_string(dy(dir)) + "), goal " + cell_text(goal) +
                              ": JumpGrid " + cell_text(got) + ", cell by cell " +
                              cell_text(want);
      }
  }
}

}  // namespace

TEST_CASE("[jps] block-based jumps agree with the cell-by-cell scan, jump by jump") {
  // Both of JumpGrid's methods (the JPS+ distances are also checked value by value in
  // test_jump_distances.cpp).
  JumpMethod method = JumpMethod::Blocks;
  SUBCASE("block scans") { method = JumpMethod::Blocks; }
  SUBCASE("JPS+ distances") { method = JumpMethod::Distances; }
  std::mt19937 rng(20140621);
  // Widths and heights around the 64-cell words, 1 and 2 cells thin, and a few larger ones.
  const std::pair<int, int> sizes[] = {
      {1, 1},   {1, 2},    {2, 1},   {2, 2},   {1, 70},  {70, 1},   {2, 130}, {130, 2},
      {63, 5},  {64, 4},   {65, 6},  {5, 63},  {4, 64},  {6, 65},   {127, 9}, {128, 7},
      {129, 8}, {9, 127},  {7, 128}, {8, 129}, {64, 64}, {65, 65},  {63, 63}, {200, 37},
      {37, 200}, {193, 130}, {300, 3}, {3, 300}};
  const double densities[] = {0.0, 0.02, 0.1, 0.25, 0.45, 0.7};
  JumpStats st;
  int levels = 0;
  for (const auto& [w, h] : sizes)
    for (const double walls : densities)
      for (int variant = 0; variant < 4; ++variant) {
        // variant 0: walls only; 1: walled border; 2: agents that block; 3: agents that do not.
        Level lv = random_level(rng, w, h, walls, variant >= 2 ? 0.1 : 0.0, variant == 1);
        if (variant == 3) lv.set_agents_block(false);
        compare_jumps(lv, rng, 600, st, method);
        ++levels;
      }
  // Random sizes too.
  for (int k = 0; k < 60; ++k, ++levels) {
    std::uniform_int_distribution<int> side(1, 260), pct(0, 60);
    Level lv = random_level(rng, side(rng), side(rng), pct(rng) / 100.0, k % 2 ? 0.05 : 0.0,
                            k % 3 == 0);
    compare_jumps(lv, rng, 400, st, method);
  }
  INFO("first mismatch: ", st.first_mismatch);
  CHECK(st.mismatches == 0);
  const char* name = method == JumpMethod::Blocks ? "block-based" : "JPS+";
  MESSAGE(name, " jumps: ", levels, " levels, ", st.jumps, " jumps, ", st.found,
          " found a jump point (", st.goals, " the goal, ", st.long_found,
          " more than 64 cells away)");
  // The cases above must actually occur, or the comparison proves little.
  CHECK(st.found > st.jumps / 20);
  CHECK(st.goals > 1000);
  CHECK(st.long_found > 1000);
}

TEST_CASE("[jps] block-based successors agree with the reference for every arrival direction") {
  JumpMethod method = JumpMethod::Blocks;
  SUBCASE("block scans") { method = JumpMethod::Blocks; }
  SUBCASE("JPS+ distances") { method = JumpMethod::Distances; }
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> side(1, 140), pct(0, 50);
  long long compared = 0, nonempty = 0;
  for (int round = 0; round < 120; ++round) {
    Level lv = random_level(rng, side(rng), side(rng), pct(rng) / 100.0, round % 2 ? 0.08 : 0.0,
                            round % 4 == 1);
    const JumpGrid grid(lv, method);
    std::uniform_int_distribution<int> px(0, lv.width() - 1), py(0, lv.height() - 1);
    for (int k = 0; k < 150; ++k) {
      const Cell cur{px(rng), py(rng)}, goal{px(rng), py(rng)};
      for (int mx = -1; mx <= 1; ++mx)
        for (int my = -1; my <= 1; ++my) {
          // The parent may be any earlier cell on the line: only the direction counts.
          const std::optional<Cell> parent =
              mx == 0 && my == 0 ? std::nullopt : std::optional(Cell{cur.x - 3 * mx, cur.y - 3 * my});
          std::vector<Cell> want, got;
          jump_point_successors(lv, cur, parent, goal, want);
          grid.successors(cur, parent, goal, got);
          INFO(lv.width(), "x", lv.height(), " level, cur (", cur.x, ",", cur.y, ") arriving (",
               mx, ",", my, "), goal (", goal.x, ",", goal.y, ")");
          REQUIRE(got == want);  // the same jump points in the same order
          JumpGrid::Successors array;
          const int n = grid.successors(cur, mx, my, goal, array);
          REQUIRE(std::vector<Cell>(array.begin(), array.begin() + n) == want);
          ++compared;
          nonempty += !want.empty();
        }
    }
  }
  MESSAGE("successors compared: ", compared, ", ", nonempty, " non-empty");
  CHECK(nonempty > compared / 4);
}

TEST_CASE("[jps] bit lines follow the solid mask: agents block only while agents block") {
  //   S.a.G     a = an agent at (2,0); the row below is walled
  //   #####
  Level lv = ascii_level(R"(
    S...G
    #####
  )");
  lv.set_agent({2, 0}, true);
  JumpMethod method = JumpMethod::Blocks;
  SUBCASE("block scans") { method = JumpMethod::Blocks; }
  SUBCASE("JPS+ distances") { method = JumpMethod::Distances; }
  JumpGrid grid(lv, method);
  CHECK_FALSE(grid.open(2, 0));
  CHECK(grid.jump({0, 0}, 1, 0, {4, 0}) == std::nullopt);  // the agent stops the scan
  lv.set_agents_block(false);
  grid.assign(lv, method);  // rebuilt after the level changed
  CHECK(grid.open(2, 0));
  CHECK(grid.jump({0, 0}, 1, 0, {4, 0}) == Cell{4, 0});
  // Outside the level everything is blocked.
  CHECK_FALSE(grid.open(-1, 0));
  CHECK_FALSE(grid.open(5, 0));
  CHECK_FALSE(grid.open(0, 2));
}

// [SECTION] The search engine's JPS (JumpGrid: JPS+ distances on these levels) against the oracle

namespace {

struct CountingListener : SearchListener {
  long long takes = 0, relaxes = 0;
  void on_take(Cell, const NodeView&) override { ++takes; }
  void on_relax(Cell, Cell, double, double, std::optional<Cell>) override { ++relaxes; }
};

}  // namespace

TEST_CASE("[jps] search engine: optimal lengths, with and without a listener, agents blocking") {
  std::mt19937 rng(4242);
  std::uniform_int_distribution<int> side(1, 150), pct(0, 45);
  int queries = 0, found = 0;
  for (int round = 0; round < 150; ++round) {
    Level lv = random_level(rng, side(rng), side(rng), pct(rng) / 100.0, round % 3 ? 0.05 : 0.0,
                            round % 5 == 0);
    std::uniform_int_distribution<int> px(0, lv.width() - 1), py(0, lv.height() - 1);
    for (int q = 0; q < 4; ++q, ++queries) {
      const Cell s{px(rng), py(rng)}, g{px(rng), py(rng)};
      for (Cell c : {s, g}) {
        lv.set_wall(c, false);
        lv.set_agent(c, false);
      }
      lv.set_start(s);
      lv.set_goal(g);
      INFO("round ", round, " (", lv.width(), "x", lv.height(), ") from (", s.x, ",", s.y,
           ") to (", g.x, ",", g.y, ")");
      const double expected = dijkstra_cost(lv, s, g);
      // Without a listener: the direct step; with one: the jump points examined as moves.
      BestFirstSearch fast(lv, {.algorithm = Algorithm::JumpPoint, .heuristic = Heuristic::Octile});
      CountingListener listener;
      BestFirstSearch traced(lv, {.algorithm = Algorithm::JumpPoint, .heuristic = Heuristic::Octile},
                             &listener);
      REQUIRE(fast.run() == traced.run());
      CHECK(fast.path() == traced.path());
      CHECK(fast.path_cost() == traced.path_cost());
      CHECK(fast.iterations() == traced.iterations());
      CHECK(fast.metrics().generated == traced.metrics().generated);
      CHECK(fast.metrics().improved == traced.metrics().improved);
      CHECK(listener.takes == traced.iterations());
      CHECK(fast.check_invariants().empty());
      REQUIRE((fast.state() == SearchState::Found) == std::isfinite(expected));
      if (fast.state() != SearchState::Found) continue;
      ++found;
      CHECK(std::abs(fast.path_cost() - expected) < 1e-9);
      // The filled-in path: 8-adjacent legal moves of that cost, off every solid cell.
      const std::optional<double> cost = path_cost(MovePolicy(lv, jps_rules()), fast.path());
      REQUIRE(cost.has_value());
      CHECK(std::abs(*cost - expected) < 1e-9);
      for (Cell c : fast.path()) CHECK_FALSE(lv.solid(c));
      // The same search object restarted gives the same answer (the bit lines are kept).
      fast.restart();
      fast.run();
      CHECK(fast.path() == traced.path());
    }
  }
  MESSAGE("search engine JPS: ", queries, " queries, ", found, " found");
  CHECK(found > queries / 2);
}
