// LPA* and D* Lite (replanning.hpp): keys, the queue, UpdateVertex, the steps, the views and
// the rewind log. Edits (apply_changes) are in replanning_repair.cpp.
#include "astar/replanning.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "astar/format.hpp"

namespace astar {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
// +inf as an exact cost: above every sum of moves that fits_exact_sums allows (< 2^61).
constexpr ExactCost kInfinite{std::int64_t{1} << 62, 0};
constexpr std::string_view kConsistencyNames[] = {"consistent", "over-consistent",
                                                  "under-consistent"};

double shown(ExactCost c) { return c.a >= kInfinite.a ? kInf : c.value(); }
}  // namespace

std::string_view to_string(Consistency c) { return kConsistencyNames[static_cast<int>(c)]; }

int compare(const QueueKey& a, const QueueKey& b) {
  const int k1 = compare(a.k1, b.k1);
  return k1 != 0 ? k1 : compare(a.k2, b.k2);
}

const ReplanningSearch* as_replanning(const Search& s) {
  return dynamic_cast<const ReplanningSearch*>(&s);
}
ReplanningSearch* as_replanning(Search& s) { return dynamic_cast<ReplanningSearch*>(&s); }

bool ReplanningSearch::infinite(ExactCost c) { return c.a >= kInfinite.a; }

// [SECTION] Keys

// h between two cells, as BestFirstSearch::h_of computes it towards its goal: the heuristic
// distance times h_units (octile keeps its sqrt 2 part apart; Euclidean rounded down; with "3d"
// steps the 3D distance, shrunk by 3 units a unit and rounded down).
ExactCost ReplanningSearch::h_between(Cell c, Cell t) const {
  const std::int64_t u = sc_.h_units;
  if (u == 0) return {};
  if (height_h_) {
    const double dh = std::abs(static_cast<double>(level_.height_at(c)) - level_.height_at(t));
    const double flat = heuristic_distance(level_, options_.heuristic, c, t);
    const double h = std::floor((static_cast<double>(u) - 3.0) * std::hypot(flat, dh));
    return {h > 0 ? static_cast<std::int64_t>(h) : 0, 0};
  }
  const std::int64_t ddx = std::abs(c.x - t.x), ddy = std::abs(c.y - t.y);
  const std::int64_t lo = std::min(ddx, ddy), hi = std::max(ddx, ddy);
  switch (options_.heuristic) {
    case Heuristic::Manhattan: return {(ddx + ddy) * u, 0};
    case Heuristic::Euclidean:
      return {static_cast<std::int64_t>(std::floor(
                  static_cast<double>(u) * std::sqrt(static_cast<double>(ddx * ddx + ddy * ddy)))),
              0};
    case Heuristic::Octile: return {(hi - lo) * u, lo * u};
    case Heuristic::Chebyshev: return {hi * u, 0};
    case Heuristic::Hex:
      if (const std::optional<HexLayout> hex = level_.hex_layout())
        return {hex_distance(*hex, c, t) * u, 0};
      break;
    case Heuristic::Zero:
    case Heuristic::_Max: break;
  }
  return {};
}

ExactCost ReplanningSearch::h_of(std::uint32_t i) const {
  if (sc_.target == kNone) return {};  // an Invalid search has no target
  return h_between(cell_of(i), cell_of(sc_.target));
}

// [min(g, rhs) + h + km; min(g, rhs)]; [inf; inf] for a cell with neither.
QueueKey ReplanningSearch::calculate_key(std::uint32_t i) const {
  const Vertex& v = vertices_[i];
  const ExactCost m = compare(v.g, v.rhs) <= 0 ? v.g : v.rhs;
  if (infinite(m)) return {kInfinite, kInfinite};
  return {m + h_of(i) + sc_.km, m};
}

QueueKey ReplanningSearch::key_of(Cell c) const { return calculate_key(index_of(c)); }

// [SECTION] The queue: a binary heap with each cell's position

