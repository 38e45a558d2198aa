// The algorithms and what each can do, in one constexpr table (kAlgorithms) that info(a) reads.
// Adding an algorithm: a row here, its own files (its Search, or its case in the best-first loop,
// core/src/search/best_first*.cpp) and its pseudo-code (pseudocode.cpp). Everything else (the
// CLI, the studio, the trace, the inspector) asks info(a), normalize() and check_options()
// instead of naming algorithms.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace astar {

enum class Algorithm : std::uint8_t {
  AStar,            // f = g + h
  WeightedAStar,    // f = g + w * h, w >= 1: cost at most w times the optimum
  Dijkstra,         // f = g (no heuristic)
  GreedyBestFirst,  // f = h: fast, no guarantee
  BreadthFirst,     // f = steps from the start, first in first out (a queue): ignores costs
  JumpPoint,        // A* over jump points: uniform-cost 8-neighbour levels without corner cutting
  ThetaStar,        // A* with any-angle parents (line of sight): uniform-cost levels
  Bidirectional,    // A* from both ends, meeting in the middle
  LpaStar,          // Lifelong Planning A*: g, rhs and keys; edits are repairs (replanning.hpp)
  DStarLite,        // D* Lite: LPA* from the goal towards a moving start (replanning.hpp)
  FlowField,        // one Dijkstra from the goal over the whole level: every cell's flow
  HpaStar,          // hierarchical: A* over an abstract graph of clusters, then refined (hpa_star.hpp)
  _Max
};
enum class Guarantee : std::uint8_t { Optimal, BoundedByWeight, None };

// What f is: the order the open set is taken in (NodeView::f shows exactly this).
enum class Priority : std::uint8_t {
  GPlusH,          // g + h
  GPlusWeightedH,  // g + w * h
  G,               // g (h is 0: no heuristic)
  H,               // h
  Steps,           // steps from the start
};

// What a path() is: 8-adjacent cells (one per move), or any-angle waypoints joined by straight
// segments of line of sight.
enum class PathShape : std::uint8_t { Cells, Waypoints };

// What a search shows beyond every search's views (Search::side, meeting, jump_parent).
struct AlgorithmExtras {
  bool sides = false;         // each node belongs to the forward or the backward side
  bool meeting = false;       // a meeting cell of the two sides
  bool jump_parents = false;  // parents are jump points, often several cells away
  bool replans = false;       // g, rhs and keys per cell; edits are repairs (ReplanningSearch)
  // Settles every cell from the goal (FlowFieldSearch): g is the cost to the goal, a settled
  // cell's parent is its flow, and open cells once finished cannot reach the goal.
  bool flow = false;
  // Clusters, an abstract graph and phases (HpaStarSearch): Search::hierarchy() shows them.
  bool hierarchy = false;
};

struct AlgorithmInfo {
  std::string_view name;      // for files and the CLI: "astar", "weighted-astar", ...
  std::string_view label;     // for people: "A*", "Weighted A*", ...
  Guarantee guarantee;        // with an admissible heuristic
  bool uses_heuristic;
  std::string_view priority;  // what f is, in words, e.g. "g + h"
  Priority order;             // what f is, for code
  bool takes_weight;          // SearchOptions::weight applies (others refuse a weight != 1)
  bool partial_paths;         // SearchOptions::partial_path is supported
  PathShape path_shape;
  bool smoothable;            // string pulling can shorten its path (not already any-angle)
  // Needs uniform costs, 8 neighbours without corner cutting, no jumps and no shapes;
  // shapes_reason says why shapes are refused.
  bool needs_uniform_grid;
  std::string_view shapes_reason;
  AlgorithmExtras extras;
  // What else a user should know before picking it (the studio's tooltip); a literal, so
  // note.data() is a C string.
  std::string_view note;
  // SearchOptions::tie_break applies. Breadth-first takes nodes first in, first out whatever it
  // is set to (normalize() sets it to first-in), as a weight applies to weighted A* only.
  bool takes_tie_break = true;
  // Why it does not run on hex levels, completing "<label> ...": empty when it does.
  std::string_view hex_refusal = {};
};

