// Internal to core: the big grids of a level file read straight from its text. A 4096² level's
// "cost" and "heights" are 134 MB of numbers: as a document they took about 800 MB (16 bytes a
// number, plus the arrays' spare room) and most of the load time. take_grids reads rows of plain
// JSON numbers with from_chars into flat arrays and hands back the rest of the text for the
// document parser, each grid replaced by `null` and the whitespace that keeps every later
// character on the line and column it had (messages quote them):
//
//   TakenGrids taken;
//   const std::optional<std::string> rest = take_grids(text, taken);
//   const json root = parse_document(rest ? std::string_view(*rest) : text);
//   // taken.cost / taken.heights: the grids taken, checked against the size later
//
// Anything unusual in a grid (a value that is not a JSON number, a number too large for a double,
// "[]") leaves that grid in the text for the document parser, so every message stays what it was;
// a grid's refused values are kept and reported when the grid's turn comes in
// parse_document_level (level_document.cpp), so the order of messages does not change either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/json_fields.hpp"

namespace astar::level_file {

// One grid's rows as read from the text.
struct GridRows {
  std::vector<std::uint32_t> row_sizes;
  std::vector<float> costs;           // "cost", row after row
  std::vector<std::int32_t> heights;  // "heights"
  std::optional<Fail> first_error;    // the first refused value...
  std::size_t error_row = 0;          // ...and its row
};

struct TakenGrids {
  std::optional<GridRows> cost, heights;
};

// Takes the top-level "cost" and "heights" grids out of the text when they are plain rows of
// numbers. Returns the text for the document parser, or nothing (then it reads `text` itself
// and `out` stays empty).
std::optional<std::string> take_grids(std::string_view text, TakenGrids& out);

}  // namespace astar::level_file
