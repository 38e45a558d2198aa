// The best-first engine behind every algorithm but bidirectional A*, LPA* and D* Lite: one
// loop (BestFirstSearch) over an indexed binary heap, with a fast path on uniform grids, batch
// loops over a radix heap for run(), and a rewind trace. An implementation detail of the search
// (search.hpp is its interface; make_search.hpp makes it), public for what needs more than the
// interface: bidirectional A* runs two of them, the trace and the heuristic check read a side's
// offers and h, and the tests and benchmarks drive it directly:
//
//   BestFirstSearch s(level, {.algorithm = Algorithm::Dijkstra});
//   s.run();
//   ExactCost g = s.g_exact(level.goal());
//
// Its code (core/src/search/): best_first.cpp (construction, one iteration, the step loop),
// best_first_batch.cpp (run()'s fused loops and the batches bidirectional A* drives),
// best_first_rewind.cpp (step_back, seek, replay) and best_first_views.cpp (node(), paths,
// check_invariants); the open set's and the relaxation's small steps, inlined into all of
// them, are in best_first_inline.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "astar/detail/chunked_vector.hpp"
#include "astar/detail/huge_pages.hpp"
#include "astar/detail/radix_queue.hpp"
#include "astar/exact_cost.hpp"
#include "astar/jump_point.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

namespace astar {

// The one best-first loop behind every algorithm but bidirectional A*.
class BestFirstSearch final : public Search {
 public:
  // Forward searches start -> goal with moves leaving each cell. Backward searches goal -> start
  // with the moves *entering* each cell (so g is the cost to reach the goal); bidirectional A*
  // runs one of each.
  enum class Direction : std::uint8_t { Forward, Backward };

  // Searches level.start() -> level.goal() under the level's own movement rules.
  explicit BestFirstSearch(const Level& level, SearchOptions options = {},
                           SearchListener* listener = nullptr);
  // Under `rules` instead of the level's (e.g. the CLI's --neighbours).
  BestFirstSearch(const Level& level, const MovementRules& rules, SearchOptions options = {},
                  SearchListener* listener = nullptr, Direction direction = Direction::Forward);

  void restart() override;
  SearchState step() override;
  SearchState run() override;
  SearchState micro_step() override;
  bool mid_iteration() const override { return mid_; }
  std::span<const Move> taken_moves() const override;
  std::size_t examined() const override;
  SearchState state() const override { return state_; }
  const std::string& message() const override { return message_; }
  const SearchOptions& options() const override { return options_; }
  const Level& level() const override { return *level_; }
  const MovePolicy& policy() const { return policy_; }
  Direction direction() const { return direction_; }
  double heuristic_scale() const { return h_scale_; }

  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  // The same as a node index (the level's cell index; to_u32(kNoCell) when none).
  std::uint32_t last_taken_index() const { return last_taken_; }
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override { return last_relaxed_; }
  std::size_t open_size() const override {
    return batched_ ? static_cast<std::size_t>(metrics_.generated - closed_)
                    : heap_.size() - queue_head_;
  }
  std::int64_t closed_count() const override { return closed_; }
  const SearchMetrics& metrics() const override { return metrics_; }
  std::vector<Cell> path() const override;
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;
  // The priority of the open node that comes next (+inf when the open set is empty), and its
  // key, the priority in micro-units for those that are costs (exactly the open set's order).
  double top_priority() const;
  double top_key() const;
  ExactCost top_g() const;  // the g of the node that comes next, exactly (zero: none)

  // A batch another loop drives (bidirectional A*'s run): when can_batch() (a search whose keys
  // never go down, on a uniform grid, without a listener, recording or partial paths, in
  // progress between iterations), begin_batch() moves the open set into a radix heap,
  // batch_step() takes steps as step() would (the same takes, relaxations and counters; views
  // kept: state, last_taken, last_relaxed, open_size, top_priority, every node), and
  // end_batch() moves it back. Nothing else may be called in between.
  bool can_batch() const;
  void begin_batch();
  SearchState batch_step();
  void end_batch();
  // What this search computes, for those who show it (the trace, the heuristic check): the h of
  // any cell (seen or not), the offer a move of a taken cell `from` makes to its cell (the
  // parent it would get, Theta*'s any-angle one included, and its g, exactly), and the f a cell
  // would have with g `g` (not for breadth-first, whose f is steps).
  double h_at(Cell c) const;
  // The exact h of any cell (h_at(c) is its value()).
  ExactCost h_exact(Cell c) const;
  // The exact g of a seen cell (node(c).g is its value()); zero for unseen ones.
  ExactCost g_exact(Cell c) const {
    const std::uint32_t i = to_u32(level_->index(c));
    return valid(i) ? nodes_[i].g : ExactCost{};
  }
  struct Offer {
    Cell via;
    ExactCost g;
  };
  Offer offer(Cell from, const Move& m) const;
  double f_with(Cell c, ExactCost g) const;

