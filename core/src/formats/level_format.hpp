// Internal to core: level file format version 1 as its two halves share it. level_io.cpp's
// public functions are built from these:
//
//   parse_level: take_grids (grid_scanner.hpp), parse_document (json_document.hpp), then
//                parse_document_level (level_document.cpp), which throws Fail (json_fields.hpp);
//   save_level:  check_saveable, then level_to_json (level_writer.cpp), then write_atomically.
//
// The limits below are checked by the reader and respected by the writer, so what is saved
// reads back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "astar/level.hpp"
#include "formats/grid_scanner.hpp"
#include "base/json_fields.hpp"

namespace astar::level_file {

inline constexpr std::string_view kFormatName = "astar-studio-level";
inline constexpr std::int64_t kMaxClimbLimit = kMaxHeightStep;  // the largest possible height step
inline constexpr int kMaxJumpHeight = JumpRules::kMaxHeight;  // rules.jump.up and .down
inline constexpr int kMaxJumpGap = JumpRules::kMaxGap;        // rules.jump.gap
inline constexpr std::size_t kMaxDescription = 20000;         // characters
inline constexpr std::size_t kMaxTracePath = 255;             // search.trace, bytes
inline constexpr double kMaxBudget = 1e9;                     // search.budget, movement points

// search.trace: relative, inside the level's folder (no ".." part), 1..kMaxTracePath bytes.
inline bool trace_path_ok(std::string_view p) {
  if (p.empty() || p.size() > kMaxTracePath || p.front() == '/' || p.front() == '\\') return false;
  if (p.find(':') != std::string_view::npos) return false;  // "C:..." or a URL
  std::size_t start = 0;
  while (start <= p.size()) {
    std::size_t end = p.find_first_of("/\\", start);
    if (end == std::string_view::npos) end = p.size();
    if (p.substr(start, end - start) == "..") return false;
    start = end + 1;
  }
  return true;
}

// The whole level, in the order its messages are promised: format and version, keys, size,
// walls' shape, then each field. The grids in `taken` stand in for the document's "cost" and
// "heights" (null there). Throws Fail.
Level parse_document_level(const json& root, const TakenGrids& taken);
// "description" and "search" (level_lesson_reader.cpp), into level.description and .preset.
void parse_lesson(const json& root, Level& level);
// "units" (level_units_reader.cpp), into level.units; then, with walls and agents read,
// check_units_fit refuses units that do not fit the level (Level::check_units), naming the unit.
void parse_units(const json& units, Level& level);
// "units_plan" (after "units"): the planner a lesson's units take (UnitsPlanPreset), checked.
void parse_units_plan(const json& plan, Level& level);
void check_units_fit(const Level& level);
// "exercise" (level_exercise.cpp): the exercise the level was made for, checked; and the same
// object written, every field given (so a file says all that the student gets). Result files
// (exercise.hpp) hold the same object.
void parse_exercise(const json& e, Level& level);
std::string exercise_json(const ExerciseSpec& spec);

// Empty when level_to_json(level) is a file parse_level accepts, else why not.
std::string check_saveable(const Level& level);

}  // namespace astar::level_file
