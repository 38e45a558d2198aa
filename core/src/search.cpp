#include "astar/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace astar {

// [SECTION] Names and heuristics

namespace {
constexpr std::string_view kHeuristicNames[] = {"manhattan", "euclidean", "octile", "chebyshev",
                                                "zero"};
constexpr std::string_view kStateNames[] = {"in-progress", "found", "no-path", "iteration-limit",
                                            "invalid"};
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNone = to_u32(kNoCell);
}  // namespace

std::string_view to_string(Heuristic h) { return kHeuristicNames[static_cast<int>(h)]; }
std::string_view to_string(SearchState s) { return kStateNames[static_cast<int>(s)]; }

std::optional<Heuristic> parse_heuristic(std::string_view name) {
  for (int i = 0; i < static_cast<int>(Heuristic::_Max); ++i)
    if (kHeuristicNames[i] == name) return static_cast<Heuristic>(i);
  return std::nullopt;
}

double heuristic_distance(Heuristic h, Cell a, Cell b) {
  const double ddx = std::abs(a.x - b.x);
  const double ddy = std::abs(a.y - b.y);
  switch (h) {
    case Heuristic::Manhattan: return ddx + ddy;
    case Heuristic::Euclidean: return std::sqrt(ddx * ddx + ddy * ddy);
    case Heuristic::Octile: return std::max(ddx, ddy) + (kSqrt2 - 1.0) * std::min(ddx, ddy);
    case Heuristic::Chebyshev: return std::max(ddx, ddy);
    case Heuristic::Zero:
    case Heuristic::_Max: break;
  }
  return 0.0;
}

bool admissible(Heuristic h, Neighbours n) {
  // Every other heuristic changes by at most the step length on any move.
  return !(h == Heuristic::Manhattan && n == Neighbours::Eight);
}

// [SECTION] Construction and restart

AStarSearch::AStarSearch(const Level& level, SearchOptions options, SearchListener* listener)
    : AStarSearch(level, level.rules(), options, listener) {}

AStarSearch::AStarSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                         SearchListener* listener)
    : level_(&level), policy_(level, rules), options_(options), listener_(listener) {
  nodes_.resize(static_cast<std::size_t>(level.cell_count()));
  // h is scaled by the cheapest cost per unit of distance, so it never overestimates.
  h_scale_ = options_.heuristic == Heuristic::Zero ? 0.0 : policy_.min_cost_per_distance();
  restart();
}

void AStarSearch::restart() {
  // A new generation makes every node "unseen" without touching the array.
  if (++generation_ == 0) {
    for (Node& n : nodes_) n.generation = 0;
    generation_ = 1;
  }
  heap_.clear();
  next_seq_ = 0;
  closed_ = 0;
  metrics_ = {};
  last_taken_ = kNone;
  last_relaxed_.clear();
  records_.clear();
  changes_.clear();
  message_.clear();
  state_ = SearchState::InProgress;

  if (std::string why = level_->check_endpoints(); !why.empty()) {
    state_ = SearchState::Invalid;
    message_ = std::move(why);
    return;
  }
  start_ = level_->index(level_->start());
  goal_ = level_->index(level_->goal());
  open_node(to_u32(start_), 0.0, kNone);
}

// [SECTION] The open set: an indexed binary heap with decrease-key

// Priority order: lower f first; on equal f, larger g first (the node nearer the goal by the
// heuristic, which keeps A* heading for the goal across plateaus); then first inserted first,
// so that results never depend on the heap's internal layout.
bool AStarSearch::before(const HeapEntry& a, const HeapEntry& b) {
  if (a.f != b.f) return a.f < b.f;
  if (a.g != b.g) return a.g > b.g;
  return a.seq < b.seq;
}

void AStarSearch::place(std::size_t pos, const HeapEntry& e) {
  heap_[pos] = e;
  nodes_[e.node].heap_pos = static_cast<std::uint32_t>(pos);
}

void AStarSearch::sift_up(std::size_t pos) {
  const HeapEntry item = heap_[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / 2;
    if (!before(item, heap_[parent])) break;
    place(pos, heap_[parent]);
    pos = parent;
  }
  place(pos, item);
}

void AStarSearch::sift_down(std::size_t pos) {
  const HeapEntry item = heap_[pos];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t child = 2 * pos + 1;
    if (child >= n) break;
    if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
    if (!before(heap_[child], item)) break;
    place(pos, heap_[child]);
    pos = child;
  }
  place(pos, item);
}

void AStarSearch::heap_push(HeapEntry e) {
  heap_.push_back(e);
  sift_up(heap_.size() - 1);
  ++metrics_.heap_ops;
}

std::uint32_t AStarSearch::heap_pop() {
  const std::uint32_t top = heap_.front().node;
  heap_.front() = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) sift_down(0);
  ++metrics_.heap_ops;
  return top;
}

