// Test helper: the cost of a plan step by step, and the conflicts of a set of plans by brute force (every tick up to the longest
// plan, every pair of units), written apart from find_conflicts (unit_plans.hpp) as the oracle of
// its tests and of the cooperative planners' (test_cooperative.cpp).
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/moves.hpp"
#include "astar/unit_plans.hpp"

namespace astar::test {

// Every conflict, in find_conflicts's order.
inline std::vector<Conflict> brute_conflicts(const std::vector<UnitPlan>& plans) {
  std::size_t end = 0;
  for (const UnitPlan& p : plans) end = std::max(end, p.cells.size() - 1);
  const auto at = [&](std::size_t i, std::size_t t) {
    const std::vector<Cell>& c = plans[i].cells;
    return t < c.size() ? c[t] : c.back();
  };
  std::vector<Conflict> out;
  for (std::size_t t = 0; t <= end; ++t) {
    for (std::size_t a = 0; a < plans.size(); ++a)
      for (std::size_t b = a + 1; b < plans.size(); ++b)
        if (at(a, t) == at(b, t)) out.push_back({Conflict::Kind::Vertex, a, b, at(a, t), at(a, t), t});
    if (t == 0) continue;
    for (std::size_t a = 0; a < plans.size(); ++a)
      for (std::size_t b = a + 1; b < plans.size(); ++b)
        if (!(at(a, t) == at(a, t - 1)) && at(a, t) == at(b, t - 1) && at(b, t) == at(a, t - 1))
          out.push_back({Conflict::Kind::Edge, a, b, at(a, t), at(b, t), t});
  }
  return out;
}

// The cost of a plan, step by step: a wait costs 1, a move what the policy says (the cheapest
// possible move between the two cells); none when a step is no possible move.
inline std::optional<ExactCost> plan_cost(const MovePolicy& policy, const std::vector<Cell>& cells) {
  ExactCost sum;
  for (std::size_t k = 1; k < cells.size(); ++k) {
    if (cells[k] == cells[k - 1]) {
      sum += ExactCost::straight(1.0);
      continue;
    }
    std::optional<ExactCost> best;
    policy.for_each_move(cells[k - 1], [&](const Move& m) {
      if (m.possible() && m.to == cells[k] && (!best || compare(m.exact, *best) < 0)) best = m.exact;
    });
    if (!best) return std::nullopt;
    sum += *best;
  }
  return sum;
}

}  // namespace astar::test
