// An exercise's progress from its result file (exercise_progress.hpp): core grades the file
// (every field checked, the answers replayed) and hands back its answers.
#include "files/exercise_progress.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "astar/file_io.hpp"
#include "state/exercise_mode.hpp"

namespace studio {

astar::Result<ExerciseProgress> read_exercise_progress(std::string_view text, std::string_view source) {
  astar::Result<astar::GradeRow> graded = astar::grade_result(text, source);
  if (!graded) return astar::Error{graded.error()};
  if (!graded.value().verified)
    return astar::Error{std::string(source) + ": altered: " + graded.value().altered};
  const astar::Score& score = graded.value().score;
  return ExerciseProgress{graded.value().spec, std::move(graded.value().actions), score.finished || score.time_up};
}

std::string kept_progress_path(const std::string& config_dir, const astar::Exercise& exercise) {
  return (std::filesystem::path(config_dir) / "exercises" / (exercise.digest + ".json")).string();
}

astar::Status keep_exercise_progress(const std::string& config_dir, const ExerciseMode& mode) {
  const std::string path = kept_progress_path(config_dir, mode.exercise());
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return astar::Error{path + ": " + ec.message()};
  return astar::write_atomically(path, mode.result_json());
}

std::optional<ExerciseProgress> kept_exercise_progress(const std::string& config_dir, const astar::Exercise& exercise) {
  std::ifstream in(kept_progress_path(config_dir, exercise), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  astar::Result<ExerciseProgress> p = read_exercise_progress(text.str(), "kept progress");
  if (!p || p.value().actions.empty() || !(p.value().spec == exercise.spec)) return std::nullopt;
  return std::move(p).value();
}

std::int64_t exam_started(const std::string& config_dir, const astar::Exercise& exercise, std::int64_t now) {
  const std::filesystem::path path = std::filesystem::path(config_dir) / "exercises" / (exercise.digest + ".started");
  std::ifstream in(path);
  if (std::int64_t started = 0; in >> started && started > 0 && started <= now) return started;
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  (void)astar::write_atomically(path.string(), std::to_string(now) + "\n");
  return now;
}

}  // namespace studio
