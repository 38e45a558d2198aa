// Generators on hex levels: every kind makes a level of the asked topology and stagger; mazes and
// rooms join start and goal through hex neighbours (the oracle's own tables); a maze's rooms open
// onto nothing but their lattice corridors, so it stays a tree of rooms; recipes carry the
// topology; bad values are named.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "astar/generate.hpp"
#include "support/hex_oracle.hpp"

using namespace astar;

namespace {

// Open cells reachable from `from` through the hex neighbours of hex-grids.md's tables.
std::vector<std::uint8_t> hex_reached(const Level& lv, Cell from) {
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(lv.cell_count()), 0);
  std::vector<Cell> stack{from};
  seen[to_u32(lv.index(from))] = 1;
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    for (const auto& [dc, dr] : astar::test::oracle_hex_offsets(lv, c)) {
      const Cell n{c.x + dc, c.y + dr};
      if (lv.open(n) && !seen[to_u32(lv.index(n))]) {
        seen[to_u32(lv.index(n))] = 1;
        stack.push_back(n);
      }
    }
  }
  return seen;
}

GeneratorOptions hex_options(GeneratorKind kind, int layout, std::uint64_t seed) {
  GeneratorOptions o;
  o.kind = kind;
  o.width = 31;
  o.height = 21;
  o.seed = seed;
  const HexLayout l = astar::test::kHexLayouts[static_cast<std::size_t>(layout)];
  o.topology = astar::test::topology_of(l);
  o.stagger = l.stagger;
  return o;
}

}  // namespace

TEST_CASE("[hex] every generator makes hex levels whose start reaches the goal") {
  for (int k = 0; k < static_cast<int>(GeneratorKind::_Max); ++k)
    for (int layout = 0; layout < 4; ++layout)
      for (std::uint64_t seed : {1u, 2u, 3u}) {
        const GeneratorOptions o = hex_options(static_cast<GeneratorKind>(k), layout, seed);
        CAPTURE(generator_recipe(o));
        const Result<Level> made = generate_level(o);
        REQUIRE(made.ok());
        const Level& lv = made.value();
        CHECK(lv.topology() == o.topology);
        CHECK(lv.hex_stagger() == o.stagger);
        REQUIRE(lv.check_endpoints() == "");
        // Mazes and rooms promise a path (obstacles and noise do not: docs).
        if (o.kind == GeneratorKind::MazeBacktracker || o.kind == GeneratorKind::MazeDivision ||
            o.kind == GeneratorKind::Rooms)
          CHECK(hex_reached(lv, lv.start())[to_u32(lv.index(lv.goal()))] == 1);
        // The recipe reads back to the same options, topology included.
        const Result<GeneratorOptions> back = parse_generator_recipe(generator_recipe(o));
        REQUIRE(back.ok());
        CHECK(back.value() == o);
      }
}

TEST_CASE("[hex] a hex maze is a tree of rooms: rooms touch only their corridors, all reached") {
  for (GeneratorKind kind : {GeneratorKind::MazeBacktracker, GeneratorKind::MazeDivision})
    for (int layout = 0; layout < 4; ++layout) {
      const Level lv = generate_level(hex_options(kind, layout, 7)).value();
      CAPTURE(to_string(kind));
      CAPTURE(layout);
      const std::vector<std::uint8_t> reached = hex_reached(lv, {1, 1});
      std::int64_t rooms = 0, corridors = 0;
      for (int y = 0; y < lv.height(); ++y)
        for (int x = 0; x < lv.width(); ++x) {
          const Cell c{x, y};
          if (!lv.open(c)) continue;
          CHECK(reached[to_u32(lv.index(c))] == 1);
          const bool room = x % 2 == 1 && y % 2 == 1;
          rooms += room;
          corridors += !room;
          CHECK_FALSE((x % 2 == 0 && y % 2 == 0));  // a pillar of the lattice: always a wall
          if (!room) continue;
          // Each open hex neighbour of a room is one of its four lattice corridors.
          for (const auto& [dc, dr] : astar::test::oracle_hex_offsets(lv, c)) {
            const Cell n{x + dc, y + dr};
            if (lv.open(n)) CHECK((dc == 0) != (dr == 0));
          }
        }
      CHECK(rooms == 15 * 10);
      CHECK(corridors == rooms - 1);  // a spanning tree of the rooms
    }
}

TEST_CASE("[hex] generator topology and stagger: bad values are named") {
  GeneratorOptions o;
  CHECK(set_generator_parameter(o, "topology", "hex").error() ==
        "topology: expected square, hex-pointy-top or hex-flat-top, got 'hex'");
  CHECK(set_generator_parameter(o, "stagger", "middle").error() ==
        "stagger: expected odd or even, got 'middle'");
  REQUIRE(set_generator_parameter(o, "stagger", "even").ok());
  CHECK(check_generator_options(o) ==
        "stagger: applies to hex topologies only (give --topology hex-pointy-top or hex-flat-top)");
  REQUIRE(set_generator_parameter(o, "topology", "hex-flat-top").ok());
  CHECK(check_generator_options(o) == "");
}
