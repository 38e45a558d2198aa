// astar exercise KIND --seed CLASS --student NAME: the exercise a student gets (exercise.hpp
// makes it from the spec alone), written as a level file whose "exercise" holds the spec, or
// with --model-answer the result file a perfect student would save. This file reads the
// options, fills the ExerciseSpec and writes what core makes.
#include <array>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "args.hpp"
#include "astar/exercise.hpp"
#include "astar/file_io.hpp"
#include "astar/format.hpp"
#include "astar/level_io.hpp"
#include "commands.hpp"
#include "level_output.hpp"
#include "number_args.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 19> kExerciseOptions{{
    {"--seed", true},       {"--student", true},    {"--difficulty", true},
    {"--algorithm", true},  {"--question", true},   {"--size", true},
    {"--walls", true},      {"--costs", false},     {"--no-costs", false},
    {"--diagonal", false},  {"--four", false},      {"--ties", false},
    {"--few-ties", false},  {"--exam", false},      {"--time-limit", true},
    {"--no-hints", false},  {"--model-answer", false},
    {"-o", true},           {"--output", true},
}};

struct ExerciseArgs {
  ExerciseSpec spec;
  bool model_answer = false;
  std::optional<std::string> output;  // -o FILE; none: stdout
};

// A whole number lo..hi for `option`, or the message naming it.
Result<int> read_bounded(std::string_view option, const std::string& text, int lo, int hi) {
  const std::optional<int> v = read_integer<int>(text);
  if (!v || *v < lo || *v > hi)
    return Error{std::string(option) + ": expected a whole number " + std::to_string(lo) + ".." +
                 std::to_string(hi) + ", got '" + text + "'"};
  return *v;
}

// A pair of flags that say yes or no (--costs / --no-costs): `into` set by the one given.
std::string read_switch(const ParsedArgs& p, std::string_view yes, std::string_view no, bool& into) {
  if (p.has(yes) && p.has(no)) return std::string(yes) + " and " + std::string(no) + ": give one of them";
  if (p.has(yes)) into = true;
  if (p.has(no)) into = false;
  return {};
}

// check_exercise_spec's message with the option in place of the level file's field:
// "exercise.time_limit: only exams ..." -> "--time-limit: only exams ...",
// "exercise.size must be 6..12, got 20" -> "--size: must be 6..12, got 20".
std::string as_option_message(const std::string& why) {
  const std::string prefix = "exercise.";
  if (why.rfind(prefix, 0) != 0) return why;
  const std::size_t cut = why.find_first_of(" :", prefix.size());
  if (cut == std::string::npos) return why;
  std::string option = "--" + why.substr(prefix.size(), cut - prefix.size());
  for (char& c : option)
    if (c == '_') c = '-';
  const std::size_t rest = why[cut] == ':' ? cut + 2 : cut + 1;
  return option + ": " + (rest < why.size() ? why.substr(rest) : std::string());
}

// --seed and --student (both needed: the same pair always makes the same exercise).
std::string read_names(const ParsedArgs& p, ExerciseSpec& s) {
  const std::string* seed = p.get("--seed");
  if (seed == nullptr) return "missing --seed CLASS (the class's seed: any text)";
  const std::string* student = p.get("--student");
  if (student == nullptr)
    return "missing --student NAME (the student's name or number; --student '' for none)";
  s.seed = *seed;
  s.student = *student;
  return {};
}

// The difficulty preset, then the settings given over it.
std::string read_settings(const ParsedArgs& p, ExerciseSpec& s) {
  if (const std::string* d = p.get("--difficulty")) {
    const std::optional<ExerciseDifficulty> difficulty = parse_exercise_difficulty(*d);
    if (!difficulty) return "--difficulty: unknown value '" + *d + "' (expected easy, medium or hard)";
    s = with_difficulty(std::move(s), *difficulty);
  }
  if (const std::string* a = p.get("--algorithm")) s.algorithm = *a;
  if (const std::string* q = p.get("--question")) s.question = *q;
  if (const std::string* v = p.get("--size")) {
    const Result<int> n = read_bounded("--size", *v, kExerciseMinSize, kExerciseMaxSize);
    if (!n) return n.error();
    s.size = n.value();
  }
  if (const std::string* v = p.get("--walls")) {
    const Result<int> n = read_bounded("--walls", *v, 0, kExerciseMaxWalls);
    if (!n) return n.error();
    s.walls = n.value();
  }
  for (const auto& [yes, no, into] : {std::tuple<std::string_view, std::string_view, bool*>{"--costs", "--no-costs", &s.costs},
                                      {"--diagonal", "--four", &s.diagonal},
                                      {"--ties", "--few-ties", &s.ties}})
    if (std::string why = read_switch(p, yes, no, *into); !why.empty()) return why;
  s.exam = p.has("--exam");
  if (p.has("--no-hints") || s.exam) s.hints = false;
  if (const std::string* v = p.get("--time-limit")) {
    if (!s.exam) return "--time-limit: only exams have a time limit (add --exam)";
    const Result<int> n = read_bounded("--time-limit", *v, 0, kExerciseMaxTimeLimit);
    if (!n) return n.error();
    s.time_limit = n.value();
  }
  return {};
}

