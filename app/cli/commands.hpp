// The commands of the `astar` tool. Each command is a function taking the arguments after its
// name and returning the exit code; main.cpp lists them in one table and dispatches. To add a
// command: write NAME_command.cpp with its run and help functions, declare them here and add a
// row to kCommands in main.cpp.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace astar::cli {

struct Command {
  std::string_view name;
  std::string_view summary;  // one line for the command list
  int (*run)(std::span<const std::string> args);  // args after the command name; no --help
  std::string (*help)();     // usage, options, defaults and output fields
};

// astar run LEVEL [options]
int run_command(std::span<const std::string> args);
std::string run_help();

// astar bench SCEN... [options]: MovingAI scenario files
int bench_command(std::span<const std::string> args);
std::string bench_help();

// astar trace LEVEL [options]: the search's events as plain-language lines or JSON
int trace_command(std::span<const std::string> args);
std::string trace_help();

// astar check-heuristic LEVEL [options]: overestimates, inconsistent moves and a verdict
int check_heuristic_command(std::span<const std::string> args);
std::string check_heuristic_help();

// astar check-trace LEVEL TRACE [options]: another program's search trace checked against the level
int check_trace_command(std::span<const std::string> args);
std::string check_trace_help();

// astar check-plan MAP SCEN PLAN | LEVEL PLAN [options]: another program's multi-agent plan checked
int check_plan_command(std::span<const std::string> args);
std::string check_plan_help();

// astar compare LEVEL --algorithm A --algorithm B [...]: 2 to 4 searches side by side, one row each
int compare_command(std::span<const std::string> args);
std::string compare_help();

// astar generate KIND [options] [-o FILE]: a maze, rooms, obstacles or noise terrain from a seed
int generate_command(std::span<const std::string> args);
std::string generate_help();

// astar import FILE [options] [-o OUT.json]: a PNG/JPEG image, MovingAI .map or Tiled map
int import_command(std::span<const std::string> args);
std::string import_help();

// astar export LEVEL -o OUT.map: a level as a MovingAI map (walls only)
int export_command(std::span<const std::string> args);
std::string export_help();

// astar walk LEVEL [--sensor R] [--format json]: a D* Lite agent walks, discovering walls
int walk_command(std::span<const std::string> args);
std::string walk_help();

// astar units LEVEL [--scen FILE --agents K] [--format json]: many units' plans in time, conflicts
int units_command(std::span<const std::string> args);
std::string units_help();

// astar reach LEVEL --from X,Y --budget B [--format json]: the movement range and its costs
int reach_command(std::span<const std::string> args);
std::string reach_help();

// astar exercise KIND --seed CLASS --student NAME [-o FILE]: a student's exercise as a level file
// (or with --model-answer a perfect student's result file)
int exercise_command(std::span<const std::string> args);
std::string exercise_help();

// astar grade RESULT... [--format table|csv]: students' result files replayed, scores recomputed
int grade_command(std::span<const std::string> args);
std::string grade_help();

// The "Exit codes:" section printed by every help text.
std::string exit_codes_help();

}  // namespace astar::cli
