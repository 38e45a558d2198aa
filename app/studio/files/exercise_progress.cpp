// An exercise's progress from its result file (exercise_progress.hpp): core grades the file
// (every field checked, the answers replayed) and hands back its answers.
#include "files/exercise_progress.hpp"

#include <string>

namespace studio {

astar::Result<ExerciseProgress> read_exercise_progress(std::string_view text, std::string_view source) {
  astar::Result<astar::GradeRow> graded = astar::grade_result(text, source);
  if (!graded) return astar::Error{graded.error()};
  if (!graded.value().verified)
    return astar::Error{std::string(source) + ": altered: " + graded.value().altered};
  return ExerciseProgress{graded.value().spec, std::move(graded.value().actions)};
}

}  // namespace studio
