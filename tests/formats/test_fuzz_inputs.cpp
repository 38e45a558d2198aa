// The fuzzers' inputs replayed in the ordinary suite (docs/testing.md "Quality gates"):
//   tests/fuzz/corpus/TARGET/*            the seed corpus: valid files, each must parse
//   tests/fuzz/regressions/TARGET/NAME.*  inputs a fuzzer or a past bug found, each with
//                                         NAME.expected beside it: the parser's exact message,
//                                         or "ok" when it accepts the input (a result file:
//                                         "ok" when it verifies, else "altered: " and what)
// TARGET is fuzz_level, fuzz_movingai_map, fuzz_movingai_scen, fuzz_tiled, fuzz_trace,
// fuzz_plan_formats or fuzz_exercise_result; every target has at least one regression input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "astar/exercise.hpp"
#include "astar/imported_trace.hpp"
#include "astar/level_io.hpp"
#include "fuzz/plan_options.hpp"
#include "fuzz/tiled_options.hpp"
#include "astar/movingai.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kFuzzDir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "fuzz";

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file()) out.push_back(e.path());
  return out;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A regression input's NAME: its file name up to the first '.' (nan-optimal.map.scen: nan-optimal).
std::string name_of(const fs::path& f) {
  const std::string file = f.filename().string();
  return file.substr(0, file.find('.'));
}

// The parser a fuzz target drives: "ok" when it accepts the text, else its message.
std::string parse_as(const std::string& target, const std::string& text) {
  if (target == "fuzz_level") {
    const auto r = astar::parse_level(text, "input.json");
    return r.ok() ? "ok" : r.error();
  }
  if (target == "fuzz_movingai_map") {
    const auto r = astar::parse_movingai_map(text, "input.map");
    return r.ok() ? "ok" : r.error();
  }
  if (target == "fuzz_plan_formats") {
    const auto r = astar::fuzz::read_fuzz_plans(text);
    return r.ok() ? "ok" : r.error();
  }
  if (target == "fuzz_exercise_result") {
    const auto r = astar::grade_result(text, "input.json");
    if (!r.ok()) return r.error();
    return r.value().verified ? "ok" : "altered: " + r.value().altered;
  }
  if (target == "fuzz_trace") {
    const auto r = astar::read_trace(text, "input");
    return r.ok() ? "ok" : r.error();
  }
  if (target == "fuzz_tiled") {
    if (text.empty()) return "empty input";
    const std::string_view map = std::string_view(text).substr(1);
    const auto info = astar::parse_tiled_map_info(map, "input.tmj", astar::fuzz::kTiledFuzzFolder);
    const auto r = astar::parse_tiled_map(map, "input.tmj", astar::fuzz::kTiledFuzzFolder,
                                          astar::fuzz::tiled_options(static_cast<std::uint8_t>(text[0]), info));
    return r.ok() ? "ok" : r.error();
  }
  const auto r = astar::parse_movingai_scen(text, "input.map.scen");
  return r.ok() ? "ok" : r.error();
}

const char* const kTargets[] = {"fuzz_level", "fuzz_movingai_map", "fuzz_movingai_scen", "fuzz_tiled",
                                "fuzz_trace", "fuzz_plan_formats", "fuzz_exercise_result"};

}  // namespace

TEST_CASE("[fuzz] every seed of the fuzz corpus parses") {
  for (const std::string target : kTargets) {
    const auto files = files_in(kFuzzDir / "corpus" / target);
    CHECK(files.size() >= 3);
    for (const fs::path& f : files) {
      CAPTURE(f.string());
      CHECK(parse_as(target, read_all(f)) == "ok");
    }
  }
}

TEST_CASE("[fuzz] every target's regression inputs give their recorded outcome") {
  for (const std::string target : kTargets) {
    CAPTURE(target);
    const fs::path dir = kFuzzDir / "regressions" / target;
    std::vector<fs::path> inputs;
    std::set<std::string> names, expected_names;
    for (const fs::path& f : files_in(dir)) {
      const std::string name = name_of(f);
      if (f.extension() == ".expected") {
        expected_names.insert(name);
      } else {
        inputs.push_back(f);
        CHECK_MESSAGE(names.insert(name).second, "two inputs named ", name, " in ", dir.string());
      }
    }
    CHECK_MESSAGE(!inputs.empty(), "no regression input in ", dir.string());
    // Every NAME.expected has its input, and every input its NAME.expected.
    CHECK(expected_names == names);
    for (const fs::path& f : inputs) {
      const fs::path expected_file = dir / (name_of(f) + ".expected");
      CAPTURE(f.string());
      REQUIRE(fs::exists(expected_file));
      std::string expected = read_all(expected_file);
      while (!expected.empty() && expected.back() == '\n') expected.pop_back();
      const std::string text = read_all(f);
      CHECK(parse_as(target, text) == expected);
      // No crash, no sanitizer report; the same answer twice.
      CHECK(parse_as(target, text) == parse_as(target, text));
    }
  }
}
