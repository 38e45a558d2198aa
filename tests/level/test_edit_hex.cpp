// Editing hex levels (core/edit.hpp): the brush as a hexagon of hexes, lines as hex lines, the
// offset rectangle, fill and smoothing through the six neighbours, edges only in hex directions,
// selections moved by offset, and the topology changed as one undo step that drops shapes and
// edges the new topology has no place for.
//
// The oracle is geometry, not hex_coords.hpp's tables: each cell's centre from Red Blob's offset
// formulas written out here, and two hexes touch when their centres are sqrt 3 apart (hex size
// 1). Distances are breadth-first steps over that adjacency.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level_io.hpp"

using namespace astar;

namespace {

struct Layout {
  Topology topology;
  HexStagger stagger;
};
constexpr Layout kLayouts[] = {{Topology::HexPointyTop, HexStagger::Odd},
                               {Topology::HexPointyTop, HexStagger::Even},
                               {Topology::HexFlatTop, HexStagger::Odd},
                               {Topology::HexFlatTop, HexStagger::Even}};

std::string name_of(Layout l) {
  return std::string(to_string(l.topology)) + " " + std::string(to_string(l.stagger));
}

// A blank w x h level of layout l, its start at (0, 0) and its goal in the opposite corner.
Level hex_level(Layout l, int w, int h) {
  Level lv(w, h);
  lv.set_topology(l.topology, l.stagger);
  lv.set_start({0, 0});
  lv.set_goal({w - 1, h - 1});
  return lv;
}

// A hex's centre (hex size 1), from the offset formulas: the shifted rows (pointy-top) or
// columns (flat-top) half a hex over, right or down for odd, left or up for even.
std::pair<double, double> centre(Layout l, Cell c) {
  const double r3 = std::sqrt(3.0);
  const double shift = l.stagger == HexStagger::Odd ? 0.5 : -0.5;
  if (l.topology == Topology::HexPointyTop)
    return {r3 * (c.x + ((c.y & 1) ? shift : 0.0)), 1.5 * c.y};
  return {1.5 * c.x, r3 * (c.y + ((c.x & 1) ? shift : 0.0))};
}

bool touching(Layout l, Cell a, Cell b) {
  const auto [ax, ay] = centre(l, a);
  const auto [bx, by] = centre(l, b);
  return std::abs(std::hypot(ax - bx, ay - by) - std::sqrt(3.0)) < 1e-9;
}

// The cells of a window around c that touch it (all six lie within one row and column).
std::vector<Cell> touching_cells(Layout l, Cell c) {
  std::vector<Cell> out;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (const Cell n{c.x + dx, c.y + dy}; touching(l, c, n)) out.push_back(n);
  return out;
}

// Breadth-first steps from `from` to every cell within `limit` steps (no bounds).
std::map<std::pair<int, int>, int> steps_from(Layout l, Cell from, int limit) {
  std::map<std::pair<int, int>, int> dist{{{from.x, from.y}, 0}};
  std::deque<Cell> queue{from};
  while (!queue.empty()) {
    const Cell c = queue.front();
    queue.pop_front();
    const int d = dist[{c.x, c.y}];
    if (d == limit) continue;
    for (Cell n : touching_cells(l, c))
      if (dist.emplace(std::make_pair(n.x, n.y), d + 1).second) queue.push_back(n);
  }
  return dist;
}

std::set<std::pair<int, int>> as_set(const std::vector<Cell>& cells) {
  std::set<std::pair<int, int>> out;
  for (Cell c : cells) out.insert({c.x, c.y});
  return out;
}

}  // namespace

