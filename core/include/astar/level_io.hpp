// Level files: versioned JSON (see README "Level file format"). Errors read "file: field: reason".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

inline constexpr int kLevelFormatVersion = 1;
inline constexpr std::uintmax_t kMaxLevelFileBytes = 512ull << 20;  // refused before reading

// Parses a level from JSON text. `source` names the file in messages (e.g. "welcome.json").
Result<Level> parse_level(std::string_view json_text, std::string_view source);
// Reads and parses a file; the message names the file (its path as given).
Result<Level> load_level(const std::string& path);

// The JSON text of a level: one line per grid row, so diffs show what changed.
std::string level_to_json(const Level& level);
// Writes atomically: a temporary file in the same folder, flushed, then renamed over `path`.
// On any failure the old file is untouched and the message says what failed.
Status save_level(const Level& level, const std::string& path);
// The same atomic write for any text (trace exports, say); messages read "path: cannot save: ...".
Status write_atomically(const std::string& path, std::string_view text);

namespace detail {
// How many grids ("cost", "heights") the last parse_level on this thread read straight from the
// text, without building them as a JSON document (0, 1 or 2; a test seam, see level_io.cpp).
int grids_read_directly();
}  // namespace detail

// Fault injection for tests of the saving code (a test seam; off unless set). Each stage of
// write_atomically can be made to fail with an errno as if the system call had, and writes can
// be cut short to `max_write` bytes per call (short writes, which the writer must complete).
enum class SaveStage : std::uint8_t { CreateTemp, Permissions, Write, Flush, Close, Rename, _Max };
struct SaveFault {
  SaveStage stage = SaveStage::Write;
  int error = 0;              // errno to fail the stage with; 0: the stage does not fail
  std::size_t max_write = 0;  // > 0: each write() call writes at most this many bytes
};
// Applies to saves on the calling thread until cleared (nullopt).
void inject_save_fault(std::optional<SaveFault> fault);

}  // namespace astar
