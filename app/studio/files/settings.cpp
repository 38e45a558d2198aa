#include "files/settings.hpp"

#include <unistd.h>  // access

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "astar/file_io.hpp"

namespace studio {

namespace fs = std::filesystem;
using json = nlohmann::json;

// [SECTION] The config folder

astar::Result<std::string> choose_config_dir(const char* xdg_config_home, const char* home) {
  if (xdg_config_home && *xdg_config_home && fs::path(xdg_config_home).is_absolute())
    return (fs::path(xdg_config_home) / "astar-studio").string();
  if (home && *home) return (fs::path(home) / ".config" / "astar-studio").string();
  return astar::Error{"neither XDG_CONFIG_HOME (an absolute path) nor HOME is set"};
}

astar::Result<std::string> prepare_config_dir() {
  auto dir = choose_config_dir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
  if (!dir) return dir;
  const std::string& d = dir.value();
  std::error_code ec;
  fs::create_directories(d, ec);
  if (ec) return astar::Error{"cannot create " + d + ": " + ec.message()};
  if (!fs::is_directory(d, ec)) return astar::Error{d + " is not a folder"};
  if (::access(d.c_str(), W_OK | X_OK) != 0)
    return astar::Error{"cannot write in " + d + ": " + std::strerror(errno)};
  return dir;
}

// [SECTION] Settings

astar::Result<Settings> parse_settings(std::string_view json_text, std::string_view source) {
  const std::string src(source);
  json j = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return astar::Error{src + ": not valid JSON"};
  if (!j.is_object()) return astar::Error{src + ": expected a JSON object"};
  Settings s;
  if (auto v = j.find("version"); v != j.end()) {
    if (!v->is_number_integer() || v->get<int>() < 1)
      return astar::Error{src + ": version: expected a whole number >= 1"};
    if (v->get<int>() > kSettingsVersion)
      return astar::Error{src + ": version: " + std::to_string(v->get<int>()) +
                          " is newer than this studio reads (" + std::to_string(kSettingsVersion) + ")"};
  }
  if (auto r = j.find("recent"); r != j.end()) {
    if (!r->is_array()) return astar::Error{src + ": recent: expected a list of paths"};
    for (const json& p : *r) {
      if (!p.is_string() || p.get<std::string>().empty())
        return astar::Error{src + ": recent: expected a list of paths"};
      if (s.recent.size() < kMaxRecentFiles &&
          std::find(s.recent.begin(), s.recent.end(), p.get<std::string>()) == s.recent.end())
        s.recent.push_back(p.get<std::string>());
    }
  }
  if (auto p = j.find("palette"); p != j.end()) {
    const auto id = p->is_string() ? palette::parse(p->get<std::string>()) : std::nullopt;
    if (!id) return astar::Error{src + ": palette: expected default, colour-blind or high-contrast"};
    s.palette = *id;
  }
  if (auto p = j.find("patterns"); p != j.end()) {
    if (!p->is_boolean()) return astar::Error{src + ": patterns: expected true or false"};
    s.patterns = p->get<bool>();
  }
  return s;
}

std::string settings_to_json(const Settings& s) {
  json j;
  j["version"] = kSettingsVersion;
  j["recent"] = s.recent;
  if (s.palette) j["palette"] = palette::get(*s.palette).name;
  if (s.patterns) j["patterns"] = *s.patterns;
  return j.dump(2) + "\n";
}

std::string normal_path(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return path;
  return p.lexically_normal().string();
}

void add_recent(std::vector<std::string>& recent, const std::string& path) {
  const std::string p = normal_path(path);
  std::erase(recent, p);
  recent.insert(recent.begin(), p);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

std::string Preferences::load(std::string dir) {
  dir_ = std::move(dir);
  settings_ = Settings{};
  const std::string path = file();
  std::error_code ec;
  if (!fs::exists(path, ec)) return "";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return path + ": cannot read; using the default settings";
  auto parsed = parse_settings(text.str(), path);
  if (parsed) {
    settings_ = std::move(parsed).value();
    return "";
  }
  // Keep the user's file (it may be fixable by hand) where the next write will not replace it.
  const std::string aside = path + ".bad";
  fs::rename(path, aside, ec);
  return parsed.error() + "; using the default settings" +
         (ec ? " (and cannot move it aside: " + ec.message() + ")" : ", the file is kept as " + aside);
}

std::string Preferences::file() const { return (fs::path(dir_) / "settings.json").string(); }

astar::Status Preferences::save() const {
  if (!enabled()) return astar::Ok{};
  return astar::write_atomically(file(), settings_to_json(settings_));
}

astar::Status Preferences::remember_file(const std::string& path) {
  add_recent(settings_.recent, path);
  return save();
}

astar::Status Preferences::clear_recent() {
  settings_.recent.clear();
  return save();
}

astar::Status Preferences::set_look(palette::Id palette, bool patterns) {
  if (settings_.palette == palette && settings_.patterns == patterns) return astar::Ok{};
  settings_.palette = palette;
  settings_.patterns = patterns;
  return save();
}

}  // namespace studio
