// File > New exercise...: an exercise (state/exercise_mode.hpp) from its settings: the kind, the
// algorithm (expansion order, predict the closed set) or the question (heuristic), a difficulty
// preset whose size, walls, costs, neighbours and ties can be changed, the class's seed and the
// student's name, and exam (no hints, no undo, a time limit). The same settings make the same
// level for everyone; the student's name makes it that student's. The dialog says the command
// line that opens the same exercise (for a teacher's handout), and why a setting cannot be
// used. Start goes through the unsaved-changes guard (FileDialogs::request_exercise).
#pragma once

#include <optional>
#include <string>

#include "astar/exercise_spec.hpp"

namespace studio {

class Studio;
class FileDialogs;

// The studio's command line for `spec`: "astar-studio --exercise astar-by-hand --seed fall
// --student ada --difficulty easy" (only what differs from the defaults; the difficulty when
// the spec is a preset's, else the fields by name are not on the command line and the level file
// says them).
std::string exercise_command_line(const astar::ExerciseSpec& spec);
// The preset `spec` matches, if any.
std::optional<astar::ExerciseDifficulty> difficulty_of(const astar::ExerciseSpec& spec);

class ExerciseDialog {
 public:
  void request(const Studio& studio);
  void Draw(Studio& studio, FileDialogs& files);  // at the top level, once per frame

 private:
  void draw_settings();
  bool open_ = false;
  astar::ExerciseSpec spec_ = astar::with_difficulty({}, astar::ExerciseDifficulty::Medium);
  int difficulty_ = static_cast<int>(astar::ExerciseDifficulty::Medium);
  std::string error_;
};

}  // namespace studio
