// The debugger's core pieces: where a search stands in its pseudo-code, and breakpoints.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "astar/breakpoints.hpp"
#include "astar/pseudocode.hpp"
#include "astar/search.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

std::string value_of(const CodePosition& p, const std::string& name) {
  for (const CodeVariable& v : p.variables)
    if (v.name == name) return v.value;
  return "<none>";
}

// Steps `s` with the watch until a breakpoint stops it or the search ends; the message or "".
std::string run_to_break(Search& s, BreakpointWatch& w) {
  while (s.state() == SearchState::InProgress) {
    w.before_step(s);
    s.step();
    if (auto why = w.after_step(s)) return *why;
  }
  return "";
}

}  // namespace

TEST_CASE("[pseudocode] every algorithm has its text with the same step lines") {
  for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
    const PseudoCode& code = pseudocode(static_cast<Algorithm>(a));
    CHECK(code.lines.size() == 12);
    for (int st = 0; st < static_cast<int>(CodeStep::_Max); ++st) {
      CHECK(code.line_of[st] >= 0);
      CHECK(code.line_of[st] < static_cast<int>(code.lines.size()));
    }
  }
  CHECK(pseudocode(Algorithm::Dijkstra).lines[2].find("lowest g") != std::string::npos);
  CHECK(pseudocode(Algorithm::GreedyBestFirst).lines[2].find("lowest h") != std::string::npos);
}

TEST_CASE("[pseudocode] the line lit follows each micro-step, with its values") {
  // S . G     A*, octile, 8 neighbours: h(S) = 2
  Level lv = ascii_level("S.G");
  BestFirstSearch s(lv);
  const PseudoCode& code = pseudocode(Algorithm::AStar);

  CodePosition p = code_position(s);
  CHECK(p.step == CodeStep::Init);
  CHECK(p.line == 0);

  s.micro_step();  // take S
  p = code_position(s);
  CHECK(p.step == CodeStep::Close);
  CHECK(code.lines[p.line].find("closed") != std::string::npos);
  CHECK(value_of(p, "current") == "(0, 0)");
  CHECK(value_of(p, "f[current]") == "2.00");
  CHECK(value_of(p, "g[current]") == "0.00");

  s.micro_step();  // E: (1, 0) is unseen, g inf -> 1
  p = code_position(s);
  CHECK(p.step == CodeStep::Update);
  CHECK(value_of(p, "n") == "(1, 0)");
  CHECK(value_of(p, "tentative") == "1.00");
  CHECK(value_of(p, "cameFrom[n]") == "(0, 0)");
  CHECK(value_of(p, "f[n]") == "2.00");

  s.micro_step();  // SE: outside the level
  p = code_position(s);
  CHECK(p.step == CodeStep::Skip);
  CHECK(value_of(p, "n") == "(1, 1)");
  CHECK(p.note == "outside the level");

  s.step();        // the rest of S's moves
  s.micro_step();  // take (1, 0)
  s.micro_step();  // E: the goal, g inf -> 2
  s.micro_step();  // SE: outside
  s.micro_step();  // S: outside
  s.micro_step();  // SW: outside
  s.micro_step();  // W: S, closed
  p = code_position(s);
  CHECK(p.step == CodeStep::Skip);
  CHECK(p.note == "closed");
  CHECK(value_of(p, "n") == "(0, 0)");

  s.run();
  p = code_position(s);
  CHECK(p.step == CodeStep::GoalTest);
  CHECK(value_of(p, "current") == "(2, 0)");
  CHECK(value_of(p, "g[current]") == "2.00");

  SUBCASE("after stepping back, the position is read again from the views") {
    s.set_recording(true);
    for (int k = 0; k < 3; ++k) s.micro_step();  // take S, E, SE
    s.micro_step_back();
    p = code_position(s);
    CHECK(p.step == CodeStep::Update);
    CHECK(value_of(p, "n") == "(1, 0)");
  }
}