TEST_CASE("[Edit hex] a brush of size n covers the hexes fewer than n steps away") {
  for (Layout l : kLayouts)
    for (Cell centre_cell : {Cell{6, 6}, Cell{7, 5}, Cell{0, 0}})
      for (int size = 1; size <= 5; ++size) {
        CAPTURE(name_of(l));
        CAPTURE(centre_cell);
        CAPTURE(size);
        const Level lv = hex_level(l, 14, 12);
        const std::vector<Cell> cells = brush_cells(lv, centre_cell, size);
        std::set<std::pair<int, int>> expected;
        for (const auto& [cell, d] : steps_from(l, centre_cell, size - 1)) expected.insert(cell);
        CHECK(cells.size() == static_cast<std::size_t>(3 * size * (size - 1) + 1));
        CHECK(as_set(cells) == expected);
      }
  // Square levels keep their squares and discs.
  const Level square(10, 10);
  CHECK(brush_cells(square, {5, 5}, 3) == brush_cells({5, 5}, 3));
}

TEST_CASE("[Edit hex] the brush paints whole hexes; the eraser's blank value clears them") {
  for (Layout l : kLayouts) {
    CAPTURE(name_of(l));
    Level lv = hex_level(l, 9, 9);
    Editor ed(lv);
    CHECK(ed.brush(Layer::Costs, {4, 4}, 2, 5) == 7);
    std::set<std::pair<int, int>> expected{{4, 4}};
    for (Cell n : touching_cells(l, {4, 4})) expected.insert({n.x, n.y});
    for (int y = 0; y < 9; ++y)
      for (int x = 0; x < 9; ++x) CHECK((lv.cost({x, y}) == 5) == (expected.count({x, y}) == 1));
    CHECK(ed.brush(Layer::Costs, {4, 4}, 2, blank_value(Layer::Costs)) == 7);
    for (int y = 0; y < 9; ++y)
      for (int x = 0; x < 9; ++x) CHECK(lv.cost({x, y}) == 1);
  }
}

TEST_CASE("[Edit hex] a line is the hex line: neighbour to neighbour, as many hexes as steps") {
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> coord(0, 11);
  for (Layout l : kLayouts)
    for (int k = 0; k < 40; ++k) {
      const Cell a{coord(rng), coord(rng)}, b{coord(rng), coord(rng)};
      CAPTURE(name_of(l));
      CAPTURE(a);
      CAPTURE(b);
      Level lv = hex_level(l, 12, 12);
      const std::vector<Cell> line = line_cells(lv, a, b);
      REQUIRE(!line.empty());
      CHECK(line.front() == a);
      CHECK(line.back() == b);
      const auto dist = steps_from(l, a, 24);
      CHECK(static_cast<int>(line.size()) == dist.at({b.x, b.y}) + 1);
      for (std::size_t i = 1; i < line.size(); ++i) CHECK(touching(l, line[i - 1], line[i]));
      // The line tool paints exactly those hexes, but the start and the goal (walls never
      // cover them).
      std::set<std::pair<int, int>> expected = as_set(line);
      expected.erase({lv.start().x, lv.start().y});
      expected.erase({lv.goal().x, lv.goal().y});
      Editor ed(lv);
      ed.line(Layer::Walls, a, b, 1, 1);
      std::set<std::pair<int, int>> walls;
      for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x)
          if (lv.wall({x, y})) walls.insert({x, y});
      CHECK(walls == expected);
    }
}

TEST_CASE("[Edit hex] a rectangle is the offset rectangle: every column and row between the corners") {
  for (Layout l : kLayouts) {
    CAPTURE(name_of(l));
    Level lv = hex_level(l, 8, 7);
    Editor ed(lv);
    SUBCASE("filled") {
      CHECK(ed.rect(Layer::Costs, {{5, 4}, {2, 1}}, true, 3) == 16);
      for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 8; ++x)
          CHECK((lv.cost({x, y}) == 3) == (x >= 2 && x <= 5 && y >= 1 && y <= 4));
    }
    SUBCASE("outline") {
      CHECK(ed.rect(Layer::Costs, {{2, 1}, {5, 4}}, false, 3) == 12);
      for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 8; ++x) {
          const bool inside = x >= 2 && x <= 5 && y >= 1 && y <= 4;
          const bool border = x == 2 || x == 5 || y == 1 || y == 4;
          CHECK((lv.cost({x, y}) == 3) == (inside && border));
        }
    }
  }
}

