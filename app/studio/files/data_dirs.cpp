#include "files/data_dirs.hpp"

#include <unistd.h>

#include <cstdlib>
#include <system_error>

namespace studio {

namespace fs = std::filesystem;

namespace {

bool holds_lessons(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "lessons", ec);
}

// The source tree's levels folder, for the desktop's executable only in the folder it was built
// in (ASTAR_BUILD_EXE_DIR): a copy, or a package made from a build tree, never reads the build
// machine's tree. The page's is its preloaded /levels.
std::string source_levels_for(const fs::path& exe) {
#ifdef ASTAR_BUILD_EXE_DIR
  std::error_code ec;
  if (exe.empty() || !fs::equivalent(exe.parent_path(), ASTAR_BUILD_EXE_DIR, ec)) return "";
#else
  (void)exe;
#endif
  return ASTAR_SOURCE_LEVEL_DIR;
}

const LevelDirSearch& this_process() {
  static const fs::path exe = exe_path();
  static const LevelDirSearch search =
      find_level_dir(exe, std::getenv("ASTAR_LEVEL_DIR"), source_levels_for(exe));
  return search;
}

}  // namespace

LevelDirSearch find_level_dir(const fs::path& exe, const char* env, const std::string& source_levels) {
  LevelDirSearch out;
  if (env && *env) {
    out.tried.push_back(env);
  } else {
    if (!exe.empty())
      out.tried.push_back((exe.parent_path() / ".." / "share" / "astar-studio" / "levels")
                              .lexically_normal()
                              .string());
    if (!source_levels.empty()) out.tried.push_back(source_levels);
  }
  for (const std::string& dir : out.tried)
    if (holds_lessons(dir)) {
      out.found = dir;
      break;
    }
  return out;
}

fs::path exe_path() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : p;
}

std::string level_dir() {
  const LevelDirSearch& s = this_process();
  if (!s.found.empty()) return s.found;
  return s.tried.empty() ? std::string("levels") : s.tried.front();
}

std::string level_dir_problem() {
  const LevelDirSearch& s = this_process();
  if (!s.found.empty()) return {};
  std::string out = "no levels folder (with lessons/): looked in ";
  for (std::size_t i = 0; i < s.tried.size(); ++i)
    out += (i == 0 ? "" : i + 1 == s.tried.size() ? " and " : ", ") + s.tried[i];
  return out;
}

std::string save_dir() {
  const std::string levels = level_dir();
  if (level_dir_problem().empty() && ::access(levels.c_str(), W_OK) == 0) return levels;
  if (const char* home = std::getenv("HOME"); home && *home) return home;
  std::error_code ec;
  return fs::current_path(ec).string();
}

}  // namespace studio
