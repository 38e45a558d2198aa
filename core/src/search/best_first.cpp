// The best-first engine (detail/best_first.hpp): construction and restart, what it computes for
// those who show it (h, offers, f), and one iteration: step() and micro_step(), the take, the
// moves examined one by one or relaxed by the fast paths. run()'s batch loops are in
// best_first_batch.cpp, the rewind in best_first_rewind.cpp, the views in best_first_views.cpp.
#include "astar/detail/best_first.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "astar/format.hpp"
#include "astar/line_of_sight.hpp"
#include "search/best_first_inline.hpp"
#include "search/uniform_costs.hpp"

namespace astar {

namespace {
// Empty when every sum of move costs on the level stays exact (exact_cost.hpp), else why not.
std::string check_exact_range(const MovePolicy& policy) {
  const std::string why = exact_sums_problem(policy);
  return why.empty() ? why : "costs too large to add up exactly: " + why;
}

// The length of a straight segment between two cell centres (Theta*'s any-angle moves on a
// uniform grid): exact along rows, columns and diagonals, else rounded up once to the unit (so
// no path is shorter than its straight line).
ExactCost segment_cost(Cell a, Cell b) {
  const int ddx = std::abs(a.x - b.x), ddy = std::abs(a.y - b.y);
  if (ddx == 0 || ddy == 0 || ddx == ddy) return jump_cost(a, b);
  return {static_cast<std::int64_t>(std::ceil(std::hypot(ddx, ddy) * kCostUnitsPerOne)), 0};
}
}  // namespace

// [SECTION] Construction and restart

BestFirstSearch::BestFirstSearch(const Level& level, SearchOptions options,
                                 SearchListener* listener)
    : BestFirstSearch(level, level.rules(), options, listener) {}

BestFirstSearch::BestFirstSearch(const Level& level, const MovementRules& rules,
                                 SearchOptions options, SearchListener* listener,
                                 Direction direction)
    : own_level_(level_without_shapes(level, options.ignore_shapes)),
      level_(own_level_ ? own_level_.get() : &level),
      policy_(*level_, rules),
      options_(options),
      order_(info(options.algorithm).order),
      listener_(listener),
      direction_(direction) {
  // Breadth-first is first in, first out whatever the tie-break says (the queue relies on it).
  if (!info(options_.algorithm).takes_tie_break) options_.tie_break = TieBreak::FirstIn;
  nodes_.resize(static_cast<std::size_t>(level.cell_count()));
  stamp_.assign(nodes_.size(), 0);
  heap_pos_.resize(nodes_.size());
  // Room for the most moves one cell can have: 8 one-cell moves, 4 jumps across per gap length
  // (6 and 6 on hexes).
  moves_.resize(8 + 6 * static_cast<std::size_t>(std::max(0, rules.jump.gap)));
  // h is scaled by the cheapest cost per unit of distance, so it never overestimates. Algorithms
  // without a heuristic see h = 0.
  const bool uses_h = info(options_.algorithm).uses_heuristic;
  h_scale_ = !uses_h || options_.heuristic == Heuristic::Zero ? 0.0
                                                              : policy_.min_cost_per_distance();
  // In whole micro-units, so h adds up exactly; rounded down when it is not whole (a minimum
  // weight over sqrt 2, say: h then stays within a micro-unit of the moves' rounded costs).
  h_units_ = static_cast<std::int64_t>(std::floor(h_scale_ * kCostUnitsPerOne));
  // With "3d" steps on a level with heights, h measures in 3D too (h_with_height).
  height_h_ = rules.step_length == StepLength::Height &&
              std::any_of(level.heights().begin(), level.heights().end(),
                          [&](int h) { return h != level.heights().front(); });
  // The layers cannot change during a search's life, so whether the algorithm supports them is
  // decided once (a scan of the whole level), not at every restart.
  unsupported_ = check_supported(level, rules, options_);
  if (unsupported_.empty()) unsupported_ = check_exact_range(policy_);
  // Every g is below 2e12 (check_exact_range), so a larger budget reaches as far as 2e12 does,
  // and its micro-units stay far inside 64 bits.
  if (options_.budget && unsupported_.empty())
    budget_ = ExactCost::straight(std::min(*options_.budget, 2.0e12));
  // The uniform-grid fast path, for algorithms whose successors are the level's moves.
  // (Square cells only: its successor table steps by fixed offsets, and hex rows alternate.)
  uniform_ = unsupported_.empty() && !level_->is_hex() && options_.algorithm != Algorithm::JumpPoint &&
             options_.algorithm != Algorithm::ThetaStar && !rules.jump.enabled() &&
             level_->shapes().empty() && check_uniform(*level_, rules).empty();
  if (uniform_) build_moves_at(level, rules);
  // Keys taken never go down when h is consistent: each move costs at least the drop in h.
  // Octile, Chebyshev and zero distances are, on any uniform grid; Manhattan with 4 neighbours
  // only; Euclidean is rounded down to the micro-unit, so it may fall short by one.
  const bool consistent =
      options_.heuristic == Heuristic::Octile || options_.heuristic == Heuristic::Chebyshev ||
      options_.heuristic == Heuristic::Zero || options_.heuristic == Heuristic::Hex ||
      (options_.heuristic == Heuristic::Manhattan && rules.neighbours == Neighbours::Four);
  const bool jump_points = options_.algorithm == Algorithm::JumpPoint && unsupported_.empty();
  monotone_ = (uniform_ || jump_points) &&
              (order_ == Priority::G || (order_ == Priority::GPlusH && consistent));
  if (jump_points) jump_grid_.assign(level);
  restart();
}

// The uniform-grid fast path's successors: each cell's possible moves in one byte (bit d:
// direction d), as MovePolicy::move decides them: an open cell; a diagonal only with 8
// neighbours and as the diagonal policy allows for the two side cells it passes between
// (directions d - 1 and d + 1). Read from a padded copy of the open cells (a border of walls).
void BestFirstSearch::build_moves_at(const Level& level, const MovementRules& rules) {
  const int w = level.width(), h = level.height(), pad_width = w + 2;
  std::vector<std::uint8_t> open_pad(
      static_cast<std::size_t>(w + 2) * static_cast<std::size_t>(h + 2), 0);
  const std::vector<std::uint8_t>& solid = level.solid_mask();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      open_pad[static_cast<std::size_t>((y + 1) * pad_width + x + 1)] =
          solid[static_cast<std::size_t>(y * w + x)] == 0;
  std::array<std::int32_t, 8> pad_step{};
  for (int d = 0; d < kDirCount; ++d) {
    pad_step[d] = kDirDy[d] * pad_width + kDirDx[d];
    node_step_[d] = kDirDy[d] * w + kDirDx[d];
  }
  std::array<std::uint8_t, 256> moves_of_mask{};  // open neighbours (bit d) -> possible moves
  for (unsigned mask = 0; mask < 256; ++mask) {
    unsigned moves = 0;
    for (int d = 0; d < kDirCount; ++d) {
      if (!(mask >> d & 1u)) continue;
      if (is_diagonal(static_cast<Dir>(d))) {
        if (rules.neighbours != Neighbours::Eight) continue;
        const bool side_a = mask >> ((d + 7) % 8) & 1u, side_b = mask >> ((d + 1) % 8) & 1u;
        const bool ok = rules.diagonal == DiagonalPolicy::Always ||
                        (rules.diagonal == DiagonalPolicy::AtLeastOneSideOpen &&
                         (side_a || side_b)) ||
                        (rules.diagonal == DiagonalPolicy::NoCornerCutting && side_a && side_b);
        if (!ok) continue;
      }
      moves |= 1u << d;
    }
    moves_of_mask[mask] = static_cast<std::uint8_t>(moves);
  }
  moves_at_.resize(nodes_.size());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* at = open_pad.data() + (y + 1) * pad_width + x + 1;
      unsigned open = 0;
      for (int d = 0; d < kDirCount; ++d) open |= static_cast<unsigned>(at[pad_step[d]]) << d;
      moves_at_[static_cast<std::size_t>(y * w + x)] = moves_of_mask[open];
    }
}

