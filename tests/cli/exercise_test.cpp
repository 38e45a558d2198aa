// `astar exercise` (issue 34): the file is the level make_exercise makes, byte for byte, the
// same for the same class seed and student and another for another student; it reads back with
// its spec (the difficulty preset and the settings given over it); --model-answer writes the
// result file model_answer_result makes, which `astar grade` verifies at 100 % for every kind;
// bad options are refused with exit 2, naming the option. The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/level_io.hpp"
#include "cli_runner.hpp"

using astar::test::check_refused;
using astar::test::read_file;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-exercise-tests");
  return s;
}
std::string in_scratch(const std::string& name) { return (scratch().path() / name).string(); }

Run ok_run(const std::vector<std::string>& args) {
  const Run r = scratch().run(args);
  INFO("astar ", args.front(), " ", args.size() > 1 ? args[1] : "", ": stderr: ", r.err);
  REQUIRE(r.code == 0);
  return r;
}

astar::Exercise made(const astar::ExerciseSpec& spec) {
  auto ex = astar::make_exercise(spec);
  REQUIRE_MESSAGE(ex.ok(), (ex.ok() ? "" : ex.error()));
  return std::move(ex).value();
}

astar::Level loaded(const std::string& path) {
  auto lv = astar::load_level(path);
  REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
  return std::move(lv).value();
}

// The value of a summary line "KEY: VALUE" (the first such line), or "" when there is none.
std::string summary_value(const std::string& summary, std::string_view key) {
  const std::string start = std::string(key) + ": ";
  std::size_t at = summary.rfind(start, 0) == 0 ? 0 : summary.find("\n" + start);
  if (at == std::string::npos) return {};
  if (at != 0) ++at;
  const std::size_t end = summary.find('\n', at);
  return summary.substr(at + start.size(), end == std::string::npos ? std::string::npos : end - at - start.size());
}

}  // namespace

TEST_CASE("[cli] exercise prints the level make_exercise makes, the same for the same seed and student") {
  const Run a = ok_run({"exercise", "astar-by-hand", "--seed", "fall-2026", "--student", "ada"});
  const astar::Exercise ex =
      made({.kind = astar::ExerciseKind::AStarByHand, .seed = "fall-2026", .student = "ada"});
  CHECK(a.out == astar::level_to_json(ex.level));
  // The summary goes to stderr when stdout holds the file.
  CHECK(summary_value(a.err, "exercise") == "astar-by-hand, seed 'fall-2026', student 'ada'");
  CHECK(summary_value(a.err, "difficulty") == ex.difficulty);
  CHECK(summary_value(a.err, "digest") == ex.digest);
  CHECK(ex.digest.size() == 16);
  CHECK(a.err.find("instructions: " + ex.instructions.substr(0, ex.instructions.find('\n'))) !=
        std::string::npos);
  CHECK(summary_value(a.err, "exam") == "no (practice, hints on)");

  // Again, and through -o: the same bytes; the summary then on stdout, stderr quiet.
  CHECK(ok_run({"exercise", "astar-by-hand", "--student", "ada", "--seed", "fall-2026"}).out == a.out);
  const std::string file = in_scratch("ada.json");
  const Run o = ok_run({"exercise", "astar-by-hand", "--seed", "fall-2026", "--student", "ada", "-o", file});
  CHECK(read_file(file) == a.out);
  CHECK(o.err.empty());
  CHECK(summary_value(o.out, "digest") == ex.digest);
  CHECK(o.out.find("wrote " + file) != std::string::npos);

  // Another student, another level of the same difficulty; another class too.
  const Run b = ok_run({"exercise", "astar-by-hand", "--seed", "fall-2026", "--student", "bob"});
  CHECK(b.out != a.out);
  CHECK(summary_value(b.err, "digest") != ex.digest);
  CHECK(summary_value(b.err, "difficulty") == ex.difficulty);
  const Run c = ok_run({"exercise", "astar-by-hand", "--seed", "spring-2027", "--student", "ada"});
  CHECK(c.out != a.out);
  CHECK(summary_value(c.err, "digest") != ex.digest);
}

TEST_CASE("[cli] every kind's exercise is make_exercise's, byte for byte") {
  for (int k = 0; k < static_cast<int>(astar::ExerciseKind::_Max); ++k) {
    const auto kind = static_cast<astar::ExerciseKind>(k);
    const std::string name(astar::to_string(kind));
    CAPTURE(name);
    const Run r = ok_run({"exercise", name, "--seed", "c", "--student", "s1", "--difficulty", "easy"});
    const astar::ExerciseSpec spec = astar::with_difficulty({.kind = kind, .seed = "c", .student = "s1"},
                                                            astar::ExerciseDifficulty::Easy);
    CHECK(r.out == astar::level_to_json(made(spec).level));
    CHECK(ok_run({"exercise", name, "--seed", "c", "--student", "s1", "--difficulty", "easy"}).out == r.out);
  }
}

