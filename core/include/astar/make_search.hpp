// make_search: the search options.algorithm names, behind the Search interface (search.hpp):
// the best-first loop (detail/best_first.hpp) for A*, weighted A*, Dijkstra, greedy,
// breadth-first, JPS and Theta*; BidirectionalSearch (bidirectional.hpp); ReplanningSearch for
// LPA* and D* Lite (replanning.hpp); FlowFieldSearch (flow_field_search.hpp) for the flow field. Callers that make searches by name include this header
// only; each of those searches includes search.hpp, never this one.
//
//   std::unique_ptr<Search> s = make_search(level, {.algorithm = Algorithm::DStarLite});
//   s->run();
#pragma once

#include <memory>

#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

namespace astar {

// Makes the search `options.algorithm` names on level.start() -> level.goal(), under `rules`
// (the CLI's --neighbours, say) or the level's own. A search that cannot start (check_supported
// refuses, bad endpoints) is made anyway: it starts Invalid, and message() says why.
std::unique_ptr<Search> make_search(const Level& level, const MovementRules& rules,
                                    SearchOptions options = {}, SearchListener* listener = nullptr);
std::unique_ptr<Search> make_search(const Level& level, SearchOptions options = {},
                                    SearchListener* listener = nullptr);

}  // namespace astar
