#include "astar/bidirectional.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "astar/format.hpp"

namespace astar {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The exact f of the cell `half` takes next, the least f of its open set; none when it has none
// to take.
std::optional<ExactCost> least_f(const BestFirstSearch& half) {
  const std::optional<Cell> top = half.next_to_take();
  if (!top) return std::nullopt;
  return half.g_exact(*top) + half.h_exact(*top);
}

}  // namespace

// [SECTION] The smallest g of an open set

void BidirectionalSearch::OpenG::resize(std::size_t cells) {
  closed_.assign(cells, 0);
  slot_.assign(cells, Slot{});
}

void BidirectionalSearch::OpenG::clear() {
  log_.clear();
  witness_.reset();
  logged_ = read_ = 0;
  heap_.clear();
  ordered_ = false;
  if (++generation_ == 0) {  // after 255 searches the old marks could come back
    std::fill(closed_.begin(), closed_.end(), std::uint8_t{0});
    generation_ = 1;
  }
  if (++stamp_ == 0) {
    std::fill(slot_.begin(), slot_.end(), Slot{});
    stamp_ = 1;
  }
}

void BidirectionalSearch::OpenG::heap_set(ExactCost g, std::uint32_t cell) {
  const Slot slot = slot_[cell];
  if (slot.stamp == stamp_) {
    heap_[slot.pos].g = g;
    sift_up(slot.pos);  // g only goes down while a cell is open
    return;
  }
  heap_.push_back({g, cell});
  sift_up(heap_.size() - 1);
}

void BidirectionalSearch::OpenG::heap_remove(std::uint32_t cell) {
  Slot& slot = slot_[cell];
  if (slot.stamp != stamp_) return;
  const std::size_t p = slot.pos;
  slot.stamp = 0;
  const Entry last = heap_.back();
  heap_.pop_back();
  if (p == heap_.size()) return;
  place(p, last);
  sift_up(p);
  sift_down(slot_[last.cell].pos);
}

// While the log lasts, gmin is its cheapest entry whose cell is not closed: an open cell's
// entries are its g and the dearer ones it had before. That entry's cell, the witness, keeps
// telling gmin as long as it stays open: gmin never goes down (a side opens a cell, or lowers
// its g, only at the g of the cell it took, an open one, plus a move), and the witness, open,
// has it. When the witness is closed the log is read again (closed cells' entries dropped on the
// way). A log read that often (a maze: the sides close the cheapest cells one after another)
// becomes the heap.
std::optional<ExactCost> BidirectionalSearch::OpenG::min() {
  if (!ordered_ && witness_ && closed_[witness_->cell] != generation_) return witness_->g;
  if (!ordered_ && read_ + log_.size() > kReadsPerEntry * logged_) {
    // The log, oldest first: a cell's later entries have its lower g; closed cells are left out.
    for (const Entry& e : log_)
      if (closed_[e.cell] != generation_) insert(e.g, e.cell);
    log_.clear();
    order();
  }
  if (ordered_) return heap_.empty() ? std::nullopt : std::optional(heap_.front().g);
  read_ += log_.size();
  witness_.reset();
  std::size_t kept = 0;
  for (const Entry& e : log_) {
    if (closed_[e.cell] == generation_) continue;
    if (!witness_ || compare(e.g, witness_->g) < 0) witness_ = e;
    log_[kept++] = e;
  }
  log_.resize(kept);
  return witness_ ? std::optional(witness_->g) : std::nullopt;
}

void BidirectionalSearch::OpenG::insert(ExactCost g, std::uint32_t cell) {
  const Slot slot = slot_[cell];
  if (slot.stamp == stamp_) {
    heap_[slot.pos].g = g;
  } else {
    heap_.push_back({g, cell});
    slot_[cell] = {stamp_, static_cast<std::uint32_t>(heap_.size() - 1)};
  }
}

// Heapify, bottom-up, O(n).
void BidirectionalSearch::OpenG::order() {
  ordered_ = true;
  for (std::size_t p = heap_.size() / kArity + 1; p-- > 0;)
    if (p < heap_.size()) sift_down(p);
}

