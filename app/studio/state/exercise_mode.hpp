// Exercise mode (issue 34): the student runs the algorithm. ExerciseMode holds an exercise
// (astar::Exercise, made from its spec by core) and its run (astar::ExerciseRun, which asks one
// question at a time, checks each answer against the real search and keeps the score), and what
// the studio adds around them: the student's input not yet submitted (numbers typed, parents
// ticked, cells painted, the finding picked, the keyboard's cell cursor), the clock, the last
// verdict in words, hints on or off, undo and an exam's time limit. Studio starts and ends it
// (studio.hpp: start_exercise, close_exercise; opening a level file with an "exercise" starts
// that one); the canvas draws the student's view from it (overlays/exercise_overlay.cpp) and the
// Exercise panel edits its input (panels/exercise_panel.cpp). No GL or ImGui here, and no wall
// clock: the studio advances the clock by each frame's time, tests by what they like.
//
//   ExerciseMode ex(std::move(made).value());    // astar::make_exercise(spec)
//   ex.pick({2, 3});                             // a click: Select (or PathBack, Mark, Parents)
//   ex.input.g = "2"; ex.input.h = "4.24"; ex.input.f = "6.24";
//   ex.submit();                                 // the Neighbour question, from the input
//   say(ex.status_text());                       // "Right. Question 3: ..." or the mistake
//   write(ex.result_json());                     // astar::result_to_json: what `astar grade` reads
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/grid.hpp"
#include "astar/result.hpp"

namespace studio {

// What the student has entered for the current question and not yet submitted. Cleared when
// the question changes; the cursor stays where it is.
struct ExerciseInput {
  std::string g, h, f;                // Neighbour: the numbers as typed ("1.41")
  std::vector<astar::Cell> parents;   // Parents: the choices ticked (those given a new parent)
  std::vector<astar::Cell> marked;    // Mark: the cells painted, in the order painted
  int finding = 0;                    // Finding: index into astar::FindingKind
  std::string event;                  // Finding: the event's number as typed
  std::optional<astar::Cell> cursor;  // the keyboard's cell on the grid (arrows move it)
};

// A verdict as the studio keeps it: astar::AnswerVerdict's fields, copied out of the run's
// answer, and the student's answer beside them.
struct ExerciseVerdict {
  bool correct = false;
  std::vector<astar::Mistake> mistakes;
  std::string explanation;
  astar::Action right;  // the right answer (applied when the student's was wrong)
  double points = 0.0, max_points = 0.0;
  astar::Action given;  // the student's
};

class ExerciseMode {
 public:
  explicit ExerciseMode(astar::Exercise exercise);
  ~ExerciseMode();
  ExerciseMode(const ExerciseMode&) = delete;  // the run points into the exercise
  ExerciseMode& operator=(const ExerciseMode&) = delete;

  const astar::Exercise& exercise() const { return *exercise_; }
  const astar::ExerciseSpec& spec() const { return exercise_->spec; }
  const astar::ExerciseRun& run() const { return *run_; }
  const astar::Prompt& prompt() const { return run_->prompt(); }
  // The line of `code` (the text the Pseudo-code panel shows) the question now asked is about
  // (astar::code_step_of: select -> the take line, neighbour -> the tentative g, parents ->
  // cameFrom, path back -> the goal test's "return its path"); -1, no line lit, for the Mark and
  // Finding kinds and once done.
  int code_line(const astar::PseudoCode& code) const;
  bool done() const;  // every question answered, or an exam's time ran out
  bool exam() const { return spec().exam; }
  // Changes with every answer, undo, input or cursor change: the canvas's tints follow it.
  std::uint64_t revision() const { return revision_; }

  // [SECTION] The clock: seconds since the exercise began. The studio advances it by each
  // frame's time; an exam whose limit passes ends then (the questions left score nothing).
  double now() const { return clock_; }
  void advance(double seconds);
  std::optional<double> time_left() const;  // an exam with a time limit; else none