void BestFirstSearch::restart() {
  // A new generation makes every node "unseen" without touching the array.
  // (Two stamps a generation, open and closed; every value below the current one is unseen.)
  generation_ += 2;
  if (generation_ < 2 || generation_ > 0xFFFFFFF0u) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    generation_ = 2;
  }
  heap_.clear();
  radix_.clear();  // a parked open set (run_batch) goes too
  batched_ = false;
  queue_head_ = 0;
  next_seq_ = 0;
  closed_ = 0;
  metrics_ = {};
  last_taken_ = kNone;
  best_ = kNone;
  last_relaxed_.clear();
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;
  mid_ = false;
  writing_ = false;
  at_ = 0;
  records_.clear();
  changes_.clear();
  end_state_ = SearchState::InProgress;
  end_best_ = kNone;
  message_.clear();
  state_ = SearchState::InProgress;

  // h is defined on every cell even when the search cannot start (the heuristic check asks).
  goal_cell_ = direction_ == Direction::Forward ? level_->goal() : level_->start();
  std::string why = level_->check_endpoints();
  if (why.empty()) why = unsupported_;
  if (!why.empty()) {
    state_ = SearchState::Invalid;
    message_ = std::move(why);
    return;
  }
  const bool forward = direction_ == Direction::Forward;
  start_ = level_->index(forward ? level_->start() : level_->goal());
  goal_ = level_->index(forward ? level_->goal() : level_->start());
  goal_cell_ = level_->cell(goal_);
  open_node(to_u32(start_), level_->cell(start_), ExactCost{}, kNone);
}

