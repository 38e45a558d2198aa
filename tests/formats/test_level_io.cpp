// Level files: round trips, one exact message per kind of malformed input, atomic saving.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "astar/file_io.hpp"
#include "astar/level_io.hpp"
#include "astar/search.hpp"
#include "support/document_grids.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace astar;

namespace {

// A fresh folder, removed at the end (temp_dir.hpp).
struct TempDir : astar::test::TempDir {
  TempDir() : astar::test::TempDir("astar-level-io") {}
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
}

Level random_level(std::mt19937& rng, int w, int h) {
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  Level level(w, h);
  const char* names[] = {"", "Random", "Ünïcødé ✓ level", "quotes \" and \\ backslash\nnewline\ttab"};
  level.name = names[pick(4)];

  const float special_costs[] = {1.0f, 2.5f, 0.3f, 10.0f, 1e-3f, 123456.789f, 0.1f, 1e9f,
                                 16777216.0f, 3e20f, FLT_MAX, std::numeric_limits<float>::denorm_min()};
  const bool use_costs = chance(0.8);
  const bool use_heights = chance(0.6);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      level.set_wall({x, y}, chance(0.2));
      if (use_costs && chance(0.5))
        level.set_cost({x, y}, chance(0.5) ? special_costs[pick(12)]
                                           : std::uniform_real_distribution<float>(0.001f, 100.0f)(rng));
      if (use_heights && chance(0.5))
        level.set_height({x, y}, chance(0.2) ? (chance(0.5) ? 1'000'000 : -1'000'000)
                                             : std::uniform_int_distribution<int>(-50, 50)(rng));
    }
  if (chance(0.7)) {
    const int n = pick(w * h + 1);
    for (int i = 0; i < n; ++i) {
      const Cell c{pick(w), pick(h)};
      EdgeOverride e;
      e.blocked = chance(0.4);
      if (!e.blocked)
        e.weight = chance(0.5) ? std::uniform_real_distribution<double>(1e-6, 1e6)(rng) : 1 + pick(20);
      level.set_edge(c, kAllDirs[static_cast<std::size_t>(pick(8))], e);
    }
  }
  const Cell start{pick(w), pick(h)}, goal{pick(w), pick(h)};
  level.set_wall(start, false);
  level.set_wall(goal, false);
  level.set_start(start);
  level.set_goal(goal);

  MovementRules& r = level.rules();
  r.neighbours = chance(0.5) ? Neighbours::Four : Neighbours::Eight;
  r.diagonal = static_cast<DiagonalPolicy>(pick(static_cast<int>(DiagonalPolicy::_Max)));
  const int limits[] = {kUnlimited, 0, 1, 7, 2'000'000};
  r.max_climb = limits[pick(5)];
  r.max_drop = limits[pick(5)];
  const double climb_costs[] = {0.0, 0.5, 1.0 / 3.0, 2.0, 1e-9};
  r.climb_cost = climb_costs[pick(5)];
  if (chance(0.5)) {
    r.drop_cost = climb_costs[pick(5)];
    r.jump = {pick(1001), pick(1001), pick(65), climb_costs[pick(5)], climb_costs[pick(5)],
              climb_costs[pick(5)]};
  }
  return level;
}

// A small valid level; tests replace one piece of it to make it malformed.
const std::string kValid = R"({
  "format": "astar-studio-level",
  "version": 1,
  "name": "Small",
  "width": 6,
  "height": 4,
  "start": [0, 0],
  "goal": [5, 3],
  "rules": {"neighbours": 8, "diagonal": "no-corner-cutting", "max_climb": null, "max_drop": 2, "climb_cost": 0.5},
  "walls": [
    "......",
    "..##..",
    "..#...",
    "......"
  ],
  "cost": [
    [1, 2.5, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 0.3, 1],
    [1, 1, 1, 1, 1, 1]
  ],
  "heights": [
    [0, 0, 0, 0, 0, 0],
    [0, -3, 0, 0, 0, 0],
    [0, 0, 0, 0, 7, 0],
    [0, 0, 0, 0, 0, 0]
  ],
  "edges": [
    {"from": [1, 0], "dir": "E", "weight": 5},
    {"from": [2, 3], "dir": "NE", "blocked": true}
  ]
})";

// kValid with `from` replaced by `to` (which must occur exactly once).
std::string with(const std::string& from, const std::string& to) {
  const auto at = kValid.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  REQUIRE_MESSAGE(kValid.find(from, at + 1) == std::string::npos, from);
  std::string s = kValid;
  s.replace(at, from.size(), to);
  return s;
}

std::string error_of(const std::string& text, const char* source = "a.json") {
  const auto r = parse_level(text, source);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

using astar::test::through_document;

// Parses `text` directly and through the document: the same level or the same message, and
// `direct` grids taken straight from the text on the first way.
void check_both_ways(const std::string& text, int direct) {
  const auto fast = parse_level(text, "a.json");
  CHECK(detail::grids_read_directly() == direct);
  const auto slow = parse_level(through_document(text), "a.json");
  CHECK(detail::grids_read_directly() == 0);
  REQUIRE_MESSAGE(fast.ok() == slow.ok(), (fast.ok() ? slow.error() : fast.error()));
  if (fast.ok())
    CHECK(fast.value() == slow.value());
  else
    CHECK(fast.error() == slow.error());
}

}  // namespace

TEST_CASE("[level-io] the small valid level parses to what it says") {
  const auto r = parse_level(kValid, "a.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  const Level& l = r.value();
  CHECK(l.name == "Small");
  CHECK(l.width() == 6);
  CHECK(l.height() == 4);
  CHECK(l.start() == Cell{0, 0});
  CHECK(l.goal() == Cell{5, 3});
  CHECK(l.wall({2, 1}));
  CHECK(l.wall({3, 1}));
  CHECK(l.wall({2, 2}));
  CHECK_FALSE(l.wall({3, 2}));
  CHECK(l.cost({1, 0}) == doctest::Approx(2.5));
  CHECK(l.cost({4, 2}) == 0.3f);
  CHECK(l.height_at({1, 1}) == -3);
  CHECK(l.height_at({4, 2}) == 7);
  CHECK(l.rules().neighbours == Neighbours::Eight);
  CHECK(l.rules().diagonal == DiagonalPolicy::NoCornerCutting);
  CHECK(l.rules().max_climb == kUnlimited);
  CHECK(l.rules().max_drop == 2);
  CHECK(l.rules().climb_cost == 0.5);
  REQUIRE(l.edge({1, 0}, Dir::E).has_value());
  CHECK(l.edge({1, 0}, Dir::E)->weight == 5.0);
  CHECK_FALSE(l.edge({1, 0}, Dir::E)->blocked);
  REQUIRE(l.edge({2, 3}, Dir::NE).has_value());
  CHECK(l.edge({2, 3}, Dir::NE)->blocked);
  CHECK(l.edges().size() == 2);
}

TEST_CASE("[level-io] optional fields take their defaults") {
  const auto r = parse_level(R"({"format": "astar-studio-level", "version": 1, "width": 3,
    "height": 2, "start": [0, 0], "goal": [2, 1], "walls": ["...", ".#."]})", "min.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  Level expected(3, 2);
  expected.set_wall({1, 1}, true);
  CHECK(r.value() == expected);
  CHECK(r.value().rules() == MovementRules{});

  const auto partial = parse_level(with(R"("rules": {"neighbours": 8, "diagonal": "no-corner-cutting", "max_climb": null, "max_drop": 2, "climb_cost": 0.5})",
                                        R"("rules": {"neighbours": 4})"), "a.json");
  REQUIRE(partial.ok());
  MovementRules rules;
  rules.neighbours = Neighbours::Four;
  CHECK(partial.value().rules() == rules);
}

