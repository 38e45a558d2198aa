// astar: the command-line tool of A* Studio. Dispatches to one command per first argument.
#include <array>
#include <exception>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "args.hpp"
#include "commands.hpp"
#include "output.hpp"

namespace astar::cli {

namespace {

constexpr std::array<Command, 15> kCommands{{
    {"run", "search one level with a chosen algorithm and print the path, cost and counters",
     &run_command, &run_help},
    {"bench", "run MovingAI scenario files and compare every length with the optimal one",
     &bench_command, &bench_help},
    {"trace",
     "print each event of a search: nodes taken, neighbours relaxed or skipped and why",
     &trace_command, &trace_help},
    {"check-heuristic",
     "does the heuristic overestimate on this level? counts, worst cases, verdict",
     &check_heuristic_command, &check_heuristic_help},
    {"check-trace",
     "check another program's search trace (Posthoc) against a level: findings",
     &check_trace_command, &check_trace_help},
    {"check-plan",
     "check another program's multi-agent plan (Kei18, Li, MAPF Tracker) against its problem",
     &check_plan_command, &check_plan_help},
    {"compare",
     "run 2 to 4 algorithms on one level: iterations, expanded, open peak, cost, time",
     &compare_command, &compare_help},
    {"generate", "make a maze, rooms, obstacles or noise terrain from a seed, as a level file",
     &generate_command, &generate_help},
    {"import", "make a level file from a PNG/JPEG image, a MovingAI .map or a Tiled map",
     &import_command, &import_help},
    {"export", "write a level as a MovingAI .map (walls only)", &export_command, &export_help},
    {"walk", "a D* Lite agent walks to the goal, discovering walls within a sensor radius",
     &walk_command, &walk_help},
    {"reach", "the movement range: every cell a unit reaches with a budget, and what each costs",
     &reach_command, &reach_help},
    {"units", "many units at once: each unit's path in time, sum of costs, makespan, conflicts",
     &units_command, &units_help},
    {"exercise", "a student's exercise (run A* by hand, ...) from a class seed and a name",
     &exercise_command, &exercise_help},
    {"grade", "grade students' exercise results: scores recomputed, edited files caught",
     &grade_command, &grade_help},
}};

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

std::string main_help() {
  std::string h;
  h += "astar - A* Studio on the command line: shortest paths on grid levels\n";
  h += "\n";
  h += "Usage:\n";
  h += "  astar COMMAND [ARGS...]\n";
  h += "  astar --help             show this help (also -h)\n";
  h += "  astar COMMAND --help     show the help of one command\n";
  h += "  astar --version          print the version\n";
  h += "\n";
  h += "Commands:\n";
  for (const Command& c : kCommands) {
    std::string name(c.name);
    name.resize(17, ' ');
    h += "  " + name + std::string(c.summary) + "\n";
  }
  for (const Command& c : kCommands) h += "\n" + c.help();
  h += "\n" + exit_codes_help();
  return h;
}

int dispatch(std::span<const std::string> args) {
  if (args.empty()) {
    print_error("missing command (see 'astar --help')");
    return kExitBadInput;
  }
  const std::string& first = args.front();
  if (first == "--version") return write_stdout("astar " ASTAR_VERSION "\n") ? kExitFound : kExitInternal;
  if (first == "--help" || first == "-h") {
    return write_stdout(main_help()) ? kExitFound : kExitInternal;
  }
  const Command* cmd = find_command(first);
  if (cmd == nullptr) {
    const bool looks_like_option = first.size() > 1 && first.front() == '-';
    print_error(std::string(looks_like_option ? "unknown option '" : "unknown command '") +
                first + "' (see 'astar --help')");
    return kExitBadInput;
  }
  const auto rest = args.subspan(1);
  if (wants_help(rest))
    return write_stdout(cmd->help() + "\n" + exit_codes_help()) ? kExitFound : kExitInternal;
  return cmd->run(rest);
}

}  // namespace

std::string exit_codes_help() {
  std::string h;
  h += "Exit codes:\n";
  h += "  0   a path was found, or help was shown\n";
  h += "      (bench: every file ran; with --check, no query broke the guarantee)\n";
  h += "      (check-trace: the trace has no findings; check-plan: the plan has none)\n";
  h += "      (grade: every result file verifies)\n";
  h += "      (reach: the range was listed; run: a level's movement range, search.budget,\n";
  h += "      was completed)\n";
  h += "  1   no path: the goal cannot be reached, or --max-iterations was reached first\n";
  h += "      (also when --partial prints a partial path)\n";
  h += "      (bench --check: some query's length breaks the algorithm's guarantee)\n";
  h += "      (check-heuristic: h overestimates or is inconsistent on the level)\n";
  h += "      (check-trace: the trace has findings; check-plan: the plan has)\n";
  h += "      (grade: a result file was altered: its score or answers edited)\n";
  h += "      (generate, import, export, exercise: never; 0 when the file was written)\n";
  h += "  2   bad input: unknown command or option, missing or extra argument, bad option\n";
  h += "      value, a level file that cannot be loaded (the message names the file and the\n";
  h += "      field), a start or goal outside the level, inside a wall or touching a\n";
  h += "      collision shape, or an algorithm that refuses the level or the options (jps\n";
  h += "      on a level with costs, ...) (grade: a result file that cannot be read or\n";
  h += "      is no result file)\n";
  h += "  3   internal error: out of memory, or the output could not be written (also a\n";
  h += "      level or map file that could not be saved)\n";
  h += "\n";
  h += "Errors go to stderr as one line starting with \"astar: \".\n";
  return h;
}

}  // namespace astar::cli

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    return astar::cli::dispatch(args);
  } catch (const std::bad_alloc&) {
    astar::cli::print_error("out of memory");
  } catch (const std::exception& e) {
    astar::cli::print_error(std::string("internal error: ") + e.what());
  } catch (...) {
    astar::cli::print_error("internal error: unknown exception");
  }
  return astar::cli::kExitInternal;
}