TEST_CASE("[Edit hex] fill follows the six neighbours, bounded by walls, on random levels") {
  std::mt19937 rng(3117);
  std::bernoulli_distribution wall(0.4), dear(0.3);
  constexpr int kW = 9, kH = 8;
  for (Layout l : kLayouts)
    for (int k = 0; k < 30; ++k) {
      CAPTURE(name_of(l));
      CAPTURE(k);
      Level lv = hex_level(l, kW, kH);
      for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
          lv.set_wall({x, y}, wall(rng));
          lv.set_cost({x, y}, dear(rng) ? 2.0 : 1.0);
        }
      lv.set_wall(lv.start(), false);
      lv.set_wall(lv.goal(), false);
      const Cell seed{static_cast<int>(rng() % kW), static_cast<int>(rng() % kH)};
      const Layer layer = k % 2 == 0 ? Layer::Walls : Layer::Costs;
      const double target = cell_value(lv, layer, seed);
      const double v = layer == Layer::Walls ? 1.0 - target : 7.0;
      if (layer == Layer::Costs && lv.wall(seed)) continue;  // a cost fill starts inside
      // The oracle: breadth-first over touching hexes of equal value (walls bound cost fills).
      std::set<std::pair<int, int>> region{{seed.x, seed.y}};
      std::deque<Cell> queue{seed};
      while (!queue.empty()) {
        const Cell c = queue.front();
        queue.pop_front();
        for (Cell n : touching_cells(l, c)) {
          if (!lv.in_bounds(n) || cell_value(lv, layer, n) != target) continue;
          if (layer == Layer::Costs && lv.wall(n)) continue;
          if (region.insert({n.x, n.y}).second) queue.push_back(n);
        }
      }
      const Level before = lv;
      Editor ed(lv);
      ed.fill(layer, seed, v);
      for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
          const Cell c{x, y};
          const bool endpoint_wall = layer == Layer::Walls && v != 0 && (c == lv.start() || c == lv.goal());
          const bool painted = region.count({x, y}) == 1 && !endpoint_wall;
          CHECK(cell_value(lv, layer, c) == (painted ? v : cell_value(before, layer, c)));
        }
    }
}

TEST_CASE("[Edit hex] a fill on hexes passes where a square fill is stopped by a corner") {
  // Pointy-top, odd rows pushed right: (2, 0) and (1, 1) only meet at a corner as squares, and
  // share a side as hexes ((1, 1) is (2, 0)'s lower-left neighbour).
  //   # # . .        row 0
  //    . . # #       row 1 (pushed right)
  const char* rows[] = {"##..", "..##"};
  Level square(4, 2);
  Level hex = hex_level({Topology::HexPointyTop, HexStagger::Odd}, 4, 2);
  for (Level* lv : {&square, &hex}) {
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 4; ++x) lv->set_wall({x, y}, rows[y][x] == '#');
    lv->set_start({3, 0});
    lv->set_goal({0, 1});
  }
  Editor es(square), eh(hex);
  CHECK(es.fill(Layer::Costs, {3, 0}, 5) == 2);
  CHECK(eh.fill(Layer::Costs, {3, 0}, 5) == 4);
  CHECK(square.cost({0, 1}) == 1);
  CHECK(hex.cost({0, 1}) == 5);
}

TEST_CASE("[Edit hex] smoothing takes the mean of a hex and its six neighbours") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> height(-9, 9);
  for (Layout l : kLayouts) {
    CAPTURE(name_of(l));
    Level lv = hex_level(l, 7, 7);
    for (int y = 0; y < 7; ++y)
      for (int x = 0; x < 7; ++x) lv.set_height({x, y}, height(rng));
    for (Cell c : {Cell{3, 3}, Cell{2, 4}, Cell{0, 3}, Cell{6, 6}}) {
      CAPTURE(c);
      double sum = lv.height_at(c);
      int count = 1;
      for (Cell n : touching_cells(l, c))
        if (lv.in_bounds(n)) {
          sum += lv.height_at(n);
          ++count;
        }
      Editor ed(lv);
      ed.heights(c, 1, HeightMode::Smooth, 0);
      CHECK(lv.height_at(c) == std::round(sum / count));
    }
  }
}

