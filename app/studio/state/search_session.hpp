// The search session: the search shown over the level and everything that moves it. It owns the
// options, the search (with its typed views: the LPA*/D* Lite ReplanningSearch, the trace's
// TraceReplay), its event log, the breakpoints, play and seek (step, back, micro-steps, the
// timeline, run to end, Play's budget: search_session_play.cpp), where a re-run goes back to,
// the generation counter, the heuristic check, the overlays' caches, the path shown, the repairs
// after edits (RepairLog, search_session_repair.cpp), stepping the walk
// (search_session_walk.cpp) and the quiz. Studio (studio.hpp) makes one over its document, walk
// mode, trace mode, status line and change logs (SessionContext), tells it of edits and new
// levels, and hands it to the panels as studio.session(). No GL, GLFW or ImGui here, and no
// Studio: the session knows only what its context names.
//
//   SearchSession& s = studio.session();
//   s.set_algorithm(astar::Algorithm::AStar);   // a new search at the next flush(), same iteration
//   s.step(10);  s.seek(3);  s.step_back();    // each flushes first: never steps a stale search
//   s.breakpoints().on_take.push_back({4, 4});  // Play pauses there, the status line says why
//   s.run_to_end();  use(s.path(), s.search().path_cost());
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/agent_walk.hpp"
#include "astar/breakpoints.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/level.hpp"
#include "astar/replanning.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "astar/trace.hpp"
#include "astar/trace_replay.hpp"
#include "state/change_log.hpp"
#include "state/document.hpp"
#include "state/heat_field.hpp"
#include "state/hierarchy_state.hpp"
#include "state/path_view.hpp"
#include "state/search_caches.hpp"
#include "state/trace_mode.hpp"
#include "state/walk_mode.hpp"

namespace studio {

// Largest level whose searches record rewind data (step back). Above it, Back is disabled.
inline constexpr std::int64_t kMaxRewindCells = 2048LL * 2048LL;
// Walking, each move keeps a copy of the level for step back: the limit is lower.
inline constexpr std::int64_t kMaxWalkRewindCells = 128LL * 128LL;
// Most events the log keeps (about 100 bytes each); later ones are counted, not kept.
inline constexpr std::size_t kMaxLogEvents = 300000;

// What the session reads and changes outside itself. Studio owns all of it and outlives it.
struct SessionContext {
  const Document& doc;                // the level shown; an open editor group delays a repair
  WalkMode& walk;                     // while walking, the search is the walk's D* Lite
  std::unique_ptr<TraceMode>& trace;  // null: no trace; a re-run closes one that no longer fits
  ChangeLog& level_changes;           // the renderer's: sized for each new search
  ChangeLog& search_changes;          // the renderer's: cells the search shows differently now
  std::string& status;                // the status line
  bool& playing;                      // Play: the session pauses it (breakpoints, the end)
  const float& speed;                 // Play's iterations a second
};

// The repair bookkeeping of an LPA* or D* Lite search (search_session_repair.cpp): the cells
// edited since the search last saw the level, and the last repair in words.
struct RepairLog {
  // The cells edited; all: too many, or a change that names no cell (a shape, the rules), so the
  // repair compares the levels.
  std::vector<astar::Cell> edited_cells;
  bool edited_all = false;
  std::string text;                   // "repair 3: 37 cells updated, ..."; empty before the first
  std::int64_t scratch_expanded = -1;  // A* from scratch on the repaired level (-1: not run)
  std::int64_t applied = 0;           // repairs this search was given (a step back undoes one)

  void edited(astar::Cell c) {
    if (edited_cells.size() < 100'000) edited_cells.push_back(c);
    else edited_all = true;
  }
  void forget_edits() {
    edited_cells.clear();
    edited_all = false;
  }
};

class SearchSession {
 public:
  // Makes the first search on ctx.doc's level.
  explicit SearchSession(SessionContext ctx);
  SearchSession(const SearchSession&) = delete;  // the search points into the document's level
  SearchSession& operator=(const SearchSession&) = delete;

