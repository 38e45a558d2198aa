// ExerciseRun (exercise.hpp): the questions in order, answers recorded and applied, undo by
// replay, the score. Checking one answer is exercise_check.cpp; hints are exercise_words.cpp.
//
// [SECTION] Names
// [SECTION] The questions in order   Impl::set_prompt, Impl::advance
// [SECTION] The run                  answer, undo, time_up, views, score
#include <algorithm>
#include <cmath>

#include "astar/enum_names.hpp"
#include "exercise/exercise_data.hpp"
#include "exercise/exercise_run.hpp"

namespace astar {

using exercise_detail::ModelOrder;
using exercise_detail::ModelSearch;
using exercise_detail::cell_words;

// [SECTION] Names

namespace {
constexpr std::string_view kPromptNames[] = {"select", "neighbour", "parents", "path", "mark", "finding", "done"};
constexpr std::string_view kMistakeNames[] = {"wrong-node",    "wrong-g",      "wrong-h",     "wrong-f",
                                              "wrong-change",  "wrong-parents", "wrong-path", "missed-cells",
                                              "extra-cells",   "wrong-finding", "wrong-event"};
static_assert(std::size(kMistakeNames) == static_cast<std::size_t>(Mistake::_Max));

bool uses_model(ExerciseKind k) { return k == ExerciseKind::ExpansionOrder || k == ExerciseKind::AStarByHand; }
}  // namespace

std::string_view to_string(PromptKind k) { return kPromptNames[static_cast<int>(k)]; }

std::optional<CodeStep> code_step_of(PromptKind k) {
  switch (k) {
    case PromptKind::Select: return CodeStep::Take;
    case PromptKind::Neighbour: return CodeStep::Tentative;
    case PromptKind::Parents: return CodeStep::Update;
    case PromptKind::PathBack: return CodeStep::GoalTest;
    case PromptKind::Mark:
    case PromptKind::Finding:
    case PromptKind::Done: break;
  }
  return std::nullopt;
}
std::string_view to_string(Mistake m) { return kMistakeNames[static_cast<int>(m)]; }
std::optional<Mistake> parse_mistake(std::string_view name) { return parse_enum_name<Mistake>(kMistakeNames, name); }

namespace exercise_detail {
std::string cell_words(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }
std::vector<Cell> sorted_cells(std::vector<Cell> cells) {
  const auto less = [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; };
  std::sort(cells.begin(), cells.end(), less);
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}
}  // namespace exercise_detail

// [SECTION] The questions in order

ExerciseRun::Impl::Impl(const Exercise& e) : ex(&e), order(exercise_detail::model_order(e.spec.algorithm)) {
  if (uses_model(e.spec.kind)) model = std::make_unique<ModelSearch>(e.level, order);
  if (e.spec.kind == ExerciseKind::FindBug) findings = exercise_detail::bug_findings(e);
  else if (!uses_model(e.spec.kind)) truth = exercise_detail::mark_truth(e);
  set_prompt();
}

void ExerciseRun::Impl::set_prompt() {
  const int number = static_cast<int>(kept.size());
  const std::string alg(exercise_detail::algorithm_title(order));
  Prompt p;
  p.number = number;
  if (time_up) {
    p.kind = PromptKind::Done;
    p.text = "Time is up.";
  } else if (ex->spec.kind == ExerciseKind::FindBug) {
    p.kind = kept.empty() ? PromptKind::Finding : PromptKind::Done;
    p.text = "Which finding does the planted bug cause, and at which event?";
  } else if (!model) {
    p.kind = kept.empty() ? PromptKind::Mark : PromptKind::Done;
    p.text = ex->spec.kind == ExerciseKind::PredictClosed ? "Paint the cells " + alg + " expands, then submit."
             : ex->spec.kind == ExerciseKind::Heuristic  ? "Click the cells where h is not " + ex->spec.question + ", then submit."
                                                         : "Mark the cells the edit makes inconsistent, then submit.";
  } else if (expanding && next_move < moves.size()) {
    p.kind = PromptKind::Neighbour;
    p.cell = moves[next_move].to;
    p.text = "Expanding " + cell_words(*expanding) + ": neighbour " + cell_words(*p.cell) +
             ". Its g, h and f, or no change, or skip (closed)?";
  } else if (expanding && !asked.empty()) {
    p.kind = PromptKind::Parents;
    p.cell = expanding;
    p.choices = asked;
    p.text = "Which neighbours of " + cell_words(*expanding) + " now have it as their parent?";
  } else if (model->goal_taken() && ex->spec.kind == ExerciseKind::AStarByHand && path.back() != ex->level.start()) {
    p.kind = PromptKind::PathBack;
    p.cell = path.back();
    p.text = "Trace the path back: click the parent of " + cell_words(path.back()) + ".";
  } else if (model->finished()) {
    p.kind = PromptKind::Done;
    p.text = model->goal_taken() ? "The goal is reached." : "The open set is empty: no path.";
  } else {
    p.kind = PromptKind::Select;
    p.text = "Pick the node " + alg + " expands next.";
  }
  if (p.kind == PromptKind::Done && p.text.empty()) p.text = "Done.";
  prompt = std::move(p);
}

void ExerciseRun::Impl::advance(const Action& right) {
  switch (prompt.kind) {
    case PromptKind::Select:
      if (ex->spec.kind == ExerciseKind::ExpansionOrder) model->expand(right.cell);
      else model->take(right.cell);  // by hand: the student relaxes the moves
      if (ex->spec.kind == ExerciseKind::AStarByHand) {
        expanding = right.cell;
        moves = right.cell == ex->level.goal() ? std::vector<Move>{} : model->moves(right.cell);
        next_move = 0;
        asked.clear();
        reparented.clear();
        if (right.cell == ex->level.goal()) {
          expanding.reset();
          path.assign(1, right.cell);
        }
      }
      break;
    case PromptKind::Neighbour: {
      const Move& m = moves[next_move++];
      if (model->effect(*expanding, m) == ModelSearch::Effect::Improves) reparented.push_back(m.to);
      model->relax(*expanding, m);
      asked.push_back(m.to);
      break;
    }
    case PromptKind::Parents: expanding.reset(); break;
    case PromptKind::PathBack: path.push_back(right.cell); break;
    case PromptKind::Mark: shown_truth = truth; break;
    case PromptKind::Finding:
    case PromptKind::Done: break;
  }
  // A node expanded with no neighbour to ask about has no Parents question either.
  if (expanding && next_move >= moves.size() && asked.empty()) expanding.reset();
  set_prompt();
}

double ExerciseRun::Impl::points_left() const {
  Impl copy(*ex);
  for (const TimedAction& t : kept) copy.apply(t);
  double left = 0.0;
  while (copy.prompt.kind != PromptKind::Done) {
    left += copy.check(copy.model_answer()).max_points;
    copy.apply({copy.model_answer(), 0.0, false});
  }
  return left;
}

AnswerVerdict ExerciseRun::Impl::apply(const TimedAction& t) {
  AnswerVerdict v = check(t.action);
  kept.push_back(t);
  verdicts.push_back(v);
  advance(v.right);
  return v;
}

// [SECTION] The run

ExerciseRun::ExerciseRun(const Exercise& exercise) : exercise_(&exercise), impl_(std::make_unique<Impl>(exercise)) {}
ExerciseRun::~ExerciseRun() = default;

const Prompt& ExerciseRun::prompt() const { return impl_->prompt; }
Action ExerciseRun::model_answer() const { return impl_->model_answer(); }
std::string ExerciseRun::hint() const { return exercise_->spec.exam ? std::string() : impl_->hint(); }

namespace {

// Empty when `a` can answer prompt `p` on `level`, else why not.
std::string answer_problem(const Prompt& p, const Action& a, const Level& level) {
  if (p.kind == PromptKind::Done) return "the exercise is over";
  if (a.kind != p.kind)
    return "answer a " + std::string(to_string(p.kind)) + " question with a " + std::string(to_string(p.kind)) +
           ", not a " + std::string(to_string(a.kind));
  const bool needs_cell = a.kind == PromptKind::Select || a.kind == PromptKind::PathBack || a.kind == PromptKind::Neighbour;
  if (needs_cell && !level.in_bounds(a.cell)) return "cell " + cell_words(a.cell) + " is outside the level";
  if (a.kind == PromptKind::Neighbour && a.cell != *p.cell)
    return "the question is about " + cell_words(*p.cell) + ", not " + cell_words(a.cell);
  if (a.kind == PromptKind::Neighbour && a.answer == NeighbourAnswer::Values &&
      !(std::isfinite(a.g) && std::isfinite(a.h) && std::isfinite(a.f)))
    return "g, h and f must be numbers";
  for (const Cell c : a.cells)
    if (!level.in_bounds(c)) return "cell " + cell_words(c) + " is outside the level";
  if (a.kind == PromptKind::Finding) {
    if (!parse_finding_kind(a.finding)) return "'" + a.finding + "' is not a finding's name";
    if (a.event < 0) return "the event is an index from 0";
  }
  return {};
}

}  // namespace

namespace {
// Times are kept to the millisecond, as result files write them, so a replay sees the very times.
double to_ms(double t) { return std::round(t * 1000.0) / 1000.0; }
}  // namespace

Result<AnswerVerdict> ExerciseRun::answer(const Action& action, double time) {
  time = to_ms(time);
  const ExerciseSpec& spec = exercise_->spec;
  if (spec.exam && spec.time_limit > 0 && time > spec.time_limit) {
    time_up(time);
    return Error{"the exam's time is up (" + std::to_string(spec.time_limit) + " s)"};
  }
  if (std::string why = answer_problem(impl_->prompt, action, exercise_->level); !why.empty()) return Error{why};
  Action a = action;
  if (a.kind == PromptKind::Mark || a.kind == PromptKind::Parents) a.cells = exercise_detail::sorted_cells(a.cells);
  const AnswerVerdict v = impl_->apply({a, time, false});
  log_.push_back({a, time, false});
  return v;
}

Status ExerciseRun::undo(double time) {
  time = to_ms(time);
  if (exercise_->spec.exam) return Error{"an exam has no undo"};
  if (impl_->kept.empty()) return Error{"nothing to undo"};
  std::vector<TimedAction> kept = impl_->kept;
  kept.pop_back();
  auto fresh = std::make_unique<Impl>(*exercise_);
  for (const TimedAction& t : kept) fresh->apply(t);
  impl_ = std::move(fresh);
  log_.push_back({{}, time, true});
  return Ok{};
}

void ExerciseRun::time_up(double time) {
  time = to_ms(time);
  if (impl_->time_up) return;
  impl_->time_up = true;
  impl_->max_left = impl_->prompt.kind == PromptKind::Done ? 0.0 : impl_->points_left();
  impl_->set_prompt();
  log_.push_back({{}, time, false, true});
}

ExerciseRun::CellView ExerciseRun::cell(Cell c) const {
  CellView v;
  if (!impl_->model || !exercise_->level.in_bounds(c)) return v;
  const exercise_detail::ModelNode& n = impl_->model->node(c);
  if (!n.seen) return v;
  v.state = n.closed ? CellView::State::Closed : CellView::State::Open;
  v.g = n.g.value();
  v.h = n.h.value();
  v.f = impl_->model->priority(c).value();
  v.parent = n.parent;
  return v;
}

const std::vector<Cell>& ExerciseRun::path_back() const { return impl_->path; }
std::optional<Cell> ExerciseRun::expanding() const { return impl_->expanding; }
const std::vector<Cell>& ExerciseRun::expanded() const {
  static const std::vector<Cell> none;
  return impl_->model ? impl_->model->taken() : none;
}
const std::vector<Cell>& ExerciseRun::right_cells() const { return impl_->shown_truth; }
const std::vector<TimedAction>& ExerciseRun::actions() const { return log_; }
const std::vector<AnswerVerdict>& ExerciseRun::verdicts() const { return impl_->verdicts; }

Score ExerciseRun::score() const {
  Score s;
  for (const AnswerVerdict& v : impl_->verdicts) {
    s.points += v.points;
    s.max_points += v.max_points;
    for (const Mistake m : v.mistakes) ++s.mistakes[static_cast<std::size_t>(m)];
  }
  s.answered = static_cast<std::int64_t>(impl_->verdicts.size());
  s.time_up = impl_->time_up;
  s.finished = impl_->prompt.kind == PromptKind::Done && !impl_->time_up;
  s.max_points += impl_->time_up ? impl_->max_left : 0.0;
  s.percent = s.max_points > 0 ? std::round(1000.0 * s.points / s.max_points) / 10.0 : 0.0;
  return s;
}

}  // namespace astar
