// An exercise's progress read back from its result file (astar::result_to_json's text: what the
// Exercise panel saves, and what the page keeps in its storage so a reload continues): the spec
// and the recorded answers, for Studio::restore_exercise. The file is graded first
// (astar::grade_result), so one edited by hand is refused, naming what was altered.
//
//   auto p = read_exercise_progress(text, "ada.json");
//   if (p) studio.restore_exercise(p.value().spec, p.value().actions, "ada.json");
//
// Kept progress: every answer is written to CONFIG/exercises/DIGEST.json (on the page, the
// browser's storage), and starting the same exercise again (a reload, a new studio, the same
// link) continues from it, so a student's work is never lost and an exam is one attempt.
//
//   keep_exercise_progress(config_dir, mode);                  // after an answer
//   if (auto kept = kept_exercise_progress(config_dir, exercise)) restore(kept...);
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <string_view>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/result.hpp"

namespace studio {

struct ExerciseProgress {
  astar::ExerciseSpec spec;
  std::vector<astar::TimedAction> actions;
  bool finished = false;  // every question answered (or an exam's time ran out)
};

// The spec and actions of a result file's text; an error naming `source` and the field for a
// file that is no result file, or one whose actions, score or check were altered.
astar::Result<ExerciseProgress> read_exercise_progress(std::string_view text, std::string_view source);

class ExerciseMode;
// CONFIG/exercises/DIGEST.json: where an exercise's progress is kept.
std::string kept_progress_path(const std::string& config_dir, const astar::Exercise& exercise);
// Writes the run's result file there (atomically).
astar::Status keep_exercise_progress(const std::string& config_dir, const ExerciseMode& mode);
// The kept progress of this exercise, when there is some with at least one answer and it
// verifies (a file that does not is left alone and not used).
std::optional<ExerciseProgress> kept_exercise_progress(const std::string& config_dir, const astar::Exercise& exercise);
// An exam's clock across restarts: when it was first opened (seconds since the epoch), kept in
// CONFIG/exercises/DIGEST.started. The first call writes `now` and returns it; later ones
// return what was written, so closing the studio (or reloading the page) does not stop the
// clock. `now` when nothing can be kept.
std::int64_t exam_started(const std::string& config_dir, const astar::Exercise& exercise, std::int64_t now);

}  // namespace studio
