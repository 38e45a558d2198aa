// The best-first engine's rewind (detail/best_first.hpp): recording, step_back() and seek(),
// near seeks by steps and far ones in bulk over the recorded changes.
#include "astar/detail/best_first.hpp"

#include <algorithm>

#include "search/best_first_inline.hpp"

namespace astar {

// [SECTION] Rewind

void BestFirstSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

std::size_t BestFirstSearch::recording_bytes() const {
  return records_.capacity() * sizeof(StepRecord) + changes_.capacity() * sizeof(Change);
}

// Where record r's changes end.
std::size_t BestFirstSearch::change_end(std::size_t r) const {
  return r + 1 < records_.size() ? records_[r + 1].first_change : changes_.size();
}

// Drops the steps kept for replay: the trace ends where the search is.
void BestFirstSearch::truncate_trace() {
  if (at_ == records_.size()) return;
  changes_.resize(records_[at_].first_change);
  records_.resize(at_);
  end_state_ = state_;
  end_best_ = best_;
}

bool BestFirstSearch::step_back() {
  if (at_ == 0) return false;
  unpark();
  const std::size_t r = at_ - 1;
  const StepRecord rec = records_[r];

  // Undo the relaxations, newest first: a node first seen in this step becomes unseen again
  // and leaves the open set; an improved one gets its old g and parent back (its f goes up).
  std::uint32_t generated = 0, improved = 0;
  for (std::size_t k = change_end(r); k-- > rec.first_change;) {
    const Change& ch = changes_[k];
    Node& n = nodes_[ch.node];
    if (ch.was_unseen) {
      if (order_ == Priority::Steps)
        heap_.pop_back();  // generated last, so last in the queue
      else
        heap_remove(heap_pos_[ch.node]);
      mark(ch.node, NodeState::Unseen);
      ++generated;
      continue;
    }
    ++improved;
    n.g = ch.old_g;
    n.parent = ch.old_parent;
    update_key(ch.node);
  }
  if (mid_) {
    // A half-done iteration is the trace's last step (see micro_step): it is not kept.
    changes_.resize(rec.first_change);
    records_.pop_back();
    end_state_ = SearchState::InProgress;
    end_best_ = rec.best_before;
    mid_ = false;
  }
  at_ = r;

  // Put the taken node back into the open set with its original keys and insertion order.
  mark(rec.taken, NodeState::Open);
  if (order_ == Priority::Steps) {
    --queue_head_;  // its entry is still there, just before the head
  } else {
    heap_.push_back(make_entry(rec.taken, level_->cell(CellIndex(rec.taken)), rec.taken_seq));
    sift_up(heap_.size() - 1);
  }
  --closed_;

  // The step ran in progress; it counted one pop, and one generation (a push) or improvement
  // (a key update) per change.
  next_seq_ -= generated;
  best_ = rec.best_before;
  metrics_.expanded -= 1;
  metrics_.generated -= generated;
  metrics_.improved -= improved;
  metrics_.heap_ops -= 1 + generated + improved;
  state_ = SearchState::InProgress;
  restore_last_step_views();
  return true;
}

void BestFirstSearch::seek(std::int64_t iteration) {
  if (mid_) step();  // finish the iteration under way first
  unpark();
  if (recording_) {
    // Far seeks within the trace go in bulk; near ones step, which keeps them exact and cheap.
    constexpr std::size_t kBulk = 64;
    const std::size_t to =
        static_cast<std::size_t>(std::clamp<std::int64_t>(iteration, 0, recorded_iterations()));
    if ((to > at_ ? to - at_ : at_ - to) > kBulk) bulk_seek(to);
  }
  Search::seek(iteration);  // the rest: steps back, replays, then new steps
}

// Moves along the trace to the end of iteration `to` by applying the recorded changes to the
// nodes only. The open set is rebuilt once at the end from the entries that may be open (those
// of the heap before, the nodes put back on the way that were generated before `to`, and the
// nodes generated on the way that are still open): they get their node's keys, and a heap is
// built in O(open). Its layout may differ from a fresh search's, but not the order it gives:
// entries are totally ordered (the insertion number settles every tie), so every later step
// takes the same node. Breadth-first's queue is laid out as a fresh search's instead
// (queue_head_): its head moves, its end loses or gains the entries of the nodes generated on
// the way, and no entry of it ever changes keys.
//
// The nodes a seek touches are scattered over arrays far larger than the caches: each loop
// asks for the stamp or node it needs kSeekAhead entries later.
void BestFirstSearch::bulk_seek(std::size_t to) {
  const SeekCounts counts = at_ > to ? bulk_undo(to) : bulk_redo(to);
  next_seq_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(next_seq_) +
                                         std::min<std::int64_t>(counts.generated, 0));
  if (order_ != Priority::Steps) rebuild_open_set();
  metrics_.expanded = static_cast<std::int64_t>(at_);
  metrics_.generated += counts.generated;
  metrics_.improved += counts.improved;
  metrics_.heap_ops = metrics_.expanded + metrics_.generated + metrics_.improved;
  state_ = at_ == records_.size() ? end_state_ : SearchState::InProgress;
  best_ = at_ < records_.size() ? records_[at_].best_before : end_best_;
  restore_last_step_views();
}

