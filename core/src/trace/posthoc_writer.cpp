#include "astar/posthoc_writer.hpp"
#include "astar/format.hpp"

#include <cmath>
#include <optional>

#include "base/json_numbers.hpp"

namespace astar {

namespace {

// One rect per event at its cell, coloured by the event's type: what Posthoc's own grid
// samples (resources/traces/v1.0.5/grid-astar.trace.json) draw with; the path drawn through
// the cells' centres. On hex levels the rects are laid as bricks: the pushed rows (pointy-top)
// or columns (flat-top) half a cell over, so each cell touches its six neighbours as its hex
// does (Posthoc draws no hexagons; the brick wall is the offset layout's own picture).
std::string render_json(const Level& level) {
  std::string x = "$.event.x", y = "$.event.y";
  if (const std::optional<HexLayout> hex = level.hex_layout()) {
    const bool pointy = hex->orientation == HexOrientation::PointyTop;
    // Line n is pushed when n is odd (odd stagger) or even (even stagger).
    const std::string line = pointy ? "$.event.y" : "$.event.x";
    const std::string pushed = hex->stagger == HexStagger::Odd ? "(" + line + " % 2)"
                                                               : "((" + line + " + 1) % 2)";
    (pointy ? x : y) += " + " + pushed + " * 0.5";
  }
  return R"({"context": {}, "components": {"tile": [{"$": "rect", "width": 1, "height": 1, )"
         R"("x": "{{)" + x + R"(}}", "y": "{{)" + y + R"(}}", "fill": "{{$.color[$.event.type]}}"}]}, )"
         R"("views": {"main": {"renderer": "2d-pixi", "components": [{"$": "tile"}]}}, )"
         R"("path": {"pivot": {"x": "{{)" + x + R"( + 0.5}}", "y": "{{)" + y + R"( + 0.5}}"}, )"
         R"("scale": 0.3}})";
}

struct EventValues {
  std::optional<Cell> parent;
  double g = TraceEvent::kNone;
  double h = TraceEvent::kNone;
  double f = TraceEvent::kNone;
  bool has_values = false;  // pId, g, h, f written (source and destination have none)
};

class Writer {
 public:
  Writer(const Level& level, PosthocLayout layout) : level_(level), layout_(layout) {}

  void event(const char* type, std::optional<Cell> cell, const EventValues& v) {
    std::string& o = out_;
    if (layout_ == PosthocLayout::Document) o += count_ == 0 ? "\n    " : ",\n    ";
    ++count_;
    o += R"({"type": ")";
    o += type;
    o += '"';
    if (cell) {
      o += R"(, "id": )" + std::to_string(posthoc_id(level_, *cell));
    }
    if (v.has_values) {
      o += R"(, "pId": )";
      o += v.parent ? std::to_string(posthoc_id(level_, *v.parent)) : std::string("null");
      number(", \"g\": ", v.g);
      number(", \"h\": ", v.h);
      number(", \"f\": ", v.f);
    }
    if (cell) {
      o += R"(, "x": )" + std::to_string(cell->x) + R"(, "y": )" + std::to_string(cell->y);
    }
    o += '}';
    if (layout_ == PosthocLayout::JsonLines) o += '\n';
  }

  std::string finish() && {
    if (layout_ == PosthocLayout::JsonLines) return std::move(out_);
    std::string doc = R"({"version": ")" + std::string(kPosthocVersion) + "\",\n";
    doc += R"( "render": )" + render_json(level_) + ",\n";
    doc += R"( "events": [)" + out_ + (count_ == 0 ? "]\n}\n" : "\n  ]\n}\n");
    return doc;
  }

 private:
  void number(const char* key, double v) {
    out_ += key;
    if (std::isfinite(v)) {
      level_file::append_number(out_, v);
    } else {
      out_ += "null";
    }
  }

  const Level& level_;
  PosthocLayout layout_;
  std::string out_;
  std::size_t count_ = 0;
};

EventValues values_of(const TraceEvent& e) {
  return {e.parent, e.g, e.h, e.f, true};
}

}  // namespace

std::uint64_t posthoc_id(const Level& level, Cell c) {
  return static_cast<std::uint64_t>(c.y) * static_cast<std::uint64_t>(level.width()) +
         static_cast<std::uint64_t>(c.x);
}

Result<std::string> posthoc_trace(const Level& level, std::span<const TraceEvent> events,
                                  const PosthocWriteOptions& options) {
  if (options.algorithm && info(*options.algorithm).extras.hierarchy)
    return Error{"a Posthoc trace holds one search over the level's cells; " +
                 std::string(info(*options.algorithm).label) +
                 " searches an abstract graph, then refines it cluster by cluster, so it cannot "
                 "be written as one (use --format json, or another algorithm)"};
  for (const TraceEvent& e : events)
    if (e.backward)
      return Error{"a Posthoc trace holds one search; bidirectional A* runs two (from the start "
                   "and from the goal), so it cannot be written as one (use --format json, or "
                   "another algorithm)"};
  // D* Lite and the flow field search from the goal: a trace whose first take is not the start
  // is no search from the source the file names.
  for (const TraceEvent& e : events) {
    if (e.kind != TraceKind::Take) continue;
    if (!(e.cell == level.start()))
      return Error{"a Posthoc trace runs from the level's start, but this search took " +
                   cell_text(e.cell) + " first (D* Lite and flow fields search from the goal); use "
                   "--format "
                   "json, or another algorithm"};
    break;
  }
  Writer w(level, options.layout);
  w.event("source", level.start(), {});
  w.event("destination", level.goal(), {});
  // Our searches put the start into the open set without a relax event: its generating comes
  // from the first take, which is the start's.
  if (!events.empty() && events.front().kind == TraceKind::Take)
    w.event("generating", events.front().cell, values_of(events.front()));
  std::optional<TraceEvent> found;
  for (const TraceEvent& e : events) {
    switch (e.kind) {
      case TraceKind::Take:
        w.event("expanding", e.cell, values_of(e));
        w.event("closing", e.cell, values_of(e));
        if (e.goal) found = e;
        break;
      case TraceKind::Relax:
        w.event(std::isfinite(e.old_g) ? "updating" : "generating", e.cell, values_of(e));
        break;
      case TraceKind::Skip:
      case TraceKind::_Max:
        break;
    }
  }
  if (found) {
    w.event("end", found->cell, values_of(*found));
  } else if (options.complete) {
    w.event("end", std::nullopt, {});
  }
  return std::move(w).finish();
}

}  // namespace astar
