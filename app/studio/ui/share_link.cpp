#include "ui/share_link.hpp"

#include <filesystem>
#include <string>

#include "astar/level_io.hpp"
#include "files/link_query.hpp"
#include "platform/platform.hpp"
#include "state/exercise_mode.hpp"
#include "state/studio.hpp"

namespace studio {

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
