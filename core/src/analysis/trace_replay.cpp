// TraceReplay: an imported trace applied event by event, each applied event keeping what it
// replaced so that going back restores the earlier state exactly (trace_replay.hpp).
#include "astar/trace_replay.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>

namespace astar {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// What the trace has said about one node so far, in the trace's own cost unit.
struct NodeRec {
  double g = kNaN, h = kNaN, f = kNaN;
  std::uint32_t parent = kNoNode;
  NodeState state = NodeState::Unseen;
};

// One applied event's undo record: the node and the cell's shown node as they were before it.
struct Undo {
  NodeRec before;
  std::uint32_t shown_before = kNoNode;
  bool generated = false;  // it made an unseen node seen
  bool improved = false;   // it changed a seen node's g (generating or updating)
};

// Events that change their node; destination, end and other types only move the cursor.
bool touches_node(TraceEventType t) {
  switch (t) {
    case TraceEventType::Source:
    case TraceEventType::Generating:
    case TraceEventType::Updating:
    case TraceEventType::Expanding:
    case TraceEventType::Closing: return true;
    case TraceEventType::Destination:
    case TraceEventType::End:
    case TraceEventType::Other:
    case TraceEventType::_Max: return false;
  }
  return false;
}

bool relaxes(TraceEventType t) {
  return t == TraceEventType::Generating || t == TraceEventType::Updating;
}

// The state a node has after an event of type t, from `before`.
NodeState state_after(TraceEventType t, NodeState before) {
  switch (t) {
    case TraceEventType::Source: return before == NodeState::Unseen ? NodeState::Open : before;
    case TraceEventType::Generating: return NodeState::Open;  // also a closed node reopened
    case TraceEventType::Updating: return before == NodeState::Unseen ? NodeState::Open : before;
    case TraceEventType::Expanding:
    case TraceEventType::Closing: return NodeState::Closed;
    case TraceEventType::Destination:
    case TraceEventType::End:
    case TraceEventType::Other:
    case TraceEventType::_Max: return before;
  }
  return before;
}

// The node's values after event e: the values e gives replace the old ones, h = f - g and
// f = g + h fill in what it leaves out, and the source starts at g 0.
void take_values(NodeRec& n, const ImportedEvent& e) {
  if (!std::isnan(e.g)) n.g = e.g;
  else if (e.type == TraceEventType::Source && std::isnan(n.g)) n.g = 0.0;
  double h = e.h;
  if (std::isnan(h) && !std::isnan(e.f) && !std::isnan(n.g)) h = e.f - n.g;
  if (!std::isnan(h)) n.h = h;
  if (!std::isnan(e.f)) n.f = e.f;
  else if (!std::isnan(e.g) || !std::isnan(e.h)) n.f = n.g + n.h;
  else if (std::isnan(n.f) && !std::isnan(n.g) && !std::isnan(n.h)) n.f = n.g + n.h;
  if (e.parent != kNoNode) n.parent = e.parent;
}

// The last `end` event's node (kNoNode when there is none, or it has no id).
std::uint32_t last_end_node(const ImportedTrace& t) {
  for (std::size_t i = t.events.size(); i-- > 0;)
    if (t.events[i].type == TraceEventType::End) return t.events[i].node;
  return kNoNode;
}

// The chain of parents from `node` back, first node first; stops at a node seen twice (a
// parent cycle in a buggy trace) and says whether it reached `source`.
std::vector<std::uint32_t> parent_chain(std::uint32_t node, std::uint32_t source,
                                        const std::vector<std::uint32_t>& parents,
                                        bool* reached_source) {
  std::vector<std::uint32_t> chain;
  std::vector<bool> seen(parents.size(), false);
  for (std::uint32_t n = node; n != kNoNode && n < parents.size() && !seen[n]; n = parents[n]) {
    seen[n] = true;
    chain.push_back(n);
  }
  if (reached_source) *reached_source = !chain.empty() && chain.back() == source;
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace

struct TraceReplay::State {
  std::vector<NodeRec> nodes;
  std::vector<std::uint32_t> shown;  // per level cell: the node shown there (its latest)
  std::vector<Undo> undo;            // one per applied event
  std::vector<std::size_t> expanding;  // event index of each `expanding`: iteration k's is [k-1]
  std::size_t first = 0;             // events applied at iteration 0
  SearchMetrics metrics;
  std::size_t open = 0;
  std::int64_t closed = 0;
  std::vector<Cell> relaxed;
  bool relaxed_stale = false;  // an `expanding` was undone: rebuild from the iteration's start
  // After the last event: the state, the path and its cost.
  SearchState final_state = SearchState::NoPath;
  std::vector<Cell> final_path;
  double final_cost = kInf;
  SearchOptions options;
  std::string message;

  std::size_t applied() const { return undo.size(); }
  std::int64_t iterations() const { return metrics.expanded; }
  // Events applied when iteration k is complete (k in 0..expanding.size()).
  std::size_t end_of(std::size_t k, std::size_t total) const {
    if (k == 0) return first;
    return k < expanding.size() ? expanding[k] : total;
  }
  void count_state(NodeState s, int sign) {
    if (s == NodeState::Open) open = static_cast<std::size_t>(static_cast<std::int64_t>(open) + sign);
    if (s == NodeState::Closed) closed += sign;
  }
};

// [SECTION] Construction

TraceReplay::TraceReplay(const Level& level, std::shared_ptr<const ImportedTrace> trace,
                         double cost_scale)
    : trace_(std::move(trace)),
      level_(&level),
      scale_(cost_scale > 0 && std::isfinite(cost_scale) ? cost_scale : 1.0),
      s_(std::make_unique<State>()) {
  const ImportedTrace& t = *trace_;
  for (std::size_t i = 0; i < t.events.size(); ++i)
    if (t.events[i].type == TraceEventType::Expanding) s_->expanding.push_back(i);
  s_->first = s_->expanding.empty() ? t.events.size() : s_->expanding.front();

  // The final parents and g are the last ones given: the path needs no replay.
  std::vector<std::uint32_t> parents(t.node_count(), kNoNode);
  std::vector<double> g(t.node_count(), kNaN);
  for (const ImportedEvent& e : t.events) {
    if (e.node == kNoNode || e.node >= t.node_count() || !touches_node(e.type)) continue;
    if (e.parent != kNoNode) parents[e.node] = e.parent;
    if (!std::isnan(e.g)) g[e.node] = e.g;
    else if (e.type == TraceEventType::Source && std::isnan(g[e.node])) g[e.node] = 0.0;
  }
  std::uint32_t end = last_end_node(t);
  if (end == kNoNode || end >= t.node_count()) {
    const std::uint32_t d = t.destination_node;
    if (d != kNoNode && d < t.node_count() && (parents[d] != kNoNode || d == t.source_node)) end = d;
  }
  bool found = false;
  const std::vector<std::uint32_t> chain =
      end == kNoNode || end >= t.node_count() ? std::vector<std::uint32_t>{}
                                              : parent_chain(end, t.source_node, parents, &found);
  if (found) {
    s_->final_state = SearchState::Found;
    for (std::uint32_t n : chain) s_->final_path.push_back(t.cell(n));
    if (!std::isnan(g[end])) {
      s_->final_cost = g[end] / scale_;
    } else {
      const std::optional<double> c = astar::path_cost(MovePolicy(level), s_->final_path);
      s_->final_cost = c ? *c : kInf;
    }
  }
  restart();
}

TraceReplay::~TraceReplay() = default;

// [SECTION] Applying and undoing one event

namespace {

// The index of c in the level's arrays, or nothing when c lies outside it.
std::optional<std::size_t> shown_index(const Level& level, Cell c) {
  if (!level.in_bounds(c)) return std::nullopt;
  return static_cast<std::size_t>(to_u32(level.index(c)));
}

}  // namespace

void TraceReplay::apply_next() {
  State& s = *s_;
  const ImportedEvent& e = trace_->events[s.applied()];
  Undo u;
  if (e.type == TraceEventType::Expanding) {
    ++s.metrics.expanded;
    s.relaxed.clear();
    s.relaxed_stale = false;
  }
  if (touches_node(e.type) && e.node < trace_->node_count()) {
    NodeRec& n = s.nodes[e.node];
    u.before = n;
    take_values(n, e);
    n.state = state_after(e.type, u.before.state);
    s.count_state(u.before.state, -1);
    s.count_state(n.state, +1);
    u.generated = u.before.state == NodeState::Unseen;
    u.improved = !u.generated && relaxes(e.type) && !std::isnan(e.g) && e.g != u.before.g;
    s.metrics.generated += u.generated ? 1 : 0;
    s.metrics.improved += u.improved ? 1 : 0;
    if (const auto i = shown_index(*level_, trace_->cell(e.node))) {
      u.shown_before = s.shown[*i];
      s.shown[*i] = e.node;
    }
    if (relaxes(e.type)) s.relaxed.push_back(trace_->cell(e.node));
  }
  s.undo.push_back(u);
}

void TraceReplay::undo_last() {
  State& s = *s_;
  const Undo u = s.undo.back();
  s.undo.pop_back();
  const ImportedEvent& e = trace_->events[s.applied()];
  if (e.type == TraceEventType::Expanding) {
    --s.metrics.expanded;
    s.relaxed_stale = true;
  }
  if (!touches_node(e.type) || e.node >= trace_->node_count()) return;
  NodeRec& n = s.nodes[e.node];
  s.count_state(n.state, -1);
  s.count_state(u.before.state, +1);
  n = u.before;
  s.metrics.generated -= u.generated ? 1 : 0;
  s.metrics.improved -= u.improved ? 1 : 0;
  if (const auto i = shown_index(*level_, trace_->cell(e.node))) s.shown[*i] = u.shown_before;
  if (relaxes(e.type) && !s.relaxed_stale && !s.relaxed.empty()) s.relaxed.pop_back();
}

// Applies or undoes events until `count` are applied, then rebuilds last_relaxed when an
// `expanding` was undone (from the current iteration's start: what that iteration changed).
void TraceReplay::go_to(std::size_t count) {
  State& s = *s_;
  count = std::min(count, trace_->events.size());
  while (s.applied() < count) apply_next();
  while (s.applied() > count) undo_last();
  if (!s.relaxed_stale) return;
  s.relaxed.clear();
  const std::int64_t k = s.iterations();
  const std::size_t from = k == 0 ? 0 : s.expanding[static_cast<std::size_t>(k - 1)];
  for (std::size_t i = from; i < s.applied(); ++i) {
    const ImportedEvent& e = trace_->events[i];
    if (relaxes(e.type) && e.node < trace_->node_count()) s.relaxed.push_back(trace_->cell(e.node));
  }
  s.relaxed_stale = false;
}

// [SECTION] Stepping

void TraceReplay::restart() {
  State& s = *s_;
  s.nodes.assign(trace_->node_count(), NodeRec{});
  s.shown.assign(static_cast<std::size_t>(level_->cell_count()), kNoNode);
  s.undo.clear();
  s.metrics = {};
  s.open = 0;
  s.closed = 0;
  s.relaxed.clear();
  s.relaxed_stale = false;
  go_to(s.first);
}

std::size_t TraceReplay::events_applied() const { return s_->applied(); }

SearchState TraceReplay::step() {
  const State& s = *s_;
  if (s.applied() >= trace_->events.size()) return state();
  const std::size_t k = static_cast<std::size_t>(s.iterations());
  go_to(mid_iteration() ? s.end_of(k, trace_->events.size())
                        : s.end_of(k + 1, trace_->events.size()));
  return state();
}

SearchState TraceReplay::micro_step() {
  if (s_->applied() < trace_->events.size()) go_to(s_->applied() + 1);
  return state();
}

bool TraceReplay::mid_iteration() const {
  const State& s = *s_;
  if (s.iterations() == 0) return false;
  return s.applied() < s.end_of(static_cast<std::size_t>(s.iterations()), trace_->events.size());
}

std::span<const Move> TraceReplay::taken_moves() const { return {}; }

std::size_t TraceReplay::examined() const {
  const State& s = *s_;
  if (s.iterations() == 0) return 0;
  return s.applied() - s.expanding[static_cast<std::size_t>(s.iterations() - 1)] - 1;
}

void TraceReplay::seek(std::int64_t iteration) {
  const State& s = *s_;
  const std::int64_t last = static_cast<std::int64_t>(s.expanding.size());
  const std::size_t k = static_cast<std::size_t>(std::clamp<std::int64_t>(iteration, 0, last));
  go_to(s.end_of(k, trace_->events.size()));
}

void TraceReplay::seek_event(std::size_t index) {
  if (trace_->events.empty()) return;
  index = std::min(index, trace_->events.size() - 1);
  go_to(std::max(index + 1, s_->first));
}

std::int64_t TraceReplay::iteration_of_event(std::size_t index) const {
  const std::vector<std::size_t>& x = s_->expanding;
  return static_cast<std::int64_t>(std::upper_bound(x.begin(), x.end(), index) - x.begin());
}

bool TraceReplay::can_step_back() const { return s_->iterations() > 0; }

bool TraceReplay::step_back() {
  if (!can_step_back()) return false;
  seek(s_->iterations() - 1);
  return true;
}

void TraceReplay::set_recording(bool /*on*/) {}
bool TraceReplay::recording() const { return true; }
std::size_t TraceReplay::recording_bytes() const {
  return s_->undo.capacity() * sizeof(Undo) + s_->expanding.capacity() * sizeof(std::size_t);
}

// [SECTION] Views

SearchState TraceReplay::state() const {
  if (s_->applied() < trace_->events.size() || trace_->growing) return SearchState::InProgress;
  return s_->final_state;
}
const std::string& TraceReplay::message() const { return s_->message; }
const SearchOptions& TraceReplay::options() const { return s_->options; }
const Level& TraceReplay::level() const { return *level_; }

NodeView TraceReplay::node(Cell c) const {
  const auto i = shown_index(*level_, c);
  if (!i || s_->shown[*i] == kNoNode) return {};
  const NodeRec& n = s_->nodes[s_->shown[*i]];
  NodeView v;
  v.state = n.state;
  v.g = n.g / scale_;
  v.h = n.h / scale_;
  v.f = n.f / scale_;
  if (n.parent != kNoNode) v.parent = trace_->cell(n.parent);
  return v;
}

std::optional<Cell> TraceReplay::last_taken() const {
  const State& s = *s_;
  if (s.iterations() == 0) return std::nullopt;
  const ImportedEvent& e = trace_->events[s.expanding[static_cast<std::size_t>(s.iterations() - 1)]];
  if (e.node >= trace_->node_count()) return std::nullopt;
  return trace_->cell(e.node);
}

std::optional<Cell> TraceReplay::next_to_take() const {
  const State& s = *s_;
  const std::size_t k = static_cast<std::size_t>(s.iterations());
  if (finished(state()) || mid_iteration() || k >= s.expanding.size()) return std::nullopt;
  const ImportedEvent& e = trace_->events[s.expanding[k]];
  if (e.node >= trace_->node_count()) return std::nullopt;
  return trace_->cell(e.node);
}

const std::vector<Cell>& TraceReplay::last_relaxed() const { return s_->relaxed; }
std::size_t TraceReplay::open_size() const { return s_->open; }
std::int64_t TraceReplay::closed_count() const { return s_->closed; }
const SearchMetrics& TraceReplay::metrics() const { return s_->metrics; }

std::vector<Cell> TraceReplay::path() const {
  return finished(state()) ? s_->final_path : std::vector<Cell>{};
}

double TraceReplay::path_cost() const {
  return state() == SearchState::Found ? s_->final_cost : kInf;
}

std::vector<Cell> TraceReplay::path_to(Cell c) const {
  const auto i = shown_index(*level_, c);
  if (!i || s_->shown[*i] == kNoNode) return {};
  std::uint32_t n = s_->shown[*i];
  if (s_->nodes[n].state == NodeState::Unseen) return {};
  // Costs the path's length: the nodes on it are remembered, not every node's.
  std::unordered_set<std::uint32_t> on_path;
  std::vector<Cell> cells;
  for (; n < s_->nodes.size() && on_path.insert(n).second; n = s_->nodes[n].parent)
    cells.push_back(trace_->cell(n));
  std::reverse(cells.begin(), cells.end());
  return cells;
}

std::string TraceReplay::check_invariants() const {
  const State& s = *s_;
  std::size_t open = 0;
  std::int64_t closed = 0;
  for (const NodeRec& n : s.nodes) {
    open += n.state == NodeState::Open ? 1 : 0;
    closed += n.state == NodeState::Closed ? 1 : 0;
  }
  if (open != s.open) return "open_size " + std::to_string(s.open) + " != " + std::to_string(open);
  if (closed != s.closed)
    return "closed_count " + std::to_string(s.closed) + " != " + std::to_string(closed);
  const std::int64_t expanded = iteration_of_event(s.applied() == 0 ? 0 : s.applied() - 1);
  if (s.applied() > 0 && expanded != s.metrics.expanded)
    return "expanded " + std::to_string(s.metrics.expanded) + " != " + std::to_string(expanded);
  for (std::size_t i = 0; i < s.shown.size(); ++i)
    if (s.shown[i] != kNoNode && !(level_->cell(CellIndex(static_cast<std::uint32_t>(i))) ==
                                   trace_->cell(s.shown[i])))
      return "cell " + std::to_string(i) + " shows a node of another cell";
  return {};
}

}  // namespace astar
