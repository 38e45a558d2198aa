// Bidirectional A*: one A* from the start over the moves leaving each cell, one from the goal
// over the moves entering each cell, stepped one at a time: until the sides meet, the side with
// the smaller open set goes next; after, the side whose least f is larger (ties: forward). Made
// by make_search for Algorithm::Bidirectional, or directly:
//
//   BidirectionalSearch s(level, level.rules(), {.algorithm = Algorithm::Bidirectional});
//   s.run();
//   if (s.state() == SearchState::Found) use(s.path(), s.path_cost(), s.meeting());
//
// After every step (and micro-step) of a side, each cell whose g that side improved is checked
// against the other side: when both have seen it, g_F + g_B is a path's cost, and the cheapest
// such sum is mu, the best known cost, through meeting(). Costs are exact (exact_cost.hpp), so
// a meeting is never "better" by rounding. The search ends Found when
//
//   mu <= max(fmin_F, fmin_B, gmin_F + gmin_B + eps)
//
// (f and g minima over each side's open set, eps the cheapest move on the level): the stopping
// rule of MM and NBS, proved in bidirectional.cpp. Without a listener the halves take
// BestFirstSearch's fast paths (and, in run(), its batch steps); with one, every event of both
// halves reaches it. All give the same results, iteration for iteration.
#pragma once

#include <optional>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "astar/exact_cost.hpp"
#include "astar/search.hpp"

namespace astar {

class BidirectionalSearch final : public Search {
 public:
  BidirectionalSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                      SearchListener* listener = nullptr);

  void restart() override;
  SearchState step() override;
  // step() until finished; without a listener or recording, the halves' open sets are radix
  // heaps for the run (BestFirstSearch::begin_batch): the same steps, faster.
  SearchState run() override;
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
  const SearchMetrics& metrics() const override;
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

  // The cost of the best path known so far (mu), through meeting(); +inf before the sides meet.
  double best_cost() const;
  // mu exactly; none before the sides meet.
  std::optional<ExactCost> best_cost_exact() const { return mu_; }
  // The cheapest move on the level, the eps of the stopping rule.
  ExactCost cheapest_move() const { return eps_; }
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
  // The smallest g of one side's open set (gmin), for the stopping rule. It starts as a log:
  // each cell whose g the side improved is appended with its g, each cell it closed is marked (a
  // byte per cell, with a generation, so nothing is cleared per search). gmin is the log's
  // cheapest entry whose cell is still open, and that cell, the witness, keeps telling it until
  // it is closed (min() in bidirectional.cpp says why); then the log is read again. A log read
  // too often becomes a 4-ary min-heap of the open cells by g, each cell's position kept, so a
  // closed cell leaves it and a lowered g moves up at once. It describes the side as it stands
  // at the trace's end (see `stale_`).
  class OpenG {
   public:
    void resize(std::size_t cells);
    void clear();
    // `cell` was opened with g `g`, or its g lowered to `g`.
    void set(ExactCost g, std::uint32_t cell) {
      if (ordered_) return heap_set(g, cell);
      log_.push_back({g, cell});
      ++logged_;
    }
    // `cell` was closed.
    void remove(std::uint32_t cell) {
      if (ordered_) return heap_remove(cell);
      closed_[cell] = generation_;
    }
    // The smallest g of the side's open set; none when it is empty.
    std::optional<ExactCost> min();
    // Rebuilt from every open cell of `side` (O(cells)), as a heap.
    void rebuild(const BestFirstSearch& side);
    // Empty when the log or the heap agrees with `side`'s open and closed cells and their g,
    // else what is wrong.
    std::string check(const BestFirstSearch& side) const;

