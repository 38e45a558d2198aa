// The kinds' data and right answers (exercise_data.hpp): the heuristic shown and where it fails,
// the repair's edit and LPA*'s queue after it, the closed set a real search ends with.
//
// [SECTION] Exact true costs    true_costs (a reverse Dijkstra over exact costs)
// [SECTION] Heuristic           given_h, heuristic_truth
// [SECTION] Repair              choose_edit, repair_truth
// [SECTION] Dispatch            add_kind_data, mark_truth
#include <algorithm>
#include <cmath>
#include <limits>

#include "astar/make_search.hpp"
#include "astar/replanning.hpp"
#include "exercise/exercise_data.hpp"
#include "exercise/model_search.hpp"

namespace astar::exercise_detail {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::size_t at(const Level& l, Cell c) { return static_cast<std::size_t>(c.y) * l.width() + c.x; }

// [SECTION] Exact true costs

// The cheapest exact cost from every cell to the goal (none: a wall or no way), by a plain
// O(cells^2) Dijkstra: exercise levels have at most 144 cells.
std::vector<std::optional<ExactCost>> true_costs(const Level& level) {
  const MovePolicy policy(level);
  std::vector<std::optional<ExactCost>> d(static_cast<std::size_t>(level.cell_count()));
  std::vector<char> done(d.size(), 0);
  d[at(level, level.goal())] = ExactCost{};
  for (;;) {
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < d.size(); ++i)
      if (!done[i] && d[i] && (!best || compare(*d[i], *d[*best]) < 0)) best = i;
    if (!best) break;
    done[*best] = 1;
    const Cell to = level.cell(CellIndex(static_cast<std::uint32_t>(*best)));
    policy.for_each_move_into(to, [&](const Move& m) {
      if (!m.possible()) return;
      const std::size_t from = at(level, m.to);
      const ExactCost through = *d[*best] + m.exact;
      if (!d[from] || compare(through, *d[from]) < 0) d[from] = through;
    });
  }
  return d;
}

ExactCost tenths(double v) { return ExactCost{std::llround(v * 10.0) * 100000, 0}; }

// [SECTION] Heuristic

// An integer h that is consistent and admissible (Chebyshev steps with 8 neighbours, Manhattan
// with 4: every move costs at least 1), then a few cells raised: 2-4 by 0.5-2.5 above the base
// (faults, if they break the rule asked), and 2 raised as far as they can go and stay right
// (decoys: admissible: to the true cost rounded down; consistent: by 0.5 where that is safe).
void add_given_h(Exercise& e, detail::Rng& rng) {
  const Level& level = e.level;
  const auto truth = true_costs(level);
  e.given_h.assign(truth.size(), kInf);
  std::vector<Cell> candidates;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Cell c{x, y};
      if (level.solid(c)) continue;
      const int dx = std::abs(x - level.goal().x), dy = std::abs(y - level.goal().y);
      e.given_h[at(level, c)] = level.rules().neighbours == Neighbours::Four ? dx + dy : std::max(dx, dy);
      if (c != level.goal() && truth[at(level, c)]) candidates.push_back(c);
    }
  for (std::size_t i = candidates.size(); i > 1; --i) std::swap(candidates[i - 1], candidates[rng.below(i)]);
  const std::size_t faults = std::min<std::size_t>(candidates.size(), static_cast<std::size_t>(rng.between(2, 4)));
  for (std::size_t k = 0; k < faults; ++k) {
    double& h = e.given_h[at(level, candidates[k])];
    const double true_cost = truth[at(level, candidates[k])]->value();
    const double base = e.spec.question == "admissible" ? std::ceil(true_cost * 10.0) / 10.0 : h;
    h = base + rng.between(5, 25) / 10.0;
  }
  for (std::size_t k = faults; k < std::min(candidates.size(), faults + 2); ++k) {
    double& h = e.given_h[at(level, candidates[k])];
    if (e.spec.question == "admissible") h = std::floor(truth[at(level, candidates[k])]->value() * 10.0) / 10.0;
  }
}

bool move_inconsistent(const Exercise& e, Cell a, const Move& m) {
  // h(a) > cost + h(b), exactly: tenths against a + b sqrt 2.
  const ExactCost drop = tenths(e.given_h[at(e.level, a)]) - tenths(e.given_h[at(e.level, m.to)]);
  return compare(drop, m.exact) > 0;
}

