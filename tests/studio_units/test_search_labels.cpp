// The studio's words for the search (app/studio/search_labels.hpp): the guarantee as the Search
// panel states it, and a lesson's setup as the Lesson panel states it, in the controls' labels.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "astar/level_io.hpp"
#include "state/search_labels.hpp"

using namespace astar;
using studio::guarantee_text;
using studio::lesson_setup_text;

TEST_CASE("[studio] the guarantee says when the heuristic breaks it") {
  SUBCASE("admissible: the guarantee as it stands") {
    CHECK(guarantee_text(Algorithm::AStar, 1.0, Heuristic::Octile, Neighbours::Eight) == "optimal");
    CHECK(guarantee_text(Algorithm::AStar, 1.0, Heuristic::Manhattan, Neighbours::Four) ==
          "optimal");
    CHECK(guarantee_text(Algorithm::WeightedAStar, 2.5, Heuristic::Octile, Neighbours::Eight) ==
          "at most 2.5 times optimal");
    CHECK(guarantee_text(Algorithm::GreedyBestFirst, 1.0, Heuristic::Octile, Neighbours::Eight) ==
          "none");
  }
  SUBCASE("Manhattan with 8 neighbours (lesson 05): optimal only with an admissible heuristic") {
    CHECK(guarantee_text(Algorithm::AStar, 1.0, Heuristic::Manhattan, Neighbours::Eight) ==
          "optimal only with an admissible heuristic; Manhattan is not one with 8 neighbours");
    CHECK(guarantee_text(Algorithm::WeightedAStar, 2.0, Heuristic::Manhattan, Neighbours::Eight) ==
          "at most 2.0 times optimal only with an admissible heuristic; Manhattan is not one "
          "with 8 neighbours");
    // Nothing for the heuristic to break: no heuristic, or no promise.
    CHECK(guarantee_text(Algorithm::Dijkstra, 1.0, Heuristic::Manhattan, Neighbours::Eight) ==
          "optimal");
    CHECK(guarantee_text(Algorithm::GreedyBestFirst, 1.0, Heuristic::Manhattan,
                         Neighbours::Eight) == "none");
  }
}

TEST_CASE("[studio] a lesson's setup is named as the controls name it") {
  SearchPreset p;
  CHECK(lesson_setup_text(p).empty());
  p.algorithm = "astar";
  p.heuristic = "manhattan";
  CHECK(lesson_setup_text(p) == "Algorithm A*, Heuristic Manhattan");
  p.algorithm = "weighted-astar";
  p.weight = 2.5;
  p.tie_break = "larger-g";
  p.partial_path = true;
  p.smooth = true;
  p.max_iterations = 1000;
  CHECK(lesson_setup_text(p) ==
        "Algorithm Weighted A*, Heuristic Manhattan, Weight w = 2.5, Tie-break Larger g first, "
        "Partial path on, Smooth path on, Iteration guard 1000");
  p = {};
  p.algorithm = "dijkstra";
  p.budget = 4.5;
  CHECK(lesson_setup_text(p) == "Algorithm Dijkstra, Movement range on, Budget 4.5");
  p = {};
  p.algorithm = "hpa-star";
  p.cluster_size = 8;
  p.hpa_smooth = true;
  CHECK(lesson_setup_text(p) == "Algorithm HPA*, Cluster size 8, Smooth HPA* path on");
  p = {};
  p.algorithm = "astar";
  p.trace = "13-find-the-bug.trace.jsonl";
  CHECK(lesson_setup_text(p) ==
        "the trace 13-find-the-bug.trace.jsonl replayed; after Close trace: Algorithm A*");

  // Every lesson's line: no name the command line spells that a control spells otherwise.
  int lessons = 0;
  for (const auto& e : std::filesystem::directory_iterator(ASTAR_SOURCE_DIR "/levels/lessons")) {
    if (e.path().extension() != ".json") continue;
    const std::string file = e.path().filename().string();
    CAPTURE(file);
    Result<Level> lv = load_level(e.path().string());
    REQUIRE(lv.ok());
    const std::string text = lesson_setup_text(lv.value().preset);
    CAPTURE(text);
    for (const char* cli : {"astar", "greedy", "manhattan", "euclidean", "octile", "larger-g",
                            "smaller-g", "jps", "bfs"})
      CHECK(text.find(cli) == std::string::npos);
    ++lessons;
  }
  CHECK(lessons >= 15);
}