void BidirectionalSearch::OpenG::sift_up(std::size_t p) {
  const Entry e = heap_[p];
  while (p > 0) {
    const std::size_t parent = (p - 1) / kArity;
    if (compare(e.g, heap_[parent].g) >= 0) break;
    place(p, heap_[parent]);
    p = parent;
  }
  place(p, e);
}

void BidirectionalSearch::OpenG::sift_down(std::size_t p) {
  const Entry e = heap_[p];
  const std::size_t n = heap_.size();
  for (;;) {
    const std::size_t first = p * kArity + 1;
    if (first >= n) break;
    std::size_t best = first;
    for (std::size_t c = first + 1; c < std::min(first + kArity, n); ++c)
      if (compare(heap_[c].g, heap_[best].g) < 0) best = c;
    if (compare(heap_[best].g, e.g) >= 0) break;
    place(p, heap_[best]);
    p = best;
  }
  place(p, e);
}

void BidirectionalSearch::OpenG::rebuild(const BestFirstSearch& side) {
  const Level& lv = side.level();
  clear();
  for (std::uint32_t i = 0; i < slot_.size(); ++i) {
    const Cell c = lv.cell(CellIndex(i));
    if (side.node_state(c) == NodeState::Open) insert(side.g_exact(c), i);
  }
  order();
}

std::string BidirectionalSearch::OpenG::check(const BestFirstSearch& side) const {
  if (!ordered_) return check_log(side);
  const Level& lv = side.level();
  std::size_t open = 0;
  for (std::uint32_t i = 0; i < slot_.size(); ++i)
    open += side.node_state(lv.cell(CellIndex(i))) == NodeState::Open;
  if (open != heap_.size())
    return std::to_string(open) + " open cells but " + std::to_string(heap_.size()) +
           " open-g entries";
  for (std::size_t k = 0; k < heap_.size(); ++k) {
    const Entry& e = heap_[k];
    const Cell c = lv.cell(CellIndex(e.cell));
    if (slot_[e.cell].stamp != stamp_ || slot_[e.cell].pos != k)
      return "the open-g entry of " + cell_text(c) + " is not where its cell says";
    if (side.node_state(c) != NodeState::Open || side.g_exact(c) != e.g)
      return "the open-g entry of " + cell_text(c) + " is not an open cell with its g";
    if (k > 0 && compare(heap_[(k - 1) / kArity].g, e.g) > 0)
      return "the open-g heap is out of order at " + cell_text(c);
  }
  return {};
}

// The log: the closed marks are the closed cells, each open cell's last entry has its g, and a
// witness still open has the smallest g of the open cells.
std::string BidirectionalSearch::OpenG::check_log(const BestFirstSearch& side) const {
  const Level& lv = side.level();
  std::vector<const Entry*> last(closed_.size(), nullptr);
  for (const Entry& e : log_) last[e.cell] = &e;
  if (witness_ && closed_[witness_->cell] != generation_)
    for (const Entry& e : log_)
      if (closed_[e.cell] != generation_ && compare(e.g, witness_->g) < 0)
        return "the open-g witness " + cell_text(lv.cell(CellIndex(witness_->cell))) +
               " is open but an open cell has a smaller g";
  for (std::uint32_t i = 0; i < closed_.size(); ++i) {
    const Cell c = lv.cell(CellIndex(i));
    const NodeState state = side.node_state(c);
    if ((closed_[i] == generation_) != (state == NodeState::Closed))
      return "cell " + cell_text(c) + " is " + (state == NodeState::Closed ? "" : "not ") +
             "closed but marked otherwise in the open-g log";
    if (state == NodeState::Open && (!last[i] || last[i]->g != side.g_exact(c)))
      return "open cell " + cell_text(c) + " has no open-g log entry with its g";
  }
  return {};
}

// [SECTION] Construction

SearchOptions BidirectionalSearch::half_options(SearchOptions o) {
  o.algorithm = Algorithm::AStar;
  o.max_iterations = 0;  // the limit counts both halves: checked here
  o.partial_path = false;
  return o;
}