  void set_recording(bool on) override;
  bool recording() const override { return recording_; }
  bool can_step_back() const override { return at_ > 0; }
  bool step_back() override;
  void seek(std::int64_t iteration) override;
  // Iterations kept for replay (>= iterations() while recording).
  std::int64_t recorded_iterations() const { return static_cast<std::int64_t>(records_.size()); }
  std::size_t recording_bytes() const override;
  std::string check_invariants() const override;

  const BestFirstSearch* loop(Side s) const override { return s == turn() ? this : nullptr; }
  Side turn() const override {
    return direction_ == Direction::Forward ? Side::Forward : Side::Backward;
  }

 private:
  // Per node: its exact g, parent and rank; whether it is open, closed or unseen lives apart in
  // stamp_ (the hot test of every relaxation reads 4 bytes a node). h is not kept: it is a
  // function of the cell (h_of).
  struct Node {
    ExactCost g;
    std::uint32_t parent;
    // Breadth-first: steps from the start along parents, its priority (a node is never
    // improved, so its depth never changes). The others: its open-set entry's insertion number
    // (HeapEntry::seq), fixed when it is generated; a batch run pushes an improved node again
    // with it (run_batch).
    std::uint32_t rank;
  };
  // An open-set entry carries its own keys, so heap comparisons touch only the heap's memory:
  // integers, compared in this order (make_entry).
 public:
  struct HeapEntry {
    std::uint64_t f;    // the bits of the priority's exact key (ExactCost::key(), >= 0)
    std::uint64_t tie;  // the tie-break: g's key bits, inverted for larger g first; 0 for FIFO/LIFO
    std::uint32_t seq;  // insertion order (reversed for last in), the last tie-breaker
    std::uint32_t node;
  };
  // The open set's order: a before b. (f, tie) as one 128-bit number (a compare and a subtract
  // with borrow), then the insertion number. Bitwise, not short-circuit: the compiler can pick
  // the smaller child without a branch.
  struct HeapOrder {
    bool operator()(const HeapEntry& a, const HeapEntry& b) const {
      __extension__ using Wide = unsigned __int128;  // GCC and Clang
      const Wide ka = static_cast<Wide>(a.f) << 64 | a.tie;
      const Wide kb = static_cast<Wide>(b.f) << 64 | b.tie;
      return (ka < kb) | ((ka == kb) & (a.seq < b.seq));
    }
  };

 private:
  // What one step changed, for step_back() and replay. Its changes are changes_[first_change..]
  // up to the next record's first_change. The rest is derived: a step runs only in progress,
  // and its counters and insertion numbers follow from its changes.
  struct StepRecord {
    // The node taken from the open set and its entry's insertion number (its keys follow from
    // the node: make_entry).
    std::uint32_t taken;
    std::uint32_t taken_seq;
    std::uint32_t first_change;
    std::uint32_t best_before;  // nearest-to-goal taken node, for partial paths
  };
  // One relaxation: the node's values before and after (its rank does not change: only a node
  // first seen gets one, in the order it is generated).
  struct Change {
    std::uint32_t node;
    std::uint32_t old_parent;
    std::uint32_t new_parent;
    bool was_unseen;  // the relaxation generated the node
    ExactCost old_g;
    ExactCost new_g;
  };

