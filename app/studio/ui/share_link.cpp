#include "ui/share_link.hpp"
#include "state/exercise_mode.hpp"

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