BidirectionalSearch::BidirectionalSearch(const Level& level, const MovementRules& rules,
                                         SearchOptions options, SearchListener* listener)
    : options_(options),
      forward_(level, rules, half_options(options), listener, BestFirstSearch::Direction::Forward),
      backward_(level, rules, half_options(options), listener,
                BestFirstSearch::Direction::Backward),
      unsupported_(check_supported(level, rules, options)) {
  // The cheapest move costs at least the cheapest cost per unit of distance (a move is at least
  // one unit long; extras are never negative), rounded down like the halves' h scale. Without a
  // heuristic the halves have no scale: it is asked of the policy.
  const double per_distance = forward_.heuristic_scale() > 0
                                  ? forward_.heuristic_scale()
                                  : forward_.policy().min_cost_per_distance();
  eps_ = {static_cast<std::int64_t>(std::floor(per_distance * kCostUnitsPerOne)), 0};
  open_g_forward_.resize(static_cast<std::size_t>(level.cell_count()));
  open_g_backward_.resize(static_cast<std::size_t>(level.cell_count()));
  restart();
}

void BidirectionalSearch::restart() {
  forward_.restart();
  backward_.restart();
  records_.clear();
  at_ = 0;
  writing_ = false;
  mu_.reset();
  meet_.reset();
  last_forward_ = true;
  message_.clear();
  state_ = SearchState::InProgress;
  absorbed_ = 0;
  stale_ = false;
  open_g_forward_.clear();
  open_g_backward_.clear();
  std::string why = unsupported_;
  if (why.empty() && forward_.state() == SearchState::Invalid) why = forward_.message();
  if (!why.empty()) {
    state_ = SearchState::Invalid;
    message_ = std::move(why);
  } else {
    const Level& lv = forward_.level();
    seen_forward_.reset(static_cast<std::size_t>(lv.cell_count()));
    seen_backward_.reset(static_cast<std::size_t>(lv.cell_count()));
    open_g_forward_.set({}, to_u32(lv.index(lv.start())));
    open_g_backward_.set({}, to_u32(lv.index(lv.goal())));
    seen_forward_.set(to_u32(lv.index(lv.start())));
    seen_backward_.set(to_u32(lv.index(lv.goal())));
    if (lv.start() == lv.goal()) {
      mu_ = ExactCost{};  // the halves have not met yet, but the answer is known: the empty walk
      meet_ = lv.start();
    }
  }
  mark_trace_end();
}

// [SECTION] One iteration

SearchState BidirectionalSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_iteration()) begin_iteration();
  last_side().step();
  finish_iteration();
  return state_;
}

SearchState BidirectionalSearch::run() {
  if (state_ == SearchState::InProgress && !mid_iteration() && forward_.can_batch() &&
      backward_.can_batch()) {
    forward_.begin_batch();
    backward_.begin_batch();
    while (state_ == SearchState::InProgress) {
      begin_iteration();
      last_side().batch_step();
      finish_iteration();
    }
    forward_.end_batch();
    backward_.end_batch();
  }
  return Search::run();
}

SearchState BidirectionalSearch::micro_step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_iteration()) {
    if (at_ < records_.size()) {  // a half-done iteration is the trace's last step
      records_.resize(at_);
      mark_trace_end();
      stale_ = true;  // the open-g records were the old end's
    }
    begin_iteration();
  }
  BestFirstSearch& side = last_side();
  side.micro_step();
  if (side.mid_iteration()) {
    absorb_relaxed();
  } else {
    finish_iteration();
  }
  return state_;
}

// Whether the forward side goes next. Until the sides meet, the one with the smaller open set
// (ties: forward), which keeps the two searches about the same size. Once they have met, what is
// left is proving mu, and the f bound is reached when either side's least f reaches mu: the side
// whose least f is larger, the nearer to it, goes (ties: forward; the f keys the open sets
// order by are enough to choose by). On the MovingAI maps this takes a quarter to a third fewer
// iterations than the open sets' sizes alone. Any order keeps the stopping rule's proof.
bool BidirectionalSearch::forward_next() const {
  if (mu_) return forward_.top_key() >= backward_.top_key();
  return forward_.open_size() <= backward_.open_size();
}

