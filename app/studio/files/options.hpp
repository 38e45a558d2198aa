// The studio's command line: astar-studio [LEVEL] [--screenshot FILE] [--frames N]
//                                          [--steps K | --run] [--back K] [--play-steps K]
//                                          [--size WxH] [--zoom PX]
//                                          [--focus X,Y] [--start X,Y] [--goal X,Y]
//                                          [--algorithm NAME] [--heuristic NAME] [--range B]
//                                          [--units PLANNER [--window W] [--tick T]
//                                          [--watch-steps K] [--cbs-nodes N]
//                                          [--cbs-select ID] [--cbs-choice NAME]]
//                                          [--scen FILE --agents K]
//                                          [--weight W] [--tie-break NAME] [--partial-path]
//                                          [--smooth] [--cluster-size N] [--hpa-smooth]
//                                          [--gif FILE [--gif-range A:B]
//                                          [--gif-frames N] [--gif-delay MS] [--gif-shrink K]]
//                                          [--present] [--embed] [--palette NAME] [--patterns on|off]
//                                          [--ui-scale F] [--compare A,B[,C[,D]]]
//                                          [--overlay NAME=off|on|OPACITY]... [--heat g|h|f]
//                                          [--check-heuristic] [--autosave-seconds N]
//                                          [--hide-layer NAME]... [--layer-opacity NAME=OPACITY]...
//                                          [--lock-layer NAME]...
//                                          [--bench-frames N [--bench-pan] [--bench-play IPS]]
//                                          [--open-dialog NAME] [--recipe RECIPE]
//                                          [--import FILE] [--trace FILE [--finding N | --follow]]
//                                          [--plan FILE [--finding N]]
//                                          [--exercise KIND [--seed CLASS] [--student NAME]
//                                          [--difficulty D] [--question Q] [--exam
//                                          [--time-limit S]] [--no-hints] | --resume RESULT]
//                                          [--list-commands] [--list-keys]
//                                          [--help]
// Each option is a row of one table (options.cpp) that both parsing and --help read.
#pragma once

#include <cstdint>
#include <optional>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/endpoint_args.hpp"
#include "astar/exercise_spec.hpp"
#include "astar/grid.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"
#include "state/appearance.hpp"
#include "state/overlays.hpp"
#include "state/palette.hpp"