inline constexpr std::array<AlgorithmInfo, static_cast<std::size_t>(Algorithm::_Max)> kAlgorithms{{
    {"astar", "A*", Guarantee::Optimal, true, "g + h", Priority::GPlusH, false, true,
     PathShape::Cells, true, false, {}, {},
     "Best-first by f = g + h."},
    {"weighted-astar", "Weighted A*", Guarantee::BoundedByWeight, true, "g + w * h",
     Priority::GPlusWeightedH, true, true, PathShape::Cells, true, false, {}, {},
     "Trusts the heuristic w times more: fewer expansions, a path at most w times the "
     "shortest."},
    {"dijkstra", "Dijkstra", Guarantee::Optimal, false, "g", Priority::G, false, true,
     PathShape::Cells, true, false, {}, {},
     "No heuristic: expands in rings of equal cost."},
    {"greedy", "Greedy best-first", Guarantee::None, true, "h", Priority::H, false, true,
     PathShape::Cells, true, false, {}, {},
     "Heads straight for the goal by h alone; ignores the cost so far."},
    {"bfs", "Breadth-first", Guarantee::None, false, "steps from the start", Priority::Steps,
     false, true, PathShape::Cells, true, false, {}, {},
     "Fewest steps, not least cost: ignores cell costs. The open set is a queue: first in, "
     "first out (the tie-break does not apply).",
     false},
    {"jps", "Jump Point Search", Guarantee::Optimal, true, "g + h", Priority::GPlusH, false, true,
     PathShape::Cells, true, true, "it assumes walls only", {.jump_parents = true},
     "Jumps over symmetric paths: parents are jump points several cells away. Needs "
     "every cell to cost 1, 8 neighbours and no corner cutting.",
     true,
     "has no standard hex form: its pruning rules are proved for square grids, where straight "
     "and diagonal moves make the symmetric paths it skips; use A*"},
    {"theta", "Theta*", Guarantee::None, true, "g + h", Priority::GPlusH, false, true,
     PathShape::Waypoints, false, true, "its line of sight tests walls only", {},
     "Any-angle paths: a node's parent is any cell it can see. The path is waypoints. "
     "Needs every cell to cost 1, 8 neighbours and no corner cutting.",
     true,
     "does not run on hex levels: its line of sight is traced through square cells; use A*"},
    {"bidirectional", "Bidirectional A*", Guarantee::Optimal, true, "g + h (each side)",
     Priority::GPlusH, false, false, PathShape::Cells, true, false, {},
     {.sides = true, .meeting = true},
     "One A* from the start and one from the goal (bluer cells), meeting in the "
     "middle (gold ring). A backward cell's g is its cost to the goal."},
    {"lpa-star", "LPA*", Guarantee::Optimal, true, "min(g, rhs) + h, then min(g, rhs)",
     Priority::GPlusH, false, false, PathShape::Cells, true, false, {}, {.replans = true},
     "Lifelong Planning A*: keeps g and rhs (the best neighbour's g + cost) per cell, so an "
     "edit repairs only the cells it affects instead of searching again. Equal keys: smaller "
     "min(g, rhs) first.",
     false},
    {"d-star-lite", "D* Lite", Guarantee::Optimal, true,
     "min(g, rhs) + h + km, then min(g, rhs)", Priority::GPlusH, false, false, PathShape::Cells,
     true, false, {}, {.replans = true},
     "LPA* from the goal towards the start: g is the cost to the goal, so the start (an agent) "
     "can move and walls it discovers are repaired; km keeps old keys valid as it moves.",
     false},
    {"flow-field", "Flow field", Guarantee::Optimal, false, "g (cost to the goal)", Priority::G,
     false, false, PathShape::Cells, true, false, {}, {.flow = true},
     "One Dijkstra from the goal over the whole level: every cell gets its cost to the goal "
     "(g here is the cost TO the goal), and every cell's parent arrow is its flow, the move a "
     "unit standing there takes. The path is the flow followed from the start. Equal costs: "
     "by row, then column.",
     false},
    {"hpa-star", "HPA*", Guarantee::None, true, "g + h (abstract graph)", Priority::GPlusH, false,
     false, PathShape::Cells, true, false, {}, {.hierarchy = true},
     "Hierarchical A*: the level is cut into square clusters joined by transitions on their "
     "borders; A* runs over that small abstract graph, then each abstract edge is refined into "
     "grid moves inside one cluster. Near-optimal paths, far fewer expansions on big maps; the "
     "graph is built once and rebuilt only where the level changes.",
     true,
     "is built on square clusters of square cells; use A*"},
}};

constexpr const AlgorithmInfo& info(Algorithm a) {
  return kAlgorithms[static_cast<std::size_t>(a)];
}

}  // namespace astar
