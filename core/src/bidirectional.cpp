#include "astar/bidirectional.hpp"

#include <algorithm>
#include <limits>

namespace astar {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

// [SECTION] Meeting: every better g on one side is checked against the other side

void BidirectionalSearch::Meet::on_take(Cell c, const NodeView& n) {
  if (owner_.listener_) owner_.listener_->on_take(c, n);
}

void BidirectionalSearch::Meet::on_relax(Cell from, Cell to, double old_g, double new_g,
                                         std::optional<Cell> old_parent) {
  const BestFirstSearch& other = forward_ ? owner_.backward_ : owner_.forward_;
  const NodeView o = other.node(to);
  if (o.state != NodeState::Unseen && new_g + o.g < owner_.mu_) {
    owner_.mu_ = new_g + o.g;
    owner_.meet_ = to;
  }
  if (owner_.listener_) owner_.listener_->on_relax(from, to, old_g, new_g, old_parent);
}

void BidirectionalSearch::Meet::on_skip(Cell from, const Move& m, SkipReason why) {
  if (owner_.listener_) owner_.listener_->on_skip(from, m, why);
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
      listener_(listener),
      meet_forward_(*this, true),
      meet_backward_(*this, false),
      forward_(level, rules, half_options(options), &meet_forward_,
               BestFirstSearch::Direction::Forward),
      backward_(level, rules, half_options(options), &meet_backward_,
                BestFirstSearch::Direction::Backward),
      unsupported_(check_supported(level, rules, options)) {
  restart();
}

void BidirectionalSearch::restart() {
  forward_.restart();
  backward_.restart();
  records_.clear();
  at_ = 0;
  writing_ = false;
  mu_ = kInf;
  meet_.reset();
  last_forward_ = true;
  message_.clear();
  state_ = SearchState::InProgress;
  std::string why = unsupported_;
  if (why.empty() && forward_.state() == SearchState::Invalid) why = forward_.message();
  if (!why.empty()) {
    state_ = SearchState::Invalid;
    message_ = std::move(why);
  } else if (forward_.policy().level().start() == forward_.policy().level().goal()) {
    mu_ = 0.0;  // the halves have not met yet, but the answer is known: the empty walk
    meet_ = forward_.policy().level().start();
  }
  end_mu_ = mu_;
  end_meet_ = meet_;
  end_state_ = state_;
  update_metrics();
}

// [SECTION] One iteration

SearchState BidirectionalSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_iteration()) begin_iteration();
  last_side().step();
  finish_iteration();
  return state_;
}

SearchState BidirectionalSearch::micro_step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_iteration()) {
    if (at_ < records_.size()) {  // a half-done iteration is the trace's last step
      records_.resize(at_);
      end_mu_ = mu_;
      end_meet_ = meet_;
      end_state_ = state_;
    }
    begin_iteration();
  }
  BestFirstSearch& side = last_side();
  side.micro_step();
  if (side.mid_iteration())
    update_metrics();
  else
    finish_iteration();
  return state_;
}

// Picks the side that goes next: the one with the smaller open set; ties go forward.
void BidirectionalSearch::begin_iteration() {
  const bool fwd = forward_.open_size() <= backward_.open_size();
  writing_ = forward_.recording() && at_ == records_.size();
  if (writing_) records_.push_back({fwd, mu_, meet_, state_});
  if (forward_.recording()) ++at_;
  last_forward_ = fwd;
}

void BidirectionalSearch::finish_iteration() {
  update_metrics();
  // Done when no open node can lead to anything cheaper than the best meeting. A side that took
  // its goal (the other side's start) has met the other side there.
  const SearchState s = last_side().state();
  const double bound = std::max(forward_.top_priority(), backward_.top_priority());
  if (mu_ < kInf && (mu_ <= bound || s == SearchState::Found))
    state_ = SearchState::Found;
  else if (s == SearchState::NoPath)
    state_ = SearchState::NoPath;  // one side ran out of cells without meeting the other
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  if (writing_) {
    end_mu_ = mu_;
    end_meet_ = meet_;
    end_state_ = state_;
  }
}

bool BidirectionalSearch::mid_iteration() const {
  return forward_.mid_iteration() || backward_.mid_iteration();
}

std::span<const Move> BidirectionalSearch::taken_moves() const {
  if (metrics_.expanded == 0) return {};
  return (last_forward_ ? forward_ : backward_).taken_moves();
}

std::size_t BidirectionalSearch::examined() const {
  if (metrics_.expanded == 0) return 0;
  return (last_forward_ ? forward_ : backward_).examined();
}

void BidirectionalSearch::update_metrics() {
  const SearchMetrics& a = forward_.metrics();
  const SearchMetrics& b = backward_.metrics();
  metrics_ = {a.expanded + b.expanded, a.generated + b.generated, a.improved + b.improved,
              a.heap_ops + b.heap_ops};
}

// [SECTION] Rewind

void BidirectionalSearch::set_recording(bool on) {
  forward_.set_recording(on);
  backward_.set_recording(on);
  restart();
}

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
    end_mu_ = mu_;
    end_meet_ = meet_;
    end_state_ = state_;
  }
  --at_;
  last_forward_ = at_ == 0 ? true : records_[at_ - 1].forward;
  update_metrics();
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
      if (to < records_.size()) {
        mu_ = records_[to].mu_before;
        meet_ = records_[to].meet_before;
        state_ = records_[to].state_before;
      } else {
        mu_ = end_mu_;
        meet_ = end_meet_;
        state_ = end_state_;
      }
      last_forward_ = to == 0 ? true : records_[to - 1].forward;
      update_metrics();
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
  if (meet_) {
    const NodeView f = forward_.node(*meet_), b = backward_.node(*meet_);
    if (f.state == NodeState::Unseen || b.state == NodeState::Unseen)
      return "the meeting cell is not seen by both sides";
    if (f.g + b.g != mu_) return "mu differs from the meeting cell's g on both sides";
  }
  return {};
}

// [SECTION] Views

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
  return (forward_.open_size() <= backward_.open_size() ? forward_ : backward_).next_to_take();
}

std::optional<Cell> BidirectionalSearch::last_taken() const {
  if (metrics_.expanded == 0) return std::nullopt;
  return (last_forward_ ? forward_ : backward_).last_taken();
}

const std::vector<Cell>& BidirectionalSearch::last_relaxed() const {
  if (metrics_.expanded == 0) return no_cells_;
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
  return state_ == SearchState::Found ? mu_ : kInf;
}

}  // namespace astar