// Picks the side that goes next (a step replayed from the trace: the side it took).
void BidirectionalSearch::begin_iteration() {
  const bool replay = forward_.recording() && at_ < records_.size();
  const bool fwd = replay ? records_[at_].forward : forward_next();
  writing_ = forward_.recording() && at_ == records_.size();
  if (writing_) records_.push_back({fwd, mu_, meet_, state_});
  if (forward_.recording()) ++at_;
  last_forward_ = fwd;
  absorbed_ = 0;
}

// What the side under way changed since the last call: the cell it took is closed in its
// open-g record, and each cell whose g it improved goes in with that g and is checked against
// the other side for a cheaper meeting (when the other side's seen bit allows it). A step
// relaxes each cell at most once (every move of a cell leads to a different cell), so checking
// after the step with the cell's final g finds what checking at each relaxation would, in the
// same order: with or without a listener, the same results.
void BidirectionalSearch::absorb_relaxed() {
  const BestFirstSearch& side = last_side();
  const BestFirstSearch& other = last_forward_ ? backward_ : forward_;
  OpenG& open_g = last_forward_ ? open_g_forward_ : open_g_backward_;
  SeenBits& seen = last_forward_ ? seen_forward_ : seen_backward_;
  const SeenBits& seen_by_other = last_forward_ ? seen_backward_ : seen_forward_;
  const Level& lv = side.level();
  if (const std::uint32_t taken = side.last_taken_index(); taken != to_u32(kNoCell))
    open_g.remove(taken);
  const std::vector<Cell>& relaxed = side.last_relaxed();
  for (std::size_t k = absorbed_; k < relaxed.size(); ++k) {
    const Cell c = relaxed[k];
    const std::uint32_t i = to_u32(lv.index(c));
    const ExactCost g = side.g_exact(c);
    open_g.set(g, i);
    seen.set(i);
    if (seen_by_other.test(i)) meet_at(c, g, other);
  }
  absorbed_ = relaxed.size();
}

// Cell c has the g `g` on one side: when the other side has seen it too, the path through it
// costs g + the other side's g. Only a really cheaper one replaces the meeting (exact costs).
void BidirectionalSearch::meet_at(Cell c, ExactCost g, const BestFirstSearch& other) {
  // The other side's g: zero for the cells it has not seen, and for its start. When every move
  // costs something, no other cell it has seen has a zero g.
  const ExactCost o = other.g_exact(c);
  if (o == ExactCost{}) {
    const Level& lv = other.level();
    const Cell other_start = &other == &forward_ ? lv.start() : lv.goal();
    if (!(c == other_start) &&
        (eps_.a > 0 || other.node_state(c) == NodeState::Unseen))  // eps_ is {a, 0}, a >= 0
      return;
  }
  const ExactCost through = g + o;
  if (!mu_ || compare(through, *mu_) < 0) {
    mu_ = through;
    meet_ = c;
  }
}

