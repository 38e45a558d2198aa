// Flow fields repaired after edits (FlowField::repair) against a new field made on the edited
// level: on 600 random levels with every layer (walls, costs, heights, edges, jumps, agents,
// hexes), one to three goals, and edits of one to four cells of every kind, one after another,
// every view of the repaired field equals the new field's: each cell's state, exact integration,
// flow and unreachable mark, the settle order and the counts. A goal walled in refuses the
// repair, the field unchanged.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "astar/flow_field.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// Every view of `a` equals `b`'s; a message for the first difference, else empty.
std::string difference(const FlowField& a, const FlowField& b) {
  const Level& lv = a.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      const std::string at = " at (" + std::to_string(x) + ", " + std::to_string(y) + ")";
      if (a.state(c) != b.state(c)) return "state" + at;
      if (a.integration(c) != b.integration(c)) return "integration" + at;
      if (a.unreachable(c) != b.unreachable(c)) return "unreachable" + at;
      const std::optional<Move> fa = a.flow(c), fb = b.flow(c);
      if (fa.has_value() != fb.has_value()) return "flow presence" + at;
      if (fa && (!(fa->to == fb->to) || fa->dir != fb->dir || fa->exact != fb->exact)) return "flow" + at;
    }
  if (a.settled_count() != b.settled_count()) return "settled count";
  if (a.open_count() != b.open_count()) return "open count";
  if (a.settle_order() != b.settle_order()) return "settle order";
  return {};
}

// Changes one random cell: a wall (never on a goal), a cost, a height, an agent or an edge.
Cell random_edit(Level& lv, std::mt19937& rng, const std::vector<Cell>& goals) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const Cell c{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
  const bool goal = std::find(goals.begin(), goals.end(), c) != goals.end();
  switch (pick(0, 4)) {
    case 0:
      if (!goal) lv.set_wall(c, !lv.wall(c));
      break;
    case 1: lv.set_cost(c, pick(1, 20) / 4.0); break;
    case 2: lv.set_height(c, pick(-2, 3)); break;
    case 3:
      if (!goal) lv.set_agent(c, !lv.agent(c));
      break;
    default: {
      const Dir d = static_cast<Dir>(pick(0, 7));
      lv.set_edge(c, d, pick(0, 1) ? EdgeOverride{true, 1.0} : EdgeOverride{false, pick(1, 40) / 8.0});
    }
  }
  return c;
}

}  // namespace

TEST_CASE("[flow field repair] after random edits the repaired field equals a new one in every view") {
  std::mt19937 rng(61);
  int repaired = 0, compared = 0;
  for (int round = 0; round < 600; ++round) {
    Level lv = round % 3 == 0 ? test::random_plain_level(rng, 10) : test::random_level(rng, 10);
    std::vector<Cell> goals{lv.goal()};
    if (rng() % 2 == 0) goals.push_back({static_cast<int>(rng() % lv.width()), static_cast<int>(rng() % lv.height())});
    auto field = FlowField::make(lv, lv.rules(), goals);
    if (!field) continue;
    FlowField& f = field.value();
    f.run();
    for (int edit = 0; edit < 3; ++edit) {
      std::vector<Cell> edited;
      const int n = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < n; ++k) edited.push_back(random_edit(lv, rng, goals));
      auto fresh = FlowField::make(lv, lv.rules(), goals);
      const auto r = f.repair(edited);
      if (!fresh) {
        CHECK(!r.ok());  // the new field refuses it too (a goal now on a blocking agent, say)
        break;
      }
      fresh.value().run();
      REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
      ++repaired;
      const std::string diff = difference(f, fresh.value());
      CHECK_MESSAGE(diff.empty(), "round " << round << " edit " << edit << ": " << diff);
      ++compared;
    }
  }
  MESSAGE("repairs compared " << compared);
  CHECK(repaired > 1000);
}

TEST_CASE("[flow field repair] uniform costs, walls taken away: cheaper ways and flow ties") {
  // Uniform costs make many equal ways, so a cell near a new shortcut often ties, and a wall
  // taken away makes ways cheaper far from the edit: both must match a new field.
  std::mt19937 rng(62);
  int compared = 0;
  for (int round = 0; round < 300; ++round) {
    const int w = 4 + static_cast<int>(rng() % 9), h = 4 + static_cast<int>(rng() % 9);
    Level lv(w, h);
    lv.rules().neighbours = rng() % 2 ? Neighbours::Four : Neighbours::Eight;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) lv.set_wall({x, y}, rng() % 100 < 35);
    lv.set_goal({static_cast<int>(rng() % w), static_cast<int>(rng() % h)});
    lv.set_wall(lv.goal(), false);
    auto field = FlowField::make(lv);
    REQUIRE(field.ok());
    FlowField& f = field.value();
    f.run();
    for (int edit = 0; edit < 4; ++edit) {
      std::vector<Cell> edited;
      for (int k = 0; k < 2; ++k) {
        const Cell c{static_cast<int>(rng() % w), static_cast<int>(rng() % h)};
        if (c == lv.goal()) continue;
        lv.set_wall(c, rng() % 4 == 0);  // mostly taken away
        edited.push_back(c);
      }
      REQUIRE(f.repair(edited).ok());
      auto fresh = FlowField::make(lv);
      REQUIRE(fresh.ok());
      fresh.value().run();
      const std::string diff = difference(f, fresh.value());
      CHECK_MESSAGE(diff.empty(), "round " << round << " edit " << edit << ": " << diff);
      ++compared;
    }
  }
  CHECK(compared == 1200);
}

TEST_CASE("[flow field repair] refusals leave the field as it was") {
  Level lv(5, 3);
  lv.set_goal({4, 1});
  auto field = FlowField::make(lv);
  REQUIRE(field.ok());
  FlowField& f = field.value();
  CHECK(f.repair({{1, 1}}).error() == "a flow field is repaired once it is done");
  f.run();
  const std::optional<ExactCost> before = f.integration({0, 1});
  lv.set_wall({4, 1}, true);
  CHECK(f.repair({{4, 1}}).error() == "goal (4, 1) is inside a wall");
  CHECK(f.integration({0, 1}) == before);
  lv.set_wall({4, 1}, false);
  lv.set_wall({2, 0}, true);
  lv.set_wall({2, 1}, true);
  const auto r = f.repair({{2, 0}, {2, 1}});
  REQUIRE(r.ok());
  CHECK(r.value().reset > 0);
  const std::vector<Cell> way = f.follow({0, 1});
  CHECK(way.back() == Cell{4, 1});
  CHECK(std::find(way.begin(), way.end(), Cell{2, 2}) != way.end());  // round the new wall
}