// The key first, then the insertion number: equal keys are popped first in, first out.
bool ReplanningSearch::before(const HeapEntry& a, const HeapEntry& b) const {
  const int k = compare(a.key, b.key);
  return k != 0 ? k < 0 : a.seq < b.seq;
}

void ReplanningSearch::place(std::size_t pos, const HeapEntry& e) {
  heap_[pos] = e;
  vertices_[e.cell].heap_pos = static_cast<std::uint32_t>(pos);
}

void ReplanningSearch::sift_up(std::size_t pos) {
  const HeapEntry e = heap_[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / 2;
    if (!before(e, heap_[parent])) break;
    place(pos, heap_[parent]);
    pos = parent;
  }
  place(pos, e);
}

void ReplanningSearch::sift_down(std::size_t pos) {
  const HeapEntry e = heap_[pos];
  for (;;) {
    std::size_t child = 2 * pos + 1;
    if (child >= heap_.size()) break;
    if (child + 1 < heap_.size() && before(heap_[child + 1], heap_[child])) ++child;
    if (!before(heap_[child], e)) break;
    place(pos, heap_[child]);
    pos = child;
  }
  place(pos, e);
}

// Queues cell i with this key and insertion number, or moves its entry there.
void ReplanningSearch::queue_set(std::uint32_t i, const QueueKey& key, std::uint32_t seq) {
  const std::uint32_t pos = vertices_[i].heap_pos;
  if (pos == kNone) {
    heap_.push_back({key, seq, i});
    place(heap_.size() - 1, heap_.back());
    sift_up(heap_.size() - 1);
    return;
  }
  heap_[pos].key = key;
  heap_[pos].seq = seq;
  sift_up(pos);
  sift_down(vertices_[i].heap_pos);
}

void ReplanningSearch::queue_remove(std::uint32_t i) {
  const std::uint32_t pos = vertices_[i].heap_pos;
  if (pos == kNone) return;
  vertices_[i].heap_pos = kNone;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (pos == heap_.size()) return;
  place(pos, last);
  sift_up(pos);
  sift_down(vertices_[last.cell].heap_pos);
}

// [SECTION] Cell changes, logged for step_back

void ReplanningSearch::save(std::uint32_t i) {
  if (!recording_ || records_.empty()) return;
  const Vertex& v = vertices_[i];
  Saved s{i, v, std::nullopt};
  if (v.heap_pos != kNone) s.entry = heap_[v.heap_pos];
  changes_.push_back(s);
}

// Cell i's g or rhs changed: the current repair has touched it.
void ReplanningSearch::touch(std::uint32_t i) {
  if (touch_stamp_[i] == sc_.repair.number) return;
  touched_.push_back({i, touch_stamp_[i]});
  touch_stamp_[i] = sc_.repair.number;
}

void ReplanningSearch::set_g(std::uint32_t i, ExactCost g) {
  if (vertices_[i].g == g) return;
  save(i);
  vertices_[i].g = g;
  touch(i);
}

void ReplanningSearch::set_rhs(std::uint32_t i, ExactCost rhs, std::uint32_t parent) {
  Vertex& v = vertices_[i];
  if (v.rhs == rhs && v.parent == parent) return;
  save(i);
  const bool changed = !(v.rhs == rhs);
  const ExactCost old_rhs = v.rhs;
  const std::uint32_t old_parent = v.parent;
  v.rhs = rhs;
  v.parent = parent;
  if (!changed) return;
  touch(i);
  last_relaxed_.push_back(cell_of(i));
  // Told after the change, so that node(c) shows the new values (the trace reads them).
  if (listener_ && mid_)
    listener_->on_relax(cell_of(sc_.last_taken), cell_of(i), shown(old_rhs), shown(rhs),
                        old_parent == kNone ? std::nullopt : std::optional(cell_of(old_parent)));
}

// Calls fn(const Move&) for the moves rhs(i) looks at: LPA* the moves entering i (m.to the
// cell it leaves), D* Lite the moves leaving i. m.exact is the move's cost either way.
template <class Fn>
void ReplanningSearch::for_each_rhs_move(std::uint32_t i, Fn&& fn) const {
  if (dstar_)
    policy_.for_each_move(cell_of(i), fn);
  else
    policy_.for_each_move_into(cell_of(i), fn);
}