namespace studio {

struct Options {
  std::string level_path;            // empty: levels/welcome.json, else a blank 24 x 16 level
  std::string screenshot;            // empty: interactive; else render, write the PNG, exit
  int frames = 5;                    // frames rendered before the screenshot is taken
  std::int64_t steps = 0;            // search iterations taken at start
  bool run = false;                  // run the search to the end at start
  std::int64_t back = 0;             // iterations stepped back after --steps / --run
  // With --screenshot: K iterations every frame, as playing takes them, so the textures and
  // the heat map follow the search frame by frame up to the screenshot (tests).
  std::int64_t play_steps = 0;
  int width = 1280, height = 800;    // window size
  bool size_given = false;           // --size: else the size grows with the UI scale
  float zoom = 0.0f;                 // cell size in pixels; 0: fit the level to the canvas
  std::optional<astar::Cell> focus;  // cell centred in the canvas (with --zoom)
  // --start X,Y and --goal X,Y: over the level's own start and goal, checked once it is open.
  astar::EndpointArgs endpoints;
  astar::Algorithm algorithm = astar::Algorithm::AStar;
  astar::Heuristic heuristic = astar::Heuristic::Octile;
  double weight = 2.0;               // weighted A*'s w (--weight needs --algorithm weighted-astar)
  astar::TieBreak tie_break = astar::TieBreak::LargerG;
  bool partial_path = false;
  bool smooth = false;               // also show the path smoothed by string pulling
  int cluster_size = 16;             // HPA*'s cluster side (--cluster-size, 4..256)
  bool hpa_smooth = false;           // HPA*'s last step smooths its path (--hpa-smooth)
  std::optional<double> range;       // --range B: the movement range with B points (Dijkstra)
  // --units PLANNER: Play units with flow-field, ca-star, whca-star or cbs (over the level's
  // units_plan); --window W (whca-star's), --tick T (the time slider at T, clamped to the plans).
  std::string units_planner;
  std::uint32_t units_window = 0;    // 0: the level's or the default
  std::int64_t units_tick = 0;
  std::int64_t watch_steps = -1;     // --watch-steps K: watch the planner plan, K nodes in
  // CBS watched: --cbs-nodes N tree nodes expanded (then --watch-steps' iterations), node
  // --cbs-select ID shown (its plans on the slider at --tick), --cbs-choice first|cardinal.
  std::int64_t cbs_nodes = -1;
  std::int64_t cbs_select = -1;
  std::optional<astar::CbsConflictChoice> cbs_choice;
  // --scen FILE --agents K: a MovingAI scenario's first K queries as the level's units, under
  // the multi-agent benchmark's rules (astar::add_movingai_units), as `astar units` reads them.
  std::string scen;
  std::int64_t agents = 0;
  // --gif FILE: export an animation of the run (see AnimationSettings), then exit.
  std::string gif;
  std::int64_t gif_from = 0, gif_to = -1;
  int gif_frames = 40, gif_delay_ms = 100, gif_shrink = 1;
  // Presentation and accessibility (see Appearance).
  bool present = false;              // presentation mode at start: large fonts, full screen
  bool embed = false;                // --embed: an exercise alone (Appearance::embed)
  palette::Id palette = palette::Id::Default;
  std::optional<bool> patterns;      // unset: the palette's default (on for colour-blind)
  float ui_scale = 0.0f;             // 0: the monitor's content scale; else 0.5..4
  // --compare a,b[,c[,d]]: open the Compare window with these algorithms (--steps / --run
  // step it too).
  std::vector<astar::Algorithm> compare;
  int compare_trace = -1;  // the pane of `compare` that shows --trace's trace ("trace"), or -1
  // --overlay NAME=off|on|OPACITY (repeatable) and --heat g|h|f (turns the heat map on).
  Overlays overlays;
  // --hide-layer NAME and --layer-opacity NAME=OPACITY (repeatable): the layer panel's
  // visibility and opacity at start (NAME as astar::to_string(Layer): walls, costs, ...).
  Layers layers;
  // --check-heuristic: run the heuristic check at start (after the options above apply).
  bool check_heuristic = false;
  // --autosave-seconds N: how often unsaved changes go to the recovery file (0: never).
  int autosave_seconds = 30;
  bool help = false;
  bool version = false;       // --version: "astar-studio 0.1.0", and exit
  bool list_lessons = false;  // --list-lessons: each lesson found, file and title, and exit
  // --list-commands (TSV) or --list-keys (the Markdown key table of docs/studio.md): print and exit.
  enum class CommandList : std::uint8_t { None, Tsv, Markdown };
  CommandList list_commands = CommandList::None;
  // --bench-frames N: render N frames (after 20 to warm up) without vsync, print frame-time
  // figures and exit (bench/studio_frames.sh); --bench-pan pans the view every frame;
  // --bench-play IPS plays the search at IPS iterations per second.
  int bench_frames = 0;
  bool bench_pan = false;
  double bench_play = 0.0;
  // --tool wall|erase|cost=V|height=H: the painting tool at start (0..3 as studio::Tool) and its
  // value; for scripts and tests.
  int tool = 0;
  double tool_value = 0.0;
  // [dialogs] A dialog open at start: --open-dialog generate|import|export-map|export-png,
  // --recipe RECIPE (Generate, its fields from a recipe: "maze-division --size 21x15 --seed 9"),
  // --import FILE (Import, the file read). For scripts, tests and screenshots of the dialogs.
  std::string open_dialog;  // empty: none
  std::string recipe;       // checked by parse_generator_recipe
  std::string import_path;
  // --trace FILE: replay a search trace (trace_mode.hpp) on LEVEL, or without one on a blank
  // level sized to its cells; --steps, --run and --back step the replay.
  std::string trace_path;
  // --follow: with --trace and a LEVEL, follow the trace's file live (Studio::follow_trace).
  bool follow = false;
  // --finding N: with --trace (or a LEVEL whose search.trace opens one: refused at start when it
  // does not) or --plan, go to the check's N-th finding (1-based), as a click on its row in
  // the Findings panel does: the replay just after its event (a plan: the time slider at its
  // tick), its cell ringed.
  int finding = 0;
  // --plan FILE: a multi-agent plan another program wrote (state/opened_plan.hpp), played on
  // LEVEL's units (after --scen's) and checked; --tick T puts the time slider at T.
  std::string plan_path;
  // --exercise KIND: start an exercise (state/exercise_mode.hpp) instead of opening a level,
  // made from --seed CLASS, --student NAME, --difficulty easy|medium|hard (default medium),
  // --question admissible|consistent (heuristic), --algorithm (expansion-order and
  // predict-closed: astar, dijkstra, greedy or bfs), --exam with --time-limit S, --no-hints.
  // Checked by core (astar::check_exercise_spec) once every option is read.
  std::optional<astar::ExerciseSpec> exercise;
  astar::ExerciseSpec exercise_args;  // the fields as read, before the difficulty applies
  std::optional<astar::ExerciseDifficulty> exercise_difficulty;
  // --resume RESULT: the exercise a result file records (or the page's kept progress), made
  // again and taken to where its answers got (Studio::restore_exercise).
  std::string resume;
  // The options on the command line ("--algorithm", ...): only those override a level's preset.
  std::vector<std::string> given;
  bool was_given(std::string_view name) const {
    return std::find(given.begin(), given.end(), name) != given.end();
  }
};

// Parses argv (argv[0] is skipped). The error names the bad argument.
astar::Result<Options> parse_options(int argc, const char* const* argv);
// The --help text.
std::string usage();

}  // namespace studio
