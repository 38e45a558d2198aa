// Studio's live trace mode (studio.hpp, "Live"): the trace's file followed with an
// astar::TraceFollower while another program writes it. Once a frame the follower reads what
// arrived; every show_every seconds (and when the trace completes) the trace shown is replaced by
// the follower's copy, checked again, and replayed at the event the view was at, or at the new
// end when the view was at the end.
#include <algorithm>
#include <chrono>
#include <filesystem>

#include "astar/format.hpp"
#include "state/studio.hpp"
#include "state/trace_mode.hpp"

namespace studio {

namespace {
// Seconds between two updates of the trace shown: at least kShowEvery, and at least
// kShowCostRatio times what the last update took (a copy of the trace, its check with a reverse
// Dijkstra on the level, a new replay), so a big trace or level costs the frames at most a tenth
// of their time.
constexpr double kShowEvery = 0.5;
constexpr double kShowCostRatio = 10.0;
}

void Studio::follow_trace(const std::string& path) {
  auto empty = std::make_shared<astar::ImportedTrace>();
  empty->source = path;
  empty->format = astar::TraceFormat::JsonLines;
  open_trace(std::move(empty), path);
  set_following(true);
}

bool Studio::following() const { return trace_ && trace_->follower; }

void Studio::set_following(bool on) {
  if (!trace_ || on == following()) return;
  if (!on) {
    trace_->follower.reset();
    status = "Stopped following " + trace_->path + " (" +
             astar::count_text(trace_->trace->events.size()) + " events kept)";
    return;
  }
  // Every cell inside the level; the file read again from its start.
  trace_->follower = std::make_unique<astar::TraceFollower>(
      trace_->path, astar::TraceReadOptions{.level = &level()});
  trace_->show_every = kShowEvery;
  trace_->since_shown = kShowEvery;  // show the first events at once
  status = "Following " + trace_->path + ": new events show as they arrive";
}

void Studio::poll_following(double dt) {
  if (!following()) return;
  TraceMode& t = *trace_;
  auto polled = t.follower->poll();
  if (!polled) {
    status = "Following stopped: " + polled.error();
    show_followed_events();  // what was read before the error
    t.follower.reset();
    return;
  }
  t.since_shown += dt;
  const bool behind = t.follower->trace().events.size() != t.trace->events.size();
  if (behind && (t.since_shown >= t.show_every || t.follower->complete())) show_followed_events();
  if (!behind && t.follower->complete()) {
    status = "Followed " + t.path + " to its end: " + astar::count_text(t.trace->events.size()) +
             " events, " + astar::count_text(t.report.total()) + " findings";
    t.follower.reset();
  }
}

// The follower's events replace the trace shown, checked again; the view keeps its event, or
// moves to the new end when it was at the end.
void Studio::show_followed_events() {
  TraceMode& t = *trace_;
  t.since_shown = 0.0;
  if (t.follower->trace().events.size() == t.trace->events.size()) return;
  const auto began = std::chrono::steady_clock::now();
  const std::size_t applied = session_.search().events_applied();
  const bool at_end = applied == t.trace->events.size();
  t.trace = t.follower->snapshot();
  t.check(level());
  session_.replay_trace(at_end ? t.trace->events.size() : applied);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  t.show_every = std::max(kShowEvery, kShowCostRatio * took);
}

}  // namespace studio