// rhs(i) = min over its rhs moves of g(other end) + cost (0 at the source; inf in a solid
// cell). The parent is the neighbour giving the minimum: the current parent when it still
// does (as A* keeps a parent until a strictly better one comes), else the first in kAllDirs
// order.
void ReplanningSearch::recompute_rhs(std::uint32_t i) {
  if (i == sc_.source) return set_rhs(i, ExactCost{}, kNone);
  ExactCost best = kInfinite, via_parent = kInfinite;
  std::uint32_t parent = kNone;
  const std::uint32_t old_parent = vertices_[i].parent;
  if (!level_.solid(cell_of(i)))
    for_each_rhs_move(i, [&](const Move& m) {
      if (!m.possible()) return;
      const std::uint32_t j = index_of(m.to);
      if (infinite(vertices_[j].g)) return;
      const ExactCost offer = vertices_[j].g + m.exact;
      if (j == old_parent) via_parent = offer;
      if (compare(offer, best) < 0) {
        best = offer;
        parent = j;
      }
    });
  if (!infinite(best) && via_parent == best) parent = old_parent;
  set_rhs(i, best, parent);
}

// The queue part of UpdateVertex: an inconsistent cell is queued (or re-keyed) with its key, a
// consistent one leaves the queue. A re-keyed cell keeps its insertion number.
void ReplanningSearch::update_vertex(std::uint32_t i) {
  Vertex& v = vertices_[i];
  const bool consistent = v.g == v.rhs;
  if (consistent && v.heap_pos == kNone) return;
  save(i);
  SearchMetrics& m = sc_.metrics;
  ++m.heap_ops;
  if (consistent) return queue_remove(i);
  if (v.heap_pos != kNone) {
    ++m.improved;
    return queue_set(i, calculate_key(i), heap_[v.heap_pos].seq);
  }
  if (!v.seen) {
    v.seen = true;
    ++sc_.seen;
    ++m.generated;
  }
  queue_set(i, calculate_key(i), sc_.next_seq++);
}

// Every queued key recomputed (h was scaled down: the old keys could be too high).
void ReplanningSearch::rekey_queue() {
  std::vector<std::uint32_t> queued;
  for (const HeapEntry& e : heap_) queued.push_back(e.cell);
  for (std::uint32_t i : queued) {
    save(i);
    queue_set(i, calculate_key(i), heap_[vertices_[i].heap_pos].seq);
  }
}

// [SECTION] Steps

SearchState ReplanningSearch::step() {
  if (sc_.state != SearchState::InProgress) return sc_.state;
  if (!mid_ && !take()) return sc_.state;
  while (mid_) micro_step();
  return sc_.state;
}

SearchState ReplanningSearch::micro_step() {
  if (sc_.state != SearchState::InProgress) return sc_.state;
  if (!mid_) {
    take();
    return sc_.state;
  }
  examine(moves_[examined_++]);
  if (examined_ == moves_.size()) finish_iteration();
  return sc_.state;
}

// Pops the queue's first cell (a step's first micro-step). True when its moves follow.
bool ReplanningSearch::take() {
  begin_record(nullptr);
  last_relaxed_.clear();
  const std::uint32_t u = heap_.front().cell;
  const QueueKey k_old = heap_.front().key;
  ++sc_.metrics.expanded;
  ++sc_.repair.expanded;
  sc_.last_taken = u;
  sc_.took_moves = false;
  moves_.clear();
  examined_ = 0;
  moves_stale_ = false;
  if (listener_) listener_->on_take(cell_of(u), node(cell_of(u)));
  const QueueKey k_new = calculate_key(u);
  Vertex& v = vertices_[u];
  if (compare(k_old, k_new) < 0) {  // queued before km grew: back with its key
    save(u);
    ++sc_.metrics.heap_ops;
    queue_set(u, k_new, heap_[v.heap_pos].seq);
    finish_iteration();
    return false;
  }
  under_ = compare(v.g, v.rhs) < 0;
  g_old_ = v.g;
  if (!under_) {
    set_g(u, v.rhs);  // over-consistent: made consistent
    update_vertex(u);  // leaves the queue
  } else {
    set_g(u, kInfinite);  // under-consistent: g to inf, then u is updated itself
    recompute_rhs(u);
    update_vertex(u);
  }
  collect_moves(u);
  sc_.took_moves = true;
  mid_ = true;
  if (moves_.empty()) finish_iteration();
  return mid_;
}

