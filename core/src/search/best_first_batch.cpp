// The best-first engine's batch paths (detail/best_first.hpp): run() without a listener on
// uniform grids takes the same steps as step() in fused loops (over the indexed heap, a radix
// heap when the keys taken never go down, or breadth-first's queue), and bidirectional A*
// drives a half's steps the same way (begin_batch, batch_step, end_batch). The hot loops and
// everything they inline (best_first_inline.hpp) compile together here.
#include "astar/detail/best_first.hpp"

#include <bit>
#include <cstdlib>
#include <limits>

#include "search/best_first_inline.hpp"

namespace astar {

// [SECTION] Batch runs

// Batch runs (no listener, no recording) on uniform grids: the take and expand_uniform of step()
// in one loop (run_batch), without the views' bookkeeping nobody reads mid-run. The same
// operations in the same order as stepping, so the same results (tests/search/test_batch_run.cpp
// compares them from every kind of start). The step that finds the goal or reaches the
// iteration limit goes through step(), which leaves the views as a stepped search has them.
SearchState BestFirstSearch::run() {
  if (order_ == Priority::Steps) return run_queue();
  if ((uniform_ || monotone_) && batch_ready()) run_batch();
  return Search::run();
}

// Whether a batch loop may run now: nobody hears the steps, a recording search is at the end of
// its trace (steps undone are replayed, not searched), no iteration is under way, the search
// goes on, no partial path needs the nearest cell kept, and no budget needs checking (a movement
// range steps: finish_iteration stops it).
bool BestFirstSearch::batch_ready() const {
  return !listener_ && (!recording_ || at_ == records_.size()) && !mid_ &&
         state_ == SearchState::InProgress && !options_.partial_path && !budget_;
}

// The batch loops' shared parts. Their start: a recording search writes its trace as take()
// and relax_to would (the same records and changes in the same order: a batch run rewinds as
// a stepped search does).
void BestFirstSearch::begin_batch_loop() { writing_ = recording_; }

// A taken node (`seq`: its entry's insertion number) closed, counted and recorded:
ASTAR_HOT void BestFirstSearch::close_taken(std::uint32_t cur, std::uint32_t seq) {
  if (writing_) {
    records_.push_back({cur, seq, static_cast<std::uint32_t>(changes_.size()), best_});
    ++at_;
  }
  mark(cur, NodeState::Closed);
  ++closed_;
  ++metrics_.expanded;
}

// How many iterations a batch loop may have taken when it stops (the step that reaches the limit
// goes through step()).
std::int64_t BestFirstSearch::batch_limit() const {
  return options_.max_iterations > 0 ? options_.max_iterations - 1
                                     : std::numeric_limits<std::int64_t>::max();
}

// Nothing left to take after taking `cur`: the goal cannot be reached. The views of this last
// step as step() leaves them (it relaxed nothing: anything it had relaxed would be open).
void BestFirstSearch::end_without_path(std::uint32_t cur) {
  last_taken_ = cur;
  last_relaxed_.clear();
  move_count_ = examined_ = 0;
  moves_stale_ = true;
  state_ = SearchState::NoPath;
  note_trace_end();
}

// The batch loop over the indexed heap (weighted A* and greedy on uniform grids, whose keys may
// go down).
void BestFirstSearch::run_indexed() {
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const std::uint32_t goal = to_u32(goal_);
  const std::int64_t limit = batch_limit();
  begin_batch_loop();
  while (metrics_.expanded < limit) {
    const std::uint32_t cur = heap_.front().node;
    if (cur == goal) break;
    close_taken(cur, heap_.front().seq);
    heap_pop();
    const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
    expand_uniform<Batch>(cur, c);
    if (heap_.empty()) {
      end_without_path(cur);
      break;
    }
  }
}

// The open-set entries run_monotone makes: make_entry's, for any algorithm and tie-break...
struct BestFirstSearch::AnyKeys {
  const BestFirstSearch& search;
  ASTAR_HOT HeapEntry operator()(std::uint32_t i, Cell c, ExactCost /*g*/,
                                 std::uint32_t seq) const {
    return search.make_entry(i, c, seq);
  }
};

// ... and the same for A* with the octile heuristic and larger g first (the default, and what
// the benchmarks run), without the switches: f = g + h, exactly, its key, and g's key inverted.
struct BestFirstSearch::OctileKeys {
  Cell goal;
  std::int64_t units;  // h_units_
  ASTAR_HOT HeapEntry operator()(std::uint32_t i, Cell c, ExactCost g, std::uint32_t seq) const {
    const std::int64_t dx = std::abs(c.x - goal.x), dy = std::abs(c.y - goal.y);
    const std::int64_t lo = std::min(dx, dy), hi = std::max(dx, dy);
    const ExactCost f{g.a + (hi - lo) * units, g.b + lo * units};
    return {bits_of(f.key()), ~bits_of(g.key()), seq, i};
  }
};

void BestFirstSearch::run_batch() {
  if (!monotone_) {
    run_indexed();
    return;
  }
  begin_batch();
  if (octile_keys())
    run_monotone(OctileKeys{goal_cell_, h_units_});
  else
    run_monotone(AnyKeys{*this});
  // A search that ended keeps its open set parked in the radix heap: ordering it again costs
  // about a sixth of a short query, and only a rewind needs it (unpark). Views read either.
  if (state_ == SearchState::InProgress) end_batch();
}

// A parked open set (see run_batch) back in heap_, for what steps or rewinds it.
void BestFirstSearch::unpark() {
  if (batched_) end_batch();
}

// Whether OctileKeys make this search's entries.
bool BestFirstSearch::octile_keys() const {
  return order_ == Priority::GPlusH && options_.heuristic == Heuristic::Octile &&
         options_.tie_break == TieBreak::LargerG;
}

// The open set moves to the radix heap (batched) and back (settled, positions kept again).
void BestFirstSearch::begin_batch() {
  radix_.reset(heap_.front().f);
  for (const HeapEntry& e : heap_) radix_.push(e);
  heap_.clear();
  batched_ = true;
}

void BestFirstSearch::end_batch() {
  settle_open_set();
  batched_ = false;
}

bool BestFirstSearch::can_batch() const {
  return monotone_ && uniform_ && !recording_ && batch_ready();  // (the driver keeps the trace)
}

// Drops the radix heap's first entries while their nodes are closed (entries left behind by an
// improvement, see run_monotone); true when nothing is left to take.
bool BestFirstSearch::drop_closed_tops() {
  while (!radix_.empty() && state_of(radix_.top().node) != NodeState::Open) radix_.pop();
  return radix_.empty();
}

// step() for a batch another loop drives: the same take and relaxations, on the radix heap,
// with the views the driver reads kept (last_taken, last_relaxed, state, open_size,
// top_priority); the taken node's moves are rebuilt when asked for, as after step().
SearchState BestFirstSearch::batch_step() {
  if (state_ != SearchState::InProgress) return state_;
  last_relaxed_.clear();
  const std::uint32_t cur = radix_.top().node;  // never stale: see run_monotone
  close_taken(cur, radix_.top().seq);
  radix_.pop();
  ++metrics_.heap_ops;
  last_taken_ = cur;
  move_count_ = examined_ = 0;
  if (cur == to_u32(goal_)) {
    moves_stale_ = false;
    state_ = SearchState::Found;
    return state_;
  }
  moves_stale_ = true;
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
  if (octile_keys())
    expand_monotone<Quiet>(cur, c, OctileKeys{goal_cell_, h_units_});
  else
    expand_monotone<Quiet>(cur, c, AnyKeys{*this});
  if (drop_closed_tops()) state_ = SearchState::NoPath;
  return state_;
}

// The batch loop when the keys taken never go down, over a radix heap (radix_queue.hpp). Its
// open set is lazy: an improved node is pushed again instead of moved, its new entry with the
// node's insertion number (Node::rank), so it comes out exactly where update_key would have put
// the old one; an improvement lowers f, so the old entry comes out later and finds its node
// closed. The same takes in the same order as stepping, so the same search; when the loop ends
// the open set goes back to heap_ (settle_open_set).
template <class Keys>
void BestFirstSearch::run_monotone(const Keys& keys) {
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const std::uint32_t goal = to_u32(goal_);
  const std::size_t cells = nodes_.size();
  // The rows above and below are far away in the node arrays: ask for them early, so the misses
  // overlap taking the node from the open set.
  const auto ahead = [&](std::uint32_t cur, std::int64_t offset) {
    const std::int64_t i = static_cast<std::int64_t>(cur) + offset;
    if (i < 0 || static_cast<std::size_t>(i) + 2 >= cells) return;
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(i)], 1);
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(i) + 2], 1);
    __builtin_prefetch(&stamp_[static_cast<std::size_t>(i)]);
  };
  const std::int64_t limit = batch_limit();
  const bool jump_points = options_.algorithm == Algorithm::JumpPoint;
  begin_batch_loop();
  while (metrics_.expanded < limit) {
    const std::uint32_t cur = radix_.top().node;  // never stale: see below
    if (cur == goal) {
      take_goal_batched(cur);
      break;
    }
    if (!jump_points) {
      ahead(cur, -static_cast<std::int64_t>(width) - 1);
      ahead(cur, static_cast<std::int64_t>(width) - 1);
    }
    close_taken(cur, radix_.top().seq);
    radix_.pop();
    ++metrics_.heap_ops;
    const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
    if (jump_points)
      expand_jump_points_monotone(cur, c, keys);
    else
      expand_monotone<Batch>(cur, c, keys);
    if (drop_closed_tops()) {
      end_without_path(cur);
      break;
    }
  }
}

