// Hex levels in the level file: topology and stagger round-trip with every layer; square files
// are written as before (no topology key); the square grid's rules are left out on hexes.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "astar/level_io.hpp"
#include "support/hex_oracle.hpp"

using namespace astar;

TEST_CASE("[hex] random hex levels survive level_to_json -> parse_level exactly") {
  std::mt19937 rng(31);
  int layouts[4] = {};
  for (int n = 0; n < 200; ++n) {
    const Level original = astar::test::random_hex_level(rng, 20);
    ++layouts[(original.topology() == Topology::HexFlatTop) * 2 +
              (original.hex_stagger() == HexStagger::Even)];
    const std::string text = level_to_json(original);
    const auto back = parse_level(text, "hex.json");
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
    CHECK(back.value() == original);
    CHECK(back.value().topology() == original.topology());
    CHECK(back.value().hex_stagger() == original.hex_stagger());
    CHECK(level_to_json(back.value()) == text);  // canonical
    // The square grid's rules do not apply on hexes and are not written.
    CHECK(text.find("\"neighbours\"") == std::string::npos);
    CHECK(text.find("\"diagonal\"") == std::string::npos);
    const std::string topology = "\"topology\": \"" + std::string(to_string(original.topology())) + "\"";
    CHECK(text.find(topology) != std::string::npos);
  }
  for (int k : layouts) CHECK(k > 20);
}

TEST_CASE("[hex] a square level's file has no topology; each name parses back") {
  const Level square(3, 2);
  const std::string text = level_to_json(square);
  CHECK(text.find("topology") == std::string::npos);
  CHECK(text.find("stagger") == std::string::npos);
  CHECK(parse_level(text, "square.json").value().topology() == Topology::Square);
  for (int t = 0; t < static_cast<int>(Topology::_Max); ++t)
    CHECK(parse_topology(to_string(static_cast<Topology>(t))) == static_cast<Topology>(t));
  CHECK(parse_hex_stagger("even") == HexStagger::Even);
  CHECK_FALSE(parse_topology("hex").has_value());
}

TEST_CASE("[hex] what a hex level cannot save is named before writing") {
  Level lv(4, 3);
  lv.set_topology(Topology::HexPointyTop, HexStagger::Odd);
  lv.set_edge({1, 1}, Dir::N, EdgeOverride{true, 1.0});
  // (The folder does not exist: the check comes first, so the message is the check's.)
  const std::string path = "/nonexistent-dir/hex.json";
  CHECK(save_level(lv, path).error() == path + ": cannot save: the edge from (1, 1) goes N, which "
                                               "is not a direction of a hex-pointy-top level");
  lv.clear_edge({1, 1}, Dir::N);
  lv.add_shape(Circle{1.5, 1.5, 0.4});
  CHECK(save_level(lv, path).error() == path + ": cannot save: hex levels take no collision shapes");
}
