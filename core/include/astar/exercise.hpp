// Exercises where the student runs the algorithm (issue 34). An exercise is made from its spec
// (exercise_spec.hpp) alone, so the same class seed and student name give the same level and
// questions everywhere; an ExerciseRun then asks one question at a time (a Prompt), checks each
// answer (an Action) against the real search at once, explains a wrong one in the algorithm's
// terms, applies the right one and goes on; at the end it has the score.
//
//   Result<Exercise> ex = make_exercise({.kind = ExerciseKind::AStarByHand, .seed = "fall",
//                                        .student = "ada"});
//   ExerciseRun run(ex.value());
//   while (!run.done()) {
//     const Prompt& p = run.prompt();           // "Pick the node A* expands next ..."
//     AnswerVerdict v = run.answer(student_action(p), seconds_since_start);
//     if (!v.correct) show(v.explanation);      // "(4, 2) has f 9.41 but (3, 5) has f 8: ..."
//   }
//   show(run.score().percent);
//
// Every kind's questions:
//   expansion-order  Select until the goal is selected (A*, Dijkstra, greedy: lowest key, ties
//                    by larger g, then any; BFS: fewest steps, then any).
//   astar-by-hand    Select; then one Neighbour question per neighbour of the selected node in
//                    the order A* examines them (walls left out); then Parents; when the goal
//                    is selected, PathBack from the goal to the start.
//   predict-closed   one Mark: the cells the algorithm expands (the real search's closed set).
//   heuristic        one Mark: the cells where the given h overestimates (admissible), or that
//                    have a move where h drops by more than the move costs (consistent).
//   repair           one Mark: the cells the edit makes inconsistent (LPA*'s queue after it, less
//                    the cells it held before).
//   find-bug         one Finding: the kind and event of the first finding in the trace.
//
// Numbers typed for g, h and f are right within kExerciseTolerance (type 1.41 for sqrt 2);
// everything else (which node is lowest, ties, which cells) is decided exactly (ExactCost).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exercise_spec.hpp"
#include "astar/imported_trace.hpp"
#include "astar/level.hpp"
#include "astar/pseudocode.hpp"
#include "astar/result.hpp"

