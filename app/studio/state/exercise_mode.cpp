// Exercise mode (exercise_mode.hpp): the student's input turned into answers, the clock, undo
// and hints, the words the panel and the status line show, and the sidecar's "exercise".
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <utility>

#include "astar/file_io.hpp"
#include "astar/format.hpp"
#include "astar/number_chars.hpp"
#include "astar/trace_check.hpp"
#include "state/studio.hpp"
#include "state/text.hpp"

namespace studio {

using astar::Action;
using astar::Cell;
using astar::PromptKind;

namespace {

Action cell_action(PromptKind kind, Cell c, astar::NeighbourAnswer answer = astar::NeighbourAnswer::Values) {
  Action a;
  a.kind = kind;
  a.cell = c;
  a.answer = answer;
  return a;
}

bool row_major_less(Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

std::vector<Cell> sorted(std::vector<Cell> cells) {
  std::sort(cells.begin(), cells.end(), row_major_less);
  return cells;
}

std::string cells_text(const std::vector<Cell>& cells) {
  if (cells.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += i + 1 == cells.size() ? " and " : ", ";
    out += astar::cell_text(cells[i]);
  }
  return out;
}

// Toggles `c` in `cells`: true when it is in them now.
bool toggle(std::vector<Cell>& cells, Cell c) {
  const auto it = std::find(cells.begin(), cells.end(), c);
  if (it != cells.end()) {
    cells.erase(it);
    return false;
  }
  cells.push_back(c);
  return true;
}

// A number as the student types it: "2", "1.41", "7.66" (two decimals at most, as the
// explanations write them).
std::string number_text(double v) { return astar::shortest_text(std::round(v * 100.0) / 100.0); }

std::string cell_json(std::optional<Cell> c) {
  return c ? "[" + std::to_string(c->x) + ", " + std::to_string(c->y) + "]" : std::string("null");
}

std::string cells_json(const std::vector<Cell>& cells) {
  std::string out = "[";
  for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? ", " : "") + cell_json(cells[i]);
  return out + "]";
}

}  // namespace

// [SECTION] Making and the clock

ExerciseMode::ExerciseMode(astar::Exercise exercise)
    : exercise_(std::make_unique<astar::Exercise>(std::move(exercise))),
      run_(std::make_unique<astar::ExerciseRun>(*exercise_)) {
  input.cursor = exercise_->level.start();
  question_moved();
}

ExerciseMode::~ExerciseMode() = default;

bool ExerciseMode::done() const { return run_->done() || run_->score().time_up; }

int ExerciseMode::code_line(const astar::PseudoCode& code) const {
  if (done()) return -1;
  const std::optional<astar::CodeStep> step = astar::code_step_of(prompt().kind);
  if (!step) return -1;
  const int line = code.line_of[static_cast<int>(*step)];
  return line >= 0 && static_cast<std::size_t>(line) < code.lines.size() ? line : -1;
}

void ExerciseMode::advance(double seconds) {
  if (!(seconds > 0.0)) return;
  clock_ += seconds;
  const double limit = spec().time_limit;
  if (exam() && limit > 0 && clock_ > limit && !done()) {  // the grader: up after the limit
    run_->time_up(clock_);
    error_.clear();
    ++revision_;
  }
}

std::optional<double> ExerciseMode::time_left() const {
  if (!exam() || spec().time_limit <= 0) return std::nullopt;
  return std::max(0.0, spec().time_limit - clock_);
}

// [SECTION] Answers

astar::Status ExerciseMode::refuse(std::string why) {
  error_ = std::move(why);
  ++revision_;
  return astar::Error{error_};
}

void ExerciseMode::changed() {
  error_.clear();
  ++revision_;
}

void ExerciseMode::question_moved() {
  input.g.clear();
  input.h.clear();
  input.f.clear();
  input.parents.clear();
  input.marked.clear();
  input.event.clear();
  input.finding = 0;
  if (const std::optional<Cell>& c = prompt().cell) input.cursor = *c;
  ++revision_;
}

astar::Status ExerciseMode::answer(const Action& action) {
  if (run_->score().time_up) return refuse("The time is up: the exam has ended and takes no more answers.");
  if (run_->done()) return refuse("The exercise is over: save the result.");
  const astar::Result<astar::AnswerVerdict> v = run_->answer(action, clock_);
  if (!v) return refuse(v.error());
  keep_verdict(v);
  error_.clear();
  question_moved();
  return astar::Ok{};
}

void ExerciseMode::keep_verdict(const astar::Result<astar::AnswerVerdict>& v) {
  const astar::AnswerVerdict& r = v.value();
  last_ = ExerciseVerdict{r.correct, r.mistakes, r.explanation, r.right, r.points, r.max_points,
                          run_->actions().back().action};
}

std::optional<double> ExerciseMode::number(const std::string& text, const char* what) {
  std::string t = text;
  t.erase(0, t.find_first_not_of(' '));
  t.erase(t.find_last_not_of(' ') + 1);
  if (t.empty()) {
    (void)refuse(std::string("Type ") + what + " first (a number such as 4 or 1.41).");
    return std::nullopt;
  }
  double d = 0.0;
  const auto r = astar::parse_double(t.data(), t.data() + t.size(), d);
  if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(d)) {
    (void)refuse(std::string(what) + " must be a number such as 4 or 1.41, got '" + text + "'.");
    return std::nullopt;
  }
  return d;
}

