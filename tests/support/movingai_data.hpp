// Test helper: where the shared MovingAI files are ($ASTAR_MOVINGAI_DIR, else ../shared/movingai
// beside the project), their scenario files, and whether a run is CI's (CI=true: missing files
// fail there instead of skipping). For the [movingai-data] tests (the movingai_optimal test).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace astar::test {

inline std::filesystem::path movingai_dir() {
  if (const char* env = std::getenv("ASTAR_MOVINGAI_DIR"); env != nullptr && *env != '\0')
    return env;
  return std::filesystem::path(ASTAR_SOURCE_DIR) / ".." / "shared" / "movingai";
}

inline bool in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string_view(ci) == "true";
}

// The .scen files of the shared folder, sorted; empty when the folder is missing.
inline std::vector<std::string> movingai_scenarios() {
  std::vector<std::string> scens;
  std::error_code ec;
  if (!std::filesystem::is_directory(movingai_dir(), ec)) return scens;
  for (const auto& e : std::filesystem::directory_iterator(movingai_dir()))
    if (e.path().extension() == ".scen") scens.push_back(e.path().string());
  std::sort(scens.begin(), scens.end());
  return scens;
}

}  // namespace astar::test