void AStarSearch::open_node(std::uint32_t i, double g, std::uint32_t parent) {
  Node& n = nodes_[i];
  const Cell c = level_->cell(CellIndex(i));
  n.generation = generation_;
  n.g = g;
  n.h = h_scale_ * heuristic_distance(options_.heuristic, c, level_->goal());
  n.parent = parent;
  n.state = NodeState::Open;
  heap_push({g + n.h, g, next_seq_++, i});
  ++metrics_.generated;
}

// [SECTION] One iteration

SearchState AStarSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  last_relaxed_.clear();
  if (recording_)
    records_.push_back({heap_.front(), static_cast<std::uint32_t>(changes_.size()), next_seq_,
                        state_, metrics_});

  // Take the open node with the lowest f. The open set is never empty here: the step that
  // empties it ends the search with NoPath.
  const std::uint32_t cur = heap_pop();
  Node& taken = nodes_[cur];
  taken.state = NodeState::Closed;
  ++closed_;
  ++metrics_.expanded;
  last_taken_ = cur;
  const Cell c = level_->cell(CellIndex(cur));
  if (listener_) listener_->on_take(c, node(c));

  // Goal test when taken (not when generated), so the path found is optimal.
  if (cur == to_u32(goal_)) return state_ = SearchState::Found;

  // Relax the neighbours.
  const double g_cur = taken.g;
  policy_.for_each_move(c, [&](const Move& m) {
    if (!m.possible()) {
      if (listener_) listener_->on_skip(c, m, SkipReason::Impossible);
      return;
    }
    const std::uint32_t ni = to_u32(level_->index(m.to));
    Node& nb = nodes_[ni];
    const double g_new = g_cur + m.cost;
    if (!valid(ni)) {
      if (recording_) changes_.push_back({ni, kNone, kInf});
      if (listener_) listener_->on_relax(c, m.to, kInf, g_new, std::nullopt);
      open_node(ni, g_new, cur);
      last_relaxed_.push_back(m.to);
      return;
    }
    if (nb.state == NodeState::Closed) {
      // With a consistent heuristic a closed node already has its best g; closed nodes are
      // not reopened (an inadmissible heuristic may then give a longer path, as warned).
      if (listener_) listener_->on_skip(c, m, SkipReason::Closed);
      return;
    }
    if (g_new >= nb.g) {
      if (listener_) listener_->on_skip(c, m, SkipReason::NotBetter);
      return;
    }
    if (listener_) {
      const std::optional<Cell> old_parent =
          nb.parent == kNone ? std::nullopt : std::optional(level_->cell(CellIndex(nb.parent)));
      listener_->on_relax(c, m.to, nb.g, g_new, old_parent);
    }
    if (recording_) changes_.push_back({ni, nb.parent, nb.g});
    nb.g = g_new;
    nb.parent = cur;
    HeapEntry& entry = heap_[nb.heap_pos];
    entry.f = g_new + nb.h;
    entry.g = g_new;
    sift_up(nb.heap_pos);  // f only went down: decrease-key
    ++metrics_.heap_ops;
    ++metrics_.improved;
    last_relaxed_.push_back(m.to);
  });

  if (heap_.empty())
    state_ = SearchState::NoPath;  // nothing left to take: the goal cannot be reached
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  return state_;
}

// [SECTION] Rewind

void AStarSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

std::size_t AStarSearch::recording_bytes() const {
  return records_.capacity() * sizeof(StepRecord) + changes_.capacity() * sizeof(Change);
}

// Removes the entry at `pos` from the open set, keeping the heap ordered.
void AStarSearch::heap_remove(std::size_t pos) {
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (pos == heap_.size()) return;
  place(pos, last);
  sift_up(pos);
  sift_down(nodes_[last.node].heap_pos);
}

bool AStarSearch::step_back() {
  if (records_.empty()) return false;
  const StepRecord rec = records_.back();
  records_.pop_back();

  // Undo the relaxations, newest first: a node first seen in this step becomes unseen again
  // and leaves the open set; an improved one gets its old g and parent back (its f goes up).
  for (std::size_t k = changes_.size(); k-- > rec.first_change;) {
    const Change& ch = changes_[k];
    Node& n = nodes_[ch.node];
    if (ch.old_g == kInf) {
      heap_remove(n.heap_pos);
      n.generation = generation_ - 1;  // never the current generation: unseen
      continue;
    }
    n.g = ch.old_g;
    n.parent = ch.old_parent;
    HeapEntry& e = heap_[n.heap_pos];
    e.f = n.g + n.h;
    e.g = n.g;
    sift_down(n.heap_pos);
  }
  changes_.resize(rec.first_change);

  // Put the taken node back into the open set with its original keys and insertion order.
  Node& taken = nodes_[rec.taken.node];
  taken.state = NodeState::Open;
  heap_.push_back(rec.taken);
  sift_up(heap_.size() - 1);
  --closed_;

  next_seq_ = rec.seq_before;
  metrics_ = rec.metrics_before;
  state_ = rec.state_before;
  restore_last_step_views();
  return true;
}

