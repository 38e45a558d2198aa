// Exercises (exercise.hpp): made from a seed alone, checked against the real search, scored,
// written and graded. Scripted students: a perfect one scores 100 % on every kind, and one that
// always makes one kind of mistake gets exactly that mistake named.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/replanning.hpp"
#include "astar/trace_check.hpp"

using namespace astar;

namespace {

ExerciseSpec spec_of(ExerciseKind kind, int seed, std::string algorithm = "astar") {
  ExerciseSpec s;
  s.kind = kind;
  s.seed = "class-" + std::to_string(seed);
  s.student = "student " + std::to_string(seed * 7);
  s.algorithm = std::move(algorithm);
  // Every fourth seed each difficulty's knobs change.
  s = with_difficulty(s, static_cast<ExerciseDifficulty>(seed % 3));
  if (kind == ExerciseKind::Heuristic && seed % 2) s.question = "consistent";
  return s;
}

const std::vector<std::pair<ExerciseKind, std::string>> kAllKinds = {
    {ExerciseKind::ExpansionOrder, "astar"}, {ExerciseKind::ExpansionOrder, "dijkstra"},
    {ExerciseKind::ExpansionOrder, "greedy"}, {ExerciseKind::ExpansionOrder, "bfs"},
    {ExerciseKind::AStarByHand, "astar"},    {ExerciseKind::PredictClosed, "astar"},
    {ExerciseKind::PredictClosed, "dijkstra"}, {ExerciseKind::PredictClosed, "greedy"},
    {ExerciseKind::Heuristic, "astar"},      {ExerciseKind::Repair, "astar"},
    {ExerciseKind::FindBug, "astar"}};

using Student = std::function<Action(const ExerciseRun&)>;

// Runs a student to the end; every answer a second apart.
Score run_student(ExerciseRun& run, const Student& student) {
  double t = 0.0;
  while (!run.done()) {
    Result<AnswerVerdict> v = run.answer(student(run), t += 1.0);
    REQUIRE_MESSAGE(v.ok(), v.error());
  }
  return run.score();
}

std::int64_t mistakes_other_than(const Score& s, Mistake m) {
  std::int64_t n = 0;
  for (std::size_t i = 0; i < s.mistakes.size(); ++i)
    if (static_cast<Mistake>(i) != m) n += s.mistakes[i];
  return n;
}

bool contains(const std::vector<Cell>& v, Cell c) { return std::find(v.begin(), v.end(), c) != v.end(); }

}  // namespace

TEST_CASE("[Exercise] the same seed and student make the same exercise; another student another level") {
  for (const auto& entry : kAllKinds) {
    const ExerciseKind kind = entry.first;
    const std::string alg = entry.second;
    CAPTURE(to_string(kind));
    const ExerciseSpec s = spec_of(kind, 3, alg);
    Result<Exercise> a = make_exercise(s), b = make_exercise(s);
    REQUIRE_MESSAGE(a.ok(), a.error());
    REQUIRE(b.ok());
    CHECK(a.value().digest == b.value().digest);
    CHECK(level_to_json(a.value().level) == level_to_json(b.value().level));
    ExerciseSpec other = s;
    other.student = "someone else";
    Result<Exercise> c = make_exercise(other);
    REQUIRE(c.ok());
    CHECK(c.value().digest != a.value().digest);
    CHECK(!(c.value().level == a.value().level));
  }
}

TEST_CASE("[Exercise] the level file carries the spec and reads back as the same exercise") {
  const ExerciseSpec s = spec_of(ExerciseKind::AStarByHand, 5);
  Result<Exercise> ex = make_exercise(s);
  REQUIRE(ex.ok());
  const std::string text = level_to_json(ex.value().level);
  Result<Level> back = parse_level(text, "ex.json");
  REQUIRE_MESSAGE(back.ok(), back.error());
  REQUIRE(back.value().exercise.has_value());
  CHECK(*back.value().exercise == s);
  Result<Exercise> again = exercise_of_level(back.value(), "ex.json");
  REQUIRE_MESSAGE(again.ok(), again.error());
  CHECK(again.value().digest == ex.value().digest);
  Level edited = back.value();
  const Cell c = edited.start() == Cell{0, 0} ? Cell{1, 0} : Cell{0, 0};
  edited.set_wall(c, !edited.wall(c));
  Result<Exercise> refused = exercise_of_level(edited, "ex.json");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("ex.json: exercise: the level is not the one seed") == 0);
}

