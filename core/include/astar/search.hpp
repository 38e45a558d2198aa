// Steppable best-first grid search (A*, and Dijkstra with the zero heuristic).
//
//   AStarSearch s(level, {.heuristic = Heuristic::Octile});
//   while (s.step() == SearchState::InProgress) { /* draw s.node(c), s.last_taken(), ... */ }
//   if (s.state() == SearchState::Found) use(s.path(), s.path_cost());
//
// One iteration (step) = take the open node with the lowest f, test it for the goal, relax its
// neighbours. run() is a loop over step(): there is one search loop. Reading never changes the
// search. The level must outlive the search and not change while it runs (restart after edits).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/moves.hpp"

namespace astar {

enum class Heuristic : std::uint8_t { Manhattan, Euclidean, Octile, Chebyshev, Zero, _Max };
std::string_view to_string(Heuristic h);
std::optional<Heuristic> parse_heuristic(std::string_view name);
// Unscaled distance estimate between two cells.
double heuristic_distance(Heuristic h, Cell a, Cell b);
// True when the heuristic never overestimates the geometric step length under these neighbours
// (Manhattan overestimates diagonal steps).
bool admissible(Heuristic h, Neighbours n);

enum class SearchState : std::uint8_t {
  InProgress,      // more steps to take
  Found,           // the goal was taken: path() is optimal for admissible heuristics
  NoPath,          // the open set ran empty: the goal cannot be reached
  IterationLimit,  // max_iterations steps were taken without reaching the goal
  Invalid,         // the search could not start (start or goal outside or in a wall): message()
  _Max
};
std::string_view to_string(SearchState s);
inline bool finished(SearchState s) { return s != SearchState::InProgress; }

enum class NodeState : std::uint8_t { Unseen, Open, Closed };

struct NodeView {
  NodeState state = NodeState::Unseen;
  double g = 0.0;  // cost of the best known path from the start (valid when not Unseen)
  double h = 0.0;  // heuristic estimate to the goal, as used by the search (scaled)
  double f = 0.0;  // g + h: the priority
  std::optional<Cell> parent;  // cameFrom; none for the start and unseen cells
};

struct SearchOptions {
  Heuristic heuristic = Heuristic::Octile;
  std::int64_t max_iterations = 0;  // 0: no limit
};

// Counters kept by every search (warthog-style metrics).
struct SearchMetrics {
  std::int64_t expanded = 0;    // nodes taken from the open set (= iterations)
  std::int64_t generated = 0;   // nodes first added to the open set
  std::int64_t improved = 0;    // open nodes whose g was lowered
  std::int64_t heap_ops = 0;    // push, pop and decrease-key operations
};

// Why a neighbour was not relaxed.
enum class SkipReason : std::uint8_t { Impossible, Closed, NotBetter };

// Hears every event of a search. The default does nothing; the search calls it only when one is
// given, so batch runs pay one predictable branch per event.
class SearchListener {
 public:
  virtual ~SearchListener() = default;
  virtual void on_take(Cell /*c*/, const NodeView& /*node*/) {}
  // `to` got a better g (old_g is +inf when it was unseen); `old_parent` is its previous parent.
  virtual void on_relax(Cell /*from*/, Cell /*to*/, double /*old_g*/, double /*new_g*/,
                        std::optional<Cell> /*old_parent*/) {}
  virtual void on_skip(Cell /*from*/, const Move& /*move*/, SkipReason /*why*/) {}
};

class AStarSearch {
 public:
  // Searches level.start() -> level.goal() under the level's own movement rules.
  explicit AStarSearch(const Level& level, SearchOptions options = {},
                       SearchListener* listener = nullptr);
  // Searches under `rules` instead of the level's (e.g. the CLI's --neighbours).
  AStarSearch(const Level& level, const MovementRules& rules, SearchOptions options = {},
              SearchListener* listener = nullptr);

  // Back to iteration 0: only the start is open. Cheap (a generation counter, no clearing).
  void restart();
  // Exactly one iteration; a no-op once finished. Returns the state after it.
  SearchState step();
  // Steps until finished.
  SearchState run();

