// Editing operations and their undo history (core/edit.hpp): each tool on a small ASCII map, and
// long seeded random edit sequences where every undo and redo must restore the exact level.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "support/ascii_level.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// The walls layer as text rows, '#' wall, '.' open (for comparing with an ASCII map).
std::string wall_rows(const Level& lv) {
  std::string out;
  for (int y = 0; y < lv.height(); ++y) {
    for (int x = 0; x < lv.width(); ++x) out += lv.wall({x, y}) ? '#' : '.';
    out += '\n';
  }
  return out;
}

std::string rows(std::initializer_list<const char*> r) {
  std::string out;
  for (const char* line : r) out += std::string(line) + '\n';
  return out;
}

}  // namespace

TEST_CASE("[Edit] brush sizes: 1 and 2 are squares, larger ones discs") {
  CHECK(brush_cells({5, 5}, 1).size() == 1);
  CHECK(brush_cells({5, 5}, 2).size() == 4);
  CHECK(brush_cells({5, 5}, 3).size() == 9);
  // A disc of diameter 5: the 25 cells of its square minus the 4 corners.
  const auto five = brush_cells({5, 5}, 5);
  CHECK(five.size() == 21);
  CHECK(std::find(five.begin(), five.end(), Cell{3, 3}) == five.end());
  CHECK(std::find(five.begin(), five.end(), Cell{5, 3}) != five.end());
  // Out-of-range sizes are clamped, never empty.
  CHECK(brush_cells({0, 0}, 0).size() == 1);
  CHECK(brush_cells({0, 0}, 1000).size() == brush_cells({0, 0}, kMaxBrush).size());
}

TEST_CASE("[Edit] a stroke is one undo step; undo and redo restore it exactly") {
  Level lv = ascii_level(R"(
    S.......
    ........
    .......G
  )");
  const Level before = lv;
  Editor ed(lv);
  ed.begin("Brush walls");
  ed.line(Layer::Walls, {1, 0}, {6, 0}, 1, 1);
  ed.brush(Layer::Walls, {6, 1}, 1, 1);
  ed.end();
  CHECK(wall_rows(lv) == rows({".######.", "......#.", "........"}));
  CHECK(ed.undo_count() == 1);
  CHECK(ed.undo_label() == "Brush walls");
  const Level after = lv;
  CHECK(ed.undo());
  CHECK(lv == before);
  CHECK(ed.redo());
  CHECK(lv == after);
  CHECK_FALSE(ed.redo());
}

TEST_CASE("[Edit] walls and blocking agents are not painted over the start or goal") {
  Level lv = ascii_level(R"(
    S..
    ..G
  )");
  Editor ed(lv);
  CHECK(ed.rect(Layer::Walls, {{0, 0}, {2, 1}}, true, 1) == 4);
  CHECK_FALSE(lv.wall({0, 0}));
  CHECK_FALSE(lv.wall({2, 1}));
  CHECK(ed.brush(Layer::Agents, {0, 0}, 1, 1) == 0);
  CHECK(lv.check_endpoints().empty());
  // Costs and heights may go anywhere.
  CHECK(ed.set_cell(Layer::Costs, {0, 0}, 5) == 1);
  CHECK(ed.set_cell(Layer::Heights, {2, 1}, 3) == 1);
}

TEST_CASE("[Edit] rectangle: filled and outline") {
  Level lv(7, 5);
  lv.set_start({0, 0});
  lv.set_goal({6, 4});
  Editor ed(lv);
  SUBCASE("outline") {
    CHECK(ed.rect(Layer::Walls, {{5, 3}, {1, 1}}, false, 1) == 12);
    CHECK(wall_rows(lv) == rows({".......", ".#####.", ".#...#.", ".#####.", "......."}));
  }
  SUBCASE("filled, clipped to the level") {
    CHECK(ed.rect(Layer::Costs, {{-3, -3}, {1, 1}}, true, 4) == 4);
    CHECK(lv.cost({1, 1}) == 4);
    CHECK(lv.cost({2, 1}) == 1);
  }
}

