// libFuzzer target: the multi-agent plan reader (plan_formats.hpp) on arbitrary bytes, the format
// told from the text (docs/testing.md "Quality gates"). Any answer is fine, a crash or sanitizer
// report is not; an accepted plan has its units, none empty, and (up to 200,000 cells) written
// back as Kei18's and Li's text (when the writer takes it) reads as the same units at every
// tick. A plan of at most 64 units is also checked (plan_check.hpp) on an open 100 x 100 level.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/plan_check.hpp"
#include "plan_options.hpp"

namespace {

bool same_at_every_tick(const std::vector<astar::UnitPlan>& a, const std::vector<astar::UnitPlan>& b) {
  if (a.size() != b.size()) return false;
  std::size_t end = 0;
  for (const astar::UnitPlan& p : a) end = std::max(end, p.cells.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t t = 0; t < end; ++t)
      if (!(a[i].at(t) == b[i].at(t))) return false;
  return true;
}

void check_on_open_level(const std::vector<astar::UnitPlan>& plans) {
  astar::Level level(100, 100);
  for (std::size_t i = 0; i < plans.size(); ++i)
    level.units.push_back({plans[i].cells.front(), {static_cast<int>(i), 99}, std::nullopt});
  const auto r = astar::check_plans(level, level.rules(), plans, {.stay_at_goal = true});
  if (!r.ok() || r.value().findings.size() != r.value().total()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto read = astar::fuzz::read_fuzz_plans(text);
  if (!read.ok()) return 0;
  const std::vector<astar::UnitPlan>& plans = read.value().plans;
  std::size_t cells = 0;
  for (const astar::UnitPlan& p : plans) {
    if (p.cells.empty()) std::abort();
    cells += p.cells.size();
  }
  // The round trip of a plan of millions of cells takes seconds and a gigabyte under ASan: the
  // reading of those is what is fuzzed.
  if (cells > 200'000) return 0;
  for (const astar::PlanFormat f : {astar::PlanFormat::Kei18, astar::PlanFormat::Li}) {
    const auto written = astar::plans_text(plans, f);
    if (!written.ok()) continue;
    const auto back = astar::parse_plans(written.value(), "back.txt", {.format = f, .units = plans.size()});
    if (!back.ok() || !same_at_every_tick(back.value().plans, plans)) std::abort();
  }
  if (plans.size() <= 64) check_on_open_level(plans);
  return 0;
}
