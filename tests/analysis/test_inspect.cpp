// The inspector's and the quiz's sentences, from a search's views.
#include <doctest/doctest.h>

#include "astar/detail/best_first.hpp"
#include "support/ascii_level.hpp"
#include "astar/inspect.hpp"

using namespace astar;
using astar::test::ascii_level;

TEST_CASE("[inspect] why a finished search did not take a cell") {
  // S . . . G
  // . . . . .
  // . . . . .      A* octile: the goal is taken along the top row; cells below stay open
  // # . . . .      or unseen; (0,3) is a wall.
  Level lv = ascii_level("S...G\n.....\n.....\n#....");
  BestFirstSearch s(lv);
  CHECK(why_not_taken(s, {2, 2}).empty());  // still running: it may be taken yet
  s.run();
  REQUIRE(s.state() == SearchState::Found);
  CHECK(s.path_cost() == doctest::Approx(4.0));
  CHECK(why_not_taken(s, {0, 3}) == "a wall: never entered");
  CHECK(why_not_taken(s, {2, 0}).empty());  // on the path: taken
  // An open cell below the path: f above the path's cost.
  const NodeView open = s.node({1, 1});
  REQUIRE(open.state == NodeState::Open);
  CHECK(open.f > 4.0);
  CHECK(why_not_taken(s, {1, 1}).rfind("open with f ", 0) == 0);
  CHECK(why_not_taken(s, {1, 1}).find("> the path's cost 4.00: no path through it can be cheaper") !=
        std::string::npos);
  REQUIRE(s.node({2, 3}).state == NodeState::Unseen);
  CHECK(why_not_taken(s, {2, 3}) ==
        "never reached: the goal was taken before any taken node's move led here");
}

TEST_CASE("[inspect] a path's cost move by move adds up to the search's") {
  // S . 3 . G     with 4 neighbours the path goes round the cost-3 cell or through it
  // . . . . .
  Level lv = ascii_level("S.3.G\n.....", MovementRules{.neighbours = Neighbours::Four});
  BestFirstSearch s(lv);
  s.run();
  const MovePolicy p(lv);
  const auto steps = path_breakdown(p, s.path());
  REQUIRE(steps.size() + 1 == s.path().size());
  double total = 0;
  for (const PathStep& st : steps) total += st.cost;
  CHECK(total == doctest::Approx(s.path_cost()));
  CHECK(path_breakdown(p, {{0, 0}, {2, 0}}).empty());  // not a move
}

TEST_CASE("[inspect] predict the next node: right, wrong, closed, unseen, tie") {
  // S . . . .
  // . . . . .
  // . . . . G
  Level lv = ascii_level("S....\n.....\n....G");
  BestFirstSearch s(lv, {.tie_break = TieBreak::LargerG});
  s.step();  // S taken; its neighbours are open
  const std::optional<Cell> next = s.next_to_take();
  REQUIRE(next.has_value());
  const auto right = judge_prediction(s, *next);
  REQUIRE(right.has_value());
  CHECK(right->right);
  CHECK(right->why.rfind("Right: A* takes the open node with the lowest f", 0) == 0);
  const auto closed = judge_prediction(s, {0, 0});
  CHECK_FALSE(closed->right);
  CHECK(closed->why.find("(0, 0) is closed") != std::string::npos);
  const auto unseen = judge_prediction(s, {4, 0});
  CHECK(unseen->why.find("(4, 0) is not in the open set yet") != std::string::npos);
  // (0,1) is open with a higher f than the next node's.
  const auto wrong = judge_prediction(s, {0, 1});
  REQUIRE(s.node({0, 1}).f > s.node(*next).f);
  CHECK(wrong->why.find("Not quite: (0, 1) has f ") == 0);
  // After a take nothing is next until the iteration ends.
  s.micro_step();
  CHECK(s.mid_iteration());
  CHECK_FALSE(s.next_to_take().has_value());
  CHECK_FALSE(judge_prediction(s, {1, 1}).has_value());
  // What was judged next is what the next take takes.
  s.step();
  const std::optional<Cell> n2 = s.next_to_take();
  s.step();
  CHECK(s.last_taken() == n2);
}