void BidirectionalSearch::finish_iteration() {
  if (forward_.recording() && !writing_) {
    // A step of the kept trace, replayed: the search is deterministic, so it ends as it did.
    restore_from_trace(at_);
    return;
  }
  absorb_relaxed();
  // A side that took its goal (the other side's start) has met the other side there.
  const SearchState s = last_side().state();
  if (mu_ && (s == SearchState::Found || proven_best()))
    state_ = SearchState::Found;
  else if (s == SearchState::NoPath)
    state_ = SearchState::NoPath;  // one side ran out of cells without meeting the other
  else if (options_.max_iterations > 0 && expanded() >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  if (writing_) mark_trace_end();
}

// [SECTION] The stopping rule
//
// The search ends when mu <= max(fmin_F, fmin_B, gmin_F + gmin_B + eps): fmin_X and gmin_X are
// the least f and the least g over side X's open set, eps the cheapest move on the level. It is
// the lower bound of MM (R. C. Holte, A. Felner, G. Sharon, N. R. Sturtevant, "Bidirectional
// Search That Is Guaranteed to Meet in the Middle", AAAI 2016) and of NBS (J. Chen, R. C. Holte,
// S. Zilles, N. R. Sturtevant, "Front-to-End Bidirectional Heuristic Search with Near-Optimal
// Node Expansions", IJCAI 2017): no path through the open sets costs less.
//
// Proof that mu is then the optimal cost C*. Each half is A* with a consistent heuristic (the
// distance to its own goal, scaled by the cheapest cost per unit of distance), so a cell it has
// closed has its optimal g, and closed cells are never reopened. Whenever a cell's g changes on
// one side it is checked against the other side (absorb_relaxed), so mu <= g_F(c) + g_B(c) for
// every cell c both sides have seen; and mu is the cost of a real path, so mu >= C*. Suppose
// mu > C*, and let P = (s, ..., t) be an optimal path.
// - Let u be the first cell of P the forward side has not closed. It exists: had the forward
//   side closed t, it would have taken its goal, which ends the search at once (rightly: t is
//   the backward side's start, so mu <= g_F(t) + 0 = C*). u = s, or u's predecessor on P is
//   closed with its optimal g and relaxed u when it was taken: u is open forward with
//   g_F(u) = d(s, u). Likewise the last cell v of P the backward side has not closed is open
//   backward with g_B(v) = d(v, t).
// - Were v = u, or v before u on P (then closed forward with g_F(v) = d(s, v)), both sides
//   would have seen v with its optimal g, so mu <= d(s, v) + d(v, t) = C*. So u comes before v,
//   and P has at least one move between them, costing at least eps:
//   C* = d(s, u) + d(u, v) + d(v, t) >= gmin_F + eps + gmin_B.
// - f_F(u) = d(s, u) + h_F(u) <= C* (h never overestimates), so fmin_F <= C*; so is fmin_B.
// So mu > C* gives max(fmin_F, fmin_B, gmin_F + gmin_B + eps) <= C* < mu: whenever the rule
// holds, mu = C*. Every cost here is exact (ExactCost, compare()). fmin_X is the exact f of the
// cell side X takes next, the least exact f as the halves order their open sets by f's key, which
// orders different exact costs correctly (exact_cost.hpp): the assumption the halves' own
// optimality rests on.

// True when mu (known) is proven optimal by the rule above. A side with nothing left to take has
// closed every cell it can reach with its optimal g: nothing cheaper is left either.
bool BidirectionalSearch::proven_best() {
  if (forward_.open_size() == 0 || backward_.open_size() == 0) return true;
  if (f_bound_reached(forward_) || f_bound_reached(backward_)) return true;
  // gmin_X is at most the g of the cell side X takes next (an open cell): while those two g and
  // eps add up to less than mu, the rule cannot hold, and the open-g records are not read.
  if (compare(forward_.top_g() + backward_.top_g() + eps_, *mu_) < 0) return false;
  if (stale_) {
    open_g_forward_.rebuild(forward_);
    open_g_backward_.rebuild(backward_);
    stale_ = false;
  }
  const std::optional<ExactCost> gmin_f = open_g_forward_.min();
  const std::optional<ExactCost> gmin_b = open_g_backward_.min();
  if (!gmin_f || !gmin_b) return true;
  return compare(*mu_, *gmin_f + *gmin_b + eps_) <= 0;
}

// Whether mu <= fmin of `half` (its open set not empty), exactly. top_key() is that f's key (a
// double, in micro-units), and mu.key() is mu's the same way; a key is within a few units in the
// last place of its exact cost (>= 0), so values more than 1e-12 apart (relative) are in their
// exact order, and only nearer ones need the exact f of the half's top.
bool BidirectionalSearch::f_bound_reached(const BestFirstSearch& half) const {
  const double f = half.top_key(), m = mu_->key();
  if (m > f + 1e-12 * f) return false;
  if (m < f - 1e-12 * f) return true;
  const std::optional<Cell> top = half.next_to_take();
  return !top || compare(*mu_, half.g_exact(*top) + half.h_exact(*top)) <= 0;
}

bool BidirectionalSearch::mid_iteration() const {
  return forward_.mid_iteration() || backward_.mid_iteration();
}

std::span<const Move> BidirectionalSearch::taken_moves() const {
  if (expanded() == 0) return {};
  return (last_forward_ ? forward_ : backward_).taken_moves();
}

std::size_t BidirectionalSearch::examined() const {
  if (expanded() == 0) return 0;
  return (last_forward_ ? forward_ : backward_).examined();
}

// The sum of the halves' counters, made when asked (not at every step).
const SearchMetrics& BidirectionalSearch::metrics() const {
  const SearchMetrics& a = forward_.metrics();
  const SearchMetrics& b = backward_.metrics();
  metrics_ = {a.expanded + b.expanded, a.generated + b.generated, a.improved + b.improved,
              a.heap_ops + b.heap_ops};
  return metrics_;
}

// [SECTION] Rewind

void BidirectionalSearch::set_recording(bool on) {
  forward_.set_recording(on);
  backward_.set_recording(on);
  restart();
}

// The trace ends where the search is now.
void BidirectionalSearch::mark_trace_end() {
  end_mu_ = mu_;
  end_meet_ = meet_;
  end_state_ = state_;
}

// mu, the meeting and the state after `record` steps of the trace.
void BidirectionalSearch::restore_from_trace(std::size_t record) {
  if (record < records_.size()) {
    mu_ = records_[record].mu_before;
    meet_ = records_[record].meet_before;
    state_ = records_[record].state_before;
  } else {
    mu_ = end_mu_;
    meet_ = end_meet_;
    state_ = end_state_;
  }
}

// A step back leaves the open-g records as they are: they describe the trace's end, where the
// next new step is written. Undoing a half-done iteration (always the trace's last) moves the
// end back to where the records were before its changes: they are rebuilt when next read.
bool BidirectionalSearch::step_back() {
  if (at_ == 0) return false;
  const bool partial = mid_iteration();
  const StepRecord rec = records_[at_ - 1];
  (rec.forward ? forward_ : backward_).step_back();
  mu_ = rec.mu_before;
  meet_ = rec.meet_before;
  state_ = rec.state_before;
  if (partial) {
    records_.pop_back();
    mark_trace_end();
    stale_ = true;
  }
  --at_;
  last_forward_ = at_ == 0 ? true : records_[at_ - 1].forward;
  return true;
}

void BidirectionalSearch::seek(std::int64_t iteration) {
  if (mid_iteration()) step();
  if (forward_.recording()) {
    const std::size_t to = static_cast<std::size_t>(
        std::clamp<std::int64_t>(iteration, 0, static_cast<std::int64_t>(records_.size())));
    if (to != at_) {
      std::int64_t forward_steps = 0;
      for (std::size_t k = 0; k < to; ++k) forward_steps += records_[k].forward;
      forward_.seek(forward_steps);
      backward_.seek(static_cast<std::int64_t>(to) - forward_steps);
      at_ = to;
      restore_from_trace(to);
      last_forward_ = to == 0 ? true : records_[to - 1].forward;
    }
  }
  Search::seek(iteration);  // past the trace: new steps
}

std::size_t BidirectionalSearch::recording_bytes() const {
  return forward_.recording_bytes() + backward_.recording_bytes() +
         records_.capacity() * sizeof(StepRecord);
}

std::string BidirectionalSearch::check_invariants() const {
  if (std::string why = forward_.check_invariants(); !why.empty()) return "forward: " + why;
  if (std::string why = backward_.check_invariants(); !why.empty()) return "backward: " + why;
  if (std::string why = check_meeting(); !why.empty()) return why;
  for (const BestFirstSearch* half : {&forward_, &backward_}) {
    const std::optional<Cell> top = half->next_to_take();
    if (top && (half->h_exact(*top).value() != half->node(*top).h ||
                least_f(*half)->value() != half->top_priority()))
      return "the exact h or f of " + cell_text(*top) + " differs from its half's";
  }
  // The open-g records describe the trace's end (see stale_).
  if (stale_ || (recording() && at_ != records_.size())) return {};
  if (std::string why = open_g_forward_.check(forward_); !why.empty()) return "forward: " + why;
  if (std::string why = open_g_backward_.check(backward_); !why.empty()) return "backward: " + why;
  return {};
}

// mu is the meeting cell's g_F + g_B, and no cell both sides have seen has a smaller sum (what
// the stopping rule's proof needs).
std::string BidirectionalSearch::check_meeting() const {
  if (meet_.has_value() != mu_.has_value()) return "mu and the meeting cell disagree on a meeting";
  if (meet_) {
    if (forward_.node_state(*meet_) == NodeState::Unseen ||
        backward_.node_state(*meet_) == NodeState::Unseen)
      return "the meeting cell is not seen by both sides";
    if (compare(forward_.g_exact(*meet_) + backward_.g_exact(*meet_), *mu_) != 0)
      return "mu differs from the meeting cell's g on both sides";
  }
  const Level& lv = forward_.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      if (forward_.node_state({x, y}) == NodeState::Unseen ||
          backward_.node_state({x, y}) == NodeState::Unseen)
        continue;
      const ExactCost sum = forward_.g_exact({x, y}) + backward_.g_exact({x, y});
      if (!mu_ || compare(sum, *mu_) < 0)
        return "cell " + cell_text({x, y}) + ", seen by both sides, is a cheaper meeting than mu";
    }
  return {};
}

