// The plan fuzz target's reading of its input: the format told from the text, as many units as
// the text holds (at most kMaxFuzzPlanUnits), the tracker's starts the cells of a 100-wide grid
// in row-major order. Shared by fuzz_plan_formats.cpp and the core suite's replay of the corpus
// (test_fuzz_inputs.cpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "astar/plan_formats.hpp"

namespace astar::fuzz {

inline constexpr std::size_t kMaxFuzzPlanUnits = 10000;

inline Result<ReadPlans> read_fuzz_plans(std::string_view text) {
  const Result<std::size_t> n = plan_unit_count(text, "input.txt");
  if (!n) return Error{n.error()};
  if (n.value() > kMaxFuzzPlanUnits) return Error{"more units than the fuzz target reads"};
  std::vector<Cell> starts;
  for (std::size_t i = 0; i < n.value(); ++i)
    starts.push_back({static_cast<int>(i % 100), static_cast<int>(i / 100)});
  return parse_plans(text, "input.txt", {.units = n.value(), .starts = starts});
}

}  // namespace astar::fuzz
