// Plain against prioritized Conflict-Based Search on the level's units (issue 33, item 3): both
// run to the end on the same problem, side by side, so the effect of choosing cardinal conflicts
// first (Boyarski et al., "ICBS", IJCAI 2015) shows as tree nodes split and time, at the same
// sum of costs (both are optimal).
//
//   CbsComparison cmp;
//   cmp.run(level, level.rules());          // both, each within the budget below
//   for (const CbsComparison::Side& s : cmp.sides()) show(s.label, s.result.nodes_expanded, s.ms);
//   say(cmp.summary());   // "prioritized CBS split 7 tree nodes in 0.2 ms, plain CBS 7 in 0.2 ms: ..."
//
// Each side runs within kCompareNodes tree nodes and kCompareSeconds seconds (the studio waits
// for it); a side past either says so. The level must not change during run().
#pragma once

#include <array>
#include <string>

#include "astar/cbs.hpp"
#include "astar/level.hpp"

namespace studio {

inline constexpr std::uint64_t kCompareNodes = 50'000;
inline constexpr double kCompareSeconds = 3.0;

class CbsComparison {
 public:
  struct Side {
    astar::CbsConflictChoice choice = astar::CbsConflictChoice::First;
    std::string label;            // "plain CBS", "prioritized CBS"
    astar::CbsResult result;      // outcome, plans, cost, counts
    double ms = 0.0;              // its run's wall time
    std::string error;            // the planner refused the level: why
  };

  // Runs both sides on `level` (its units) with `rules`.
  void run(const astar::Level& level, const astar::MovementRules& rules);
  void clear() { ran_ = false; }
  bool ran() const { return ran_; }
  const std::array<Side, 2>& sides() const { return sides_; }  // plain, then prioritized
  // One line for the panel and the status line: what each split and how long it took, and
  // whether their sums of costs agree (they must, when both solve).
  std::string summary() const;

 private:
  std::array<Side, 2> sides_{};
  bool ran_ = false;
};

}  // namespace studio
