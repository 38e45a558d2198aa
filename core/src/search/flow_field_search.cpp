// The flow field as a Search (flow_field_search.hpp): the field's take and its relaxations one
// micro-step at a time, the parents of open cells, the views, and the rewind records.
#include "astar/flow_field_search.hpp"

#include <limits>
#include <string>
#include <utility>

#include "astar/format.hpp"

namespace astar {

FlowFieldSearch::FlowFieldSearch(const Level& level, const MovementRules& rules,
                                 SearchOptions options, SearchListener* listener)
    : own_level_(level_without_shapes(level, options.ignore_shapes)),
      level_(own_level_ ? own_level_.get() : &level),
      rules_(rules),
      options_(options),
      listener_(listener),
      unsupported_(check_supported(level, rules, options)) {
  restart();
}

// Re-reads the level's endpoints (astar bench moves them between runs): a field towards a goal
// that moved is made again.
void FlowFieldSearch::restart() {
  state_ = SearchState::InProgress;
  message_.clear();
  metrics_ = {};
  last_taken_ = kNone;
  last_relaxed_.clear();
  moves_.clear();
  examined_ = 0;
  mid_ = false;
  records_.clear();
  changes_.clear();
  // The endpoints first (the start too, which the field does not need), then what the field
  // refuses in its own words, then what check_supported refused.
  std::string why = level_->check_endpoints();
  if (why.empty() && !(field_ && field_->goals().front() == level_->goal())) {
    field_.reset();
    Result<FlowField> made = FlowField::make(*level_, rules_, {level_->goal()});
    if (made)
      field_.emplace(std::move(made).value());
    else
      why = made.error();
  }
  if (why.empty()) why = unsupported_;
  if (!why.empty()) {
    field_.reset();
    state_ = SearchState::Invalid;
    message_ = std::move(why);
    return;
  }
  field_->restart();
  parent_.assign(static_cast<std::size_t>(level_->cell_count()), kNone);
  // The goal starts open: generated and pushed once.
  metrics_.generated = static_cast<std::int64_t>(field_->goals().size());
  metrics_.heap_ops = metrics_.generated;
}

// [SECTION] Stepping

SearchState FlowFieldSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) take();
  while (examined_ < moves_.size()) examine(moves_[examined_++]);
  finish_iteration();
  return state_;
}

SearchState FlowFieldSearch::micro_step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) {
    take();
    if (moves_.empty()) finish_iteration();
    return state_;
  }
  examine(moves_[examined_++]);
  if (examined_ == moves_.size()) finish_iteration();
  return state_;
}

// Settles the next cell (the open set is never empty here: the step that empties it ends the
// search) and lists the moves entering it.
void FlowFieldSearch::take() {
  last_relaxed_.clear();
  if (recording_) records_.push_back({changes_.size()});
  const std::uint32_t i = field_->take();
  ++metrics_.expanded;
  ++metrics_.heap_ops;
  last_taken_ = i;
  moves_.clear();
  examined_ = 0;
  const Cell c = cell_of(i);
  field_->policy_.for_each_move_into(c, [this](const Move& m) { moves_.push_back(m); });
  mid_ = true;
  if (listener_) listener_->on_take(c, node(c));
}

// One move entering the taken cell: its other end relaxed through the field, or skipped.
void FlowFieldSearch::examine(const Move& m) {
  const Cell from = cell_of(last_taken_);
  const auto skip = [&](SkipReason why) {
    if (listener_) listener_->on_skip(from, m, why);
  };
  if (!m.possible()) return skip(SkipReason::Impossible);
  const std::uint32_t j = index_of(m.to);
  const FlowCellState old_state = field_->state_[j];
  const ExactCost old_cost = field_->cost_[j];
  const std::uint32_t old_parent = parent_[j];
  switch (field_->relax_into(last_taken_, m)) {
    case FlowField::Relaxed::Impossible: return skip(SkipReason::Impossible);
    case FlowField::Relaxed::Settled: return skip(SkipReason::Closed);
    case FlowField::Relaxed::NotBetter: return skip(SkipReason::NotBetter);
    case FlowField::Relaxed::Opened: ++metrics_.generated; break;
    case FlowField::Relaxed::Lowered: ++metrics_.improved; break;
  }
  ++metrics_.heap_ops;
  if (recording_) changes_.push_back({j, old_parent, old_state, old_cost});
  parent_[j] = last_taken_;
  last_relaxed_.push_back(m.to);
  if (listener_) {
    const double old_g = old_state == FlowCellState::Unseen
                             ? std::numeric_limits<double>::infinity()
                             : old_cost.value();
    const std::optional<Cell> was =
        old_parent == kNone ? std::nullopt : std::optional<Cell>(cell_of(old_parent));
    listener_->on_relax(from, m.to, old_g, field_->cost_[j].value(), was);
  }
}

// Nothing left open: every cell that can reach the goal is settled, the start among them or not.
void FlowFieldSearch::finish_iteration() {
  mid_ = false;
  if (field_->done())
    state_ = field_->state(level_->start()) == FlowCellState::Settled ? SearchState::Found
                                                                      : SearchState::NoPath;
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
}

std::span<const Move> FlowFieldSearch::taken_moves() const { return moves_; }

// [SECTION] Views