namespace {
constexpr std::size_t kSeekAhead = 48;
}  // namespace

// Asks for what applying (or undoing) a change will write: undoing a generation only marks the
// node unseen, everything else writes the node too.
void BestFirstSearch::prefetch_change(std::size_t k, bool undo) const {
  const Change& ch = changes_[k];
  __builtin_prefetch(&stamp_[ch.node], 1);
  if (!(undo && ch.was_unseen)) __builtin_prefetch(&nodes_[ch.node], 1);
}

// bulk_seek's way back: every change undone, newest first. A node taken on the way is open
// again only if it was generated before `to`. The others are neither marked nor put back
// (undoing their generation marks them unseen): a far seek back would otherwise write millions
// of scattered stamps and queue millions of entries only to drop them. Their stamps are rarely
// needed soon, so they are not fetched ahead either.
BestFirstSearch::SeekCounts BestFirstSearch::bulk_undo(std::size_t to) {
  const bool queue = order_ == Priority::Steps;
  const std::uint32_t generated_by_to = queue ? 0 : insertions_before(to);
  SeekCounts counts;
  while (at_ > to) {
    const std::size_t r = --at_;
    const StepRecord& rec = records_[r];
    for (std::size_t k = change_end(r); k-- > rec.first_change;) {
      if (k >= kSeekAhead) prefetch_change(k - kSeekAhead, true);
      const Change& ch = changes_[k];
      if (ch.was_unseen) {
        mark(ch.node, NodeState::Unseen);  // its entry is dropped by rebuild_open_set
        if (queue) heap_.pop_back();       // or now, from the queue's end
        --counts.generated;
      } else {
        Node& n = nodes_[ch.node];
        n.g = ch.old_g;
        n.parent = ch.old_parent;
        --counts.improved;
      }
    }
    if (queue) {
      mark(rec.taken, NodeState::Open);
      --queue_head_;
    } else if (seq_key(rec.taken_seq) < generated_by_to) {
      mark(rec.taken, NodeState::Open);
      heap_.push_back(HeapEntry{0, 0, rec.taken_seq, rec.taken});  // keys: rebuild_open_set
    }  // else: undoing its generation, further back, marks it unseen
    --closed_;
  }
  return counts;
}