  // [SECTION] The search and its options
  const astar::Search& search() const { return *search_; }
  // The search as LPA* or D* Lite, when it is one (the algorithm's info(a).extras.replans, or a
  // walk): edits to the level are repairs of it, not a new search (search_session_repair.cpp).
  // Kept typed from when it was made: nothing here casts a search.
  const astar::ReplanningSearch* replanning() const { return replanning_; }
  // The last repair in words: "repair 3: 37 cells updated · A* from scratch: 1,204 expanded";
  // empty before the first repair of this search.
  const std::string& repair_text() const { return repair_.text; }
  // The options as chosen in the panel. The search gets search_options(): the weight only for
  // weighted A*, partial paths only where the algorithm has them, and max_iterations from the
  // level's iteration guard (level().preset), never from here.
  const astar::SearchOptions& options() const { return options_; }
  astar::SearchOptions search_options() const;
  astar::Algorithm algorithm() const { return options_.algorithm; }
  // The heuristic follows the level's topology: before each new search and re-run, one the
  // topology refuses (astar::check_heuristic_topology: a square one on hexes, hex distance on
  // squares) gives way to the one it replaced last time, if the topology takes that, else to
  // astar::default_heuristic; the status line says so. So a level made hex and square again
  // gets its Manhattan back.
  astar::Heuristic heuristic() const { return options_.heuristic; }
  // Each keeps the iteration, like an edit (the search is made anew and stepped there).
  void set_algorithm(astar::Algorithm a);
  void set_heuristic(astar::Heuristic h);
  void set_weight(double w);
  void set_tie_break(astar::TieBreak t);
  void set_partial_path(bool on);
  // HPA* (info(a).extras.hierarchy): the clusters' side (clamped to 4..256) and whether its last
  // phase smooths the refined path (SearchOptions::cluster_size, hpa_smooth).
  void set_cluster_size(int cells);
  void set_hpa_smooth(bool on);
  // HPA*'s graph kept across edits, what the last search rebuilt and in how long, the Log's
  // words and the optimal path beside HPA*'s (hierarchy_state.hpp). Used only while the
  // algorithm has extras.hierarchy.
  const HierarchyState& hierarchy() const { return hierarchy_; }
  // Plain A*'s path on the same level (once per search), when HPA*'s has been found.
  const OptimalPath& optimal_path() const { return hierarchy_.optimal(*search_, generation_); }
  // Whether the current algorithm can show a partial path (bidirectional A* cannot).
  static bool supports_partial_path(astar::Algorithm a) { return astar::info(a).partial_paths; }
  // Movement range (search_session_range.cpp, state/movement_range.hpp): Dijkstra from the start
  // (the unit's cell) with no goal, stopped at a budget (astar::SearchOptions::budget). On, the
  // algorithm becomes Dijkstra and the budget range_budget(); off, the budget goes (Dijkstra stays).
  void set_movement_range(bool on);
  bool movement_range() const { return options_.budget.has_value(); }
  void set_range_budget(double budget);  // kept while the range is off
  double range_budget() const { return range_budget_; }
  // What the level suggests (a lesson's search): its options, smoothing and walk.
  void apply_preset();
  // Bumped each time a new search is made (edits, options, reset, a new level).
  std::uint64_t generation() const { return generation_; }
  // The event log of the search shown (one event per micro-step, kept through rewinds).
  const astar::TraceRecorder& trace() const { return recorder_; }
  // Per cell (row-major), the iteration at which the search shown took it, 0 if not taken (the
  // expansion order overlay). Up to date with trace(): forward, only the events since the last
  // call are read; after a step back or for a new search, all of them (O(cells + events)).
  const std::vector<std::int64_t>& expansion_order() const;
  // The heat map's values (g, h or f of each seen cell, as floats for the heat texture) and
  // their exact range. Brought up to date at each call: only the cells the search changed since
  // the last call are read again, unless the search is new, the source another, or the change
  // too big to list (see ChangeLog): then every cell.
  const HeatField& heat_field(HeatSource source) const;
  // The heuristic check (astar::check_heuristic) for the current level and options, after
  // check_heuristic(); dropped when the level or the options change.
  void check_heuristic();
  const std::optional<astar::HeuristicReport>& heuristic_report() const { return heuristic_report_; }
  void drop_heuristic_report() { heuristic_report_.reset(); }