  // stamp_[i]: generation_ open, generation_ + 1 closed, anything else unseen.
  bool valid(std::uint32_t i) const { return stamp_[i] - generation_ < 2u; }
  NodeState state_of(std::uint32_t i) const {
    const std::uint32_t s = stamp_[i] - generation_;
    return s == 0 ? NodeState::Open : s == 1 ? NodeState::Closed : NodeState::Unseen;
  }
  void mark(std::uint32_t i, NodeState s) {
    stamp_[i] = s == NodeState::Open ? generation_ : s == NodeState::Closed ? generation_ + 1
                                                                          : generation_ - 1;
  }
  ExactCost h_of(Cell c) const;
  ExactCost h_with_height(Cell c) const;
  ExactCost f_of(std::uint32_t i, Cell c) const;
  ExactCost weighted(ExactCost h) const;
  double key_of(std::uint32_t i, Cell c) const;  // the open set's f key (node i is cell c)
  double key_of(std::uint32_t i) const;
  double shown(double key) const;        // a key as NodeView::f shows it
  HeapEntry make_entry(std::uint32_t i, Cell c, std::uint32_t seq) const;
  std::uint32_t seq_key(std::uint32_t seq) const;
  std::size_t least_child(std::size_t pos) const;
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void heapify();
  void heap_push(HeapEntry e);
  std::uint32_t heap_pop();
  void run_batch();
  bool batch_ready() const;
  bool drop_closed_tops();
  void begin_batch_loop();
  void close_taken(std::uint32_t cur, std::uint32_t seq);
  std::int64_t batch_limit() const;
  void end_without_path(std::uint32_t cur);
  void take_goal_batched(std::uint32_t goal);
  void unpark();
  std::string check_parked() const;
  void run_indexed();
  struct AnyKeys;
  struct OctileKeys;
  template <class Keys>
  void run_monotone(const Keys& keys);
  template <class Tell, class Keys>
  void relax_monotone(std::uint32_t ni, Cell to, std::uint32_t via, ExactCost g_new,
                      const Keys& keys);
  template <class Tell, class Keys>
  void expand_monotone(std::uint32_t taken, Cell c, const Keys& keys);
  bool octile_keys() const;
  template <class Keys>
  void expand_jump_points_monotone(std::uint32_t taken, Cell c, const Keys& keys);
  void settle_open_set();
  void heap_remove(std::size_t pos);
  void queue_push(HeapEntry e);
  std::uint32_t queue_pop();
  SearchState run_queue();
  void expand_queue(std::uint32_t taken);
  void update_key(std::uint32_t i);
  void update_key(std::uint32_t i, Cell c);
  void relax(Cell c, const Move& m, std::uint32_t via, ExactCost g_new);
  struct Quiet;
  struct Batch;
  struct Told;
  template <class Tell>
  void relax_to(Cell to, std::uint32_t ni, std::uint32_t via, ExactCost g_new, const Tell& tell);
  bool take();
  void begin_moves();
  template <class Tell>
  void expand_uniform(std::uint32_t taken, Cell c);
  void expand_jump_points(std::uint32_t taken);
  Cell arrival(std::uint32_t i, Cell c) const;
  int jump_successors(std::uint32_t taken, JumpGrid::Successors& out) const;
  int prefetched_jump_points(std::uint32_t taken, Cell c, JumpGrid::Successors& found) const;
  void collect_moves(std::uint32_t taken) const;
  void build_moves_at(const Level& level, const MovementRules& rules);
  void examine(const Move& m);
  void finish_iteration();
  void note_trace_end();
  std::uint32_t init_node(std::uint32_t i, ExactCost g, std::uint32_t parent);
  void open_node(std::uint32_t i, Cell c, ExactCost g, std::uint32_t parent);
  std::size_t change_end(std::size_t record) const;
  // bulk_seek's steps (best_first_rewind.cpp).
  struct SeekCounts {
    std::int64_t generated = 0;
    std::int64_t improved = 0;
  };
  void bulk_seek(std::size_t to);
  SeekCounts bulk_undo(std::size_t to);
  SeekCounts bulk_redo(std::size_t to);
  void note_taken_ahead(std::size_t to, std::uint32_t first);
  bool taken_ahead(std::uint32_t k) const { return seek_taken_[k >> 6] >> (k & 63) & 1u; }
  void rebuild_open_set();
  void prefetch_change(std::size_t k, bool undo) const;
  std::uint32_t insertions_before(std::size_t to) const;
  void truncate_trace();
  void restore_last_step_views();
  bool nearer_goal(std::uint32_t a, std::uint32_t b) const;
  std::vector<Cell> chain_to(std::uint32_t i) const;

  std::shared_ptr<const Level> own_level_;  // the level without options.ignore_shapes, if any
  const Level* level_;
  MovePolicy policy_;
  SearchOptions options_;
  Priority order_;  // info(options_.algorithm).order
  SearchListener* listener_;
  Direction direction_;
  double h_scale_ = 1.0;
  std::int64_t h_units_ = 0;  // h_scale_ in micro-units per unit of distance, rounded down
  bool height_h_ = false;     // h measures in 3D ("3d" steps on a level with heights)
  std::string unsupported_;     // check_supported's verdict, made once
  // A movement range's budget in exact units (options_.budget, rounded once to the micro-unit):
  // no goal test, and the search ends RangeComplete when the next g exceeds it. None: a search.
  std::optional<ExactCost> budget_;
  CellIndex start_{}, goal_{};  // of this direction: a backward search starts at the goal
  Cell goal_cell_{};

