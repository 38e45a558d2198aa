// Play units (issue 32): the level's units planned together and moved tick by tick on a time
// slider, without a window. The planner is a flow field (each unit follows the field of its
// goal), cooperative A*, windowed cooperative A* or Conflict-Based Search (core's flow_plans.hpp,
// cooperative.hpp and cbs.hpp); a level's "units_plan" chooses it when the level opens. Plans
// are made when they are shown and out of date: an edit of the level marks them so, and the
// next update() plans again. The flow fields are kept and REPAIRED after edits of cells
// (FlowField::repair: 3 to 22 times faster than new fields on 512 x 512 maps,
// docs/benchmarks.md), made anew after any other change. A cooperative planner can also be
// WATCHED as it plans, node by node or unit by unit; CBS is watched by its own CbsWatch
// (cbs_watch.hpp), its constraint tree stepped node by node.
//
//   UnitsPlayback& p = studio.units_playback;
//   p.show(UnitsPlanner::CaStar);     // plans at the next update(dt, level)
//   p.update(0.0, level);             // plans now
//   p.set_tick(7);                    // p.positions()[i]: unit i at t = 7 (core's UnitPlan::at)
//   p.playing = true;                 // update(dt) moves ticks_per_second ticks a second
//   say(p.summary());                 // "CA*: 2 units, 2 arrived, sum of costs 23, makespan 15, 0 conflicts"
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/cooperative.hpp"
#include "astar/flow_field.hpp"
#include "astar/level.hpp"
#include "astar/unit_plans.hpp"
#include "state/cbs_watch.hpp"

namespace studio {

enum class UnitsPlanner : std::uint8_t { FlowField, CaStar, WhcaStar, Cbs };
inline constexpr UnitsPlanner kUnitsPlanners[] = {UnitsPlanner::FlowField, UnitsPlanner::CaStar,
                                                  UnitsPlanner::WhcaStar, UnitsPlanner::Cbs};
std::string_view to_string(UnitsPlanner p);    // "flow-field", "ca-star", "whca-star", "cbs"
std::string_view planner_label(UnitsPlanner p);  // "Flow field", "CA*", "WHCA*", "CBS"
std::optional<UnitsPlanner> parse_units_planner(std::string_view name);

class UnitsPlayback {
 public:
  UnitsPlayback();
  ~UnitsPlayback();
  UnitsPlayback(const UnitsPlayback&) = delete;
  UnitsPlayback& operator=(const UnitsPlayback&) = delete;

  // [SECTION] Settings
  bool playing = false;            // update() moves the tick on; stops at the last tick
  double ticks_per_second = 4.0;   // 0.5..60
  // The unit whose goal's flow field the canvas draws (flow-field planner).
  std::size_t focus_unit = 0;

  bool shown() const { return shown_; }
  UnitsPlanner planner() const { return planner_; }
  std::uint32_t window() const { return window_; }
  std::optional<std::uint32_t> horizon() const { return horizon_; }
  // Shows the plans of this planner (planned at the next update), from tick 0.
  void show(UnitsPlanner p);
  void hide();
  // Plans given from outside (a plan file: opened_plan.hpp), shown on the time slider instead of
  // a planner's until show() or open_level(); summary() names them by `name` ("plan.txt").
  void show_given(std::vector<astar::UnitPlan> plans, std::string name);
  const std::string& given() const { return given_; }  // empty: a planner's plans
  void set_window(std::uint32_t w);                 // WHCA*: 2..kMaxWindow; plans again
  void set_horizon(std::optional<std::uint32_t> h);  // plans again
  // CBS: which conflict a node splits at (First: the earliest; Cardinal: cardinal ones first)
  // and the most tree nodes it makes (1..kMaxCbsNodes); plans again, ends a watch.
  astar::CbsConflictChoice cbs_choice() const { return cbs_choice_; }
  void set_cbs_choice(astar::CbsConflictChoice c);
  std::uint64_t cbs_max_nodes() const { return cbs_max_nodes_; }
  void set_cbs_max_nodes(std::uint64_t n);
  // The options CBS plans and is watched with: the two above; Play units' plan stops after
  // kCbsPlaySeconds (the frame waits for it), watching never.
  astar::CbsOptions cbs_options() const;
  static constexpr double kCbsPlaySeconds = 5.0;
  // A newly opened level: its units_plan's planner, window and horizon, shown; else hidden.
  void open_level(const astar::Level& level);
  // Edits: one cell (the flow fields are repaired), or anything else (made anew).
  void edited(astar::Cell c);
  void edited_everything();

  // Once a frame: plans when shown and out of date, then moves the tick while playing.
  void update(double dt, const astar::Level& level);