NodeView FlowFieldSearch::node(Cell c) const {
  NodeView n;
  if (!field_ || !level_->in_bounds(c)) return n;
  const std::uint32_t i = index_of(c);
  switch (field_->state_[i]) {
    case FlowCellState::Unseen: return n;
    case FlowCellState::Open:
      n.state = NodeState::Open;
      if (parent_[i] != kNone) n.parent = cell_of(parent_[i]);
      break;
    case FlowCellState::Settled:
      n.state = NodeState::Closed;
      if (const std::optional<Move> flow = field_->flow(c)) n.parent = flow->to;
      break;
  }
  n.g = field_->cost_[i].value();
  n.f = n.g;
  return n;
}

std::optional<Cell> FlowFieldSearch::last_taken() const {
  if (last_taken_ == kNone) return std::nullopt;
  return cell_of(last_taken_);
}

std::optional<Cell> FlowFieldSearch::next_to_take() const {
  if (state_ != SearchState::InProgress || mid_) return std::nullopt;
  return field_->next();
}

std::size_t FlowFieldSearch::open_size() const {
  return field_ ? static_cast<std::size_t>(field_->open_count()) : 0;
}

std::int64_t FlowFieldSearch::closed_count() const {
  return field_ ? field_->settled_count() : 0;
}

std::vector<Cell> FlowFieldSearch::path() const {
  if (state_ != SearchState::Found) return {};
  return field_->follow(level_->start());
}

std::vector<Cell> FlowFieldSearch::path_to(Cell c) const {
  if (!field_ || !level_->in_bounds(c)) return {};
  const std::uint32_t i = index_of(c);
  if (field_->state_[i] != FlowCellState::Open) return field_->follow(c);  // none when unseen
  std::vector<Cell> way{c};
  if (parent_[i] == kNone) return way;  // the goal, not settled yet
  for (Cell next : field_->follow(cell_of(parent_[i]))) way.push_back(next);
  return way;
}

double FlowFieldSearch::path_cost() const {
  if (state_ != SearchState::Found) return std::numeric_limits<double>::infinity();
  return field_->integration_value(level_->start());
}

// [SECTION] Rewind

void FlowFieldSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

bool FlowFieldSearch::step_back() {
  if (records_.empty()) return false;
  const std::size_t first = records_.back().first_change;
  records_.pop_back();
  for (std::size_t k = changes_.size(); k-- > first;) {
    const Change& ch = changes_[k];
    --(ch.old_state == FlowCellState::Unseen ? metrics_.generated : metrics_.improved);
    --metrics_.heap_ops;
    field_->restore(ch.cell, ch.old_state, ch.old_cost);
    parent_[ch.cell] = ch.old_parent;
  }
  changes_.resize(first);
  field_->unsettle();
  --metrics_.expanded;
  --metrics_.heap_ops;
  state_ = SearchState::InProgress;  // a step runs only in progress
  restore_last_views();
  return true;
}

// After a step back: the views of the previous iteration, finished (its taken cell, its moves
// all examined, the cells it relaxed).
void FlowFieldSearch::restore_last_views() {
  mid_ = false;
  moves_.clear();
  last_relaxed_.clear();
  const std::vector<Cell>& order = field_->settle_order();
  last_taken_ = order.empty() ? kNone : index_of(order.back());
  if (last_taken_ != kNone) {
    field_->policy_.for_each_move_into(order.back(),
                                       [this](const Move& m) { moves_.push_back(m); });
    for (std::size_t k = records_.back().first_change; k < changes_.size(); ++k)
      last_relaxed_.push_back(cell_of(changes_[k].cell));
  }
  examined_ = moves_.size();
}

bool cannot_reach_goal(const Search& s, Cell c) {
  const bool ended = s.state() == SearchState::Found || s.state() == SearchState::NoPath;
  return info(s.options().algorithm).extras.flow && s.imported() == nullptr && ended &&
         s.level().open(c) && s.node(c).state == NodeState::Unseen;
}

std::size_t FlowFieldSearch::recording_bytes() const {
  return records_.capacity() * sizeof(Record) + changes_.capacity() * sizeof(Change);
}

std::string FlowFieldSearch::check_invariants() const {
  if (!field_) return state_ == SearchState::Invalid ? "" : "no field, yet not invalid";
  if (std::string why = field_->check(); !why.empty()) return why;
  std::int64_t seen = 0;
  for (std::uint32_t i = 0; i < parent_.size(); ++i) {
    const FlowCellState s = field_->state_[i];
    if (s == FlowCellState::Unseen) continue;
    ++seen;
    if (s != FlowCellState::Open || field_->goal_[i] != 0) continue;
    const std::uint32_t p = parent_[i];
    if (p == kNone || field_->state_[p] != FlowCellState::Settled)
      return "open cell " + cell_text(cell_of(i)) + " has no settled parent";
  }
  if (metrics_.expanded != field_->settled_count())
    return std::to_string(metrics_.expanded) + " takes, " +
           std::to_string(field_->settled_count()) + " cells settled";
  if (metrics_.generated != seen)
    return std::to_string(metrics_.generated) + " generated, " + std::to_string(seen) + " seen";
  if (metrics_.heap_ops != metrics_.expanded + metrics_.generated + metrics_.improved)
    return "heap_ops is not takes + generated + improved";
  if (recording_ && static_cast<std::int64_t>(records_.size()) != metrics_.expanded)
    return std::to_string(records_.size()) + " records for " +
           std::to_string(metrics_.expanded) + " takes";
  return {};
}

}  // namespace astar