TEST_CASE("[Exercise] bad specs and bad exercise fields are refused by name") {
  ExerciseSpec s;
  s.size = 20;
  CHECK(check_exercise_spec(s) == "exercise.size must be 6..12, got 20");
  s = {};
  s.kind = ExerciseKind::ExpansionOrder;
  s.algorithm = "jps";
  CHECK(check_exercise_spec(s) == "exercise.algorithm must be astar, dijkstra, greedy or bfs, got 'jps'");
  s = {};
  s.time_limit = 60;
  CHECK(check_exercise_spec(s) == "exercise.time_limit: only exams have a time limit");
  Result<Exercise> ex = make_exercise(spec_of(ExerciseKind::AStarByHand, 1));
  REQUIRE(ex.ok());
  std::string text = level_to_json(ex.value().level);
  const std::size_t at = text.find("\"size\": ");
  REQUIRE(at != std::string::npos);
  text.replace(at, 9, "\"size\": 99");
  Result<Level> bad = parse_level(text, "ex.json");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "ex.json: exercise.size: must be 6..12, got 99");
}

TEST_CASE("[Exercise] the model's choices replay the real search exactly: order, g, h, f, parents") {
  // The oracle is the engine itself (make_search with the level's preset), run apart.
  for (int seed = 0; seed < 200; ++seed) {
    for (const char* alg : {"astar", "dijkstra", "greedy", "bfs"}) {
      CAPTURE(seed);
      CAPTURE(alg);
      Result<Exercise> ex = make_exercise(spec_of(ExerciseKind::ExpansionOrder, seed, alg));
      REQUIRE_MESSAGE(ex.ok(), ex.error());
      const Level& level = ex.value().level;
      ExerciseRun run(ex.value());
      std::unique_ptr<Search> engine = make_search(level, level.rules(), with_preset({}, level.preset));
      double t = 0;
      while (!run.done()) {
        const Action a = run.model_answer();
        REQUIRE(engine->step() != SearchState::Invalid);
        REQUIRE(engine->last_taken().has_value());
        CHECK(*engine->last_taken() == a.cell);
        REQUIRE(run.answer(a, ++t).ok());
      }
      CHECK(engine->state() == SearchState::Found);
      if (std::string_view(alg) == "bfs") continue;  // BFS's engine g counts costs; ours steps
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x) {
          const NodeView e = engine->node({x, y});
          const ExerciseRun::CellView m = run.cell({x, y});
          REQUIRE((e.state == NodeState::Unseen) == (m.state == ExerciseRun::CellView::State::Unseen));
          if (e.state == NodeState::Unseen) continue;
          CHECK(e.g == doctest::Approx(m.g).epsilon(1e-12));
          CHECK(e.f == doctest::Approx(m.f).epsilon(1e-12));
          CHECK(e.parent == m.parent);
        }
    }
  }
}

TEST_CASE("[Exercise] a perfect student scores 100 % on 200 seeds of every kind") {
  for (const auto& entry : kAllKinds) {
    const ExerciseKind kind = entry.first;
    const std::string alg = entry.second;
    for (int seed = 0; seed < 200; ++seed) {
      CAPTURE(to_string(kind));
      CAPTURE(alg);
      CAPTURE(seed);
      Result<Exercise> ex = make_exercise(spec_of(kind, seed, alg));
      REQUIRE_MESSAGE(ex.ok(), ex.error());
      ExerciseRun run(ex.value());
      const Score s = run_student(run, [](const ExerciseRun& r) { return r.model_answer(); });
      CHECK(s.percent == 100.0);
      CHECK(s.finished);
      CHECK(mistakes_other_than(s, Mistake::_Max) == 0);
    }
  }
}

