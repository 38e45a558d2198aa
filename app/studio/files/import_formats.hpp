// What the Import dialog and dropped files need to know about a file before importing it, and
// the Tiled dialog's text fields. No GL or ImGui here (tests/test_studio_files.cpp tests it).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"

namespace studio {

enum class ImportFormat {
  Unknown,    // not something the studio imports
  Level,      // an A* Studio level file (.json): File > Open, not Import
  Image,      // .png, .jpg, .jpeg
  MovingAi,   // .map
  Tiled,      // .tmj, or a .json that is a Tiled map
};

// By the extension (without case); a .json file is read (its first 64 KiB) to tell a Tiled map
// ("tiledversion", "orientation" or a "layers" array, and no "astar-studio-level" format) from a
// level. A .json that cannot be read counts as a level, whose loader then names the problem.
ImportFormat import_format_of(const std::string& path);
// A path's extension in lower case (".png"), for choosing what to do with a file.
std::string lower_extension(const std::string& path);
// "an image", "a MovingAI map", "a Tiled map", "a level file", "an unknown file".
std::string_view describe(ImportFormat f);

// The Tiled dialog's fields. "1, 2, 17" (commas or spaces) -> {1, 2, 17}; an empty text is an
// empty list. Errors name the field: "Wall tile ids: expected whole numbers (tile GIDs), got 'x'".
astar::Result<std::vector<std::uint32_t>> parse_gid_list(std::string_view text,
                                                          std::string_view field);
// "1=2.5, 7=10" -> {1: 2.5, 7: 10}; "Costs table: expected GID=VALUE, got '3'".
astar::Result<std::map<std::uint32_t, double>> parse_gid_table(std::string_view text,
                                                               std::string_view field);

}  // namespace studio

#include "astar/level.hpp"

namespace studio {

// A MovingAI map as the studio opens it: load_movingai_map, then start and goal far apart in the
// largest open region (a .map has neither). "x.map: every cell is blocked" when none is open.
astar::Result<astar::Level> import_movingai(const std::string& path);

}  // namespace studio
