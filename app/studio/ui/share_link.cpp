#include "ui/share_link.hpp"
#include "state/exercise_mode.hpp"

#include <cctype>
#include <filesystem>
#include <string_view>

#include "astar/algorithms.hpp"
#include "astar/level_io.hpp"
#include "astar/number_chars.hpp"
#include "platform/platform.hpp"
#include "state/studio.hpp"

namespace studio {

std::string link_query(const astar::SearchOptions& options, std::int64_t steps, bool finished) {
  const astar::SearchOptions o = astar::normalize(options);
  const astar::AlgorithmInfo& info = astar::info(o.algorithm);
  std::string q = "algorithm=" + std::string(info.name);
  q += "&heuristic=" + std::string(astar::to_string(o.heuristic));
  if (info.takes_weight) q += "&weight=" + astar::shortest_text(o.weight);
  if (info.takes_tie_break) q += "&tie-break=" + std::string(astar::to_string(o.tie_break));
  if (o.partial_path) q += "&partial-path";
  if (o.budget) q += "&range=" + astar::shortest_text(*o.budget);  // the movement range
  if (finished) q += "&run";
  else if (steps > 0) q += "&steps=" + std::to_string(steps);
  return q;
}

namespace {

// A query value: letters, digits and "-._~" as they are, every other byte as %XX.
std::string percent_encoded(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += ch;
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

std::string exercise_link_query(const astar::ExerciseSpec& spec) {
  std::string q = "exercise=" + std::string(astar::to_string(spec.kind)) + "&seed=" + percent_encoded(spec.seed);
  if (!spec.student.empty()) q += "&student=" + percent_encoded(spec.student);
  const astar::ExerciseSpec defaults;
  for (int i = 0; i < static_cast<int>(astar::ExerciseDifficulty::_Max); ++i) {
    const auto d = static_cast<astar::ExerciseDifficulty>(i);
    if (astar::with_difficulty(spec, d) == spec && astar::with_difficulty(defaults, d) != defaults)
      q += "&difficulty=" + std::string(astar::to_string(d));
  }
  if (spec.algorithm != defaults.algorithm) q += "&algorithm=" + percent_encoded(spec.algorithm);
  if (spec.kind == astar::ExerciseKind::Heuristic && spec.question != defaults.question)
    q += "&question=" + percent_encoded(spec.question);
  if (spec.exam) q += "&exam";
  if (spec.exam && spec.time_limit > 0) q += "&time-limit=" + std::to_string(spec.time_limit);
  if (!spec.exam && !spec.hints) q += "&no-hints";
  return q;
}

void copy_link(Studio& studio) {
  const std::string name = studio.file_path().empty()
                               ? std::string("level.json")
                               : std::filesystem::path(studio.file_path()).filename().string();
  const auto& search = studio.session().search();
  const std::string query =
      studio.exercise() ? exercise_link_query(studio.exercise()->spec())
                        : link_query(studio.session().options(), search.iterations(), astar::finished(search.state())) +
                              studio.units_playback.link_query();  // Play units, and a planner watched
  studio.status = "Copying the link...";
  platform::copy_link(astar::level_to_json(studio.level()), name, query,
                      [&studio](bool, std::string message) { studio.status = std::move(message); });
}

}  // namespace studio