namespace {

// A student who answers right except where `m` can be made: there it makes exactly mistake m.
Action with_mistake(const ExerciseRun& r, Mistake m) {
  Action a = r.model_answer();
  const Level& level = r.exercise().level;
  switch (r.prompt().kind) {
    case PromptKind::Select:
      if (m == Mistake::WrongNode) {
        // A closed node, else a wall, else any open cell the model would not take.
        if (!r.expanded().empty()) a.cell = r.expanded().front();
      }
      break;
    case PromptKind::Neighbour:
      if (a.answer == NeighbourAnswer::Values) {
        if (m == Mistake::WrongG) a.g += 1.0;
        if (m == Mistake::WrongH) a.h += 1.0;
        if (m == Mistake::WrongF) a.f += 1.0;
        if (m == Mistake::WrongChange) a.answer = NeighbourAnswer::NoChange;
      }
      break;
    case PromptKind::Parents:
      if (m == Mistake::WrongParents) {
        if (a.cells.empty()) a.cells = r.prompt().choices;
        else a.cells.pop_back();
      }
      break;
    case PromptKind::PathBack:
      if (m == Mistake::WrongPath) a.cell = r.prompt().cell.value();
      break;
    case PromptKind::Mark:
      if (m == Mistake::MissedCells && !a.cells.empty()) a.cells.pop_back();
      if (m == Mistake::ExtraCells)
        for (int y = 0; y < level.height(); ++y)
          for (int x = 0; x < level.width(); ++x)
            if (a.cells.size() == r.model_answer().cells.size() && !contains(a.cells, {x, y})) a.cells.push_back({x, y});
      break;
    case PromptKind::Finding: {
      std::vector<std::string> kinds;
      std::vector<std::int64_t> events;
      for (std::size_t i = 0; i < static_cast<std::size_t>(FindingKind::_Max); ++i) kinds.emplace_back(to_string(static_cast<FindingKind>(i)));
      // The kinds and events the findings do not have.
      TraceCheckOptions o;
      o.cost_scale = 1.0;
      o.max_per_kind = 0;
      for (const Finding& f : check_trace(level, level.rules(), *r.exercise().trace, o).findings) {
        kinds.erase(std::remove(kinds.begin(), kinds.end(), std::string(to_string(f.kind))), kinds.end());
        events.push_back(static_cast<std::int64_t>(f.event));
      }
      if (m == Mistake::WrongFinding) a.finding = kinds.front();
      if (m == Mistake::WrongEvent)
        while (std::find(events.begin(), events.end(), a.event) != events.end()) ++a.event;
      break;
    }
    case PromptKind::Done: break;
  }
  return a;
}

}  // namespace

TEST_CASE("[Exercise] a student who always makes one kind of mistake gets exactly that one named") {
  const std::vector<std::pair<Mistake, std::pair<ExerciseKind, std::string>>> cases = {
      {Mistake::WrongNode, {ExerciseKind::ExpansionOrder, "astar"}},
      {Mistake::WrongNode, {ExerciseKind::ExpansionOrder, "bfs"}},
      {Mistake::WrongNode, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongG, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongH, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongF, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongChange, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongParents, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::WrongPath, {ExerciseKind::AStarByHand, "astar"}},
      {Mistake::MissedCells, {ExerciseKind::PredictClosed, "astar"}},
      {Mistake::ExtraCells, {ExerciseKind::Heuristic, "astar"}},
      {Mistake::MissedCells, {ExerciseKind::Repair, "astar"}},
      {Mistake::WrongFinding, {ExerciseKind::FindBug, "astar"}},
      {Mistake::WrongEvent, {ExerciseKind::FindBug, "astar"}}};
  for (const auto& c : cases) {
    const Mistake m = c.first;
    for (int seed = 0; seed < 40; ++seed) {
      CAPTURE(to_string(m));
      CAPTURE(to_string(c.second.first));
      CAPTURE(seed);
      Result<Exercise> ex = make_exercise(spec_of(c.second.first, seed, c.second.second));
      REQUIRE_MESSAGE(ex.ok(), ex.error());
      ExerciseRun run(ex.value());
      const Score s = run_student(run, [m](const ExerciseRun& r) { return with_mistake(r, m); });
      CHECK(s.mistakes[static_cast<std::size_t>(m)] > 0);
      CHECK(mistakes_other_than(s, m) == 0);
      CHECK(s.percent < 100.0);
      for (const AnswerVerdict& v : run.verdicts())
        if (!v.correct) CHECK(!v.explanation.empty());
    }
  }
}