TEST_CASE("[Edit] flood fill takes the 4-connected region of equal value") {
  // The fill starts at (1, 1) inside the room; the diagonal gap at the corner does not leak.
  Level lv = ascii_level(R"(
    S#####..
    .#...#..
    .#...#..
    .####...
    #......G
  )");
  Editor ed(lv);
  CHECK(ed.fill(Layer::Walls, {2, 1}, 1) == 6);
  CHECK(wall_rows(lv) == rows({".#####..", ".#####..", ".#####..", ".####...", "#......."}));
  // Cost fill of the open region around: everything open and connected with cost 1.
  Level lv2 = ascii_level(R"(
    S.2
    .#2
    22G
  )");
  Editor ed2(lv2);
  // Walls bound the region: the wall at (1, 1) holds cost 1 too, but is not filled.
  CHECK(ed2.fill(Layer::Costs, {0, 0}, 7) == 3);
  CHECK(lv2.cost({1, 0}) == 7);
  CHECK(lv2.cost({1, 1}) == 1);
  CHECK(lv2.cost({2, 0}) == 2);
  // Filling with the value already there changes nothing and leaves no step.
  CHECK(ed2.fill(Layer::Costs, {0, 0}, 7) == 0);
  CHECK(ed2.undo_count() == 1);
}

TEST_CASE("[Edit] heights: set, raise, lower, smooth") {
  Level lv(5, 5);
  Editor ed(lv);
  CHECK(ed.heights({2, 2}, 1, HeightMode::Set, 9) == 1);
  CHECK(lv.height_at({2, 2}) == 9);
  CHECK(ed.heights({2, 2}, 3, HeightMode::Raise, 2) == 9);
  CHECK(lv.height_at({2, 2}) == 11);
  CHECK(lv.height_at({1, 1}) == 2);
  CHECK(ed.heights({2, 2}, 1, HeightMode::Lower, 20) == 1);
  CHECK(lv.height_at({2, 2}) == -9);
  // Smooth: the mean of the 3 x 3 around (2, 2) as it was: (8 * 2 - 9) / 9 = 0.78 -> 1.
  CHECK(ed.heights({2, 2}, 1, HeightMode::Smooth, 0) == 1);
  CHECK(lv.height_at({2, 2}) == 1);
  // Clamped to the height range.
  ed.heights({0, 0}, 1, HeightMode::Raise, kMaxAbsHeight);
  ed.heights({0, 0}, 1, HeightMode::Raise, kMaxAbsHeight);
  CHECK(lv.height_at({0, 0}) == kMaxAbsHeight);
  CHECK(save_level(lv, "/dev/null").ok());
}

TEST_CASE("[Edit] bad values are refused with a message naming the value and range") {
  Level lv(3, 3);
  Editor ed(lv);
  CHECK(check_cell_value(Layer::Costs, std::nan("")) ==
        "cost must be a finite number in 0.001..1e+06, got nan");
  CHECK(check_cell_value(Layer::Costs, 0) == "cost must be a finite number in 0.001..1e+06, got 0");
  CHECK(check_cell_value(Layer::Heights, 1.5) ==
        "height must be a whole number in -1000000..1000000, got 1.5");
  CHECK(check_cell_value(Layer::Walls, 2) == "walls value must be 0 or 1, got 2");
  CHECK(ed.brush(Layer::Costs, {1, 1}, 1, std::nan("")) == 0);
  CHECK(ed.set_cell(Layer::Costs, {1, 1}, -1) == 0);
  CHECK(ed.set_cell(Layer::Costs, {9, 9}, 2) == 0);
  CHECK_FALSE(ed.set_edge({0, 0}, Dir::E, EdgeOverride{false, std::nan("")}));
  CHECK(ed.undo_count() == 0);
  CHECK(lv == Level(3, 3));
}

TEST_CASE("[Edit] edge overrides: set, block, clear, each undoable") {
  Level lv(4, 1);
  Editor ed(lv);
  CHECK(ed.set_edge({1, 0}, Dir::E, EdgeOverride{false, 5}));
  CHECK(ed.set_edge({2, 0}, Dir::W, EdgeOverride{true, 1}));
  CHECK_FALSE(ed.set_edge({2, 0}, Dir::W, EdgeOverride{true, 1}));  // no change
  CHECK(lv.edge({1, 0}, Dir::E)->weight == 5);
  CHECK(ed.set_edge({1, 0}, Dir::E, std::nullopt));
  CHECK_FALSE(lv.edge({1, 0}, Dir::E));
  CHECK(ed.undo());
  CHECK(lv.edge({1, 0}, Dir::E)->weight == 5);
  CHECK(ed.undo());
  CHECK_FALSE(lv.edge({2, 0}, Dir::W));
}

