// libFuzzer target: grade_result (exercise.hpp) on arbitrary bytes, as `astar grade` reads a
// result file a student saved (docs/testing.md "Quality gates"). Any answer is fine, a crash or
// sanitizer report is not. A file it accepts has a row that holds together: a score within
// 0..100 % of points within 0..max, mistakes counted from 0, a verified row with nothing said
// altered and an altered one saying what; the same bytes graded again give the same row.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/exercise.hpp"

namespace {

bool holds_together(const astar::GradeRow& r) {
  const astar::Score& s = r.score;
  if (!std::isfinite(s.percent) || s.percent < 0.0 || s.percent > 100.0) return false;
  if (!std::isfinite(s.points) || !std::isfinite(s.max_points)) return false;
  if (s.points < 0.0 || s.max_points < 0.0 || s.points > s.max_points + 1e-9) return false;
  if (s.answered < 0) return false;
  for (const std::int64_t m : s.mistakes)
    if (m < 0) return false;
  if (astar::check_exercise_spec(r.spec) != "") return false;
  return r.verified == r.altered.empty();
}

bool same_row(const astar::GradeRow& a, const astar::GradeRow& b) {
  return a.spec == b.spec && a.verified == b.verified && a.altered == b.altered &&
         a.score.percent == b.score.percent && a.score.points == b.score.points &&
         a.score.max_points == b.score.max_points && a.score.mistakes == b.score.mistakes &&
         a.score.answered == b.score.answered && a.score.finished == b.score.finished &&
         a.score.time_up == b.score.time_up &&
         (a.seconds == b.seconds || (std::isnan(a.seconds) && std::isnan(b.seconds)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto row = astar::grade_result(text, "input.json");
  if (!row.ok()) return 0;
  if (!holds_together(row.value())) std::abort();
  const auto again = astar::grade_result(text, "input.json");
  if (!again.ok() || !same_row(row.value(), again.value())) std::abort();
  return 0;
}