TEST_CASE("[pseudocode] a neighbour with a better g already is compared and skipped") {
  // S . .     S takes; (1,0), (0,1) and the diagonal (1,1) open. Taking (1,0) then looks at
  // . . G     (0,1) through a diagonal: g 1 + 1.41 is not better than its g 1.
  Level lv = ascii_level("S..\n..G");
  BestFirstSearch s(lv, {.heuristic = Heuristic::Zero});
  bool compared = false;
  while (s.micro_step() == SearchState::InProgress) {
    const CodePosition p = code_position(s);
    if (p.step != CodeStep::Compare) continue;
    compared = true;
    const double g_cur = std::stod(value_of(p, "g[current]"));
    const double cost = std::stod(value_of(p, "cost"));
    const double g_n = std::stod(value_of(p, "g[n]"));
    CHECK(g_cur + cost >= g_n);  // not better: that is why it was skipped
  }
  CHECK(compared);
}

TEST_CASE("[breakpoints] each kind stops the step that hits it") {
  // S . . . . . .
  // . . . . . . .
  // . # # # # # .
  // . . . . . . G
  Level lv = ascii_level("S......\n.......\n.#####.\n......G");
  BestFirstSearch s(lv);
  BreakpointWatch w;

  SUBCASE("a cell taken") {
    w.breakpoints.on_take = {{4, 1}};
    const std::string why = run_to_break(s, w);
    CHECK(why == "breakpoint: (4, 1) was taken");
    CHECK(s.last_taken() == Cell{4, 1});
  }
  SUBCASE("a cell opened") {
    w.breakpoints.on_open = {{3, 1}};
    const std::string why = run_to_break(s, w);
    CHECK(why == "breakpoint: (3, 1) entered the open set");
    CHECK(s.node_state({3, 1}) == NodeState::Open);
    const auto& relaxed = s.last_relaxed();
    CHECK(std::find(relaxed.begin(), relaxed.end(), Cell{3, 1}) != relaxed.end());
  }
  SUBCASE("the goal first reached: seen, not yet taken") {
    w.breakpoints.goal_reached = true;
    const std::string why = run_to_break(s, w);
    CHECK(why == "breakpoint: the goal (6, 3) was reached for the first time");
    CHECK(s.node_state({6, 3}) == NodeState::Open);
    CHECK(s.state() == SearchState::InProgress);
  }
  SUBCASE("the open set grows past N") {
    w.breakpoints.open_above = 3;
    const std::string why = run_to_break(s, w);
    CHECK(s.open_size() > 3);
    CHECK(why == "breakpoint: the open set has " + std::to_string(s.open_size()) +
                     " nodes (more than 3)");
  }
  SUBCASE("f goes up") {
    // h(S) = 7.24 (octile), but the wall makes every path longer: f must go up somewhere.
    w.breakpoints.f_increases = true;
    const std::string why = run_to_break(s, w);
    REQUIRE(why.rfind("breakpoint: f went up from ", 0) == 0);
    CHECK(s.state() == SearchState::InProgress);
  }
  SUBCASE("none set: the search runs to the end") {
    CHECK(run_to_break(s, w) == "");
    CHECK(s.state() == SearchState::Found);
  }
}

TEST_CASE("[breakpoints] micro-steps hit a take breakpoint on the take only") {
  Level lv = ascii_level("S..G");
  BestFirstSearch s(lv);
  BreakpointWatch w;
  w.breakpoints.on_take = {{1, 0}};
  int hits = 0, micro = 0;
  while (s.state() == SearchState::InProgress) {
    w.before_step(s);
    s.micro_step();
    ++micro;
    if (w.after_step(s)) {
      ++hits;
      CHECK(s.mid_iteration());
      CHECK(s.examined() == 0);
    }
  }
  CHECK(hits == 1);
  CHECK(micro > 10);
}