// last_taken() and last_relaxed() as the step before the current one left them.
void AStarSearch::restore_last_step_views() {
  last_taken_ = kNone;
  last_relaxed_.clear();
  if (records_.empty()) return;
  const StepRecord& prev = records_.back();
  last_taken_ = prev.taken.node;
  for (std::size_t k = prev.first_change; k < changes_.size(); ++k)
    last_relaxed_.push_back(level_->cell(CellIndex(changes_[k].node)));
}

std::string AStarSearch::check_invariants() const {
  for (std::size_t pos = 0; pos < heap_.size(); ++pos) {
    const HeapEntry& e = heap_[pos];
    const std::string at = "heap[" + std::to_string(pos) + "]";
    if (e.node >= nodes_.size()) return at + ": node out of range";
    const Node& n = nodes_[e.node];
    if (!valid(e.node) || n.state != NodeState::Open) return at + ": node not open";
    if (n.heap_pos != pos) return at + ": node's heap position is " + std::to_string(n.heap_pos);
    if (e.g != n.g || e.f != n.g + n.h) return at + ": keys differ from the node's g and h";
    if (pos > 0 && before(e, heap_[(pos - 1) / 2])) return at + ": ordered before its parent";
  }
  std::size_t open = 0, closed = 0;
  for (std::uint32_t i = 0; i < nodes_.size(); ++i) {
    if (!valid(i)) continue;
    open += nodes_[i].state == NodeState::Open;
    closed += nodes_[i].state == NodeState::Closed;
  }
  if (open != heap_.size())
    return std::to_string(open) + " open nodes but " + std::to_string(heap_.size()) + " in the heap";
  if (static_cast<std::int64_t>(closed) != closed_)
    return std::to_string(closed) + " closed nodes but closed_count() is " + std::to_string(closed_);
  return {};
}

void AStarSearch::seek(std::int64_t iteration) {
  iteration = std::max<std::int64_t>(0, iteration);
  while (iterations() > iteration && step_back()) {
  }
  while (iterations() < iteration && step() == SearchState::InProgress) {
  }
}

SearchState AStarSearch::run() {
  while (step() == SearchState::InProgress) {
  }
  return state_;
}

// [SECTION] Read-only views

NodeState AStarSearch::node_state(Cell c) const {
  if (!level_->in_bounds(c)) return NodeState::Unseen;
  const std::uint32_t i = to_u32(level_->index(c));
  return valid(i) ? nodes_[i].state : NodeState::Unseen;
}

NodeView AStarSearch::node(Cell c) const {
  NodeView v;
  if (!level_->in_bounds(c)) return v;
  const std::uint32_t i = to_u32(level_->index(c));
  if (!valid(i)) return v;
  const Node& n = nodes_[i];
  v.state = n.state;
  v.g = n.g;
  v.h = n.h;
  v.f = n.g + n.h;
  if (n.parent != kNone) v.parent = level_->cell(CellIndex(n.parent));
  return v;
}

std::optional<Cell> AStarSearch::last_taken() const {
  if (last_taken_ == kNone) return std::nullopt;
  return level_->cell(CellIndex(last_taken_));
}

std::vector<Cell> AStarSearch::path() const {
  if (state_ != SearchState::Found) return {};
  return path_to(level_->cell(goal_));
}

std::vector<Cell> AStarSearch::path_to(Cell c) const {
  std::vector<Cell> out;
  if (node_state(c) == NodeState::Unseen) return out;
  for (std::uint32_t i = to_u32(level_->index(c)); i != kNone; i = nodes_[i].parent)
    out.push_back(level_->cell(CellIndex(i)));
  std::reverse(out.begin(), out.end());
  return out;
}

double AStarSearch::path_cost() const {
  return state_ == SearchState::Found ? nodes_[to_u32(goal_)].g : kInf;
}

std::optional<double> path_cost(const MovePolicy& policy, const std::vector<Cell>& path) {
  if (path.empty()) return std::nullopt;
  double total = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Dir> d = dir_between(path[k - 1], path[k]);
    if (!d || !policy.level().in_bounds(path[k - 1])) return std::nullopt;
    const Move m = policy.move(path[k - 1], *d);
    if (!m.possible()) return std::nullopt;  // includes diagonals under 4 neighbours
    total += m.cost;
  }
  return total;
}

}  // namespace astar