// [SECTION] What it computes: h, offers, f

// h with "3d" steps: sqrt(H^2 + dh^2) for the flat heuristic distance H and the height
// difference dh to the goal, times h_units_. Admissible and consistent: by the triangle
// inequality (Minkowski's) a path's 3D length sum sqrt(d_i^2 + r_i^2) is at least
// sqrt((sum d_i)^2 + (sum r_i)^2), and sum d_i >= H, |sum r_i| = dh. In whole units it is
// shrunk by 3 / h_units_ of itself before rounding down: every move costs at least h_units_
// and is rounded by at most half a unit, so h's own rounding (under one unit) never makes it
// inconsistent, and closed nodes never need reopening.
ExactCost BestFirstSearch::h_with_height(Cell c) const {
  const double dh = std::abs(static_cast<double>(level_->height_at(c)) - level_->height_at(goal_cell_));
  // (Never the zero heuristic: its h_units_ is 0, and h_of returns before.)
  const double flat = heuristic_distance(*level_, options_.heuristic, c, goal_cell_);
  const double units = static_cast<double>(h_units_);
  const double h = std::floor((units - 3.0) * std::hypot(flat, dh));
  return {h > 0 ? static_cast<std::int64_t>(h) : 0, 0};
}

double BestFirstSearch::h_at(Cell c) const { return h_of(c).value(); }
ExactCost BestFirstSearch::h_exact(Cell c) const { return h_of(c); }

BestFirstSearch::Offer BestFirstSearch::offer(Cell from, const Move& m) const {
  const std::uint32_t cur = to_u32(level_->index(from));
  const std::uint32_t p = nodes_[cur].parent;
  if (options_.algorithm == Algorithm::ThetaStar && p != kNone) {
    const Cell pc = level_->cell(CellIndex(p));
    if (line_of_sight(*level_, pc, m.to)) return {pc, nodes_[p].g + segment_cost(pc, m.to)};
  }
  return {from, nodes_[cur].g + m.exact};
}

double BestFirstSearch::f_with(Cell c, ExactCost g) const {
  switch (order_) {
    case Priority::GPlusWeightedH: return (g + weighted(h_of(c))).value();
    case Priority::H: return h_of(c).value();
    case Priority::G: return g.value();
    case Priority::Steps:
    case Priority::GPlusH: break;
  }
  return (g + h_of(c)).value();
}

double BestFirstSearch::key_of(std::uint32_t i) const {
  return key_of(i, level_->cell(CellIndex(i)));
}

double BestFirstSearch::shown(double key) const {
  return order_ == Priority::Steps ? key : key / kCostUnitsPerOne;
}

// [SECTION] The open set, outside the loops

// Removes the entry at `pos` from the open set, keeping the heap ordered.
void BestFirstSearch::heap_remove(std::size_t pos) {
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (pos == heap_.size()) return;
  heap_[pos] = last;
  heap_pos_[last.node] = static_cast<std::uint32_t>(pos);
  sift_up(pos);
  sift_down(heap_pos_[last.node]);
}

