// Breakpoints for stepping and playing: stop when a chosen cell is opened or taken, when the
// goal is first reached (seen), when the open set grows past a size, or when the f of the taken
// node goes up. A BreakpointWatch looks at the search before and after each step (its views
// only), so it works the same for every algorithm and costs nothing when no breakpoint is set.
//
//   watch.before_step(search);
//   search.step();
//   if (auto why = watch.after_step(search)) { pause(); status = *why; }
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "astar/search.hpp"

namespace astar {

struct Breakpoints {
  std::vector<Cell> on_open;    // a cell enters the open set (first seen, or reopened)
  std::vector<Cell> on_take;    // a cell is taken from the open set
  bool goal_reached = false;    // the goal is first seen (the search may go on to prove it best)
  std::int64_t open_above = 0;  // the open set grows past this many nodes (0: off)
  bool f_increases = false;     // the taken node's f is greater than the last taken node's
  bool any() const {
    return !on_open.empty() || !on_take.empty() || goal_reached || open_above > 0 || f_increases;
  }
};

class BreakpointWatch {
 public:
  Breakpoints breakpoints;

  // Call before each step (or micro-step): remembers what after_step compares with.
  void before_step(const Search& s);
  // The first breakpoint the step since before_step hit, as a sentence for the status line.
  std::optional<std::string> after_step(const Search& s) const;

 private:
  std::vector<NodeState> open_states_;  // of breakpoints.on_open, before the step
  NodeState goal_state_ = NodeState::Unseen;
  std::size_t open_size_ = 0;
  std::int64_t iterations_ = 0;
  std::optional<double> last_f_;        // f of the node the last step took
};

}  // namespace astar