TEST_CASE("[Edit hex] edges are set only in the level's hex directions") {
  Level pointy = hex_level({Topology::HexPointyTop, HexStagger::Odd}, 4, 4);
  Editor ep(pointy);
  CHECK_FALSE(ep.set_edge({1, 1}, Dir::N, EdgeOverride{true, 1}));
  CHECK_FALSE(ep.set_edge({1, 1}, Dir::S, EdgeOverride{false, 3}));
  CHECK(ep.set_edge({1, 1}, Dir::NE, EdgeOverride{false, 3}));
  CHECK(pointy.edges().size() == 1);
  Level flat = hex_level({Topology::HexFlatTop, HexStagger::Even}, 4, 4);
  Editor ef(flat);
  CHECK_FALSE(ef.set_edge({1, 1}, Dir::E, EdgeOverride{true, 1}));
  CHECK(ef.set_edge({1, 1}, Dir::N, EdgeOverride{true, 1}));
  // A clip copied on squares pastes its hex-direction edges only.
  Level square(4, 4);
  square.set_edge({0, 0}, Dir::S, EdgeOverride{false, 2});
  square.set_edge({0, 0}, Dir::E, EdgeOverride{false, 2});
  const Clip clip = Editor(square).copy({{0, 0}, {1, 1}});
  ep.paste(clip, {2, 2});
  CHECK(pointy.edge({2, 2}, Dir::E));
  CHECK_FALSE(pointy.edge({2, 2}, Dir::S));
}

TEST_CASE("[Edit hex] a selection moves by offset: columns and rows, edges keep their direction") {
  // Moved one row down on pointy-top hexes, the content keeps its columns and rows, so it sits
  // half a hex further over than a geometric move would put it (docs/studio.md says so).
  Level lv = hex_level({Topology::HexPointyTop, HexStagger::Odd}, 6, 5);
  lv.set_start({0, 4});
  lv.set_goal({5, 4});
  lv.set_wall({1, 0}, true);
  lv.set_wall({2, 1}, true);
  lv.set_edge({2, 0}, Dir::SE, EdgeOverride{false, 4});
  Editor ed(lv);
  ed.move({{1, 0}, {2, 1}}, {2, 1});
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 6; ++x)
      CHECK(lv.wall({x, y}) == ((x == 2 && y == 1) || (x == 3 && y == 2)));
  CHECK_FALSE(lv.edge({2, 0}, Dir::SE));
  REQUIRE(lv.edge({3, 1}, Dir::SE));
  CHECK(lv.edge({3, 1}, Dir::SE)->weight == 4);
}

TEST_CASE("[Edit hex] resize keeps the topology and the stagger") {
  Level lv = hex_level({Topology::HexFlatTop, HexStagger::Even}, 5, 4);
  Editor ed(lv);
  REQUIRE(ed.resize(8, 6, Anchor::TopLeft).ok());
  CHECK(lv.topology() == Topology::HexFlatTop);
  CHECK(lv.hex_stagger() == HexStagger::Even);
  CHECK(ed.undo());
  CHECK(lv.width() == 5);
  CHECK(lv.topology() == Topology::HexFlatTop);
}

