#include "dropped_files.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "import_formats.hpp"

namespace studio {

namespace fs = std::filesystem;

namespace {

// One dropped file: what opening it means, by its extension.
DropAction action_for_file(const std::string& path) {
  DropAction a;
  a.path = path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    a.kind = DropAction::Kind::Refuse;
    a.message = path + " is a folder; drop a level file (.json) or a file to import";
    return a;
  }
  switch (import_format_of(path)) {
    case ImportFormat::Level: a.kind = DropAction::Kind::OpenLevel; return a;
    case ImportFormat::MovingAi: a.kind = DropAction::Kind::OpenMap; return a;
    case ImportFormat::Image:
    case ImportFormat::Tiled: a.kind = DropAction::Kind::Import; return a;
    case ImportFormat::Unknown: break;
  }
  const std::string ext = lower_extension(path);
  a.kind = DropAction::Kind::Refuse;
  a.message = "Cannot open " + fs::path(path).filename().string() + ": " +
              (ext.empty() ? std::string("it has no extension") : "'" + ext + "' is not a level file") +
              "; A* Studio opens level files (.json) and imports .png, .jpg, .jpeg, .map and "
              ".tmj files. (" + path + ")";
  return a;
}

}  // namespace

DropAction action_for_drop(const std::vector<std::string>& paths) {
  if (paths.empty()) return {};
  DropAction a = action_for_file(paths.front());
  if (paths.size() > 1 && a.kind != DropAction::Kind::Refuse)
    a.message = std::to_string(paths.size()) + " files dropped: opening the first, " +
                fs::path(paths.front()).filename().string() + " (one level at a time)";
  return a;
}

}  // namespace studio
