// Rewind: stepping back and seeking give exactly the state of a fresh search stepped there.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "ascii_level.hpp"
#include "astar/search.hpp"
#include "random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

// Every view of `a` equals the same view of `b`. Returns the number of cells compared.
int check_same_state(const Search& a, const Search& b, const Level& lv) {
  REQUIRE(a.iterations() == b.iterations());
  CHECK(a.state() == b.state());
  CHECK(a.open_size() == b.open_size());
  CHECK(a.closed_count() == b.closed_count());
  CHECK(a.metrics().generated == b.metrics().generated);
  CHECK(a.metrics().improved == b.metrics().improved);
  CHECK(a.metrics().heap_ops == b.metrics().heap_ops);
  CHECK(a.last_taken() == b.last_taken());
  CHECK(a.last_relaxed() == b.last_relaxed());
  CHECK(a.path() == b.path());
  int cells = 0;
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const NodeView na = a.node({x, y}), nb = b.node({x, y});
      CHECK(na.state == nb.state);
      if (na.state == NodeState::Unseen || nb.state == NodeState::Unseen) continue;
      // Bit-exact: the same doubles, not approximately equal ones.
      CHECK(na.g == nb.g);
      CHECK(na.h == nb.h);
      CHECK(na.f == nb.f);
      CHECK(na.parent == nb.parent);
      ++cells;
    }
  return cells;
}

}  // namespace

TEST_CASE("[rewind] step back on a small map") {
  // S . .
  // . # .
  // . . G
  Level lv = ascii_level("S..\n.#.\n..G");
  BestFirstSearch s(lv);
  s.set_recording(true);
  CHECK_FALSE(s.can_step_back());
  CHECK_FALSE(s.step_back());
  s.step();
  s.step();
  const Cell second = *s.last_taken();
  s.step();
  REQUIRE(s.step_back());
  CHECK(s.iterations() == 2);
  CHECK(s.last_taken() == second);
  CHECK(s.node_state(second) == NodeState::Closed);
  SUBCASE("back to iteration 0: only the start is open") {
    s.seek(0);
    CHECK(s.iterations() == 0);
    CHECK(s.open_size() == 1);
    CHECK(s.node_state({0, 0}) == NodeState::Open);
    CHECK(s.node_state({1, 0}) == NodeState::Unseen);
    CHECK_FALSE(s.last_taken().has_value());
    CHECK(s.last_relaxed().empty());
  }
  SUBCASE("back from found, then forward again to the same path") {
    s.run();
    const auto path = s.path();
    const auto iterations = s.iterations();
    REQUIRE(s.step_back());
    CHECK(s.state() == SearchState::InProgress);
    CHECK(s.path().empty());
    CHECK(s.run() == SearchState::Found);
    CHECK(s.path() == path);
    CHECK(s.iterations() == iterations);
  }
  SUBCASE("seek past the end stops where the search finishes") {
    s.seek(1000);
    CHECK(s.state() == SearchState::Found);
  }
}

TEST_CASE("[rewind] without recording there is no step back") {
  Level lv = ascii_level("S.G");
  BestFirstSearch s(lv);
  s.step();
  CHECK_FALSE(s.can_step_back());
  CHECK_FALSE(s.step_back());
  CHECK(s.iterations() == 1);
  CHECK(s.recording_bytes() == 0);
}

TEST_CASE("[rewind] every algorithm: seeked state equals fresh state on random levels") {
  std::mt19937 rng(7);
  std::int64_t seeks = 0, cells = 0, outcomes[static_cast<int>(SearchState::_Max)] = {};
  for (int n = 0; n < 200; ++n) {
    // JPS and Theta* need uniform levels: give them this level with costs, heights and
    // overrides cleared.
    const Level lv = astar::test::random_level(rng, 24);
    Level uniform(lv.width(), lv.height());
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) uniform.set_wall({x, y}, lv.wall({x, y}));
    uniform.set_start(lv.start());
    uniform.set_goal(lv.goal());
    CAPTURE(n);
    for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
      const auto algorithm = static_cast<Algorithm>(a);
      CAPTURE(info(algorithm).name);
      const bool needs_uniform = algorithm == Algorithm::JumpPoint || algorithm == Algorithm::ThetaStar;
      const Level& level = needs_uniform ? uniform : lv;
      SearchOptions o{.algorithm = algorithm};
      if (algorithm == Algorithm::WeightedAStar) o.weight = 2.5;
      if (algorithm != Algorithm::Bidirectional) o.partial_path = n % 2 == 0;
      const auto probe = make_search(level, o);
      probe->run();
      REQUIRE(probe->state() != SearchState::Invalid);
      ++outcomes[static_cast<int>(probe->state())];
      const std::int64_t end = probe->iterations();

      const auto s = make_search(level, o);
      s->set_recording(true);
      std::uniform_int_distribution<std::int64_t> target(0, end);
      for (int k = 0; k < 6; ++k) {
        const std::int64_t it = k % 3 == 2 ? s->iterations() - 1 : target(rng);  // some single steps back
        s->seek(it);
        CHECK(s->iterations() == std::clamp<std::int64_t>(it, 0, end));
        CHECK(s->check_invariants() == "");
        const auto fresh = make_search(level, o);
        fresh->seek(s->iterations());
        cells += check_same_state(*s, *fresh, level);
        ++seeks;
      }
      // After any seeks, running on gives the same result as a search never rewound.
      s->run();
      CHECK(s->state() == probe->state());
      CHECK(s->path() == probe->path());
      CHECK(s->iterations() == probe->iterations());
    }
  }
  // The levels must exercise both endings and real searches, or this test proves little.
  CHECK(outcomes[static_cast<int>(SearchState::Found)] > 1000);
  CHECK(outcomes[static_cast<int>(SearchState::NoPath)] > 200);
  CHECK(cells > 50000);
  MESSAGE(seeks << " seeks compared, " << cells << " cell states");
}

TEST_CASE("[rewind] with an iteration limit, stepping back reopens the search") {
  // S . . . . G
  Level lv = ascii_level("S....G");
  BestFirstSearch s(lv, {.heuristic = Heuristic::Zero, .max_iterations = 2});
  s.set_recording(true);
  s.run();
  CHECK(s.state() == SearchState::IterationLimit);
  REQUIRE(s.step_back());
  CHECK(s.state() == SearchState::InProgress);
  CHECK(s.iterations() == 1);
}
