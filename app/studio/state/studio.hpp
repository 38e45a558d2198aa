// The studio's state: the object that wires its parts together. The parts are the document (the
// level, its editor and file: document.hpp), the search shown over it with its options, play
// controls, breakpoints, caches and repairs (here and in studio_repair.cpp), the path shown
// (path_view.hpp), walk mode (walk_mode.hpp, studio_walk.cpp), trace mode (trace_mode.hpp,
// trace_mode.cpp, trace_following.cpp), the quiz, and what the panels change directly (UiState,
// ui_state.hpp). Panels and the viewport read and change it; the grid renderer follows its change
// records. No GL, GLFW or ImGui here: this folder builds as astar_studio_state, which the doctest
// binary drives without a window (tests/studio_state/).
//
//   Studio st;
//   st.open("levels/welcome.json");          // the status line says so
//   st.editor().set_cell(astar::Layer::Walls, {3, 4}, 1.0);
//   st.flush();                              // the search re-run (or repaired) after the edit
//   st.run_to_end();  use(st.path());
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "astar/agent_walk.hpp"
#include "astar/breakpoints.hpp"
#include "astar/edit.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/level.hpp"
#include "astar/replanning.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"
#include "astar/smoothing.hpp"
#include "astar/trace.hpp"
#include "state/change_log.hpp"
#include "state/document.hpp"
#include "state/heat_field.hpp"
#include "state/path_view.hpp"
#include "state/search_caches.hpp"
#include "state/trace_mode.hpp"
#include "state/ui_state.hpp"
#include "state/walk_mode.hpp"

namespace studio {

// Largest level whose searches record rewind data (step back). Above it, Back is disabled.
inline constexpr std::int64_t kMaxRewindCells = 2048LL * 2048LL;
// Walking, each move keeps a copy of the level for step back: the limit is lower.
inline constexpr std::int64_t kMaxWalkRewindCells = 128LL * 128LL;
// Most events the log keeps (about 100 bytes each); later ones are counted, not kept.
inline constexpr std::size_t kMaxLogEvents = 300000;

// Studio is a UiState: the tools, view, status line and play controls are its public fields.
class Studio : public UiState {
 public:
  Studio();
  Studio(const Studio&) = delete;  // the search points into the document's level
  Studio& operator=(const Studio&) = delete;

  // [SECTION] Level and file (the document)
  const astar::Level& level() const { return doc_.level(); }
  const std::string& file_path() const { return doc_.file_path(); }  // empty: untitled
  std::string file_name() const { return doc_.file_name(); }  // "welcome.json" or "untitled"
  bool dirty() const { return doc_.dirty(); }
  std::string window_title() const { return doc_.window_title(); }  // "A* Studio — welcome.json *"

  // Replace the level (New, Open). The search restarts at iteration 0 and the view refits.
  void set_level(astar::Level level, std::string path);
  astar::Status open(const std::string& path);
  astar::Status save_as(const std::string& path);
  // [files] A level restored from an autosave (recovery.hpp) is unsaved, though it has a path.
  void mark_unsaved() { doc_.mark_unsaved(); }

