// Plain against prioritized CBS on one problem (cbs_compare.hpp).
#include "state/cbs_compare.hpp"

#include <chrono>
#include <cstdio>

#include "astar/format.hpp"

namespace studio {

void CbsComparison::run(const astar::Level& level, const astar::MovementRules& rules) {
  using astar::CbsConflictChoice;
  sides_[0].choice = CbsConflictChoice::First;
  sides_[0].label = "plain CBS";
  sides_[1].choice = CbsConflictChoice::Cardinal;
  sides_[1].label = "prioritized CBS";
  for (Side& s : sides_) {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = astar::plan_cbs(level, rules,
                             {.choice = s.choice, .max_nodes = kCompareNodes, .max_seconds = kCompareSeconds});
    s.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    s.error = r ? std::string() : r.error();
    s.result = r ? std::move(r.value()) : astar::CbsResult{};
  }
  ran_ = true;
}

namespace {

std::string side_text(const CbsComparison::Side& s) {
  if (!s.error.empty()) return s.label + ": " + s.error;
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.1f ms", s.ms);
  std::string out = s.label + " split " + std::to_string(s.result.nodes_expanded) +
                    (s.result.nodes_expanded == 1 ? " tree node" : " tree nodes") + " in " + ms;
  if (s.result.outcome != astar::CbsOutcome::Solved) out += " (" + std::string(to_string(s.result.outcome)) + ")";
  return out;
}

}  // namespace

std::string CbsComparison::summary() const {
  if (!ran_) return {};
  const Side& plain = sides_[0];
  const Side& prio = sides_[1];
  std::string out = side_text(prio) + ", " + side_text(plain);
  const bool both = plain.error.empty() && prio.error.empty() &&
                    plain.result.outcome == astar::CbsOutcome::Solved &&
                    prio.result.outcome == astar::CbsOutcome::Solved;
  if (both)
    out += plain.result.cost == prio.result.cost
               ? "; both find the sum of costs " + astar::number_text(prio.result.cost.value())
               : "; their sums of costs differ (" + astar::number_text(prio.result.cost.value()) + " and " +
                     astar::number_text(plain.result.cost.value()) + "): a bug";
  return out;
}

}  // namespace studio
