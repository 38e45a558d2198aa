// The studio's trace mode (trace_mode.hpp): the trace held, checked and replayed; Studio's
// open_trace, close_trace and select_finding. The search session replays it (and re-runs it
// after edits: SearchSession::rerun_trace).
#include "state/trace_mode.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "astar/format.hpp"
#include "astar/trace_replay.hpp"
#include "state/text.hpp"
#include "state/studio.hpp"

namespace studio {

namespace fs = std::filesystem;

// [SECTION] The trace held

std::string TraceMode::title() const {
  const std::size_t n = trace->events.size();
  return "Trace: " + fs::path(path).filename().string() + " (" +
         std::string(astar::to_string(trace->format)) + ", " + astar::count_text(n) +
         (n == 1 ? " event)" : " events)");
}

bool TraceMode::fits(const astar::Level& level) const {
  return trace->width <= level.width() && trace->height <= level.height();
}

void TraceMode::check(const astar::Level& level) {
  report = astar::check_trace(level, level.rules(), *trace);
  selected.reset();
}

std::unique_ptr<astar::TraceReplay> TraceMode::make_replay(const astar::Level& level) const {
  return std::make_unique<astar::TraceReplay>(level, trace, report.cost_scale);
}

const std::vector<std::int64_t>& TraceMode::expansion_order(std::size_t applied, int width,
                                                            int height,
                                                            std::uint64_t generation) const {
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (applied == order_applied_ && generation == order_generation_ && order_.size() == cells)
    return order_;
  order_.assign(cells, 0);
  std::int64_t iteration = 0;
  const auto& events = trace->events;
  for (std::size_t i = 0; i < applied && i < events.size(); ++i) {
    const astar::ImportedEvent& e = events[i];
    if (e.type != astar::TraceEventType::Expanding) continue;
    ++iteration;
    if (e.node == astar::kNoNode) continue;
    const astar::Cell c = trace->cell(e.node);
    if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) continue;
    std::int64_t& o = order_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width) +
                             static_cast<std::size_t>(c.x)];
    if (o == 0) o = iteration;
  }
  order_applied_ = applied;
  order_generation_ = generation;
  return order_;
}

astar::Result<astar::Level> blank_level_for(const astar::ImportedTrace& trace) {
  const int w = std::max(trace.width, 1), h = std::max(trace.height, 1);
  if (const std::string bad = astar::Level::check_size(w, h); !bad.empty())
    return astar::Error{trace.source + ": a level for its cells would be " + std::to_string(w) +
                        " x " + std::to_string(h) + ": " + bad};
  astar::Level level(w, h);
  const auto start = trace.cell_of(trace.source_node);
  auto goal = trace.cell_of(trace.destination_node);
  if (!goal) goal = trace.cell_of(trace.end_node());
  if (start) level.set_start(*start);
  if (goal) level.set_goal(*goal);
  level.name = fs::path(trace.source).filename().string();
  return level;
}

std::string trace_sidecar_json(const Studio& studio) {
  const TraceMode* t = studio.trace_mode();
  if (!t) return "null";
  const astar::TraceCheckReport& r = t->report;
  std::ostringstream j;
  j << "{\"file\": " << json_string(t->path)
    << ", \"format\": " << json_string(astar::to_string(t->trace->format))
    << ", \"events\": " << t->trace->events.size()
    << ", \"events_applied\": " << studio.session().search().events_applied()
    << ", \"cost_scale\": " << r.cost_scale << ", \"findings\": " << r.total()
    << ", \"findings_listed\": " << r.findings.size() << ", \"kinds\": {";
  bool first = true;
  for (std::size_t k = 0; k < r.counts.size(); ++k) {
    if (r.counts[k] == 0) continue;
    j << (first ? "" : ", ")
      << json_string(astar::to_string(static_cast<astar::FindingKind>(k))) << ": " << r.counts[k];
    first = false;
  }
  auto finding = [&](const astar::Finding& f) {
    j << "{\"kind\": " << json_string(astar::to_string(f.kind)) << ", \"event\": " << f.event
      << ", \"cell\": [" << f.cell.x << ", " << f.cell.y << "]}";
  };
  j << "}, \"list\": [";  // the first 100 listed
  for (std::size_t i = 0; i < r.findings.size() && i < 100; ++i) {
    j << (i ? ", " : "");
    finding(r.findings[i]);
  }
  j << "], \"selected\": ";
  if (t->selected) finding(r.findings[*t->selected]);
  else j << "null";
  j << ", \"findings_panel\": " << (studio.findings_panel ? "true" : "false") << "}";
  return j.str();
}

// [SECTION] Studio: opening, closing and following a trace

astar::Status Studio::open_trace(const std::string& path) {
  auto read = astar::read_trace_file(path, {.level = &level()});
  if (!read) {
    status = "Trace not opened: " + read.error();
    return astar::Error{read.error()};
  }
  open_trace(std::make_shared<const astar::ImportedTrace>(std::move(read).value()), path);
  return astar::Ok{};
}

void Studio::open_trace(std::shared_ptr<const astar::ImportedTrace> trace, std::string path) {
  trace_ = std::make_unique<TraceMode>();
  trace_->path = std::move(path);
  trace_->trace = std::move(trace);
  trace_->check(level());
  session_.drop_heuristic_report();
  session_.reset_search();  // paused, at the trace's first event
  const astar::ImportedTrace& t = *trace_->trace;
  status = "Opened trace " + trace_->path + ": " + astar::count_text(t.events.size()) + " events, " +
           astar::count_text(trace_->report.total()) + " findings" +
           (t.warnings.empty() ? std::string() : "; " + t.warnings.front());
}

// A level whose preset names a trace (search.trace: a lesson's, a path relative to the level
// file's folder) opens with it; an error leaves the level with a search of ours, and says why.
void Studio::open_preset_trace() {
  if (!level().preset.trace || file_path().empty()) return;
  const std::string opened = status;
  const std::string file = (fs::path(file_path()).parent_path() / *level().preset.trace).string();
  if (open_trace(file)) status = opened + " with its trace " + *level().preset.trace;
  else status = opened + "; " + status;
}

void Studio::close_trace() {
  if (!trace_) return;
  status = "Closed trace " + trace_->path;
  trace_.reset();
  session_.reset_search();
}

void Studio::select_finding(std::size_t index) {
  if (!trace_) return;
  if (index >= trace_->report.findings.size()) {
    status = "No finding " + astar::count_text(index + 1) + ": the check listed " +
             astar::count_text(trace_->report.findings.size());
    return;
  }
  const astar::Finding& f = trace_->report.findings[index];
  session_.seek_event(f.event);
  trace_->selected = index;  // after the seek, which keeps it
  status = "Finding at event " + astar::count_text(f.event) + ", " + astar::cell_text(f.cell) + ": " +
           f.message;
}

}  // namespace studio