TEST_CASE("[Exercise] a wrong select is explained in A*'s terms and the run goes on with the right node") {
  Result<Exercise> ex = make_exercise(spec_of(ExerciseKind::AStarByHand, 4));
  REQUIRE(ex.ok());
  ExerciseRun run(ex.value());
  // Take the start, relax its neighbours right, then pick a worse open node than the best.
  while (run.prompt().kind != PromptKind::Select || run.expanded().empty()) REQUIRE(run.answer(run.model_answer(), 1).ok());
  const Action right = run.model_answer();
  std::optional<Cell> worse;
  const Level& level = ex.value().level;
  for (int y = 0; y < level.height() && !worse; ++y)
    for (int x = 0; x < level.width() && !worse; ++x)
      if (run.cell({x, y}).state == ExerciseRun::CellView::State::Open && run.cell({x, y}).f > run.cell(right.cell).f + 1e-9)
        worse = Cell{x, y};
  REQUIRE(worse.has_value());
  Action a = right;
  a.cell = *worse;
  Result<AnswerVerdict> v = run.answer(a, 2);
  REQUIRE(v.ok());
  CHECK_FALSE(v.value().correct);
  const std::string want = "(" + std::to_string(worse->x) + ", " + std::to_string(worse->y) + ") has f ";
  CHECK(v.value().explanation.find(want) == 0);
  CHECK(v.value().explanation.find(": A* takes the lowest f.") != std::string::npos);
  CHECK(v.value().right.cell == right.cell);
  CHECK(run.expanding() == right.cell);  // the right node is the one expanded
}

TEST_CASE("[Exercise] undo in practice; an exam refuses undo and hints and ends when time is up") {
  ExerciseSpec s = spec_of(ExerciseKind::ExpansionOrder, 2);
  Result<Exercise> ex = make_exercise(s);
  REQUIRE(ex.ok());
  ExerciseRun run(ex.value());
  Action wrong = run.model_answer();
  wrong.cell = wrong.cell == Cell{0, 0} ? Cell{1, 0} : Cell{0, 0};
  REQUIRE(run.answer(wrong, 1).ok());
  CHECK(run.score().mistakes[static_cast<std::size_t>(Mistake::WrongNode)] == 1);
  REQUIRE(run.undo(2).ok());
  CHECK(run.score().answered == 0);
  CHECK_FALSE(run.hint().empty());
  const Score done = run_student(run, [](const ExerciseRun& r) { return r.model_answer(); });
  CHECK(done.percent == 100.0);
  CHECK(run.actions()[1].undo);

  s.exam = true;
  s.hints = false;
  s.time_limit = 10;
  Result<Exercise> exam = make_exercise(s);
  REQUIRE(exam.ok());
  ExerciseRun e(exam.value());
  CHECK(e.hint().empty());
  REQUIRE(e.answer(e.model_answer(), 1).ok());
  CHECK_FALSE(e.undo(2).ok());
  Result<AnswerVerdict> late = e.answer(e.model_answer(), 11);
  REQUIRE_FALSE(late.ok());
  CHECK(late.error() == "the exam's time is up (10 s)");
  CHECK(e.done());
  const Score sc = e.score();
  CHECK(sc.time_up);
  CHECK_FALSE(sc.finished);
  CHECK(sc.points == 1.0);
  CHECK(sc.max_points > 1.0);  // the questions left count, scoring nothing
}

