// libFuzzer target: read_trace on arbitrary bytes (Posthoc JSON or YAML, JSON Lines, our trace
// JSON: the format is told from the text), and the same bytes fed to a TraceLineReader in two
// pieces (README "Quality gates"). Any answer is fine, a crash or sanitizer report is not; an
// accepted trace must hold together (every event's node and parent a node of the trace).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/imported_trace.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto r = astar::read_trace(text, "fuzz.json", {.max_events = 100000});
  if (r.ok()) {
    const astar::ImportedTrace& t = r.value();
    if (t.node_ids.size() != t.node_cells.size()) std::abort();
    for (const astar::ImportedEvent& e : t.events) {
      if (e.node != astar::kNoNode && e.node >= t.node_count()) std::abort();
      if (e.parent != astar::kNoNode && e.parent >= t.node_count()) std::abort();
      if (e.extra != astar::kNoExtra && e.extra >= t.extras.size()) std::abort();
    }
  }
  astar::TraceLineReader lines("fuzz.jsonl", {.max_events = 100000});
  const std::size_t half = size / 2;
  if (lines.feed(text.substr(0, half)).ok()) (void)lines.feed(text.substr(half));
  return 0;
}
