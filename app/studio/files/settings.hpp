// The studio's config folder and its settings file: where they are, what the settings hold
// (recent files, the palette and patterns), reading and writing them. No GL or ImGui here
// (tests/test_studio_files.cpp tests it).
//
//   $XDG_CONFIG_HOME/astar-studio/      (else $HOME/.config/astar-studio/)
//     settings.json    recent files, palette, patterns (written atomically)
//     imgui.ini        ImGui's window positions and sizes (written atomically by main)
//     recovery/        autosaves of unsaved levels (recovery.hpp)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"
#include "state/palette.hpp"

namespace studio {

inline constexpr int kSettingsVersion = 1;
inline constexpr std::size_t kMaxRecentFiles = 10;

// [SECTION] The config folder

// Which folder the studio should use, from the environment's values (null or empty: unset):
// $XDG_CONFIG_HOME/astar-studio when XDG_CONFIG_HOME is an absolute path (the XDG spec ignores
// relative ones), else $HOME/.config/astar-studio; an error when neither applies.
astar::Result<std::string> choose_config_dir(const char* xdg_config_home, const char* home);
// choose_config_dir with the process's environment, then creates the folder (and its parents)
// and checks that it is writable. The error says why settings cannot be kept there.
astar::Result<std::string> prepare_config_dir();

// [SECTION] Settings

struct Settings {
  std::vector<std::string> recent;       // level files, most recent first, at most kMaxRecentFiles
  std::optional<palette::Id> palette;    // unset: the default palette
  std::optional<bool> patterns;          // unset: the palette's default
};

// Parses settings.json. Unknown keys are ignored (a newer studio's file still loads); a wrong
// type or version is an error naming the field: "settings.json: recent: expected a list of paths".
astar::Result<Settings> parse_settings(std::string_view json_text, std::string_view source);
std::string settings_to_json(const Settings& s);

// Moves `path` to the front of `recent` (once: an older entry of the same file goes), keeping at
// most kMaxRecentFiles. Paths are made absolute and normal, so "levels/../levels/a.json" and
// "levels/a.json" are one entry.
void add_recent(std::vector<std::string>& recent, const std::string& path);
std::string normal_path(const std::string& path);

// The settings file in a config folder: read once at start, written atomically on each change.
class Preferences {
 public:
  // Reads `dir`/settings.json (a missing file: defaults). A corrupt file is moved aside to
  // settings.json.bad, so it is kept for the user and not overwritten; the returned message
  // (empty when all is well) says so.
  std::string load(std::string dir);
  bool enabled() const { return !dir_.empty(); }  // false: no config folder, nothing is kept
  const std::string& dir() const { return dir_; }
  std::string file() const;  // dir/settings.json
  const Settings& settings() const { return settings_; }

  // Each changes the settings and writes them; an error names the file and the reason (the
  // change is kept in memory for this session).
  astar::Status remember_file(const std::string& path);  // add_recent
  astar::Status clear_recent();
  astar::Status set_look(palette::Id palette, bool patterns);  // writes only when changed
  astar::Status save() const;

 private:
  std::string dir_;
  Settings settings_;
};

}  // namespace studio