// bulk_seek's way forward: every change applied, oldest first. Each stamp is written once: a
// node generated and taken on the way (note_taken_ahead) is marked closed when it is generated,
// and its take writes nothing; a node generated on the way that stays open gets its entry here
// (its keys are set by rebuild_open_set). Breadth-first's queue gets its entries here, in order.
BestFirstSearch::SeekCounts BestFirstSearch::bulk_redo(std::size_t to) {
  const bool queue = order_ == Priority::Steps;
  const std::uint32_t first = next_seq_;  // the first node generated on the way, in order
  if (!queue) note_taken_ahead(to, first);
  SeekCounts counts;
  while (at_ < to) {
    const std::size_t r = at_++;
    const StepRecord& rec = records_[r];
    if (r + kSeekAhead < records_.size() &&
        (queue || seq_key(records_[r + kSeekAhead].taken_seq) < first))
      __builtin_prefetch(&stamp_[records_[r + kSeekAhead].taken], 1);
    if (queue || seq_key(rec.taken_seq) < first)
      mark(rec.taken, NodeState::Closed);  // its entry is dropped by rebuild_open_set
    queue_head_ += queue;                  // (the queue's: passed by the head)
    ++closed_;
    for (std::size_t k = rec.first_change, e = change_end(r); k < e; ++k) {
      if (k + kSeekAhead < changes_.size()) prefetch_change(k + kSeekAhead, false);
      const Change& ch = changes_[k];
      if (!ch.was_unseen) {
        Node& n = nodes_[ch.node];
        n.g = ch.new_g;
        n.parent = ch.new_parent;
        ++counts.improved;
      } else if (queue) {
        const std::uint32_t seq = init_node(ch.node, ch.new_g, ch.new_parent);
        heap_.push_back(make_entry(ch.node, level_->cell(CellIndex(ch.node)), seq));
        ++counts.generated;
      } else {
        const bool taken = taken_ahead(next_seq_ - first);
        const std::uint32_t seq = seq_key(next_seq_++);
        nodes_[ch.node] = Node{ch.new_g, ch.new_parent, seq};
        mark(ch.node, taken ? NodeState::Closed : NodeState::Open);
        if (!taken) heap_.push_back(HeapEntry{0, 0, seq, ch.node});  // keys: rebuild_open_set
        ++counts.generated;
      }
    }
  }
  return counts;
}

// Before bulk_redo goes to the end of iteration `to`: which of the nodes it will generate (the
// k-th one has insertion number first + k) it will also take, read from the steps' records.
void BestFirstSearch::note_taken_ahead(std::size_t to, std::uint32_t first) {
  const std::size_t most = change_end(to - 1) - records_[at_].first_change;  // generations <= changes
  seek_taken_.assign(most / 64 + 1, 0);
  for (std::size_t r = at_; r < to; ++r) {
    const std::uint32_t k = seq_key(records_[r].taken_seq) - first;  // wraps if generated before
    if (k < most) seek_taken_[k >> 6] |= std::uint64_t{1} << (k & 63);
  }
}

// The heap's entries whose node is open, with the node's keys, as a heap.
void BestFirstSearch::rebuild_open_set() {
  std::size_t kept = 0;
  for (std::size_t k = 0; k < heap_.size(); ++k) {
    if (k + kSeekAhead < heap_.size()) __builtin_prefetch(&stamp_[heap_[k + kSeekAhead].node]);
    const HeapEntry e = heap_[k];
    if (state_of(e.node) != NodeState::Open) continue;
    heap_[kept++] = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
  }
  heap_.resize(kept);
  heapify();
}

// How many nodes had been generated (given an insertion number) by the end of iteration `to`,
// at most the current count: the insertion number of the first node generated after it. Ranks
// are insertion numbers here (not breadth-first's depths).
std::uint32_t BestFirstSearch::insertions_before(std::size_t to) const {
  for (std::size_t k = records_[to].first_change, e = change_end(at_ - 1); k < e; ++k)
    if (changes_[k].was_unseen) return seq_key(nodes_[changes_[k].node].rank);
  return next_seq_;
}

// last_taken() and last_relaxed() as the step before the current one left them; its moves are
// rebuilt when asked for.
void BestFirstSearch::restore_last_step_views() {
  last_taken_ = kNone;
  last_relaxed_.clear();
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;
  if (at_ == 0) return;
  const std::size_t r = at_ - 1;
  last_taken_ = records_[r].taken;
  for (std::size_t k = records_[r].first_change, e = change_end(r); k < e; ++k)
    last_relaxed_.push_back(level_->cell(CellIndex(changes_[k].node)));
  moves_stale_ = true;
}

}  // namespace astar
