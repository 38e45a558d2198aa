// The studio's command line (app/studio/options.hpp), parsed through its table of options as
// astar-studio parses argv: --start and --goal (and --focus, which reads cells the same way),
// --range, CBS's --units cbs, --cbs-nodes, --cbs-select and --cbs-choice, and an exercise's
// --exercise, --seed, --student, --difficulty, --question, --exam, --time-limit, --no-hints and
// --resume; and Copy link's query for an exercise and for a search (HPA*'s cluster size and
// smoothing), read back as the page reads it.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "files/link_query.hpp"
#include "files/options.hpp"
#include "state/exercise_mode.hpp"

using astar::Cell;

namespace {

// parse_options on "astar-studio ARGS...".
astar::Result<studio::Options> parse(std::initializer_list<const char*> args) {
  std::vector<const char*> argv{"astar-studio"};
  argv.insert(argv.end(), args.begin(), args.end());
  return studio::parse_options(static_cast<int>(argv.size()), argv.data());
}

std::string error_of(std::initializer_list<const char*> args) {
  const auto r = parse(args);
  return r.ok() ? std::string("(accepted)") : r.error();
}

// A link's query as the page passes it to the studio (web/index.html, studioArguments):
// key=value -> --key value, a bare key -> --key. The queries here need no percent-decoding.
astar::Result<studio::Options> parse_query(const std::string& query) {
  std::vector<std::string> words{"astar-studio"};
  std::size_t at = 0;
  while (at <= query.size()) {
    const std::size_t end = std::min(query.find('&', at), query.size());
    const std::string pair = query.substr(at, end - at);
    const std::size_t eq = pair.find('=');
    words.push_back("--" + pair.substr(0, eq));
    if (eq != std::string::npos) words.push_back(pair.substr(eq + 1));
    at = end + 1;
  }
  std::vector<const char*> argv;
  for (const std::string& w : words) argv.push_back(w.c_str());
  return studio::parse_options(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

TEST_CASE("[studio options] --start X,Y and --goal X,Y: column, then row") {
  const auto both = parse({"maze.map", "--start", "3,4", "--goal", "10,2"});
  REQUIRE(both.ok());
  CHECK(both.value().level_path == "maze.map");
  CHECK(both.value().endpoints.start == Cell{3, 4});
  CHECK(both.value().endpoints.goal == Cell{10, 2});

  const auto one = parse({"--goal", "0,7", "level.json"});
  REQUIRE(one.ok());
  CHECK_FALSE(one.value().endpoints.start.has_value());
  CHECK(one.value().endpoints.goal == Cell{0, 7});
  CHECK(one.value().level_path == "level.json");

  const auto none = parse({"level.json"});
  REQUIRE(none.ok());
  CHECK_FALSE(none.value().endpoints.any());
  // Outside and in walls are the level's to say, once it is open (core's check_endpoint_args).
  CHECK(parse({"--start", "-1,500"}).value().endpoints.start == Cell{-1, 500});
}

TEST_CASE("[studio options] a bad --start or --goal is refused, naming the option") {
  const std::string expected =
      ": expected X,Y (the column and the row, whole numbers from 0), got '";
  CHECK(error_of({"--start", "3;4"}) == "--start" + expected + "3;4'");
  CHECK(error_of({"--goal", "10"}) == "--goal" + expected + "10'");
  CHECK(error_of({"--goal", "1,2,3"}) == "--goal" + expected + "1,2,3'");
  CHECK(error_of({"--start", "a,b", "level.json"}) == "--start" + expected + "a,b'");
  CHECK(error_of({"level.json", "--start"}) == "--start: missing value (X,Y)");
  CHECK(error_of({"level.json", "--goal"}) == "--goal: missing value (X,Y)");
}

TEST_CASE("[studio options] --focus reads a cell the same way, from 0") {
  CHECK(parse({"--focus", "12,7"}).value().focus == Cell{12, 7});
  CHECK(error_of({"--focus", "12;7"}) ==
        "--focus: expected X,Y (the column and the row, whole numbers from 0), got '12;7'");
  CHECK(error_of({"--focus", "-1,7"}) == "--focus: expected a cell X,Y, got '-1,7'");
}

TEST_CASE("[studio options] --help lists --start and --goal") {
  const std::string help = studio::usage();
  CHECK(help.find("  --start X,Y") != std::string::npos);
  CHECK(help.find("  --goal X,Y") != std::string::npos);
  CHECK(help.find("MovingAI") != std::string::npos);
}

TEST_CASE("[studio options] --range B: the movement range's budget, a number >= 0") {
  CHECK_FALSE(parse({"level.json"}).value().range.has_value());
  CHECK(parse({"level.json", "--range", "4.5"}).value().range == 4.5);
  CHECK(parse({"--range", "0"}).value().range == 0.0);
  CHECK(error_of({"--range", "-1"}).find("--range") == 0);
  CHECK(error_of({"--range", "-1"}).find("movement points 0..1000000000") != std::string::npos);
  CHECK(error_of({"--range", "nan"}).find("movement points") != std::string::npos);
  CHECK(error_of({"--range"}) == "--range: missing value");
  CHECK(studio::usage().find("  --range B") != std::string::npos);
}

TEST_CASE("[studio options] CBS: --units cbs, --cbs-nodes, --cbs-select, --cbs-choice") {
  const auto o = parse({"level.json", "--units", "cbs", "--cbs-nodes", "3", "--cbs-select", "5", "--cbs-choice", "first"});
  REQUIRE(o.ok());
  CHECK(o.value().units_planner == "cbs");
  CHECK(o.value().cbs_nodes == 3);
  CHECK(o.value().cbs_select == 5);
  CHECK(o.value().cbs_choice == astar::CbsConflictChoice::First);
  const auto plain = parse({"level.json"});
  CHECK(plain.value().cbs_nodes == -1);
  CHECK(plain.value().cbs_select == -1);
  CHECK_FALSE(plain.value().cbs_choice.has_value());
  // Without --units, the level's units_plan may be cbs: accepted here, applied when it is.
  CHECK(parse({"lesson.json", "--cbs-nodes", "2"}).ok());
  CHECK(error_of({"--units", "bogus"}) == "--units: expected flow-field, ca-star, whca-star or cbs, got 'bogus'");
  CHECK(error_of({"--cbs-choice", "best"}) == "--cbs-choice: expected first or cardinal, got 'best'");
  CHECK(error_of({"--cbs-nodes", "-1"}).find("a node count 0..100000000") != std::string::npos);
  CHECK(error_of({"--units", "ca-star", "--cbs-select", "1"}) ==
        "--cbs-nodes, --cbs-select and --cbs-choice need --units cbs (or a LEVEL whose units_plan is cbs)");
  for (const char* name : {"  --cbs-nodes N", "  --cbs-select ID", "  --cbs-choice NAME"})
    CHECK(studio::usage().find(name) != std::string::npos);
}

TEST_CASE("[studio options] --exercise KIND with its seed, student, difficulty and exam settings") {
  const auto o = parse({"--exercise", "astar-by-hand", "--seed", "t", "--student", "a"});
  REQUIRE_MESSAGE(o.ok(), (o.ok() ? "" : o.error()));
  REQUIRE(o.value().exercise.has_value());
  astar::ExerciseSpec want;
  want.kind = astar::ExerciseKind::AStarByHand;
  want.seed = "t";
  want.student = "a";
  CHECK(*o.value().exercise == want);  // medium, the default

  const auto hard = parse({"--difficulty", "hard", "--exercise", "expansion-order", "--algorithm", "dijkstra",
                           "--exam", "--time-limit", "600"});
  REQUIRE_MESSAGE(hard.ok(), (hard.ok() ? "" : hard.error()));
  const astar::ExerciseSpec& h = *hard.value().exercise;
  CHECK(h == astar::with_difficulty(h, astar::ExerciseDifficulty::Hard));
  CHECK(h.size == 10);
  CHECK(h.algorithm == "dijkstra");
  CHECK(h.exam);
  CHECK(h.time_limit == 600);
  CHECK(h.seed == "class");

  const auto q = parse({"--exercise", "heuristic", "--question", "consistent", "--no-hints"});
  REQUIRE(q.ok());
  CHECK(q.value().exercise->question == "consistent");
  CHECK_FALSE(q.value().exercise->hints);
  CHECK_FALSE(parse({"level.json"}).value().exercise.has_value());
}

TEST_CASE("[studio options] exercise options are refused by name when they cannot be used") {
  CHECK(error_of({"--exercise", "astar"}) ==
        "--exercise: expected one of expansion-order, astar-by-hand, predict-closed, heuristic, repair, find-bug, got 'astar'");
  CHECK(error_of({"--seed", "t"}) == "--seed needs --exercise KIND");
  CHECK(error_of({"--exam"}) == "--exam needs --exercise KIND");
  CHECK(error_of({"--exercise", "repair", "--time-limit", "60"}) == "--time-limit needs --exam");
  CHECK(error_of({"--exercise", "repair", "level.json"}) == "--exercise makes its own level: no LEVEL, --trace or --plan with it");
  CHECK(error_of({"--exercise", "expansion-order", "--algorithm", "jps"}) ==
        "--exercise: exercise.algorithm must be astar, dijkstra, greedy or bfs, got 'jps'");
  CHECK(error_of({"--exercise", "repair", "--difficulty", "extreme"}) == "--difficulty: expected easy, medium or hard, got 'extreme'");
  CHECK(error_of({"--exercise", "repair", "--resume", "r.json"}) ==
        "--exercise and --resume cannot be combined (the result file names its exercise)");
  CHECK(error_of({"--resume", "r.json", "level.json"}) == "--resume opens its own exercise: no LEVEL or --trace with it");
  CHECK(parse({"--resume", "r.json"}).value().resume == "r.json");
}

TEST_CASE("[studio options] Copy link's exercise query reads back as the same exercise") {
  astar::ExerciseSpec s;
  s.kind = astar::ExerciseKind::AStarByHand;
  s.seed = "t";
  s.student = "a";
  CHECK(studio::exercise_link_query(s) == "exercise=astar-by-hand&seed=t&student=a");
  s = astar::with_difficulty(s, astar::ExerciseDifficulty::Easy);
  s.seed = "fall 2026";
  s.student = "Zoë";
  s.exam = true;
  s.time_limit = 600;
  CHECK(studio::exercise_link_query(s) ==
        "exercise=astar-by-hand&seed=fall%202026&student=Zo%C3%AB&difficulty=easy&exam&time-limit=600");
  // The page turns ?key=value into --key value (index.html): the same spec.
  const auto o = parse({"--exercise", "astar-by-hand", "--seed", "fall 2026", "--student", "Zoë", "--difficulty", "easy",
                        "--exam", "--time-limit", "600"});
  REQUIRE(o.ok());
  CHECK(*o.value().exercise == s);
}

TEST_CASE("[studio options] Copy link's search query carries HPA*'s cluster size and smoothing, and reads back") {
  astar::SearchOptions o;
  o.algorithm = astar::Algorithm::HpaStar;
  o.heuristic = astar::Heuristic::Octile;
  o.cluster_size = 8;
  o.hpa_smooth = true;
  const std::string q = studio::link_query(o, 0, true);
  CHECK(q == "algorithm=hpa-star&heuristic=octile&tie-break=larger-g&cluster-size=8&hpa-smooth&run");
  const auto back = parse_query(q);
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value().algorithm == astar::Algorithm::HpaStar);
  CHECK(back.value().was_given("--cluster-size"));
  CHECK(back.value().cluster_size == 8);
  CHECK(back.value().hpa_smooth);
  CHECK(back.value().run);
  // Without smoothing the key is left out, and the default size still travels (a lesson's own
  // size must not win over the one shown).
  o.hpa_smooth = false;
  o.cluster_size = 16;
  const auto plain = parse_query(studio::link_query(o, 40, false));
  REQUIRE(plain.ok());
  CHECK(plain.value().cluster_size == 16);
  CHECK(plain.value().was_given("--cluster-size"));
  CHECK_FALSE(plain.value().hpa_smooth);
  // Algorithms without a hierarchy carry neither.
  o.algorithm = astar::Algorithm::AStar;
  o.hpa_smooth = true;
  const std::string a = studio::link_query(o, 0, false);
  CHECK(a.find("cluster-size") == std::string::npos);
  CHECK(a.find("hpa-smooth") == std::string::npos);
  // A bad size in a hand-edited link is refused by the option's name.
  const auto bad = parse_query("algorithm=hpa-star&cluster-size=3");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().find("--cluster-size") != std::string::npos);
}
