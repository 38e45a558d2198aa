// JPS+ jump distances (jump_distances.hpp): every stored value against its definition (the
// cell-by-cell reference jump with the goal out of reach, and a count of the steps that can be
// taken), on a drawn level and on random levels of 0..50 % walls; JumpGrid's jumps and
// successors with the distances against the cell-by-cell reference, goals on the jump's lines
// included; and update() after random edits against a fresh build.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "astar/edit.hpp"
#include "astar/jump_distances.hpp"
#include "astar/jump_point.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// A goal no jump can meet: jumps then stop only where the stored values say.
constexpr Cell kNoGoal{-1000, -1000};

Level random_walls(std::mt19937& rng, int w, int h, double walls, double agents) {
  Level lv(w, h);
  std::bernoulli_distribution wall(walls), agent(agents);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      lv.set_wall({x, y}, wall(rng));
      if (!lv.wall({x, y}) && agent(rng)) lv.set_agent({x, y}, true);
    }
  return lv;
}

// The steps that can be taken from c in direction d before a solid cell (straight) or a step that
// would cut a corner (diagonal), counted cell by cell.
int legal_steps(const Level& lv, Cell c, Dir d) {
  int n = 0;
  for (;; ++n, c = step(c, d)) {
    const Cell to = step(c, d);
    if (!lv.open(to)) return n;
    if (is_diagonal(d) && (!lv.open({to.x, c.y}) || !lv.open({c.x, to.y}))) return n;
  }
}

// The value the table must hold for c and d, from the reference jump and the step count.
int expected_value(const Level& lv, Cell c, Dir d) {
  const std::optional<Cell> jp = jump_cell_by_cell(lv, c, dx(d), dy(d), kNoGoal);
  if (jp) return std::max(std::abs(jp->x - c.x), std::abs(jp->y - c.y));
  return -legal_steps(lv, c, d);
}

// The first cell and direction where `table` differs from the definition, or "".
std::string first_wrong_value(const Level& lv, const JumpDistances& table) {
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x)
      for (Dir d : kAllDirs) {
        const int want = expected_value(lv, {x, y}, d), got = table.value({x, y}, d);
        if (got != want)
          return "(" + std::to_string(x) + "," + std::to_string(y) + ") " +
                 std::string(dir_name(d)) + ": stored " + std::to_string(got) + ", expected " +
                 std::to_string(want);
      }
  return "";
}

// The first cell where two tables differ, or "".
std::string first_difference(const JumpDistances& a, const JumpDistances& b) {
  if (a.width() != b.width() || a.height() != b.height()) return "sizes differ";
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      for (Dir d : kAllDirs)
        if (a.value({x, y}, d) != b.value({x, y}, d))
          return "(" + std::to_string(x) + "," + std::to_string(y) + ") " +
                 std::string(dir_name(d)) + ": updated " + std::to_string(a.value({x, y}, d)) +
                 ", built " + std::to_string(b.value({x, y}, d));
  return "";
}

}  // namespace

TEST_CASE("[jps+] stored distances on a drawn level") {
  //   x: 01234
  // y=0  .....    (2,0) and (2,2) have forced neighbours for a jump east: (2,1) is open, the
  // y=1  .#...    cell behind it, (1,1), a wall. (2,0) is one for a jump north from (2,2).
  // y=2  .....
  const Level lv = ascii_level(R"(
    .....
    .#...
    .....
  )");
  const JumpDistances t(lv);
  CHECK(t.value({0, 2}, Dir::E) == 2);   // the jump point (2,2), 2 steps away
  CHECK(t.value({0, 0}, Dir::E) == 2);   // (2,0)
  CHECK(t.value({2, 2}, Dir::E) == -2);  // no jump point: 2 steps to the border
  CHECK(t.value({0, 1}, Dir::E) == 0);   // the wall is next
  CHECK(t.value({2, 2}, Dir::N) == 2);   // (2,0): its side (1,0) open, (1,1) behind it a wall
  CHECK(t.value({1, 2}, Dir::N) == 0);
  CHECK(t.value({0, 2}, Dir::NE) == 0);  // the step would enter the wall
  CHECK(t.value({0, 0}, Dir::SE) == 0);
  // NE from (2,2): (3,1) and (4,0) are no jump points, then the border: 2 steps, none found.
  CHECK(t.value({2, 2}, Dir::NE) == -2);
  // SW from (4,0): (3,1), then (2,2), whose jump east... runs to the border; (2,2) north finds
  // (2,0), so (2,2) is a jump point 2 steps away.
  CHECK(t.value({4, 0}, Dir::SW) == 2);
  CHECK(first_wrong_value(lv, t).empty());
}

TEST_CASE("[jps+] every stored distance is right on random levels (0..50 % walls)") {
  std::mt19937 rng(2012);
  std::uniform_int_distribution<int> side(1, 70), pct(0, 50);
  int levels = 0;
  long long positive = 0, values = 0;
  for (; levels < 300; ++levels) {
    const Level lv = random_walls(rng, side(rng), side(rng), pct(rng) / 100.0,
                                  levels % 3 == 0 ? 0.05 : 0.0);
    const JumpDistances t(lv);
    REQUIRE(t.width() == lv.width());
    REQUIRE(t.height() == lv.height());
    INFO("level ", levels, " (", lv.width(), "x", lv.height(), ")");
    REQUIRE(first_wrong_value(lv, t) == "");
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        for (Dir d : kAllDirs) positive += t.value({x, y}, d) > 0, ++values;
  }
  MESSAGE("jump distances: ", levels, " levels, ", values, " values, ", positive,
          " with a jump point");
  CHECK(positive > values / 20);  // jump points occur, or the check proves little
}

