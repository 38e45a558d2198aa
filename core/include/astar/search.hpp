// The search interface and its options: what every grid search offers (stepping, rewinding,
// read-only views), how it is configured (SearchOptions) and how it ends (SearchState). A*,
// weighted A*, Dijkstra, greedy best-first, breadth-first, Jump Point Search and Theta* share
// one best-first loop (detail/best_first.hpp); bidirectional A* runs two of them
// (bidirectional.hpp); LPA* and D* Lite repair instead of searching again (replanning.hpp).
// make_search (make_search.hpp) makes the one options.algorithm names:
//
//   auto s = make_search(level, {.algorithm = Algorithm::AStar, .heuristic = Heuristic::Octile});
//   while (s->step() == SearchState::InProgress) { /* draw s->node(c), s->last_taken(), ... */ }
//   if (s->state() == SearchState::Found) use(s->path(), s->path_cost());
//
// One iteration (step) = take the open node that comes first in the algorithm's order, test it
// for the goal, relax its successors. run() takes the same steps: a loop over step(), or on
// uniform grids without a listener a fused loop (over a radix heap when the keys taken never go
// down) that takes the same nodes in the same order. Reading never changes the search. The
// level must outlive the search and not change while it runs (make a new search after edits).
// The names of the options alone are in search_names.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "astar/algorithms.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/search_names.hpp"

namespace astar {

// Unscaled distance estimate between two cells of a square level (Hex: 0, see below).
double heuristic_distance(Heuristic h, Cell a, Cell b);
// The same between two cells of `level`: on hex levels Hex is the hex distance (steps between
// the two hexes); the square heuristics are refused there (check_heuristic_topology).
double heuristic_distance(const Level& level, Heuristic h, Cell a, Cell b);
// Empty when heuristic h measures cells of topology t, else why not: on hexes only Hex and Zero
// ("manhattan measures square cells: ..."), on squares every heuristic but Hex.
std::string check_heuristic_topology(Heuristic h, Topology t);
// The heuristic searches on topology t use unless told otherwise: octile on squares, hex on hexes.
Heuristic default_heuristic(Topology t);
// True when the heuristic never overestimates the geometric step length under these neighbours
// on topology t (Manhattan overestimates diagonal steps; a heuristic refused on t is not).
bool admissible(Heuristic h, Neighbours n, Topology t = Topology::Square);
// Whether info(a).guarantee holds when `a` runs with heuristic h under these neighbours. An
// algorithm that uses no heuristic or guarantees nothing always keeps its word; the others
// (A*'s optimal path, weighted A*'s bound, ...) only with an admissible heuristic.
bool guarantee_holds(Algorithm a, Heuristic h, Neighbours n, Topology t = Topology::Square);

enum class SearchState : std::uint8_t {
  InProgress,      // more steps to take
  Found,           // the goal was taken: path() is optimal for admissible heuristics
  NoPath,          // the open set ran empty: the goal cannot be reached
  IterationLimit,  // max_iterations steps were taken without reaching the goal
  Invalid,         // the search could not start (bad endpoints, unsupported level): message()
  // A movement range (options.budget) is complete: no open node is within the budget (or none
  // is left), so the closed cells are the range (reach.hpp).
  RangeComplete,
  _Max
};
std::string_view to_string(SearchState s);
inline bool finished(SearchState s) { return s != SearchState::InProgress; }

enum class NodeState : std::uint8_t { Unseen, Open, Closed };

struct NodeView {
  NodeState state = NodeState::Unseen;
  double g = 0.0;  // cost of the best known path from the start (valid when not Unseen)
  double h = 0.0;  // heuristic estimate to the goal, as used by the search (scaled)
  double f = 0.0;  // the priority the algorithm orders by: g + h for A* (see AlgorithmInfo)
  std::optional<Cell> parent;  // cameFrom; none for the start and unseen cells
};

struct SearchOptions {
  Algorithm algorithm = Algorithm::AStar;
  Heuristic heuristic = Heuristic::Octile;
  double weight = 1.0;                  // weighted A* only; >= 1
  TieBreak tie_break = TieBreak::LargerG;  // not breadth-first: first in, first out
  bool partial_path = false;            // no path: path() leads to the reached cell nearest the goal
  std::int64_t max_iterations = 0;      // 0: no limit
  // Shapes this search's rays leave out, as indices into level.shapes(): the agent's own body,
  // say, standing on the start (Godot's raycast exclude list). The search then runs on a copy of
  // the level without them (check_supported refuses an index that is not a shape).
  std::vector<std::uint32_t> ignore_shapes{};
  // A movement range instead of a path (reach.hpp): Dijkstra only, no goal test, and the search
  // ends RangeComplete when the least g in the open set exceeds the budget (or nothing is left),
  // so the cells it took are every cell reachable for at most the budget. The budget is rounded
  // once to the micro-unit, as a cell's cost is, then compared exactly with each g (a + b sqrt 2:
  // 1 + sqrt 2 is within 2.5, 2 sqrt 2 is not). None: a search for the goal.
  std::optional<double> budget{};
  // HPA* only (hpa_star.hpp): the clusters' side in cells (kHpaMinClusterSize..kHpaMaxClusterSize,
  // 4..256), and whether a last step smooths the refined path (an A* inside the clusters it
  // crosses).
  int cluster_size = 16;
  bool hpa_smooth = false;
};

// `options` with what a level's preset sets (level.preset): names already checked by level_io;
// a name that does not parse is ignored.
SearchOptions with_preset(SearchOptions options, const SearchPreset& preset);

// `options` as the algorithm takes them: the weight back to 1 for algorithms that take none,
// the tie-break first-in for breadth-first, partial paths off where unsupported
// (info(a).takes_weight, .takes_tie_break, .partial_paths) and for a movement range (a budget:
// it has no goal). What the studio searches with, whatever its controls were last set to.
SearchOptions normalize(SearchOptions options);

// Empty when the options themselves are acceptable, else the reason, in check_supported's
// words: the weight a finite number >= 1 and only for algorithms that take one, max_iterations
// >= 0, partial paths only where supported, a budget a finite number >= 0, for Dijkstra only and
// without partial paths. check_supported starts with it.
std::string check_options(const SearchOptions& options);

// Empty when `options` can search `level` under `rules`, else the reason (the search then starts
// Invalid with it): JPS and Theta* need uniform costs and no jumps, weights apply to weighted A*
// only, ...
std::string check_supported(const Level& level, const MovementRules& rules,
                            const SearchOptions& options);

// The level a search with options.ignore_shapes runs on: a copy of `level` without those
// shapes; null (search `level` itself) when the list is empty, or names a shape the level does
// not have (check_supported refuses that).
std::shared_ptr<const Level> level_without_shapes(const Level& level,
                                                  const std::vector<std::uint32_t>& ignore);

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

// The two sides of a search that runs from both ends (info(a).extras.sides).
enum class Side : std::uint8_t { Forward, Backward };
std::string_view to_string(Side s);

class BestFirstSearch;
struct ImportedTrace;
struct HpaView;

// The interface every algorithm implements: stepping, rewinding and read-only views.
class Search {
 public:
  virtual ~Search() = default;