TEST_CASE("[Edit hex] a new topology is one undo step; what hexes cannot hold is counted and dropped") {
  // A square level with two shapes, the search ignoring one, and edges going E, N and S.
  Level lv(6, 5);
  lv.add_shape(Circle{2.5, 2.5, 0.4});
  lv.add_shape(Box{4.0, 1.0, 5.0, 2.0});
  lv.preset.ignore_shapes = std::vector<std::uint32_t>{1};
  lv.rules().agent_radius = 0.25;
  lv.set_edge({1, 1}, Dir::E, EdgeOverride{false, 3});
  lv.set_edge({1, 1}, Dir::N, EdgeOverride{true, 1});
  lv.set_edge({2, 3}, Dir::S, EdgeOverride{false, 2});
  lv.set_edge({3, 3}, Dir::W, EdgeOverride{true, 1});
  const Level before = lv;

  const TopologyLoss to_pointy = topology_loss(lv, Topology::HexPointyTop);
  CHECK(to_pointy.shapes == 2);
  CHECK(to_pointy.edges == 2);  // N and S
  CHECK(to_pointy.agent_radius);
  const TopologyLoss to_flat = topology_loss(lv, Topology::HexFlatTop);
  CHECK(to_flat.shapes == 2);
  CHECK(to_flat.edges == 2);  // E and W
  CHECK(topology_loss(lv, Topology::Square).empty());
  Level bare(3, 3);
  CHECK(topology_loss(bare, Topology::HexFlatTop).empty());
  for (Layout l : kLayouts) {
    bare.set_topology(l.topology, l.stagger);
    // (has_direction is topology_has_direction of the level's own: compare with directions().)
    const auto dirs = bare.directions();
    for (Dir d : kAllDirs)
      CHECK(topology_has_direction(l.topology, d) == (std::find(dirs.begin(), dirs.end(), d) != dirs.end()));
  }
  for (Dir d : kAllDirs) CHECK(topology_has_direction(Topology::Square, d));

  Editor ed(lv);
  // The level-settings path refuses a topology that would leave shapes or stray edges behind.
  LevelProps p = props_of(lv);
  p.topology = Topology::HexPointyTop;
  CHECK_FALSE(ed.set_props(p));
  CHECK(lv == before);

  REQUIRE(ed.set_topology(Topology::HexPointyTop, HexStagger::Even));
  CHECK(ed.undo_count() == 1);
  CHECK(ed.undo_label() == "Topology hex-pointy-top, even stagger");
  CHECK(lv.topology() == Topology::HexPointyTop);
  CHECK(lv.hex_stagger() == HexStagger::Even);
  CHECK(lv.shapes().empty());
  CHECK_FALSE(lv.preset.ignore_shapes);
  CHECK(lv.rules().agent_radius == 0.0);
  CHECK_FALSE(ed.add_shape(Circle{1.5, 1.5, 0.3}));  // hex levels take no shapes
  CHECK(lv.edges().size() == 2);
  CHECK(lv.edge({1, 1}, Dir::E)->weight == 3);
  CHECK(lv.edge({3, 3}, Dir::W)->blocked);
  // What is left saves and reads back as a hex level.
  const auto reread = parse_level(level_to_json(lv), "converted.json");
  REQUIRE(reread.ok());
  CHECK(reread.value().topology() == Topology::HexPointyTop);
  CHECK(reread.value().hex_stagger() == HexStagger::Even);

  const Level after = lv;
  CHECK(ed.undo());
  CHECK(lv == before);
  CHECK(ed.redo());
  CHECK(lv == after);

  // Only the stagger: nothing is lost, a step of its own. Back to squares: the stagger is kept.
  CHECK(ed.set_topology(Topology::HexPointyTop, HexStagger::Odd));
  CHECK(ed.undo_count() == 2);
  CHECK_FALSE(ed.set_topology(Topology::HexPointyTop, HexStagger::Odd));
  CHECK(ed.set_topology(Topology::Square, HexStagger::Even));
  CHECK(lv.topology() == Topology::Square);
  CHECK(lv.hex_stagger() == HexStagger::Odd);
  CHECK_FALSE(ed.set_topology(Topology::Square, HexStagger::Even));
  CHECK(ed.undo_count() == 3);
}