// take() of the goal, on the radix heap: closed, recorded and counted as take() does it, and
// the search found; the stale entries on top dropped, so next_to_take() is an open node.
void BestFirstSearch::take_goal_batched(std::uint32_t goal) {
  close_taken(goal, radix_.top().seq);
  radix_.pop();
  ++metrics_.heap_ops;
  last_taken_ = goal;
  last_relaxed_.clear();
  move_count_ = examined_ = 0;
  moves_stale_ = false;
  state_ = SearchState::Found;
  note_trace_end();
  drop_closed_tops();
}

// relax_to for run_monotone (without a listener; the trace written as relax_to writes it),
// into the radix heap. On a uniform grid g's key orders costs exactly (ExactCost::key: whole
// steps, and a path has fewer than kMaxCells of them), so one compare of doubles tells a
// really cheaper path.
template <class Tell, class Keys>
ASTAR_HOT void BestFirstSearch::relax_monotone(std::uint32_t ni, Cell to, std::uint32_t via,
                                               ExactCost g_new, const Keys& keys) {
  static_assert(kMaxCells < 20'000'000, "keys of whole step counts order exactly below 2e7 steps");
  const std::uint32_t s = stamp_[ni] - generation_;
  if (s == 1) return;  // closed
  Node& n = nodes_[ni];
  if (s == 0) {  // open: improved only when really cheaper
    if (!(g_new.key() < n.g.key())) return;
    if (writing_) changes_.push_back({ni, n.parent, via, false, n.g, g_new});
    n.g = g_new;
    n.parent = via;
    radix_.push(keys(ni, to, g_new, n.rank));
    ++metrics_.improved;
  } else {
    if (writing_) changes_.push_back({ni, kNone, via, true, {}, g_new});
    radix_.push(keys(ni, to, g_new, init_node(ni, g_new, via)));
    ++metrics_.generated;
  }
  ++metrics_.heap_ops;
  if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
}

