// The search session's movement range (search_session.hpp, state/movement_range.hpp): the budget
// in the options, with Dijkstra, the one algorithm that takes it.
#include "state/search_session.hpp"

namespace studio {

void SearchSession::set_movement_range(bool on) {
  if (on == movement_range() && (!on || options_.algorithm == astar::Algorithm::Dijkstra)) return;
  if (on) {
    options_.algorithm = astar::Algorithm::Dijkstra;
    options_.budget = range_budget_;
  } else {
    options_.budget.reset();
  }
  options_changed();
}

void SearchSession::set_range_budget(double budget) {
  if (budget == range_budget_) return;
  range_budget_ = budget;
  if (!movement_range()) return;
  options_.budget = budget;
  options_changed();
}

}  // namespace studio
