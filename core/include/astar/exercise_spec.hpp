// What an exercise is, as a level file stores it (the file's "exercise"): its kind, the class's
// seed, the student's name and the settings the level is generated from. Plain data: the
// exercise itself (its level, the questions, the checking) is made from it by exercise.hpp.
//
//   ExerciseSpec s{.kind = ExerciseKind::AStarByHand, .seed = "fall-2026", .student = "ada"};
//   if (std::string why = check_exercise_spec(s); !why.empty()) refuse(why);
//   // "exercise.size must be 6..12, got 20"
//
// The same spec always makes the same exercise, byte for byte, on every platform.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace astar {

enum class ExerciseKind : std::uint8_t {
  ExpansionOrder,  // click the nodes in the order the algorithm expands them
  AStarByHand,     // select, relax each neighbour (g, h, f), set the parents, trace the path
  PredictClosed,   // paint the cells the algorithm will expand; scored by overlap
  Heuristic,       // click the cells where the given h is not admissible (or not consistent)
  Repair,          // after an edit, mark the cells LPA* makes inconsistent
  FindBug,         // name the finding and the event of a trace with a planted bug
  _Max
};
// "expansion-order", "astar-by-hand", "predict-closed", "heuristic", "repair", "find-bug"
std::string_view to_string(ExerciseKind k);
std::optional<ExerciseKind> parse_exercise_kind(std::string_view name);
std::string exercise_kind_names();  // "expansion-order, astar-by-hand, ..."

// Difficulty presets: each sets size, walls, costs, diagonal and ties (the fields stay editable).
//   easy:   6 x 6, 15 % walls, cost 1 everywhere, 4 neighbours (Manhattan), few ties
//   medium: 8 x 8, 20 % walls, cost 1 everywhere, 8 neighbours (octile), few ties
//   hard:   10 x 10, 25 % walls, costs 1-3, 8 neighbours (octile), many ties
enum class ExerciseDifficulty : std::uint8_t { Easy, Medium, Hard, _Max };
std::string_view to_string(ExerciseDifficulty d);  // "easy", "medium", "hard"
std::optional<ExerciseDifficulty> parse_exercise_difficulty(std::string_view name);

inline constexpr int kExerciseMinSize = 6;
inline constexpr int kExerciseMaxSize = 12;
inline constexpr int kExerciseMaxWalls = 40;       // per cent
inline constexpr int kExerciseMaxTimeLimit = 36000;  // seconds (ten hours)
inline constexpr std::size_t kExerciseMaxText = 100;  // bytes of a seed or a name

struct ExerciseSpec {
  ExerciseKind kind = ExerciseKind::AStarByHand;
  std::string seed = "class";  // the class's seed: any text, up to 100 bytes
  std::string student;         // the student's name or number, mixed into the seed; may be empty
  // expansion-order and predict-closed: "astar", "dijkstra", "greedy" or "bfs"; the others
  // use "astar" (repair: LPA*).
  std::string algorithm = "astar";
  // heuristic kind only: "admissible" (click the cells where h overestimates) or "consistent"
  // (click the cells with a move where h drops by more than the move costs).
  std::string question = "admissible";
  // The difficulty: a preset's values unless changed.
  int size = 8;          // width and height, 6..12
  int walls = 20;        // per cent of the cells, 0..40
  bool costs = false;    // cells cost 1, 2 or 3 (else all 1)
  bool diagonal = true;  // 8 neighbours and octile h (else 4 and Manhattan)
  bool ties = false;     // prefer levels with many ties in the open set (else few)
  // Exam: no hints, no rewind, one attempt, and the time limit (seconds; 0: none).
  bool exam = false;
  bool hints = true;  // practice only: the studio may show hints (an exam never does)
  int time_limit = 0;
  friend bool operator==(const ExerciseSpec&, const ExerciseSpec&) = default;
};

// The spec with a difficulty preset's size, walls, costs, diagonal and ties.
ExerciseSpec with_difficulty(ExerciseSpec spec, ExerciseDifficulty d);

// Empty when the spec is usable, else the first problem, naming its field as the level file
// does: "exercise.algorithm must be astar, dijkstra, greedy or bfs, got 'jps'",
// "exercise.size must be 6..12, got 20", "exercise.seed: at most 100 bytes, got 240".
std::string check_exercise_spec(const ExerciseSpec& spec);

}  // namespace astar
