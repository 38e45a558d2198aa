// Space-time A* for one unit among others (issue 32, item 3; Silver, "Cooperative Pathfinding",
// AIIDE 2005): a node is a cell AND a tick, waiting in place is a move with its cost, and every
// move is checked against a reservation table (reservation_table.hpp), so the unit's plan keeps
// out of the cells and swaps the units planned before it hold. Cooperative planners
// (cooperative.hpp) run one per unit, and so does Conflict-Based Search (cbs.hpp), whose gate
// is the unit's constraints instead of a table (space_time_gate.hpp); it is stepped so the
// studio can show it node by node.
//
//   TrueDistance h(policy, goal);                                  // the heuristic
//   SpaceTimeSearch s(policy, table, h, start, {.t0 = 0});         // table: any SpaceTimeGate
//   while (s.step() == SpaceTimeState::InProgress) { /* s.nodes(), s.last_taken() */ }
//   if (s.state() == SpaceTimeState::Found) use(s.plan());        // plan()[k]: its cell at t0 + k
//
// One step takes the open node of least f = g + h (equal f: the fewer soft conflicts, then the
// larger g, then the fewer moves, then the node made first), tests it, and makes its successors:
// every possible move of MovePolicy (one tick each, whatever its length or cost) and the wait,
// each unless the gate blocks it. Soft conflicts are what the gate counts (CBS: meetings with the
// other units' plans; a reservation table counts none), added up along the way. h is the true
// distance to the goal (true_distance.hpp): exact and consistent, so a node taken is final and
// the plan found is the cheapest against the reservations, g adding move costs and wait_cost per
// wait (on the multi-agent benchmark's rules every move and wait cost 1, so g is the arrival tick).
// Of two ways into one node costing the same, the one with fewer soft conflicts, then fewer moves,
// is kept, so plans wait rather than wander where both cost alike.
//
// The search ends Found when it takes:
// - the goal at a tick t from which the gate lets the unit stay there (for good; with a window,
//   until window_end): the plan ends there; or
// - with a window, any node at tick window_end (windowed cooperative A*: its f is g plus the true
//   distance still to go): the plan ends there.
// It ends NoPlan when no node is left (known at the step that takes the last one). Without a
// window or horizon, every tick after the table's last_tick() is the same to the table, so those
// ticks share one node per cell: the search is finite and NoPlan means no plan exists at any
// tick. With a horizon, no node later than it is made (horizon_cut() says whether that cut any).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/grid.hpp"
#include "astar/moves.hpp"
#include "astar/reservation_table.hpp"
#include "astar/space_time_gate.hpp"
#include "astar/true_distance.hpp"

namespace astar {

struct SpaceTimeLimits {
  static constexpr std::uint32_t kNone = ReservationTable::kNone;
  std::uint32_t t0 = 0;                   // the tick the unit stands on its start
  std::uint32_t horizon = kNone;          // no node later than this tick
  std::uint32_t window_end = kNone;       // windowed: a node at this tick ends the search
  ExactCost wait_cost = ExactCost::straight(1.0);
};

enum class SpaceTimeState : std::uint8_t { InProgress, Found, NoPlan };

struct SpaceTimeNode {
  Cell cell;
  std::uint32_t t = 0;      // the tick of its best path (ticks after last_tick() share a node)
  ExactCost g;              // the cost from the start
  ExactCost h;              // the true distance to the goal
  std::uint32_t moves = 0;  // moves (not waits) on its best path
  std::uint32_t conflicts = 0;  // soft conflicts on its best path (space_time_gate.hpp)
  std::uint32_t parent = 0xFFFFFFFFu;  // index into nodes(); none for the start
  bool closed = false;
  ExactCost f() const { return g + h; }
};

class SpaceTimeSearch {
 public:
  // `h` measures the distance to this unit's goal (h.goal()). Policy, gate and h must outlive
  // the search and not change while it runs.
  SpaceTimeSearch(const MovePolicy& policy, const SpaceTimeGate& gate, TrueDistance& h,
                  Cell start, SpaceTimeLimits limits);

  SpaceTimeState step();
  SpaceTimeState run();
  SpaceTimeState state() const { return state_; }

  // Found: the unit's cell at t0, t0 + 1, ... to where the search ended (start first).
  const std::vector<Cell>& plan() const { return plan_; }
  // Found: the plan's soft conflicts (the gate's count along it).
  std::uint32_t conflicts() const { return conflicts_; }
  // Found: the plan's g; reached_goal(): whether it ends on the goal for good (not at a window's
  // edge on the way).
  ExactCost cost() const { return cost_; }
  bool reached_goal() const { return reached_goal_; }
  // True when a node was not made because it would have been later than the horizon.
  bool horizon_cut() const { return horizon_cut_; }

  std::int64_t expanded() const { return expanded_; }
  std::size_t open_size() const { return open_; }
  // Every node made so far (the studio draws them); last_taken() indexes it.
  const std::vector<SpaceTimeNode>& nodes() const { return nodes_; }
  std::optional<std::size_t> last_taken() const { return last_taken_; }
  const SpaceTimeLimits& limits() const { return limits_; }
  Cell start() const { return start_; }
  Cell goal() const { return h_->goal(); }

 private:
  struct Entry {
    ExactCost f, g;
    std::uint32_t conflicts;
    std::uint32_t moves;
    std::uint32_t node;
  };
  struct Later {
    bool operator()(const Entry& x, const Entry& y) const {
      if (const int k = compare(x.f, y.f); k != 0) return k > 0;
      if (x.conflicts != y.conflicts) return x.conflicts > y.conflicts;
      if (const int k = compare(x.g, y.g); k != 0) return k < 0;
      if (x.moves != y.moves) return x.moves > y.moves;
      return x.node > y.node;
    }
  };
  bool ends_at(const SpaceTimeNode& n);      // the goal test
  void expand(std::uint32_t i);
  void drop_stale();
  void offer(std::uint32_t from, Cell to, ExactCost cost, bool wait);
  std::uint32_t tick_key(std::uint32_t t) const;
  void finish(std::uint32_t i);

  const MovePolicy* policy_;
  const SpaceTimeGate* table_;
  TrueDistance* h_;
  Cell start_;
  SpaceTimeLimits limits_;
  bool collapse_ = false;  // ticks after the table's last share a node
  std::vector<SpaceTimeNode> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;  // (cell, tick key) -> node
  std::vector<Entry> heap_;
  std::size_t open_ = 0;
  SpaceTimeState state_ = SpaceTimeState::InProgress;
  std::vector<Cell> plan_;
  ExactCost cost_;
  std::uint32_t conflicts_ = 0;
  bool reached_goal_ = false, horizon_cut_ = false;
  std::int64_t expanded_ = 0;
  std::optional<std::size_t> last_taken_;
};

}  // namespace astar
