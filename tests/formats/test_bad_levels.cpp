// tests/bad_levels: malformed level files, each refused by load_level with the exact message in
// NAME.expected (the message after the path). docs/testing.md "Quality gates".
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "astar/level_io.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const fs::path kDir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "bad_levels";

}  // namespace

TEST_CASE("[level-io] every file in tests/bad_levels is refused with its exact message") {
  std::vector<fs::path> levels;  // NAME.json: files, and one folder (directory.json)
  std::vector<std::string> expected_names;
  for (const auto& e : fs::directory_iterator(kDir)) {
    if (e.path().extension() == ".json") levels.push_back(e.path());
    if (e.path().extension() == ".expected") expected_names.push_back(e.path().stem().string());
  }
  std::sort(levels.begin(), levels.end());
  CHECK(levels.size() >= 30);
  // Every .expected has its level, and every level its .expected.
  CHECK(expected_names.size() == levels.size());
  for (const fs::path& level : levels) {
    const fs::path expected_file = kDir / (level.stem().string() + ".expected");
    const std::string path = level.string();
    CAPTURE(path);
    REQUIRE(fs::exists(expected_file));
    std::string expected = read_all(expected_file);
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    // The path as given, then the message kept in the .expected file.
    expected = path + ": " + expected;

    const auto t0 = std::chrono::steady_clock::now();
    const auto r = astar::load_level(path);
    const auto elapsed = std::chrono::steady_clock::now() - t0;
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == expected);
    // No file here takes long to refuse (a tiny file naming a 4096 x 4096 level included).
    CHECK(elapsed < std::chrono::seconds(2));
  }
}