// The moves whose other ends hear about the taken cell's new g: LPA* its successors (the
// moves leaving it), D* Lite its predecessors (the moves entering it).
void ReplanningSearch::collect_moves(std::uint32_t i) const {
  moves_.clear();
  auto add = [&](const Move& m) { moves_.push_back(m); };
  if (dstar_)
    policy_.for_each_move_into(cell_of(i), add);
  else
    policy_.for_each_move(cell_of(i), add);
  moves_stale_ = false;
}

// One UpdateVertex: the cell at the move's other end. LPA* recomputes its rhs; D* Lite (the
// optimised version) lowers it to g(u) + cost after an over-consistent pop, and recomputes it
// after an under-consistent one only when u gave it its value.
void ReplanningSearch::examine(const Move& m) {
  const Cell from = cell_of(sc_.last_taken);
  if (!m.possible()) {
    if (listener_) listener_->on_skip(from, m, SkipReason::Impossible);
    return;
  }
  const std::uint32_t s = index_of(m.to);
  const std::size_t relaxed = last_relaxed_.size();
  if (s != sc_.source) {
    const Vertex& v = vertices_[s];
    const std::uint32_t u = sc_.last_taken;
    if (!dstar_) {
      recompute_rhs(s);
    } else if (!under_) {
      const ExactCost offer = vertices_[u].g + m.exact;
      if (compare(offer, v.rhs) < 0) set_rhs(s, offer, u);
    } else if (!infinite(g_old_) && v.rhs == g_old_ + m.exact) {
      recompute_rhs(s);
    }
  }
  update_vertex(s);
  if (listener_ && last_relaxed_.size() == relaxed) listener_->on_skip(from, m, SkipReason::NotBetter);
}

void ReplanningSearch::finish_iteration() {
  mid_ = false;
  settle_state();
}

// ComputeShortestPath's loop test: it ends when the queue is empty, or when no queued key is
// below the target's and the target is consistent.
bool ReplanningSearch::loop_done() const {
  if (heap_.empty()) return true;
  const Vertex& t = vertices_[sc_.target];
  return compare(heap_.front().key, calculate_key(sc_.target)) >= 0 && t.g == t.rhs;
}

// The state after a step or a repair (not for an Invalid search).
void ReplanningSearch::settle_state() {
  if (loop_done())
    sc_.state = infinite(vertices_[sc_.target].g) ? SearchState::NoPath : SearchState::Found;
  else if (options_.max_iterations > 0 && sc_.metrics.expanded >= options_.max_iterations)
    sc_.state = SearchState::IterationLimit;
  else
    sc_.state = SearchState::InProgress;
}

// [SECTION] Rewind

void ReplanningSearch::begin_record(std::shared_ptr<const Level> level_before) {
  if (!recording_) return;
  records_.push_back({sc_, message_, changes_.size(), touched_.size(), last_relaxed_,
                      std::move(level_before)});
}

void ReplanningSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

bool ReplanningSearch::step_back() {
  if (records_.empty()) return false;
  undo_record();
  return true;
}