  // [Rewind] With recording on, every step keeps what it changed, so step_back() restores the
  // previous iteration exactly: every cell's state, g, h, f and parent, the open set, the
  // counters, last_taken() and last_relaxed() equal those of a fresh search stepped to that
  // iteration. A step back costs what that one step changed, whatever the iteration count.
  // Recording is off by default (batch runs pay nothing); turning it on or off restarts.
  void set_recording(bool on);
  bool recording() const { return recording_; }
  bool can_step_back() const { return !records_.empty(); }
  // Undoes the last step; returns false (and changes nothing) at iteration 0 or when not
  // recording.
  bool step_back();
  // Goes to `iteration` (clamped to 0..where the search finishes): back by undoing, forward by
  // stepping. Needs recording to go back.
  void seek(std::int64_t iteration);
  // Bytes held by the rewind records.
  std::size_t recording_bytes() const;

  // For tests: empty when the internal structures agree (the open set is heap-ordered, every
  // entry's position and keys match its node, open nodes are exactly the heap's), else what is
  // wrong. O(cells).
  std::string check_invariants() const;

  SearchState state() const { return state_; }
  const std::string& message() const { return message_; }  // why Invalid
  const SearchOptions& options() const { return options_; }
  const MovePolicy& policy() const { return policy_; }
  double heuristic_scale() const { return h_scale_; }

  // Read-only views.
  NodeView node(Cell c) const;
  NodeState node_state(Cell c) const;
  std::optional<Cell> last_taken() const;                      // node taken by the last step
  const std::vector<Cell>& last_relaxed() const { return last_relaxed_; }  // its improved neighbours
  std::size_t open_size() const { return heap_.size(); }
  std::int64_t closed_count() const { return closed_; }
  std::int64_t iterations() const { return metrics_.expanded; }
  const SearchMetrics& metrics() const { return metrics_; }
  // Start to goal inclusive when Found, else empty. The search is not changed.
  std::vector<Cell> path() const;
  // The best path known so far from the start to a seen cell (start to c inclusive), following
  // parents; empty for unseen cells. Mid-search this is "how we got here" for any open or
  // closed node.
  std::vector<Cell> path_to(Cell c) const;
  double path_cost() const;  // g of the goal when Found, else +inf

 private:
  struct Node {
    double g;
    double h;
    std::uint32_t parent;
    std::uint32_t heap_pos;  // index into heap_ while open
    std::uint32_t generation;
    NodeState state;
  };
  // An open-set entry carries its own keys, so heap comparisons touch only the heap's memory.
  struct HeapEntry {
    double f;
    double g;
    std::uint32_t seq;  // insertion order, the last tie-breaker
    std::uint32_t node;
  };

  // What one step changed, for step_back(). `changes` index into changes_.
  struct StepRecord {
    HeapEntry taken;  // the entry taken from the open set
    std::uint32_t first_change;
    std::uint32_t seq_before;
    SearchState state_before;
    SearchMetrics metrics_before;
  };
  struct Change {
    std::uint32_t node;
    std::uint32_t old_parent;
    double old_g;     // +inf when the node was unseen before
  };

  bool valid(std::uint32_t i) const { return nodes_[i].generation == generation_; }
  void heap_remove(std::size_t pos);
  void restore_last_step_views();
  static bool before(const HeapEntry& a, const HeapEntry& b);
  void heap_push(HeapEntry e);
  std::uint32_t heap_pop();
  void place(std::size_t pos, const HeapEntry& e);
  void sift_up(std::size_t pos);
  void sift_down(std::size_t pos);
  void open_node(std::uint32_t i, double g, std::uint32_t parent);

  const Level* level_;
  MovePolicy policy_;
  SearchOptions options_;
  SearchListener* listener_;
  double h_scale_ = 1.0;
  CellIndex start_{}, goal_{};

  std::vector<Node> nodes_;
  std::uint32_t generation_ = 0;
  std::vector<HeapEntry> heap_;
  std::uint32_t next_seq_ = 0;
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  std::int64_t closed_ = 0;
  SearchMetrics metrics_;
  std::uint32_t last_taken_ = to_u32(kNoCell);
  std::vector<Cell> last_relaxed_;
  bool recording_ = false;
  std::vector<StepRecord> records_;
  std::vector<Change> changes_;
};

// Total cost of a path under a policy, or nullopt when some step is not a possible move.
std::optional<double> path_cost(const MovePolicy& policy, const std::vector<Cell>& path);

}  // namespace astar