// [SECTION] Views

double BidirectionalSearch::best_cost() const { return mu_ ? mu_->value() : kInf; }

NodeView BidirectionalSearch::node(Cell c) const {
  NodeView v = forward_.node(c);
  return v.state != NodeState::Unseen ? v : backward_.node(c);
}

std::optional<Side> BidirectionalSearch::side(Cell c) const {
  if (!forward_.level().in_bounds(c)) return std::nullopt;
  if (forward_.node(c).state != NodeState::Unseen) return Side::Forward;
  if (backward_.node(c).state != NodeState::Unseen) return Side::Backward;
  return std::nullopt;
}

// A cell just taken by the backward side (and not also the forward side's last take) was
// reached from the goal: its path comes from there.
std::vector<Cell> BidirectionalSearch::path_to_taken() const {
  const std::optional<Cell> taken = last_taken();
  if (!taken) return {};
  if (backward_.last_taken() == taken && forward_.last_taken() != taken)
    return backward_.path_to(*taken);
  return path_to(*taken);
}

std::optional<Cell> BidirectionalSearch::next_to_take() const {
  if (state_ != SearchState::InProgress || mid_iteration()) return std::nullopt;
  // The side that goes next, as begin_iteration picks it.
  if (forward_.recording() && at_ < records_.size())
    return (records_[at_].forward ? forward_ : backward_).next_to_take();
  return (forward_next() ? forward_ : backward_).next_to_take();
}

