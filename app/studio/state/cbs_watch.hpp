// Watching Conflict-Based Search plan (issue 33, item 2), without a window: a CbsPlanner (core's
// cbs.hpp) stepped at its three levels, taken back, sought and run to a breakpoint; the
// constraint-tree node shown and its plans on a time slider; the words the panel, the status
// line and the screenshot's sidecar give. UnitsPlayback owns one (UnitsPlayback::cbs()) and
// stops it at any edit: the level must not change while it is watched.
//
//   CbsWatch w;
//   if (astar::Status s = w.start(level, {.choice = astar::CbsConflictChoice::First}); !s) say(s.error());
//   w.step(CbsStep::Node);         // one constraint-tree node expanded (both children made)
//   w.back();                      // that step undone: every view as before it
//   w.breaks.conflict_at = astar::Cell{2, 1};
//   w.run_to_break();              // true: stopped where a node split at a conflict at (2, 1)
//   w.select(4);                   // node 4 shown: w.plans(), w.positions() at w.tick()
//   say(w.status_text());          // "CBS: iteration 12, splitting node 0 (cost 16) ..."
//
// The node shown is the one chosen (select), else the node being split, else the solution, else
// the best open node, else the node being searched: while stepping, the node the planner works
// on. Its views (plans, constraints, conflicts) are made again after every step, seek and choice,
// so after a step back they equal a planner stepped there afresh.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/level.hpp"
#include "state/cbs_compare.hpp"
#include "astar/result.hpp"
#include "astar/unit_plans.hpp"

namespace studio {

// The three levels the planner steps at (cbs.hpp): one iteration, to the end of the low-level
// search under way, to the end of the constraint-tree node's expansion under way.
enum class CbsStep : std::uint8_t { Iteration, Search, Node };
std::string_view to_string(CbsStep s);  // "iteration", "search", "node"

// Where run_to_break stops: a node split at a conflict at this cell, a node made costing more.
struct CbsBreaks {
  std::optional<astar::Cell> conflict_at;
  std::optional<double> cost_above;
  bool any() const { return conflict_at || cost_above; }
};

class CbsWatch {
 public:
  CbsWatch();
  ~CbsWatch();
  CbsWatch(const CbsWatch&) = delete;
  CbsWatch& operator=(const CbsWatch&) = delete;

  // Starts at iteration 0 on `level` (which must outlive the watch and not change); the
  // planner's refusal ("the level has no units", ...) as an error, the watch then stopped.
  astar::Status start(const astar::Level& level, const astar::CbsOptions& options);
  void stop();
  bool active() const { return planner_ != nullptr; }
  const astar::CbsPlanner* planner() const { return planner_.get(); }

  // [SECTION] Stepping: each returns false, doing nothing, once the planner is done (or when
  // not active). back() undoes the last step, whatever its level (a seek: a replay), and goes
  // one iteration back once there is none left to undo; false at iteration 0.
  bool step(CbsStep s);
  bool back();
  void seek(std::int64_t iteration);  // clamped to 0..where the planner ends
  void to_end();
  // Steps until a breakpoint (true) or the end (false). Stopped at a node costing more than the
  // breakpoint's C, that node is shown.
  bool run_to_break();
  std::int64_t iteration() const;
  std::int64_t furthest() const { return furthest_; }  // the most iterations reached
  bool done() const;

  CbsBreaks breaks;
  // The panel's "Compare": plain against prioritized CBS on the watched level (cbs_compare.hpp);
  // cleared when the watch stops.
  CbsComparison comparison;
  // The panel's "Pick a cell": the canvas's next left click sets breaks.conflict_at.
  bool picking_cell = false;
  void pick_cell(astar::Cell c);

  // [SECTION] The node shown
  std::optional<std::uint32_t> chosen() const { return chosen_; }
  std::optional<std::uint32_t> shown_node() const { return shown_; }
  void select(std::optional<std::uint32_t> node);  // nullopt: follow the planner again
  const std::vector<astar::UnitPlan>& plans() const { return plans_; }
  const std::vector<astar::CbsConstraint>& constraints() const { return constraints_; }
  const std::vector<astar::Conflict>& conflicts() const { return conflicts_; }  // between its plans
  std::string node_text() const;  // the planner's node_text of the node shown

  // [SECTION] The time slider over the node's plans
  std::size_t tick() const { return tick_; }
  std::size_t last_tick() const;
  void set_tick(std::size_t t);  // clamped to 0..last_tick()
  bool step_tick(int ticks);     // false when it could not move
  std::vector<astar::Cell> positions() const;          // every unit at tick()
  std::vector<astar::Conflict> conflicts_now() const;  // those at tick()

  // [SECTION] Words
  // "CBS: iteration 12, splitting node 0 (cost 16) at units 0 and 1 both at (2, 1) at t = 1;
  // searching unit 1 for node 2 (1 constraint): 9 nodes, 4 open; 3 tree nodes, 1 open";
  // done: "CBS: solved after 40 iterations, node 4, sum of costs 23; 5 tree nodes, 2 expanded,
  // 6 low-level searches".
  std::string status_text() const;

 private:
  void refresh();  // the node shown and its views, after any change
  void note_furthest();

  std::unique_ptr<astar::CbsPlanner> planner_;
  std::vector<std::int64_t> undo_;  // the iteration before each step, for back()
  std::int64_t furthest_ = 0;
  std::optional<std::uint32_t> chosen_, shown_;
  std::vector<astar::UnitPlan> plans_;
  std::vector<astar::CbsConstraint> constraints_;
  std::vector<astar::Conflict> conflicts_;
  std::size_t tick_ = 0;
};

// The screenshot's sidecar's "cbs": null when not watching, else {"iteration", "furthest",
// "done", "outcome", "nodes", "open", "best_open", "expanding", "solution", "searching_unit",
// "shown", "chosen", "shown_cost", "shown_state", "constraints": [[unit, x, y, tick, "vertex" or
// "edge"], ...], "conflicts", "tick", "last_tick", "positions": [[x, y], ...], "conflicts_now",
// "log_lines", "log_last", "break_cell", "compare": null or {"split": [plain, prioritized],
// "summary"}, "status"} (a node id is null where there is none).
std::string cbs_sidecar_json(const CbsWatch& w);

// The node shown when none is chosen: the node being split, else the solution, else the best
// open node, else the node being searched, else the root (none before it is made).
std::optional<std::uint32_t> default_cbs_node(const astar::CbsPlanner& p);

}  // namespace studio
