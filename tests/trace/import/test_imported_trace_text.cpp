// An imported trace's events in plain words (imported_trace_text.hpp), on a trace built by hand:
//
//   . . . . . .      nodes: 0 = (3, 3) source, 1 = (4, 3), 2 = (5, 3), 3 = (2, 2)
//   . . S . . .      (S = (2, 2) is node 3, a probe's cell)
//   . . . . . .
//   . . . a b c      a = (3, 3), b = (4, 3), c = (5, 3)
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "astar/imported_trace.hpp"
#include "astar/imported_trace_text.hpp"

using namespace astar;

namespace {

ImportedEvent event(TraceEventType type, std::uint32_t node, double g, double h, double f,
                    std::uint32_t parent = kNoNode) {
  ImportedEvent e;
  e.type = type;
  e.node = node;
  e.g = g;
  e.h = h;
  e.f = f;
  e.parent = parent;
  return e;
}

constexpr double kNone = ImportedEvent::kNone;

ImportedTrace trace() {
  ImportedTrace t;
  t.source = "run.json";
  t.node_cells = {{3, 3}, {4, 3}, {5, 3}, {2, 2}};
  t.node_ids = {"0", "1", "2", "3"};
  t.type_names = {"probe"};
  t.extras = {"{\"radius\":3}"};
  t.events = {
      event(TraceEventType::Source, 0, kNone, kNone, kNone),
      event(TraceEventType::Expanding, 1, 5.0, 4.41, 9.41),
      event(TraceEventType::Generating, 2, 7.0, kNone, kNone, 0),
      event(TraceEventType::Updating, 2, 6.0, kNone, kNone, 1),
      event(TraceEventType::Other, 3, kNone, kNone, kNone),
      event(TraceEventType::Expanding, 1, 5.0, kNone, 9.41),
      event(TraceEventType::Closing, 1, kNone, kNone, kNone),
      event(TraceEventType::End, 2, 6.0, kNone, kNone, 1),
      event(TraceEventType::End, kNoNode, kNone, kNone, kNone),
  };
  t.events[4].extra = 0;
  return t;
}

}  // namespace

TEST_CASE("[ImportedTraceText] each event type in words") {
  const ImportedTrace t = trace();
  const auto& e = t.events;
  CHECK(describe(e[0], t) == "source (3, 3)");
  CHECK(describe(e[1], t) == "expanding (4, 3): g 5.00 + h 4.41 = f 9.41");
  CHECK(describe(e[2], t) == "generating (5, 3): g 7.00 via (3, 3)");
  CHECK(describe(e[3], t) == "updating (5, 3): g 7.00 \xE2\x86\x92 6.00 via (4, 3)");
  CHECK(describe(e[4], t) == "probe (2, 2) {\"radius\":3}");
  // h missing: f - g.
  CHECK(describe(e[5], t) == "expanding (4, 3): g 5.00 + h 4.41 = f 9.41");
  CHECK(describe(e[6], t) == "closing (4, 3)");
  CHECK(describe(e[7], t) == "end (5, 3): g 6.00");
  CHECK(describe(e[8], t) == "end");
}

TEST_CASE("[ImportedTraceText] the cost scale, missing values and events outside the trace") {
  const ImportedTrace t = trace();
  SUBCASE("scale") {
    // The scale is the trace's cost unit: its numbers are divided by it, as the replay's are.
    CHECK(describe(t.events[1], t, 0.5) == "expanding (4, 3): g 10.00 + h 8.82 = f 18.82");
    CHECK(describe(t.events[3], t, 2.0) == "updating (5, 3): g 3.50 \xE2\x86\x92 3.00 via (4, 3)");
  }
  SUBCASE("only f") {
    const ImportedEvent only_f = event(TraceEventType::Expanding, 1, kNone, kNone, 9.41);
    CHECK(describe(only_f, t) == "expanding (4, 3): f 9.41");
  }
  SUBCASE("an updating event that is no event of the trace: no g before") {
    const ImportedEvent copy = t.events[3];
    CHECK(describe(copy, t) == "updating (5, 3): g 6.00 via (4, 3)");
  }
  SUBCASE("an updating event whose node had no g before") {
    ImportedTrace u = trace();
    u.events[2].g = kNone;
    CHECK(describe(u.events[3], u) == "updating (5, 3): g 6.00 via (4, 3)");
  }
}
