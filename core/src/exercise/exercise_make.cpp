// Making an exercise from its spec (exercise.hpp): the level, drawn from a seed that mixes the
// class seed, the student and the settings; then the kind's own data (the heuristic shown, the
// edit, the trace with its bug); the instructions; the digest.
//
// [SECTION] Seeds and levels      mixed_seed, random_level, acceptable
// [SECTION] Choosing by ties      tie_count, pick_level
// [SECTION] The kinds' data       exercise_bug.cpp and exercise_truth.cpp (heuristic, repair)
// [SECTION] Words and digest      describe_difficulty, instructions, digest
#include <algorithm>
#include <cstdio>
#include <string>

#include "astar/exercise.hpp"
#include "astar/level_io.hpp"
#include "base/random.hpp"
#include "exercise/exercise_data.hpp"
#include "exercise/model_search.hpp"

namespace astar {

using exercise_detail::ModelOrder;
using exercise_detail::ModelSearch;
using exercise_detail::fnv1a;
using exercise_detail::hex16;

namespace {

// [SECTION] Seeds and levels

std::uint64_t mixed_seed(const ExerciseSpec& s) {
  std::string text = s.seed + '\x1f' + s.student + '\x1f' + std::string(to_string(s.kind)) + '\x1f' +
                     s.algorithm + '\x1f' + s.question + '\x1f' + std::to_string(s.size) + '\x1f' +
                     std::to_string(s.walls) + (s.costs ? "c" : "-") + (s.diagonal ? "d" : "-");
  return fnv1a(text);
}

double random_cost(detail::Rng& rng) {
  const int r = rng.between(1, 20);
  return r <= 12 ? 1.0 : r <= 17 ? 2.0 : 3.0;
}

Level random_level(const ExerciseSpec& s, detail::Rng& rng) {
  Level level(s.size, s.size);
  level.rules().neighbours = s.diagonal ? Neighbours::Eight : Neighbours::Four;
  level.rules().diagonal = DiagonalPolicy::NoCornerCutting;
  const int cells = s.size * s.size;
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  for (int i = cells - 1; i > 0; --i) std::swap(order[static_cast<std::size_t>(i)], order[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  const auto at = [&](int k) { return Cell{order[static_cast<std::size_t>(k)] % s.size, order[static_cast<std::size_t>(k)] / s.size}; };
  const int walls = (cells * s.walls + 50) / 100;
  for (int k = 0; k < walls && k + 2 < cells; ++k) level.set_wall(at(k), true);
  if (s.costs)
    for (int y = 0; y < s.size; ++y)
      for (int x = 0; x < s.size; ++x) level.set_cost({x, y}, random_cost(rng));
  // Start and goal: two open cells far apart (at least the side apart in steps).
  std::vector<Cell> open;
  for (int k = walls; k < cells; ++k) open.push_back(at(k));
  const Cell start = open[rng.below(open.size())];
  std::vector<Cell> far;
  for (Cell c : open)
    if (std::abs(c.x - start.x) + std::abs(c.y - start.y) >= s.size) far.push_back(c);
  level.set_start(start);
  level.set_goal(far.empty() ? start : far[rng.below(far.size())]);
  level.set_cost(level.start(), 1.0);
  level.set_cost(level.goal(), 1.0);
  return level;
}

// The run the engine makes: every take the engine's choice. Counts the takes and the takes
// where more than one node was allowed (ties the stated tie-break leaves open).
struct RunShape {
  bool found = false;
  int takes = 0, ties = 0;
};
RunShape engine_run(const Level& level, ModelOrder order) {
  ModelSearch m(level, order);
  RunShape r;
  while (!m.finished()) {
    if (m.allowed().size() > 1) ++r.ties;
    m.expand(*m.engine_choice());
    ++r.takes;
  }
  r.found = m.goal_taken();
  return r;
}

// Whether a level suits the kind: a path, and a run neither trivial nor too long to do by hand.
bool acceptable(const ExerciseSpec& s, const Level& level, const RunShape& r) {
  if (level.start() == level.goal() || !r.found) return false;
  const int by_hand_max = 2 * s.size + 6;
  switch (s.kind) {
    case ExerciseKind::AStarByHand: return r.takes >= 5 && r.takes <= by_hand_max;
    case ExerciseKind::ExpansionOrder: return r.takes >= 5;  // a click each: any length will do
    case ExerciseKind::PredictClosed:
    case ExerciseKind::Heuristic:
    case ExerciseKind::Repair:
    case ExerciseKind::FindBug: return r.takes >= 5;
    case ExerciseKind::_Max: break;
  }
  return false;
}

// [SECTION] Choosing by ties

constexpr int kCandidates = 6;
constexpr int kTries = 400;

// Of the first kCandidates acceptable levels, the one with the fewest ties (or the most).
std::optional<Level> pick_level(const ExerciseSpec& s, std::uint64_t seed) {
  detail::Rng rng(seed);
  const ModelOrder order = exercise_detail::model_order(s.algorithm);
  std::optional<Level> best;
  int best_ties = 0, found = 0;
  for (int t = 0; t < kTries && found < kCandidates; ++t) {
    Level level = random_level(s, rng);
    const RunShape r = engine_run(level, order);
    if (!acceptable(s, level, r)) continue;
    ++found;
    if (!best || (s.ties ? r.ties > best_ties : r.ties < best_ties)) {
      best = std::move(level);
      best_ties = r.ties;
    }
  }
  return best;
}

// [SECTION] Words and digest

std::string describe_difficulty(const ExerciseSpec& s) {
  return std::to_string(s.size) + " x " + std::to_string(s.size) + ", " + std::to_string(s.walls) +
         " % walls, " + (s.costs ? "costs 1-3" : "cost 1") + ", " +
         (s.diagonal ? "8 neighbours" : "4 neighbours") + ", " + (s.ties ? "many ties" : "few ties");
}

std::string tie_rule(ModelOrder o) {
  switch (o) {
    case ModelOrder::AStar: return "A* takes the open node with the lowest f = g + h; on equal f the larger g; any node still tied is accepted.";
    case ModelOrder::Dijkstra: return "Dijkstra takes the open node with the lowest g; any node tied on g is accepted.";
    case ModelOrder::Greedy: return "Greedy best-first takes the open node with the lowest h; on equal h the larger g; any node still tied is accepted.";
    case ModelOrder::Bfs: return "Breadth-first search takes the open node the fewest steps from the start (a queue); any node as few steps away is accepted.";
  }
  return {};
}

std::string kind_task(const ExerciseSpec& s, ModelOrder o) {
  const std::string alg(exercise_detail::algorithm_title(o));
  switch (s.kind) {
    case ExerciseKind::ExpansionOrder: return "Click the nodes in the order " + alg + " expands them, up to the goal.";
    case ExerciseKind::AStarByHand:
      return "Run A* by hand: pick the node to expand; for each neighbour type its g, h and f, or say "
             "\"no change\" (its g is not improved) or \"skip\" (it is closed); mark the neighbours that "
             "get a new parent; at the end trace the path back from the goal.";
    case ExerciseKind::PredictClosed: return "Paint every cell you think " + alg + " expands (its closed set when it takes the goal), then submit.";
    case ExerciseKind::Heuristic:
      return s.question == "admissible"
                 ? "Each cell shows an h. Click the cells where h is not admissible (it overestimates the true cost to the goal), then submit."
                 : "Each cell shows an h. Click the cells where h is not consistent (some move from the cell costs less than the drop in h), then submit.";
    case ExerciseKind::Repair:
      return "LPA* has found the path (its queue may still hold cells it did not need); then the marked cell "
             "became a wall. Mark the cells this edit makes inconsistent (g = rhs before, not after: LPA* "
             "puts them in its queue), then submit.";
    case ExerciseKind::FindBug: return "This trace of an A* run has one planted bug. Name the finding it causes and the event where it shows.";
    case ExerciseKind::_Max: break;
  }
  return {};
}

std::string title(const ExerciseSpec& s) {
  const std::string alg(exercise_detail::algorithm_title(exercise_detail::model_order(s.algorithm)));
  switch (s.kind) {
    case ExerciseKind::ExpansionOrder: return "Exercise: the order " + alg + " expands";
    case ExerciseKind::AStarByHand: return "Exercise: A* by hand";
    case ExerciseKind::PredictClosed: return "Exercise: predict what " + alg + " expands";
    case ExerciseKind::Heuristic: return "Exercise: is this h " + s.question + "?";
    case ExerciseKind::Repair: return "Exercise: what an edit makes inconsistent (LPA*)";
    case ExerciseKind::FindBug: return "Exercise: find the bug in a trace";
    case ExerciseKind::_Max: break;
  }
  return "Exercise";
}

std::string instructions(const ExerciseSpec& s) {
  const ModelOrder o = exercise_detail::model_order(s.algorithm);
  std::string text = kind_task(s, o);
  if (s.kind == ExerciseKind::ExpansionOrder || s.kind == ExerciseKind::AStarByHand) text += " " + tie_rule(o);
  if (s.kind == ExerciseKind::PredictClosed)  // one run decides: ties go as our search takes them
    text += " " + tie_rule(o).substr(0, tie_rule(o).find("; any node")) +
            (o == ModelOrder::Dijkstra ? "; on equal g" : "; then") + " the node put in the open set first.";
  text += std::string(" Moves: ") + (s.diagonal ? "8 neighbours, no corner cutting, a diagonal costs sqrt 2 times the cell's cost; h is the octile distance."
                                                : "4 neighbours; h is the Manhattan distance.");
  text += " Entering a cell costs its cost.";
  if (s.kind == ExerciseKind::AStarByHand)
    text += std::string(" Type numbers to two decimals: within 0.01 is right") + (s.diagonal ? " (1.41 for sqrt 2)." : ".");
  if (s.exam)
    text += " Exam: no hints, no undo, one attempt" +
            (s.time_limit > 0 ? ", " + std::to_string(s.time_limit / 60) + " min " + std::to_string(s.time_limit % 60) + " s." : std::string("."));
  return text;
}

std::string digest_of(const Exercise& e) {
  std::uint64_t h = fnv1a(level_to_json(e.level));
  for (const double v : e.given_h) h = fnv1a(exercise_detail::number_words(v) + ",", h);
  if (e.edited_cell) h = fnv1a(std::to_string(e.edited_cell->x) + "," + std::to_string(e.edited_cell->y), h);
  h = fnv1a(e.trace_json, h);
  return hex16(h);
}

void set_preset(Level& level, const ExerciseSpec& s) {
  level.preset.algorithm = s.kind == ExerciseKind::Repair ? "lpa-star" : s.algorithm;
  if (s.algorithm != "dijkstra" && s.algorithm != "bfs")
    level.preset.heuristic = s.diagonal ? "octile" : "manhattan";
  if (s.algorithm != "bfs") level.preset.tie_break = "larger-g";
}

}  // namespace

Result<Exercise> make_exercise(const ExerciseSpec& spec) {
  if (std::string why = check_exercise_spec(spec); !why.empty()) return Error{why};
  std::optional<Level> level = pick_level(spec, mixed_seed(spec));
  if (!level)
    return Error{"exercise: none of " + std::to_string(kTries) + " levels of " + std::to_string(spec.size) +
                 " x " + std::to_string(spec.size) + " with " + std::to_string(spec.walls) +
                 " % walls suits this exercise (a path from start to goal" +
                 (spec.kind == ExerciseKind::AStarByHand
                      ? ", and 5 to " + std::to_string(2 * spec.size + 6) + " expansions to do by hand"
                      : std::string(", and 5 expansions or more")) +
                 "); try other walls or another size"};
  Exercise e;
  e.spec = spec;
  e.level = std::move(*level);
  e.level.exercise = spec;
  e.level.name = title(spec) + (spec.student.empty() ? "" : " (" + spec.student + ")");
  set_preset(e.level, spec);
  e.instructions = instructions(spec);
  e.level.description = e.instructions;
  e.difficulty = describe_difficulty(spec);
  detail::Rng rng(mixed_seed(spec) ^ 0x5eed0fda7a5eedull);
  if (Status s = exercise_detail::add_kind_data(e, rng); !s) return Error{s.error()};
  e.digest = digest_of(e);
  return e;
}

Result<Exercise> exercise_of_level(const Level& level, std::string_view source) {
  if (!level.exercise) return Error{std::string(source) + ": exercise: the level has none"};
  Result<Exercise> e = make_exercise(*level.exercise);
  if (!e) return Error{std::string(source) + ": " + e.error()};
  if (!(e.value().level == level))
    return Error{std::string(source) + ": exercise: the level is not the one seed '" +
                                     level.exercise->seed + "' and student '" + level.exercise->student +
                                     "' make (edited after it was made?)"};
  return e;
}

}  // namespace astar