// Puts every cell the last record changed back (newest change first), then its counters, its
// level (a repair) and the touched cells.
void ReplanningSearch::undo_record() {
  Record& r = records_.back();
  for (std::size_t k = changes_.size(); k-- > r.first_change;) {
    const Saved& s = changes_[k];
    queue_remove(s.cell);
    vertices_[s.cell] = s.before;
    vertices_[s.cell].heap_pos = kNone;
    if (s.entry) queue_set(s.cell, s.entry->key, s.entry->seq);
  }
  changes_.resize(r.first_change);
  while (touched_.size() > r.touched_before) {
    touch_stamp_[touched_.back().cell] = touched_.back().old_stamp;
    touched_.pop_back();
  }
  if (r.level_before) {
    level_ = *r.level_before;
    policy_ = MovePolicy(level_, rules_);
  }
  sc_ = r.before;
  message_ = std::move(r.message_before);
  last_relaxed_ = std::move(r.relaxed_before);
  records_.pop_back();
  mid_ = false;
  moves_.clear();
  moves_stale_ = sc_.took_moves;
  examined_ = 0;
}

std::size_t ReplanningSearch::recording_bytes() const {
  std::size_t levels = 0;
  for (const Record& r : records_)
    if (r.level_before) levels += static_cast<std::size_t>(r.level_before->cell_count()) * 16;
  return records_.capacity() * sizeof(Record) + changes_.capacity() * sizeof(Saved) + levels;
}

// [SECTION] Views

std::span<const Move> ReplanningSearch::taken_moves() const {
  if (moves_stale_) collect_moves(sc_.last_taken);
  return moves_;
}

std::size_t ReplanningSearch::examined() const {
  if (mid_) return examined_;
  return taken_moves().size();
}

ReplanVertex ReplanningSearch::vertex(Cell c) const {
  const Vertex& v = vertices_[index_of(c)];
  ReplanVertex out;
  out.g = shown(v.g);
  out.rhs = shown(v.rhs);
  const int k = compare(v.g, v.rhs);
  out.consistency = k == 0  ? Consistency::Consistent
                    : k > 0 ? Consistency::OverConsistent
                            : Consistency::UnderConsistent;
  if (v.heap_pos != kNone) out.key = heap_[v.heap_pos].key;
  if (v.parent != kNone) out.parent = cell_of(v.parent);
  return out;
}

NodeView ReplanningSearch::node(Cell c) const {
  if (!level_.in_bounds(c) || vertices_.empty()) return {};
  const std::uint32_t i = index_of(c);
  const Vertex& v = vertices_[i];
  NodeView n;
  n.state = v.heap_pos != kNone ? NodeState::Open : v.seen ? NodeState::Closed : NodeState::Unseen;
  n.g = shown(compare(v.g, v.rhs) <= 0 ? v.g : v.rhs);
  n.h = sc_.target == kNone ? 0.0 : h_of(i).value();
  n.f = sc_.target == kNone ? kInf : shown(calculate_key(i).k1);
  if (v.parent != kNone) n.parent = cell_of(v.parent);
  return n;
}

std::vector<QueueEntry> ReplanningSearch::queue_top(std::size_t n) const {
  std::vector<HeapEntry> sorted = heap_;
  n = std::min(n, sorted.size());
  std::partial_sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(n), sorted.end(),
                    [&](const HeapEntry& a, const HeapEntry& b) { return before(a, b); });
  std::vector<QueueEntry> out;
  for (std::size_t k = 0; k < n; ++k) out.push_back({cell_of(sorted[k].cell), sorted[k].key});
  return out;
}

std::optional<Cell> ReplanningSearch::last_taken() const {
  if (sc_.last_taken == kNone) return std::nullopt;
  return cell_of(sc_.last_taken);
}

std::optional<Cell> ReplanningSearch::next_to_take() const {
  if (sc_.state != SearchState::InProgress || mid_ || heap_.empty()) return std::nullopt;
  return cell_of(heap_.front().cell);
}

std::int64_t ReplanningSearch::closed_count() const {
  return sc_.seen - static_cast<std::int64_t>(heap_.size());
}

Cell ReplanningSearch::source() const { return dstar_ ? level_.goal() : level_.start(); }
Cell ReplanningSearch::target() const { return dstar_ ? level_.start() : level_.goal(); }

