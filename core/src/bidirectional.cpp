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
  update_metrics();
}

// [SECTION] One iteration

SearchState BidirectionalSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  // The side with the smaller open set goes next; ties go forward.
  const bool fwd = forward_.open_size() <= backward_.open_size();
  if (forward_.recording()) records_.push_back({fwd, mu_, meet_, state_});
  last_forward_ = fwd;
  BestFirstSearch& side = fwd ? forward_ : backward_;
  const SearchState s = side.step();
  update_metrics();

  // Done when no open node can lead to anything cheaper than the best meeting. A side that took
  // its goal (the other side's start) has met the other side there.
  const double bound = std::max(forward_.top_priority(), backward_.top_priority());
  if (mu_ < kInf && (mu_ <= bound || s == SearchState::Found))
    state_ = SearchState::Found;
  else if (s == SearchState::NoPath)
    state_ = SearchState::NoPath;  // one side ran out of cells without meeting the other
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  return state_;
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
  if (records_.empty()) return false;
  const StepRecord rec = records_.back();
  records_.pop_back();
  (rec.forward ? forward_ : backward_).step_back();
  mu_ = rec.mu_before;
  meet_ = rec.meet_before;
  state_ = rec.state_before;
  last_forward_ = records_.empty() ? true : records_.back().forward;
  update_metrics();
  return true;
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