  // Back to iteration 0 (cheap). Rewind records are dropped.
  virtual void restart() = 0;
  // Exactly one iteration; a no-op once finished. Returns the state after it.
  virtual SearchState step() = 0;
  // Steps until finished.
  virtual SearchState run();

  // Micro-steps, for class use: one event at a time. A micro-step either takes the next open
  // node (and tests it for the goal) or examines one move of the taken node (relaxes or skips
  // its neighbour). An iteration is the take plus one micro-step per move; step() finishes the
  // current iteration when one is under way. iterations() counts takes.
  virtual SearchState micro_step() = 0;
  // True between a take and the examination of the taken node's last move.
  virtual bool mid_iteration() const = 0;
  // The moves of the last taken node in the order they are examined (JPS: its jump successors;
  // impossible moves included, so their reasons can be shown), and how many are examined.
  virtual std::span<const Move> taken_moves() const = 0;
  virtual std::size_t examined() const = 0;
  // Goes back one micro-step, exactly (needs recording): false at the very start.
  bool micro_step_back();

  virtual SearchState state() const = 0;
  virtual const std::string& message() const = 0;  // why Invalid
  virtual const SearchOptions& options() const = 0;
  virtual const Level& level() const = 0;  // the level searched, start to goal

  // Read-only views.
  virtual NodeView node(Cell c) const = 0;
  NodeState node_state(Cell c) const { return node(c).state; }
  virtual std::optional<Cell> last_taken() const = 0;          // node taken by the last step
  // The node the next take will take (none when finished, or in the middle of an iteration).
  virtual std::optional<Cell> next_to_take() const = 0;
  virtual const std::vector<Cell>& last_relaxed() const = 0;  // its improved successors
  virtual std::size_t open_size() const = 0;
  virtual std::int64_t closed_count() const = 0;
  std::int64_t iterations() const { return metrics().expanded; }
  virtual const SearchMetrics& metrics() const = 0;
  // Start to goal inclusive when Found (or, with partial_path, to the reached cell nearest the
  // goal when there is none), else empty. Cells are 8-adjacent except for Theta*, whose path is
  // its any-angle waypoints, and except across a jump (rules.jump.gap > 0): a jump across goes
  // from a cell straight to its landing cell, up to gap + 1 cells away, skipping the gap
  // (path_actions in moves.hpp tells each step's action).
  virtual std::vector<Cell> path() const = 0;
  // The best path known so far from the start to a seen cell (start to c inclusive); empty for
  // unseen cells. Mid-search this is "how we got here".
  virtual std::vector<Cell> path_to(Cell c) const = 0;
  virtual double path_cost() const = 0;  // cost of path(), +inf when it is empty
  bool partial() const { return state() != SearchState::Found && !path().empty(); }