TEST_CASE("[level-io] the writer's layout: one line per row, defaults left out, exact numbers") {
  Level l(3, 2);
  l.name = "Tiny";
  l.set_wall({1, 0}, true);
  l.set_goal({2, 1});
  CHECK(level_to_json(l) == R"({
  "format": "astar-studio-level",
  "version": 1,
  "name": "Tiny",
  "width": 3,
  "height": 2,
  "start": [0, 0],
  "goal": [2, 1],
  "rules": {
    "neighbours": 8,
    "diagonal": "no-corner-cutting",
    "max_climb": null,
    "max_drop": null,
    "climb_cost": 0
  },
  "walls": [
    ".#.",
    "..."
  ]
}
)");

  l.set_cost({0, 0}, 10);
  l.set_cost({2, 0}, 2.5);
  l.set_cost({0, 1}, 0.3);
  l.set_height({1, 1}, -4);
  l.set_edge({0, 1}, Dir::E, {false, 0.1});
  l.set_edge({0, 0}, Dir::SE, {true, 1.0});
  l.rules().max_climb = 3;
  l.rules().climb_cost = 1.5;
  CHECK(level_to_json(l) == R"({
  "format": "astar-studio-level",
  "version": 1,
  "name": "Tiny",
  "width": 3,
  "height": 2,
  "start": [0, 0],
  "goal": [2, 1],
  "rules": {
    "neighbours": 8,
    "diagonal": "no-corner-cutting",
    "max_climb": 3,
    "max_drop": null,
    "climb_cost": 1.5
  },
  "walls": [
    ".#.",
    "..."
  ],
  "cost": [
    [10, 1, 2.5],
    [0.3, 1, 1]
  ],
  "heights": [
    [0, 0, 0],
    [0, -4, 0]
  ],
  "edges": [
    {"from": [0, 0], "dir": "SE", "blocked": true},
    {"from": [0, 1], "dir": "E", "weight": 0.1}
  ]
}
)");
}

TEST_CASE("[level-io] jump rules and drop cost: read, written only when set, round trip") {
  const auto r = parse_level(
      with(R"("climb_cost": 0.5})",
           R"("climb_cost": 0.5, "drop_cost": 0.25,
              "jump": {"up": 3, "down": 5, "gap": 2, "up_cost": 2, "down_cost": 1, "across_cost": 1.5}})"),
      "a.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  const MovementRules& rules = r.value().rules();
  CHECK(rules.drop_cost == 0.25);
  CHECK(rules.jump == JumpRules{3, 5, 2, 2.0, 1.0, 1.5});
  CHECK(rules.jump.enabled());
  const std::string text = level_to_json(r.value());
  CHECK(text.find(R"(    "climb_cost": 0.5,
    "drop_cost": 0.25,
    "jump": {"up": 3, "down": 5, "gap": 2, "up_cost": 2, "down_cost": 1, "across_cost": 1.5}
  },)") != std::string::npos);
  const auto back = parse_level(text, "b.json");
  REQUIRE(back.ok());
  CHECK(back.value() == r.value());

  SUBCASE("fields left out are 0: that jump is off, or costs nothing extra") {
    const auto gap_only = parse_level(with(R"("climb_cost": 0.5})", R"("climb_cost": 0.5, "jump": {"gap": 1}})"), "a.json");
    REQUIRE(gap_only.ok());
    CHECK(gap_only.value().rules().jump == JumpRules{0, 0, 1, 0.0, 0.0, 0.0});
    CHECK(gap_only.value().rules().drop_cost == 0.0);
  }
  SUBCASE("a level without jumps is written without them") {
    Level l = r.value();
    l.rules().jump = {};
    l.rules().drop_cost = 0;
    const std::string plain = level_to_json(l);
    CHECK(plain.find("jump") == std::string::npos);
    CHECK(plain.find("drop_cost") == std::string::npos);
  }
  SUBCASE("saving refuses jump rules the reader would refuse") {
    TempDir dir;
    Level l = r.value();
    l.rules().jump.gap = 65;
    const Status s = save_level(l, dir / "j.json");
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == dir / "j.json" + ": cannot save: rules.jump.gap must be an integer 0..64, got 65");
    l.rules().jump.gap = 1;
    l.rules().jump.across_cost = -1;
    CHECK(save_level(l, dir / "j.json").error() ==
          dir / "j.json" + ": cannot save: rules.jump.across_cost must be a finite number >= 0, got -1");
    CHECK(dir.entries().empty());
  }
}