  // [SECTION] The time slider
  std::size_t tick() const { return tick_; }
  std::size_t last_tick() const;  // the longest plan's last tick (0 without plans)
  void set_tick(std::size_t t);   // clamped to 0..last_tick()
  bool step(int ticks);           // false when it could not move (at either end)

  // [SECTION] The plans
  bool planned() const { return planned_; }
  bool out_of_date() const { return stale_; }
  const std::string& error() const { return error_; }  // why it could not plan; empty: it did
  const std::vector<astar::UnitPlan>& plans() const { return plans_; }
  // CA*, WHCA*: the units that do not arrive, in words. CBS: its failure ("no plan within the
  // budget of ...") is error().
  const std::vector<astar::UnitFailure>& failures() const { return failures_; }
  const std::vector<astar::Conflict>& conflicts() const { return conflicts_; }
  const astar::PlanStats& stats() const { return stats_; }
  std::vector<astar::Cell> positions() const;               // every unit at tick()
  std::vector<astar::Conflict> conflicts_now() const;       // those at tick() (edges ending there)
  // Every (unit, tick) of the plans that stands on c (a unit then stays on its last cell): for
  // the reservation marks and their tooltip.
  std::vector<std::pair<std::size_t, std::size_t>> holds(astar::Cell c) const;
  std::string summary() const;
  // The flow field of focus_unit's goal (flow-field planner), null otherwise.
  const astar::FlowField* field() const;
  // How the last plan was made: "planned", "repaired 2 fields", ...; for the status line.
  const std::string& how() const { return how_; }
  // Play units as a link's query adds it (ui/share_link.hpp), the studio's own options: empty
  // when hidden; else "&units=cbs&cbs-choice=first&tick=4", WHCA*'s "&window=W", and while
  // watching the iterations in ("&watch-steps=K"; CBS: "&cbs-nodes=0&watch-steps=K", the node
  // chosen "&cbs-select=ID", its slider's tick).
  std::string link_query() const;

  // [SECTION] Watching a cooperative planner plan (CA*, WHCA*), stepped at two levels: a node
  // of the unit being planned, or that unit's whole plan; back goes one node back (a replay).
  // Watching shows the planner's state instead of the finished plans: the unit it plans, its
  // space-time nodes, the reservation table and the plans so far. CBS is watched by cbs() (its
  // constraint tree); the calls below reach it too: a node is then one iteration, a unit one
  // low-level search. An edit or another planner ends it.
  bool watching() const { return watcher_ != nullptr || cbs_.active(); }
  // Starts (at iteration 0) on `level`, which must not change while watched; false, with
  // error() set, when the planner refuses the level or the planner is the flow field.
  bool watch(const astar::Level& level);
  void stop_watching();
  bool watch_step_node();   // false once the planner is done
  bool watch_step_unit();
  bool watch_step_back();   // false at iteration 0
  void watch_to_end();
  const astar::CooperativePlanner* watcher() const { return watcher_.get(); }
  CbsWatch& cbs() { return cbs_; }
  const CbsWatch& cbs() const { return cbs_; }
  // "CA*: planning unit 1 (its 2nd of 2), iteration 12: 9 nodes, 4 open; the table holds 9
  // cells and ticks, 1 unit parked" or "CA*: done after 19 iterations, 2 unit plans"; CBS: its
  // CbsWatch::status_text().
  std::string watch_text() const;

 private:
  struct GoalField;
  void plan(const astar::Level& level);
  astar::Status plan_flow(const astar::Level& level);
  astar::Status plan_cooperative(const astar::Level& level);
  astar::Status plan_cbs(const astar::Level& level);
  void plan_given(const astar::Level& level);  // show_given's plans: checked, not planned

  bool shown_ = false, planned_ = false, stale_ = true, all_edited_ = true;
  UnitsPlanner planner_ = UnitsPlanner::FlowField;
  std::uint32_t window_ = 16;
  std::optional<std::uint32_t> horizon_;
  std::size_t tick_ = 0;
  double carry_ = 0.0;
  std::vector<astar::Cell> edits_;
  std::vector<std::unique_ptr<GoalField>> fields_;
  std::vector<astar::UnitPlan> plans_;
  std::vector<astar::UnitFailure> failures_;
  std::vector<astar::Conflict> conflicts_;
  astar::PlanStats stats_;
  std::vector<astar::Cell> goals_;  // per unit, of the plans
  std::string error_, how_;
  std::unique_ptr<astar::CooperativePlanner> watcher_;
  astar::CbsConflictChoice cbs_choice_ = astar::CbsConflictChoice::Cardinal;
  std::uint64_t cbs_max_nodes_ = 10'000;
  CbsWatch cbs_;
  std::string given_;  // show_given's name: plans_ came from outside
};

}  // namespace studio
