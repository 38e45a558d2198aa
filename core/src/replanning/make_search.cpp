// make_search (make_search.hpp): the Search options.algorithm names. It sits in the replanning
// layer because it makes replanning searches too; the searches it makes never include it.
#include "astar/make_search.hpp"

#include "astar/bidirectional.hpp"
#include "astar/detail/best_first.hpp"
#include "astar/flow_field_search.hpp"
#include "astar/hpa_star.hpp"
#include "astar/replanning.hpp"

namespace astar {

std::unique_ptr<Search> make_search(const Level& level, const MovementRules& rules,
                                    SearchOptions options, SearchListener* listener) {
  if (options.algorithm == Algorithm::Bidirectional)
    return std::make_unique<BidirectionalSearch>(level, rules, options, listener);
  if (info(options.algorithm).extras.flow)
    return std::make_unique<FlowFieldSearch>(level, rules, options, listener);
  if (info(options.algorithm).extras.hierarchy)
    return std::make_unique<HpaStarSearch>(level, rules, options, listener);
  if (info(options.algorithm).extras.replans)
    return std::make_unique<ReplanningSearch>(level, rules, options, listener);
  return std::make_unique<BestFirstSearch>(level, rules, options, listener);
}

std::unique_ptr<Search> make_search(const Level& level, SearchOptions options,
                                    SearchListener* listener) {
  return make_search(level, level.rules(), options, listener);
}

}  // namespace astar
