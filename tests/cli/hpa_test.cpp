// `astar run --algorithm hpa-star` with --cluster-size and --hpa-smooth: the cost equals the
// in-process search's (make_search with the same options), the options are refused out of range,
// and the help names them; a level's search.cluster_size and search.hpa_smooth are the defaults
// the command line overrides.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "cli_runner.hpp"

namespace {

const astar::test::CliScratch& scratch() {
  static const astar::test::CliScratch s("astar-hpa-tests");
  return s;
}

// A 24x12 map: a wall with two gaps, so the path crosses clusters.
const std::string kMap =
    "type octile\nheight 12\nwidth 24\nmap\n"
    "........................\n"
    "........................\n"
    "...........@............\n"
    "...........@............\n"
    "...........@............\n"
    "...........@............\n"
    "...........@............\n"
    "...........@............\n"
    "...........@@@@@@@@@.@@@\n"
    "........................\n"
    "........................\n"
    "........................\n";

std::string line_of(const std::string& out, const std::string& key) {
  const std::size_t at = out.find("\n" + key + ": ");
  if (at == std::string::npos) return {};
  const std::size_t from = at + key.size() + 3;
  return out.substr(from, out.find('\n', from) - from);
}

}  // namespace

TEST_CASE("astar run --algorithm hpa-star: --cluster-size and --hpa-smooth give the search's path") {
  const std::string map = scratch().write("walls.map", kMap);
  auto loaded = astar::parse_movingai_map(kMap, "in-process");
  REQUIRE(loaded.ok());
  astar::Level level = loaded.value();
  level.set_start({1, 1});
  level.set_goal({22, 4});
  for (int size : {4, 8, 16}) {
    for (bool smooth : {false, true}) {
      astar::SearchOptions o{.algorithm = astar::Algorithm::HpaStar};
      o.cluster_size = size;
      o.hpa_smooth = smooth;
      const auto s = astar::make_search(level, astar::movingai_rules(), o);
      REQUIRE(s->run() == astar::SearchState::Found);
      std::vector<std::string> args{"run",          map,        "--start", "1,1", "--goal", "22,4",
                                    "--algorithm",  "hpa-star", "--cluster-size", std::to_string(size)};
      if (smooth) args.push_back("--hpa-smooth");
      const astar::test::Run r = scratch().run(args);
      INFO("size ", size, " smooth ", smooth, " stdout: ", r.out, " stderr: ", r.err);
      CHECK(r.code == 0);
      CHECK(line_of(r.out, "algorithm") == "hpa-star");
      REQUIRE(!line_of(r.out, "cost").empty());
      CHECK(std::abs(std::stod(line_of(r.out, "cost")) - s->path_cost()) < 1e-7);  // 10 digits
      CHECK(line_of(r.out, "iterations") == std::to_string(s->iterations()));
    }
  }
}

TEST_CASE("astar run: a level's cluster_size and hpa_smooth are its defaults; the command line wins") {
  auto loaded = astar::parse_movingai_map(kMap, "in-process");
  REQUIRE(loaded.ok());
  astar::Level level = loaded.value();
  level.set_start({1, 1});
  level.set_goal({22, 4});
  level.preset.algorithm = "hpa-star";
  level.preset.cluster_size = 4;
  level.preset.hpa_smooth = true;
  const std::string file = scratch().write("preset.json", astar::level_to_json(level));
  auto expect = [&](int size, bool smooth, const std::vector<std::string>& extra) {
    astar::SearchOptions o{.algorithm = astar::Algorithm::HpaStar};
    o.cluster_size = size;
    o.hpa_smooth = smooth;
    const auto s = astar::make_search(level, level.rules(), o);
    REQUIRE(s->run() == astar::SearchState::Found);
    std::vector<std::string> args{"run", file};
    args.insert(args.end(), extra.begin(), extra.end());
    const astar::test::Run r = scratch().run(args);
    INFO("size ", size, " smooth ", smooth, " stdout: ", r.out, " stderr: ", r.err);
    CHECK(r.code == 0);
    REQUIRE(!line_of(r.out, "cost").empty());
    CHECK(std::abs(std::stod(line_of(r.out, "cost")) - s->path_cost()) < 1e-7);
    CHECK(line_of(r.out, "iterations") == std::to_string(s->iterations()));
  };
  expect(4, true, {});
  expect(8, true, {"--cluster-size", "8"});
  // The iterations at 4 cells differ from those at 8 and at 16 (the default), so the checks above
  // tell the sizes apart.
  auto iterations = [&](int size) {
    astar::SearchOptions o{.algorithm = astar::Algorithm::HpaStar};
    o.cluster_size = size;
    const auto s = astar::make_search(level, level.rules(), o);
    s->run();
    return s->iterations();
  };
  CHECK(iterations(4) != iterations(8));
  CHECK(iterations(4) != iterations(16));
}

TEST_CASE("astar run: --cluster-size out of range is refused, naming the option; help names both") {
  const std::string map = scratch().write("open.map", kMap);
  for (const char* bad : {"3", "257", "x"}) {
    const astar::test::Run r = scratch().run({"run", map, "--start", "1,1", "--goal", "22,4",
                                              "--algorithm", "hpa-star", "--cluster-size", bad});
    INFO("value ", bad, " stderr: ", r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find("--cluster-size") != std::string::npos);
  }
  const astar::test::Run help = scratch().run({"run", "--help"});
  CHECK(help.out.find("--cluster-size N") != std::string::npos);
  CHECK(help.out.find("--hpa-smooth") != std::string::npos);
}
