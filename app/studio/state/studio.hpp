// The studio's state: the small object that wires its parts together. The parts are the document
// (the level, its editor and file: document.hpp), the search session (the search shown with its
// options, play and seek, breakpoints, the path, repairs and the quiz: search_session.hpp), walk
// mode (walk_mode.hpp), trace mode (trace_mode.hpp, trace_mode.cpp, trace_following.cpp),
// exercise mode (exercise_mode.hpp), and what the panels change directly (UiState, ui_state.hpp). Studio is the editor's listener: an
// edit marks the level dirty, goes to the renderer's change log and to the session, which
// re-runs or repairs its search at flush(). Panels and the viewport read and change it; the grid
// renderer follows its change records. No GL, GLFW or ImGui here: this folder builds as
// astar_studio_state, which the doctest binary drives without a window (tests/studio_state/).
//
//   Studio st;
//   st.open("levels/welcome.json");          // the status line says so
//   st.editor().set_cell(astar::Layer::Walls, {3, 4}, 1.0);
//   st.flush();                              // the search re-run (or repaired) after the edit
//   st.session().run_to_end();  use(st.session().path());
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/agent_walk.hpp"
#include "astar/edit.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"
#include "state/change_log.hpp"
#include "state/document.hpp"
#include "state/opened_plan.hpp"
#include "state/search_session.hpp"
#include "state/trace_mode.hpp"
#include "state/ui_state.hpp"
#include "state/units_playback.hpp"
#include "state/walk_mode.hpp"

namespace astar {
struct Exercise;
struct TimedAction;
}  // namespace astar

namespace studio {

// Exercise mode (state/exercise_mode.hpp, included where it is used: astar/exercise.hpp's
// Verdict and astar/inspect.hpp's cannot both be in one file).
class ExerciseMode;

// Studio is a UiState: the tools, view, status line and play controls are its public fields.
class Studio : public UiState {
 public:
  Studio();
  ~Studio();
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
  // search re-run (SearchSession::rerun).
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
  // The level's topology and stagger, one undo step (astar::Editor::set_topology), dropping
  // what astar::topology_loss counts: ask first (topology_words.hpp says what). The status line
  // names the new topology and what was dropped; the search's heuristic follows the topology
  // (SearchSession::heuristic). False when nothing changed.
  bool set_topology(astar::Topology t, astar::HexStagger stagger);
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

  // [SECTION] The search session (search_session.hpp): the search shown with its options, play
  // and seek, breakpoints, the path, repairs and the quiz. Panels step and read it here.
  SearchSession& session() { return session_; }
  const SearchSession& session() const { return session_; }
  // End of frame: the re-run after this frame's edits (SearchSession::flush); an exercise's
  // answers since the last flush tint the grid again (search_changes).
  void flush();
  // Once a frame: a pending re-run, a followed trace's new events, then Play (SearchSession::play).
  void update(double dt);
  // Writes the log's events up to where the search is as JSON (one record per event, the same as
  // `astar trace --format json`) to `path`, atomically. The status line says where or why not.
  astar::Status export_trace(const std::string& path);

  // [SECTION] Walk mode (walk_mode.hpp; stepped in search_session_walk.cpp): with D* Lite and
  // walk on, the agent walks its plan. Once the search has a path, the next step moves the agent
  // one cell (a repair: the start moved, and the walls it discovered), so Step, Play and End walk
  // it to the goal and Back takes moves back. With a sensor it knows walls only within that many
  // cells of where it has stood (the rest is fog, astar::AgentWalk); an edit of the level is a
  // repair of what it knows, and one that moves the start or resizes the level begins a new walk.
  using WalkSettings = WalkMode::Settings;
  const WalkSettings& walk_settings() const { return walk_.settings(); }
  void set_walk(WalkSettings w);  // a new walk from the start, when it changed
  const astar::AgentWalk* walk() const { return walk_.agent(); }  // null: not walking
  // (session().walk_applies() and walk_text() say whether it applies and where it is.)

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