TEST_CASE("[Edit] shapes, start, goal and level settings are undoable") {
  Level lv(6, 6);
  const Level before = lv;
  Editor ed(lv);
  CHECK(ed.add_shape(Circle{2.5, 2.5, 1}));
  CHECK_FALSE(ed.add_shape(Circle{2.5, 2.5, -1}));  // check_shape refuses
  CHECK(ed.set_shape(0, Box{1, 1, 2, 3}));
  CHECK(ed.set_start({1, 4}));
  CHECK_FALSE(ed.set_goal({1, 4}));  // the start is there
  LevelProps p = props_of(lv);
  p.terrains = default_terrains();
  p.terrains[0].cost = 1.5;
  p.agents_block = false;
  CHECK(ed.set_props(p));
  CHECK(ed.remove_shape(0));
  CHECK(lv.shapes().empty());
  CHECK(lv.terrains[0].cost == 1.5);
  while (ed.undo()) {
  }
  CHECK(lv == before);
  while (ed.redo()) {
  }
  CHECK(lv.start() == Cell{1, 4});
  CHECK_FALSE(lv.agents_block());
}

TEST_CASE("[Edit] start and goal moved together: one undo step, a swap included") {
  // S . #
  // . . .     3 x 2
  Level lv = ascii_level(R"(
    S.#
    .G.
  )");
  const Level before = lv;
  Editor ed(lv);
  CHECK_FALSE(ed.set_endpoints({0, 0}, {1, 1}));  // neither moves
  CHECK_FALSE(ed.set_endpoints({2, 0}, {1, 1}));  // a wall
  CHECK_FALSE(ed.set_endpoints({0, 0}, {3, 0}));  // outside
  CHECK_FALSE(ed.set_endpoints({1, 0}, {1, 0}));  // the same cell
  CHECK(lv == before);
  CHECK_FALSE(ed.can_undo());
  // A swap: neither set_start nor set_goal alone can, as each refuses the other's cell.
  CHECK_FALSE(ed.set_start({1, 1}));
  CHECK(ed.set_endpoints({1, 1}, {0, 0}));
  CHECK(lv.start() == Cell{1, 1});
  CHECK(lv.goal() == Cell{0, 0});
  CHECK(ed.set_endpoints({1, 1}, {2, 1}));  // the goal alone
  CHECK(lv.start() == Cell{1, 1});
  CHECK(lv.goal() == Cell{2, 1});
  CHECK(ed.undo());
  CHECK(lv.goal() == Cell{0, 0});
  CHECK(ed.undo());  // the swap, in one step
  CHECK(lv == before);
  CHECK_FALSE(ed.can_undo());
  CHECK(ed.redo());
  CHECK(lv.start() == Cell{1, 1});
  CHECK(lv.goal() == Cell{0, 0});
}

TEST_CASE("[Edit] copy, paste and move a selection with its edges") {
  Level lv = ascii_level(R"(
    S.......
    .##.....
    .#3.....
    .......G
  )");
  lv.set_edge({1, 1}, Dir::E, EdgeOverride{false, 4});
  Editor ed(lv);
  const Clip clip = ed.copy({{2, 2}, {1, 1}});
  CHECK(clip.width == 2);
  CHECK(clip.height == 2);
  CHECK(clip.edges.size() == 1);
  CHECK(ed.paste(clip, {5, 0}) > 0);
  CHECK(wall_rows(lv) == rows({".....##.", ".##..#..", ".#......", "........"}));
  CHECK(lv.cost({6, 1}) == 3);
  CHECK(lv.edge({5, 0}, Dir::E)->weight == 4);
  // Move: the source becomes blank, the destination gets the content, one step.
  const std::size_t steps = ed.undo_count();
  ed.move({{1, 1}, {2, 2}}, {1, 2});
  CHECK(ed.undo_count() == steps + 1);
  CHECK(wall_rows(lv) == rows({".....##.", ".....#..", ".##.....", ".#......"}));
  CHECK_FALSE(lv.edge({1, 1}, Dir::E));
  CHECK(lv.edge({1, 2}, Dir::E)->weight == 4);
  CHECK(lv.cost({2, 3}) == 3);
  CHECK(lv.cost({2, 2}) == 1);
}

