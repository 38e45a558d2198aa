// The flow field (flow_field.hpp) as a Search, so the studio can list it, step it and rewind
// it, and `astar run`, `bench` and `compare` can run it (Algorithm::FlowField). Made by
// make_search, or directly:
//
//   FlowFieldSearch s(level, level.rules(), {.algorithm = Algorithm::FlowField});
//   s.run();                                  // settles the whole level
//   if (s.state() == SearchState::Found) use(s.path(), s.path_cost());  // the flow from start
//   if (s.field()) arrow(c, s.field()->flow(c));                       // any cell's flow
//
// It owns a FlowField towards the level's goal and steps it: one iteration settles one cell, in
// FlowField::step's order (least cost to the goal, equal costs by row, then column). The
// micro-steps are the take (the cell is settled and its flow fixed) and then one per move
// ENTERING it (MovePolicy::for_each_move_into: taken_moves(), whose `to` is the cell the move
// leaves), relaxed or skipped. So the costs, the settle order and every flow are the field's.
// It does not stop at the start: a flow field serves every cell, so it settles every cell that
// can reach the goal, then ends Found when the start was settled (path() is FlowField::follow
// of the start, path_cost() its cost to the goal) and NoPath otherwise. max_iterations stops it
// with IterationLimit; a level the field refuses makes it Invalid with FlowField::make's words.
//
// Views. g is the cost TO THE GOAL (h = 0, f = g): final for a settled (Closed) cell, the best
// so far for an Open one. A settled cell's parent is where its flow leads (none on the goal), so
// the studio's cameFrom arrows draw the flow; an open cell's parent is the settled cell whose
// move gave its cost so far. path_to(c) is c's way TO THE GOAL (c first, the goal last, as D*
// Lite's): the flow for a settled cell; for an open one, its parent, then that cell's flow.
// Once finished, the cells left without a flow are those FlowField::unreachable names
// (cannot_reach_goal, below: what the studio marks).
//
// Rewind (recording on): each take and each relaxation is kept with the values it replaced, so
// step_back() restores the field, the parents, the counters, last_taken() and last_relaxed()
// exactly. Steps undone are not kept (stepping again recomputes them).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "astar/flow_field.hpp"
#include "astar/search.hpp"

namespace astar {

class FlowFieldSearch final : public Search {
 public:
  FlowFieldSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                  SearchListener* listener = nullptr);
  FlowFieldSearch(const FlowFieldSearch&) = delete;
  FlowFieldSearch& operator=(const FlowFieldSearch&) = delete;

  // The field being built; null when the search is Invalid.
  const FlowField* field() const { return field_ ? &*field_ : nullptr; }

  // Back to iteration 0, towards the level's goal now (a field made again if it moved).
  void restart() override;
  SearchState step() override;
  SearchState micro_step() override;
  bool mid_iteration() const override { return mid_; }
  std::span<const Move> taken_moves() const override;
  std::size_t examined() const override { return examined_; }
  SearchState state() const override { return state_; }
  const std::string& message() const override { return message_; }
  const SearchOptions& options() const override { return options_; }
  const Level& level() const override { return *level_; }

  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override { return last_relaxed_; }
  std::size_t open_size() const override;
  std::int64_t closed_count() const override;
  const SearchMetrics& metrics() const override { return metrics_; }
  std::vector<Cell> path() const override;
  // c to the goal (see above); empty for unseen cells.
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;

  void set_recording(bool on) override;
  bool recording() const override { return recording_; }
  bool can_step_back() const override { return !records_.empty(); }
  bool step_back() override;
  std::size_t recording_bytes() const override;
  std::string check_invariants() const override;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  // One relaxation, with the values it replaced.
  struct Change {
    std::uint32_t cell;
    std::uint32_t old_parent;
    FlowCellState old_state;
    ExactCost old_cost;
  };
  // One iteration: its changes are changes_[first_change, the next record's first_change).
  // (It ran in progress, and its cell is the field's last settled.)
  struct Record {
    std::size_t first_change;
  };

  void take();
  void examine(const Move& m);
  void finish_iteration();
  std::uint32_t index_of(Cell c) const { return to_u32(level_->index(c)); }
  Cell cell_of(std::uint32_t i) const { return level_->cell(CellIndex(i)); }
  void restore_last_views();

  std::shared_ptr<const Level> own_level_;  // the level without options.ignore_shapes, if any
  const Level* level_;
  MovementRules rules_;
  SearchOptions options_;
  SearchListener* listener_;
  std::string unsupported_;         // check_supported's verdict, made once
  std::optional<FlowField> field_;  // towards the level's goal; none: Invalid
  std::vector<std::uint32_t> parent_;  // an open cell's best so far (settled cells: the flow)
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  SearchMetrics metrics_;
  std::uint32_t last_taken_ = kNone;
  std::vector<Cell> last_relaxed_;
  std::vector<Move> moves_;  // the taken cell's moves in
  std::size_t examined_ = 0;
  bool mid_ = false;
  bool recording_ = false;
  std::vector<Record> records_;
  std::vector<Change> changes_;
};

// Whether `search` is a flow field (info(a).extras.flow, not a replayed trace) that has settled
// every cell it can (Found or NoPath) and c is an open cell of its level it never settled: no
// way from c leads to the goal, so c has no flow. Read from the views alone (no cast).
bool cannot_reach_goal(const Search& search, Cell c);

}  // namespace astar