TEST_CASE("[level-io] a lesson's description and search: read, written after the name, checked") {
  const auto r = parse_level(
      with(R"("name": "Small",)",
           R"("name": "Small", "description": "Greedy walks into the pocket.",
              "search": {"algorithm": "weighted-astar", "heuristic": "manhattan", "weight": 1.5,
                         "tie_break": "smaller-g", "partial_path": true, "max_iterations": 500,
                         "smooth": false},)"),
      "a.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  const Level& lv = r.value();
  CHECK(lv.description == "Greedy walks into the pocket.");
  CHECK(lv.preset.algorithm == "weighted-astar");
  CHECK(lv.preset.weight == 1.5);
  CHECK(lv.preset.max_iterations == 500);
  CHECK(lv.preset.smooth == false);
  const SearchOptions o = with_preset({}, lv.preset);
  CHECK(o.algorithm == Algorithm::WeightedAStar);
  CHECK(o.heuristic == Heuristic::Manhattan);
  CHECK(o.weight == 1.5);
  CHECK(o.tie_break == TieBreak::SmallerG);
  CHECK(o.partial_path);
  CHECK(o.max_iterations == 500);
  const std::string text = level_to_json(lv);
  CHECK(text.find(R"(  "name": "Small",
  "description": "Greedy walks into the pocket.",
  "search": {"algorithm": "weighted-astar", "heuristic": "manhattan", "weight": 1.5, "tie_break": "smaller-g", "partial_path": true, "max_iterations": 500, "smooth": false},
  "width": 6,)") != std::string::npos);
  const auto back = parse_level(text, "b.json");
  REQUIRE(back.ok());
  CHECK(back.value() == lv);
  CHECK(level_to_json(parse_level(kValid, "a.json").value()).find("search") == std::string::npos);

  SUBCASE("a walking D* Lite agent and its sensor round-trip") {
    const auto w = parse_level(with(R"("name": "Small",)", R"("name": "Small", "search": {"algorithm": "d-star-lite", "walk": true, "sensor": 3},)"), "a.json");
    REQUIRE_MESSAGE(w.ok(), (w.ok() ? "" : w.error()));
    CHECK(w.value().preset.walk == true);
    CHECK(w.value().preset.sensor == 3);
    const std::string walk_text = level_to_json(w.value());
    CHECK(walk_text.find(R"("search": {"algorithm": "d-star-lite", "walk": true, "sensor": 3},)") != std::string::npos);
    CHECK(parse_level(walk_text, "b.json").value() == w.value());
  }

  SUBCASE("a movement range's budget round-trips and reaches the search options") {
    const auto b = parse_level(with(R"("name": "Small",)", R"("name": "Small", "search": {"algorithm": "dijkstra", "budget": 4.5},)"), "a.json");
    REQUIRE_MESSAGE(b.ok(), (b.ok() ? "" : b.error()));
    CHECK(b.value().preset.budget == 4.5);
    CHECK(with_preset({}, b.value().preset).budget == 4.5);
    CHECK_FALSE(with_preset({}, lv.preset).budget.has_value());
    const std::string budget_text = level_to_json(b.value());
    CHECK(budget_text.find(R"("search": {"algorithm": "dijkstra", "budget": 4.5},)") != std::string::npos);
    CHECK(parse_level(budget_text, "b.json").value() == b.value());
    Level astar_budget = b.value();  // the writer refuses what the reader would
    astar_budget.preset.algorithm = "astar";
    CHECK_FALSE(save_level(astar_budget, (std::filesystem::temp_directory_path() / "astar-budget.json").string()).ok());
  }

  SUBCASE("HPA*'s cluster size and smoothing round-trip") {
    const auto h = parse_level(with(R"("name": "Small",)",
                                    R"("name": "Small", "search": {"algorithm": "hpa-star", "cluster_size": 8, "hpa_smooth": true},)"),
                               "a.json");
    REQUIRE_MESSAGE(h.ok(), (h.ok() ? "" : h.error()));
    CHECK(h.value().preset.cluster_size == 8);
    CHECK(h.value().preset.hpa_smooth == true);
    const std::string hpa_text = level_to_json(h.value());
    CHECK(hpa_text.find(R"("search": {"algorithm": "hpa-star", "cluster_size": 8, "hpa_smooth": true},)") !=
          std::string::npos);
    CHECK(parse_level(hpa_text, "b.json").value() == h.value());
    Level astar_clusters = h.value();  // the writer refuses what the reader would
    astar_clusters.preset.algorithm = "astar";
    CHECK_FALSE(save_level(astar_clusters, (std::filesystem::temp_directory_path() / "astar-clusters.json").string()).ok());
    Level tiny = h.value();
    tiny.preset.cluster_size = 3;
    CHECK_FALSE(save_level(tiny, (std::filesystem::temp_directory_path() / "tiny-clusters.json").string()).ok());
  }

  SUBCASE("bad values name the field") {
    auto err = [](const std::string& search) {
      return error_of(with(R"("name": "Small",)", R"("name": "Small", "search": )" + search + ","));
    };
    CHECK(err(R"({"algorithm": "astra"})") ==
          "a.json: search.algorithm: unknown name \"astra\" (expected astar, weighted-astar, "
          "dijkstra, greedy, bfs, jps, theta, bidirectional, lpa-star, d-star-lite, flow-field, hpa-star)");
    CHECK(err(R"({"heuristic": 3})") == "a.json: search.heuristic: expected a string, got number");
    CHECK(err(R"({"weight": 2})") ==
          "a.json: search.weight: applies to \"algorithm\": \"weighted-astar\" only");
    CHECK(err(R"({"algorithm": "weighted-astar", "weight": 0.5})") == "a.json: search.weight: must be 1..100, got 0.5");
    CHECK(err(R"({"max_iterations": 0})") == "a.json: search.max_iterations: must be an integer >= 1, got 0");
    CHECK(err(R"({"smooth": "yes"})") == "a.json: search.smooth: expected true or false, got \"yes\"");
    CHECK(err(R"({"walk": true})") == "a.json: search.walk: applies to \"algorithm\": \"d-star-lite\" only");
    CHECK(err(R"({"algorithm": "d-star-lite", "sensor": 3})") ==
          "a.json: search.sensor: applies to \"walk\": true only");
    CHECK(err(R"({"algorithm": "d-star-lite", "walk": true, "sensor": 0})") ==
          "a.json: search.sensor: must be an integer 1..8192, got 0");
    CHECK(err(R"({"budget": 3})") ==
          "a.json: search.budget: a movement range needs \"algorithm\": \"dijkstra\"");
    CHECK(err(R"({"algorithm": "greedy", "budget": 3})") ==
          "a.json: search.budget: a movement range needs \"algorithm\": \"dijkstra\", got \"greedy\"");
    CHECK(err(R"({"algorithm": "dijkstra", "budget": "far"})") ==
          "a.json: search.budget: must be a finite number, got \"far\"");
    CHECK(err(R"({"algorithm": "dijkstra", "budget": 1e10})") ==
          "a.json: search.budget: must be a number 0..1000000000, got 10000000000");
    CHECK(err(R"({"algorithm": "dijkstra", "partial_path": true, "budget": 2})") ==
          "a.json: search.budget: a movement range has no goal, so no \"partial_path\"");
    CHECK(err(R"({"algorithm": "hpa-star", "cluster_size": 3})") ==
          "a.json: search.cluster_size: must be an integer 4..256, got 3");
    CHECK(err(R"({"algorithm": "hpa-star", "cluster_size": 8.5})") ==
          "a.json: search.cluster_size: expected an integer, got 8.5");
    CHECK(err(R"({"algorithm": "hpa-star", "hpa_smooth": 1})") ==
          "a.json: search.hpa_smooth: expected true or false, got 1");
    CHECK(err(R"({"algorithm": "astar", "cluster_size": 8})") ==
          "a.json: search.cluster_size: applies to \"algorithm\": \"hpa-star\" only");
    CHECK(err(R"({"hpa_smooth": true})") ==
          "a.json: search.hpa_smooth: applies to \"algorithm\": \"hpa-star\" only");
    CHECK(err(R"({"speed": 3})") == "a.json: search.speed: unknown field");
    CHECK(err(R"([1])") == "a.json: search: expected an object, got array");
    CHECK(error_of(with(R"("name": "Small",)", R"("name": "Small", "description": 7,)")) ==
          "a.json: description: expected a string, got number");
  }
}

TEST_CASE("[level-io] a lesson's trace: a relative path inside the level's folder, round trip") {
  auto quoted = [](const std::string& v) {
    std::string out = "\"";
    for (char c : v) out += c == '\\' ? std::string("\\\\") : std::string(1, c);
    return out + "\"";
  };
  auto with_trace = [](const std::string& trace_json) {
    return parse_level(with(R"("name": "Small",)",
                            R"("name": "Small", "search": {"trace": )" + trace_json + "},"),
                       "a.json");
  };
  for (const char* ok : {"bug.jsonl", "traces/bug.json", "a..b.yaml", "./x.json"}) {
    const auto r = with_trace(quoted(ok));
    REQUIRE_MESSAGE(r.ok(), ok << ": " << (r.ok() ? "" : r.error()));
    CHECK(r.value().preset.trace == ok);
    const auto back = parse_level(level_to_json(r.value()), "b.json");
    REQUIRE(back.ok());
    CHECK(back.value() == r.value());
  }
  for (const char* bad : {"", "/etc/passwd", "../x.json", "traces/../../x.json", "a/..",
                          "C:\\x.json", "\\\\server\\x"}) {
    const auto r = with_trace(quoted(bad));
    REQUIRE_FALSE_MESSAGE(r.ok(), bad);
    CHECK(r.error().rfind("a.json: search.trace: must be a relative path inside the level's "
                          "folder (no \"..\", not absolute, 1..255 bytes), got ", 0) == 0);
  }
  CHECK(with_trace(quoted(std::string(255, 'a'))).ok());
  CHECK_FALSE(with_trace(quoted(std::string(256, 'a'))).ok());
  CHECK(with_trace("3").error() == "a.json: search.trace: expected a string, got number");
  // The writer refuses what the reader would: the old file stays.
  TempDir dir;
  const std::string path = (dir.path / "lesson.json").string();
  Level lv = with_trace(quoted("bug.jsonl")).value();
  REQUIRE(save_level(lv, path).ok());
  lv.preset.trace = "../bug.jsonl";
  CHECK_FALSE(save_level(lv, path).ok());
  CHECK(load_level(path).value().preset.trace == "bug.jsonl");
}

TEST_CASE("[level-io] random levels survive level_to_json -> parse_level exactly") {
  const std::pair<int, int> sizes[] = {{1, 1}, {1, 7}, {7, 1}, {5, 5}, {24, 16}, {64, 3}, {40, 40}};
  int checked = 0;
  for (unsigned seed = 1; seed <= 30; ++seed) {
    std::mt19937 rng(seed);
    for (const auto& size : sizes) {
      // Not structured bindings: Emscripten's clang (14) cannot capture those in doctest's lambdas.
      const int w = size.first, h = size.second;
      const Level original = random_level(rng, w, h);
      const std::string text = level_to_json(original);
      const auto back = parse_level(text, "random.json");
      REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
      CHECK_MESSAGE(back.value() == original, "seed " << seed << ", " << w << " x " << h);
      // Writing again gives the same text: the format is canonical.
      CHECK(level_to_json(back.value()) == text);
      ++checked;
    }
  }
  CHECK(checked == 30 * 7);
}

TEST_CASE("[level-io] grids read straight from the text: the same levels and messages as the document") {
  SUBCASE("random levels, both ways") {
    const std::pair<int, int> sizes[] = {{1, 1}, {1, 9}, {9, 1}, {24, 16}, {70, 3}};
    for (unsigned seed = 1; seed <= 12; ++seed) {
      std::mt19937 rng(seed);
      for (const auto& size : sizes) {
        // Not structured bindings: Emscripten's clang (14) cannot capture those in CAPTURE's lambda.
        const int w = size.first, h = size.second;
        const std::string text = level_to_json(random_level(rng, w, h));
        const int grids = (text.find("\n  \"cost\": [") != std::string::npos) +
                          (text.find("\n  \"heights\": [") != std::string::npos);
        CAPTURE(seed);
        CAPTURE(w);
        check_both_ways(text, grids);
      }
    }
  }
  SUBCASE("values: each refused with the document's message, or left to the document") {
    const std::string row0 = "[1, 2.5, 1, 1, 1, 1]";
    auto cost0 = [&](const std::string& v) { return with(row0, "[1, " + v + ", 1, 1, 1, 1]"); };
    // Numbers the direct reader judges (both grids taken).
    for (const char* v : {"0", "-1", "-0", "1e40", "3.5e38", "1e-50", "1.0e0", "2.50", "1E2", "0.3",
                          "340282356779733661637539395458142568448", "99999999999999999999"}) {
      CAPTURE(v);
      check_both_ways(cost0(v), 2);
    }
    // Not numbers, or not JSON numbers: the cost grid is left to the document parser.
    for (const char* v : {"\"2\"", "null", "true", "[2]", "{}", "01", "1.", ".5", "+1", "1e999", "-",
                          "NaN", "Infinity", "2 3"}) {
      CAPTURE(v);
      check_both_ways(cost0(v), 1);
    }
    for (const char* v : {"-3.5", "7.0", "2000000", "-1000001", "-0", "1e3", "99999999999999999999"}) {
      CAPTURE(v);
      check_both_ways(with("[0, -3, 0, 0, 0, 0]", "[0, " + std::string(v) + ", 0, 0, 0, 0]"), 2);
    }
    CHECK(error_of(cost0("-1")) == "a.json: cost[0][1]: must be > 0, got -1");
    CHECK(error_of(with("[0, -3, 0", "[0, -3.5, 0")) == "a.json: heights[1][1]: expected an integer, got -3.5");
  }
  SUBCASE("rows: counts and lengths, in the document's order") {
    const std::string last = "[1, 1, 1, 1, 0.3, 1],\n    [1, 1, 1, 1, 1, 1]\n  ],\n  \"heights\"";
    check_both_ways(with(last, "[1, 1, 1, 1, 0.3],\n    [1, 1, 1, 1, 1, 1]\n  ],\n  \"heights\""), 2);
    check_both_ways(with(last, "[1, 1, 1, 1, 0.3, 1]\n  ],\n  \"heights\""), 2);
    check_both_ways(with(last, "[1, 1, 1, 1, 0.3, 1],\n    [1, 1, 1, 1, 1, 1],\n    []\n  ],\n  \"heights\""), 2);
    check_both_ways(with(last, "[1, 1, 1, 1, 0.3, 1],\n    7\n  ],\n  \"heights\""), 1);
    // A refused value in row 2 is reported before row 3's wrong length, after row 1's.
    check_both_ways(with(last, "[1, 1, 1, 1, 0, 1],\n    [1, 1]\n  ],\n  \"heights\""), 2);
    CHECK(error_of(with(last, "[1, 1, 1, 1, 0, 1],\n    [1, 1]\n  ],\n  \"heights\"")) ==
          "a.json: cost[2][4]: must be > 0, got 0");
    check_both_ways(with("[1, 1, 1, 1, 1, 1],\n    [1, 1, 1, 1, 0.3, 1]",
                         "[1, 1, 1],\n    [1, 1, 1, 1, 0, 1]"), 2);
    CHECK(error_of(with("[1, 1, 1, 1, 1, 1],\n    [1, 1, 1, 1, 0.3, 1]", "[1, 1, 1],\n    [1, 1, 1, 1, 0, 1]")) ==
          "a.json: cost[1]: expected 6 values (width), got 3");
    check_both_ways(with("\"cost\": [", "\"cost\": [[],"), 2);
    for (const char* grid : {"[]", "[[]]", "[ ]", "[[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]]"}) {
      const std::string text = with("\"heights\": [\n    [0, 0, 0, 0, 0, 0],\n    [0, -3, 0, 0, 0, 0],\n"
                                    "    [0, 0, 0, 0, 7, 0],\n    [0, 0, 0, 0, 0, 0]\n  ]",
                                    std::string("\"heights\": ") + grid);
      CAPTURE(grid);
      check_both_ways(text, std::string(grid).size() >= 4 ? 2 : 1);
    }
  }
  SUBCASE("the rest of the file: lines and columns, order of checks, duplicate keys") {
    // Syntax errors after the grids keep their line and column, on many lines or on one.
    const std::string bad_edges = with(R"("weight": 5},)", R"("weight": 5},,)");
    check_both_ways(bad_edges, 2);  // the grids were taken; the document parser then failed
    std::string one_line = kValid;
    std::erase(one_line, '\n');
    check_both_ways(one_line, 2);
    std::string one_line_bad = bad_edges;
    std::erase(one_line_bad, '\n');
    // (The escapes make the keys longer, so on one line the column is checked against the text.)
    const std::string column = std::to_string(one_line_bad.find(",,") + 2);
    CHECK(error_of(one_line_bad).find("line 1, column " + column + ": invalid JSON") != std::string::npos);
    CHECK(error_of(bad_edges) == error_of(through_document(bad_edges)));
    CHECK(error_of(bad_edges).find("line 29, column 47: invalid JSON") != std::string::npos);
    // A refused cost waits for its turn: a missing width is reported first.
    check_both_ways(with(R"("width": 6,)", ""), 2);
    std::string no_width = with("\"width\": 6,", "");
    no_width.replace(no_width.find("[1, 2.5"), 7, "[1, 0.0");
    check_both_ways(no_width, 2);
    CHECK(error_of(no_width) == "a.json: width: missing field");
    // A second "cost" is the document's duplicate.
    const std::string twice = with("\"edges\": [", "\"cost\": [[1]],\n  \"edges\": [");
    check_both_ways(twice, 2);
    CHECK(error_of(twice) == "a.json: cost: duplicate key");
  }
}

TEST_CASE("[level-io] every rule variant and extreme values round-trip") {
  for (int n = 0; n < 2; ++n)
    for (int d = 0; d < static_cast<int>(DiagonalPolicy::_Max); ++d) {
      Level l(2, 2);
      l.rules().neighbours = n ? Neighbours::Eight : Neighbours::Four;
      l.rules().diagonal = static_cast<DiagonalPolicy>(d);
      l.rules().max_climb = d;
      l.rules().max_drop = n ? kUnlimited : 2'000'000;
      l.rules().climb_cost = 0.1 * d;
      l.set_cost({0, 0}, FLT_MAX);
      l.set_cost({1, 0}, std::numeric_limits<float>::denorm_min());
      l.set_cost({0, 1}, FLT_MIN);
      l.set_height({1, 1}, -1'000'000);
      l.set_edge({1, 1}, Dir::NW, {false, 1e-300});
      l.set_edge({0, 0}, Dir::E, {false, 1e300});
      const auto back = parse_level(level_to_json(l), "x.json");
      REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
      CHECK(back.value() == l);
    }
}

TEST_CASE("[level-io] save_level and load_level through a real file") {
  TempDir dir;
  std::mt19937 rng(42);
  for (int i = 0; i < 5; ++i) {
    const Level original = random_level(rng, 10 + i, 8);
    const std::string path = dir / "level.json";
    const Status saved = save_level(original, path);
    REQUIRE_MESSAGE(saved.ok(), (saved.ok() ? "" : saved.error()));
    const auto loaded = load_level(path);
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
    CHECK(loaded.value() == original);
    CHECK(read_file(path) == level_to_json(original));
    // No temporary file is left next to it.
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});
  }
  struct stat st {};
  REQUIRE(::stat((dir / "level.json").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0644);

  // Replacing a file keeps its permissions.
  REQUIRE(::chmod((dir / "level.json").c_str(), 0600) == 0);
  REQUIRE(save_level(Level(3, 3), dir / "level.json").ok());
  REQUIRE(::stat((dir / "level.json").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);

  // Saving through a symbolic link replaces the file it points to and keeps the link.
  REQUIRE(::symlink("level.json", (dir / "link.json").c_str()) == 0);
  REQUIRE(save_level(Level(4, 2), dir / "link.json").ok());
  CHECK(fs::is_symlink(dir.path / "link.json"));
  const auto via_target = load_level(dir / "level.json");
  REQUIRE(via_target.ok());
  CHECK(via_target.value() == Level(4, 2));
  CHECK(dir.entries() == std::vector<std::string>{"level.json", "link.json"});
}

TEST_CASE("[level-io] each malformed input gets its exact message") {
  SUBCASE("bad JSON") {
    CHECK(error_of(with(R"("version": 1,)", R"("version": 1,,)")) ==
          "a.json: line 3, column 16: invalid JSON: syntax error while parsing object key - "
          "unexpected ','; expected string literal");
    CHECK(error_of("") == "a.json: line 1, column 1: invalid JSON: syntax error while parsing value - "
                          "unexpected end of input; expected '[', '{', or a literal");
    CHECK(error_of("{\"format\": \"astar-studio-level\",\n  \"version\": 1,\n  \"width\": x}") ==
          "a.json: line 3, column 12: invalid JSON: syntax error while parsing value - invalid "
          "literal; last read: '\"width\": x'");
  }
  SUBCASE("not an object") {
    CHECK(error_of("[1, 2]") == "a.json: top level: expected an object, got array");
  }
  SUBCASE("missing field") {
    CHECK(error_of(with(R"("height": 4,)", "")) == "a.json: height: missing field");
    CHECK(error_of(with(R"("format": "astar-studio-level",)", "")) == "a.json: format: missing field");
    CHECK(error_of(with(R"("walls": [
    "......",
    "..##..",
    "..#...",
    "......"
  ],)", "")) == "a.json: walls: missing field");
    CHECK(error_of(with(R"("dir": "E", )", "")) == "a.json: edges[0].dir: missing field");
  }
  SUBCASE("wrong type") {
    CHECK(error_of(with(R"("width": 6,)", R"("width": "6",)")) ==
          "a.json: width: expected an integer, got string");
    CHECK(error_of(with(R"("width": 6,)", R"("width": 6.5,)")) ==
          "a.json: width: expected an integer, got 6.5");
    CHECK(error_of(with(R"("name": "Small",)", R"("name": 3,)")) ==
          "a.json: name: expected a string, got number");
    CHECK(error_of(with(R"("start": [0, 0],)", R"("start": [0, 0, 0],)")) ==
          "a.json: start: expected [x, y], got an array of 3 values");
    CHECK(error_of(with(R"("start": [0, 0],)", R"("start": [0, "0"],)")) ==
          "a.json: start[1]: expected an integer, got string");
    CHECK(error_of(with(R"("rules": {"neighbours": 8,)", R"("rules": {"neighbours": "8",)")) ==
          "a.json: rules.neighbours: expected an integer, got string");
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 1, true, 1],)")) ==
          "a.json: cost[2][4]: must be a finite number, got true");
    CHECK(error_of(with(R"([0, 0, 0, 0, 7, 0],)", R"([0, 0, 0, 0, 7.5, 0],)")) ==
          "a.json: heights[2][4]: expected an integer, got 7.5");
    CHECK(error_of(with(R"("height": 4,)", R"("height": [[0]],)")) ==
          "a.json: height: expected an integer, got array (the height layer is called \"heights\")");
  }
  SUBCASE("wrong dimensions") {
    CHECK(error_of(with(R"("height": 4,)", R"("height": 5,)")) ==
          "a.json: walls: expected 5 rows (height), got 4");
    CHECK(error_of(with(R"(    "..#...",)", R"(    "..#..",)")) ==
          "a.json: walls[2]: expected 6 characters (width), got 5");
    CHECK(error_of(with(R"(    "..#...",)", R"(    "..#é..",)")) ==
          "a.json: walls[2][3]: expected '.' or '#', got 'é'");
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 0.3, 1],)")) ==
          "a.json: cost[2]: expected 6 values (width), got 5");
    CHECK(error_of(with(R"(,
    [0, 0, 0, 0, 7, 0])", "")) == "a.json: heights: expected 4 rows (height), got 3");
  }
  SUBCASE("non-positive cost") {
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 1, -2, 1],)")) ==
          "a.json: cost[2][4]: must be > 0, got -2");
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 1, 0, 1],)")) ==
          "a.json: cost[2][4]: must be > 0, got 0");
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 1, 1e-50, 1],)")) ==
          "a.json: cost[2][4]: must be at least 1e-45, got 1e-50");
    CHECK(error_of(with(R"([1, 1, 1, 1, 0.3, 1],)", R"([1, 1, 1, 1, 1e39, 1],)")) ==
          "a.json: cost[2][4]: must be at most 3.4028235e+38, got 1e+39");
  }
  SUBCASE("NaN and infinite cost") {
    CHECK(error_of(with("[1, 2.5, 1, 1, 1, 1]", R"([1, "NaN", 1, 1, 1, 1])")) ==
          "a.json: cost[0][1]: must be a finite number, got \"NaN\"");
    CHECK(error_of(with("[1, 2.5, 1, 1, 1, 1]", "[1, 1e999, 1, 1, 1, 1]")) ==
          "a.json: cost[0][1]: must be a finite number, got 1e999");
    CHECK(error_of(with("[1, 2.5, 1, 1, 1, 1]", "[1, 2.5, 1, 1, 1, -1e999]")) ==
          "a.json: cost[0][5]: must be a finite number, got -1e999");
    CHECK(error_of(with(R"("climb_cost": 0.5)", R"("climb_cost": 1e400)")) ==
          "a.json: rules.climb_cost: must be a finite number, got 1e400");
  }
  SUBCASE("bad wall character") {
    CHECK(error_of(with(R"(    "..##..",)", R"(    "..x#..",)")) ==
          "a.json: walls[1][2]: expected '.' or '#', got 'x'");
    CHECK(error_of(with(R"(    "..##..",)", R"(    "..\t#..",)")) ==
          "a.json: walls[1][2]: expected '.' or '#', got U+0009");
    CHECK(error_of(with(R"(    "..##..",)", R"(    5,)")) ==
          "a.json: walls[1]: expected a string, got number");
  }
  SUBCASE("start and goal") {
    CHECK(error_of(with(R"("start": [0, 0],)", R"("start": [2, 1],)")) ==
          "a.json: start: (2, 1) is inside a wall");
    CHECK(error_of(with(R"("goal": [5, 3],)", R"("goal": [2, 2],)")) ==
          "a.json: goal: (2, 2) is inside a wall");
    CHECK(error_of(with(R"("start": [0, 0],)", R"("start": [-1, 0],)")) ==
          "a.json: start: (-1, 0) is outside the level (0, 0)-(5, 3)");
    CHECK(error_of(with(R"("start": [0, 0],)", R"("start": [0, 4],)")) ==
          "a.json: start: (0, 4) is outside the level (0, 0)-(5, 3)");
    CHECK(error_of(with(R"("goal": [5, 3],)", R"("goal": [9, 0],)")) ==
          "a.json: goal: (9, 0) is outside the level (0, 0)-(5, 3)");
    CHECK(error_of(with(R"("goal": [5, 3],)", R"("goal": [9000000000, 0],)")) ==
          "a.json: goal[0]: must be -2147483648..2147483647, got 9000000000");
  }
  SUBCASE("size too large fails fast, before allocating") {
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(error_of(with(R"("width": 6,)", R"("width": 100000,)")) ==
          "a.json: width: must be 1..8192, got 100000");
    CHECK(error_of(with(R"("width": 6,
  "height": 4,)", R"("width": 100000,
  "height": 100000,)")) == "a.json: width: must be 1..8192, got 100000");
    CHECK(error_of(with(R"("width": 6,
  "height": 4,)", R"("width": 8192,
  "height": 8192,)")) == "a.json: width x height: must be at most 16777216 cells, got 8192 x "
                         "8192 = 67108864");
    CHECK(error_of(with(R"("height": 4,)", R"("height": 0,)")) ==
          "a.json: height: must be 1..8192, got 0");
    CHECK(error_of(with(R"("width": 6,)", R"("width": 1e300,)")) ==
          "a.json: width: must be 1..8192, got 1e+300");
    CHECK(error_of(with(R"("width": 6,)", R"("width": 18446744073709551615,)")) ==
          "a.json: width: must be 1..8192, got 18446744073709551615");
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
  }
  SUBCASE("unknown key") {
    CHECK(error_of(with(R"("name": "Small",)", R"("name": "Small", "extra": 1,)")) ==
          "a.json: extra: unknown field");
    CHECK(error_of(with(R"("walls": [)", R"("wals": [)")) ==
          "a.json: wals: unknown field (did you mean \"walls\"?)");
    CHECK(error_of(with(R"("max_drop": 2,)", R"("max_drop": 2, "swim": 1,)")) ==
          "a.json: rules.swim: unknown field");
    CHECK(error_of(with(R"("max_drop": 2,)", R"("max_drop": 2, "jump": {"gaps": 1},)")) ==
          "a.json: rules.jump.gaps: unknown field (did you mean \"gap\"?)");
    CHECK(error_of(with(R"("weight": 5)", R"("weight": 5, "note": "x")")) ==
          "a.json: edges[0].note: unknown field");
    CHECK(error_of(with(R"("name": "Small",)", R"("name": "Small", "odd key": 1,)")) ==
          "a.json: \"odd key\": unknown field");
  }
  SUBCASE("duplicate key") {
    CHECK(error_of(with(R"("name": "Small",)", R"("name": "Small", "name": "Big",)")) ==
          "a.json: name: duplicate key");
    CHECK(error_of(with(R"("max_drop": 2,)", R"("max_drop": 2, "max_drop": 3,)")) ==
          "a.json: rules.max_drop: duplicate key");
  }
  SUBCASE("unknown diagonal policy") {
    CHECK(error_of(with(R"("no-corner-cutting")", R"("no-corners")")) ==
          "a.json: rules.diagonal: unknown policy \"no-corners\" (expected always, one-side-open, "
          "no-corner-cutting or never)");
  }
  SUBCASE("bad neighbours") {
    CHECK(error_of(with(R"("neighbours": 8)", R"("neighbours": 6)")) ==
          "a.json: rules.neighbours: must be 4 or 8, got 6");
    CHECK(error_of(with(R"("neighbours": 8)", R"("neighbours": 16)")) ==
          "a.json: rules.neighbours: must be 4 or 8, got 16");
  }
  SUBCASE("bad dir in edges") {
    CHECK(error_of(with(R"("dir": "NE")", R"("dir": "UP")")) ==
          "a.json: edges[1].dir: unknown direction \"UP\" (expected E, SE, S, SW, W, NW, N or NE)");
    CHECK(error_of(with(R"("dir": "NE")", R"("dir": 2)")) ==
          "a.json: edges[1].dir: expected a string, got number");
  }
  SUBCASE("duplicate edge") {
    CHECK(error_of(with(R"({"from": [2, 3], "dir": "NE", "blocked": true})",
                        R"({"from": [1, 0], "dir": "E", "blocked": true})")) ==
          "a.json: edges[1]: duplicate edge from (1, 0) going E (first given as edges[0])");
  }
  SUBCASE("edge weight and blocked") {
    CHECK(error_of(with(R"("weight": 5)", R"("weight": 0)")) ==
          "a.json: edges[0].weight: must be > 0, got 0");
    CHECK(error_of(with(R"("weight": 5)", R"("weight": -1.5)")) ==
          "a.json: edges[0].weight: must be > 0, got -1.5");
    CHECK(error_of(with(R"("weight": 5)", R"("weight": 5, "blocked": true)")) ==
          "a.json: edges[0]: has both \"weight\" and \"blocked\"; give exactly one");
    CHECK(error_of(with(R"(, "weight": 5)", "")) ==
          "a.json: edges[0]: needs \"weight\": a number > 0, or \"blocked\": true");
    CHECK(error_of(with(R"("blocked": true)", R"("blocked": false)")) ==
          "a.json: edges[1].blocked: must be true (leave the edge out instead), got false");
    CHECK(error_of(with(R"("from": [2, 3])", R"("from": [6, 3])")) ==
          "a.json: edges[1].from: (6, 3) is outside the level (0, 0)-(5, 3)");
  }
  SUBCASE("newer version") {
    CHECK(error_of(with(R"("version": 1,)", R"("version": 2,)")) ==
          "a.json: version: the file is version 2, newer than this program, which reads versions "
          "up to 1; please update A* Studio");
    // A newer file may have fields this program does not know: the version is reported first.
    CHECK(error_of(with(R"("version": 1,)", R"("version": 3, "portals": [],)")) ==
          "a.json: version: the file is version 3, newer than this program, which reads versions "
          "up to 1; please update A* Studio");
    CHECK(error_of(with(R"("version": 1,)", R"("version": 0,)")) ==
          "a.json: version: must be at least 1, got 0");
    CHECK(error_of(with(R"("version": 1,)", R"("version": "1",)")) ==
          "a.json: version: expected an integer, got string");
  }
  SUBCASE("wrong format string") {
    CHECK(error_of(with(R"("format": "astar-studio-level",)", R"("format": "tiled-map",)")) ==
          "a.json: format: expected \"astar-studio-level\", got \"tiled-map\"");
  }
  SUBCASE("negative or bad max_climb") {
    CHECK(error_of(with(R"("max_climb": null,)", R"("max_climb": -1,)")) ==
          "a.json: rules.max_climb: must be null (unlimited) or 0..2000000, got -1");
    CHECK(error_of(with(R"("max_drop": 2,)", R"("max_drop": 1.5,)")) ==
          "a.json: rules.max_drop: expected an integer or null, got 1.5");
    CHECK(error_of(with(R"("max_climb": null,)", R"("max_climb": "none",)")) ==
          "a.json: rules.max_climb: expected an integer or null, got string");
    CHECK(error_of(with(R"("climb_cost": 0.5)", R"("climb_cost": -0.5)")) ==
          "a.json: rules.climb_cost: must be >= 0, got -0.5");
  }
  SUBCASE("bad jump rules and drop cost") {
    auto jump = [](const std::string& j) {
      return error_of(with(R"("max_drop": 2,)", R"("max_drop": 2, "jump": )" + j + ","));
    };
    CHECK(jump("1") == "a.json: rules.jump: expected an object, got number");
    CHECK(jump(R"({"gap": -1})") == "a.json: rules.jump.gap: must be an integer 0..64, got -1");
    CHECK(jump(R"({"gap": 65})") == "a.json: rules.jump.gap: must be an integer 0..64, got 65");
    CHECK(jump(R"({"up": 1001})") == "a.json: rules.jump.up: must be an integer 0..1000, got 1001");
    CHECK(jump(R"({"down": 1.5})") == "a.json: rules.jump.down: expected an integer, got 1.5");
    CHECK(jump(R"({"down": null})") == "a.json: rules.jump.down: expected an integer, got null");
    CHECK(jump(R"({"up_cost": -1})") == "a.json: rules.jump.up_cost: must be >= 0, got -1");
    CHECK(jump(R"({"across_cost": "2"})") ==
          "a.json: rules.jump.across_cost: must be a finite number, got \"2\"");
    CHECK(jump(R"({"down_cost": 1e999})") ==
          "a.json: rules.jump.down_cost: must be a finite number, got 1e999");
    CHECK(error_of(with(R"("climb_cost": 0.5)", R"("climb_cost": 0.5, "drop_cost": -2)")) ==
          "a.json: rules.drop_cost: must be >= 0, got -2");
  }
  SUBCASE("height out of range") {
    CHECK(error_of(with(R"([0, 0, 0, 0, 7, 0],)", R"([0, 0, 0, 0, 1000001, 0],)")) ==
          "a.json: heights[2][4]: must be -1000000..1000000, got 1000001");
  }
  SUBCASE("too deeply nested") {
    CHECK(error_of(with(R"("name": "Small",)", R"("name": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]],)")) ==
          "a.json: name[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested too deeply");
  }
  SUBCASE("the source name is used as given") {
    CHECK(error_of(with(R"("width": 6,)", R"("width": "6",)"), "levels/welcome.json") ==
          "levels/welcome.json: width: expected an integer, got string");
  }
}

TEST_CASE("[level-io] load_level errors name the path") {
  TempDir dir;
  const std::string missing = dir / "missing.json";
  auto r = load_level(missing);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == missing + ": cannot open: No such file or directory");

  r = load_level(dir.path.string());
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == dir.path.string() + ": cannot open: Is a directory");

  const std::string bad = dir / "bad.json";
  write_file(bad, with(R"("width": 6,)", R"("width": "6",)"));
  r = load_level(bad);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == bad + ": width: expected an integer, got string");

  // A file over the limit is refused from its size alone (sparse: no disk space used).
  const std::string huge = dir / "huge.json";
  write_file(huge, "{");
  fs::resize_file(huge, kMaxLevelFileBytes + 1);
  const auto t0 = std::chrono::steady_clock::now();
  r = load_level(huge);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == huge + ": cannot load: the file is 536870913 bytes, the limit is 536870912 "
                            "bytes (512 MiB)");
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(1));
}

TEST_CASE("[level-io] a failed save leaves the old file intact and no temporary file") {
  TempDir dir;
  std::mt19937 rng(7);
  const Level level = random_level(rng, 30, 20);

  SUBCASE("the folder does not exist") {
    const std::string path = dir / "no-such-dir/level.json";
    const Status s = save_level(level, path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: cannot create a temporary file next to it: No such "
                              "file or directory");
    CHECK(dir.entries().empty());
  }
  SUBCASE("the parent is a regular file") {
    write_file(dir / "file.txt", "keep me");
    const std::string path = dir / "file.txt/level.json";
    const Status s = save_level(level, path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: cannot create a temporary file next to it: Not a "
                              "directory");
    CHECK(read_file(dir / "file.txt") == "keep me");
    CHECK(dir.entries() == std::vector<std::string>{"file.txt"});
  }
  SUBCASE("the target is a non-empty directory: rename fails, the directory survives") {
    const std::string path = dir / "level.json";
    fs::create_directory(path);
    write_file(path + "/inside.txt", "still here");
    const Status s = save_level(level, path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: replacing the file: Is a directory");
    CHECK(fs::is_directory(path));
    CHECK(read_file(path + "/inside.txt") == "still here");
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});  // the temp file is gone
  }
  SUBCASE("writing fails half-way (file size limit): the old file is byte-identical") {
    const std::string path = dir / "level.json";
    const std::string old_text = level_to_json(Level(2, 2));
    write_file(path, old_text);
    // RLIMIT_FSIZE makes write() fail with EFBIG even for root; ignore the SIGXFSZ it raises.
    struct rlimit old_limit {};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
    struct rlimit small = old_limit;
    small.rlim_cur = 100;
    const auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    const Status s = save_level(level, path);
    ::setrlimit(RLIMIT_FSIZE, &old_limit);
    ::signal(SIGXFSZ, old_handler);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: writing: File too large");
    CHECK(read_file(path) == old_text);
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});
  }
  SUBCASE("a read-only folder (only meaningful when not root)") {
    const std::string path = dir / "level.json";
    write_file(path, "old content");
    REQUIRE(::chmod(dir.path.c_str(), 0555) == 0);
    const Status s = save_level(level, path);
    ::chmod(dir.path.c_str(), 0755);
    if (::geteuid() != 0) {
      REQUIRE_FALSE(s.ok());
      CHECK(s.error() == path + ": cannot save: cannot create a temporary file next to it: "
                                "Permission denied");
    } else {
      CHECK(s.ok());  // root ignores folder permissions: the save goes through
    }
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});
  }
  SUBCASE("a level that could not be loaded back is not written") {
    const std::string path = dir / "level.json";
    write_file(path, "old content");
    Level bad = level;
    bad.set_wall(bad.start(), true);
    Status s = save_level(bad, path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: start (" + std::to_string(bad.start().x) + ", " +
                           std::to_string(bad.start().y) + ") is inside a wall");
    bad = level;
    bad.set_cost({3, 2}, -1);
    s = save_level(bad, path);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: cost[2][3] must be a finite number > 0, got -1");
    CHECK(read_file(path) == "old content");
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});
  }
}