TEST_CASE("[Exercise] heuristic and repair answers agree with checks written apart") {
  for (int seed = 0; seed < 100; ++seed) {
    CAPTURE(seed);
    // Heuristic, admissible: heuristic_check's own reverse Dijkstra (doubles, its tolerance).
    ExerciseSpec hs = spec_of(ExerciseKind::Heuristic, seed);
    Result<Exercise> hx = make_exercise(hs);
    REQUIRE(hx.ok());
    const Exercise& h = hx.value();
    const std::vector<double> truth = true_cost_to_goal(h.level, h.level.rules());
    std::vector<Cell> want;
    for (int y = 0; y < h.level.height(); ++y)
      for (int x = 0; x < h.level.width(); ++x) {
        const std::size_t i = static_cast<std::size_t>(y * h.level.width() + x);
        if (h.level.solid({x, y})) continue;
        if (hs.question == "admissible") {
          if (std::isfinite(truth[i]) && h.given_h[i] > truth[i] + 1e-9) want.push_back({x, y});
        } else {
          bool bad = false;
          const MovePolicy p(h.level);
          p.for_each_move({x, y}, [&](const Move& mv) {
            if (mv.possible() && h.given_h[i] > mv.cost + h.given_h[static_cast<std::size_t>(mv.to.y * h.level.width() + mv.to.x)] + 1e-9) bad = true;
          });
          if (bad) want.push_back({x, y});
        }
      }
    ExerciseRun hr(h);
    CHECK(hr.model_answer().cells == want);
    CHECK_FALSE(want.empty());

    // Repair: the cells whose rhs, recomputed from scratch from the old g, differs from their g on
    // the edited level but not on the original are the ones the edit made inconsistent.
    Result<Exercise> rx = make_exercise(spec_of(ExerciseKind::Repair, seed));
    REQUIRE(rx.ok());
    const Exercise& r = rx.value();
    SearchOptions o = with_preset({}, r.level.preset);
    ReplanningSearch lpa(r.level, r.level.rules(), o);
    lpa.run();
    std::vector<double> g(static_cast<std::size_t>(r.level.cell_count()));
    for (int y = 0; y < r.level.height(); ++y)
      for (int x = 0; x < r.level.width(); ++x) g[static_cast<std::size_t>(y * r.level.width() + x)] = lpa.vertex({x, y}).g;
    const auto inconsistent_on = [&](const Level& level, Cell c) {
      const MovePolicy policy(level);
      double rhs = c == level.start() ? 0.0 : std::numeric_limits<double>::infinity();
      if (c != level.start() && !level.solid(c))
        policy.for_each_move_into(c, [&](const Move& mv) {
          if (mv.possible()) rhs = std::min(rhs, g[static_cast<std::size_t>(mv.to.y * level.width() + mv.to.x)] + mv.cost);
        });
      const double gc = g[static_cast<std::size_t>(c.y * level.width() + c.x)];
      return std::isinf(rhs) != std::isinf(gc) || (!std::isinf(rhs) && std::abs(rhs - gc) > 1e-9);
    };
    std::vector<Cell> inconsistent;
    for (int y = 0; y < r.level.height(); ++y)
      for (int x = 0; x < r.level.width(); ++x)
        if (inconsistent_on(*r.edited, {x, y}) && !inconsistent_on(r.level, {x, y})) inconsistent.push_back({x, y});
    ExerciseRun rr(r);
    CHECK(rr.model_answer().cells == inconsistent);
    CHECK_FALSE(inconsistent.empty());
  }
}

