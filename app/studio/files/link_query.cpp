#include "files/link_query.hpp"

#include "astar/algorithms.hpp"
#include "astar/number_chars.hpp"

namespace studio {

std::string link_query(const astar::SearchOptions& options, std::int64_t steps, bool finished) {
  const astar::SearchOptions o = astar::normalize(options);
  const astar::AlgorithmInfo& info = astar::info(o.algorithm);
  std::string q = "algorithm=" + std::string(info.name);
  q += "&heuristic=" + std::string(astar::to_string(o.heuristic));
  if (info.takes_weight) q += "&weight=" + astar::shortest_text(o.weight);
  if (info.takes_tie_break) q += "&tie-break=" + std::string(astar::to_string(o.tie_break));
  if (o.partial_path) q += "&partial-path";
  if (info.extras.hierarchy) {  // HPA*: --cluster-size N, --hpa-smooth
    q += "&cluster-size=" + std::to_string(o.cluster_size);
    if (o.hpa_smooth) q += "&hpa-smooth";
  }
  if (o.budget) q += "&range=" + astar::shortest_text(*o.budget);  // the movement range
  if (finished) q += "&run";
  else if (steps > 0) q += "&steps=" + std::to_string(steps);
  return q;
}

}  // namespace studio