  // [SECTION] Edits. All go through editor(), which records them for undo; its listener (the
  // studio) marks the level dirty, tells the renderer which cells changed and schedules the
  // search re-run (see rerun).
  astar::Editor& editor() { return doc_.editor(); }
  const astar::Editor& editor() const { return doc_.editor(); }
  // False, and the status line says why, when the layer is locked in the layer panel.
  bool layer_editable(astar::Layer layer);
  // The value the tools paint on a cell layer: walls and agents 1 (0 with `other`, Shift), the
  // Costs value (1 with other), the Heights value (0 with other).
  double paint_value(astar::Layer layer, bool other) const;
  bool undo();  // the status line names what was undone
  bool redo();
  // Generators and imports: the level is replaced as one undo step.
  void replace_level(astar::Level level, std::string label);
  astar::Status resize_level(int width, int height, astar::Anchor anchor);
  bool move_start(astar::Cell c);                     // false when c is not an open free cell
  bool move_goal(astar::Cell c);
  void set_neighbours(astar::Neighbours n);
  void set_diagonal(astar::DiagonalPolicy p);
  // The movement rules, brought within what level files accept (astar::within_file_limits). A
  // `merge_key` joins the change to the last step when that set the same key (typing in one
  // field is one undo step). The status line says so when the agent radius now touches a shape
  // at the start or the goal (no search can run until it is smaller).
  void set_rules(const astar::MovementRules& rules, std::string_view merge_key = {});
  // The level's iteration guard (preset.max_iterations, saved with it): the search stops after
  // that many iterations; nullopt: no guard. Clamped to 1..SearchPreset::kMaxIterations.
  void set_iteration_guard(std::optional<std::int64_t> max_iterations,
                           std::string_view merge_key = {});
  void set_name(std::string name);
  void set_agents_block(bool on);  // false (and says why) when an agent stands on the start or goal
  void set_terrains(std::vector<astar::Terrain> terrains);
  bool can_hold_endpoint(astar::Cell c) const { return level().open(c); }

  // [SECTION] Search
  const astar::Search& search() const { return *search_; }
  // The search as LPA* or D* Lite, when it is one (the algorithm's info(a).extras.replans, or a
  // walk): edits to the level are repairs of it, not a new search (studio_repair.cpp). Kept
  // typed from when it was made: nothing here casts a search.
  const astar::ReplanningSearch* replanning() const { return replanning_; }
  // The last repair in words: "repair 3: 37 cells updated · A* from scratch: 1,204 expanded";
  // empty before the first repair of this search.
  const std::string& repair_text() const { return repair_text_; }
  // The options as chosen in the panel. The search gets search_options(): the weight only for
  // weighted A*, partial paths only where the algorithm has them, and max_iterations from the
  // level's iteration guard (level().preset), never from here.
  const astar::SearchOptions& options() const { return options_; }
  astar::SearchOptions search_options() const;
  astar::Algorithm algorithm() const { return options_.algorithm; }
  astar::Heuristic heuristic() const { return options_.heuristic; }
  // Each keeps the iteration, like an edit (the search is made anew and stepped there).
  void set_algorithm(astar::Algorithm a);
  void set_heuristic(astar::Heuristic h);
  void set_weight(double w);
  void set_tie_break(astar::TieBreak t);
  void set_partial_path(bool on);
  // Whether the current algorithm can show a partial path (bidirectional A* cannot).
  static bool supports_partial_path(astar::Algorithm a) { return astar::info(a).partial_paths; }
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
  void reset_search();
  // The event log of the search shown (one event per micro-step, kept through rewinds).
  const astar::TraceRecorder& trace() const { return recorder_; }
  // Writes the log's events up to where the search is as JSON (one record per event, the same as
  // `astar trace --format json`) to `path`, atomically. The status line says where or why not.
  astar::Status export_trace(const std::string& path);
  // Bumped each time a new search is made (edits, options, reset, a new level).
  std::uint64_t generation() const { return generation_; }
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
  // Goes to just after event `index` of trace(): its iteration, micro-stepped to that event.
  void seek_event(std::size_t index);
  // One micro-step: the take, or one move of the taken node (Search::micro_step).
  void micro_step();
  bool micro_step_back();
  // Jumps to the end of an iteration (the timeline's scrubber); needs recording to go back.
  void seek(std::int64_t iteration);
  // The furthest iteration this search has reached: the timeline's end.
  std::int64_t furthest_iteration() const { return furthest_; }
  // "Predict the next node": while on, a click on the canvas is the student's guess of the node
  // the next take takes; the studio says right or wrong and why, then takes that step.
  struct Quiz {
    bool on = false;
    int asked = 0, right = 0;
    std::string last;      // the last verdict
    bool last_right = false;
  } quiz;
  void answer_quiz(astar::Cell guess);
  // Breakpoints: checked after every step, micro-step and play; a hit pauses and says why in
  // the status line.
  astar::Breakpoints& breakpoints() { return watch_.breakpoints; }
  const astar::Breakpoints& breakpoints() const { return watch_.breakpoints; }
  // After edits: a new search on the current level, stepped to the iteration shown before (or to
  // the end when it had finished). Called once per frame when an edit scheduled it.
  void rerun();
  void flush() { if (rerun_pending_) rerun(); }  // end of frame: re-run after this frame's edits
  // Play: takes speed * dt iterations (after a pending rerun), at most kPlayTimeBudget's worth.
  void update(double dt);
  static constexpr std::chrono::milliseconds kPlayTimeBudget{10};
  static constexpr std::int64_t kPlayChunk = 500;  // steps between two reads of the clock
  // The path shown: the search's path() once it has finished with one (Found, or a partial path
  // to the reached cell nearest the goal). Cells are 8-adjacent except for Theta*, whose path is
  // its any-angle waypoints.
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
  // replaces), shown beside the grid path. Computed
  // once when the path or the setting changes. Theta*'s path is already any-angle: no smoothing.
  bool smooth() const { return path_.smooth; }
  void set_smooth(bool on);
  // astar::SmoothOptions::respect_costs: on unless the user turns it off (Search panel).
  bool smooth_respects_costs() const { return path_.smooth_options.respect_costs; }
  void set_smooth_respects_costs(bool on);
  static bool supports_smoothing(astar::Algorithm a) { return astar::info(a).smoothable; }
  // The smoothed waypoints of path(); empty when smoothing is off, unsupported or there is no path.
  const std::vector<astar::Cell>& smoothed() const { return path_.smoothed(); }
  double smoothed_length() const { return path_.smoothed_length(); }
  // astar::smoothed_cost of smoothed(); nullopt without one (or a segment across an edge
  // override while costs are ignored).
  std::optional<double> smoothed_cost() const { return path_.smoothed_cost(); }