Result<ExerciseArgs> parse_exercise_args(std::span<const std::string> args) {
  auto parsed = parse_args(args, kExerciseOptions);
  if (!parsed) return Error{parsed.error()};
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return Error{"missing KIND, one of " + exercise_kind_names()};
  if (p.positionals.size() > 1) return Error{"unexpected argument '" + p.positionals[1] + "'"};
  const std::optional<ExerciseKind> kind = parse_exercise_kind(p.positionals[0]);
  if (!kind)
    return Error{"unknown KIND '" + p.positionals[0] + "', expected one of " + exercise_kind_names()};
  ExerciseArgs out;
  out.spec.kind = *kind;
  if (std::string why = read_names(p, out.spec); !why.empty()) return Error{why};
  if (std::string why = read_settings(p, out.spec); !why.empty()) return Error{why};
  if (std::string why = check_exercise_spec(out.spec); !why.empty()) return Error{as_option_message(why)};
  out.model_answer = p.has("--model-answer");
  auto output = read_output_path(p);
  if (!output) return Error{output.error()};
  if (output.value() != nullptr) out.output = *output.value();
  return out;
}

std::string quoted_text(const std::string& s) { return "'" + s + "'"; }

// What the teacher reads: the kind, for whom, the difficulty, the digest and the rules.
std::string exercise_summary(const Exercise& ex) {
  const ExerciseSpec& s = ex.spec;
  std::string out = "exercise: " + std::string(to_string(s.kind)) + ", seed " + quoted_text(s.seed) +
                    ", student " + quoted_text(s.student) + "\n";
  out += "difficulty: " + ex.difficulty + "\n";
  if (s.exam)
    out += s.time_limit > 0 ? "exam: yes, time limit " + std::to_string(s.time_limit) + " s\n"
                            : std::string("exam: yes, no time limit\n");
  else
    out += std::string("exam: no (practice, hints ") + (s.hints ? "on" : "off") + ")\n";
  out += "digest: " + ex.digest + "\n";
  out += "instructions: " + ex.instructions;
  if (out.back() != '\n') out += '\n';
  return out;
}

// The summary goes to stdout when the file went to -o, else to stderr (stdout holds the file).
int finish(const std::string& summary, const std::optional<std::string>& output, int code) {
  if (output) return write_output(summary, code);
  std::fputs(summary.c_str(), stderr);
  return code;
}

// Writes `text` to -o atomically, or prints it.
int write_text(const std::string& text, const std::optional<std::string>& output) {
  if (!output) return write_output(text, kExitFound);
  if (Status s = write_atomically(*output, text); !s) {
    print_error(s.error());
    return kExitInternal;
  }
  return kExitFound;
}

int write_model_answer(const ExerciseArgs& a, const Exercise& ex) {
  Result<std::string> result = model_answer_result(a.spec);
  if (!result) {
    print_error(result.error());
    return kExitInternal;
  }
  // Graded at once: a model answer that does not verify is our bug, not the user's.
  const std::string source = a.output ? *a.output : std::string("the model answer");
  const Result<GradeRow> row = grade_result(result.value(), source);
  if (!row || !row.value().verified) {
    print_error("internal error: the model answer does not grade: " +
                (row ? row.value().altered : row.error()));
    return kExitInternal;
  }
  if (const int code = write_text(result.value(), a.output); code != kExitFound) return code;
  std::string summary = exercise_summary(ex);
  summary += "model answer: " + std::to_string(row.value().score.answered) + " answers, score " +
             number_text(row.value().score.percent) + " %, verified\n";
  if (a.output) summary += "wrote " + *a.output + " (a result file: astar grade " + *a.output + ")\n";
  return finish(summary, a.output, kExitFound);
}

}  // namespace

int exercise_command(std::span<const std::string> args) {
  Result<ExerciseArgs> parsed = parse_exercise_args(args);
  if (!parsed) {
    print_error("exercise: " + parsed.error() + " (see 'astar exercise --help')");
    return kExitBadInput;
  }
  const ExerciseArgs& a = parsed.value();
  Result<Exercise> ex = make_exercise(a.spec);
  if (!ex) {
    print_error(as_option_message(ex.error()));
    return kExitBadInput;
  }
  if (a.model_answer) return write_model_answer(a, ex.value());
  const Level& level = ex.value().level;
  if (!a.output) {
    if (!write_stdout(level_to_json(level))) return print_error("cannot write the output"), kExitInternal;
  } else if (Status s = save_level(level, *a.output); !s) {  // checks that it reads back
    print_error(s.error());
    return kExitInternal;
  }
  std::string summary = exercise_summary(ex.value());
  if (a.output) summary += "wrote " + *a.output + " (a level file: astar-studio " + *a.output + ")\n";
  return finish(summary, a.output, kExitFound);
}

