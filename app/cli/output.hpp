// Small formatting helpers shared by the commands: numbers, cells and JSON strings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"

namespace astar::cli {

// A cost for people: up to 10 significant digits ("7", "9.899494937").
std::string format_cost(double v);
// A number for JSON: the shortest text that reads back as exactly v; "null" when not finite.
std::string json_number(double v);
// A JSON string literal, quotes included. Control characters, quotes and backslashes are
// escaped; bytes that are not valid UTF-8 (file names may hold any bytes) become U+FFFD.
std::string json_string(std::string_view s);

// "(x,y) (x,y) ..." for text output.
std::string path_text(const std::vector<Cell>& path);
// "[[x,y],[x,y],...]" for JSON output.
std::string path_json(const std::vector<Cell>& path);

// Writes all of `text` to stdout and flushes. False when it could not be written.
bool write_stdout(std::string_view text);
// Writes "astar: <message>\n" to stderr.
void print_error(std::string_view message);

}  // namespace astar::cli
