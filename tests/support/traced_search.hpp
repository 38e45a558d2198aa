// Test helper: a search with a TraceRecorder as its listener, attached, optionally recording
// rewind data (shared by the trace and expansion-order tests).
#pragma once

#include <memory>

#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"

namespace astar::test {

struct TracedSearch {
  TraceRecorder rec;
  std::unique_ptr<Search> search;
  TracedSearch(const Level& level, const SearchOptions& options, bool recording = false) {
    search = make_search(level, level.rules(), options, &rec);
    rec.attach(*search);
    if (recording) search->set_recording(true);
  }
};

}  // namespace astar::test
