// Our search's events (trace.hpp) written as a Posthoc search trace, so that Posthoc
// (ShortestPathLab's trace viewer) draws them and `astar check-trace` or the studio read them
// back (imported_trace.hpp):
//
//   TraceRecorder rec;
//   auto s = make_search(level, rules, options, &rec);
//   rec.attach(*s);
//   s->run();
//   Result<std::string> text = posthoc_trace(level, rec.events());   // a JSON document
//   if (!text) show(text.error());   // bidirectional A*: refused, see below
//
// What is written (format: ../shared/formats/posthoc-search-trace.md):
//   source (the start), destination (the goal), generating for the start (its g, h, f from
//   the first take); then per take: expanding and closing (id, pId, g, h, f, x, y); per
//   relax: generating when the neighbour was unseen (old g infinite), updating when it had a
//   g already; skips are left out; last, end: its id is the goal when a take found it, and it
//   has no id when the search ended without a path. A trace cut short (complete = false, e.g.
//   `astar trace --max-events`) has no end event.
// Ids are y * width + x; pId the parent cell's id (Theta*: possibly not the taken cell);
// numbers are the shortest text that reads back exactly, so a replay shows the very values.
// The document form has a small `render` section (one rect per event, coloured by its type, as
// Posthoc's own grid samples) so Posthoc draws the cells; JSON Lines has one event per line.
//
// Bidirectional A* is refused: its two sides are two searches with their own g (cost from the
// start, cost to the goal), and a Posthoc trace is one search whose `end` follows pId links to
// the source. Writing the forward side alone would show a search that never reaches the goal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "astar/algorithms.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/trace.hpp"

namespace astar {

enum class PosthocLayout : std::uint8_t {
  Document,   // {"version", "render", "events": [...]}, one event per line inside the array
  JsonLines,  // one event object per line, no wrapper (what a program streams)
  _Max
};

struct PosthocWriteOptions {
  PosthocLayout layout = PosthocLayout::Document;
  // The events are the whole search. False (a recorder's limit cut them short): no end event.
  bool complete = true;
  // The algorithm that ran, when the caller knows it: HPA*'s events are an abstract graph's
  // search and its refinement, not one search over the level's cells, so it is refused.
  std::optional<Algorithm> algorithm{};
};

inline constexpr const char* kPosthocVersion = "1.0.5";

// A cell's Posthoc id on `level`: y * width + x.
std::uint64_t posthoc_id(const Level& level, Cell c);

// The trace of `events`, recorded from a search on `level` (its start, goal and width).
// An error, and nothing written, when an event belongs to bidirectional A*'s backward side.
Result<std::string> posthoc_trace(const Level& level, std::span<const TraceEvent> events,
                                  const PosthocWriteOptions& options = {});

}  // namespace astar