// Cell i, then its parent, its parent's parent, ... (at most one visit a cell).
std::vector<Cell> ReplanningSearch::chain(std::uint32_t from) const {
  std::vector<Cell> out;
  if (from == kNone || infinite(vertices_[from].rhs)) return out;
  for (std::uint32_t i = from; i != kNone && out.size() <= vertices_.size();
       i = vertices_[i].parent)
    out.push_back(cell_of(i));
  return out;
}

std::vector<Cell> ReplanningSearch::path() const {
  if (sc_.state != SearchState::Found) return {};
  std::vector<Cell> out = chain(sc_.target);
  if (!dstar_) std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Cell> ReplanningSearch::path_to(Cell c) const {
  if (!level_.in_bounds(c) || vertices_.empty()) return {};
  std::vector<Cell> out = chain(index_of(c));
  if (!dstar_) std::reverse(out.begin(), out.end());
  return out;
}

double ReplanningSearch::path_cost() const {
  return sc_.state == SearchState::Found ? shown(vertices_[sc_.target].g) : kInf;
}

RepairStats ReplanningSearch::repair() const {
  RepairStats r = sc_.repair;
  r.cells_updated = static_cast<std::int64_t>(touched_.size() - sc_.repair_begin);
  return r;
}

std::vector<Cell> ReplanningSearch::repair_cells() const {
  std::vector<Cell> out;
  for (std::size_t k = sc_.repair_begin; k < touched_.size(); ++k)
    out.push_back(cell_of(touched_[k].cell));
  return out;
}

// [SECTION] Invariants

std::string ReplanningSearch::check_invariants() const {
  if (sc_.state == SearchState::Invalid) return {};
  if (std::string why = check_heap(); !why.empty()) return why;
  for (std::uint32_t i = 0; i < vertices_.size(); ++i)
    if (std::string why = check_vertex(i); !why.empty()) return cell_text(cell_of(i)) + ": " + why;
  if (!mid_ && sc_.state != SearchState::InProgress && sc_.state != SearchState::IterationLimit &&
      !loop_done())
    return "the search ended before its loop test holds";
  return {};
}

std::string ReplanningSearch::check_heap() const {
  for (std::size_t p = 0; p < heap_.size(); ++p) {
    if (vertices_[heap_[p].cell].heap_pos != p) return "a queue position is wrong";
    if (p > 0 && before(heap_[p], heap_[(p - 1) / 2])) return "the queue is out of order";
  }
  return {};
}

// rhs is its neighbours' minimum (except the moves the step under way has not examined yet),
// and the cell is queued exactly when inconsistent, with a key no higher than its current one.
std::string ReplanningSearch::check_vertex(std::uint32_t i) const {
  const Vertex& v = vertices_[i];
  const bool queued = v.heap_pos != kNone;
  if (queued != !(v.g == v.rhs)) return queued ? "queued but consistent" : "inconsistent, not queued";
  if (queued && compare(heap_[v.heap_pos].key, calculate_key(i)) > 0)
    return "queued with a key above its current key";
  if (mid_) {
    for (std::size_t k = examined_; k < moves_.size(); ++k)
      if (moves_[k].possible() && index_of(moves_[k].to) == i) return {};
  }
  ExactCost best = kInfinite;
  if (i == sc_.source) best = {};
  else if (!level_.solid(cell_of(i)))
    for_each_rhs_move(i, [&](const Move& m) {
      if (!m.possible() || infinite(vertices_[index_of(m.to)].g)) return;
      const ExactCost offer = vertices_[index_of(m.to)].g + m.exact;
      if (compare(offer, best) < 0) best = offer;
    });
  if (!(best == v.rhs)) return "rhs " + fixed2_text(shown(v.rhs)) + " is not " + fixed2_text(shown(best));
  if (v.parent != kNone && !infinite(v.rhs) && !(vertices_[v.parent].g + 
      [&] {
        ExactCost c = kInfinite;
        for_each_rhs_move(i, [&](const Move& m) {
          if (m.possible() && index_of(m.to) == v.parent) c = m.exact;
        });
        return c;
      }() == v.rhs))
    return "its parent does not give rhs its value";
  return {};
}

}  // namespace astar
