// Internal to core: a level file's text as a JSON document (nlohmann::json), with messages that
// say where the text is wrong. Throws Fail (json_fields.hpp), e.g.
//
//   const json root = parse_document(text);
//   // "line 3, column 14: invalid JSON: syntax error while parsing object ..."
//   // "rules.max_climb: duplicate key", "cost[2][7]: must be a finite number, got 1e999"
//
// Arrays and objects nested deeper than kMaxNesting are refused as they open; a file saved as
// UTF-16, or with a NUL byte, gets a message saying so.
#pragma once

#include <string_view>

#include "base/json_fields.hpp"

namespace astar::level_file {

inline constexpr int kMaxNesting = 16;  // a level file needs 4; deeper input is refused early

// `kind` names the files in messages: "a NUL byte; level files are UTF-8 text ...".
json parse_document(std::string_view text, std::string_view kind = "level files");

}  // namespace astar::level_file
