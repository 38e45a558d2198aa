// Level files: versioned JSON (see docs/level-format.md). Errors read "file: field: reason":
//
//   Result<Level> level = load_level("levels/maze.json");
//   if (!level) show(level.error());  // "levels/maze.json: start: expected [x, y], got 3"
//   if (Status s = save_level(level.value(), "copy.json"); !s) show(s.error());
//
// How the format is read and written: core/src/formats/level_format.hpp. Saving any other text: file_io.hpp.
#pragma once

#include <cstdint>
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
// Checks that the level reads back (else "path: cannot save: why"), then writes it with
// write_atomically (file_io.hpp): on any failure the old file is untouched.
Status save_level(const Level& level, const std::string& path);

namespace detail {
// How many grids ("cost", "heights") the last parse_level on this thread read straight from the
// text, without building them as a JSON document (0, 1 or 2; a test seam, see grid_scanner.hpp).
int grids_read_directly();
}  // namespace detail

}  // namespace astar
