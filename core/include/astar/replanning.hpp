// Live replanning: LPA* and D* Lite (S. Koenig, M. Likhachev, "Lifelong Planning A*", AIJ 2004;
// "D* Lite", AAAI 2002). A search that survives edits to its level: after walls, costs, heights,
// edges, shapes or the endpoints change, apply_changes() updates only the cells whose moves
// changed, and stepping on repairs the rest. Made by make_search for Algorithm::LpaStar and
// Algorithm::DStarLite, or directly:
//
//   ReplanningSearch s(level, level.rules(), {.algorithm = Algorithm::LpaStar});
//   s.run();                                  // an ordinary search, start to goal
//   Level edited = level;  edited.set_wall({4, 2}, true);
//   if (Status ok = s.apply_changes(edited); !ok) show(ok.error());
//   while (s.step() == SearchState::InProgress) { /* draw s.vertex(c), s.queue_top(8), ... */ }
//   use(s.path(), s.path_cost(), s.repair().cells_updated);
//
// The level. Unlike the other searches, a replanning search owns a copy of its level (without
// options.ignore_shapes): level() is that copy, and only apply_changes() changes it. Until the
// first apply_changes, restart() copies the level given at construction again (which must then
// outlive the search, as for every search), so that a caller that moves the endpoints and
// restarts (astar bench) works as with the others; after it, restart() searches level() from
// scratch. The movement rules stay those given at construction (an edited level's own rules
// are ignored).
//
// Each cell u has g(u), its cost as last made consistent, and rhs(u), the one-move lookahead
// min over its neighbours v of g(v) + cost of the move between them (0 at the search's source).
// A cell is locally consistent when g == rhs, over-consistent when g > rhs (a better path was
// found), under-consistent when g < rhs (its path got dearer). The queue holds exactly the
// inconsistent cells, ordered by the key [k1; k2] = [min(g, rhs) + h + km; min(g, rhs)], exactly
// (ExactCost), then by insertion number (first in first). One step = one queue pop:
//   - a key older than the cell's current key (km grew since) is re-queued with the new one;
//   - an over-consistent cell gets g = rhs, then each of its moves updates the cell at its
//     other end (UpdateVertex: rhs recomputed, the cell queued, re-keyed or dropped);
//   - an under-consistent cell gets g = inf and is updated itself, then its moves' cells.
// The take is one micro-step and each move's UpdateVertex one more (taken_moves()).
// Stepping ends when no queued key is below the target's key and the target is consistent
// (LPA*'s test, used by both): then g(target) is the cost of the best path.
//
//   LPA*:    source = start, target = goal; g is the cost from the start; rhs looks at the
//            moves entering a cell; parents point towards the start.
//   D* Lite: source = goal, target = start (the agent); g is the cost to the goal; rhs looks
//            at the moves leaving a cell; parents point towards the goal (the agent's next
//            cell). Its rhs updates are the optimised ones (Fig. 4 of the D* Lite paper).
// h is the distance to the target, scaled as in BestFirstSearch (so LPA* without edits keeps
// A*'s keys exactly). When the target moves (D* Lite's agent walks; LPA*'s goal is moved), the
// queued keys are not recomputed: km grows by h(old target, new target) (plus 2 micro-units for
// the rounded Euclidean and 3D heuristics), so they stay lower bounds, and a popped key older
// than its cell's key is re-queued. When a cost edit lowers the cheapest cost per distance, h
// is scaled down and every queued key recomputed; h is never scaled up during a search's life.
//
// Views: node(c) shows g = min(g, rhs), the g its key orders by (+inf when unknown; for LPA*
// without edits exactly A*'s g, tentative or final), h, f = k1 of its current key, and the
// parent, the neighbour that gives rhs its value; vertex(c) has g and rhs apart. A queued cell is Open; a cell that has been
// queued and is not now is Closed; the rest are Unseen. on_relax reports a change of rhs (the
// value a queued cell is ordered by), on_skip an impossible move (Impossible) or an rhs left as
// it was (NotBetter).
//
// Rewind (recording on): each step and each repair keeps every cell value it changes (g, rhs,
// parent, queue entry) and the search's counters, and a repair keeps the level before it, so
// step_back() restores the state before it exactly, across repairs too (level included).
// Steps undone are not kept for replay (stepping again recomputes them), and a repair undone
// is gone: seek() back across a repair puts the level before it back, and stepping forward
// from there searches that level (to redo an edit, apply it again).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"

