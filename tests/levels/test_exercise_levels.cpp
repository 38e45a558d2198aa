// The exercises in levels/exercises/ (the Lessons menu's Exercises): one per kind, each the very
// level its spec makes (so the studio opens it as that exercise), and a perfect student scores
// 100 % on each.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>

#include "astar/exercise.hpp"
#include "astar/level_io.hpp"

using namespace astar;
namespace fs = std::filesystem;

TEST_CASE("[lessons] every exercise level is the one its spec makes, one per kind, and can be done") {
  std::set<ExerciseKind> kinds;
  for (const fs::directory_entry& e : fs::directory_iterator(ASTAR_SOURCE_DIR "/levels/exercises")) {
    if (e.path().extension() != ".json") continue;
    const std::string path = e.path().string();
    CAPTURE(path);
    Result<Level> level = load_level(path);
    REQUIRE_MESSAGE(level.ok(), level.error());
    REQUIRE(level.value().exercise.has_value());
    Result<Exercise> ex = exercise_of_level(level.value(), path);
    REQUIRE_MESSAGE(ex.ok(), ex.error());
    CHECK(level_to_json(ex.value().level) == level_to_json(level.value()));  // written by the writer
    CHECK(level.value().description == ex.value().instructions);
    kinds.insert(ex.value().spec.kind);
    ExerciseRun run(ex.value());
    double t = 0.0;
    while (!run.done()) REQUIRE(run.answer(run.model_answer(), t += 1.0).ok());
    CHECK(run.score().percent == 100.0);
  }
  CHECK(kinds.size() == static_cast<std::size_t>(ExerciseKind::_Max));
}