namespace astar {

inline constexpr double kExerciseTolerance = 0.01;

// [SECTION] The exercise

struct Exercise {
  ExerciseSpec spec;
  Level level;               // what the student sees; level.exercise is the spec
  std::string instructions;  // the rules stated: what to do, the tie-break, the tolerance
  std::string difficulty;    // "8 x 8, 20 % walls, cost 1, 8 neighbours, few ties"
  // heuristic: the h shown on each cell (row-major; +inf on walls), in tenths exactly.
  std::vector<double> given_h;
  // repair: the level after the edit, and the cell the edit changed.
  std::optional<Level> edited;
  std::optional<Cell> edited_cell;
  // find-bug: the trace with its planted bug (our A*'s trace, one event changed), and its text
  // as Posthoc JSON (what the studio opens).
  std::shared_ptr<const ImportedTrace> trace;
  std::string trace_json;
  std::string digest;  // 16 hex digits of the level file and the questions' data
};

// The exercise `spec` makes, or why not (the spec's check, or no usable level after many tries:
// "exercise: no level of 6 x 6 with 40 % walls has a path from start to goal; fewer walls").
Result<Exercise> make_exercise(const ExerciseSpec& spec);
// The exercise a level file was made for: made again from level.exercise, and refused when the
// level is not the one its spec makes ("exercise: the level is not the one seed 'fall' and
// student 'ada' make (edited?)"). None when the level has no exercise.
Result<Exercise> exercise_of_level(const Level& level, std::string_view source);

// [SECTION] Questions and answers

enum class PromptKind : std::uint8_t { Select, Neighbour, Parents, PathBack, Mark, Finding, Done };
std::string_view to_string(PromptKind k);  // "select", "neighbour", ...
// The step of the pseudo-code (pseudocode.hpp) a question is about, whose line the studio lights
// while it is asked: Select -> Take ("current <- open node, lowest f"), Neighbour -> Tentative
// (the neighbour's new g, "tentative <- g[current] + cost(move)"), Parents -> Update
// ("cameFrom[n] <- current"), PathBack -> GoalTest ("if current = goal: return its path").
// None for Mark, Finding and Done: those questions are about no one line.
std::optional<CodeStep> code_step_of(PromptKind k);

struct Prompt {
  PromptKind kind = PromptKind::Done;
  std::string text;          // the question, in words
  std::optional<Cell> cell;  // Neighbour: the neighbour; Parents: the expanded node; PathBack:
                             // the cell whose parent is asked
  std::vector<Cell> choices;  // Parents: the neighbours asked about (mark those re-parented)
  int number = 0;             // questions asked before this one
};

// What a student does. Neighbour answers are Values (g, h, f typed), NoChange (the neighbour
// keeps its g and parent) or Skip (closed: not looked at again).
enum class NeighbourAnswer : std::uint8_t { Values, NoChange, Skip };
struct Action {
  PromptKind kind = PromptKind::Select;
  Cell cell{};                    // Select: the node; Neighbour: the neighbour; PathBack: the parent
  NeighbourAnswer answer = NeighbourAnswer::Values;
  double g = 0.0, h = 0.0, f = 0.0;  // Neighbour Values
  std::vector<Cell> cells;        // Parents, Mark (any order; kept sorted row-major)
  std::string finding;            // Finding: a finding kind's name ("g-mismatch", ...)
  std::int64_t event = 0;         // Finding: the event's index
  friend bool operator==(const Action&, const Action&) = default;
};

enum class Mistake : std::uint8_t {
  WrongNode,     // selected a node the algorithm does not take now
  WrongG,
  WrongH,
  WrongF,
  WrongChange,   // said "no change" or "skip" where the neighbour improves, or the reverse
  WrongParents,  // marked a neighbour that keeps its parent, or missed one that gets a new one
  WrongPath,     // clicked a cell that is not the parent on the path
  MissedCells,   // Mark: cells left out
  ExtraCells,    // Mark: cells marked wrongly
  WrongFinding,  // Finding: another kind
  WrongEvent,    // Finding: another event
  _Max
};
std::string_view to_string(Mistake m);  // "wrong-node", "wrong-g", ...
std::optional<Mistake> parse_mistake(std::string_view name);

struct AnswerVerdict {
  bool correct = false;
  std::vector<Mistake> mistakes;  // empty when correct
  std::string explanation;        // why, in the algorithm's terms (when not correct)
  Action right;                   // the right answer (applied when the student's was wrong)
  double points = 0.0;            // earned by this answer
  double max_points = 0.0;        // this question's worth
};

struct Score {
  double points = 0.0, max_points = 0.0;
  double percent = 0.0;  // 100 * points / max_points, rounded to 0.1
  std::array<std::int64_t, static_cast<std::size_t>(Mistake::_Max)> mistakes{};
  std::int64_t answered = 0;
  bool finished = false;  // every question answered
  bool time_up = false;   // an exam's limit passed first
};

// A recorded answer: the action and when (seconds since the exercise began).
struct TimedAction {
  Action action;
  double time = 0.0;
  bool undo = false;     // practice: the previous answer taken back (action unused)
  bool time_up = false;  // an exam's time ran out here (action unused)
};

// [SECTION] The run

class ExerciseRun {
 public:
  // The exercise must outlive the run.
  explicit ExerciseRun(const Exercise& exercise);
  ~ExerciseRun();
  ExerciseRun(const ExerciseRun&) = delete;
  ExerciseRun& operator=(const ExerciseRun&) = delete;

