// The names of a search's options (search_names.hpp): heuristics, tie-breaks, algorithms and
// their guarantees, as files and the command line spell them.
#include "astar/search_names.hpp"

#include <cstddef>
#include <iterator>

#include "astar/enum_names.hpp"

namespace astar {

namespace {
constexpr std::string_view kHeuristicNames[] = {"manhattan", "euclidean", "octile", "chebyshev",
                                                "zero", "hex"};
constexpr std::string_view kTieBreakNames[] = {"larger-g", "smaller-g", "first-in", "last-in"};
constexpr std::string_view kGuaranteeNames[] = {"optimal", "at most w times optimal", "none"};
static_assert(std::size(kHeuristicNames) == static_cast<std::size_t>(Heuristic::_Max));
static_assert(std::size(kTieBreakNames) == static_cast<std::size_t>(TieBreak::_Max));
}  // namespace

std::string_view to_string(Heuristic h) { return kHeuristicNames[static_cast<int>(h)]; }
std::string_view to_string(TieBreak t) { return kTieBreakNames[static_cast<int>(t)]; }
std::string_view to_string(Guarantee g) { return kGuaranteeNames[static_cast<int>(g)]; }

std::optional<Heuristic> parse_heuristic(std::string_view name) {
  return parse_enum_name<Heuristic>(kHeuristicNames, name);
}
std::optional<TieBreak> parse_tie_break(std::string_view name) {
  return parse_enum_name<TieBreak>(kTieBreakNames, name);
}
std::optional<Algorithm> parse_algorithm(std::string_view name) {
  return parse_enum_name<Algorithm>(kAlgorithms, name, &AlgorithmInfo::name);
}

}  // namespace astar
