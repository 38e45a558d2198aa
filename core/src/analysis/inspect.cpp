#include "astar/inspect.hpp"
#include "astar/format.hpp"

namespace astar {

namespace {

// The priority as the algorithm words it: "f 9.41 (g 5.00 + h 4.41)", "h 4.41", "g 5.00", ...
std::string priority_text(Algorithm a, const NodeView& n) {
  switch (info(a).order) {
    case Priority::G: return "g " + fixed2_text(n.g);
    case Priority::H: return "h " + fixed2_text(n.h);
    case Priority::Steps: return fixed2_text(n.f) + " steps from the start";
    case Priority::GPlusWeightedH:
      return "f " + fixed2_text(n.f) + " (g " + fixed2_text(n.g) + " + w * h " + fixed2_text(n.h) + ")";
    case Priority::GPlusH: break;
  }
  return "f " + fixed2_text(n.f) + " (g " + fixed2_text(n.g) + " + h " + fixed2_text(n.h) + ")";
}

}  // namespace

std::string why_not_taken(const Search& s, Cell c) {
  const Level& lv = s.level();
  if (!lv.in_bounds(c)) return "outside the level";
  if (lv.wall(c)) return "a wall: never entered";
  if (lv.solid(c)) return "an agent stands here: never entered while agents block";
  if (!finished(s.state())) return {};
  const NodeView n = s.node(c);
  if (n.state == NodeState::Closed) return {};
  const Algorithm a = s.options().algorithm;
  if (n.state == NodeState::Unseen) {
    if (info(a).extras.flow && s.state() != SearchState::IterationLimit)
      return "cannot reach the goal: the field settled every cell that can, and not this one, "
             "so it has no flow";
    if (s.state() == SearchState::Found)
      return "never reached: the goal was taken before any taken node's move led here";
    if (s.state() == SearchState::NoPath) return "never reached: no path from the start leads here";
    return "never reached before the search stopped";
  }
  // Open when the search ended.
  if (s.state() == SearchState::Found) {
    const double cost = s.path_cost();
    const bool a_star_like = info(a).guarantee == Guarantee::Optimal;  // f never above the optimum
    if (a_star_like && n.f > cost + 1e-9)
      return "open with " + priority_text(a, n) + " > the path's cost " + fixed2_text(cost) +
             ": no path through it can be cheaper, so it was never needed";
    if (a_star_like)
      return "open with " + priority_text(a, n) + ", equal to the path's cost " + fixed2_text(cost) +
             ": the goal came first in the tie-break";
    return "open with " + priority_text(a, n) + ": the goal was taken before it";
  }
  return "open with " + priority_text(a, n) + " when the search stopped";
}

std::vector<PathStep> path_breakdown(const MovePolicy& policy, const std::vector<Cell>& path) {
  std::vector<PathStep> out;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    if (!m) return {};
    out.push_back({path[k - 1], path[k], m->action, m->cost});
  }
  return out;
}

std::optional<Verdict> judge_prediction(const Search& s, Cell guess) {
  const std::optional<Cell> next = s.next_to_take();
  if (!next) return std::nullopt;
  const Algorithm a = s.options().algorithm;
  const NodeView want = s.node(*next);
  const std::string rule = info(a).extras.flow          ? "the lowest g (its cost to the goal)"
                           : a == Algorithm::GreedyBestFirst ? "the lowest h"
                           : a == Algorithm::Dijkstra     ? "the lowest g"
                           : a == Algorithm::BreadthFirst ? "the fewest steps"
                                                          : "the lowest f";
  const std::string label(info(a).label);
  const std::string chosen = cell_text(*next) + " has " + priority_text(a, want);
  if (guess == *next) return Verdict{true, "Right: " + label + " takes the open node with " + rule + ", and " + chosen + "."};
  const NodeView g = s.node(guess);
  if (!s.level().in_bounds(guess) || g.state == NodeState::Unseen)
    return Verdict{false, "Not quite: " + cell_text(guess) + " is not in the open set yet, so it cannot be taken. " + chosen + "."};
  if (g.state == NodeState::Closed)
    return Verdict{false, "Not quite: " + cell_text(guess) + " is closed: it was taken already. " + chosen + "."};
  if (g.f == want.f && info(a).extras.flow)
    return Verdict{false, "Close: " + cell_text(guess) + " has the same priority, " + priority_text(a, g) +
                              "; equal costs go by row, then column, so " + cell_text(*next) +
                              " comes first."};
  if (g.f == want.f && !info(a).takes_tie_break)
    return Verdict{false, "Close: " + cell_text(guess) + " has the same priority, " + priority_text(a, g) +
                              "; " + label + " is first in, first out: " + cell_text(*next) +
                              " entered the open set first."};
  if (g.f == want.f)
    return Verdict{false, "Close: " + cell_text(guess) + " has the same priority, " + priority_text(a, g) +
                              "; the tie-break (" + std::string(to_string(s.options().tie_break)) +
                              ") puts " + cell_text(*next) + " first."};
  return Verdict{false, "Not quite: " + cell_text(guess) + " has " + priority_text(a, g) + ", but " + chosen +
                            ", which comes first: " + label + " takes the open node with " + rule + "."};
}

}  // namespace astar
