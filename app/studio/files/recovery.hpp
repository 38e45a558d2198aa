// Autosave and crash recovery, without GL or ImGui (tests/test_studio_files.cpp tests it).
//
// Each running studio is a *session* with an id ("<pid>-<start time in ms>") and, in
// <config>/recovery/, three files:
//   <id>.lock       held for the life of the process (session_lock.hpp: flock(), which the
//                   kernel lets go of when the process dies, even by kill -9; in the browser also
//                   a Web Lock, which goes with the tab), so "can I lock it?" means "is that
//                   studio gone?" (no pid reuse problem)
//   <id>.json       the unsaved level, written atomically (never over the user's own file)
//   <id>.info.json  what it is: the original file (empty: untitled), the time, the level's name
// The level is written before its info, so a crash between the two leaves a level without info
// (restored as untitled), never info without a level.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"

namespace studio {

struct RecoveryInfo {
  std::string original_path;  // absolute; empty for an untitled level
  std::int64_t saved_at = 0;  // seconds since the epoch
  std::string level_name;
};
std::string recovery_info_to_json(const RecoveryInfo& info);
// "file: field: reason" on a wrong file.
astar::Result<RecoveryInfo> parse_recovery_info(std::string_view json_text, std::string_view source);

// "12:03" for a time today, else "2024-05-03 12:03" (local time).
std::string recovery_time_text(std::int64_t saved_at, std::int64_t now);

// The recovery files of a studio that is no longer running. While the object lives it holds
// that session's lock, so another studio starting at the same time does not offer it too.
class Orphan {
 public:
  Orphan() = default;
  Orphan(Orphan&& o) noexcept;
  Orphan& operator=(Orphan&& o) noexcept;
  Orphan(const Orphan&) = delete;
  Orphan& operator=(const Orphan&) = delete;
  ~Orphan();

  std::string id;
  std::string level_file;   // <id>.json
  std::string info_file;    // <id>.info.json
  RecoveryInfo info;        // original_path empty and info_problem set when unreadable
  std::string info_problem; // why the info could not be read ("" when fine)

  void discard();  // deletes the three files
  void release();  // lets go of the lock, leaving the files (offered again at the next start)

 private:
  friend class RecoverySession;
  std::string lock_file_;
  int lock_fd_ = -1;
};

class RecoverySession {
 public:
  RecoverySession() = default;
  RecoverySession(const RecoverySession&) = delete;
  RecoverySession& operator=(const RecoverySession&) = delete;
  ~RecoverySession();  // lets go of the lock, leaving the files (a crash leaves them too)

  // Creates `dir` when missing and locks this session's lock file. Until it succeeds, nothing
  // else does anything.
  astar::Status start(std::string dir, std::string id);
  bool active() const { return lock_fd_ >= 0; }
  const std::string& id() const { return id_; }
  std::string lock_file() const;
  std::string level_file() const;
  std::string info_file() const;

  // Writes the level's JSON text and its info atomically (the level first). Skipped, returning
  // Ok, when the text is what the last write wrote.
  astar::Status write(const std::string& level_json, const RecoveryInfo& info);
  bool has_files() const { return !last_text_.empty(); }
  // The level was saved or discarded: its recovery files go.
  void remove_files();
  // A clean quit: the files and the lock file go.
  void finish();

  // Every dead session's recovery files in `dir`, newest first (each Orphan holds its lock).
  // Dead sessions' lock files without a level, and their half-written temporary files (a write
  // cut short), are deleted on the way; running sessions (this one included) are left alone.
  std::vector<Orphan> find_orphans() const;

 private:
  std::string dir_, id_;
  int lock_fd_ = -1;
  std::string last_text_;  // what the last write wrote ("" when no files exist)
};

// "<pid>-<milliseconds since the epoch>": unique even when a pid is reused.
std::string new_session_id();

}  // namespace studio
