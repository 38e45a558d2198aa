// Where the studio finds its levels folder (the lessons, the welcome level, the samples), so
// that it works installed, moved or run from a build tree:
//   1. $ASTAR_LEVEL_DIR, when set: that folder and no other;
//   2. beside the executable, as installed: <bin>/../share/astar-studio/levels;
//   3. the source tree it was built from (compiled in): <source>/levels, only for the executable
//      in the build folder it was made in (a copy or an installed one never looks there).
// A candidate counts when it is a folder holding lessons/. When none does, the studio still runs
// (a blank level), and level_dir_problem() names every folder tried.
//
//   const LevelDirSearch s = find_level_dir(exe_path(), std::getenv("ASTAR_LEVEL_DIR"), src);
//   if (s.found.empty()) print("no levels folder: looked in " + join(s.tried));
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace studio {

struct LevelDirSearch {
  std::string found;               // empty: none of `tried` holds lessons/
  std::vector<std::string> tried;  // the candidates, in order
};

// The search above, for an executable at `exe`, with `env` ($ASTAR_LEVEL_DIR, may be null) and
// the source tree's levels folder `source_levels` (may be empty).
LevelDirSearch find_level_dir(const std::filesystem::path& exe, const char* env,
                              const std::string& source_levels);

// This process's executable (/proc/self/exe), or empty when it cannot be read.
std::filesystem::path exe_path();

// For this process, found once: the levels folder, or when there is none the first folder tried
// (so that paths built from it name a place that explains itself).
std::string level_dir();
// Empty when the levels folder was found, else "no levels folder (with lessons/): looked in
// A, B and C".
std::string level_dir_problem();

// Where Save As and Export start: the levels folder when it can be written to (a build tree),
// else $HOME (an installed studio's folder belongs to the system), else the working folder.
std::string save_dir();

}  // namespace studio
