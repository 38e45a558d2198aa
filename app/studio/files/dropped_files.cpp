#include "files/dropped_files.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "files/import_formats.hpp"

namespace studio {

namespace fs = std::filesystem;

namespace {

// One dropped file: what opening it means, by its extension (and a .json's content).
DropAction action_for_file(const std::string& path) {
  DropAction a;
  a.path = path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    a.kind = DropAction::Kind::Refuse;
    a.message = path + " is a folder; drop a level file (.json) or a file to import";
    return a;
  }
  if (looks_like_trace(path)) {
    a.kind = DropAction::Kind::OpenTrace;
    return a;
  }
  if (has_plan_extension(path)) {
    a.kind = DropAction::Kind::OpenPlan;
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
              "; A* Studio opens level files (.json), search traces (.jsonl, .yaml), multi-agent plans "
              "(.txt, .plan, .log) and imports .png, .jpg, .jpeg, .map and .tmj files. (" + path + ")";
  return a;
}

}  // namespace

bool looks_like_trace(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".jsonl" || ext == ".yaml" || ext == ".yml") return true;
  if (ext != ".json") return false;
  std::ifstream in(path, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  if (head.find("\"astar-studio-level\"") != std::string::npos) return false;
  if (head.find("\"events\"") != std::string::npos) return true;  // Posthoc
  // Our own trace JSON: an array of records with "iteration" and "kind".
  const auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string::npos && head[first] == '[' &&
         head.find("\"iteration\"") != std::string::npos &&
         head.find("\"kind\"") != std::string::npos;
}

bool has_plan_extension(const std::string& path) {
  const std::string ext = lower_extension(path);
  return ext == ".txt" || ext == ".plan" || ext == ".log";
}

DropAction action_for_drop(const std::vector<std::string>& paths) {
  if (paths.empty()) return {};
  DropAction a = action_for_file(paths.front());
  if (paths.size() > 1 && a.kind != DropAction::Kind::Refuse)
    a.message = std::to_string(paths.size()) + " files dropped: opening the first, " +
                fs::path(paths.front()).filename().string() +
                (a.kind == DropAction::Kind::OpenTrace  ? " (one trace at a time)"
                 : a.kind == DropAction::Kind::OpenPlan ? " (one plan at a time)"
                                                        : " (one level at a time)");
  return a;
}

}  // namespace studio
