// Internal to the exercise layer: ExerciseRun's state (exercise.hpp), split over
// exercise_run.cpp (prompts, answers, undo, score), exercise_check.cpp (checking one answer
// against the model, explaining a wrong one) and exercise_words.cpp (hints).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/trace_check.hpp"
#include "exercise/model_search.hpp"

namespace astar {

struct ExerciseRun::Impl {
  explicit Impl(const Exercise& e);

  const Exercise* ex;
  exercise_detail::ModelOrder order;
  std::unique_ptr<exercise_detail::ModelSearch> model;  // select and by-hand kinds
  // by-hand: the node being expanded, its moves and the next one to ask about, and the
  // neighbours that got a new parent in this expansion.
  std::optional<Cell> expanding;
  std::vector<Move> moves;
  std::size_t next_move = 0;
  std::vector<Cell> asked, reparented;
  std::vector<Cell> path;  // traced back so far, goal first
  // Mark and Finding kinds: the right answers.
  std::vector<Cell> truth;
  std::vector<Finding> findings;
  std::vector<Cell> shown_truth;  // set once the Mark is answered
  Prompt prompt;
  std::vector<TimedAction> kept;  // the answers in force (undone ones dropped)
  std::vector<AnswerVerdict> verdicts;  // one per kept answer
  bool time_up = false;
  double max_left = 0.0;  // when time ran out: what the questions left were worth

  // The right answer now, and whether `a` is it (the verdict, with its explanation; its `right`
  // is the answer applied: the student's own when right, so a node tied with the engine's
  // choice is the one expanded).
  Action model_answer() const;
  AnswerVerdict check(const Action& a) const;
  // Checks an answer, keeps it and its verdict, applies the verdict's right answer.
  AnswerVerdict apply(const TimedAction& t);
  // Applies `right` (the right answer to the question asked) and asks the next question.
  void advance(const Action& right);
  void set_prompt();
  std::string hint() const;
  double points_left() const;  // what the questions not yet asked are worth (a model run)
};

namespace exercise_detail {
// Values within kExerciseTolerance.
inline bool close(double typed, double right) { return std::abs(typed - right) <= kExerciseTolerance; }
std::string cell_words(Cell c);  // "(3, 4)"
// Sorted row-major, duplicates dropped.
std::vector<Cell> sorted_cells(std::vector<Cell> cells);
}  // namespace exercise_detail

}  // namespace astar