  // [SECTION] Walk mode (studio_walk.cpp): with D* Lite and walk on, the agent walks its plan.
  // Once the search has a path, the next step moves the agent one cell (a repair: the start
  // moved, and the walls it discovered), so Step, Play and End walk it to the goal and Back
  // takes moves back. With a sensor it knows walls only within that many cells of where it has
  // stood (the rest is fog, astar::AgentWalk); an edit of the level is a repair of what it
  // knows, and one that moves the start or resizes the level begins a new walk.
  using WalkSettings = WalkMode::Settings;
  const WalkSettings& walk_settings() const { return walk_.settings(); }
  void set_walk(WalkSettings w);  // a new walk from the start, when it changed
  bool walk_applies() const;       // walk on, D* Lite chosen, no trace open
  const astar::AgentWalk* walk() const { return walk_.agent(); }  // null: not walking
  // "move 7, at (3, 4), walked cost 7.41, 2 walls discovered", or the arrival; empty unless walking.
  std::string walk_text() const;

  // [SECTION] Trace mode (trace_mode.hpp, trace_mode.cpp): a trace from another program replayed
  // on the level as the search shown, checked against it. Edits keep it (rebuilt on the edited
  // level at the same event, checked again); a new level closes it, and opens its own when its
  // preset names one (search.trace, beside the level file).
  // Reads the trace (every cell inside the level) and shows it; on an error the status line names
  // the file and why, and the level and its search stay as they were.
  astar::Status open_trace(const std::string& path);
  void open_trace(std::shared_ptr<const astar::ImportedTrace> trace, std::string path);
  void close_trace();
  const TraceMode* trace_mode() const { return trace_.get(); }  // null: no trace open
  // Live (trace_following.cpp): the trace's file followed while another program writes it (a
  // growing JSON Lines file or a named pipe, astar::TraceFollower). Turning it on re-reads the
  // file from its start; new events are shown as they arrive (the view stays at the end unless
  // you stepped back), checked again at most twice a second, and less often when an update takes
  // longer than a twentieth of a second (a big trace or level: updates take at most a tenth of
  // the time). A file cut shorter stops it with a
  // message in the status line, keeping what was read. follow_trace(path) opens and follows a
  // file that may not exist yet, on the current level.
  void follow_trace(const std::string& path);
  void set_following(bool on);
  bool following() const;
  // Seeks to just after the finding's event and rings its cell.
  void select_finding(std::size_t index);

