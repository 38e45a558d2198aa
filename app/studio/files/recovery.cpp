#include "files/recovery.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "astar/file_io.hpp"
#include "files/session_lock.hpp"

namespace studio {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::string read_text(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read: " + std::strerror(errno);
    return "";
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void remove_quietly(const std::string& path) {
  std::error_code ec;
  fs::remove(path, ec);
}

constexpr std::string_view kInfoSuffix = ".info.json";
constexpr std::string_view kLockSuffix = ".lock";

// A file's time as seconds since 1970. libc++ 14 (Emscripten's) has no file_clock::to_sys; its
// file clock counts from 1970, as the system clock does.
std::int64_t unix_seconds(fs::file_time_type t) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
#else
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::file_clock::to_sys(t).time_since_epoch())
      .count();
#endif
}

}  // namespace

// [SECTION] The info file

std::string recovery_info_to_json(const RecoveryInfo& info) {
  json j;
  j["format"] = "astar-studio-recovery";
  j["version"] = 1;
  j["original_path"] = info.original_path;
  j["saved_at"] = info.saved_at;
  j["level_name"] = info.level_name;
  return j.dump(2) + "\n";
}

astar::Result<RecoveryInfo> parse_recovery_info(std::string_view json_text, std::string_view source) {
  const std::string src(source);
  json j = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return astar::Error{src + ": not valid JSON"};
  if (!j.is_object()) return astar::Error{src + ": expected a JSON object"};
  if (j.value("format", json()) != "astar-studio-recovery")
    return astar::Error{src + ": format: expected \"astar-studio-recovery\""};
  RecoveryInfo info;
  const auto path = j.find("original_path");
  if (path == j.end() || !path->is_string())
    return astar::Error{src + ": original_path: expected a path (\"\" for an untitled level)"};
  info.original_path = path->get<std::string>();
  const auto at = j.find("saved_at");
  if (at == j.end() || !at->is_number_integer() || at->get<std::int64_t>() < 0)
    return astar::Error{src + ": saved_at: expected seconds since 1970"};
  info.saved_at = at->get<std::int64_t>();
  if (auto n = j.find("level_name"); n != j.end() && n->is_string()) info.level_name = n->get<std::string>();
  return info;
}

std::string recovery_time_text(std::int64_t saved_at, std::int64_t now) {
  const std::time_t a = static_cast<std::time_t>(saved_at), b = static_cast<std::time_t>(now);
  std::tm then{}, today{};
  if (!::localtime_r(&a, &then) || !::localtime_r(&b, &today)) return "an unknown time";
  char buf[32];
  const bool same_day = then.tm_year == today.tm_year && then.tm_yday == today.tm_yday;
  std::strftime(buf, sizeof buf, same_day ? "%H:%M" : "%Y-%m-%d %H:%M", &then);
  return buf;
}

std::string new_session_id() {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  return std::to_string(::getpid()) + "-" + std::to_string(ms);
}

// [SECTION] Orphans

Orphan::Orphan(Orphan&& o) noexcept { *this = std::move(o); }

Orphan& Orphan::operator=(Orphan&& o) noexcept {
  if (this != &o) {
    release();
    id = std::move(o.id);
    level_file = std::move(o.level_file);
    info_file = std::move(o.info_file);
    info = std::move(o.info);
    info_problem = std::move(o.info_problem);
    lock_file_ = std::move(o.lock_file_);
    lock_fd_ = std::exchange(o.lock_fd_, -1);
  }
  return *this;
}

Orphan::~Orphan() { release(); }

void Orphan::release() {
  unlock_session_file(lock_fd_, lock_file_);
  lock_fd_ = -1;
}

void Orphan::discard() {
  remove_quietly(level_file);
  remove_quietly(info_file);
  remove_quietly(lock_file_);  // still locked by us: no other studio takes it meanwhile
  release();
}

// [SECTION] This session

RecoverySession::~RecoverySession() { unlock_session_file(lock_fd_, lock_file()); }

