// An exercise's progress read back from its result file (astar::result_to_json's text: what the
// Exercise panel saves, and what the page keeps in its storage so a reload continues): the spec
// and the recorded answers, for Studio::restore_exercise. The file is graded first
// (astar::grade_result), so one edited by hand is refused, naming what was altered.
//
//   auto p = read_exercise_progress(text, "ada.json");
//   if (p) studio.restore_exercise(p.value().spec, p.value().actions, "ada.json");
#pragma once

#include <string_view>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/result.hpp"

namespace studio {

struct ExerciseProgress {
  astar::ExerciseSpec spec;
  std::vector<astar::TimedAction> actions;
};

// The spec and actions of a result file's text; an error naming `source` and the field for a
// file that is no result file, or one whose actions, score or check were altered.
astar::Result<ExerciseProgress> read_exercise_progress(std::string_view text, std::string_view source);

}  // namespace studio