  // [SECTION] Change records for the renderer
  ChangeLog level_changes;
  ChangeLog search_changes;

 private:
  // The editor's listener: change logs for the renderer, dirty flag, re-run.
  struct EditHook : astar::EditListener {
    Studio* studio = nullptr;
    void cell_changed(astar::Cell c) override;
    void level_changed() override;
  };
  void after_edit();
  // A cell the search shows differently now (its state, g, h or f, or the path's tint): for the
  // renderer's and the heat map's change logs. _all: too many to list.
  void search_changed(astar::Cell c);
  void search_changed_all();
  void apply_preset();
  void new_search();
  void record_step();
  void after_steps();
  bool stepped_into_breakpoint();
  void update_path();
  void clear_path();
  void options_changed();
  void update_smoothed();
  void make_search();  // new_search's search of ours: walk, replanning or any other
  void seek_trace_event(std::size_t index);  // trace mode's seek_event
  void rerun_trace();                        // trace mode's rerun
  void open_preset_trace();                  // the level's search.trace, after open()
  void poll_following(double dt);            // trace_following.cpp, once a frame
  bool repair_search();                      // studio_repair.cpp: rerun's LPA*/D* Lite way
  void update_repair_text();
  void count_scratch(const astar::Level& level);  // scratch_expanded_: A* from scratch on `level`
  // Past this many cells A* from scratch is not run beside a repair (it would stall a frame).
  static constexpr std::int64_t kMaxScratchCells = 1'000'000;
  bool walk_move();  // studio_walk.cpp
  void sync_walk();
  void show_followed_events();

  Document doc_;
  EditHook edit_hook_;
  int search_w_ = 0, search_h_ = 0;  // the level's size when the search was made
  astar::SearchOptions options_;
  astar::TraceRecorder recorder_;         // the search's listener: its event log
  WalkMode walk_;  // walk mode: its search (search_) reads walk_.agent()->known()
  std::unique_ptr<astar::Search> search_;  // holds the level: recreated after every edit
  astar::ReplanningSearch* replanning_ = nullptr;  // search_ when it is LPA* or D* Lite, typed
  std::unique_ptr<TraceMode> trace_;       // trace mode: search_ is its TraceReplay ...
  astar::TraceReplay* replay_ = nullptr;   // ... and this, typed (null without a trace)
  PathView path_;                          // the path shown, its tint and its smoothing
  bool rerun_pending_ = false;
  bool options_dirty_ = true;  // the search options changed since the search was made
  // The cells edited since the search last saw the level (for a repair); all: too many, or a
  // change that names no cell (a shape, the rules), so the repair compares the levels.
  std::vector<astar::Cell> edited_cells_;
  bool edited_all_ = false;
  std::string repair_text_;
  std::int64_t scratch_expanded_ = -1;  // A* from scratch on the repaired level (-1: not run)
  std::int64_t repairs_applied_ = 0;    // repairs this search was given (a step back undoes one)
  astar::BreakpointWatch watch_;
  std::int64_t furthest_ = 0;
  double step_budget_ = 0.0;
  // Where a re-run steps to, kept across an Invalid search (which stays at iteration 0), so
  // choosing an algorithm that cannot run here and then another one returns to the same place.
  std::int64_t target_iteration_ = 0;
  bool target_end_ = false;
  std::uint64_t generation_ = 0;
  std::optional<astar::HeuristicReport> heuristic_report_;
  mutable SearchCaches caches_;  // expansion_order()'s numbers and heat_field()'s field
};

}  // namespace studio
