#include "astar/breakpoints.hpp"
#include "astar/format.hpp"

#include <algorithm>

namespace astar {

void BreakpointWatch::before_step(const Search& s) {
  const Breakpoints& b = breakpoints;
  open_states_.clear();
  for (Cell c : b.on_open) open_states_.push_back(s.node_state(c));
  goal_state_ = b.goal_reached ? s.node_state(s.level().goal()) : NodeState::Unseen;
  open_size_ = s.open_size();
  iterations_ = s.iterations();
  last_f_.reset();
  if (const auto t = s.last_taken(); t && b.f_increases) last_f_ = s.node(*t).f;
}

std::optional<std::string> BreakpointWatch::after_step(const Search& s) const {
  const Breakpoints& b = breakpoints;
  if (!b.any()) return std::nullopt;
  const std::optional<Cell> taken = s.last_taken();
  // A micro-step that only examined a move took nothing.
  const bool took = taken && s.iterations() > iterations_;
  if (took && std::find(b.on_take.begin(), b.on_take.end(), *taken) != b.on_take.end())
    return "breakpoint: " + cell_text(*taken) + " was taken";
  for (std::size_t i = 0; i < b.on_open.size() && i < open_states_.size(); ++i) {
    const Cell c = b.on_open[i];
    const auto& relaxed = s.last_relaxed();
    const bool relaxed_now = std::find(relaxed.begin(), relaxed.end(), c) != relaxed.end();
    if (relaxed_now && s.node_state(c) == NodeState::Open && open_states_[i] != NodeState::Open)
      return "breakpoint: " + cell_text(c) + " entered the open set";
  }
  if (b.goal_reached && goal_state_ == NodeState::Unseen &&
      s.node_state(s.level().goal()) != NodeState::Unseen)
    return "breakpoint: the goal " + cell_text(s.level().goal()) + " was reached for the first time";
  if (b.open_above > 0 && open_size_ <= static_cast<std::size_t>(b.open_above) &&
      s.open_size() > static_cast<std::size_t>(b.open_above))
    return "breakpoint: the open set has " + std::to_string(s.open_size()) + " nodes (more than " +
           std::to_string(b.open_above) + ")";
  if (b.f_increases && took && last_f_ && s.node(*taken).f > *last_f_)
    return "breakpoint: f went up from " + fixed2_text(*last_f_) + " to " +
           fixed2_text(s.node(*taken).f) + " at " + cell_text(*taken);
  return std::nullopt;
}

}  // namespace astar