  // The uniform-grid fast path (expand_uniform): on levels where every possible move is a plain
  // step (cost 1 straight, sqrt 2 diagonal: all costs 1, no edge overrides, no climb rules that
  // matter, no jumps, no shapes), a step without a listener finds the taken node's successors in
  // one byte per cell (build_moves_at) instead of asking the policy move by move. Same
  // successors, same costs, same order: the results are bit-identical (tests/search/test_search.cpp
  // checks it).
  bool uniform_ = false;
  std::array<std::int32_t, 8> node_step_{};  // index step to each direction's neighbour
  std::vector<std::uint8_t> moves_at_;       // each cell's possible moves (bit d: direction d)

  // Jump Point Search's successors come from block-based jumps over the level's open cells as
  // bit lines, built once here (the level does not change during the search's life). Without a
  // listener a step relaxes them directly (expand_jump_points), with one it examines them as
  // moves (collect_moves): the same jump points in the same order, so the same results.
  JumpGrid jump_grid_;

  HugeVector<Node> nodes_;
  HugeVector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
  HugeVector<HeapEntry> heap_;
  HugeVector<std::uint32_t> heap_pos_;  // per node: its index into heap_ while open
  // bulk_redo's nodes taken on the way that it also generates: bit k for the k-th node it
  // generates (note_taken_ahead). Its memory is kept for the next seek.
  std::vector<std::uint64_t> seek_taken_;
  // run_batch's open set when the keys taken never go down (monotone_: Dijkstra, A* with a
  // consistent heuristic, on a uniform grid, and Jump Point Search with one): a radix heap, lazy
  // (run_monotone). Empty between runs (the open set is heap_), except after a run that ended
  // the search: then the open set stays there, parked, until a rewind needs heap_ (unpark).
  bool monotone_ = false;
  bool batched_ = false;  // the open set is radix_ (in a batch, or parked)
  mutable RadixQueue<HeapEntry, HeapOrder> radix_;  // (top() may move entries between buckets)
  // Breadth-first (order_ == Priority::Steps) keeps no heap: heap_ is a queue. heap_[k] is the
  // entry of the k-th node generated (seq k), heap_[0, queue_head_) the ones taken, in that
  // order, heap_[queue_head_, end) the open ones. With depth keys and first-in ties that is the
  // order a heap would give (a node's depth is its parent's + 1, and parents are taken in
  // order), so every view, the trace and a rewind see the same search. heap_pos_ is not kept:
  // a step back removes the last entries and puts the taken one back before the head. The
  // queue keeps the taken entries until restart: at most one per cell. 0 for the others.
  std::size_t queue_head_ = 0;
  std::uint32_t next_seq_ = 0;
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  std::int64_t closed_ = 0;
  SearchMetrics metrics_;
  std::uint32_t last_taken_ = to_u32(kNoCell);
  std::vector<Cell> last_relaxed_;
  std::uint32_t best_ = to_u32(kNoCell);  // taken node nearest the goal
  // The iteration under way: the taken node's moves, how many are examined, and whether some
  // are left (views of a finished iteration are rebuilt lazily after a rewind).
  // moves_ holds room for the most moves a cell can have (8, plus 4 per gap cell a jump may
  // clear); the first move_count_ are the taken node's. Filled in place: no allocation per step.
  mutable std::vector<Move> moves_;
  mutable std::size_t move_count_ = 0;
  mutable std::size_t examined_ = 0;
  mutable bool moves_stale_ = false;
  bool mid_ = false;
  // The trace: records_[0, at_) are the steps taken so far; records_[at_, end) are steps undone,
  // kept for replay (the search is deterministic, so stepping again repeats them exactly).
  bool recording_ = false;
  bool writing_ = false;  // the step under way appends to the trace (it is not a replay)
  std::size_t at_ = 0;
  ChunkedVector<StepRecord> records_;  // in chunks: growing never copies (chunked_vector.hpp)
  ChunkedVector<Change> changes_;
  SearchState end_state_ = SearchState::InProgress;  // after the trace's last step
  std::uint32_t end_best_ = to_u32(kNoCell);
};

}  // namespace astar