// Saving under faults (issue 6): every stage of the atomic write fails in turn, as the system
// call would (full disk while writing, a failed flush, close or rename, ...). Each time the old
// file must be byte-identical, no temporary file may be left, and the message must say which
// stage failed and why. Short writes (a few bytes per call) must still save the whole file.
TEST_CASE("[level-io] saving under injected faults at every stage keeps the old file") {
  TempDir dir;
  std::mt19937 rng(11);
  const Level level = random_level(rng, 40, 30);
  const std::string path = dir / "level.json";
  const std::string old_text = level_to_json(Level(3, 2));
  // The stage, then the C library's text for the error: glibc's here ("Input/output error");
  // musl's in the WebAssembly build ("I/O error"), hence the text is not written out.
  struct Case {
    SaveStage stage;
    int error;
    const char* stage_text;
  };
  const Case cases[] = {
      {SaveStage::CreateTemp, EMFILE, "cannot create a temporary file next to it"},
      {SaveStage::Permissions, EPERM, "setting permissions"},
      {SaveStage::Write, ENOSPC, "writing"},
      {SaveStage::Write, EIO, "writing"},
      {SaveStage::Flush, EIO, "flushing to disk"},
      {SaveStage::Close, EDQUOT, "closing"},
      {SaveStage::Rename, EXDEV, "replacing the file"},
      {SaveStage::Rename, EACCES, "replacing the file"},
  };
  int stages_seen = 0;
  for (const Case& c : cases) {
    CAPTURE(static_cast<int>(c.stage));
    write_file(path, old_text);
    inject_save_fault(SaveFault{c.stage, c.error, 0});
    const Status s = save_level(level, path);
    inject_save_fault(std::nullopt);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error() == path + ": cannot save: " + c.stage_text + ": " + std::strerror(c.error));
    CHECK(read_file(path) == old_text);
    CHECK(dir.entries() == std::vector<std::string>{"level.json"});
    ++stages_seen;
  }
  CHECK(stages_seen == static_cast<int>(std::size(cases)));
  // Every stage is covered.
  for (int st = 0; st < static_cast<int>(SaveStage::_Max); ++st)
    CHECK(std::any_of(std::begin(cases), std::end(cases),
                      [&](const Case& c) { return static_cast<int>(c.stage) == st; }));

  SUBCASE("short writes: 7 bytes per call still save everything") {
    inject_save_fault(SaveFault{SaveStage::Write, 0, 7});
    const Status s = save_level(level, path);
    inject_save_fault(std::nullopt);
    REQUIRE(s.ok());
    CHECK(read_file(path) == level_to_json(level));
  }
  SUBCASE("after a fault is cleared, the next save succeeds") {
    REQUIRE(save_level(level, path).ok());
    const auto back = load_level(path);
    REQUIRE(back.ok());
    CHECK(back.value() == level);
  }
}