  // [SECTION] Play and seek. Each flushes first (a pending re-run), so no step runs on a search
  // made before an edit.
  void step(std::int64_t n = 1);
  // Nothing left to step: the search has finished; walking, the agent arrived, has no path
  // left, or made too many moves (Step, Play and End are off).
  bool search_done() const;
  // Undoes the last iteration exactly (see Search::step_back); false at iteration 0 or when
  // the level is too large to record (can_step_back).
  bool step_back();
  bool can_step_back() const { return search_->can_step_back(); }
  bool rewind_enabled() const { return search_->recording(); }
  void run_to_end();
  // A new search at iteration 0, paused (Reset; a new level, trace or walk).
  void reset_search();
  // Goes to just after event `index` of trace(): its iteration, micro-stepped to that event (with
  // a trace open, the trace's event).
  void seek_event(std::size_t index);
  // One micro-step: the take, or one move of the taken node (Search::micro_step).
  void micro_step();
  bool micro_step_back();
  // Jumps to the end of an iteration (the timeline's scrubber); needs recording to go back.
  void seek(std::int64_t iteration);
  // The furthest iteration this search has reached: the timeline's end.
  std::int64_t furthest_iteration() const { return furthest_; }
  // Play: takes speed * dt iterations, at most kPlayTimeBudget's worth; pauses at the end.
  void play(double dt);
  static constexpr std::chrono::milliseconds kPlayTimeBudget{10};
  static constexpr std::int64_t kPlayChunk = 500;  // steps between two reads of the clock
  // Breakpoints: checked after every step, micro-step and play; a hit pauses and says why in
  // the status line.
  astar::Breakpoints& breakpoints() { return watch_.breakpoints; }
  const astar::Breakpoints& breakpoints() const { return watch_.breakpoints; }
  // "Predict the next node": while on, a click on the canvas is the student's guess of the node
  // the next take takes; the session says right or wrong and why, then takes that step.
  struct Quiz {
    bool on = false;
    int asked = 0, right = 0;
    std::string last;      // the last verdict
    bool last_right = false;
  } quiz;
  void answer_quiz(astar::Cell guess);

  // [SECTION] Edits: Studio's editor listener tells the session (edited), which re-runs at the
  // end of the frame or before the next step (flush): a new search stepped to the iteration
  // shown before (or to the end when it had finished), a repair, or the trace replayed anew.
  void edited(astar::Cell c);
  void edited_everything();
  // Whether the search was made for the level's size (false after a resize: re-run at once).
  bool fits_level() const;
  void rerun();
  void flush() { if (rerun_pending_) rerun(); }
  // Before the level is replaced (New, Open): the search, which points into it, dropped, with
  // where a re-run would go, a pending re-run and the heuristic check. reset_search() next.
  void drop_for_new_level();
  // A trace's replay made anew (its events changed) and shown after its first `events` events.
  void replay_trace(std::size_t events);

