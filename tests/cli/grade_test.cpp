// `astar grade` (issue 34): a model answer verifies at 100 %; a result whose score.percent or
// one action was edited by hand is caught (exit 1, the file and what was altered named on stderr
// and in the table, the score recomputed from the actions); a missing file, bad JSON or a JSON
// file that is no result file gives exit 2 naming the file, and the other files are still graded;
// CSV has its header, one row per file and fields quoted; every file in tests/bad_results gives
// its exact message. The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/format.hpp"
#include "astar/level_io.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;
using astar::test::check_refused;
using astar::test::read_file;
using astar::test::Run;

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-cli-grade-tests");
  return s;
}

const astar::ExerciseSpec kAda{.kind = astar::ExerciseKind::AStarByHand, .seed = "fall", .student = "ada"};

std::string model_answer(const astar::ExerciseSpec& spec) {
  const auto r = astar::model_answer_result(spec);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return r.value();
}

// `text` with the first match of `pattern` replaced; fails the test when nothing matches.
std::string edited(const std::string& text, const std::string& pattern, const std::string& replacement) {
  const std::regex re(pattern);
  REQUIRE_MESSAGE(std::regex_search(text, re), "no match for ", pattern);
  const std::string out = std::regex_replace(text, re, replacement, std::regex_constants::format_first_only);
  REQUIRE(out != text);
  return out;
}

