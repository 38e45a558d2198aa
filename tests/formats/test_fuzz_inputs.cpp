// The fuzzers' inputs replayed in the ordinary suite (docs/testing.md "Quality gates"):
//   tests/fuzz/corpus/TARGET/*       the seed corpus: valid files, each must parse
//   tests/fuzz/regressions/TARGET/*  inputs that once crashed a parser: each must give a result
//                                    (a level, queries or a message), and the same as when fuzzed
// TARGET is fuzz_level, fuzz_movingai_map, fuzz_movingai_scen, fuzz_tiled or fuzz_trace.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "astar/imported_trace.hpp"
#include "astar/level_io.hpp"
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

// The parser a fuzz target drives: "" when it accepts the text, else its message.
std::string parse_as(const std::string& target, const std::string& text) {
  if (target == "fuzz_level") {
    const auto r = astar::parse_level(text, "input.json");
    return r.ok() ? "" : r.error();
  }
  if (target == "fuzz_movingai_map") {
    const auto r = astar::parse_movingai_map(text, "input.map");
    return r.ok() ? "" : r.error();
  }
  if (target == "fuzz_trace") {
    const auto r = astar::read_trace(text, "input");
    return r.ok() ? "" : r.error();
  }
  if (target == "fuzz_tiled") {
    if (text.empty()) return "empty input";
    const std::string_view map = std::string_view(text).substr(1);
    const auto info = astar::parse_tiled_map_info(map, "input.tmj", astar::fuzz::kTiledFuzzFolder);
    const auto r = astar::parse_tiled_map(map, "input.tmj", astar::fuzz::kTiledFuzzFolder,
                                          astar::fuzz::tiled_options(static_cast<std::uint8_t>(text[0]), info));
    return r.ok() ? "" : r.error();
  }
  const auto r = astar::parse_movingai_scen(text, "input.map.scen");
  return r.ok() ? "" : r.error();
}

const char* const kTargets[] = {"fuzz_level", "fuzz_movingai_map", "fuzz_movingai_scen", "fuzz_tiled",
                                "fuzz_trace"};

}  // namespace

TEST_CASE("[fuzz] every seed of the fuzz corpus parses") {
  for (const std::string target : kTargets) {
    const auto files = files_in(kFuzzDir / "corpus" / target);
    CHECK(files.size() >= 3);
    for (const fs::path& f : files) {
      CAPTURE(f.string());
      CHECK(parse_as(target, read_all(f)) == "");
    }
  }
}

TEST_CASE("[fuzz] the inputs that once crashed a parser are handled") {
  for (const std::string target : kTargets)
    for (const fs::path& f : files_in(kFuzzDir / "regressions" / target)) {
      CAPTURE(f.string());
      const std::string text = read_all(f);
      // No crash, no sanitizer report; the same answer twice.
      CHECK(parse_as(target, text) == parse_as(target, text));
    }
}
