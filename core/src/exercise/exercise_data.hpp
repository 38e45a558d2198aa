// Internal to the exercise layer: each kind's own data, made when the exercise is made, and the
// right answers of the kinds answered by marking cells or naming a finding.
//
//   add_kind_data(exercise, rng);            // given_h, the edit, the trace with its bug
//   std::vector<Cell> right = mark_truth(exercise);   // predict-closed, heuristic, repair
#pragma once

#include <vector>

#include "astar/exercise.hpp"
#include "astar/trace_check.hpp"
#include "base/random.hpp"

namespace astar::exercise_detail {

// Fills the kind's fields of `e` (its level and spec set): heuristic: given_h; repair: the
// edit; find-bug: the trace (exercise_bug.cpp). An error when no such data can be made.
Status add_kind_data(Exercise& e, detail::Rng& rng);
Status add_bug_trace(Exercise& e, detail::Rng& rng);  // exercise_bug.cpp

// The cells a Mark answer should hold, row-major: predict-closed: the cells the real search
// (make_search with the level's preset) has closed when it ends; heuristic: the cells where
// given_h fails the question; repair: the cells in LPA*'s queue right after the edit that were
// not in it before (consistent before the edit, inconsistent after).
std::vector<Cell> mark_truth(const Exercise& e);

// find-bug: every finding check_trace reports on the exercise's trace (the first is the model
// answer; any of them is accepted).
std::vector<Finding> bug_findings(const Exercise& e);

}  // namespace astar::exercise_detail