TEST_CASE("[Edit] resize with an anchor keeps the content in place") {
  Level lv = ascii_level(R"(
    S#.
    ..G
  )");
  lv.add_shape(Circle{0.5, 1.5, 0.25});
  Editor ed(lv);
  SUBCASE("grow to the bottom-right anchor") {
    REQUIRE(ed.resize(5, 4, Anchor::BottomRight).ok());
    CHECK(wall_rows(lv) == rows({".....", ".....", "...#.", "....."}));
    CHECK(lv.start() == Cell{2, 2});
    CHECK(lv.goal() == Cell{4, 3});
    CHECK(std::get<Circle>(lv.shapes()[0]).x == 2.5);
  }
  SUBCASE("shrink around the centre") {
    REQUIRE(ed.resize(1, 1, Anchor::TopLeft).ok());
    CHECK(lv.width() == 1);
    CHECK(lv.start() == Cell{0, 0});
    // The goal has no other open cell to go to: the level keeps it on the start, which
    // check_endpoints allows; a search finds the trivial path.
    CHECK(lv.check_endpoints().empty());
  }
  SUBCASE("a bad size names it and changes nothing") {
    const Level before = lv;
    const Status s = ed.resize(0, 4, Anchor::Centre);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == "resize: width must be 1..8192, got 0");
    CHECK(lv == before);
    CHECK(ed.undo_count() == 0);
  }
  const Level resized = lv;
  if (ed.undo_count() == 1) {
    CHECK(ed.undo());
    CHECK(lv.width() == 3);
    CHECK(ed.redo());
    CHECK(lv == resized);
  }
}

TEST_CASE("[Edit] a group with a whole-level replace undoes everything it did") {
  Level lv(4, 4);
  const Level before = lv;
  Editor ed(lv);
  ed.begin("Generate");
  ed.set_cell(Layer::Walls, {1, 1}, 1);
  Level other(6, 2);
  ed.replace(other, "Generate");
  ed.set_cell(Layer::Costs, {3, 1}, 9);
  ed.end();
  const Level after = lv;
  CHECK(lv.width() == 6);
  CHECK(ed.undo());
  CHECK(lv == before);
  CHECK(ed.redo());
  CHECK(lv == after);
  CHECK(lv.cost({3, 1}) == 9);
}

TEST_CASE("[Edit] history memory is proportional to the change and capped in steps") {
  Level lv(1024, 1024);
  Editor ed(lv, 1000);
  ed.set_cell(Layer::Walls, {5, 5}, 1);
  // One cell on a million-cell level: a few hundred bytes, not megabytes.
  CHECK(ed.history_bytes() < 1024);
  for (int i = 0; i < 1500; ++i) ed.set_cell(Layer::Heights, {i % 1024, 7}, i + 1);
  CHECK(ed.undo_count() == 1000);
  int undone = 0;
  while (ed.undo()) ++undone;
  CHECK(undone == 1000);
  // The oldest 500 steps (the wall and the first heights) were dropped: they stay.
  CHECK(lv.wall({5, 5}));
  CHECK(lv.height_at({499, 7}) == 500);
  CHECK(lv.height_at({500, 7}) == 0);
}

TEST_CASE("[Edit] agents block as a group and searches go around them") {
  Level lv = ascii_level(R"(
    S.....
    .####.
    ......
    ....#G
  )", MovementRules{.neighbours = Neighbours::Four});
  Editor ed(lv);
  ed.set_cell(Layer::Agents, {5, 1}, 1);
  auto cost = [&] {
    auto s = make_search(lv, SearchOptions{.algorithm = Algorithm::AStar, .heuristic = Heuristic::Manhattan});
    s->run();
    return s->state() == SearchState::Found ? s->path_cost() : -1.0;
  };
  const double blocked = cost();
  CHECK(blocked == 8);  // down the left side and along the bottom row
  LevelProps p = props_of(lv);
  p.agents_block = false;
  REQUIRE(ed.set_props(p));
  CHECK(cost() == 8);  // equal length either way on this map: check the move instead
  CHECK(MovePolicy(lv).move({5, 0}, Dir::S).possible());
  ed.undo();
  CHECK(MovePolicy(lv).move({5, 0}, Dir::S).block == MoveBlock::Agent);
}

