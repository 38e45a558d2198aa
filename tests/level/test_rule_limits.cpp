// within_file_limits (level.hpp): the studio's rule editors hand every change through it, so
// whatever is typed saves and reads back; rules a file gave pass unchanged. And the iteration
// guard's bound, SearchPreset::kMaxIterations, as the reader and the writer share it.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "support/temp_dir.hpp"

using namespace astar;

namespace {

// The rules read back from the level file `rules` are written into (2 x 2, nothing else set).
MovementRules round_trip(const MovementRules& rules) {
  Level l(2, 2);
  l.rules() = rules;
  const auto back = parse_level(level_to_json(l), "rules.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  return back.value().rules();
}

}  // namespace

TEST_CASE("[rules] within_file_limits brings each value into the file's range") {
  const double nan = std::nan("");
  const double inf = std::numeric_limits<double>::infinity();
  MovementRules r;
  SUBCASE("neighbours and diagonal outside their enums: the defaults") {
    r.neighbours = static_cast<Neighbours>(3);
    r.diagonal = static_cast<DiagonalPolicy>(9);
    const MovementRules in = within_file_limits(r);
    CHECK(in.neighbours == Neighbours::Eight);
    CHECK(in.diagonal == DiagonalPolicy::NoCornerCutting);
  }
  SUBCASE("step length outside its enum: flat; rank points to 0..ActionRanks::kMax") {
    r.step_length = static_cast<StepLength>(7);
    r.ranks = {.on = true, .climb = -3, .drop = 2, .across = ActionRanks::kMax + 1, .up = 4, .down = 5};
    const MovementRules in = within_file_limits(r);
    CHECK(in.step_length == StepLength::Flat);
    CHECK(in.ranks == ActionRanks{.on = true, .climb = 0, .drop = 2, .across = ActionRanks::kMax,
                                  .up = 4, .down = 5});
  }
  SUBCASE("climb and drop limits: kUnlimited kept, others to 0..kMaxHeightStep") {
    r.max_climb = -5;
    r.max_drop = kMaxHeightStep + 1;
    CHECK(within_file_limits(r).max_climb == 0);
    CHECK(within_file_limits(r).max_drop == kMaxHeightStep);
    r.max_climb = kUnlimited;
    r.max_drop = 3;
    CHECK(within_file_limits(r).max_climb == kUnlimited);
    CHECK(within_file_limits(r).max_drop == 3);
  }
  SUBCASE("costs: negative and NaN to 0, infinity to the largest double") {
    r.climb_cost = -1.0;
    r.drop_cost = nan;
    r.jump.up_cost = inf;
    r.jump.down_cost = 2.5;
    r.jump.across_cost = -inf;
    const MovementRules in = within_file_limits(r);
    CHECK(in.climb_cost == 0.0);
    CHECK(in.drop_cost == 0.0);
    CHECK(in.jump.up_cost == DBL_MAX);
    CHECK(in.jump.down_cost == 2.5);
    CHECK(in.jump.across_cost == 0.0);
  }
  SUBCASE("jumps: 0..kMaxHeight and 0..kMaxGap") {
    r.jump.up = JumpRules::kMaxHeight + 1;
    r.jump.down = -2;
    r.jump.gap = JumpRules::kMaxGap + 100;
    const MovementRules in = within_file_limits(r);
    CHECK(in.jump.up == JumpRules::kMaxHeight);
    CHECK(in.jump.down == 0);
    CHECK(in.jump.gap == JumpRules::kMaxGap);
  }
  SUBCASE("agent radius: 0..kMaxShapeCoord, NaN to 0") {
    r.agent_radius = -0.5;
    CHECK(within_file_limits(r).agent_radius == 0.0);
    r.agent_radius = nan;
    CHECK(within_file_limits(r).agent_radius == 0.0);
    r.agent_radius = 2 * kMaxShapeCoord;
    CHECK(within_file_limits(r).agent_radius == kMaxShapeCoord);
    r.agent_radius = 0.35;
    CHECK(within_file_limits(r).agent_radius == 0.35);
  }
  // Whatever the case set, the result saves and reads back as it is.
  const MovementRules in = within_file_limits(r);
  CHECK(round_trip(in) == in);
}

TEST_CASE("[rules] within_file_limits leaves rules a file gave unchanged") {
  SUBCASE("random rules within the ranges") {
    std::mt19937 rng(16);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto cost = [&] { return std::uniform_real_distribution<double>(0.0, 50.0)(rng); };
    for (int i = 0; i < 200; ++i) {
      MovementRules r;
      r.neighbours = pick(0, 1) ? Neighbours::Four : Neighbours::Eight;
      r.diagonal = static_cast<DiagonalPolicy>(pick(0, static_cast<int>(DiagonalPolicy::_Max) - 1));
      r.max_climb = pick(0, 3) == 0 ? kUnlimited : pick(0, kMaxHeightStep);
      r.max_drop = pick(0, 3) == 0 ? kUnlimited : pick(0, 10);
      r.climb_cost = cost();
      r.drop_cost = cost();
      r.jump = {pick(0, JumpRules::kMaxHeight), pick(0, 5), pick(0, JumpRules::kMaxGap), cost(),
                cost(), cost()};
      r.agent_radius = pick(0, 1) ? 0.0 : cost() / 10;
      CHECK(within_file_limits(r) == r);
      CHECK(round_trip(r) == r);
    }
  }
  SUBCASE("every level shipped in levels/") {
    int seen = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(ASTAR_SOURCE_DIR) + "/levels")) {
      if (entry.path().extension() != ".json") continue;
      const auto level = load_level(entry.path().string());
      if (!level.ok()) continue;  // a trace or another JSON file beside the levels
      ++seen;
      CAPTURE(entry.path().string());
      CHECK(within_file_limits(level.value().rules()) == level.value().rules());
    }
    CHECK(seen >= 10);
  }
}

TEST_CASE("[level-io] the iteration guard: 1..SearchPreset::kMaxIterations saves, above is refused") {
  test::TempDir dir;
  Level l(2, 2);
  l.preset.max_iterations = SearchPreset::kMaxIterations;
  REQUIRE(save_level(l, dir / "max.json").ok());
  const auto back = load_level(dir / "max.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value().preset.max_iterations == SearchPreset::kMaxIterations);
  l.preset.max_iterations = SearchPreset::kMaxIterations + 1;
  const Status too_big = save_level(l, dir / "over.json");
  REQUIRE_FALSE(too_big.ok());
  CHECK(too_big.error().find("search") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "over.json"));
}
