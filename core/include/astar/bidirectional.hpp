// Bidirectional A*: one A* from the start over the moves leaving each cell, one from the goal
// over the moves entering each cell, stepped one at a time (the side with the smaller open set
// goes next; ties: forward). Every time a cell seen by both sides gets a better g on either
// side, the best meeting cost mu is updated. The search ends Found when
// mu <= max(smallest f of the forward open set, smallest f of the backward open set): with
// consistent heuristics no path through any open node can then be cheaper than mu.
#pragma once

#include <optional>
#include <vector>

#include "astar/search.hpp"

namespace astar {

class BidirectionalSearch final : public Search {
 public:
  BidirectionalSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                      SearchListener* listener = nullptr);
  BidirectionalSearch(const BidirectionalSearch&) = delete;  // the halves point at meet_
  BidirectionalSearch& operator=(const BidirectionalSearch&) = delete;

  void restart() override;
  SearchState step() override;
  SearchState micro_step() override;
  bool mid_iteration() const override;
  std::span<const Move> taken_moves() const override;
  std::size_t examined() const override;
  SearchState state() const override { return state_; }
  const std::string& message() const override { return message_; }
  const SearchOptions& options() const override { return options_; }
  const Level& level() const override { return forward_.level(); }

  // A cell seen by the forward side shows its forward node (g from the start); a cell seen only
  // by the backward side shows the backward node (g is then the cost *to the goal*).
  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override;
  std::size_t open_size() const override;
  std::int64_t closed_count() const override;
  const SearchMetrics& metrics() const override { return metrics_; }
  std::vector<Cell> path() const override;
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;

  std::optional<Side> side(Cell c) const override;
  std::optional<Cell> meeting() const override { return meet_; }
  std::vector<Cell> path_to_taken() const override;
  const BestFirstSearch* loop(Side s) const override {
    return s == Side::Forward ? &forward_ : &backward_;
  }
  Side turn() const override { return last_forward_ ? Side::Forward : Side::Backward; }

  // The cost of the best path known so far (mu), through meeting().
  double best_cost() const { return mu_; }
  const BestFirstSearch& forward() const { return forward_; }
  const BestFirstSearch& backward() const { return backward_; }

  void set_recording(bool on) override;
  bool recording() const override { return forward_.recording(); }
  bool can_step_back() const override { return at_ > 0; }
  bool step_back() override;
  // Seeks each half (in bulk when far) to its share of the iterations, read from the trace.
  void seek(std::int64_t iteration) override;
  std::size_t recording_bytes() const override;
  std::string check_invariants() const override;

 private:
  // Hears both halves: updates mu on every relax, and passes every event on.
  class Meet : public SearchListener {
   public:
    Meet(BidirectionalSearch& owner, bool forward) : owner_(owner), forward_(forward) {}
    void on_take(Cell c, const NodeView& n) override;
    void on_relax(Cell from, Cell to, double old_g, double new_g,
                  std::optional<Cell> old_parent) override;
    void on_skip(Cell from, const Move& m, SkipReason why) override;

   private:
    BidirectionalSearch& owner_;
    bool forward_;
  };
  struct StepRecord {
    bool forward;
    double mu_before;
    std::optional<Cell> meet_before;
    SearchState state_before;
  };

  static SearchOptions half_options(SearchOptions o);
  void update_metrics();
  void begin_iteration();
  void finish_iteration();
  BestFirstSearch& last_side() { return last_forward_ ? forward_ : backward_; }

  SearchOptions options_;
  SearchListener* listener_;
  Meet meet_forward_, meet_backward_;
  BestFirstSearch forward_, backward_;
  std::string unsupported_;  // check_supported's verdict, made once
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  double mu_;
  std::optional<Cell> meet_;
  SearchMetrics metrics_;
  // The trace, as in BestFirstSearch: records_[0, at_) taken, the rest kept for replay.
  std::vector<StepRecord> records_;
  std::size_t at_ = 0;
  bool writing_ = false;
  double end_mu_;  // after the trace's last step
  std::optional<Cell> end_meet_;
  SearchState end_state_ = SearchState::InProgress;
  bool last_forward_ = true;  // which side took the last step: its views are shown
  std::vector<Cell> no_cells_;
};

}  // namespace astar