// function-length: table
std::string exercise_help() {
  const ExerciseSpec d{};
  std::string h;
  h += "astar exercise KIND --seed CLASS --student NAME [--difficulty easy|medium|hard]\n";
  h += "               [--algorithm NAME] [--question admissible|consistent] [--size N]\n";
  h += "               [--walls PCT] [--costs|--no-costs] [--diagonal|--four]\n";
  h += "               [--ties|--few-ties] [--exam [--time-limit SECONDS]] [--no-hints]\n";
  h += "               [--model-answer] [-o FILE]\n";
  h += "\n";
  h += "  Makes the exercise a student gets, where the student runs the algorithm and each\n";
  h += "  step is checked, from the class's seed and the student's name alone: the same\n";
  h += "  KIND, seed, name and settings make the same file, byte for byte, on every machine;\n";
  h += "  another name makes another level of the same difficulty. Writes it as a level\n";
  h += "  file (\"astar-studio-level\" JSON, its \"exercise\" holding the settings) that the\n";
  h += "  studio opens as the exercise, or prints it without -o. With --model-answer,\n";
  h += "  writes instead the result file a perfect student would save (every answer right,\n";
  h += "  a second apart), to try `astar grade` on.\n";
  h += "\n";
  h += "Kinds:\n";
  h += "  expansion-order   click the nodes in the order the algorithm expands them\n";
  h += "  astar-by-hand     select, relax each neighbour (g, h, f), set the parents,\n";
  h += "                    trace the path back\n";
  h += "  predict-closed    paint the cells the algorithm will expand (scored by overlap)\n";
  h += "  heuristic         click the cells where the h shown is not admissible (or not\n";
  h += "                    consistent)\n";
  h += "  repair            after an edit, mark the cells LPA* makes inconsistent\n";
  h += "  find-bug          name the finding and the event of a trace with a planted bug\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --seed CLASS         the class's seed: any text up to 100 bytes, no control\n";
  h += "                       characters. Required.\n";
  h += "  --student NAME       the student's name or number, mixed into the seed (same\n";
  h += "                       limits; --student '' for none). Required.\n";
  h += "  --difficulty NAME    a preset of the five settings below, which override it:\n";
  h += "                       easy    6 x 6, 15 % walls, cost 1, --four, few ties\n";
  h += "                       medium  8 x 8, 20 % walls, cost 1, --diagonal, few ties\n";
  h += "                       hard    10 x 10, 25 % walls, --costs, --diagonal, --ties\n";
  h += "                       Default: medium.\n";
  h += "  --size N             width and height in cells, " + std::to_string(kExerciseMinSize) + ".." +
       std::to_string(kExerciseMaxSize) + ". Default: " + std::to_string(d.size) + ".\n";
  h += "  --walls PCT          per cent of the cells that are walls, 0.." + std::to_string(kExerciseMaxWalls) +
       ". Default: " + std::to_string(d.walls) + ".\n";
  h += "  --costs, --no-costs  cells cost 1, 2 or 3, or all 1. Default: --no-costs.\n";
  h += "  --diagonal, --four   8 neighbours and octile h, or 4 and Manhattan.\n";
  h += "                       Default: --diagonal.\n";
  h += "  --ties, --few-ties   prefer levels with many ties in the open set, or few.\n";
  h += "                       Default: --few-ties.\n";
  h += "  --algorithm NAME     expansion-order: astar, dijkstra, greedy or bfs;\n";
  h += "                       predict-closed: astar, dijkstra or greedy; the other kinds\n";
  h += "                       take astar only. Default: " + d.algorithm + ".\n";
  h += "  --question NAME      heuristic only: admissible (click where h overestimates) or\n";
  h += "                       consistent (where h drops by more than a move costs).\n";
  h += "                       Default: " + d.question + ".\n";
  h += "  --exam               an exam: no hints, no rewind, one attempt.\n";
  h += "  --time-limit SECONDS an exam's time limit, 0.." + std::to_string(kExerciseMaxTimeLimit) +
       " (0: none; needs --exam).\n";
  h += "                       Default: 0.\n";
  h += "  --no-hints           practice without hints (an exam never has them).\n";
  h += "  --model-answer       write a perfect student's result file instead of the level.\n";
  h += "  -o, --output FILE    write the file here (atomically). Default: print it to\n";
  h += "                       stdout.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Output: the file (to FILE, or stdout), and a summary (to stdout with -o, else to\n";
  h += "stderr): exercise (kind, seed, student), difficulty (\"8 x 8, 20 % walls, ...\"),\n";
  h += "exam, digest (16 hex digits of the level and the questions: two files with the\n";
  h += "same digest are the same exercise), instructions (the rules the student is given:\n";
  h += "what to do, the tie-break, the tolerance), with --model-answer the model answer's\n";
  h += "answers and score, and \"wrote FILE\" with -o. Exit 0 when written, 2 for a bad\n";
  h += "option or value (the message names the option), 3 when FILE cannot be saved.\n";
  return h;
}

}  // namespace astar::cli
