// Copy link's query for a search (issue 20; ui/share_link.hpp copies the link): the search's
// options as the studio's own command line, since the page turns ?key=value into --key value
// (web/index.html), so parse_options (files/options.hpp) reads the link back as the same search.
//
//   astar-studio ... --algorithm jps --heuristic octile --steps 40
//   link_query(studio.session().options(), 40, false) == "algorithm=jps&heuristic=octile&tie-break=larger-g&steps=40"
//   link_query(hpa_with_8_cells_smoothed, 0, true) == "algorithm=hpa-star&heuristic=octile&tie-break=larger-g&cluster-size=8&hpa-smooth&run"
#pragma once

#include <cstdint>
#include <string>

#include "astar/search.hpp"

namespace studio {

// The query for `options` at iteration `steps` (`finished`: run to the end instead): the
// algorithm, heuristic and tie-break by name, the weight and partial paths when the algorithm
// takes them, HPA*'s cluster size and smoothing (cluster-size=N, hpa-smooth) for the algorithms
// with a hierarchy, the movement range, then run or steps=N (nothing at iteration 0).
std::string link_query(const astar::SearchOptions& options, std::int64_t steps, bool finished);

}  // namespace studio
