// Exercise mode (state/exercise_mode.hpp) without a window: a scripted student answers through
// the state's own input (cells picked, numbers typed as text, parents ticked, cells marked, the
// cursor moved as the arrow keys move it), as the Exercise panel and the canvas do.
//   - an A*-by-hand exercise done to the end with one planted mistake: exactly that mistake,
//     explained with the right answer, and a result file `astar grade` verifies;
//   - keyboard-style input: the cursor walked to the node and Enter, a number that does not read
//     refused without being recorded;
//   - undo takes an answer back (practice), and the result still verifies;
//   - an exam refuses undo and hints, says only "Recorded.", and ends when its time is up;
//   - the studio: an exercise replaces the level, a level file with an "exercise" starts it, a
//     new level ends it, the result is saved and read back to the same question;
//   - the pseudo-code line lit for the question asked: the take line at a select, the tentative
//     g at a neighbour, cameFrom at parents, the goal test's return at a path-back question, none
//     for a mark question or once done.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "astar/exercise.hpp"
#include "astar/level_io.hpp"
#include "astar/pseudocode.hpp"
#include "astar/trace_check.hpp"
#include "files/exercise_progress.hpp"
#include "state/exercise_mode.hpp"
#include "state/studio.hpp"
#include "support/temp_dir.hpp"

using astar::Action;
using astar::Cell;
using astar::Mistake;
using astar::PromptKind;
using studio::ExerciseMode;