  const Exercise& exercise() const { return *exercise_; }
  const Prompt& prompt() const;
  bool done() const { return prompt().kind == PromptKind::Done; }
  // Checks `action` (its kind must be the prompt's, else a refusal "answer a select question
  // with a select"), records it at `time`, applies the right answer and moves on. An exam past
  // its time limit ends instead (score().time_up) and refuses further answers.
  Result<AnswerVerdict> answer(const Action& action, double time);
  // Takes the last answer back (practice only: an exam refuses). Replays the rest.
  Status undo(double time);
  // Ends an exam whose time ran out: the questions left score nothing.
  void time_up(double time);
  // The right answer to the current question (hints, the model student).
  Action model_answer() const;
  // A hint for the current question in words ("the open node with the lowest f is ..."), empty
  // in an exam.
  std::string hint() const;

  // What the student has established so far, for drawing (select / by-hand): each cell's state,
  // g, h, f and parent; nothing for the other kinds.
  struct CellView {
    enum class State : std::uint8_t { Unseen, Open, Closed } state = State::Unseen;
    double g = 0.0, h = 0.0, f = 0.0;
    std::optional<Cell> parent;
  };
  CellView cell(Cell c) const;
  // The path traced back so far (goal first), the node being expanded, the order so far.
  const std::vector<Cell>& path_back() const;
  std::optional<Cell> expanding() const;
  const std::vector<Cell>& expanded() const;
  // Mark kinds after the answer: the right cells (for drawing which were missed or extra).
  const std::vector<Cell>& right_cells() const;

  Score score() const;
  const std::vector<TimedAction>& actions() const;
  const std::vector<AnswerVerdict>& verdicts() const;  // one per answer kept (undone ones dropped)

  struct Impl;

 private:
  const Exercise* exercise_;
  std::unique_ptr<Impl> impl_;
  std::vector<TimedAction> log_;  // every answer and undo, in order
};

// [SECTION] Result files
//
// {"format": "astar-exercise-result", "version": 1, "exercise": {spec as in a level file},
//  "digest": "…", "actions": [{"t": 3.25, "select": [2, 3]}, {"t": 9.5, "neighbour": [3, 3],
//  "g": 2, "h": 4.24, "f": 6.24}, {"t": 12, "no-change": [1, 3]}, {"t": 13, "skip": [2, 2]},
//  {"t": 15, "parents": [[3, 3]]}, {"t": 20, "path": [2, 3]}, {"t": 30, "mark": [[1, 1], ...]},
//  {"t": 40, "finding": "g-mismatch", "event": 17}, {"t": 41, "undo": true}],
//  "score": {"points": 17, "max": 20, "percent": 85, "mistakes": {"wrong-node": 1, ...},
//            "seconds": 41, "finished": true, "time_up": false},
//  "check": "…"}
//
// "check" is a digest of everything above it: an edit by hand that leaves score and actions
// agreeing still changes it. It is not a signature: someone who runs this code can forge one.

std::string result_to_json(const ExerciseRun& run);

struct GradeRow {
  std::string file;
  ExerciseSpec spec;
  Score score;          // as recomputed from the actions
  double seconds = 0.0;  // the last action's time
  bool verified = false;
  std::string altered;  // when not verified: what differs, naming the field
  // The file's answers as read (and replayed up to the first that does not replay): what a
  // studio restoring a student's progress replays.
  std::vector<TimedAction> actions;
};
// Reads a result file's text, makes the exercise from its spec, replays its actions and
// compares what it recomputes with what the file says. An error for a file that is no result
// file ("ann.json: actions[3].g: expected a number, got \"x\""); a row with verified false and
// `altered` for one whose numbers or check do not match ("score.percent: the file says 100, its
// actions give 62.5").
Result<GradeRow> grade_result(std::string_view text, std::string_view source);
// The same for the file at `path` (at most 16 MiB), read as core reads level files: "PATH:
// cannot open: REASON", "PATH: cannot load: the file is N bytes, the limit is ...".
Result<GradeRow> grade_result_file(const std::string& path);

// The result a perfect student would save (each model answer, a second apart).
Result<std::string> model_answer_result(const ExerciseSpec& spec);

}  // namespace astar
