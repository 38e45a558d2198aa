// Copy link (File menu, in the page; issue 20): the current level and search as a link a
// teacher hands out. The level's JSON goes packed into the link's fragment, which no server
// sees (web/studio_platform.js packs it: deflate-raw, base64url); the search's options go into
// the query (files/link_query.hpp), as the studio's own options (index.html turns ?key=value
// into --key value), so the link opens the same level, the same search and the same iteration;
// Play units adds its planner, its tick and where a planner watched stands
// (UnitsPlayback::link_query: "&units=cbs&...").
//
//   copy_link(studio);   // File > Copy link: the clipboard, and the status line says how it went
#pragma once

namespace studio {

class Studio;

// File > Copy link: the level as Save writes it, named after its file (or "level.json"). During
// an exercise the query is the exercise's (exercise_link_query, state/exercise_mode.hpp).
void copy_link(Studio& studio);

}  // namespace studio