std::optional<Cell> BidirectionalSearch::last_taken() const {
  if (expanded() == 0) return std::nullopt;
  return (last_forward_ ? forward_ : backward_).last_taken();
}

const std::vector<Cell>& BidirectionalSearch::last_relaxed() const {
  if (expanded() == 0) return no_cells_;
  return (last_forward_ ? forward_ : backward_).last_relaxed();
}

std::size_t BidirectionalSearch::open_size() const {
  return forward_.open_size() + backward_.open_size();
}

std::int64_t BidirectionalSearch::closed_count() const {
  return forward_.closed_count() + backward_.closed_count();
}

std::vector<Cell> BidirectionalSearch::path() const {
  if (state_ != SearchState::Found || !meet_) return {};
  std::vector<Cell> out = forward_.path_to(*meet_);
  std::vector<Cell> back = backward_.path_to(*meet_);  // goal ... meet
  if (out.empty() || back.empty()) return out;  // start == goal
  back.pop_back();                              // the meeting cell is already in out
  out.insert(out.end(), back.rbegin(), back.rend());
  return out;
}

std::vector<Cell> BidirectionalSearch::path_to(Cell c) const {
  return forward_.node(c).state != NodeState::Unseen ? forward_.path_to(c) : std::vector<Cell>{};
}

double BidirectionalSearch::path_cost() const {
  return state_ == SearchState::Found ? best_cost() : kInf;
}

}  // namespace astar
