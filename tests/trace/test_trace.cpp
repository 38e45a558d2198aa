// The event trace (TraceRecorder), its plain-language log (describe) and its JSON.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "astar/bidirectional.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "support/random_level.hpp"
#include "support/tiny_trace.hpp"
#include "support/traced_search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

using Traced = test::TracedSearch;

std::vector<std::string> log_of(const std::vector<TraceEvent>& events, const SearchOptions& o) {
  std::vector<std::string> out;
  for (const TraceEvent& e : events)
    out.push_back(std::to_string(e.iteration) + "  " + describe(e, o.algorithm, o.weight));
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto b = line.find_first_not_of(' ');
    if (b != std::string::npos) out.push_back(line.substr(b));
  }
  return out;
}

void check_lines(const std::vector<std::string>& got, const std::vector<std::string>& want) {
  for (std::size_t i = 0; i < std::max(got.size(), want.size()); ++i) {
    INFO("line ", i + 1);
    CHECK((i < got.size() ? got[i] : "<none>") == (i < want.size() ? want[i] : "<none>"));
  }
}

}  // namespace

TEST_CASE("[Trace] the log of A* on a tiny level, line by line") {
  Level lv = ascii_level(astar::test::kTinyTraceMap, {.neighbours = Neighbours::Four});
  lv.set_edge({0, 0}, Dir::E, EdgeOverride{false, 9.0});
  const SearchOptions o{.heuristic = Heuristic::Manhattan, .tie_break = TieBreak::FirstIn};
  Traced t(lv, o);
  CHECK(t.search->run() == SearchState::Found);
  check_lines(log_of(t.rec.events(), o), lines(astar::test::kTinyTraceLog));

  // The fields behind the words: the better path's event.
  const TraceEvent& better = t.rec.events()[14];
  CHECK(better.kind == TraceKind::Relax);
  CHECK(better.cell == Cell{1, 0});
  CHECK(better.from == Cell{1, 1});
  CHECK(better.old_g == 9.0);
  CHECK(better.old_parent == Cell{0, 0});
  CHECK(better.parent == Cell{1, 1});
  CHECK(better.h == 3.0);
  CHECK(better.f == 6.0);
  CHECK(better.cost == 1.0);
  CHECK(reason_text(better).empty());
  CHECK(reason_text(t.rec.events()[7]) == "wall");
}

TEST_CASE("[Trace] 8 neighbours: square roots, corner cuts and the algorithms' wording") {
  // 8 neighbours, no corner cutting, octile h to G = (2,1): h(0,0) = 2 + (√2 - 1) = 2.41.
  //   S # .
  //   . . G
  // (1,1) is diagonal from S past the wall (1,0): a corner cut. Moves: E SE S SW W NW N NE.
  const Level lv = ascii_level(R"(
    S#.
    ..G)");
  const SearchOptions o{};
  Traced t(lv, o);
  t.search->step();
  check_lines(log_of(t.rec.events(), o), lines(R"(
    1  took (0, 0): f 2.41 = g 0.00 + h 2.41
    1  (1, 0): wall, skipped
    1  (1, 1): corner cut, skipped
    1  (0, 1): g ∞ → 1.00 via (0, 0), added to open
    1  (-1, 1): outside the level, skipped
    1  (-1, 0): outside the level, skipped
    1  (-1, -1): outside the level, skipped
    1  (0, -1): outside the level, skipped
    1  (1, -1): outside the level, skipped)"));

  // The second take, (0,1) g 1 h 2, in each algorithm's terms.
  const auto second_take = [&](SearchOptions so) {
    Traced u(lv, so);
    u.search->step();
    u.search->micro_step();
    REQUIRE(u.rec.events().back().kind == TraceKind::Take);
    return describe(u.rec.events().back(), so.algorithm, so.weight);
  };
  CHECK(second_take({.algorithm = Algorithm::Dijkstra}) == "took (0, 1): f = g 1.00");
  CHECK(second_take({.algorithm = Algorithm::GreedyBestFirst}) == "took (0, 1): f = h 2.00");
  CHECK(second_take({.algorithm = Algorithm::BreadthFirst}) ==
        "took (0, 1): 1 step from the start");
  CHECK(second_take({.algorithm = Algorithm::WeightedAStar, .weight = 1.5}) ==
        "took (0, 1): f 4.00 = g 1.00 + 1.5 × h 2.00");
  // Bidirectional: open sets of one each, ties go forward, so the start side goes again.
  CHECK(second_take({.algorithm = Algorithm::Bidirectional}) ==
        "took (0, 1) (start side): f 3.00 = g 1.00 + h 2.00");
  const Level open = ascii_level(R"(
    S....
    .....
    ....G)");
  Traced b(open, {.algorithm = Algorithm::Bidirectional});
  b.search->run();
  int goal_side = 0;
  for (const TraceEvent& e : b.rec.events())
    if (e.kind == TraceKind::Take && e.backward)
      goal_side += describe(e, Algorithm::Bidirectional).find("(goal side)") != std::string::npos;
  CHECK(goal_side > 0);
}

TEST_CASE("[Trace] one event per micro-step, and the events agree with the search's views") {
  std::mt19937 rng(20240604);
  for (int round = 0; round < 60; ++round) {
    const Level lv = astar::test::random_level(rng, 10);
    for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
      // HPA*'s steps are clusters built, abstract nodes and legs: only its abstract search's
      // takes and relaxes are events (test_hpa_star.cpp).
      if (info(static_cast<Algorithm>(a)).extras.hierarchy) continue;
      const SearchOptions o{.algorithm = static_cast<Algorithm>(a),
                            .heuristic = static_cast<Heuristic>(round % 5),
                            .weight = a == static_cast<int>(Algorithm::WeightedAStar) ? 1.5 : 1.0};
      Traced t(lv, o);
      CAPTURE(round);
      CAPTURE(a);
      std::size_t steps = 0;
      while (t.search->state() == SearchState::InProgress) {
        t.search->micro_step();
        ++steps;
        REQUIRE(t.rec.events().size() == steps);
        REQUIRE(t.rec.count_at(*t.search) == steps);
        const TraceEvent& e = t.rec.events().back();
        // The node as the search shows it now, on the side that made the event.
        const Search* side = t.search.get();
        if (const auto* bi = dynamic_cast<const BidirectionalSearch*>(side))
          side = e.backward ? static_cast<const Search*>(&bi->backward()) : &bi->forward();
        const NodeView n = side->node(e.cell);
        CHECK(e.iteration == t.search->iterations());
        if (e.kind == TraceKind::Relax) {
          CHECK(e.g == n.g);
          CHECK(e.h == n.h);
          CHECK(e.f == n.f);
          CHECK(e.parent == n.parent);
        } else if (e.kind == TraceKind::Skip && e.reason != SkipReason::Impossible) {
          CHECK(e.old_g == n.g);
          CHECK(e.h == n.h);
          CHECK(e.f == n.f);
        }
      }
    }
  }
}