astar::Status ExerciseMode::submit() {
  const astar::Prompt& p = prompt();
  Action a;
  a.kind = p.kind;
  switch (p.kind) {
    case PromptKind::Neighbour: {
      const auto g = number(input.g, "g");
      if (!g) return astar::Error{error_};
      const auto h = number(input.h, "h");
      if (!h) return astar::Error{error_};
      const auto f = number(input.f, "f");
      if (!f) return astar::Error{error_};
      a.cell = p.cell.value_or(Cell{});
      a.g = *g;
      a.h = *h;
      a.f = *f;
      break;
    }
    case PromptKind::Parents: a.cells = sorted(input.parents); break;
    case PromptKind::Mark: a.cells = sorted(input.marked); break;
    case PromptKind::Finding: {
      std::int64_t event = 0;
      const std::string& t = input.event;
      const auto r = std::from_chars(t.data(), t.data() + t.size(), event);
      if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || event < 0)
        return refuse("Type the event's number (0 or more), got '" + t + "'.");
      a.finding = std::string(astar::to_string(static_cast<astar::FindingKind>(
          std::clamp(input.finding, 0, static_cast<int>(astar::FindingKind::_Max) - 1))));
      a.event = event;
      break;
    }
    case PromptKind::Select:
    case PromptKind::PathBack: return pick_cursor();
    case PromptKind::Done: return answer(a);  // refused: the exercise is over
  }
  return answer(a);
}

astar::Status ExerciseMode::no_change() {
  if (prompt().kind != PromptKind::Neighbour) return refuse("\"No change\" answers a neighbour question.");
  return answer(cell_action(PromptKind::Neighbour, prompt().cell.value_or(Cell{}), astar::NeighbourAnswer::NoChange));
}

astar::Status ExerciseMode::skip() {
  if (prompt().kind != PromptKind::Neighbour) return refuse("\"Closed: skip\" answers a neighbour question.");
  return answer(cell_action(PromptKind::Neighbour, prompt().cell.value_or(Cell{}), astar::NeighbourAnswer::Skip));
}

astar::Status ExerciseMode::pick(Cell c) {
  if (!exercise_->level.in_bounds(c)) return astar::Ok{};
  input.cursor = c;
  changed();
  switch (prompt().kind) {
    case PromptKind::Select:
    case PromptKind::PathBack: return answer(cell_action(prompt().kind, c));
    case PromptKind::Mark: toggle_mark(c); break;
    case PromptKind::Parents: toggle_parent(c); break;
    case PromptKind::Neighbour:
    case PromptKind::Finding:
    case PromptKind::Done: break;
  }
  return astar::Ok{};
}

void ExerciseMode::toggle_mark(Cell c) {
  if (prompt().kind != PromptKind::Mark || !exercise_->level.in_bounds(c)) return;
  toggle(input.marked, c);
  changed();
}

void ExerciseMode::toggle_parent(Cell c) {
  const std::vector<Cell>& choices = prompt().choices;
  if (prompt().kind != PromptKind::Parents || std::find(choices.begin(), choices.end(), c) == choices.end()) return;
  toggle(input.parents, c);
  changed();
}

bool ExerciseMode::marked(Cell c) const {
  return std::find(input.marked.begin(), input.marked.end(), c) != input.marked.end();
}

bool ExerciseMode::parent_ticked(Cell c) const {
  return std::find(input.parents.begin(), input.parents.end(), c) != input.parents.end();
}

void ExerciseMode::move_cursor(int dx, int dy) {
  const astar::Level& level = exercise_->level;
  Cell c = input.cursor.value_or(level.start());
  c.x = std::clamp(c.x + dx, 0, level.width() - 1);
  c.y = std::clamp(c.y + dy, 0, level.height() - 1);
  input.cursor = c;
  changed();
}