  // [SECTION] The path shown: the search's path() once it has finished with one (Found, or a
  // partial path to the reached cell nearest the goal). Cells are 8-adjacent except for Theta*,
  // whose path is its any-angle waypoints.
  const std::vector<astar::Cell>& path() const { return path_.cells(); }
  bool path_partial() const { return path_.partial(); }
  // The action of each step of path() (walk, climb, jump across, ...); empty for Theta*, whose
  // waypoints are not moves, and when there is no path.
  const std::vector<astar::MoveAction>& path_actions() const { return path_.actions(); }
  // Cells the path runs through (for Theta*, every cell on the lines between waypoints; a jump
  // across runs over no cell of its gap).
  bool path_contains(astar::Cell c) const { return path_.contains(level(), c); }
  // Path smoothing (string pulling, astar::smooth_path under the level's rules: walkable
  // shortcuts only, jump ends kept, and while it respects costs none dearer than the moves it
  // replaces), shown beside the grid path. Computed once when the path or the setting changes.
  // Theta*'s path is already any-angle: no smoothing.
  bool smooth() const { return path_.smooth; }
  void set_smooth(bool on);
  // astar::SmoothOptions::respect_costs: on unless the user turns it off (Search panel).
  bool smooth_respects_costs() const { return path_.smooth_options.respect_costs; }
  void set_smooth_respects_costs(bool on);
  static bool supports_smoothing(astar::Algorithm a) { return astar::info(a).smoothable; }
  // Whether the path shown is smoothed when smooth() is on: the algorithm supports it, no trace
  // is open, and the level is square (smoothing's line of sight is traced through squares).
  bool smoothing_applies() const;
  // The smoothed waypoints of path(); empty when smoothing is off, unsupported or there is no path.
  const std::vector<astar::Cell>& smoothed() const { return path_.smoothed(); }
  double smoothed_length() const { return path_.smoothed_length(); }
  // astar::smoothed_cost of smoothed(); nullopt without one (or a segment across an edge
  // override while costs are ignored).
  std::optional<double> smoothed_cost() const { return path_.smoothed_cost(); }

  // [SECTION] Walking (search_session_walk.cpp)
  bool walk_applies() const;  // walk on, D* Lite chosen, no trace open
  // "move 7, at (3, 4), walked cost 7.41, 2 walls discovered", or the arrival; empty unless walking.
  std::string walk_text() const;

 private:
  const astar::Level& level() const { return ctx_.doc.level(); }
  // A cell the search shows differently now (its state, g, h or f, or the path's tint): for the
  // renderer's and the heat map's change logs. _all: too many to list.
  void search_changed(astar::Cell c);
  void search_changed_all();
  void new_search();
  void make_search();  // new_search's search of ours: walk, replanning or any other
  void record_step();
  void after_steps();
  bool stepped_into_breakpoint();
  void update_path();
  void clear_path();
  void options_changed();
  void fit_heuristic();  // see heuristic()
  void update_smoothed();
  void seek_trace_event(std::size_t index);  // seek_event with a trace open
  void rerun_trace();                        // rerun with a trace open
  bool repair_search();                      // search_session_repair.cpp: rerun's LPA*/D* Lite way
  void update_repair_text();
  void count_scratch(const astar::Level& level);  // repair_.scratch_expanded: A* from scratch
  // Past this many cells A* from scratch is not run beside a repair (it would stall a frame).
  static constexpr std::int64_t kMaxScratchCells = 1'000'000;
  bool walk_move();  // search_session_walk.cpp
  void sync_walk();

  SessionContext ctx_;
  int search_w_ = 0, search_h_ = 0;  // the level's size when the search was made
  astar::SearchOptions options_;
  double range_budget_ = 5.0;              // the movement range's budget, kept while it is off
  astar::TraceRecorder recorder_;          // the search's listener: its event log
  std::unique_ptr<astar::Search> search_;  // holds the level: recreated after every edit
  astar::ReplanningSearch* replanning_ = nullptr;  // search_ when it is LPA* or D* Lite, typed
  astar::TraceReplay* replay_ = nullptr;   // search_ when a trace is open, typed
  HierarchyState hierarchy_;               // HPA*'s graph across edits, its words
  PathView path_;                          // the path shown, its tint and its smoothing
  bool rerun_pending_ = false;
  bool options_dirty_ = true;  // the search options changed since the search was made
  RepairLog repair_;
  astar::BreakpointWatch watch_;
  std::int64_t furthest_ = 0;
  double step_budget_ = 0.0;
  // Where a re-run steps to, kept across an Invalid search (which stays at iteration 0), so
  // choosing an algorithm that cannot run here and then another one returns to the same place.
  std::int64_t target_iteration_ = 0;
  bool target_end_ = false;
  std::uint64_t generation_ = 0;
  std::optional<astar::HeuristicReport> heuristic_report_;
  std::optional<astar::Heuristic> swapped_heuristic_;  // the one fit_heuristic replaced last
  mutable SearchCaches caches_;  // expansion_order()'s numbers and heat_field()'s field
};

}  // namespace studio