TEST_CASE("[Trace] rewinding and stepping again records nothing twice") {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    const Level lv = astar::test::random_level(rng, 12);
    for (Algorithm a : {Algorithm::AStar, Algorithm::Bidirectional, Algorithm::ThetaStar}) {
      const SearchOptions o{.algorithm = a};
      Traced fresh(lv, o);
      fresh.search->run();
      Traced t(lv, o);
      t.search->set_recording(true);
      const std::int64_t end = fresh.search->iterations();
      // Micro-steps forward, back, forward again; a far seek back and a replay forward.
      for (int k = 0; k < 7 && t.search->state() == SearchState::InProgress; ++k)
        t.search->micro_step();
      const std::size_t at = t.rec.count_at(*t.search);
      if (t.search->micro_step_back()) CHECK(t.rec.count_at(*t.search) == at - 1);
      t.search->seek(end);
      t.search->seek(end / 3);
      CHECK(t.rec.count_at(*t.search) <= t.rec.events().size());
      t.search->step();
      t.search->seek(end);
      t.search->run();
      CAPTURE(round);
      CAPTURE(a);
      const auto& got = t.rec.events();
      const auto& want = fresh.rec.events();
      for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i)
        if (!(got[i] == want[i])) {
          MESSAGE("first difference at ", i, ": ", describe(got[i], a), " / ", describe(want[i], a),
                  " it ", got[i].iteration, " / ", want[i].iteration);
          break;
        }
      CHECK(got.size() == want.size());
      CHECK(t.search->path() == fresh.search->path());
      CHECK(t.search->iterations() == fresh.search->iterations());
      CHECK(t.rec.events() == fresh.rec.events());
      CHECK(t.rec.count_at(*t.search) == t.rec.events().size());
    }
  }
}

TEST_CASE("[Trace] JSON: fixed keys, and a round trip") {
  Level lv = ascii_level(R"(
    S..
    .#.
    ..G)");
  lv.set_height({2, 0}, 3);
  lv.rules().max_climb = 1;  // (2, 0) is too high to climb onto
  Traced t(lv, {});
  t.search->run();
  const std::vector<TraceEvent>& events = t.rec.events();
  const std::string text = to_json(events);
  // One record per line between the brackets; every record has every key.
  const std::vector<std::string> ls = lines(text);
  REQUIRE(ls.size() == events.size() + 2);
  for (std::size_t i = 1; i + 1 < ls.size(); ++i)
    for (const char* key : {"\"iteration\":", "\"kind\":", "\"cell\":", "\"from\":", "\"g\":",
                            "\"h\":", "\"f\":", "\"parent\":", "\"old_g\":", "\"old_parent\":",
                            "\"cost\":", "\"reason\":", "\"goal\":", "\"side\":"}) {
      INFO(ls[i]);
      CHECK(ls[i].find(key) != std::string::npos);
    }
  CHECK(text.find("\"reason\":\"climb too high\"") != std::string::npos);
  CHECK(text.find("\"old_g\":null") != std::string::npos);

  const auto back = trace_from_json(text, "trace.json");
  REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error()));
  CHECK(back.value() == events);
  CHECK(to_json({}) == "[]\n");
  CHECK(trace_from_json("[]", "x").value().empty());

  // Bad input names the source and the field.
  const auto bad = trace_from_json(R"([{"iteration":0}])", "t.json");
  REQUIRE(!bad.ok());
  CHECK(bad.error() == "t.json: [0].iteration: expected a whole number >= 1");
  std::string one = ls[2];
  if (one.back() == ',') one.pop_back();
  const std::string no_side = one.substr(0, one.find(",\"side\"")) + "}";
  CHECK(trace_from_json("[" + no_side + "]", "t.json").error() == "t.json: [0].side: missing");
  CHECK(trace_from_json("{", "t.json").error().rfind("t.json: not valid JSON", 0) == 0);
}
