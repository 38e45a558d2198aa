// The names of a search's options, as level files, the command line and share links spell
// them: the algorithms' (their rows in algorithms.hpp), the heuristics' and the tie-breaks'.
// For code that reads or writes options by name without running a search (the level format):
//
//   if (const auto h = parse_heuristic("octile")) use(*h);   // Heuristic::Octile
//   out += to_string(TieBreak::LargerG);                    // "larger-g"
//
// The search itself (search.hpp) includes this header.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "astar/algorithms.hpp"

namespace astar {

// Hex: the number of steps between two hexes (hex_coords.hpp's hex_distance), for hex levels
// only; the others measure square cells and are refused on hexes (check_supported).
enum class Heuristic : std::uint8_t { Manhattan, Euclidean, Octile, Chebyshev, Zero, Hex, _Max };
std::string_view to_string(Heuristic h);
std::optional<Heuristic> parse_heuristic(std::string_view name);

// How equal priorities are ordered (not for breadth-first, which is first in, first out:
// info(a).takes_tie_break).
enum class TieBreak : std::uint8_t {
  LargerG,   // the node with larger g first (nearer the goal): fewer expansions on plateaus
  SmallerG,  // smaller g first
  FirstIn,   // the node added to the open set first (FIFO)
  LastIn,    // the node added last (LIFO)
  _Max
};
std::string_view to_string(TieBreak t);
std::optional<TieBreak> parse_tie_break(std::string_view name);

// info(a).name back to a (the names are kAlgorithms' `name` fields: "astar", "jps", ...).
std::optional<Algorithm> parse_algorithm(std::string_view name);
std::string_view to_string(Guarantee g);

}  // namespace astar