// The table's row of `file` (the line starting with it), or "".
std::string row_of(const std::string& table, const std::string& file) {
  std::size_t at = 0;
  while (at < table.size()) {
    const std::size_t end = table.find('\n', at);
    const std::string line = table.substr(at, end - at);
    if (line.rfind(file + " ", 0) == 0) return line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return {};
}

// One CSV line split into its fields (RFC 4180 quoting; no line breaks inside fields here).
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    out.push_back(text.substr(at, end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("[cli] grade: an edited score.percent is caught, the score recomputed from the actions") {
  const std::string text = model_answer(kAda);
  const std::string good = scratch().write("ada.json", text);
  const std::string bad = scratch().write("ada-edited.json", edited(text, R"("percent": *[-+.0-9eE]+)", R"("percent": 50)"));
  const Run r = scratch().run({"grade", bad});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(r.err.rfind("astar: " + bad + ": altered: score.percent", 0) == 0);
  const std::string row = row_of(r.out, bad);
  CHECK(row.find("ALTERED: score.percent") != std::string::npos);
  CHECK(row.find(" 100 % ") != std::string::npos);  // what the actions give, not the file's 50
  CHECK(row.find(" ada ") != std::string::npos);
  CHECK(row.find(" astar-by-hand ") != std::string::npos);

  // Beside a good file: its row verified, the exit still 1.
  const Run both = scratch().run({"grade", good, bad});
  CHECK(both.code == 1);
  CHECK(row_of(both.out, good).find("  verified") != std::string::npos);
  CHECK(row_of(both.out, bad).find("ALTERED") != std::string::npos);
  CHECK(both.err.find(good) == std::string::npos);
}

TEST_CASE("[cli] grade: an edited action is caught, and counted as the mistake it is") {
  const std::string text = model_answer(kAda);
  const astar::Exercise ex = astar::make_exercise(kAda).value();
  // The first question selects the start, the one open node; the file now says the goal.
  const astar::Cell goal = ex.level.goal();
  const std::string changed = edited(text, R"("select": *\[ *-?[0-9]+ *, *-?[0-9]+ *\])",
                                     "\"select\": [" + std::to_string(goal.x) + ", " + std::to_string(goal.y) + "]");
  const std::string bad = scratch().write("ada-action.json", changed);
  const auto expected = astar::grade_result(changed, bad);
  REQUIRE(expected.ok());
  REQUIRE_FALSE(expected.value().verified);
  CHECK(expected.value().score.mistakes[static_cast<std::size_t>(astar::Mistake::WrongNode)] == 1);
  CHECK(expected.value().score.percent < 100.0);

  const Run r = scratch().run({"grade", bad});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 1);
  CHECK(r.err.rfind("astar: " + bad + ": altered: " + expected.value().altered, 0) == 0);
  const std::string row = row_of(r.out, bad);
  CHECK(row.find(" " + astar::number_text(expected.value().score.percent) + " % ") != std::string::npos);
  CHECK(row.find(" wrong-node 1 ") != std::string::npos);
  CHECK(row.find("ALTERED: " + expected.value().altered) != std::string::npos);
}

TEST_CASE("[cli] grade: a file that cannot be read or is no result file gives exit 2, naming it") {
  const std::string good = scratch().write("good.json", model_answer(kAda));
  const std::string missing = (scratch().path() / "missing.json").string();
  const std::string broken = scratch().write("broken.json", "{\"format\": \"astar-exercise-result\", ");
  const std::string level = scratch().write("level.json", astar::level_to_json(astar::make_exercise(kAda).value().level));
  const std::string folder = (scratch().path()).string();
  for (const std::string& f : {missing, broken, level, folder}) {
    CAPTURE(f);
    const Run r = scratch().run({"grade", f});
    CHECK(r.code == 2);
    CHECK(r.err.rfind("astar: " + f + ": ", 0) == 0);
    CHECK(row_of(r.out, f).find("UNREADABLE: ") != std::string::npos);
  }
  CHECK(scratch().run({"grade", missing}).err == "astar: " + missing + ": cannot open: No such file or directory\n");

  // The good file is graded all the same; 2 wins over an altered file's 1.
  const std::string altered =
      scratch().write("altered.json", edited(read_file(good), R"("percent": *[-+.0-9eE]+)", R"("percent": 12.5)"));
  const Run r = scratch().run({"grade", missing, good, altered, broken});
  CHECK(r.code == 2);
  CHECK(row_of(r.out, good).find("  verified") != std::string::npos);
  CHECK(row_of(r.out, altered).find("ALTERED: score.percent") != std::string::npos);
  CHECK(lines_of(r.out).size() == 5);  // the header and one row per file, in order
  CHECK(lines_of(r.out)[1].rfind(missing, 0) == 0);
  CHECK(lines_of(r.out)[4].rfind(broken, 0) == 0);
  CHECK(r.err.find("astar: " + missing + ": ") != std::string::npos);
  CHECK(r.err.find("astar: " + broken + ": ") != std::string::npos);
  CHECK(r.err.find("astar: " + altered + ": altered: score.percent") != std::string::npos);
}

TEST_CASE("[cli] grade --format csv: a header, one row per file, fields quoted") {
  const astar::ExerciseSpec odd{.kind = astar::ExerciseKind::ExpansionOrder, .seed = "fall, \"A\"",
                                .student = "Ann \"Ace\", Jr.", .algorithm = "dijkstra"};
  const std::string text = model_answer(odd);
  const std::string file = scratch().write("ann.json", text);
  const std::string formula = scratch().write("formula.json", model_answer({.seed = "fall", .student = "=1+1"}));
  const std::string missing = (scratch().path() / "nobody.json").string();
  const Run r = scratch().run({"grade", "--format", "csv", file, formula, missing});
  INFO("stdout: ", r.out, "stderr: ", r.err);
  CHECK(r.code == 2);
  const std::vector<std::string> lines = lines_of(r.out);
  REQUIRE(lines.size() == 4);
  const std::vector<std::string> header = csv_fields(lines[0]);
  CHECK(lines[0].rfind("file,student,seed,exercise,score_percent,points,max_points,answered,finished,time_up,"
                       "seconds,mistakes,",
                       0) == 0);
  for (int m = 0; m < static_cast<int>(astar::Mistake::_Max); ++m) {
    const std::string name(astar::to_string(static_cast<astar::Mistake>(m)));
    CHECK(std::count(header.begin(), header.end(), name) == 1);
  }
  CHECK(header.back() == "detail");
  const auto column = [&](const std::vector<std::string>& row, const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    REQUIRE(it != header.end());
    REQUIRE(row.size() == header.size());
    return row[static_cast<std::size_t>(it - header.begin())];
  };
  const auto graded = astar::grade_result(text, file);
  REQUIRE(graded.ok());
  const std::vector<std::string> ann = csv_fields(lines[1]);
  CHECK(column(ann, "file") == file);
  CHECK(column(ann, "student") == "Ann \"Ace\", Jr.");
  CHECK(lines[1].find(",\"Ann \"\"Ace\"\", Jr.\",") != std::string::npos);
  CHECK(column(ann, "seed") == "fall, \"A\"");
  CHECK(column(ann, "exercise") == "expansion-order");
  CHECK(column(ann, "score_percent") == "100");
  CHECK(column(ann, "answered") == std::to_string(graded.value().score.answered));
  CHECK(column(ann, "points") == astar::number_text(graded.value().score.points));
  CHECK(column(ann, "finished") == "yes");
  CHECK(column(ann, "mistakes") == "0");
  CHECK(column(ann, "wrong-node") == "0");
  CHECK(column(ann, "check") == "verified");
  CHECK(column(ann, "detail").empty());
  // A name a spreadsheet would run as a formula is kept as text.
  CHECK(column(csv_fields(lines[2]), "student") == "'=1+1");
  const std::vector<std::string> nobody = csv_fields(lines[3]);
  CHECK(column(nobody, "check") == "unreadable");
  CHECK(column(nobody, "detail") == "cannot open: No such file or directory");
  CHECK(column(nobody, "student").empty());
}

TEST_CASE("[cli] grade refuses bad options with exit 2") {
  check_refused(scratch().run({"grade"}), "grade: missing RESULT");
  check_refused(scratch().run({"grade", "a.json", "--bogus"}),
                "grade: unknown option '--bogus' (see 'astar grade --help')");
  check_refused(scratch().run({"grade", "a.json", "--format", "json"}),
                "grade: --format: unknown value 'json' (expected table or csv)");
  check_refused(scratch().run({"grade", ""}), "grade: an empty file name");
}

TEST_CASE("[cli] grade: every file in tests/bad_results gives its exact message") {
  // tests/bad_results/README.md: NAME.json and NAME.expected, the message after "PATH: ".
  const fs::path dir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "bad_results";
  std::vector<fs::path> results;
  std::size_t expected_files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".json") results.push_back(e.path());
    if (e.path().extension() == ".expected") ++expected_files;
  }
  std::sort(results.begin(), results.end());
  CHECK(results.size() >= 8);
  CHECK(expected_files == results.size());
  for (const fs::path& f : results) {
    const std::string path = f.string();
    CAPTURE(path);
    const fs::path expected_file = dir / (f.stem().string() + ".expected");
    REQUIRE(fs::exists(expected_file));
    std::string expected = read_file(expected_file);
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    const bool altered = expected.rfind("altered: ", 0) == 0;
    const Run r = scratch().run({"grade", path});
    CHECK(r.code == (altered ? 1 : 2));
    CHECK(r.err == "astar: " + path + ": " + expected + "\n");
    // The same from core: grade_result's error, or the row's `altered`.
    const auto g = astar::grade_result(read_file(f), path);
    if (altered) {
      REQUIRE(g.ok());
      CHECK_FALSE(g.value().verified);
      CHECK("altered: " + g.value().altered == expected);
    } else {
      REQUIRE_FALSE(g.ok());
      CHECK(g.error() == path + ": " + expected);
    }
  }
}