std::vector<Cell> heuristic_truth(const Exercise& e) {
  const Level& level = e.level;
  const auto truth = true_costs(level);
  const MovePolicy policy(level);
  std::vector<Cell> out;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Cell c{x, y};
      if (level.solid(c)) continue;
      bool fails = false;
      if (e.spec.question == "admissible") {
        fails = truth[at(level, c)] && compare(tenths(e.given_h[at(level, c)]), *truth[at(level, c)]) > 0;
      } else {
        policy.for_each_move(c, [&](const Move& m) {
          if (m.possible() && move_inconsistent(e, c, m)) fails = true;
        });
      }
      if (fails) out.push_back(c);
    }
  return out;
}

// [SECTION] Repair

SearchOptions lpa_options(const Level& level) {
  SearchOptions o = with_preset({}, level.preset);
  o.algorithm = Algorithm::LpaStar;
  return o;
}

// A cell of the optimal path (not an endpoint) that, walled, still leaves a way to the goal.
Status add_edit(Exercise& e, detail::Rng& rng) {
  ModelSearch m(e.level, ModelOrder::AStar);
  while (!m.finished()) m.expand(*m.engine_choice());
  std::vector<Cell> path = m.path_back();
  std::vector<Cell> inner(path.size() > 2 ? path.begin() + 1 : path.end(), path.size() > 2 ? path.end() - 1 : path.end());
  for (std::size_t i = inner.size(); i > 1; --i) std::swap(inner[i - 1], inner[rng.below(i)]);
  for (const Cell c : inner) {
    Level edited = e.level;
    edited.set_wall(c, true);
    if (!true_costs(edited)[at(edited, edited.start())]) continue;
    e.edited = std::move(edited);
    e.edited_cell = c;
    return Ok{};
  }
  return Error{"exercise: no cell of the path can become a wall and leave a way to the goal"};
}

std::vector<Cell> repair_truth(const Exercise& e) {
  ReplanningSearch s(e.level, e.level.rules(), lpa_options(e.level));
  s.run();
  const std::size_t all = static_cast<std::size_t>(e.level.cell_count());
  std::vector<char> queued_before(all, 0);
  for (const QueueEntry& q : s.queue_top(all)) queued_before[at(e.level, q.cell)] = 1;
  const Cell changed[] = {*e.edited_cell};
  if (!s.apply_changes(*e.edited, changed)) return {};
  // The queue holds exactly the inconsistent cells; those it held before (left when the search
  // stopped at the goal) were inconsistent already.
  std::vector<Cell> out;
  for (const QueueEntry& q : s.queue_top(all))
    if (!queued_before[at(e.level, q.cell)]) out.push_back(q.cell);
  return out;
}

std::vector<Cell> closed_truth(const Exercise& e) {
  SearchOptions o = with_preset({}, e.level.preset);
  std::unique_ptr<Search> s = make_search(e.level, e.level.rules(), o);
  s->run();
  std::vector<Cell> out;
  for (int y = 0; y < e.level.height(); ++y)
    for (int x = 0; x < e.level.width(); ++x)
      if (s->node_state({x, y}) == NodeState::Closed) out.push_back({x, y});
  return out;
}

bool row_major(Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

}  // namespace

// [SECTION] Dispatch

Status add_kind_data(Exercise& e, detail::Rng& rng) {
  switch (e.spec.kind) {
    case ExerciseKind::Heuristic: add_given_h(e, rng); return Ok{};
    case ExerciseKind::Repair: return add_edit(e, rng);
    case ExerciseKind::FindBug: return add_bug_trace(e, rng);
    case ExerciseKind::ExpansionOrder:
    case ExerciseKind::AStarByHand:
    case ExerciseKind::PredictClosed:
    case ExerciseKind::_Max: break;
  }
  return Ok{};
}

std::vector<Cell> mark_truth(const Exercise& e) {
  std::vector<Cell> out;
  switch (e.spec.kind) {
    case ExerciseKind::PredictClosed: out = closed_truth(e); break;
    case ExerciseKind::Heuristic: out = heuristic_truth(e); break;
    case ExerciseKind::Repair: out = repair_truth(e); break;
    case ExerciseKind::ExpansionOrder:
    case ExerciseKind::AStarByHand:
    case ExerciseKind::FindBug:
    case ExerciseKind::_Max: break;
  }
  std::sort(out.begin(), out.end(), row_major);
  return out;
}

}  // namespace astar::exercise_detail
