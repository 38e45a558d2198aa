// Copy link (File menu, in the page; issue 20): the current level and search as a link a
// teacher hands out. The level's JSON goes packed into the link's fragment, which no server
// sees (web/studio_platform.js packs it: deflate-raw, base64url); the search's options go into
// the query, as the studio's own options (index.html turns ?key=value into --key value), so the
// link opens the same level, the same search and the same iteration; Play units adds its planner,
// its tick and where a planner watched stands (UnitsPlayback::link_query: "&units=cbs&...").
//
//   astar-studio ... --algorithm jps --heuristic octile --steps 40
//   link_query(studio.session().options(), 40, false) == "algorithm=jps&heuristic=octile&tie-break=larger-g&steps=40"
//   copy_link(studio);   // File > Copy link: the clipboard, and the status line says how it went
#pragma once

#include <cstdint>
#include <string>

#include "astar/search.hpp"

namespace studio {

class Studio;

// The query for `options` at iteration `steps` (`finished`: run to the end instead): the
// algorithm, heuristic and tie-break by name, the weight and partial paths when the algorithm
// takes them, then run or steps=N (nothing at iteration 0).
std::string link_query(const astar::SearchOptions& options, std::int64_t steps, bool finished);

// File > Copy link: the level as Save writes it, named after its file (or "level.json"). During
// an exercise the query is the exercise's (exercise_link_query, state/exercise_mode.hpp).
void copy_link(Studio& studio);

}  // namespace studio
