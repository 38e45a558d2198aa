// Flow fields (flow_field.hpp): a Dijkstra from the goals over the moves entering each cell,
// exact costs, ties in row-major order; the flow read from the settled costs.
#include "astar/flow_field.hpp"

#include <algorithm>
#include <string>

#include "astar/format.hpp"

namespace astar {

bool FlowField::after(const Entry& x, const Entry& y) {
  const int c = compare(x.cost, y.cost);
  return c != 0 ? c > 0 : x.index > y.index;
}

FlowField::FlowField(const Level& level, const MovementRules& rules, std::vector<Cell> goals)
    : level_(&level),
      policy_(level, rules),
      goals_(std::move(goals)),
      cost_(static_cast<std::size_t>(level.cell_count())),
      state_(static_cast<std::size_t>(level.cell_count()), CellState::Unseen) {
  for (Cell g : goals_) {
    const std::uint32_t i = index(g);
    if (state_[i] != CellState::Unseen) continue;
    state_[i] = CellState::Open;
    cost_[i] = ExactCost{};
    heap_.push_back({ExactCost{}, i});
  }
  std::make_heap(heap_.begin(), heap_.end(), after);
}

bool FlowField::step() {
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), after);
    const Entry e = heap_.back();
    heap_.pop_back();
    if (state_[e.index] == CellState::Settled || !(e.cost == cost_[e.index])) continue;  // stale
    state_[e.index] = CellState::Settled;
    order_.push_back(e.index);
    relax_into(e.index);
    return true;
  }
  done_ = true;
  return false;
}

void FlowField::run() {
  while (step()) {
  }
}

// Every possible move entering settled cell i offers its start cell i's cost plus the move's.
void FlowField::relax_into(std::uint32_t i) {
  const ExactCost here = cost_[i];
  policy_.for_each_move_into(level_->cell(CellIndex(i)), [&](const Move& in) {
    if (!in.possible()) return;
    const std::uint32_t j = index(in.to);  // the cell the move leaves
    if (state_[j] == CellState::Settled) return;
    const ExactCost offered = here + in.exact;
    if (state_[j] == CellState::Open && compare(offered, cost_[j]) >= 0) return;
    state_[j] = CellState::Open;
    cost_[j] = offered;
    heap_.push_back({offered, j});
    std::push_heap(heap_.begin(), heap_.end(), after);
  });
}

bool FlowField::is_goal(Cell c) const {
  return std::find(goals_.begin(), goals_.end(), c) != goals_.end();
}

std::optional<Move> FlowField::flow(Cell c) const {
  if (state(c) != CellState::Settled || is_goal(c)) return std::nullopt;
  std::optional<Move> best;
  ExactCost best_sum;
  policy_.for_each_move(c, [&](const Move& m) {
    if (!m.possible() || state(m.to) != CellState::Settled) return;
    const ExactCost sum = m.exact + cost(m.to);
    if (!best || compare(sum, best_sum) < 0) {  // equal sums: the first move stays
      best = m;
      best_sum = sum;
    }
  });
  return best;
}

std::vector<Cell> FlowField::follow(Cell c) const {
  std::vector<Cell> out{c};
  // Each move lands on a cell of lower cost, so at most one visit per cell.
  for (std::int64_t k = 0; k < level_->cell_count(); ++k) {
    const std::optional<Move> m = flow(out.back());
    if (!m) break;
    out.push_back(m->to);
  }
  return out;
}

Result<FlowField> make_flow_field(const Level& level, const MovementRules& rules,
                                  std::vector<Cell> goals) {
  if (goals.empty()) return Error{"no goal: a flow field needs at least one"};
  if (goals.size() > static_cast<std::size_t>(level.cell_count()))
    return Error{"more goals (" + count_text(static_cast<std::int64_t>(goals.size())) +
                 ") than cells (" + count_text(level.cell_count()) + ")"};
  for (std::size_t k = 0; k < goals.size(); ++k)
    if (std::string why = level.check_endpoint("goals[" + std::to_string(k) + "]", goals[k]);
        !why.empty())
      return Error{why};
  const double dearest = dearest_move(level, rules);
  if (!fits_exact_sums(dearest, static_cast<double>(level.cell_count())))
    return Error{"costs too large to add up exactly: a move may cost " + number_text(dearest) +
                 " and a way take " + count_text(level.cell_count()) +
                 " steps (their product must stay below 2,000,000,000,000)"};
  return FlowField(level, rules, std::move(goals));
}

}  // namespace astar