// Builds the heap from heap_ in any order (O(open)), positions included.
void BestFirstSearch::heapify() {
  for (std::size_t pos = 0; pos < heap_.size(); ++pos)
    heap_pos_[heap_[pos].node] = static_cast<std::uint32_t>(pos);
  for (std::size_t pos = heap_.size() / kArity + 1; pos-- > 0;)
    if (pos < heap_.size()) sift_down(pos);
}

// After node i's g changed: its entry gets the new keys and moves to its place. A lower g is not
// always earlier: greedy's f (= h) stays put and, with larger g first, the entry moves later.
void BestFirstSearch::update_key(std::uint32_t i) { update_key(i, level_->cell(CellIndex(i))); }

double BestFirstSearch::top_priority() const {
  const double key = top_key();
  return key == kInf ? kInf : shown(key);
}

double BestFirstSearch::top_key() const {
  if (batched_) return radix_.empty() ? kInf : double_of(radix_.top().f);
  return open_size() == 0 ? kInf : double_of(heap_[queue_head_].f);
}

// [SECTION] One iteration

// Is taken node a nearer the goal than taken node b (straight-line distance, then lower g)?
bool BestFirstSearch::nearer_goal(std::uint32_t a, std::uint32_t b) const {
  if (b == kNone) return true;
  const Cell goal = level_->cell(goal_);
  const double da = centre_distance(*level_, level_->cell(CellIndex(a)), goal);
  const double db = centre_distance(*level_, level_->cell(CellIndex(b)), goal);
  return da != db ? da < db : compare(nodes_[a].g, nodes_[b].g) < 0;
}

// One iteration: the take, then one examination per move of the taken node. step() and
// micro_step() run the same parts; step() runs them to the iteration's end.
SearchState BestFirstSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) {
    if (!take()) return state_;
    if (uniform_ && !listener_) {
      // The fast path relaxes the same successors in the same order; the taken node's moves
      // are rebuilt from the policy when a view asks for them.
      expand_uniform<Quiet>(last_taken_, level_->cell(CellIndex(last_taken_)));
      moves_stale_ = true;
      finish_iteration();
      return state_;
    }
    if (options_.algorithm == Algorithm::JumpPoint && !listener_) {
      expand_jump_points(last_taken_);  // the same jump points, relaxed without Move records
      moves_stale_ = true;
      finish_iteration();
      return state_;
    }
    begin_moves();
  }
  while (examined_ < move_count_) examine(moves_[examined_++]);
  finish_iteration();
  return state_;
}

SearchState BestFirstSearch::micro_step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) {
    // A half-done iteration is always the trace's last step, so steps kept for replay go.
    truncate_trace();
    if (take()) {
      begin_moves();
      if (move_count_ == 0) finish_iteration();
    }
    return state_;
  }
  examine(moves_[examined_++]);
  if (examined_ == move_count_) finish_iteration();
  return state_;
}

// Takes the open node that comes first, closes it and tests it for the goal. True when the
// iteration goes on with the taken node's moves, false when it found the goal.
bool BestFirstSearch::take() {
  last_relaxed_.clear();
  writing_ = recording_ && at_ == records_.size();
  if (writing_)
    records_.push_back({heap_[queue_head_].node, heap_[queue_head_].seq,
                        static_cast<std::uint32_t>(changes_.size()), best_});
  if (recording_) ++at_;

  // The open set is never empty here: the step that empties it ends the search with NoPath.
  const std::uint32_t cur = order_ == Priority::Steps ? queue_pop() : heap_pop();
  mark(cur, NodeState::Closed);
  ++closed_;
  ++metrics_.expanded;
  last_taken_ = cur;
  if (options_.partial_path && nearer_goal(cur, best_)) best_ = cur;  // only partial paths use it
  const Cell c = level_->cell(CellIndex(cur));
  if (listener_) listener_->on_take(c, node(c));
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;

  // Goal test when taken (not when generated), so the path found is optimal. A movement range
  // has no goal.
  if (cur == to_u32(goal_) && !budget_) {
    state_ = SearchState::Found;
    mid_ = false;
    note_trace_end();
    return false;
  }
  return true;
}

// The taken node's moves into moves_, to be examined one by one.
void BestFirstSearch::begin_moves() {
  collect_moves(last_taken_);
  mid_ = true;
}