TEST_CASE("[Edit] agents and terrains round-trip through level files; bad ones are named") {
  Level lv(5, 3);
  lv.set_agent({2, 1}, true);
  lv.set_agents_block(false);
  lv.terrains = {{"road", 1, 0xc8b48c}, {"mud \"deep\"", 7.5, 0x102030}};
  const auto back = parse_level(level_to_json(lv), "a.json");
  REQUIRE(back.ok());
  CHECK(back.value() == lv);
  auto error_of = [](const std::string& extra) {
    const std::string text = R"({"format": "astar-studio-level", "version": 1, "width": 3,
      "height": 1, "start": [0, 0], "goal": [2, 0], "walls": ["..."], )" + extra + "}";
    const auto r = parse_level(text, "bad.json");
    return r.ok() ? std::string("ok") : r.error();
  };
  CHECK(error_of(R"("agents": {"cells": [[5, 0]]})") ==
        "bad.json: agents.cells[0]: (5, 0) is outside the level (0, 0)-(2, 0)");
  CHECK(error_of(R"("agents": {"cells": [[0, 0]]})") ==
        "bad.json: start: (0, 0) is on an agent (agents block)");
  CHECK(error_of(R"("agents": {"block": false, "cells": [[0, 0]]})") == "ok");
  CHECK(error_of(R"("agents": {"block": 1})") == "bad.json: agents.block: expected true or false, got 1");
  CHECK(error_of(R"("terrains": [{"name": "x", "cost": 0}])") ==
        "bad.json: terrains[0].cost: must be > 0, got 0");
  CHECK(error_of(R"("terrains": [{"name": "x", "cost": 1, "color": "red"}])") ==
        "bad.json: terrains[0].color: expected \"#rrggbb\", got \"red\"");
  CHECK(error_of(R"("terrains": [{"name": "", "cost": 1}])") ==
        "bad.json: terrains[0].name: must be 1..40 bytes, got 0");
}

// The soak test (issue 6): 10,000 random operations of every kind, undos and redos among them,
// on random levels. After each one the level must equal the state the history says it is at.
TEST_CASE("[Edit] soak: 10,000 random edits, undos and redos restore exact states") {
  std::mt19937 rng(20261122);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0;
  for (int round = 0; round < 10; ++round) {
    Level lv = test::random_level(rng, 16);
    Editor ed(lv, 400);
    std::vector<Level> states{lv};  // states[k]: the level after k steps of the history
    std::size_t at = 0;             // where the level is in `states`
    auto cell = [&] { return Cell{pick(-1, lv.width()), pick(-1, lv.height())}; };
    for (int op = 0; op < 1000; ++op) {
      const std::uint64_t version_before = ed.version();
      const int kind = pick(0, 17);
      const Layer layer = static_cast<Layer>(pick(0, 3));
      const double v = layer == Layer::Costs     ? pick(1, 40) / 4.0
                       : layer == Layer::Heights ? pick(-3, 3)
                                                 : pick(0, 1);
      bool moved = false;  // undo or redo
      switch (kind) {
        case 0: ed.brush(layer, cell(), pick(1, 4), v); break;
        case 1: ed.line(layer, cell(), cell(), pick(1, 2), v); break;
        case 2: ed.rect(layer, {cell(), cell()}, pick(0, 1) == 1, v); break;
        case 3: ed.fill(layer, cell(), v); break;
        case 4: ed.heights(cell(), pick(1, 3), static_cast<HeightMode>(pick(0, 3)), pick(1, 3)); break;
        case 5: {
          const int k = pick(0, 2);
          ed.set_edge(cell(), static_cast<Dir>(pick(0, 7)),
                      k == 0 ? std::nullopt
                             : std::optional<EdgeOverride>(EdgeOverride{k == 1, pick(1, 9) / 2.0}));
          break;
        }
        case 6: ed.add_shape(Circle{pick(0, 40) / 4.0, pick(0, 40) / 4.0, pick(1, 8) / 8.0}); break;
        case 7:
          if (!lv.shapes().empty())
            ed.set_shape(static_cast<std::size_t>(pick(0, static_cast<int>(lv.shapes().size()) - 1)),
                         Box{0, 0, pick(1, 8) / 2.0, pick(1, 8) / 2.0});
          else ed.remove_shape(0);
          break;
        case 8: ed.set_start(cell()); break;
        case 9: ed.set_goal(cell()); break;
        case 10: {
          LevelProps p = props_of(lv);
          p.agents_block = !p.agents_block;
          p.rules.max_climb = pick(-1, 3);
          ed.set_props(p);
          break;
        }
        case 11: ed.move({cell(), cell()}, cell()); break;
        case 12: ed.paste(ed.copy({cell(), cell()}), cell()); break;
        case 13:
          if (pick(0, 9) == 0) (void)ed.resize(pick(1, 16), pick(1, 16), static_cast<Anchor>(pick(0, 8)));
          break;
        case 14: {  // a stroke: several dabs as one step
          ed.begin("stroke");
          for (int i = pick(1, 5); i > 0; --i) ed.brush(layer, cell(), 1, v);
          ed.end();
          break;
        }
        default:
          moved = true;
          if (pick(0, 1) == 0 && ed.undo()) {
            --at;
          } else if (ed.redo()) {
            ++at;
          }
      }
      if (!moved && ed.version() != version_before) {
        // A new step: the redo branch is gone; the oldest states fall off with the history.
        states.resize(at + 1);
        states.push_back(lv);
        ++at;
        if (states.size() > ed.undo_count() + 1) {
          states.erase(states.begin());
          --at;
        }
      }
      CAPTURE(round);
      CAPTURE(op);
      CAPTURE(kind);
      CAPTURE(moved);
      REQUIRE(at < states.size());
      REQUIRE(lv == states[at]);
      REQUIRE(lv.check_endpoints().empty());
      ++checked;
    }
  }
  CHECK(checked == 10000);
}

