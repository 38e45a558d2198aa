// `astar run` on a few files of tests/bad_levels: exit 2, nothing on stdout, and the loader's
// exact message (NAME.expected, after the path) as the one line on stderr. The doctest main is in
// cli_test.cpp; every file is checked in-process by tests/test_bad_levels.cpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace fs = std::filesystem;

TEST_CASE("astar run refuses malformed level files with the loader's exact message") {
  static astar::test::ScratchDir scratch("astar-bad-levels-tests");
  const fs::path dir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "bad_levels";
  for (const char* name : {"empty", "truncated-object", "utf16-le-bom", "binary-garbage",
                           "huge-size-no-rows", "cost-nan-string", "deep-nesting-arrays",
                           "directory"}) {
    const std::string path = (dir / (std::string(name) + ".json")).string();
    std::string expected = astar::test::read_file(dir / (std::string(name) + ".expected"));
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    CAPTURE(path);
    const astar::test::Run r = astar::test::run_cli({"run", path}, scratch.path());
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "astar: " + path + ": " + expected + "\n");
  }
}