namespace astar {

// A cell's local consistency: g == rhs, g > rhs, g < rhs.
enum class Consistency : std::uint8_t { Consistent, OverConsistent, UnderConsistent };
std::string_view to_string(Consistency c);  // "consistent", "over-consistent", ...

struct QueueKey {
  ExactCost k1, k2;  // k1 = min(g, rhs) + h + km, k2 = min(g, rhs)
};
// -1, 0 or 1 as key a comes before, ties with or comes after key b (k1 first, then k2).
int compare(const QueueKey& a, const QueueKey& b);

// What a replanning search knows about one cell.
struct ReplanVertex {
  double g = 0.0;    // +inf when unknown
  double rhs = 0.0;  // +inf when no neighbour offers a path
  Consistency consistency = Consistency::Consistent;
  std::optional<QueueKey> key;  // the key it is queued with (none: not queued)
  std::optional<Cell> parent;   // the neighbour that gives rhs its value
};

struct QueueEntry {
  Cell cell;
  QueueKey key;
};

// One repair: what apply_changes was told and what it and the steps since have done. The
// search from scratch counts as repair 0.
struct RepairStats {
  std::int64_t number = 0;            // 0: the first search; then 1, 2, ...
  std::int64_t changed_cells = 0;     // cells named by the edit (or found by comparing levels)
  std::int64_t vertices_updated = 0;  // UpdateVertex calls the edit itself made
  std::int64_t expanded = 0;          // queue pops since the repair began
  std::int64_t cells_updated = 0;     // distinct cells whose g or rhs changed since it began
};

class ReplanningSearch final : public Search {
 public:
  // options.algorithm is Algorithm::LpaStar or Algorithm::DStarLite.
  ReplanningSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                   SearchListener* listener = nullptr);
  ReplanningSearch(const ReplanningSearch&) = delete;
  ReplanningSearch& operator=(const ReplanningSearch&) = delete;

  // [SECTION] Repairs
  // The level is now `edited` (same size; its rules are ignored); `changed` lists every cell
  // where something changed (wall, cost, height, agent, an edge leaving it; for a shape, every
  // cell its old and new bounds cover, widened by the agent radius). The endpoints are compared
  // by the search itself. Updates the cells whose moves changed (and the old and new source),
  // moves the target (km), and leaves the rest to stepping. An iteration under way is finished
  // first. An error (nothing changed) for a level of another size or a changed cell outside it.
  Status apply_changes(const Level& edited, std::span<const Cell> changed);
  // The same, the changed cells found by comparing the two levels (O(cells)).
  Status apply_changes(const Level& edited);
  // The repair under way (or the last one), counted so far.
  RepairStats repair() const;
  // The cells whose g or rhs the current repair has changed so far, in the order first changed.
  std::vector<Cell> repair_cells() const;

  // [SECTION] What the studio shows
  ReplanVertex vertex(Cell c) const;
  // The first n queue entries in the order they would be popped.
  std::vector<QueueEntry> queue_top(std::size_t n) const;
  // The key c would be queued with now.
  QueueKey key_of(Cell c) const;
  ExactCost km() const { return sc_.km; }
  // Whether an exact g, rhs or key part stands for infinity (no path known).
  static bool infinite(ExactCost c);
  Cell source() const;  // LPA*: the start; D* Lite: the goal
  Cell target() const;  // LPA*: the goal; D* Lite: the start
  bool backward() const { return dstar_; }  // D* Lite: g is the cost to the goal

  // [SECTION] Search
  void restart() override;
  SearchState step() override;
  SearchState micro_step() override;
  bool mid_iteration() const override { return mid_; }
  std::span<const Move> taken_moves() const override;
  std::size_t examined() const override;
  SearchState state() const override { return sc_.state; }
  const std::string& message() const override { return message_; }
  const SearchOptions& options() const override { return options_; }
  const Level& level() const override { return level_; }
  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override { return last_relaxed_; }
  std::size_t open_size() const override { return heap_.size(); }
  std::int64_t closed_count() const override;
  const SearchMetrics& metrics() const override { return sc_.metrics; }
  // Start to goal inclusive when Found, following parents from the target.
  std::vector<Cell> path() const override;
  // LPA*: start to c; D* Lite: c to the goal (its parents lead there). Empty when rhs(c) = inf.
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;
  void set_recording(bool on) override;
  bool recording() const override { return recording_; }
  bool can_step_back() const override { return !records_.empty(); }
  // Undoes the last step or repair.
  bool step_back() override;
  std::size_t recording_bytes() const override;
  std::string check_invariants() const override;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Vertex {
    ExactCost g, rhs;  // kInfinite when unknown
    std::uint32_t parent = kNone;
    std::uint32_t heap_pos = kNone;  // index into heap_ while queued
    bool seen = false;               // has been queued
  };
  struct HeapEntry {
    QueueKey key;
    std::uint32_t seq;
    std::uint32_t cell;
  };
  // A cell's values before a change, for step_back.
  struct Saved {
    std::uint32_t cell;
    Vertex before;
    std::optional<HeapEntry> entry;  // its queue entry before
  };
  // Everything else a step or a repair changes.
  struct Scalars {
    SearchState state = SearchState::InProgress;
    SearchMetrics metrics;
    std::uint32_t next_seq = 0;
    std::uint32_t last_taken = kNone;
    bool took_moves = false;  // the last step examined the taken cell's moves
    std::uint32_t source = kNone, target = kNone;
    ExactCost km;
    std::int64_t h_units = 0;
    std::int64_t seen = 0;
    RepairStats repair;
    std::size_t repair_begin = 0;  // into touched_
  };
  struct Record {
    Scalars before;
    std::string message_before;
    std::size_t first_change;
    std::size_t touched_before;
    std::vector<Cell> relaxed_before;
    std::shared_ptr<const Level> level_before;  // repairs only
  };
  struct Touch {
    std::uint32_t cell;
    std::int64_t old_stamp;
  };

