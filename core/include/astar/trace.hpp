// The event trace of a search and its plain-language log, for the studio's log panel, class use
// and `astar trace`:
//
//   TraceRecorder rec;
//   auto s = make_search(level, rules, options, &rec);
//   rec.attach(*s);
//   s->run();
//   for (const TraceEvent& e : rec.events()) puts(describe(e, options.algorithm).c_str());
//
// One event per micro-step (Search::micro_step): the take of a node, or the examination of one of
// its moves, which relaxes the neighbour or skips it with the reason. The recorder follows the
// search through rewinds: steps undone and taken again (or replayed) are not recorded twice, and
// count_at(search) says how many events lead to where the search is now.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"
#include "astar/search.hpp"

namespace astar {

enum class TraceKind : std::uint8_t { Take, Relax, Skip, _Max };
std::string_view to_string(TraceKind k);  // "take", "relax", "skip"

// One event. Values that do not apply are +inf (cells: none); JSON writes them as null.
struct TraceEvent {
  static constexpr double kNone = std::numeric_limits<double>::infinity();

  TraceKind kind = TraceKind::Take;
  std::int64_t iteration = 0;  // 1-based: the iteration (take) the event belongs to
  Cell cell;                   // take: the taken cell; relax, skip: the neighbour examined
  std::optional<Cell> from;    // relax, skip: the taken cell whose move it is; take: none
  // take: the taken node's g, h, f and parent. relax: the neighbour's new g, h, f and parent
  // (parent: the node it is reached through; Theta*: possibly the taken cell's parent).
  // skip closed / not better: g and parent are those offered, h and f the neighbour's own.
  double g = kNone;
  double h = kNone;  // as the search uses it (scaled; 0 without a heuristic)
  double f = kNone;  // the priority the algorithm orders by (breadth-first: steps)
  std::optional<Cell> parent;
  // relax: the neighbour's g and parent before (+inf / none when it was unseen).
  // skip closed / not better: the neighbour's g and parent, which stay.
  double old_g = kNone;
  std::optional<Cell> old_parent;
  double cost = kNone;  // relax, skip: the move's cost, when the move is possible
  // skip: why. An impossible move has reason Impossible and the MoveBlock saying why.
  std::optional<SkipReason> reason;
  MoveBlock block = MoveBlock::None;
  bool goal = false;      // take: the taken cell is the goal (of its side): the search is found
  bool backward = false;  // bidirectional A*: the goal side's event (its g is cost to the goal)

  friend bool operator==(const TraceEvent&, const TraceEvent&) = default;
};

// "wall", "blocked edge", "climb too high", ... for impossible moves; "closed"; "not better".
// Empty for takes and relaxes.
std::string_view reason_text(const TraceEvent& e);

// The event as one line of plain language, numbers with two decimals, in the algorithm's terms:
//   took (4,3): f 9.41 = g 5.00 + h 4.41          (A*; Dijkstra: "f = g 5.00", greedy: "f = h
//                                                  4.41", weighted: "g 5.00 + 1.5 × h 4.41",
//                                                  breadth-first: "5 steps from the start")
//   (5,3): g ∞ → 6.00 via (4,3), added to open
//   (5,3): g 7.00 → 6.00 via (4,3), better path
//   (4,2): wall, skipped
//   (3,3): closed, skipped
//   (6,3): g 6.41 via (4,3) is not better than 6.00, skipped
// `weight` is weighted A*'s w. UTF-8 (∞, →, ×).
std::string describe(const TraceEvent& e, Algorithm algorithm, double weight = 1.0);

// JSON: an array with one object per event (one per line), every object with the same keys:
// iteration, kind, cell, from, g, h, f, parent, old_g, old_parent, cost, reason, goal, side.
// Cells are [x, y] or null, numbers null when they do not apply (or are infinite), reason is
// reason_text() or null, side "forward" or "backward". See docs/traces.md, "Trace JSON".
std::string to_json(const std::vector<TraceEvent>& events);
// Reads to_json's text back; messages read "source: [i].field: reason".
Result<std::vector<TraceEvent>> trace_from_json(std::string_view text, std::string_view source);

// Records every event of the search it is attached to.
class TraceRecorder final : public SearchListener {
 public:
  // The search that calls this recorder (made with it as its listener): the recorder reads
  // iteration numbers, the neighbour's h, f and parent from it. Call before its first step.
  void attach(const Search& search) { search_ = &search; }
  // Forgets every event (after a restart with other options, say).
  void clear();
  // Keeps at most n events (0: all); the rest are only counted in dropped().
  void set_limit(std::size_t n) { limit_ = n; }

  const std::vector<TraceEvent>& events() const { return events_; }
  std::int64_t dropped() const { return dropped_; }
  // How many of events() lead to where `search` is now: after steps back it is fewer than
  // events().size() (the events ahead are kept, for stepping forward again).
  std::size_t count_at(const Search& search) const;

  void on_take(Cell c, const NodeView& node) override;
  void on_relax(Cell from, Cell to, double old_g, double new_g,
                std::optional<Cell> old_parent) override;
  void on_skip(Cell from, const Move& move, SkipReason why) override;

 private:
  void keep(const TraceEvent& e);

  const Search* search_ = nullptr;
  std::vector<TraceEvent> events_;
  std::vector<std::size_t> takes_[2];  // per side (forward, backward): where its j-th take is
  std::size_t cursor_ = 0;       // where the next event goes (before the end when replaying)
  std::int64_t iteration_ = 0;   // of the event under way
  std::size_t limit_ = 0;
  std::int64_t dropped_ = 0;
};

}  // namespace astar