  // [SECTION] Play units (units_playback.hpp): the level's units planned together and moved on a
  // time slider. A newly opened level shows its units_plan; edits mark the plans out of date, and
  // update() plans again (repairing flow fields after edits of cells).
  UnitsPlayback units_playback;

  // [SECTION] A plan from another program (opened_plan.hpp, opened_plan.cpp): read and checked
  // on the level, played by units_playback, its findings in the Findings panel.
  // On an error the status line names the file (and line) and the level and an open plan stay.
  astar::Status open_plan(const std::string& path);
  void close_plan();
  const OpenedPlan* opened_plan() const { return plan_.get(); }  // null: none open
  // The time slider at the finding's tick, paused, and its cell ringed.
  void select_plan_finding(std::size_t index);

  // [SECTION] Exercises (exercise_mode.hpp; Studio's part in exercise_mode.cpp): the student runs
  // the algorithm on the exercise's level, which replaces the document's (callers guard unsaved
  // work first, as for Open). A new level ends the exercise; opening a level file with an
  // "exercise" starts that one (astar::exercise_of_level; one that is not the level its spec
  // makes opens as a plain level, and the status line says why). Find-bug opens the exercise's
  // trace in trace mode. The status line says what happened, or why not.
  astar::Status start_exercise(const astar::ExerciseSpec& spec);  // astar::make_exercise
  void start_exercise(astar::Exercise exercise, std::string path);
  void close_exercise();
  ExerciseMode* exercise() { return exercise_.get(); }
  const ExerciseMode* exercise() const { return exercise_.get(); }
  // Answers given and the exercise not over: New, Open and Quit ask before it is lost.
  bool exercise_in_progress() const;
  // Writes the result file (astar::result_to_json) to `path` atomically; empty: the default,
  // exercise_result_path(). The status line says where, or why not.
  astar::Status save_exercise_result(std::string path = "");
  // The result's file beside the level's file (untitled: in the working folder).
  std::string exercise_result_path() const;
  // An exercise taken to where recorded answers got (a result file or the page's kept progress,
  // read by files/exercise_progress.hpp): made again from `spec`, its actions replayed
  // (ExerciseMode::replay). An error names `source`; the level and an exercise open stay then.
  astar::Status restore_exercise(const astar::ExerciseSpec& spec, const std::vector<astar::TimedAction>& actions,
                                 std::string_view source);

  // [SECTION] Change records for the renderer (declared before session_, which writes them)
  ChangeLog level_changes;
  ChangeLog search_changes;

 private:
  // The editor's listener: the renderer's change log, then the session (a repair's cells, a
  // re-run at the next flush; at once for a new size).
  struct EditHook : astar::EditListener {
    Studio* studio = nullptr;
    void cell_changed(astar::Cell c) override;
    void level_changed() override;
  };
  void open_preset_trace();        // the level's search.trace, after open()
  void poll_following(double dt);  // trace_following.cpp, once a frame
  void show_followed_events();
  void update_plan();  // opened_plan.cpp, once a frame: checked again after edits, or closed


  Document doc_;
  EditHook edit_hook_;
  WalkMode walk_;                     // walk mode: the session's search reads its agent's known()
  std::unique_ptr<TraceMode> trace_;  // trace mode: the session's search is its TraceReplay
  std::unique_ptr<OpenedPlan> plan_;  // an opened plan, played by units_playback
  std::unique_ptr<ExerciseMode> exercise_;  // an exercise under way
  std::uint64_t exercise_drawn_ = 0;        // its revision() when the grid was last tinted
  astar::Status open_exercise_level(astar::Level level, const std::string& path);
  bool plan_edited_ = false;          // the level changed since the plan was checked
  SearchSession session_{{.doc = doc_, .walk = walk_, .trace = trace_,
                          .level_changes = level_changes, .search_changes = search_changes,
                          .status = status, .playing = playing, .speed = speed}};
};

}  // namespace studio