   private:
    struct Entry {
      ExactCost g;
      std::uint32_t cell;  // its index in the level
    };
    static constexpr std::size_t kArity = 4;
    // Where a cell's heap entry is: valid while stamp is the current one (clear() moves it on).
    struct Slot {
      std::uint32_t stamp = 0;
      std::uint32_t pos = 0;
    };
    void place(std::size_t p, const Entry& e) {
      heap_[p] = e;
      slot_[e.cell] = {stamp_, static_cast<std::uint32_t>(p)};
    }
    void heap_set(ExactCost g, std::uint32_t cell);
    void heap_remove(std::uint32_t cell);
    void insert(ExactCost g, std::uint32_t cell);  // into the heap, unordered
    void order();
    void sift_up(std::size_t p);
    void sift_down(std::size_t p);
    std::string check_log(const BestFirstSearch& side) const;

    // A log read more than this many times its entries becomes the heap.
    static constexpr std::size_t kReadsPerEntry = 16;
    std::vector<Entry> log_;             // until ordered_
    std::optional<Entry> witness_;       // the log's cheapest open entry when last read
    std::size_t logged_ = 0, read_ = 0;  // entries logged; entries read for a witness
    std::vector<std::uint8_t> closed_;   // per cell: generation_ once closed (until ordered_)
    std::uint8_t generation_ = 1;
    std::vector<Entry> heap_;            // once ordered_
    std::vector<Slot> slot_;             // per cell
    std::uint32_t stamp_ = 1;
    bool ordered_ = false;
  };
  // One bit per cell: set once a side has opened the cell at the trace's end (its start at the
  // restart), never cleared before the next restart. So wherever the search stands, the cells a
  // side has seen are among those with its bit set (rewinds only make cells unseen).
  // absorb_relaxed looks a cell up in the other side's arrays only when that side's bit is set:
  // the bits stay in the caches (32 KiB for 512²), the other side's nodes often do not.
  struct SeenBits {
    std::vector<std::uint64_t> words;
    void reset(std::size_t cells) { words.assign((cells + 63) / 64, 0); }
    void set(std::uint32_t i) { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
    bool test(std::uint32_t i) const { return (words[i >> 6] >> (i & 63) & 1) != 0; }
  };
  struct StepRecord {
    bool forward;
    std::optional<ExactCost> mu_before;
    std::optional<Cell> meet_before;
    SearchState state_before;
  };

  static SearchOptions half_options(SearchOptions o);
  std::int64_t expanded() const { return forward_.iterations() + backward_.iterations(); }
  bool forward_next() const;
  void begin_iteration();
  void absorb_relaxed();
  void meet_at(Cell c, ExactCost g, const BestFirstSearch& other);
  void finish_iteration();
  bool proven_best();
  bool f_bound_reached(const BestFirstSearch& half) const;
  void mark_trace_end();
  std::string check_meeting() const;
  void restore_from_trace(std::size_t record);
  BestFirstSearch& last_side() { return last_forward_ ? forward_ : backward_; }

  SearchOptions options_;
  // Both halves hear the owner's listener directly (none: their fast paths).
  BestFirstSearch forward_, backward_;
  std::string unsupported_;  // check_supported's verdict, made once
  ExactCost eps_;            // the cheapest move on the level (rounded down to the micro-unit)
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  std::optional<ExactCost> mu_;  // none: the sides have not met
  std::optional<Cell> meet_;
  mutable SearchMetrics metrics_;  // made by metrics()
  OpenG open_g_forward_, open_g_backward_;
  SeenBits seen_forward_, seen_backward_;
  // The open-g records follow the halves only where new steps are written, at the trace's end;
  // rewinds and replays leave them as they were there. Stale once the trace's end moves back (a
  // micro-step after a rewind cuts it; a step back out of a half-done iteration drops it):
  // rebuilt from the halves before they are next read.
  bool stale_ = false;
  std::size_t absorbed_ = 0;  // entries of the side's last_relaxed() already checked this step
  // The trace, as in BestFirstSearch: records_[0, at_) taken, the rest kept for replay.
  std::vector<StepRecord> records_;
  std::size_t at_ = 0;
  bool writing_ = false;
  std::optional<ExactCost> end_mu_;  // after the trace's last step
  std::optional<Cell> end_meet_;
  SearchState end_state_ = SearchState::InProgress;
  bool last_forward_ = true;  // which side took the last step: its views are shown
  std::vector<Cell> no_cells_;
};

}  // namespace astar
