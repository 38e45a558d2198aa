// Checking one answer (exercise_run.hpp): the right answer for the question asked, whether the
// student's is it, and if not why, in the algorithm's terms; and the hints.
//
// [SECTION] The right answer     Impl::model_answer
// [SECTION] Select               check_select (the lowest key, the tie-break, not open)
// [SECTION] Neighbour, parents   check_neighbour, check_parents, check_path
// [SECTION] Mark and finding     check_mark (overlap), check_finding
// [SECTION] Dispatch and hints   Impl::check, Impl::hint
#include <algorithm>

#include "exercise/exercise_run.hpp"

namespace astar {

using exercise_detail::ModelOrder;
using exercise_detail::ModelSearch;
using exercise_detail::cell_words;
using exercise_detail::close;
using exercise_detail::number_words;

namespace {

std::string num(ExactCost c) { return number_words(c.value()); }

std::string key_name(ModelOrder o) {
  switch (o) {
    case ModelOrder::AStar: return "f";
    case ModelOrder::Dijkstra: return "g";
    case ModelOrder::Greedy: return "h";
    case ModelOrder::Bfs: return "steps from the start";
  }
  return "f";
}

std::string cells_words(const std::vector<Cell>& cells, std::size_t at_most = 6) {
  std::string out;
  for (std::size_t i = 0; i < cells.size() && i < at_most; ++i) out += (i ? ", " : "") + cell_words(cells[i]);
  if (cells.size() > at_most) out += " and " + std::to_string(cells.size() - at_most) + " more";
  return out.empty() ? "none" : out;
}

// [SECTION] Select

std::string not_open_words(const ModelSearch& m, Cell c) {
  if (m.level().solid(c)) return cell_words(c) + " is a wall";
  if (m.node(c).closed) return cell_words(c) + " is closed: it was expanded already";
  return cell_words(c) + " is not in the open set: no expanded node has reached it yet";
}

std::string select_words(const ModelSearch& m, Cell picked, Cell right) {
  const ModelOrder o = m.order();
  const std::string alg(exercise_detail::algorithm_title(o));
  if (!m.open(picked)) return not_open_words(m, picked) + "; " + alg + " takes " + cell_words(right) + ".";
  const std::string k = key_name(o);
  const auto key = [&](Cell c) { return o == ModelOrder::Bfs ? std::to_string(m.node(c).depth) : num(m.priority(c)); };
  if (compare(m.priority(picked), m.priority(right)) != 0)
    return cell_words(picked) + " has " + k + " " + key(picked) + " but " + cell_words(right) + " has " + k + " " +
           key(right) + ": " + alg + " takes the lowest " + k + ".";
  return cell_words(picked) + " and " + cell_words(right) + " both have " + k + " " + key(right) + ", but " +
         cell_words(right) + " has the larger g (" + num(m.node(right).g) + " against " + num(m.node(picked).g) +
         "): the tie-break takes the larger g.";
}

AnswerVerdict check_select(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 1.0;
  v.right = right;
  const std::vector<Cell> allowed = r.model->allowed();
  if (std::find(allowed.begin(), allowed.end(), a.cell) != allowed.end()) {
    v.correct = true;
    v.points = 1.0;
    v.right = a;  // any tied node is right, and is the one taken
    return v;
  }
  v.mistakes.push_back(Mistake::WrongNode);
  v.explanation = select_words(*r.model, a.cell, right.cell);
  return v;
}

// [SECTION] Neighbour, parents

std::string neighbour_truth_words(const ExerciseRun::Impl& r, const Move& m, ModelSearch::Effect e) {
  const Cell from = *r.expanding, to = m.to;
  const ExactCost g = r.model->node(from).g + m.exact;
  switch (e) {
    case ModelSearch::Effect::Closed: return cell_words(to) + " is closed: A* never looks at a closed node again (skip).";
    case ModelSearch::Effect::NoChange:
      return cell_words(to) + " keeps g " + num(r.model->node(to).g) + ": through " + cell_words(from) + " it would cost " +
             num(r.model->node(from).g) + " + " + num(m.exact) + " = " + num(g) + ", not less (no change).";
    case ModelSearch::Effect::Improves: break;
  }
  const ExactCost h = exercise_detail::exact_h(r.ex->level, to);
  return cell_words(to) + ": g = g" + cell_words(from) + " + move cost = " + num(r.model->node(from).g) + " + " +
         num(m.exact) + " = " + num(g) + "; h = " + num(h) + " (" +
         (r.ex->level.rules().neighbours == Neighbours::Four ? "Manhattan" : "octile") + " distance to the goal " +
         cell_words(r.ex->level.goal()) + "); f = g + h = " + num(g + h) + ".";
}

AnswerVerdict check_neighbour(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 1.0;
  v.right = right;
  const Move& m = r.moves[r.next_move];
  const ModelSearch::Effect e = r.model->effect(*r.expanding, m);
  if (a.answer != right.answer) {
    v.mistakes.push_back(Mistake::WrongChange);
  } else if (a.answer == NeighbourAnswer::Values) {
    if (!close(a.g, right.g)) v.mistakes.push_back(Mistake::WrongG);
    if (!close(a.h, right.h)) v.mistakes.push_back(Mistake::WrongH);
    if (!close(a.f, right.f)) v.mistakes.push_back(Mistake::WrongF);
  }
  v.correct = v.mistakes.empty();
  v.points = v.correct ? 1.0 : 0.0;
  if (v.correct) return v;
  const std::string said = a.answer == NeighbourAnswer::NoChange ? "no change"
                           : a.answer == NeighbourAnswer::Skip   ? "skip"
                                                                 : "g " + number_words(a.g) + ", h " + number_words(a.h) +
                                                                       ", f " + number_words(a.f);
  v.explanation = neighbour_truth_words(r, m, e) + " (You said " + said + ".)";
  return v;
}

AnswerVerdict check_parents(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 1.0;
  v.right = right;
  v.correct = a.cells == right.cells;
  v.points = v.correct ? 1.0 : 0.0;
  if (v.correct) return v;
  v.mistakes.push_back(Mistake::WrongParents);
  v.explanation = "A neighbour gets " + cell_words(*r.expanding) + " as its parent exactly when its g went down: " +
                  cells_words(right.cells) + ". The others kept their parent or were closed.";
  return v;
}

AnswerVerdict check_path(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 1.0;
  v.right = right;
  v.correct = a.cell == right.cell;
  v.points = v.correct ? 1.0 : 0.0;
  if (v.correct) return v;
  v.mistakes.push_back(Mistake::WrongPath);
  v.explanation = "The parent of " + cell_words(r.path.back()) + " is " + cell_words(right.cell) +
                  ": the path follows the parents (cameFrom) from the goal back to the start.";
  return v;
}

// [SECTION] Mark and finding

AnswerVerdict check_mark(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 10.0;
  v.right = right;
  std::vector<Cell> both, missed, extra;
  const auto has = [](const std::vector<Cell>& s, Cell c) { return std::find(s.begin(), s.end(), c) != s.end(); };
  for (const Cell c : right.cells) (has(a.cells, c) ? both : missed).push_back(c);
  for (const Cell c : a.cells)
    if (!has(right.cells, c)) extra.push_back(c);
  const std::size_t either = both.size() + missed.size() + extra.size();
  v.points = either == 0 ? 10.0 : std::round(100.0 * static_cast<double>(both.size()) / static_cast<double>(either)) / 10.0;
  v.correct = missed.empty() && extra.empty();
  if (!missed.empty()) v.mistakes.push_back(Mistake::MissedCells);
  if (!extra.empty()) v.mistakes.push_back(Mistake::ExtraCells);
  if (v.correct) return v;
  const std::string what = r.ex->spec.kind == ExerciseKind::PredictClosed ? "expanded"
                           : r.ex->spec.kind == ExerciseKind::Heuristic   ? "fail the rule"
                                                                          : "are made inconsistent";
  v.explanation = std::to_string(both.size()) + " of " + std::to_string(either) + " cells agree (overlap " +
                  number_words(100.0 * static_cast<double>(both.size()) / static_cast<double>(either)) +
                  " %). Missed (they " + what + "): " + cells_words(missed) + ". Marked but wrong: " + cells_words(extra) + ".";
  return v;
}

AnswerVerdict check_finding(const ExerciseRun::Impl& r, const Action& a, const Action& right) {
  AnswerVerdict v;
  v.max_points = 2.0;
  v.right = right;
  bool kind_ok = false, event_ok = false;
  for (const Finding& f : r.findings) {
    const bool k = to_string(f.kind) == a.finding, e = static_cast<std::int64_t>(f.event) == a.event;
    if (k && e) kind_ok = event_ok = true;
    kind_ok = kind_ok || k;
    event_ok = event_ok || e;
  }
  v.points = (kind_ok ? 1.0 : 0.0) + (event_ok ? 1.0 : 0.0);
  v.correct = kind_ok && event_ok && v.points == 2.0;
  if (!kind_ok) v.mistakes.push_back(Mistake::WrongFinding);
  if (!event_ok) v.mistakes.push_back(Mistake::WrongEvent);
  if (!v.correct && !r.findings.empty()) {
    const Finding& f = r.findings.front();
    v.explanation = "The bug shows as " + std::string(to_string(f.kind)) + " at event " + std::to_string(f.event) +
                    ": " + f.message;
  }
  return v;
}

}  // namespace

// [SECTION] The right answer

Action ExerciseRun::Impl::model_answer() const {
  Action a;
  a.kind = prompt.kind;
  switch (prompt.kind) {
    case PromptKind::Select: a.cell = *model->engine_choice(); break;
    case PromptKind::Neighbour: {
      const Move& m = moves[next_move];
      a.cell = m.to;
      switch (model->effect(*expanding, m)) {
        case ModelSearch::Effect::Closed: a.answer = NeighbourAnswer::Skip; break;
        case ModelSearch::Effect::NoChange: a.answer = NeighbourAnswer::NoChange; break;
        case ModelSearch::Effect::Improves: {
          const ExactCost g = model->node(*expanding).g + m.exact, h = exercise_detail::exact_h(ex->level, m.to);
          a.g = g.value(), a.h = h.value(), a.f = (g + h).value();
          break;
        }
      }
      break;
    }
    case PromptKind::Parents: a.cells = exercise_detail::sorted_cells(reparented); break;
    case PromptKind::PathBack: a.cell = *model->node(path.back()).parent; break;
    case PromptKind::Mark: a.cells = truth; break;
    case PromptKind::Finding:
      if (!findings.empty()) a.finding = std::string(to_string(findings.front().kind)), a.event = static_cast<std::int64_t>(findings.front().event);
      break;
    case PromptKind::Done: break;
  }
  return a;
}

// [SECTION] Dispatch and hints

AnswerVerdict ExerciseRun::Impl::check(const Action& a) const {
  const Action right = model_answer();
  switch (prompt.kind) {
    case PromptKind::Select: return check_select(*this, a, right);
    case PromptKind::Neighbour: return check_neighbour(*this, a, right);
    case PromptKind::Parents: return check_parents(*this, a, right);
    case PromptKind::PathBack: return check_path(*this, a, right);
    case PromptKind::Mark: return check_mark(*this, a, right);
    case PromptKind::Finding: return check_finding(*this, a, right);
    case PromptKind::Done: break;
  }
  return {};
}

std::string ExerciseRun::Impl::hint() const {
  switch (prompt.kind) {
    case PromptKind::Select: {
      const std::vector<Cell> allowed = model->allowed();
      return "The open nodes that come first now: " + cells_words(allowed) + " (" + key_name(order) + " " +
             (order == ModelOrder::Bfs ? std::to_string(model->node(allowed.front()).depth) : num(model->priority(allowed.front()))) + ").";
    }
    case PromptKind::Neighbour:
      return "g = g" + cell_words(*expanding) + " (" + num(model->node(*expanding).g) + ") + the move's cost (" +
             num(moves[next_move].exact) + "); compare it with the neighbour's g if it has one; h is the distance to the goal.";
    case PromptKind::Parents: return "The neighbours whose g you changed (not \"no change\", not skipped) get the new parent.";
    case PromptKind::PathBack: return "Follow the parent arrow of " + cell_words(path.back()) + ".";
    case PromptKind::Mark: return "There are " + std::to_string(truth.size()) + " such cells.";
    case PromptKind::Finding:
      return "Step through the generating events: is each g its parent's g plus the move's cost, each parent a "
             "neighbour, each h at most the true cost to the goal?";
    case PromptKind::Done: break;
  }
  return {};
}

}  // namespace astar
