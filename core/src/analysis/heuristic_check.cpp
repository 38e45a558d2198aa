#include "astar/heuristic_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "astar/detail/best_first.hpp"
#include "astar/moves.hpp"
#include "astar/format.hpp"

namespace astar {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// True when a exceeds b by more than float noise (so near-equal worst cases keep the first).
bool exceeds(double a, double b) {
  return a - b > kHeuristicTolerance * std::max(1.0, std::abs(b));
}

std::string num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string plural(std::int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string verdict_of(const HeuristicReport& r) {
  if (!r.admissible()) {
    const std::size_t w = r.index(*r.worst_cell);
    return "h overestimates at " + plural(r.overestimate_count, "cell", "cells") + " (worst " +
           cell_text(*r.worst_cell) + ": h " + num(r.h[w]) + " > true " + num(r.h_true[w]) +
           "): the path A* finds may not be optimal";
  }
  if (!r.consistent()) {
    const HeuristicReport::BadMove& m = *r.worst_move;
    return "h never overestimates on this level, but it is inconsistent on " +
           plural(r.inconsistent_count, "move", "moves") + " (worst " + cell_text(m.from) +
           " → " + cell_text(m.to) + ": h " + num(m.h_from) + " > cost " + num(m.cost) +
           " + h " + num(m.h_to) +
           "): A* does not reopen closed cells, so the path it finds may not be optimal";
  }
  return "h never overestimates on this level: A* finds an optimal path";
}

}  // namespace

std::vector<double> true_cost_to_goal(const Level& level, const MovementRules& rules) {
  const MovePolicy policy(level, rules);
  std::vector<double> dist(static_cast<std::size_t>(level.cell_count()), kInf);
  const Cell goal = level.goal();
  if (!level.open(goal)) return dist;
  // Dijkstra from the goal with a lazy queue over the moves entering each cell (one-cell moves
  // and jumps across), as the policy gives them.
  using Item = std::pair<double, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  dist[to_u32(level.index(goal))] = 0.0;
  queue.push({0.0, to_u32(level.index(goal))});
  while (!queue.empty()) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda.
    const double d = queue.top().first;
    const std::uint32_t i = queue.top().second;
    queue.pop();
    if (d > dist[i]) continue;
    policy.for_each_move_into(level.cell(CellIndex(i)), [&](const Move& in) {
      if (!in.possible()) return;
      const std::uint32_t j = to_u32(level.index(in.to));  // the cell the move leaves
      if (d + in.cost < dist[j]) {
        dist[j] = d + in.cost;
        queue.push({dist[j], j});
      }
    });
  }
  return dist;
}

HeuristicReport check_heuristic(const Level& level, const MovementRules& rules,
                                const SearchOptions& options) {
  HeuristicReport r;
  r.width = level.width();
  r.height = level.height();
  // The scale as the search makes it: bidirectional A*'s sides are A* searches.
  SearchOptions o = options;
  if (o.algorithm == Algorithm::Bidirectional) o.algorithm = Algorithm::AStar;
  const BestFirstSearch search(level, rules, o);
  r.scale = search.heuristic_scale();
  r.heuristic = r.scale == 0.0 ? Heuristic::Zero : o.heuristic;

  const std::size_t n = static_cast<std::size_t>(level.cell_count());
  r.h_true = true_cost_to_goal(level, rules);
  r.h.assign(n, kInf);
  r.overestimates.assign(n, 0);
  r.inconsistent.assign(n, 0);
  const auto h_of = [&](Cell c) { return search.h_at(c); };  // the search's own h
  double worst_over = 0.0;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Cell c{x, y};
      if (level.solid(c)) continue;
      const std::size_t i = r.index(c);
      r.h[i] = h_of(c);
      if (std::isinf(r.h_true[i]) || !exceeds(r.h[i], r.h_true[i])) continue;
      r.overestimates[i] = 1;
      ++r.overestimate_count;
      if (!r.worst_cell || exceeds(r.h[i] - r.h_true[i], worst_over)) {
        worst_over = r.h[i] - r.h_true[i];
        r.worst_cell = c;
      }
    }

  const MovePolicy policy(level, rules);
  double worst_gap = 0.0;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Cell c{x, y};
      if (level.solid(c)) continue;
      const double ha = r.h[r.index(c)];
      policy.for_each_move(c, [&](const Move& m) {
        if (!m.possible()) return;
        const double hb = r.h[r.index(m.to)];
        if (!exceeds(ha, m.cost + hb)) return;
        r.inconsistent[r.index(c)] = 1;
        ++r.inconsistent_count;
        if (!r.worst_move || exceeds(ha - m.cost - hb, worst_gap)) {
          worst_gap = ha - m.cost - hb;
          r.worst_move = HeuristicReport::BadMove{c, m.to, ha, m.cost, hb};
        }
      });
    }
  r.verdict = verdict_of(r);
  return r;
}

}  // namespace astar