TEST_CASE("[jps+] jumps and successors with the goal equal the cell-by-cell reference") {
  std::mt19937 rng(2015);
  std::uniform_int_distribution<int> side(1, 90), pct(0, 50);
  long long jumps = 0, reached = 0, turned = 0, compared = 0;
  for (int round = 0; round < 200; ++round) {
    const Level lv = random_walls(rng, side(rng), side(rng), pct(rng) / 100.0,
                                  round % 4 == 0 ? 0.05 : 0.0);
    const JumpGrid grid(lv, JumpMethod::Distances);
    REQUIRE(grid.method() == JumpMethod::Distances);
    const int w = lv.width(), h = lv.height();
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int k = 0; k < 200; ++k) {
      const Cell cur{pick(0, w - 1), pick(0, h - 1)};
      const int d = pick(-std::max(w, h), std::max(w, h));
      // A random goal, and goals on the row, the column and the two diagonals through cur.
      const Cell goals[] = {{pick(0, w - 1), pick(0, h - 1)},
                            {pick(0, w - 1), cur.y},
                            {cur.x, pick(0, h - 1)},
                            {std::clamp(cur.x + d, 0, w - 1), std::clamp(cur.y + d, 0, h - 1)},
                            {std::clamp(cur.x + d, 0, w - 1), std::clamp(cur.y - d, 0, h - 1)}};
      for (const Cell goal : goals) {
        INFO(w, "x", h, " level, cur (", cur.x, ",", cur.y, "), goal (", goal.x, ",", goal.y, ")");
        for (Dir dir : kAllDirs) {
          const std::optional<Cell> want = jump_cell_by_cell(lv, cur, dx(dir), dy(dir), goal);
          REQUIRE(grid.jump(cur, dx(dir), dy(dir), goal) == want);
          ++jumps;
          reached += want == goal;
          // A diagonal that stops where a straight jump along the goal's row or column meets it.
          turned += is_diagonal(dir) && want && !(*want == goal) &&
                    want != jump_cell_by_cell(lv, cur, dx(dir), dy(dir), kNoGoal);
        }
        for (int mx = -1; mx <= 1; ++mx)
          for (int my = -1; my <= 1; ++my) {
            const std::optional<Cell> parent =
                mx == 0 && my == 0 ? std::nullopt : std::optional(Cell{cur.x - mx, cur.y - my});
            std::vector<Cell> want, got;
            jump_point_successors(lv, cur, parent, goal, want);
            grid.successors(cur, parent, goal, got);
            REQUIRE(got == want);  // the same jump points in the same order
            ++compared;
          }
      }
    }
  }
  MESSAGE("JPS+ jumps: ", jumps, " compared (", reached, " reached the goal, ", turned,
          " diagonals stopped by the goal's row or column), ", compared, " successor lists");
  // The goal cases must occur, or the comparison proves little.
  CHECK(reached > jumps / 200);
  CHECK(turned > 1000);
}

TEST_CASE("[jps+] JumpGrid picks the distances up to kMaxCells cells, else the block scans") {
  const Level small(64, 64);
  CHECK(JumpGrid(small).method() == JumpMethod::Distances);
  CHECK(JumpGrid(small, JumpMethod::Blocks).method() == JumpMethod::Blocks);
  CHECK(JumpGrid(small, JumpMethod::Blocks).distances().empty());
  CHECK_FALSE(JumpGrid(small).distances().empty());
  const Level big(2049, 2048);  // one column over kMaxCells
  REQUIRE(big.cell_count() > JumpDistances::kMaxCells);
  CHECK(JumpGrid(big).method() == JumpMethod::Blocks);
}

TEST_CASE("[jps+] update after random edits equals a fresh build") {
  std::mt19937 rng(1402);
  std::uniform_int_distribution<int> side(1, 60), pct(0, 50);
  int edits = 0;
  for (int round = 0; round < 120; ++round) {
    Level lv = random_walls(rng, side(rng), side(rng), pct(rng) / 100.0, 0.0);
    JumpDistances t(lv);
    const int w = lv.width(), h = lv.height();
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int e = 0; e < 12; ++e, ++edits) {
      // A rectangle of 1..8 cells a side, possibly sticking out of the level, filled with walls,
      // cleared, or each cell flipped; or agents toggled (they are solid while agents block).
      const Cell a{pick(-2, w + 1), pick(-2, h + 1)};
      const CellRect r{a, {a.x + pick(-7, 7), a.y + pick(-7, 7)}};
      const int kind = pick(0, 3);
      for (int y = std::max(0, r.y0()); y <= std::min(h - 1, r.y1()); ++y)
        for (int x = std::max(0, r.x0()); x <= std::min(w - 1, r.x1()); ++x) {
          if (kind == 0) lv.set_wall({x, y}, true);
          if (kind == 1) lv.set_wall({x, y}, false);
          if (kind == 2) lv.set_wall({x, y}, !lv.wall({x, y}));
          if (kind == 3 && !lv.wall({x, y})) lv.set_agent({x, y}, pick(0, 1) == 1);
        }
      t.update(lv, r);
      INFO("round ", round, " (", w, "x", h, "), edit ", e, " of kind ", kind, ": (", r.x0(), ",",
           r.y0(), ")-(", r.x1(), ",", r.y1(), ")");
      REQUIRE(first_difference(t, JumpDistances(lv)) == "");
    }
    // A level of another size is built anew.
    const Level other(w + 1, h);
    t.update(other, CellRect{{0, 0}, {0, 0}});
    CHECK(t.width() == w + 1);
    CHECK(first_difference(t, JumpDistances(other)) == "");
  }
  MESSAGE("jump distances updated after ", edits, " edits");
  CHECK(edits == 120 * 12);
}