TEST_CASE("[level-io] the shipped levels load") {
  const fs::path levels = fs::path(ASTAR_SOURCE_DIR) / "levels";
  int loaded = 0;
  for (const auto& entry : fs::recursive_directory_iterator(levels)) {
    if (entry.path().extension() != ".json") continue;
    const auto r = load_level(entry.path().string());
    CHECK_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
    ++loaded;
  }
  CHECK(loaded >= 13);  // welcome.json and the lessons

  const auto welcome = load_level((levels / "welcome.json").string());
  REQUIRE(welcome.ok());
  CHECK(welcome.value().name == "Welcome");
  CHECK(welcome.value().width() == 24);
  CHECK(welcome.value().height() == 16);
  CHECK(welcome.value().rules().neighbours == Neighbours::Eight);
  CHECK(welcome.value().rules().diagonal == DiagonalPolicy::NoCornerCutting);

  const auto roblox = load_level((levels / "lessons" / "09-roblox-cost-grid.json").string());
  REQUIRE(roblox.ok());
  const Level& r = roblox.value();
  CHECK(r.name == "Roblox cost grid");
  CHECK(r.rules().neighbours == Neighbours::Four);
  CHECK(r.start() == Cell{0, 0});
  CHECK(r.goal() == Cell{3, 0});
  const float expected[4][4] = {{1, 10, 1, 1}, {1, 10, 10, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      CHECK(r.cost({x, y}) == expected[y][x]);
      CHECK_FALSE(r.wall({x, y}));
    }

  // The files are in the writer's own layout, so re-saving them changes nothing.
  std::vector<std::string> files{(levels / "welcome.json").string()};
  for (const auto& e : std::filesystem::directory_iterator(levels / "lessons"))
    if (e.path().extension() == ".json") files.push_back(e.path().string());  // not a trace
  CHECK(files.size() >= 13);
  for (const std::string& path : files) {
    CAPTURE(path);
    const auto l = load_level(path);
    REQUIRE(l.ok());
    CHECK(level_to_json(l.value()) == read_file(path));
  }
}

TEST_CASE("[level-io] collision shapes and the agent radius: round trip and exact messages") {
  const std::string shapes = R"(,
  "shapes": [
    {"circle": [3.5, 1.5, 0.75]},
    {"box": [0.25, 2, 1, 3.5]},
    {"rotated_box": [4, 1, 1, 0.5, 30]},
    {"polygon": [[2.5, 3], [3.5, 3.25], [3, 3.75]]}
  ]
})";
  const std::string text = kValid.substr(0, kValid.rfind('}') - 1) + shapes;
  auto with_shapes = [&](const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    std::string s = text;
    s.replace(at, from.size(), to);
    return s;
  };

  SUBCASE("parses and round-trips") {
    const auto r = parse_level(with_shapes(R"("climb_cost": 0.5})", R"("climb_cost": 0.5, "agent_radius": 0.3})"),
                               "a.json");
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
    const Level& lv = r.value();
    REQUIRE(lv.shapes().size() == 4);
    CHECK(lv.shapes()[0] == Shape{Circle{3.5, 1.5, 0.75}});
    CHECK(lv.shapes()[1] == Shape{Box{0.25, 2, 1, 3.5}});
    CHECK(lv.shapes()[2] == Shape{RotatedBox{4, 1, 1, 0.5, 30}});
    CHECK(lv.shapes()[3] == Shape{Polygon{{{2.5, 3}, {3.5, 3.25}, {3, 3.75}}}});
    CHECK(lv.rules().agent_radius == 0.3);
    const std::string saved = level_to_json(lv);
    CHECK(saved.find("    \"climb_cost\": 0.5,\n    \"agent_radius\": 0.3\n  }") != std::string::npos);
    CHECK(saved.find("  \"shapes\": [\n    {\"circle\": [3.5, 1.5, 0.75]},\n    {\"box\": [0.25, 2, 1, 3.5]},\n"
                     "    {\"rotated_box\": [4, 1, 1, 0.5, 30]},\n"
                     "    {\"polygon\": [[2.5, 3], [3.5, 3.25], [3, 3.75]]}\n  ]\n}\n") != std::string::npos);
    const auto back = parse_level(saved, "b.json");
    REQUIRE(back.ok());
    CHECK(back.value() == lv);
    CHECK(level_to_json(back.value()) == saved);
  }
  SUBCASE("no shapes and radius 0 write nothing new") {
    const auto r = parse_level(kValid, "a.json");
    REQUIRE(r.ok());
    const std::string saved = level_to_json(r.value());
    CHECK(saved.find("shapes") == std::string::npos);
    CHECK(saved.find("agent_radius") == std::string::npos);
  }
  SUBCASE("exact values survive") {
    Level lv(3, 3);
    lv.rules().agent_radius = 1.0 / 3.0;
    lv.add_shape(Circle{0.1, -7, 1e-9});
    lv.add_shape(Box{-1e6, 1.0 / 7.0, 1e6, 2.5});
    lv.add_shape(RotatedBox{1.0 / 3.0, -2e-7, 0.1, 1e6, -359.99999999999994});
    lv.add_shape(RotatedBox{-0.0, 2, 1e-300, 0.7, 1.0 / 7.0});
    // A 64-corner polygon with awkward coordinates: the hull of points on a circle.
    std::vector<Point> ring;
    for (int k = 0; k < 64; ++k)
      ring.push_back({2.0 / 3.0 + 1e5 * std::cos(k * 0.098), -0.1 + 1e5 * std::sin(k * 0.098)});
    const std::vector<Point> hull = convex_hull(ring);
    REQUIRE(hull.size() == 64);
    lv.add_shape(Polygon{hull});
    lv.add_shape(Polygon{{{0, 0}, {0, 1e-6}, {1.0 / 3.0, 0}}});  // counter-clockwise on screen
    for (const Shape& sh : lv.shapes()) REQUIRE(check_shape(sh).empty());
    const auto back = parse_level(level_to_json(lv), "x.json");
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
    CHECK(back.value() == lv);
  }
  SUBCASE("malformed shapes") {
    CHECK(error_of(with_shapes(R"({"circle": [3.5, 1.5, 0.75]})", R"({"circle": [3.5, 1.5, -1]})")) ==
          "a.json: shapes[0].circle: radius must be > 0, got -1");
    CHECK(error_of(with_shapes(R"({"box": [0.25, 2, 1, 3.5]})", R"({"box": [2, 2, 1, 3.5]})")) ==
          "a.json: shapes[1].box: min_x must be < max_x, got 2 and 1");
    CHECK(error_of(with_shapes(R"({"box": [0.25, 2, 1, 3.5]})", R"({"box": [0.25, 4, 1, 3.5]})")) ==
          "a.json: shapes[1].box: min_y must be < max_y, got 4 and 3.5");
    CHECK(error_of(with_shapes(R"([3.5, 1.5, 0.75])", R"([3.5, 1.5])")) ==
          "a.json: shapes[0].circle: expected [x, y, r], got an array of 2 values");
    CHECK(error_of(with_shapes(R"([0.25, 2, 1, 3.5])", R"("big")")) ==
          "a.json: shapes[1].box: expected [min_x, min_y, max_x, max_y], got \"big\"");
    CHECK(error_of(with_shapes(R"([3.5, 1.5, 0.75])", R"([3.5, "1", 0.75])")) ==
          "a.json: shapes[0].circle[1]: must be a finite number, got \"1\"");
    CHECK(error_of(with_shapes(R"([3.5, 1.5, 0.75])", R"([3.5, 1e999, 0.75])")) ==
          "a.json: shapes[0].circle[1]: must be a finite number, got 1e999");
    CHECK(error_of(with_shapes(R"([3.5, 1.5, 0.75])", R"([3.5, 2e6, 0.75])")) ==
          "a.json: shapes[0].circle: y must be a finite number within -1000000..1000000, got 2000000");
    CHECK(error_of(with_shapes(R"({"circle": [3.5, 1.5, 0.75]})", R"({"circle": [3.5, 1.5, 0.75], "box": [0, 0, 1, 1]})")) ==
          "a.json: shapes[0]: has both \"circle\" and \"box\"; give exactly one");
    CHECK(error_of(with_shapes(R"({"circle": [3.5, 1.5, 0.75]})", R"({})")) ==
          "a.json: shapes[0]: needs one of \"circle\": [x, y, r], \"box\": [min_x, min_y, max_x, max_y], "
          "\"rotated_box\": [cx, cy, width, height, angle_degrees] or \"polygon\": [[x, y], ...]");
    CHECK(error_of(with_shapes(R"({"circle": [3.5, 1.5, 0.75]})", R"({"circel": [3.5, 1.5, 0.75]})")) ==
          "a.json: shapes[0].circel: unknown field (did you mean \"circle\"?)");
    CHECK(error_of(with_shapes(R"("rotated_box": [4)", R"("box": [0, 0, 1, 1], "rotated_box": [4)")) ==
          "a.json: shapes[2]: has both \"box\" and \"rotated_box\"; give exactly one");
    CHECK(error_of(with_shapes(R"({"polygon")", R"({"rotated_box": [1, 1, 1, 1, 0], "polygon")")) ==
          "a.json: shapes[3]: has both \"rotated_box\" and \"polygon\"; give exactly one");
    CHECK(error_of(with_shapes(R"({"polygon")", R"({"polgon")")) ==
          "a.json: shapes[3].polgon: unknown field (did you mean \"polygon\"?)");
    CHECK(error_of(with_shapes(R"([4, 1, 1, 0.5, 30])", R"([4, 1, 1, 0.5])")) ==
          "a.json: shapes[2].rotated_box: expected [cx, cy, width, height, angle_degrees], got an array of 4 values");
    CHECK(error_of(with_shapes(R"([4, 1, 1, 0.5, 30])", R"([4, 1, 0, 0.5, 30])")) ==
          "a.json: shapes[2].rotated_box: width must be > 0, got 0");
    CHECK(error_of(with_shapes(R"([4, 1, 1, 0.5, 30])", R"([4, 1, 1, 0.5, 400])")) ==
          "a.json: shapes[2].rotated_box: angle must be a finite number of degrees within -360..360, got 400");
    CHECK(error_of(with_shapes(R"([4, 1, 1, 0.5, 30])", R"([4, 1, 1, "0.5", 30])")) ==
          "a.json: shapes[2].rotated_box[3]: must be a finite number, got \"0.5\"");
    CHECK(error_of(with_shapes(R"([3.5, 3.25])", R"([3.5, 3.25, 1])")) ==
          "a.json: shapes[3].polygon[1]: expected [x, y], got an array of 3 values");
    CHECK(error_of(with_shapes(R"([3.5, 3.25])", R"([3.5, null])")) ==
          "a.json: shapes[3].polygon[1][1]: must be a finite number, got null");
    CHECK(error_of(with_shapes(R"([[2.5, 3], [3.5, 3.25], [3, 3.75]])", R"({"x": 1})")) ==
          "a.json: shapes[3].polygon: expected [[x, y], ...], got an object");
    CHECK(error_of(with_shapes(R"([[2.5, 3], [3.5, 3.25], [3, 3.75]])", R"([[2.5, 3], [3.5, 3.25]])")) ==
          "a.json: shapes[3].polygon: a polygon needs 3..64 points, got 2");
    // A dent at (3, 3.5): the corner after it lies outside the edge leading into the dent.
    CHECK(error_of(with_shapes(R"([[2.5, 3], [3.5, 3.25], [3, 3.75]])",
                               R"([[2.5, 3], [3.5, 3.25], [3, 3.5], [3, 3.75]])")) ==
          "a.json: shapes[3].polygon: points[3] (3, 3.75) makes the polygon concave: it lies outside "
          "the edge points[1]-points[2]");
    CHECK(error_of(with_shapes(R"({"circle": [3.5, 1.5, 0.75]})", "7")) ==
          "a.json: shapes[0]: expected an object, got number");
    CHECK(error_of(with_shapes(R"("shapes": [)", R"("shape": [)")) ==
          "a.json: shape: unknown field (did you mean \"shapes\"?)");
  }
  SUBCASE("too many shapes") {
    std::string many = R"(,
  "shapes": [)";
    // The count is checked before the elements (so plain numbers keep the test fast).
    for (std::size_t i = 0; i <= kMaxShapes; ++i) many += i ? ",0" : "0";
    many += "]\n}";
    CHECK(error_of(kValid.substr(0, kValid.rfind('}') - 1) + many) ==
          "a.json: shapes: at most 100000 shapes, got 100001");
  }
  SUBCASE("bad agent radius") {
    CHECK(error_of(with(R"("climb_cost": 0.5})", R"("climb_cost": 0.5, "agent_radius": -0.5})")) ==
          "a.json: rules.agent_radius: must be a finite number 0..1000000, got -0.5");
    CHECK(error_of(with(R"("climb_cost": 0.5})", R"("climb_cost": 0.5, "agent_radius": null})")) ==
          "a.json: rules.agent_radius: must be a finite number, got null");
  }
  SUBCASE("a level with a bad shape is not saved") {
    Level lv(2, 2);
    lv.add_shape(Circle{1, 1, 0.5});
    lv.add_shape(Box{1, 1, 1, 2});
    const Status st = save_level(lv, "/nonexistent-dir/x.json");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error() == "/nonexistent-dir/x.json: cannot save: shapes[1].box: min_x must be < max_x, got 1 and 1");
    lv.set_shape(1, Polygon{{{0, 0}, {1, 0}, {2, 0}}});
    CHECK(save_level(lv, "/nonexistent-dir/x.json").error() ==
          "/nonexistent-dir/x.json: cannot save: shapes[1].polygon: the polygon has no area: its points are all in one line");
  }
}