TEST_CASE("[Edit] the state id returns to the saved one after undoing back to it") {
  Level lv(4, 4);
  Editor ed(lv);
  const auto saved = ed.state_id();
  ed.set_cell(Layer::Walls, {1, 1}, 1);
  const auto painted = ed.state_id();
  CHECK(painted != saved);
  ed.undo();
  CHECK(ed.state_id() == saved);
  ed.redo();
  CHECK(ed.state_id() == painted);
  // A different edit from the saved state is a different state, though the history is as long.
  ed.undo();
  ed.set_cell(Layer::Walls, {2, 2}, 1);
  CHECK(ed.state_id() != painted);
  CHECK(ed.state_id() != saved);
  ed.clear_history();
  CHECK(ed.state_id() != saved);
}

TEST_CASE("[Edit] typing a name is one undo step; another change starts a new one") {
  Level lv(3, 3);
  lv.name = "old";
  Editor ed(lv);
  auto named = [&](const std::string& n) {
    LevelProps p = props_of(lv);
    p.name = n;
    return p;
  };
  const auto start = ed.state_id();
  for (const char* n : {"n", "ne", "new"}) CHECK(ed.set_props(named(n), "name"));
  CHECK(ed.undo_count() == 1);
  CHECK(lv.name == "new");
  const auto typed = ed.state_id();
  CHECK(typed != start);
  CHECK(ed.undo());
  CHECK(lv.name == "old");
  CHECK(ed.state_id() == start);
  CHECK(ed.redo());
  CHECK(lv.name == "new");
  // A paint in between: the next name change is a step of its own.
  ed.set_cell(Layer::Walls, {1, 1}, 1);
  CHECK(ed.set_props(named("newer"), "name"));
  CHECK(ed.undo_count() == 3);
  // Without a key, each change is its own step.
  CHECK(ed.set_props(named("a")));
  CHECK(ed.set_props(named("ab")));
  CHECK(ed.undo_count() == 5);
  // Merging gives the state a new id, so a save in the middle of typing is left.
  CHECK(ed.set_props(named("x"), "name"));
  const auto first = ed.state_id();
  CHECK(ed.set_props(named("xy"), "name"));
  CHECK(ed.undo_count() == 6);
  CHECK(ed.state_id() != first);
}
