#include "astar/imported_trace_text.hpp"

#include <cmath>
#include <cstddef>
#include <optional>

#include "astar/format.hpp"

namespace astar {

namespace {

bool given(double v) { return !std::isnan(v); }

// The event's type as written: Posthoc's name, or the trace's own for a type we do not know.
std::string type_name(const ImportedEvent& e, const ImportedTrace& trace) {
  if (e.type == TraceEventType::Other && e.other_type < trace.type_names.size())
    return trace.type_names[e.other_type];
  return std::string(to_string(e.type));
}

std::string node_text(std::uint32_t node, const ImportedTrace& trace) {
  if (node == kNoNode || node >= trace.node_count()) return "";
  return cell_text(trace.cell(node));
}

// The node's g before events[index]: its last earlier event that gives one.
std::optional<double> g_before(const ImportedTrace& trace, std::size_t index) {
  const std::uint32_t node = trace.events[index].node;
  for (std::size_t i = index; i-- > 0;) {
    const ImportedEvent& e = trace.events[i];
    if (e.node == node && given(e.g)) return e.g;
  }
  return std::nullopt;
}

// Where `e` sits in trace.events, when it is one of them.
std::optional<std::size_t> index_in(const ImportedEvent& e, const ImportedTrace& trace) {
  if (trace.events.empty()) return std::nullopt;
  const ImportedEvent* first = trace.events.data();
  if (&e < first || &e >= first + trace.events.size()) return std::nullopt;
  return static_cast<std::size_t>(&e - first);
}

// "g 5.00 + h 4.41 = f 9.41", or the parts that are given.
std::string costs_text(const ImportedEvent& e, double scale) {
  const double h = event_h(e);
  std::string out;
  if (given(e.g)) out += "g " + fixed2_text(e.g / scale);
  if (given(h)) out += (out.empty() ? "h " : " + h ") + fixed2_text(h / scale);
  if (given(e.f)) out += (out.empty() ? "f " : " = f ") + fixed2_text(e.f / scale);
  return out;
}

// "g 6.00 via (4, 3)", "g 7.00 → 6.00 via (4, 3)" (old: the g before, when known).
std::string relax_text(const ImportedEvent& e, const ImportedTrace& trace, double scale,
                       std::optional<double> old) {
  std::string out;
  if (given(e.g))
    out = "g " + (old ? fixed2_text(*old / scale) + " \xE2\x86\x92 " : std::string()) +
          fixed2_text(e.g / scale);
  if (const std::string via = node_text(e.parent, trace); !via.empty())
    out += (out.empty() ? "via " : " via ") + via;
  return out;
}

}  // namespace

std::string describe(const ImportedEvent& e, const ImportedTrace& trace, double scale) {
  std::string out = type_name(e, trace);
  if (const std::string at = node_text(e.node, trace); !at.empty()) out += " " + at;
  std::string detail;
  switch (e.type) {
    case TraceEventType::Expanding: detail = costs_text(e, scale); break;
    case TraceEventType::Generating: detail = relax_text(e, trace, scale, std::nullopt); break;
    case TraceEventType::Updating: {
      const auto at = index_in(e, trace);
      detail = relax_text(e, trace, scale, at ? g_before(trace, *at) : std::nullopt);
      break;
    }
    case TraceEventType::End:
      if (given(e.g)) detail = "g " + fixed2_text(e.g / scale);
      break;
    case TraceEventType::Source:
    case TraceEventType::Destination:
    case TraceEventType::Closing:
    case TraceEventType::Other:
    case TraceEventType::_Max: break;
  }
  if (!detail.empty()) out += ": " + detail;
  if (e.type == TraceEventType::Other && e.extra != kNoExtra && e.extra < trace.extras.size())
    out += " " + trace.extras[e.extra];
  return out;
}

}  // namespace astar