  // [SECTION] Input and answers. Each answer is checked at once (astar::ExerciseRun::answer):
  // last_verdict() says how it went. An input that cannot be an answer (a number that does not
  // read, a question of another kind, the exercise over) is refused with the reason, which
  // last_error() keeps until the next input; nothing is recorded then.
  ExerciseInput input;
  astar::Status answer(const astar::Action& action);
  // The current question's answer from `input`: Neighbour (the three numbers), Parents, Mark or
  // Finding. Select and PathBack are answered by pick().
  astar::Status submit();
  astar::Status no_change();  // Neighbour: it keeps its g and parent
  astar::Status skip();       // Neighbour: closed, not looked at again
  // A click (or Enter / Space at the cursor) on cell `c`: answers Select and PathBack, toggles
  // the cell for Mark, ticks or unticks the neighbour for Parents; else nothing. The cursor
  // moves there.
  astar::Status pick(astar::Cell c);
  void toggle_mark(astar::Cell c);
  void toggle_parent(astar::Cell c);  // only the prompt's choices
  bool marked(astar::Cell c) const;
  bool parent_ticked(astar::Cell c) const;
  // Arrows: the cursor one cell over, kept inside the level (it starts on the level's start,
  // or on the neighbour asked about).
  void move_cursor(int dx, int dy);
  astar::Status pick_cursor();

  // [SECTION] Undo and hints: practice only (an exam refuses both, saying so).
  bool can_undo() const;
  astar::Status undo();
  bool hints_allowed() const { return !exam() && spec().hints; }
  bool hints_on() const { return hints_on_ && hints_allowed(); }
  astar::Status set_hints(bool on);
  std::string hint() const;  // the current question's hint; empty when hints are off

  // [SECTION] What the student reads
  const std::optional<ExerciseVerdict>& last_verdict() const { return last_; }
  const std::string& last_error() const { return error_; }
  // The last verdict in words: "Right: <the answer>.", "Not quite: <why> The right answer, now
  // applied: <answer>.", or in an exam only "Recorded."; empty before the first answer.
  std::string verdict_text() const;
  // An action in words: "select (4, 2)", "(3, 3): g 2, h 4.24, f 6.24", "no change", ...
  static std::string action_text(const astar::Action& a);
  // "Question 5 of about 40: Pick the node A* expands next." (the prompt's own words).
  std::string prompt_text() const;
  // "12.5 of 20 points (62.5 %)"; with the mistakes by kind "wrong-f 2, wrong-node 1".
  std::string score_text() const;
  std::string mistakes_text() const;
  // One line for the status line and the page's #status: the last verdict (or refusal) and the
  // question now, or the score at the end.
  std::string status_text() const;

  // [SECTION] Results and progress
  std::string result_json() const;  // astar::result_to_json: the file `astar grade` checks
  // "result-astar-by-hand-fall-ada.json" (the seed and name with anything but letters, digits,
  // '-' and '_' as '_').
  std::string result_file_name() const;
  // Replays recorded answers (progress kept by the page, a result file): each action again at
  // its time, and undo where one was taken back; the clock then at the last one's time. Stops
  // at the first that does not replay, saying which.
  astar::Status replay(const std::vector<astar::TimedAction>& actions);

 private:
  void changed();        // input or cursor changed
  void question_moved();  // after an answer or undo: the input for the next question
  astar::Status refuse(std::string why);
  std::optional<double> number(const std::string& text, const char* what);

  std::unique_ptr<astar::Exercise> exercise_;  // the run points into it
  std::unique_ptr<astar::ExerciseRun> run_;
  double clock_ = 0.0;
  bool hints_on_ = false;
  std::optional<ExerciseVerdict> last_;
  void keep_verdict(const astar::Result<astar::AnswerVerdict>& v);
  std::string error_;
  std::uint64_t revision_ = 1;
};

// An exercise as Copy link's query (issue 34): "exercise=astar-by-hand&seed=fall&student=ada" and
// what differs from the defaults (difficulty=easy, algorithm=dijkstra, question=consistent,
// exam, time-limit=600, no-hints), each value percent-encoded: the page turns ?key=value into
// --key value, so it starts the same exercise. A spec no difficulty preset matches goes by its
// level, which the link carries anyway.
std::string exercise_link_query(const astar::ExerciseSpec& spec);

// The sidecar's "exercise" member: null without one, else {"kind", "seed", "student", "exam",
// "prompt": {"kind", "number", "cell"}, "answered", "points", "max_points", "percent",
// "mistakes": {...}, "finished", "time_up", "cursor", "marked", "verdict": {"correct",
// "mistakes", "explanation"} or null, "error", "status", "expanding", "path_back", "hints",
// "digest", "cells": [[x, y, "open" or "closed", g, h, f], ...] (what the canvas shows)}.
std::string exercise_sidecar_json(const ExerciseMode* mode);

}  // namespace studio