// expand_uniform for run_monotone and batch_step: the same successors, costs and order.
template <class Tell, class Keys>
ASTAR_HOT void BestFirstSearch::expand_monotone(std::uint32_t taken, Cell c, const Keys& keys) {
  const ExactCost g = nodes_[taken].g;
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    relax_monotone<Tell>(taken + static_cast<std::uint32_t>(node_step_[d]),
                   {c.x + kDirDx[d], c.y + kDirDy[d]}, taken,
                   (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b}, keys);
  }
}

// expand_jump_points for run_monotone: the same jump points, costs and order.
template <class Keys>
void BestFirstSearch::expand_jump_points_monotone(std::uint32_t taken, Cell c, const Keys& keys) {
  JumpGrid::Successors found;
  const int count = prefetched_jump_points(taken, c, found);
  const ExactCost g = nodes_[taken].g;
  for (int k = 0; k < count; ++k) {
    const Cell to = found[static_cast<std::size_t>(k)];
    relax_monotone<Batch>(to_u32(level_->index(to)), to, taken, g + jump_cost(c, to), keys);
  }
}

// After run_monotone: the open set back in heap_, without the entries left behind, positions
// kept again.
void BestFirstSearch::settle_open_set() {
  radix_.for_each([&](const HeapEntry& e) {
    if (state_of(e.node) != NodeState::Open) return;
    const HeapEntry now = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (now.f == e.f && now.tie == e.tie) heap_.push_back(e);
  });
  radix_.clear();
  heapify();
}