TEST_CASE("[cli] the exercise file reads back with its spec: the preset and the settings given over it") {
  const std::string file = in_scratch("heuristic.json");
  const Run r = ok_run({"exercise", "heuristic", "--seed", "period 3", "--student", "17", "--difficulty", "hard",
                        "--size", "9", "--few-ties", "--question", "consistent", "-o", file});
  const astar::Level level = loaded(file);
  REQUIRE(level.exercise.has_value());
  const astar::ExerciseSpec& s = *level.exercise;
  CHECK(s.kind == astar::ExerciseKind::Heuristic);
  CHECK(s.seed == "period 3");
  CHECK(s.student == "17");
  CHECK(s.question == "consistent");
  CHECK(s.size == 9);      // given over hard's 10
  CHECK(s.walls == 25);    // hard's
  CHECK(s.costs);          // hard's
  CHECK(s.diagonal);       // hard's
  CHECK_FALSE(s.ties);     // given over hard's
  CHECK_FALSE(s.exam);
  CHECK(level.width() == 9);
  CHECK(level.height() == 9);
  // The studio's way in: the exercise made again from the file, the digest the summary gave.
  const auto again = astar::exercise_of_level(level, file);
  REQUIRE_MESSAGE(again.ok(), (again.ok() ? "" : again.error()));
  CHECK(again.value().digest == summary_value(r.out, "digest"));
  CHECK(again.value().spec == s);

  const std::string exam = in_scratch("exam.json");
  const Run e = ok_run({"exercise", "expansion-order", "--seed", "x", "--student", "y", "--algorithm", "dijkstra",
                        "--four", "--walls", "30", "--exam", "--time-limit", "600", "-o", exam});
  const astar::Level el = loaded(exam);
  REQUIRE(el.exercise.has_value());
  CHECK(el.exercise->algorithm == "dijkstra");
  CHECK_FALSE(el.exercise->diagonal);
  CHECK(el.exercise->walls == 30);
  CHECK(el.exercise->exam);
  CHECK(el.exercise->time_limit == 600);
  CHECK_FALSE(el.exercise->hints);
  CHECK(summary_value(e.out, "exam") == "yes, time limit 600 s");
  // The file is a level `astar run` opens and searches.
  CHECK(scratch().run({"run", exam}).code == 0);
}

TEST_CASE("[cli] exercise --model-answer writes model_answer_result, and grade verifies it at 100 %") {
  struct Case {
    astar::ExerciseKind kind;
    std::string algorithm, question;
  };
  const std::vector<Case> cases{
      {astar::ExerciseKind::ExpansionOrder, "astar", "admissible"},
      {astar::ExerciseKind::ExpansionOrder, "bfs", "admissible"},
      {astar::ExerciseKind::AStarByHand, "astar", "admissible"},
      {astar::ExerciseKind::PredictClosed, "greedy", "admissible"},
      {astar::ExerciseKind::Heuristic, "astar", "consistent"},
      {astar::ExerciseKind::Repair, "astar", "admissible"},
      {astar::ExerciseKind::FindBug, "astar", "admissible"},
  };
  std::vector<std::string> files{"grade"};
  for (const Case& c : cases) {
    const std::string name(astar::to_string(c.kind));
    const std::string file = in_scratch("model-" + name + "-" + c.algorithm + ".json");
    CAPTURE(file);
    const Run r = ok_run({"exercise", name, "--seed", "fall", "--student", "ada", "--algorithm", c.algorithm,
                          "--question", c.question, "--model-answer", "-o", file});
    const astar::ExerciseSpec spec{
        .kind = c.kind, .seed = "fall", .student = "ada", .algorithm = c.algorithm, .question = c.question};
    const auto expected = astar::model_answer_result(spec);
    REQUIRE(expected.ok());
    CHECK(read_file(file) == expected.value());
    CHECK(summary_value(r.out, "model answer").find("score 100 %, verified") != std::string::npos);
    CHECK(summary_value(r.out, "digest") == made(spec).digest);

    const Run g = scratch().run({"grade", file});
    INFO("grade: ", g.out, g.err);
    CHECK(g.code == 0);
    CHECK(g.err.empty());
    CHECK(g.out.find(file) != std::string::npos);
    CHECK(g.out.find(" 100 % ") != std::string::npos);
    CHECK(g.out.find(" none ") != std::string::npos);
    CHECK(g.out.find("  verified\n") != std::string::npos);
    files.push_back(file);
  }
  // All at once: one row each under the header, every one verified.
  const Run all = scratch().run(files);
  CHECK(all.code == 0);
  std::size_t lines = 0, verified = 0;
  for (std::size_t at = 0; (at = all.out.find('\n', at)) != std::string::npos; ++at) ++lines;
  for (std::size_t at = 0; (at = all.out.find("  verified\n", at)) != std::string::npos; ++at) ++verified;
  CHECK(lines == cases.size() + 1);
  CHECK(verified == cases.size());

  // Without -o the result file goes to stdout, the summary to stderr.
  const Run out = ok_run({"exercise", "astar-by-hand", "--seed", "fall", "--student", "ada", "--model-answer"});
  CHECK(out.out == astar::model_answer_result({.seed = "fall", .student = "ada"}).value());
  CHECK(summary_value(out.err, "model answer").find("verified") != std::string::npos);
}