astar::Status RecoverySession::start(std::string dir, std::string id) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return astar::Error{"cannot create " + dir + ": " + ec.message()};
  dir_ = std::move(dir);
  id_ = std::move(id);
  int err = 0;
  lock_fd_ = lock_session_file(lock_file(), err);
  if (lock_fd_ < 0)
    return astar::Error{"cannot lock " + id_ + std::string(kLockSuffix) + " in " + dir_ + ": " +
                        std::strerror(err)};
  return astar::Ok{};
}

std::string RecoverySession::lock_file() const {
  return (fs::path(dir_) / (id_ + std::string(kLockSuffix))).string();
}
std::string RecoverySession::level_file() const { return (fs::path(dir_) / (id_ + ".json")).string(); }
std::string RecoverySession::info_file() const {
  return (fs::path(dir_) / (id_ + std::string(kInfoSuffix))).string();
}

astar::Status RecoverySession::write(const std::string& level_json, const RecoveryInfo& info) {
  if (!active()) return astar::Error{"no recovery folder"};
  if (level_json == last_text_) return astar::Ok{};
  if (auto w = astar::write_atomically(level_file(), level_json); !w) return w;
  last_text_ = level_json;
  return astar::write_atomically(info_file(), recovery_info_to_json(info));
}

void RecoverySession::remove_files() {
  if (!active() || last_text_.empty()) return;
  remove_quietly(info_file());  // the info first: a level without info is still offered
  remove_quietly(level_file());
  last_text_.clear();
}

void RecoverySession::finish() {
  if (!active()) return;
  last_text_ = "x";  // remove whatever exists
  remove_files();
  remove_quietly(lock_file());
  unlock_session_file(lock_fd_, lock_file());
  lock_fd_ = -1;
}

std::vector<Orphan> RecoverySession::find_orphans() const {
  std::vector<Orphan> out;
  if (!active()) return out;
  // Every session that left a file: <id>.lock, <id>.json or <id>.info.json.
  std::vector<std::string> ids;
  std::vector<std::string> temps;  // half-written files of a write cut short (<id>.json.tmp-XXXXXX)
  std::error_code ec;
  for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.find(".tmp-") != std::string::npos) {
      temps.push_back(name);
      continue;
    }
    std::string id;
    for (std::string_view suffix : {kInfoSuffix, kLockSuffix, std::string_view(".json")}) {
      if (name.size() > suffix.size() && name.ends_with(suffix)) {
        id = name.substr(0, name.size() - suffix.size());
        break;
      }
    }
    if (!id.empty() && id != id_ && std::find(ids.begin(), ids.end(), id) == ids.end())
      ids.push_back(id);
  }
  for (const std::string& id : ids) {
    Orphan o;
    o.id = id;
    o.level_file = (fs::path(dir_) / (id + ".json")).string();
    o.info_file = (fs::path(dir_) / (id + std::string(kInfoSuffix))).string();
    o.lock_file_ = (fs::path(dir_) / (id + std::string(kLockSuffix))).string();
    int err = 0;
    o.lock_fd_ = lock_session_file(o.lock_file_, err);
    if (o.lock_fd_ < 0) continue;  // that studio is running (or the lock cannot be had)
    for (const std::string& t : temps)  // that studio is gone: its half-written files too
      if (t.starts_with(id + ".")) remove_quietly((fs::path(dir_) / t).string());
    if (!fs::exists(o.level_file, ec)) {
      o.discard();  // a session that ended without unsaved changes, or only half-written info
      continue;
    }
    std::string error;
    const std::string text = read_text(o.info_file, error);
    if (error.empty()) {
      if (auto parsed = parse_recovery_info(text, o.info_file)) o.info = parsed.value();
      else o.info_problem = parsed.error();
    } else {
      o.info_problem = error;
    }
    if (!o.info_problem.empty()) {  // the level's own time stands in for the info's
      const auto t = fs::last_write_time(o.level_file, ec);
      if (!ec)
        o.info.saved_at = unix_seconds(t);
    }
    out.push_back(std::move(o));
  }
  std::sort(out.begin(), out.end(),
            [](const Orphan& a, const Orphan& b) { return a.info.saved_at > b.info.saved_at; });
  return out;
}

}  // namespace studio
