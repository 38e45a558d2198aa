// Internal to core: typed access to the fields of a parsed level file (nlohmann::json), each
// failure naming the field it is about. A reader throws Fail; parse_level (level_io.cpp) turns
// it into "source: field: reason", so every message has the same shape:
//
//   expect_object(j, "rules");
//   check_keys(j, "rules", {"neighbours", "diagonal"});  // "rules.diagnoal: unknown field
//                                                         //  (did you mean \"diagonal\"?)"
//   if (const json* n = optional_member(j, "neighbours"))
//     v = get_int(*n, member("rules", "neighbours"), 4, 8);  // "rules.neighbours: must be 4..8, got 9"
//   const Cell start = get_cell(require(root, "start", ""), "start");
//
// Values are quoted back the way the file writes them (describe: 42, 2.5, "NaN", array) and cut
// to kMaxQuoted bytes. Fail never leaves core: the public functions return Results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "astar/grid.hpp"

namespace astar::level_file {

using json = nlohmann::json;

inline constexpr std::size_t kMaxQuoted = 60;  // longest piece of input quoted back in a message

// A parse failure, thrown inside the level reader only and turned into "source: field: reason".
struct Fail {
  std::string field;
  std::string reason;
};

inline const std::string kUnnamed;  // the field of a grid cell, named by the caller on failure

[[noreturn]] void fail(std::string field, std::string reason);

// Describing input in messages.

// Cuts s to at most n bytes without splitting a UTF-8 sequence, marking the cut with "...".
std::string shorten(std::string s, std::size_t n);
// A string as JSON text, shortened for a message.
std::string quoted(const std::string& s);
// A JSON value as it appears after "got": 42, 2.5, "NaN", true, null, array, object.
std::string describe(const json& j);
// "(x, y)".
std::string cell_text(std::int64_t x, std::int64_t y);
// Field paths: member("rules", "jump") is "rules.jump" (odd keys JSON-quoted); element("walls",
// 3) is "walls[3]".
std::string member(const std::string& parent, const std::string& key);
std::string element(const std::string& parent, std::size_t i);

// Typed access. Each function names `field` in its failure.

void expect_object(const json& j, const std::string& field);
void expect_array(const json& j, const std::string& field);
const std::string& get_string(const json& j, const std::string& field);
bool get_bool(const json& j, const std::string& field);
// obj[key], or the failure "parent.key: missing field".
const json& require(const json& obj, const char* key, const std::string& parent);
// obj[key], or nullptr when it is not there.
const json* optional_member(const json& obj, const char* key);
// Refuses keys not in `known` (typos such as "wals" would otherwise be silently ignored).
void check_keys(const json& obj, const std::string& parent,
                std::initializer_list<std::string_view> known);
// An integer, written as 6 or 6.0 (not 6.5, not "6"), within lo..hi. `range_text` replaces
// "must be lo..hi" in the message for values outside.
std::int64_t get_int(const json& j, const std::string& field, std::int64_t lo, std::int64_t hi,
                     std::string range_text = {});
// A finite number.
double get_number(const json& j, const std::string& field);
// A number > 0 that fits the float cost layer without becoming 0 or infinity.
float get_cost(const json& j, const std::string& field);
// A weight of an edge override: a finite number > 0.
double get_weight(const json& j, const std::string& field);
// [x, y] as two integers (any values; the caller checks them against the level).
Cell get_cell(const json& j, const std::string& field);
// `n` finite numbers in an array, e.g. [x, y, r]; `form` ("[x, y, r]") is quoted on failure.
std::vector<double> get_numbers(const json& j, const std::string& field, std::size_t n,
                                const char* form);

}  // namespace astar::level_file
