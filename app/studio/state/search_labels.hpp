// The words of the Search panel's controls, for every panel that speaks of the search: each
// heuristic's and tie-break's label, what an algorithm guarantees (and whether the chosen
// heuristic lets it hold), which heuristics and algorithms a topology takes, and the Lesson
// panel's "Set up for this lesson" line in the same words as the controls. No ImGui here:
// astar_tests checks it (test_search_labels.cpp, studio_state/test_hex_editing.cpp).
#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/search.hpp"

namespace studio {

inline constexpr const char* kHeuristicLabels[] = {"Manhattan", "Euclidean", "Octile", "Chebyshev",
                                                   "Zero (Dijkstra)", "Hex distance"};
static_assert(std::size(kHeuristicLabels) == static_cast<std::size_t>(astar::Heuristic::_Max));

inline constexpr const char* kTieBreakLabels[] = {"Larger g first", "Smaller g first",
                                                  "First in first", "Last in first"};
static_assert(std::size(kTieBreakLabels) == static_cast<std::size_t>(astar::TieBreak::_Max));

inline const char* heuristic_label(astar::Heuristic h) {
  return kHeuristicLabels[static_cast<int>(h)];
}
inline const char* tie_break_label(astar::TieBreak t) {
  return kTieBreakLabels[static_cast<int>(t)];
}

// What `a` guarantees about the path's cost: "optimal", "at most 2.5 times optimal" (the weight
// filled in), "none". When heuristic h can overestimate under these neighbours on topology t the
// guarantee does not hold (astar::guarantee_holds), and the text says so: "optimal only with an
// admissible heuristic; Manhattan is not one with 8 neighbours" ("... on hexes" there).
std::string guarantee_text(astar::Algorithm a, double weight, astar::Heuristic h,
                           astar::Neighbours n, astar::Topology t = astar::Topology::Square);

// The heuristics the lists offer on topology t, in the enum's order: those core takes there
// (astar::check_heuristic_topology): every one but hex distance on squares, hex distance and
// zero on hexes.
std::vector<astar::Heuristic> heuristics_for(astar::Topology t);
// Why algorithm `a` does not run on topology t (its info(a).hex_refusal on hexes), for the
// tooltip of a disabled list entry; empty when it runs there.
std::string_view topology_refusal(astar::Algorithm a, astar::Topology t);

// The search a lesson sets up, named as the controls name it: "Algorithm A*, Heuristic
// Manhattan, Tie-break Larger g first, Partial path on". A preset trace comes first: "the trace
// F replayed; after Close trace: Algorithm A*". Empty when the preset sets nothing.
std::string lesson_setup_text(const astar::SearchPreset& p);

}  // namespace studio
