// Exercise specs (exercise_spec.hpp): names, difficulty presets and the check.
#include "astar/exercise_spec.hpp"

#include <string>

#include "astar/enum_names.hpp"

namespace astar {

namespace {

constexpr std::string_view kKindNames[] = {"expansion-order", "astar-by-hand", "predict-closed",
                                           "heuristic",       "repair",        "find-bug"};
static_assert(std::size(kKindNames) == static_cast<std::size_t>(ExerciseKind::_Max));
constexpr std::string_view kDifficultyNames[] = {"easy", "medium", "hard"};
static_assert(std::size(kDifficultyNames) == static_cast<std::size_t>(ExerciseDifficulty::_Max));

std::string range_problem(std::string_view field, int value, int lo, int hi) {
  if (value >= lo && value <= hi) return {};
  return "exercise." + std::string(field) + " must be " + std::to_string(lo) + ".." +
         std::to_string(hi) + ", got " + std::to_string(value);
}

std::string text_problem(std::string_view field, const std::string& text) {
  if (text.size() > kExerciseMaxText)
    return "exercise." + std::string(field) + ": at most " + std::to_string(kExerciseMaxText) +
           " bytes, got " + std::to_string(text.size());
  for (const char c : text)
    if (static_cast<unsigned char>(c) < 0x20)
      return "exercise." + std::string(field) + ": no control characters (tabs, line breaks)";
  return {};
}

bool uses_algorithm(ExerciseKind k) {
  return k == ExerciseKind::ExpansionOrder || k == ExerciseKind::PredictClosed;
}

}  // namespace

std::string_view to_string(ExerciseKind k) { return kKindNames[static_cast<int>(k)]; }
std::optional<ExerciseKind> parse_exercise_kind(std::string_view name) {
  return parse_enum_name<ExerciseKind>(kKindNames, name);
}
std::string exercise_kind_names() {
  std::string out;
  for (std::string_view n : kKindNames) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

std::string_view to_string(ExerciseDifficulty d) { return kDifficultyNames[static_cast<int>(d)]; }
std::optional<ExerciseDifficulty> parse_exercise_difficulty(std::string_view name) {
  return parse_enum_name<ExerciseDifficulty>(kDifficultyNames, name);
}

ExerciseSpec with_difficulty(ExerciseSpec spec, ExerciseDifficulty d) {
  switch (d) {
    case ExerciseDifficulty::Easy:
      spec.size = 6, spec.walls = 15, spec.costs = false, spec.diagonal = false, spec.ties = false;
      break;
    case ExerciseDifficulty::Medium:
      spec.size = 8, spec.walls = 20, spec.costs = false, spec.diagonal = true, spec.ties = false;
      break;
    case ExerciseDifficulty::Hard:
      spec.size = 10, spec.walls = 25, spec.costs = true, spec.diagonal = true, spec.ties = true;
      break;
    case ExerciseDifficulty::_Max: break;
  }
  return spec;
}

std::string check_exercise_spec(const ExerciseSpec& spec) {
  if (spec.kind >= ExerciseKind::_Max) return "exercise.kind must be one of " + exercise_kind_names();
  for (const auto& [field, text] : {std::pair<std::string_view, const std::string&>{"seed", spec.seed},
                                    {"student", spec.student}})
    if (std::string why = text_problem(field, text); !why.empty()) return why;
  const bool known = spec.algorithm == "astar" || spec.algorithm == "dijkstra" ||
                     spec.algorithm == "greedy" || spec.algorithm == "bfs";
  if (!known)
    return "exercise.algorithm must be astar, dijkstra, greedy or bfs, got '" + spec.algorithm + "'";
  if (!uses_algorithm(spec.kind) && spec.algorithm != "astar")
    return "exercise.algorithm: " + std::string(to_string(spec.kind)) + " exercises use astar";
  if (spec.kind == ExerciseKind::PredictClosed && spec.algorithm == "bfs")
    return "exercise.algorithm: predict-closed takes astar, dijkstra or greedy, got 'bfs'";
  if (spec.question != "admissible" && spec.question != "consistent")
    return "exercise.question must be admissible or consistent, got '" + spec.question + "'";
  if (spec.kind != ExerciseKind::Heuristic && spec.question != "admissible")
    return "exercise.question: only heuristic exercises ask one";
  if (std::string why = range_problem("size", spec.size, kExerciseMinSize, kExerciseMaxSize); !why.empty())
    return why;
  if (std::string why = range_problem("walls", spec.walls, 0, kExerciseMaxWalls); !why.empty()) return why;
  if (std::string why = range_problem("time_limit", spec.time_limit, 0, kExerciseMaxTimeLimit); !why.empty())
    return why;
  if (spec.time_limit > 0 && !spec.exam) return "exercise.time_limit: only exams have a time limit";
  return {};
}

}  // namespace astar