  // replanning.cpp: keys, the queue, UpdateVertex, the steps.
  ExactCost h_between(Cell a, Cell b) const;
  ExactCost h_of(std::uint32_t i) const;
  QueueKey calculate_key(std::uint32_t i) const;
  bool before(const HeapEntry& a, const HeapEntry& b) const;
  void place(std::size_t pos, const HeapEntry& e);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void queue_set(std::uint32_t i, const QueueKey& key, std::uint32_t seq);
  void queue_remove(std::uint32_t i);
  void save(std::uint32_t i);
  void touch(std::uint32_t i);
  void set_g(std::uint32_t i, ExactCost g);
  void set_rhs(std::uint32_t i, ExactCost rhs, std::uint32_t parent);
  void recompute_rhs(std::uint32_t i);
  void update_vertex(std::uint32_t i);
  void rekey_queue();
  Cell cell_of(std::uint32_t i) const { return level_.cell(CellIndex(i)); }
  std::uint32_t index_of(Cell c) const { return to_u32(level_.index(c)); }
  template <class Fn>
  void for_each_rhs_move(std::uint32_t i, Fn&& fn) const;
  void collect_moves(std::uint32_t i) const;
  bool take();
  void examine(const Move& m);
  void finish_iteration();
  bool loop_done() const;
  void settle_state();
  void begin_record(std::shared_ptr<const Level> level_before);
  void undo_record();
  std::vector<Cell> chain(std::uint32_t from) const;
  // replanning_repair.cpp: edits.
  std::string check_level(const Level& level) const;
  std::int64_t heuristic_units(const MovePolicy& policy) const;
  void init_source();
  void reset_vertices();
  void repair_moves(const MovePolicy& before, std::span<const Cell> changed);
  void update_changed(const MovePolicy& before, std::span<const Cell> changed);
  void move_target(std::uint32_t new_target);
  void move_source(std::uint32_t new_source);
  std::string check_heap() const;
  std::string check_vertex(std::uint32_t i) const;

  SearchOptions options_;
  MovementRules rules_;
  SearchListener* listener_;
  bool dstar_;
  bool height_h_ = false;   // h measures in 3D (as BestFirstSearch's h_with_height)
  bool exact_h_ = true;     // h obeys the triangle inequality exactly (not rounded)
  const Level* origin_;  // the level given at construction, until the first apply_changes
  Level level_;
  MovePolicy policy_;
  std::vector<Vertex> vertices_;
  std::vector<HeapEntry> heap_;
  Scalars sc_;
  std::string message_;
  std::vector<Cell> last_relaxed_;
  // The iteration under way: the taken cell's moves and how many are examined.
  mutable std::vector<Move> moves_;
  mutable bool moves_stale_ = false;
  std::size_t examined_ = 0;
  bool mid_ = false;
  ExactCost g_old_;  // the taken cell's g before an under-consistent pop (D* Lite's test)
  bool under_ = false;  // the take was under-consistent
  // The cells each repair touched: touched_[sc_.repair_begin, end) for the current one.
  std::vector<Touch> touched_;
  std::vector<std::int64_t> touch_stamp_;  // per cell: the repair that last touched it, or -1
  bool recording_ = false;
  std::vector<Record> records_;
  std::vector<Saved> changes_;
};

// The replanning view of a search, when it is one (null otherwise).
const ReplanningSearch* as_replanning(const Search& s);
ReplanningSearch* as_replanning(Search& s);

}  // namespace astar