TEST_CASE("[cli] exercise refuses bad options with exit 2, naming the option") {
  const auto refused = [](std::vector<std::string> args, const std::string& expected) {
    CAPTURE(expected);
    check_refused(scratch().run(args), expected);
  };
  const std::vector<std::string> base{"exercise", "astar-by-hand", "--seed", "c", "--student", "s"};
  const auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = base;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  refused({"exercise"}, "exercise: missing KIND, one of expansion-order, astar-by-hand, predict-closed");
  refused({"exercise", "by-hand", "--seed", "c", "--student", "s"},
          "exercise: unknown KIND 'by-hand', expected one of expansion-order");
  refused({"exercise", "astar-by-hand", "--student", "s"}, "exercise: missing --seed CLASS");
  refused({"exercise", "astar-by-hand", "--seed", "c"}, "exercise: missing --student NAME");
  refused(with({"--bogus"}), "exercise: unknown option '--bogus' (see 'astar exercise --help')");
  refused(with({"extra"}), "exercise: unexpected argument 'extra'");
  refused(with({"--size", "20"}), "exercise: --size: expected a whole number 6..12, got '20'");
  refused(with({"--size", "8x8"}), "exercise: --size: expected a whole number 6..12, got '8x8'");
  refused(with({"--walls", "-1"}), "exercise: --walls: expected a whole number 0..40, got '-1'");
  refused(with({"--difficulty", "insane"}),
          "exercise: --difficulty: unknown value 'insane' (expected easy, medium or hard)");
  refused(with({"--costs", "--no-costs"}), "exercise: --costs and --no-costs: give one of them");
  refused(with({"--diagonal", "--four"}), "exercise: --diagonal and --four: give one of them");
  refused(with({"--ties", "--few-ties"}), "exercise: --ties and --few-ties: give one of them");
  refused(with({"--time-limit", "60"}), "exercise: --time-limit: only exams have a time limit (add --exam)");
  refused(with({"--exam", "--time-limit", "36001"}),
          "exercise: --time-limit: expected a whole number 0..36000, got '36001'");
  refused(with({"--algorithm", "dijkstra"}), "exercise: --algorithm: astar-by-hand exercises use astar");
  refused({"exercise", "expansion-order", "--seed", "c", "--student", "s", "--algorithm", "jps"},
          "exercise: --algorithm: must be astar, dijkstra, greedy or bfs, got 'jps'");
  refused(with({"--question", "consistent"}), "exercise: --question: only heuristic exercises ask one");
  refused(with({"--seed", "d"}), "exercise: --seed: given more than once");
  refused({"exercise", "astar-by-hand", "--seed", std::string(101, 'x'), "--student", "s"},
          "exercise: --seed: at most 100 bytes, got 101");
  refused({"exercise", "astar-by-hand", "--seed", "c", "--student", "a\tb"},
          "exercise: --student: no control characters");
  refused(with({"-o", "a.json", "--output", "b.json"}), "exercise: -o and --output: give one of them");
}

TEST_CASE("[cli] exercise and grade: their help, and their lines in astar --help") {
  const Run e = ok_run({"exercise", "--help"});
  CHECK(e.out.rfind("astar exercise KIND --seed CLASS --student NAME", 0) == 0);
  for (int k = 0; k < static_cast<int>(astar::ExerciseKind::_Max); ++k) {
    const std::string kind(astar::to_string(static_cast<astar::ExerciseKind>(k)));
    INFO("kind missing from exercise --help: ", kind);
    CHECK(e.out.find("\n  " + kind + " ") != std::string::npos);
  }
  for (std::string_view option : {"--difficulty", "--algorithm", "--question", "--size", "--walls", "--costs",
                                  "--no-costs", "--diagonal", "--four", "--ties", "--few-ties", "--exam",
                                  "--time-limit", "--no-hints", "--model-answer", "--output", "Exit codes"}) {
    INFO("missing from exercise --help: ", option);
    CHECK(e.out.find(option) != std::string::npos);
  }
  const Run g = ok_run({"grade", "--help"});
  CHECK(g.out.rfind("astar grade RESULT... [--format table|csv]", 0) == 0);
  for (int m = 0; m < static_cast<int>(astar::Mistake::_Max); ++m) {
    const std::string mistake(astar::to_string(static_cast<astar::Mistake>(m)));
    INFO("mistake kind missing from grade --help: ", mistake);
    CHECK(g.out.find(mistake) != std::string::npos);
  }
  const Run all = ok_run({"--help"});
  CHECK(all.out.find("\n  exercise         a student's exercise") != std::string::npos);
  CHECK(all.out.find("\n  grade            grade students' exercise results") != std::string::npos);
  CHECK(all.out.find("(grade: a result file was altered") != std::string::npos);
}