TEST_CASE("[Exercise] grading: a perfect result verifies; an edited score or action is caught; bad files are refused") {
  const ExerciseSpec s = spec_of(ExerciseKind::AStarByHand, 6);
  Result<std::string> text = model_answer_result(s);
  REQUIRE_MESSAGE(text.ok(), text.error());
  Result<GradeRow> row = grade_result(text.value(), "ada.json");
  REQUIRE_MESSAGE(row.ok(), row.error());
  CHECK(row.value().verified);
  CHECK(row.value().score.percent == 100.0);
  CHECK(row.value().spec == s);

  std::string edited = text.value();
  const std::size_t p = edited.find("\"percent\": 100");
  REQUIRE(p != std::string::npos);
  edited.replace(p, 14, "\"percent\": 99");
  Result<GradeRow> e1 = grade_result(edited, "ada.json");
  REQUIRE(e1.ok());
  CHECK_FALSE(e1.value().verified);
  CHECK(e1.value().altered == "score.percent: the file says 99, its actions give 100");

  // A wrong select made right by hand, with the score made to match: the check catches it.
  Result<Exercise> ex = make_exercise(s);
  REQUIRE(ex.ok());
  ExerciseRun run(ex.value());
  REQUIRE(run.answer(run.model_answer(), 1).ok());  // the start
  while (run.prompt().kind != PromptKind::Select) REQUIRE(run.answer(run.model_answer(), 2).ok());
  Action wrong = run.model_answer();
  wrong.cell = run.expanded().front();
  REQUIRE(run.answer(wrong, 3).ok());
  const Score wrong_score = run.score();
  const std::string honest = result_to_json(run);
  CHECK(grade_result(honest, "bo.json").value().verified);
  std::string forged = honest;
  const std::string from = "\"select\": [" + std::to_string(wrong.cell.x) + ", " + std::to_string(wrong.cell.y) + "]}\n  ]";
  const std::size_t at = forged.rfind(from);
  REQUIRE(at != std::string::npos);
  const Action right = [&] {
    ExerciseRun again(ex.value());
    for (std::size_t i = 0; i + 1 < run.actions().size(); ++i) REQUIRE(again.answer(run.actions()[i].action, 1).ok());
    return again.model_answer();
  }();
  forged.replace(at, from.size(), "\"select\": [" + std::to_string(right.cell.x) + ", " + std::to_string(right.cell.y) + "]}\n  ]");
  Result<GradeRow> e2 = grade_result(forged, "bo.json");
  REQUIRE(e2.ok());
  CHECK_FALSE(e2.value().verified);
  CHECK(e2.value().altered.find("score.") == 0);  // the score no longer matches its actions
  CHECK(wrong_score.mistakes[static_cast<std::size_t>(Mistake::WrongNode)] == 1);

  Result<GradeRow> bad = grade_result("{\"format\": \"astar-exercise-result\", \"version\": 1}", "x.json");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "x.json: exercise: missing field");
  Result<GradeRow> not_json = grade_result("{", "y.json");
  REQUIRE_FALSE(not_json.ok());
  CHECK(not_json.error().find("y.json: ") == 0);
}

TEST_CASE("[Exercise] any node the tie-break leaves open is right, and it is the one expanded") {
  // The student takes the last of the tied nodes (row-major), not the engine's choice.
  int other_than_engine = 0;
  for (int seed = 0; seed < 200; ++seed) {
    CAPTURE(seed);
    ExerciseSpec s = with_difficulty(spec_of(ExerciseKind::ExpansionOrder, seed), ExerciseDifficulty::Hard);
    Result<Exercise> ex = make_exercise(s);
    REQUIRE(ex.ok());
    const Level& level = ex.value().level;
    ExerciseRun run(ex.value());
    double t = 0;
    while (!run.done()) {
      double best_f = 1e300, best_g = -1;
      std::optional<Cell> pick;
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x) {
          const ExerciseRun::CellView v = run.cell({x, y});
          if (v.state != ExerciseRun::CellView::State::Open) continue;
          const bool better = v.f < best_f - 1e-9 || (std::abs(v.f - best_f) <= 1e-9 && v.g > best_g + 1e-9);
          const bool tied = std::abs(v.f - best_f) <= 1e-9 && std::abs(v.g - best_g) <= 1e-9;
          if (better || tied) pick = Cell{x, y}, best_f = v.f, best_g = v.g;
        }
      REQUIRE(pick.has_value());
      if (*pick != run.model_answer().cell) ++other_than_engine;
      Action a = run.model_answer();
      a.cell = *pick;
      Result<AnswerVerdict> v = run.answer(a, ++t);
      REQUIRE(v.ok());
      CHECK(v.value().correct);
      CHECK(run.expanded().back() == *pick);
    }
    CHECK(run.score().percent == 100.0);
  }
  CHECK(other_than_engine > 50);
}
