// The Exercise panel (the sidebar's first section while an exercise runs: state/exercise_mode.hpp)
// and the exercise's keys. The panel shows the question in words and what answers it: for a
// neighbour three number fields g, h and f with Submit, No change and Closed: skip; for parents a
// box per neighbour asked about; for a Mark question how many cells are painted; for find-bug a
// list of finding kinds and the event's number. Under it the last verdict (green when right; red
// with the explanation and the right answer; in an exam only "Recorded."), the score, the time
// (an exam's time left), Hint and Undo (practice), and at the end the mistakes by kind and Save
// result. Its widgets are marked "exercise.g", "exercise.submit", ... in the sidecar.
//
// Every action has a key, handled by exercise_keys() once a frame before the command table
// (ui/commands.cpp skips the keys exercise_takes_key() claims, and the commands that would edit
// the level or run the search while an exercise runs):
//   arrows       move the cell cursor          Enter / Space  select, or toggle, at the cursor
//   Tab          next number field             Enter          submit
//   N            no change                     S              closed: skip
//   1..9         tick parent choice 1..9       Up / Down      finding kind (find-bug)
//   H            hints on / off (practice)     Ctrl+Z         undo (practice)
//   Enter at the end: save the result.
#pragma once

#include <cstdint>

#include "state/studio.hpp"

namespace studio {

class ExercisePanel {
 public:
  void Draw(Studio& studio);

 private:
  void draw_answer(Studio& studio, ExerciseMode& ex);
  void draw_neighbour(Studio& studio, ExerciseMode& ex);
  void draw_finding(Studio& studio, ExerciseMode& ex);
  void draw_feedback(Studio& studio, ExerciseMode& ex);
  void draw_end(Studio& studio, ExerciseMode& ex);
  static void draw_marks_legend(const Studio& studio, const ExerciseMode& ex);
  int focused_question_ = -1;  // the g field takes the keyboard when a neighbour question comes
};

// Whether the exercise now takes this key from the command table (GLFW key code).
bool exercise_takes_key(const Studio& studio, int key, bool ctrl, bool shift);
// The exercise's keys pressed this frame (call before the command table's, no popup open).
void exercise_keys(Studio& studio);
// The Help window's rows for the exercise's keys.
void draw_exercise_help_rows(void (*row)(const char* keys, const char* what));

}  // namespace studio
