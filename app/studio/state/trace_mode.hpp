// The studio's trace mode: a search trace written by another program (or by us), replayed on the
// level instead of a search of ours, and checked against the level (issue 14). What it holds:
// the trace (shared with the replay), the file it came from, the checker's report, the finding
// picked in the Findings panel. Studio::open_trace / close_trace (trace_mode.cpp) switch it on
// and off; the search shown is then an astar::TraceReplay, which every panel and overlay reads
// through the same const views as a search of ours. No GL or ImGui here.
//
//   studio.open_trace("run.json");              // status line: opened, or why not (naming it)
//   if (const TraceMode* t = studio.trace_mode()) say(t->title());
//   studio.select_finding(0);                   // seek to its event, ring its cell
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/imported_trace.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_follow.hpp"
#include "astar/trace_replay.hpp"

namespace studio {

class Studio;

struct TraceMode {
  std::string path;  // the file, as opened
  std::shared_ptr<const astar::ImportedTrace> trace;
  astar::TraceCheckReport report;         // check_trace on the level as it is now
  std::optional<std::size_t> selected;    // a finding (index into report.findings): ringed
  // Following the file live (trace_following.cpp): the reader, and the time since the trace
  // shown was last brought up to date with it.
  std::unique_ptr<astar::TraceFollower> follower;
  double since_shown = 0.0;
  double show_every = 0.5;  // seconds between updates: more when an update costs more

  // "Trace: run.json (Posthoc JSON, 12,345 events)".
  std::string title() const;
  // Whether every cell of the trace lies inside `level` (after a resize it may not).
  bool fits(const astar::Level& level) const;
  // Runs the checker on `level` (on open and after every edit); drops the picked finding.
  void check(const astar::Level& level);
  // The replay of the trace on `level`, its costs times the checker's scale.
  std::unique_ptr<astar::TraceReplay> make_replay(const astar::Level& level) const;
  // Per cell (row-major), the 1-based iteration whose `expanding` event first took it, counting
  // the first `applied` events (the expansion order overlay). Kept between calls: rebuilt only
  // when `applied`, the size or `generation` changed.
  const std::vector<std::int64_t>& expansion_order(std::size_t applied, int width, int height,
                                                   std::uint64_t generation) const;

 private:
  mutable std::vector<std::int64_t> order_;
  mutable std::size_t order_applied_ = ~std::size_t{0};
  mutable std::uint64_t order_generation_ = 0;
};


// A blank level for a trace opened without one (astar-studio --trace FILE): sized to the trace's
// cells, start and goal on its source and destination (else its end node, else the far corner).
astar::Result<astar::Level> blank_level_for(const astar::ImportedTrace& trace);

// The screenshot sidecar's "trace" member's value: null without a trace, else its file, format,
// events, events_applied, the findings' count (all kinds and per kind), the scale and the picked
// finding.
std::string trace_sidecar_json(const Studio& studio);

}  // namespace studio
