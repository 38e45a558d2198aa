// libFuzzer target: read_trace on arbitrary bytes (Posthoc JSON or YAML, JSON Lines, our trace
// JSON: the format is told from the text), and the same bytes fed to a TraceLineReader in two
// pieces (docs/testing.md "Quality gates"). Any answer is fine, a crash or sanitizer report is not; an
// accepted trace must hold together (every event's node and parent a node of the trace). A trace
// that fits a 16 x 16 level is also checked (check_trace) and replayed to its end and back, the
// replay's structures agreeing with themselves at both ends.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/imported_trace.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_replay.hpp"

namespace {

// Checked and replayed on an open 16 x 16 level: whatever the trace says, no crash or hang.
void check_and_replay(const astar::ImportedTrace& t) {
  static const astar::Level level = [] {
    astar::Level lv(16, 16);
    lv.set_start({0, 0});
    lv.set_goal({15, 15});
    return lv;
  }();
  (void)astar::check_trace(level, level.rules(), t);
  auto shared = std::make_shared<const astar::ImportedTrace>(t);
  astar::TraceReplay replay(level, shared, 1.0);
  replay.run();
  if (!replay.check_invariants().empty()) std::abort();
  if (replay.events_applied() != t.events.size()) std::abort();
  while (replay.step_back()) {
  }
  if (replay.events_applied() > t.events.size() || !replay.check_invariants().empty()) std::abort();
}

}  // namespace

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
    if (t.width <= 16 && t.height <= 16) check_and_replay(t);
  }
  astar::TraceLineReader lines("fuzz.jsonl", {.max_events = 100000});
  const std::size_t half = size / 2;
  if (lines.feed(text.substr(0, half)).ok()) (void)lines.feed(text.substr(half));
  return 0;
}