astar::Status ExerciseMode::pick_cursor() {
  if (!input.cursor) return refuse("Move the cursor with the arrow keys first, or click a cell.");
  return pick(*input.cursor);
}

// [SECTION] Undo and hints

bool ExerciseMode::can_undo() const { return !exam() && !run_->verdicts().empty() && !run_->score().time_up; }

astar::Status ExerciseMode::undo() {
  if (exam()) return refuse("An exam has no undo: every answer counts as given.");
  if (run_->verdicts().empty()) return refuse("Nothing to undo: no answer given yet.");
  if (astar::Status s = run_->undo(clock_); !s) return refuse(s.error());
  last_.reset();
  error_.clear();
  question_moved();
  return astar::Ok{};
}

astar::Status ExerciseMode::set_hints(bool on) {
  if (on && exam()) return refuse("An exam shows no hints.");
  if (on && !spec().hints) return refuse("This exercise was made without hints.");
  hints_on_ = on;
  changed();
  return astar::Ok{};
}

std::string ExerciseMode::hint() const { return hints_on() ? run_->hint() : std::string(); }

// [SECTION] Words

std::string ExerciseMode::action_text(const Action& a) {
  switch (a.kind) {
    case PromptKind::Select: return "select " + astar::cell_text(a.cell);
    case PromptKind::Neighbour:
      switch (a.answer) {
        case astar::NeighbourAnswer::Values:
          return astar::cell_text(a.cell) + ": g " + number_text(a.g) + ", h " + number_text(a.h) + ", f " +
                 number_text(a.f);
        case astar::NeighbourAnswer::NoChange: return astar::cell_text(a.cell) + ": no change";
        case astar::NeighbourAnswer::Skip: return astar::cell_text(a.cell) + ": closed, skip";
      }
      break;
    case PromptKind::Parents: return "new parent for " + cells_text(a.cells);
    case PromptKind::PathBack: return "parent " + astar::cell_text(a.cell);
    case PromptKind::Mark: return "mark " + cells_text(a.cells);
    case PromptKind::Finding: return a.finding + " at event " + std::to_string(a.event);
    case PromptKind::Done: break;
  }
  return "";
}

std::string ExerciseMode::verdict_text() const {
  if (!last_) return "";
  if (exam()) return "Recorded.";
  if (last_->correct) return "Right: " + action_text(last_->given) + ".";
  std::string out = "Not quite: " + last_->explanation;
  if (std::string_view(".)!?").find(out.back()) == std::string_view::npos) out += '.';
  return out + " The right answer, now applied: " + action_text(last_->right) + ".";
}

std::string ExerciseMode::prompt_text() const {
  if (run_->score().time_up) return "The time is up: " + score_text() + ".";
  if (run_->done()) return "Finished: " + score_text() + ". Save the result for your teacher.";
  return "Question " + std::to_string(prompt().number + 1) + ": " + prompt().text;
}

std::string ExerciseMode::score_text() const {
  const astar::Score s = run_->score();
  const auto n = [](double v) { return astar::shortest_text(std::round(v * 100.0) / 100.0); };
  return n(s.points) + " of " + n(s.max_points) + " points (" + n(s.percent) + " %)";
}

std::string ExerciseMode::mistakes_text() const {
  const astar::Score s = run_->score();
  std::string out;
  for (std::size_t i = 0; i < s.mistakes.size(); ++i) {
    if (s.mistakes[i] == 0) continue;
    out += (out.empty() ? "" : ", ") + std::string(astar::to_string(static_cast<astar::Mistake>(i))) + " " +
           std::to_string(s.mistakes[i]);
  }
  return out.empty() ? "no mistakes" : out;
}

std::string ExerciseMode::status_text() const {
  std::string out;
  if (!error_.empty()) out = error_ + " ";
  else if (last_) out = verdict_text() + " ";
  out += prompt_text();
  if (const std::string h = hint(); !h.empty() && !done()) out += " Hint: " + h;
  return out;
}

// [SECTION] Results and progress

std::string ExerciseMode::result_json() const { return astar::result_to_json(*run_); }

std::string ExerciseMode::result_file_name() const {
  const auto clean = [](std::string s) {
    for (char& ch : s)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
    return s.empty() ? std::string("_") : s;
  };
  std::string name = "result-" + std::string(astar::to_string(spec().kind)) + "-" + clean(spec().seed);
  if (!spec().student.empty()) name += "-" + clean(spec().student);
  return name + ".json";
}