namespace {

astar::ExerciseSpec by_hand_spec() {
  astar::ExerciseSpec s;
  s.kind = astar::ExerciseKind::AStarByHand;
  s.seed = "t";
  s.student = "a";
  return s;
}

astar::Exercise made(const astar::ExerciseSpec& spec) {
  astar::Result<astar::Exercise> ex = astar::make_exercise(spec);
  REQUIRE_MESSAGE(ex.ok(), (ex.ok() ? "" : ex.error()));
  return std::move(ex).value();
}

// A number as a student types it: two decimals (the run accepts 0.01 off).
std::string typed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::int64_t mistakes(const ExerciseMode& ex, Mistake m) {
  return ex.run().score().mistakes[static_cast<std::size_t>(m)];
}

std::int64_t all_mistakes(const ExerciseMode& ex) {
  std::int64_t n = 0;
  for (const std::int64_t k : ex.run().score().mistakes) n += k;
  return n;
}

// Answers `model` through the state's input, as the panel and the canvas would; with
// `wrong_g`, g is typed one too high.
void answer_as_student(ExerciseMode& ex, const Action& model, bool wrong_g = false) {
  switch (model.kind) {
    case PromptKind::Select:
    case PromptKind::PathBack: REQUIRE(ex.pick(model.cell).ok()); return;
    case PromptKind::Neighbour:
      switch (model.answer) {
        case astar::NeighbourAnswer::NoChange: REQUIRE(ex.no_change().ok()); return;
        case astar::NeighbourAnswer::Skip: REQUIRE(ex.skip().ok()); return;
        case astar::NeighbourAnswer::Values: break;
      }
      ex.input.g = typed(model.g + (wrong_g ? 1.0 : 0.0));
      ex.input.h = typed(model.h);
      ex.input.f = typed(model.f);
      break;
    case PromptKind::Parents:
      for (Cell c : model.cells) ex.toggle_parent(c);
      break;
    case PromptKind::Mark:
      for (Cell c : model.cells) ex.toggle_mark(c);
      break;
    case PromptKind::Finding:
      ex.input.finding = static_cast<int>(*astar::parse_finding_kind(model.finding));
      ex.input.event = std::to_string(model.event);
      break;
    case PromptKind::Done: FAIL("no question to answer"); return;
  }
  const astar::Status s = ex.submit();
  REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("[exercise mode] A* by hand to the end with one planted mistake: that mistake, explained, graded") {
  ExerciseMode ex(made(by_hand_spec()));
  CHECK(ex.prompt().kind == PromptKind::Select);
  CHECK(ex.status_text().starts_with("Question 1: "));
  bool planted = false;
  std::string explanation;
  while (!ex.done()) {
    ex.advance(2.0);
    const Action model = ex.run().model_answer();
    const bool plant = !planted && model.kind == PromptKind::Neighbour && model.answer == astar::NeighbourAnswer::Values;
    answer_as_student(ex, model, plant);
    REQUIRE(ex.last_verdict().has_value());
    if (plant) {
      planted = true;
      const studio::ExerciseVerdict& v = *ex.last_verdict();
      CHECK_FALSE(v.correct);
      REQUIRE(v.mistakes.size() == 1);
      CHECK(v.mistakes[0] == Mistake::WrongG);
      explanation = v.explanation;
      CHECK_FALSE(explanation.empty());
      // The panel's and the status line's words: the explanation and the right answer.
      CHECK(ex.verdict_text().starts_with("Not quite: " + explanation));
      CHECK(ex.verdict_text().find("The right answer, now applied: " + ExerciseMode::action_text(v.right)) !=
            std::string::npos);
      CHECK(ex.status_text().find(explanation) != std::string::npos);
      CHECK(ex.status_text().find("Question ") != std::string::npos);  // and what comes next
    } else {
      CHECK_MESSAGE(ex.last_verdict()->correct, ex.last_verdict()->explanation);
      CHECK(ex.verdict_text() == "Right: " + ExerciseMode::action_text(ex.run().actions().back().action) + ".");
    }
  }
  REQUIRE(planted);
  const astar::Score score = ex.run().score();
  CHECK(score.finished);
  CHECK(mistakes(ex, Mistake::WrongG) == 1);
  CHECK(all_mistakes(ex) == 1);
  CHECK(score.percent < 100.0);
  CHECK(ex.mistakes_text() == "wrong-g 1");
  CHECK(ex.status_text().find(". Finished: " + ex.score_text()) != std::string::npos);
  CHECK_FALSE(ex.run().path_back().empty());
  // The result file verifies, with the same score and the mistake named.
  astar::Result<astar::GradeRow> graded = astar::grade_result(ex.result_json(), "a.json");
  REQUIRE_MESSAGE(graded.ok(), (graded.ok() ? "" : graded.error()));
  CHECK_MESSAGE(graded.value().verified, graded.value().altered);
  CHECK(graded.value().score.percent == score.percent);
  CHECK(graded.value().score.mistakes[static_cast<std::size_t>(Mistake::WrongG)] == 1);
  CHECK(graded.value().seconds == doctest::Approx(ex.now()));
}

TEST_CASE("[exercise mode] keyboard-style input: the cursor walked to the node, Enter; a bad number refused") {
  ExerciseMode ex(made(by_hand_spec()));
  const astar::Level& level = ex.exercise().level;
  REQUIRE(ex.input.cursor == level.start());
  // Arrows: the cursor stays inside the level.
  for (int i = 0; i < 20; ++i) ex.move_cursor(-1, 0);
  CHECK(ex.input.cursor->x == 0);
  const Cell target = ex.run().model_answer().cell;
  while (ex.input.cursor->x != target.x) ex.move_cursor(target.x > ex.input.cursor->x ? 1 : -1, 0);
  while (ex.input.cursor->y != target.y) ex.move_cursor(0, target.y > ex.input.cursor->y ? 1 : -1);
  const std::uint64_t before = ex.revision();
  REQUIRE(ex.pick_cursor().ok());  // Enter
  CHECK(ex.revision() != before);
  REQUIRE(ex.last_verdict());
  CHECK(ex.last_verdict()->correct);
  // Now a neighbour: the cursor is on it, and a number that does not read is refused, unrecorded.
  while (ex.prompt().kind != PromptKind::Neighbour) answer_as_student(ex, ex.run().model_answer());
  CHECK(ex.input.cursor == ex.prompt().cell);
  const std::int64_t answered = ex.run().score().answered;
  ex.input.g = "two";
  ex.input.h = "1";
  ex.input.f = "3";
  CHECK_FALSE(ex.submit().ok());
  CHECK(ex.last_error() == "g must be a number such as 4 or 1.41, got 'two'.");
  CHECK(ex.status_text().starts_with(ex.last_error()));
  ex.input.g = "";
  CHECK_FALSE(ex.submit().ok());
  CHECK(ex.last_error().starts_with("Type g first"));
  CHECK(ex.run().score().answered == answered);
  // "No change" and "skip" answer only neighbour questions; Select is no answer to one.
  CHECK_FALSE(ex.answer(Action{}).ok());
  CHECK(ex.run().score().answered == answered);
  answer_as_student(ex, ex.run().model_answer());
  CHECK(ex.last_error().empty());
  CHECK(ex.run().score().answered == answered + 1);
}

TEST_CASE("[exercise mode] undo takes the last answer back in practice; the result still verifies") {
  ExerciseMode ex(made(by_hand_spec()));
  CHECK_FALSE(ex.can_undo());
  CHECK_FALSE(ex.undo().ok());
  CHECK(ex.last_error() == "Nothing to undo: no answer given yet.");
  const Action right = ex.run().model_answer();
  // A wrong first pick: a cell that is not the start's (the first node is the start).
  const astar::Level& level = ex.exercise().level;
  Cell wrong = right.cell;
  for (int x = 0; x < level.width() && wrong == right.cell; ++x)
    if (level.open({x, 0}) && Cell{x, 0} != right.cell) wrong = {x, 0};
  REQUIRE(wrong != right.cell);
  ex.advance(1.0);
  REQUIRE(ex.pick(wrong).ok());
  CHECK_FALSE(ex.last_verdict()->correct);
  CHECK(mistakes(ex, Mistake::WrongNode) == 1);
  REQUIRE(ex.can_undo());
  ex.advance(1.0);
  REQUIRE(ex.undo().ok());
  CHECK_FALSE(ex.last_verdict().has_value());
  CHECK(all_mistakes(ex) == 0);
  CHECK(ex.prompt().kind == PromptKind::Select);
  CHECK(ex.prompt().number == 0);
  REQUIRE(ex.pick(right.cell).ok());
  CHECK(ex.last_verdict()->correct);
  const std::string result = ex.result_json();
  CHECK(result.find("\"undo\": true") != std::string::npos);
  astar::Result<astar::GradeRow> graded = astar::grade_result(result, "u.json");
  REQUIRE(graded.ok());
  CHECK_MESSAGE(graded.value().verified, graded.value().altered);
  // Hints in practice: on, and the status line carries the hint.
  REQUIRE(ex.set_hints(true).ok());
  CHECK_FALSE(ex.hint().empty());
  CHECK(ex.status_text().find("Hint: " + ex.hint()) != std::string::npos);
}

TEST_CASE("[exercise mode] an exam refuses undo and hints, says only Recorded., and ends when the time is up") {
  astar::ExerciseSpec spec = by_hand_spec();
  spec.exam = true;
  spec.time_limit = 60;
  ExerciseMode ex(made(spec));
  CHECK_FALSE(ex.hints_allowed());
  CHECK_FALSE(ex.set_hints(true).ok());
  CHECK(ex.last_error() == "An exam shows no hints.");
  CHECK(ex.hint().empty());
  CHECK(*ex.time_left() == 60.0);
  ex.advance(5.0);
  answer_as_student(ex, ex.run().model_answer());
  CHECK(ex.verdict_text() == "Recorded.");
  CHECK_FALSE(ex.can_undo());
  CHECK_FALSE(ex.undo().ok());
  CHECK(ex.last_error() == "An exam has no undo: every answer counts as given.");
  CHECK(ex.run().verdicts().size() == 1);
  ex.advance(30.0);
  CHECK(*ex.time_left() == doctest::Approx(25.0));
  CHECK_FALSE(ex.done());
  ex.advance(30.0);
  CHECK(ex.done());
  CHECK(*ex.time_left() == 0.0);
  CHECK(ex.run().score().time_up);
  CHECK(ex.status_text().find("The time is up") != std::string::npos);
  CHECK_FALSE(ex.answer(ex.run().model_answer()).ok());
  astar::Result<astar::GradeRow> graded = astar::grade_result(ex.result_json(), "exam.json");
  REQUIRE(graded.ok());
  CHECK_MESSAGE(graded.value().verified, graded.value().altered);
  CHECK(graded.value().score.time_up);
}

TEST_CASE("[exercise mode] Mark questions: cells toggled by clicks, scored by overlap") {
  astar::ExerciseSpec spec = by_hand_spec();
  spec.kind = astar::ExerciseKind::PredictClosed;
  ExerciseMode ex(made(spec));
  REQUIRE(ex.prompt().kind == PromptKind::Mark);
  const Action model = ex.run().model_answer();
  REQUIRE(model.cells.size() >= 2);
  // A click marks, a second unmarks; the cursor follows.
  REQUIRE(ex.pick(model.cells[0]).ok());
  CHECK(ex.marked(model.cells[0]));
  CHECK(ex.input.cursor == model.cells[0]);
  REQUIRE(ex.pick(model.cells[0]).ok());
  CHECK_FALSE(ex.marked(model.cells[0]));
  // All but one of the right cells: one missed.
  for (std::size_t i = 1; i < model.cells.size(); ++i) ex.toggle_mark(model.cells[i]);
  REQUIRE(ex.submit().ok());
  CHECK(ex.done());
  CHECK(mistakes(ex, Mistake::MissedCells) >= 1);
  CHECK(mistakes(ex, Mistake::ExtraCells) == 0);
  CHECK(ex.run().right_cells().size() == model.cells.size());
}

TEST_CASE("[exercise mode] the studio: an exercise replaces the level, files start it, a new level ends it") {
  astar::test::TempDir tmp;
  studio::Studio st;
  REQUIRE(st.start_exercise(by_hand_spec()).ok());
  REQUIRE(st.exercise());
  const astar::Exercise& ex = st.exercise()->exercise();
  CHECK(st.level() == ex.level);
  CHECK_FALSE(st.dirty());
  CHECK_FALSE(st.exercise_in_progress());
  CHECK(st.status.find("Exercise astar-by-hand") == 0);
  const std::string digest = ex.digest;
  // Answers: in progress, the result saved beside the level (untitled: here), then read back.
  studio::ExerciseMode& mode = *st.exercise();
  for (int i = 0; i < 3; ++i) {
    mode.advance(1.5);
    answer_as_student(mode, mode.run().model_answer(), i == 1);
  }
  CHECK(st.exercise_in_progress());
  const std::string path = (tmp / "ann-result.json");
  REQUIRE(st.save_exercise_result(path).ok());
  CHECK(st.status.starts_with("Result saved: " + path));
  const int number = mode.prompt().number;
  const double percent = mode.run().score().percent;
  astar::Result<studio::ExerciseProgress> progress = studio::read_exercise_progress(read_file(path), path);
  REQUIRE_MESSAGE(progress.ok(), (progress.ok() ? "" : progress.error()));
  CHECK(progress.value().actions.size() == 3);
  CHECK(progress.value().spec == by_hand_spec());
  studio::Studio other;
  REQUIRE(other.restore_exercise(progress.value().spec, progress.value().actions, path).ok());
  REQUIRE(other.exercise());
  CHECK(other.exercise()->prompt().number == number);
  CHECK(other.exercise()->run().score().percent == percent);
  CHECK(other.exercise()->now() == doctest::Approx(4.5));
  CHECK(other.level() == st.level());
  // An edited result is refused by name.
  std::string edited = read_file(path);
  edited.replace(edited.find("\"t\": 3"), 6, "\"t\": 3.25");
  CHECK_FALSE(studio::read_exercise_progress(edited, "edited.json").ok());
  // The exercise's level file opens as the exercise.
  const std::string level_path = tmp.write("exercise.json", astar::level_to_json(ex.level));
  studio::Studio third;
  REQUIRE(third.open(level_path).ok());
  REQUIRE(third.exercise());
  CHECK(third.exercise()->exercise().digest == digest);
  CHECK(third.file_path() == level_path);
  CHECK(third.exercise_result_path() == (tmp / "result-astar-by-hand-t-a.json"));
  // A new level ends it.
  third.set_level(astar::Level(10, 10), "");
  CHECK_FALSE(third.exercise());
  // An exercise's level edited by hand opens as a plain level, saying why.
  astar::Level changed = ex.level;
  const Cell c = changed.start() == Cell{0, 0} ? Cell{1, 0} : Cell{0, 0};
  changed.set_wall(c, !changed.wall(c));
  const std::string changed_path = tmp.write("changed.json", astar::level_to_json(changed));
  REQUIRE(third.open(changed_path).ok());
  CHECK_FALSE(third.exercise());
  CHECK(third.status.find("as a plain level") != std::string::npos);
}

TEST_CASE("[exercise mode] the pseudo-code lights the line of the question asked, found by its step") {
  studio::Studio st;
  REQUIRE(st.start_exercise(by_hand_spec()).ok());
  studio::ExerciseMode& ex = *st.exercise();
  const astar::PseudoCode& code = astar::pseudocode_of(st.session().search());  // what the panel shows
  auto line_of = [&](astar::CodeStep step) { return code.line_of[static_cast<int>(step)]; };
  auto lit_text = [&] { return code.lines[static_cast<std::size_t>(ex.code_line(code))]; };
  int seen = 0;  // bit per prompt kind checked
  while (!ex.done()) {
    const PromptKind kind = ex.prompt().kind;
    const int bit = 1 << static_cast<int>(kind);
    if ((seen & bit) == 0) {
      seen |= bit;
      const std::string kind_name(astar::to_string(kind));
      CAPTURE(kind_name);
      REQUIRE(ex.code_line(code) >= 0);
      switch (kind) {
        case PromptKind::Select:
          CHECK(ex.code_line(code) == line_of(astar::CodeStep::Take));
          CHECK(lit_text().find("lowest f") != std::string::npos);
          break;
        case PromptKind::Neighbour:
          CHECK(ex.code_line(code) == line_of(astar::CodeStep::Tentative));
          CHECK(lit_text().find("tentative <- g[current]") != std::string::npos);
          break;
        case PromptKind::Parents:
          CHECK(ex.code_line(code) == line_of(astar::CodeStep::Update));
          CHECK(lit_text().find("cameFrom[n] <- current") != std::string::npos);
          break;
        case PromptKind::PathBack:
          CHECK(ex.code_line(code) == line_of(astar::CodeStep::GoalTest));
          CHECK(lit_text().find("return its path") != std::string::npos);
          break;
        default: FAIL("an A*-by-hand exercise asks no " << kind_name << " question");
      }
    }
    answer_as_student(ex, ex.run().model_answer());
  }
  const int asked = (1 << static_cast<int>(PromptKind::Select)) | (1 << static_cast<int>(PromptKind::Neighbour)) |
                    (1 << static_cast<int>(PromptKind::Parents)) | (1 << static_cast<int>(PromptKind::PathBack));
  CHECK(seen == asked);
  CHECK(ex.code_line(code) == -1);  // done: no question, no line

  astar::ExerciseSpec predict = by_hand_spec();
  predict.kind = astar::ExerciseKind::PredictClosed;
  REQUIRE(st.start_exercise(predict).ok());
  REQUIRE(st.exercise()->prompt().kind == PromptKind::Mark);
  CHECK(st.exercise()->code_line(astar::pseudocode_of(st.session().search())) == -1);
}
