// The docs' example level files must stay valid levels: they are what users copy. Both are read
// from docs/level-format.md (after its heading "## Level file format" and after the words "A level
// with collision shapes"); the lesson table from docs/teaching.md.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "astar/detail/best_first.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {
std::string doc(const std::string& name) {
  std::ifstream in(ASTAR_SOURCE_DIR "/docs/" + name);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST_CASE("[docs] the example level in docs/level-format.md loads and behaves as described") {
  const std::string text = doc("level-format.md");
  const auto section = text.find("## Level file format");
  REQUIRE(section != std::string::npos);
  const auto open = text.find("```json\n", section);
  REQUIRE(open != std::string::npos);
  const auto begin = open + 8;
  const auto end = text.find("```", begin);
  REQUIRE(end != std::string::npos);

  Result<Level> lv = parse_level(text.substr(begin, end - begin), "docs/level-format.md");
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  const Level& level = lv.value();
  CHECK(level.rules().max_climb == 1);
  CHECK(level.rules().max_drop == kUnlimited);
  MovePolicy policy(level);
  // The door: the weight override replaces the formula.
  CHECK(policy.move({2, 1}, Dir::E).cost == doctest::Approx(5.0));
  // The one-way link: its reverse is blocked.
  CHECK(policy.move({3, 1}, Dir::W).block == MoveBlock::BlockedEdge);
  // A climb of 1 onto cost 1: 1 + 0.5; a climb of 2 is refused.
  CHECK(policy.move({3, 1}, Dir::E).cost == doctest::Approx(1.5));
  CHECK(policy.move({3, 0}, Dir::E).block == MoveBlock::ClimbTooHigh);
  BestFirstSearch s(level);
  CHECK(s.run() == SearchState::Found);
}

TEST_CASE("[docs] the collision-shapes example level in docs/level-format.md loads and the agent goes around") {
  const std::string text = doc("level-format.md");
  const auto intro = text.find("A level with collision shapes");
  REQUIRE(intro != std::string::npos);
  const auto begin = text.find("```json\n", intro) + 8;
  const auto end = text.find("```", begin);
  REQUIRE(end != std::string::npos);

  Result<Level> lv = parse_level(text.substr(begin, end - begin), "docs/level-format.md");
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  const Level& level = lv.value();
  CHECK(level.shapes().size() == 2);
  CHECK(level.rules().agent_radius == 0.3);
  MovePolicy policy(level);
  CHECK(policy.move({1, 1}, Dir::E).block == MoveBlock::ShapeHit);  // into the pillar
  CHECK(policy.move({4, 2}, Dir::E).block == MoveBlock::ShapeHit);  // into the crate
  CHECK(policy.move({4, 3}, Dir::E).possible());                    // under it, 0.5 clear
  BestFirstSearch s(level);
  REQUIRE(s.run() == SearchState::Found);
  for (Cell c : s.path()) CHECK_FALSE((c.x == 5 && c.y < 3));
}

TEST_CASE("[docs] the lesson table in docs/teaching.md gives each lesson's own path cost") {
  // Every lesson file has a row, and the row names the cost of the lesson's own search, to two
  // decimals (its distance when the lesson ranks actions), or its guard when it has no path.
  const std::string text = doc("teaching.md");
  int rows = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ASTAR_SOURCE_DIR "/levels/lessons")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json") continue;
    CAPTURE(name);
    const auto at = text.find("| `" + name + "` |");
    REQUIRE(at != std::string::npos);
    const std::string row = text.substr(at, text.find('\n', at) - at);
    ++rows;
    Result<Level> lv = load_level(entry.path().string());
    REQUIRE(lv.ok());
    const auto s = make_search(lv.value(), with_preset({}, lv.value().preset));
    s->run();
    if (s->path().empty()) {
      CHECK(row.find(std::to_string(s->iterations())) != std::string::npos);
      continue;
    }
    double cost = s->path_cost();
    if (const auto ranked = ranked_path_cost(MovePolicy(lv.value()), s->path()))
      cost = ranked->distance.value();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", cost);
    std::string shown = buf;
    while (shown.back() == '0') shown.pop_back();
    if (shown.back() == '.') shown.pop_back();
    CAPTURE(shown);
    CHECK(row.find(shown) != std::string::npos);
  }
  CHECK(rows >= 15);
}