void BestFirstSearch::finish_iteration() {
  mid_ = false;
  if (open_size() == 0)  // nothing left to take: the goal cannot be reached, or the range is all
    state_ = budget_ ? SearchState::RangeComplete : SearchState::NoPath;
  else if (budget_ && compare(top_g(), *budget_) > 0)  // the next cell costs more than the budget
    state_ = SearchState::RangeComplete;
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  note_trace_end();
}

// After a step that extended the trace: how the search stands at its end, for bulk seeks.
void BestFirstSearch::note_trace_end() {
  if (!writing_) return;
  end_state_ = state_;
  end_best_ = best_;
}

// The moves leaving the taken node (entering it, for a backward search), in examination order,
// into moves_[0, move_count_).
void BestFirstSearch::collect_moves(std::uint32_t taken) const {
  std::size_t n = 0;
  Move* out = moves_.data();
  const Cell c = level_->cell(CellIndex(taken));
  if (options_.algorithm == Algorithm::JumpPoint) {
    JumpGrid::Successors found;
    const int count = jump_successors(taken, found);
    for (int k = 0; k < count; ++k) {
      const Cell to = found[static_cast<std::size_t>(k)];
      const Cell first{c.x + (to.x > c.x) - (to.x < c.x), c.y + (to.y > c.y) - (to.y < c.y)};
      const ExactCost cost = jump_cost(c, to);
      out[n++] = {to, dir_between(c, first).value_or(Dir::E), MoveBlock::None, cost.value(),
                  MoveAction::Walk, cost};
    }
  } else {
    auto add = [&](const Move& m) { out[n++] = m; };
    if (direction_ == Direction::Forward)
      policy_.for_each_move(c, add);
    else
      policy_.for_each_move_into(c, add);  // backward: the moves that *enter* c
  }
  move_count_ = n;
}

// Examines one move of the taken node: skips it with the reason, or relaxes its cell.
void BestFirstSearch::examine(const Move& m) {
  const std::uint32_t cur = last_taken_;
  const Cell c = level_->cell(CellIndex(cur));
  if (!m.possible()) {
    if (listener_) listener_->on_skip(c, m, SkipReason::Impossible);
    return;
  }
  // Theta*: the taken node's parent becomes the parent when it sees the successor directly.
  const Offer o = offer(c, m);
  relax(c, m, to_u32(level_->index(o.via)), o.g);
}

struct BestFirstSearch::Told {
  static constexpr bool kKeepsRelaxed = true;
  const BestFirstSearch& search;
  Cell from;
  const Move& move;
  void relaxed(Cell to, double old_g, double new_g, std::uint32_t old_parent) const {
    if (!search.listener_) return;
    const std::optional<Cell> parent =
        old_parent == kNone ? std::nullopt
                            : std::optional(search.level_->cell(CellIndex(old_parent)));
    search.listener_->on_relax(from, to, old_g, new_g, parent);
  }
  void skipped(SkipReason why) const {
    if (search.listener_) search.listener_->on_skip(from, move, why);
  }
};

// Offers `m.to` the g `g_new` through parent `via` (the taken node, or its parent for Theta*).
void BestFirstSearch::relax(Cell c, const Move& m, std::uint32_t via, ExactCost g_new) {
  relax_to(m.to, to_u32(level_->index(m.to)), via, g_new, Told{*this, c, m});
}

// The jump points leaving the taken node (JPS).
int BestFirstSearch::jump_successors(std::uint32_t taken, JumpGrid::Successors& out) const {
  const Cell c = level_->cell(CellIndex(taken));
  const Cell m = arrival(taken, c);
  return jump_grid_.successors(c, m.x, m.y, goal_cell_, out);
}

// JPS without a listener: relaxes the taken node's jump points as examining them as moves would
// (same cells, same order, same cost: the octile distance, computed as collect_moves does).
void BestFirstSearch::expand_jump_points(std::uint32_t taken) {
  const Cell c = level_->cell(CellIndex(taken));
  JumpGrid::Successors found;
  const int count = prefetched_jump_points(taken, c, found);
  const ExactCost g = nodes_[taken].g;
  for (int k = 0; k < count; ++k) {
    const Cell to = found[static_cast<std::size_t>(k)];
    relax_to(to, to_u32(level_->index(to)), taken, g + jump_cost(c, to), Quiet{});
  }
}

}  // namespace astar