  // Extras, for the algorithms that have them (info(a).extras); the defaults say "none".
  // The side whose node node(c) shows (bidirectional A*: forward when the start's side has seen
  // c, else backward when the goal's side has); none for unseen cells and one-sided searches.
  virtual std::optional<Side> side(Cell /*c*/) const { return std::nullopt; }
  // The meeting cell of the best start-to-goal path known so far (bidirectional A*).
  virtual std::optional<Cell> meeting() const { return std::nullopt; }
  // The best known path to last_taken() from the end it was reached from (start to it, or for
  // a cell taken by the backward side, goal to it); empty before the first take.
  virtual std::vector<Cell> path_to_taken() const;
  // c's parent when it is a jump point more than one cell away (Jump Point Search), else none.
  std::optional<Cell> jump_parent(Cell c) const;
  // The best-first loop running side `s` (a one-sided search is its own forward or backward
  // side), for the trace's offers; null when there is none.
  virtual const BestFirstSearch* loop(Side /*s*/) const { return nullptr; }
  // The side whose iteration is under way (or ran last); a one-sided search's own direction.
  virtual Side turn() const { return Side::Forward; }
  // An imported trace replayed (trace_replay.hpp) instead of a search of ours: the trace, and
  // how many of its events are applied now. Null and 0 for our own searches.
  virtual const ImportedTrace* imported() const { return nullptr; }
  virtual std::size_t events_applied() const { return 0; }
  // HPA*'s phases, abstract graph and search (info(a).extras.hierarchy, hpa_star.hpp); null for
  // the others.
  virtual const HpaView* hierarchy() const { return nullptr; }

  // Rewind. With recording on, every step keeps what it changed, so step_back() restores the
  // previous iteration exactly: every cell's state, g, h, f and parent, the open set, the
  // counters, last_taken() and last_relaxed() equal those of a fresh search stepped there. A
  // step back costs what that one step changed, whatever the iteration count. Recording is off
  // by default (batch runs pay nothing); turning it on or off restarts.
  virtual void set_recording(bool on) = 0;
  virtual bool recording() const = 0;
  virtual bool can_step_back() const = 0;
  // Undoes the last step; false (nothing changed) at iteration 0 or when not recording.
  virtual bool step_back() = 0;
  // Goes to the end of `iteration` (clamped to 0..where the search finishes). Going back needs
  // recording. With recording on, the steps undone are kept: seeking forward again over them
  // replays what they changed instead of searching, and a far seek (either way) applies the
  // changes in bulk and orders the open set once at the end, so it costs a few nanoseconds per
  // iteration crossed. Replayed steps are not told to the listener again.
  virtual void seek(std::int64_t iteration);
  virtual std::size_t recording_bytes() const = 0;

  // For tests: empty when the internal structures agree, else what is wrong. O(cells).
  virtual std::string check_invariants() const = 0;
};

// Total cost of a path under a policy, or nullopt when some step is not a possible move (a
// one-cell move or a jump across: MovePolicy::move_between).
std::optional<double> path_cost(const MovePolicy& policy, const std::vector<Cell>& path);

}  // namespace astar