astar::Status ExerciseMode::replay(const std::vector<astar::TimedAction>& actions) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const astar::TimedAction& t = actions[i];
    clock_ = std::max(clock_, t.time);
    if (t.undo) {
      if (astar::Status s = run_->undo(t.time); !s) return refuse("actions[" + std::to_string(i) + "]: " + s.error());
      last_.reset();
      continue;
    }
    if (t.time_up) {
      run_->time_up(t.time);
      break;
    }
    const astar::Result<astar::AnswerVerdict> v = run_->answer(t.action, t.time);
    if (!v) return refuse("actions[" + std::to_string(i) + "]: " + v.error());
    keep_verdict(v);
  }
  error_.clear();
  question_moved();
  return astar::Ok{};
}

// [SECTION] Copy link's query

namespace {

// A query value: letters, digits and "-._~" as they are, every other byte as %XX.
std::string percent_encoded(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string exercise_link_query(const astar::ExerciseSpec& spec) {
  std::string q = "exercise=" + std::string(astar::to_string(spec.kind)) + "&seed=" + percent_encoded(spec.seed);
  if (!spec.student.empty()) q += "&student=" + percent_encoded(spec.student);
  const astar::ExerciseSpec defaults;
  for (int i = 0; i < static_cast<int>(astar::ExerciseDifficulty::_Max); ++i) {
    const auto d = static_cast<astar::ExerciseDifficulty>(i);
    if (astar::with_difficulty(spec, d) == spec && astar::with_difficulty(defaults, d) != defaults)
      q += "&difficulty=" + std::string(astar::to_string(d));
  }
  if (spec.algorithm != defaults.algorithm) q += "&algorithm=" + percent_encoded(spec.algorithm);
  if (spec.kind == astar::ExerciseKind::Heuristic && spec.question != defaults.question)
    q += "&question=" + percent_encoded(spec.question);
  if (spec.exam) q += "&exam";
  if (spec.exam && spec.time_limit > 0) q += "&time-limit=" + std::to_string(spec.time_limit);
  if (!spec.exam && !spec.hints) q += "&no-hints";
  return q;
}

// [SECTION] The sidecar

std::string exercise_sidecar_json(const ExerciseMode* mode) {
  if (!mode) return "null";
  const ExerciseMode& m = *mode;
  const astar::Score s = m.run().score();
  const astar::Prompt& p = m.prompt();
  std::ostringstream j;
  j.precision(9);
  j << "{\"kind\": " << json_string(astar::to_string(m.spec().kind)) << ", \"seed\": " << json_string(m.spec().seed)
    << ", \"student\": " << json_string(m.spec().student) << ", \"exam\": " << (m.exam() ? "true" : "false")
    << ", \"prompt\": {\"kind\": " << json_string(astar::to_string(p.kind)) << ", \"number\": " << p.number
    << ", \"cell\": " << cell_json(p.cell) << ", \"choices\": " << cells_json(p.choices)
    << ", \"text\": " << json_string(p.text) << "}, \"answered\": " << s.answered << ", \"points\": " << s.points
    << ", \"max_points\": " << s.max_points << ", \"percent\": " << s.percent << ", \"mistakes\": {";
  bool first = true;
  for (std::size_t i = 0; i < s.mistakes.size(); ++i) {
    if (s.mistakes[i] == 0) continue;
    j << (first ? "" : ", ") << json_string(astar::to_string(static_cast<astar::Mistake>(i))) << ": " << s.mistakes[i];
    first = false;
  }
  j << "}, \"finished\": " << (s.finished ? "true" : "false") << ", \"time_up\": " << (s.time_up ? "true" : "false")
    << ", \"cursor\": " << cell_json(m.input.cursor) << ", \"marked\": " << cells_json(m.input.marked)
    << ", \"parents\": " << cells_json(m.input.parents) << ", \"verdict\": ";
  if (const auto& v = m.last_verdict()) {
    j << "{\"correct\": " << (v->correct ? "true" : "false") << ", \"mistakes\": [";
    for (std::size_t i = 0; i < v->mistakes.size(); ++i)
      j << (i ? ", " : "") << json_string(astar::to_string(v->mistakes[i]));
    j << "], \"explanation\": " << json_string(v->explanation) << "}";
  } else {
    j << "null";
  }
  j << ", \"error\": " << json_string(m.last_error()) << ", \"status\": " << json_string(m.status_text())
    << ", \"expanding\": " << cell_json(m.run().expanding()) << ", \"path_back\": " << cells_json(m.run().path_back())
    << ", \"hints\": " << (m.hints_on() ? "true" : "false") << ", \"digest\": " << json_string(m.exercise().digest)
    << ", \"clock\": " << static_cast<std::int64_t>(m.now()) << ", \"cells\": [";
  // What the student has established, as the canvas shows it: [x, y, "open"|"closed", g, h, f].
  const astar::Level& level = m.exercise().level;
  first = true;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const astar::ExerciseRun::CellView v = m.run().cell({x, y});
      if (v.state == astar::ExerciseRun::CellView::State::Unseen) continue;
      j << (first ? "[" : ", [") << x << ", " << y << ", "
        << (v.state == astar::ExerciseRun::CellView::State::Open ? "\"open\"" : "\"closed\"") << ", " << v.g << ", "
        << v.h << ", " << v.f << "]";
      first = false;
    }
  j << "]}";
  return j.str();
}

// [SECTION] Studio: starting, ending, saving

Studio::~Studio() = default;  // here, where ExerciseMode is a whole type

astar::Status Studio::start_exercise(const astar::ExerciseSpec& spec) {
  astar::Result<astar::Exercise> made = astar::make_exercise(spec);
  if (!made) {
    status = "No exercise: " + made.error();
    return astar::Error{made.error()};
  }
  start_exercise(std::move(made).value(), "");
  return astar::Ok{};
}

void Studio::start_exercise(astar::Exercise exercise, std::string path) {
  astar::Level level = exercise.level;
  set_level(std::move(level), std::move(path));  // ends an exercise, a trace and a plan
  exercise_ = std::make_unique<ExerciseMode>(std::move(exercise));
  exercise_drawn_ = 0;
  const astar::Exercise& ex = exercise_->exercise();
  if (ex.spec.kind == astar::ExerciseKind::FindBug && ex.trace) open_trace(ex.trace, "exercise-trace.json");
  // Repair: LPA*'s search before the edit, run to its end, is what the student reasons from.
  if (ex.spec.kind == astar::ExerciseKind::Repair) session_.run_to_end();
  search_changes.full();
  status = "Exercise " + std::string(astar::to_string(ex.spec.kind)) + " (" + ex.difficulty + "), seed '" +
           ex.spec.seed + "'" + (ex.spec.student.empty() ? std::string() : ", student '" + ex.spec.student + "'") +
           (ex.spec.exam ? ", exam" : "");
}

astar::Status Studio::open_exercise_level(astar::Level level, const std::string& path) {
  astar::Result<astar::Exercise> ex = astar::exercise_of_level(level, path);
  if (!ex) {
    set_level(std::move(level), path);
    status = "Opened " + path + " as a plain level, not as its exercise: " + ex.error();
    return astar::Ok{};
  }
  start_exercise(std::move(ex).value(), path);
  status = "Opened the exercise " + path + ": " + status;
  return astar::Ok{};
}

void Studio::close_exercise() {
  if (!exercise_) return;
  exercise_.reset();
  close_trace();
  session_.reset_search();
  search_changes.full();
  status = "Left the exercise";
}

bool Studio::exercise_in_progress() const {
  return exercise_ && !exercise_->done() && !exercise_->run().actions().empty();
}

std::string Studio::exercise_result_path() const {
  if (!exercise_) return "";
  const std::filesystem::path folder =
      file_path().empty() ? std::filesystem::path() : std::filesystem::path(file_path()).parent_path();
  return (folder / exercise_->result_file_name()).string();
}

astar::Status Studio::save_exercise_result(std::string path) {
  if (!exercise_) {
    status = "No exercise to save the result of";
    return astar::Error{status};
  }
  if (path.empty()) path = exercise_result_path();
  astar::Status written = astar::write_atomically(path, exercise_->result_json());
  status = written ? "Result saved: " + path + " (" + exercise_->score_text() + ")" : "Result not saved: " + written.error();
  if (written && on_file_written) on_file_written(path);
  return written;
}

astar::Status Studio::restore_exercise(const astar::ExerciseSpec& spec, const std::vector<astar::TimedAction>& actions,
                                       std::string_view source) {
  astar::Result<astar::Exercise> made = astar::make_exercise(spec);
  if (!made) {
    status = std::string(source) + ": " + made.error();
    return astar::Error{status};
  }
  auto mode = std::make_unique<ExerciseMode>(std::move(made).value());
  if (astar::Status replayed = mode->replay(actions); !replayed) {
    status = std::string(source) + ": " + replayed.error();
    return astar::Error{status};
  }
  start_exercise(astar::Exercise(mode->exercise()), "");
  exercise_ = std::move(mode);
  exercise_drawn_ = 0;
  status = "Resumed the exercise from " + std::string(source) + ": " + exercise_->score_text();
  return astar::Ok{};
}

}  // namespace studio