// run() for breadth-first: the same loop with the open set a queue (queue_pop), and nothing to
// improve (breadth-first keeps the first parent found), so relaxing is generating. A take that
// could empty the open set (one node open) goes through step(), which ends the search as
// stepping does when that take finds nothing new: the start's take among them, so a fresh
// search steps once and then runs the loop.
SearchState BestFirstSearch::run_queue() {
  if (uniform_ && batch_ready()) {
    const std::uint32_t goal = to_u32(goal_);
    const std::int64_t limit = batch_limit();
    while (state_ == SearchState::InProgress && heap_[queue_head_].node != goal &&
           metrics_.expanded < limit) {
      if (heap_.size() - queue_head_ == 1) {
        step();
        continue;
      }
      begin_batch_loop();  // (again: step() sets writing_ for its own step)
      close_taken(heap_[queue_head_].node, heap_[queue_head_].seq);
      const std::uint32_t cur = queue_pop();
      expand_queue(cur);
    }
  }
  return Search::run();
}

// expand_uniform for run_queue: the same successors in the same order (the taken cell's moves,
// moves_at_), each generated as relax_to and open_node would (breadth-first keeps the first
// parent found, so an open or closed successor is left alone), inlined whole. The entry is
// make_entry's for breadth-first: the depth as the key, no tie (first in), the insertion number
// (check_invariants compares them).
[[gnu::flatten]] void BestFirstSearch::expand_queue(std::uint32_t taken) {
  // In locals: the writes below would otherwise make the compiler read these again per move.
  std::uint32_t* stamp = stamp_.data();
  Node* nodes = nodes_.data();
  const std::uint32_t generation = generation_;
  const ExactCost g = nodes[taken].g;
  const std::uint32_t depth = nodes[taken].rank + 1;
  const std::uint64_t key = bits_of(static_cast<double>(depth));
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  std::uint32_t seq = next_seq_;
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    const std::uint32_t ni = taken + static_cast<std::uint32_t>(node_step_[d]);
    if (stamp[ni] - generation < 2u) continue;  // open or closed (valid)
    stamp[ni] = generation;                      // open (mark)
    const ExactCost g_new = (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b};
    if (writing_) changes_.push_back({ni, kNone, taken, true, {}, g_new});
    nodes[ni] = {g_new, taken, depth};
    heap_.push_back({key, 0, seq++, ni});
  }
  const std::uint32_t generated = seq - next_seq_;
  next_seq_ = seq;
  metrics_.generated += generated;
  metrics_.heap_ops += generated;  // a push each
}

}  // namespace astar
