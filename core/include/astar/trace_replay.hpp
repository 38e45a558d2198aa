// An imported trace (imported_trace.hpp) replayed on its level as a Search: the studio's
// overlays, log, inspector, breakpoints, timeline and Compare read it through the same const
// views as a search of ours, with no second code path.
//
//   auto trace = std::make_shared<const ImportedTrace>(read_trace_file(path, {&level}).value());
//   TraceReplay replay(level, trace);          // level and trace outlive nothing: shared / kept
//   while (replay.step() == SearchState::InProgress) { draw(replay.node(c), ...); }
//   replay.seek_event(1812);                   // the state right after events[1812]
//
// One iteration is one `expanding` event with the events after it up to the next `expanding`;
// one micro-step is one event. The events before the first `expanding` (source, destination,
// the source's generating) are applied at iteration 0. What the views show:
//   generated / updated, not yet expanded -> Open; expanded or closed -> Closed;
//   g, h, f as the trace gives them, divided by the cost scale (h = f - g when h is missing,
//   f = g + h when f is; an event without a value keeps the node's earlier one; the source
//   starts at g 0 when its events give none);
//   parent = the cell of pId; last_taken = the cell of the last `expanding`;
//   last_relaxed = the cells generated or updated in the current iteration.
// The path (once all events are applied) is the chain of parents from the `end` event's node,
// else from the destination's node when it was reached. Found when that chain reaches the
// source; NoPath otherwise. A growing trace (ImportedTrace::growing: still being written) stays
// InProgress after its last event. A cell shows its latest node when several nodes share one cell.
// Stepping back restores the exact earlier state: every applied event keeps what it replaced.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/imported_trace.hpp"
#include "astar/search.hpp"

namespace astar {

class TraceReplay final : public Search {
 public:
  // `cost_scale` is the trace's cost unit: what one unit of the level's costs is in the trace's
  // numbers (1e-05 when a straight step costs 1e-05 there); every g, h and f is divided by it
  // (trace_check infers it). A scale that is not a finite number > 0 is taken as 1.
  TraceReplay(const Level& level, std::shared_ptr<const ImportedTrace> trace,
              double cost_scale = 1.0);
  ~TraceReplay() override;
  TraceReplay(const TraceReplay&) = delete;
  TraceReplay& operator=(const TraceReplay&) = delete;

  const ImportedTrace* imported() const override { return trace_.get(); }
  // How many of the trace's events are applied now (0 .. events.size()).
  std::size_t events_applied() const override;
  // Goes to the state right after events[index] (clamped), mid-iteration if it falls there;
  // an index before the first `expanding` goes to iteration 0 (where those events are applied).
  void seek_event(std::size_t index);
  // The iteration events[index] belongs to (0 for the events before the first expanding).
  std::int64_t iteration_of_event(std::size_t index) const;
  double cost_scale() const { return scale_; }

  // Search (see search.hpp).
  void restart() override;
  SearchState step() override;
  SearchState micro_step() override;
  bool mid_iteration() const override;
  std::span<const Move> taken_moves() const override;  // empty: a trace has no moves
  std::size_t examined() const override;  // events of the iteration under way applied so far
  SearchState state() const override;
  const std::string& message() const override;
  const SearchOptions& options() const override;
  const Level& level() const override;
  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override;
  std::size_t open_size() const override;
  std::int64_t closed_count() const override;
  const SearchMetrics& metrics() const override;
  std::vector<Cell> path() const override;
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;  // the trace's own g at the path's end, scaled
  void set_recording(bool on) override;  // always records (a trace is cheap to undo)
  bool recording() const override;
  bool can_step_back() const override;
  bool step_back() override;
  void seek(std::int64_t iteration) override;
  std::size_t recording_bytes() const override;
  std::string check_invariants() const override;

 private:
  struct State;  // per node what the trace said so far, per applied event its undo record
  void apply_next();  // applies events[events_applied()]
  void undo_last();   // undoes the last applied event
  void go_to(std::size_t count);  // applies or undoes events until `count` are applied

  std::shared_ptr<const ImportedTrace> trace_;
  const Level* level_;
  double scale_;
  std::unique_ptr<State> s_;
};

}  // namespace astar
