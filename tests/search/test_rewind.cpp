// Rewind: stepping back and seeking give exactly the state of a fresh search stepped there.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "astar/detail/best_first.hpp"
#include "astar/detail/chunked_vector.hpp"
#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/search.hpp"
#include "support/random_level.hpp"
#include "support/same_state.hpp"

using namespace astar;
using astar::test::ascii_level;
using astar::test::check_same_state;

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
      if (info(algorithm).partial_paths) o.partial_path = n % 2 == 0;
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

namespace {

// The levels the rewind tests run every algorithm on: JPS and Theta* get the walls only.
Level level_for(Algorithm a, const Level& lv) {
  if (a != Algorithm::JumpPoint && a != Algorithm::ThetaStar) return lv;
  Level uniform(lv.width(), lv.height());
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) uniform.set_wall({x, y}, lv.wall({x, y}));
  uniform.set_start(lv.start());
  uniform.set_goal(lv.goal());
  return uniform;
}

SearchOptions options_for(Algorithm a) {
  SearchOptions o{.algorithm = a};
  if (a == Algorithm::WeightedAStar) o.weight = 2.5;
  return o;
}

// Counts events, to check that a micro-step is exactly one of them.
struct EventCounter : SearchListener {
  int takes = 0, relaxes = 0, skips = 0;
  void on_take(Cell, const NodeView&) override { ++takes; }
  void on_relax(Cell, Cell, double, double, std::optional<Cell>) override { ++relaxes; }
  void on_skip(Cell, const Move&, SkipReason) override { ++skips; }
  int total() const { return takes + relaxes + skips; }
};

}  // namespace

TEST_CASE("[rewind] far seeks go in bulk through the kept trace and stay exact") {
  // Open 40x40 levels with scattered walls: searches of hundreds of iterations, so most seeks
  // here cross far more than the 64 iterations below which seek steps one at a time.
  std::mt19937 rng(11);
  std::int64_t far_seeks = 0;
  for (int n = 0; n < 6; ++n) {
    Level base(40, 40);
    std::bernoulli_distribution wall(0.2);
    for (int y = 0; y < 40; ++y)
      for (int x = 0; x < 40; ++x) base.set_wall({x, y}, wall(rng));
    base.set_start({1, 2});
    base.set_goal({37, 36});
    base.set_wall(base.start(), false);
    base.set_wall(base.goal(), false);
    for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
      const auto algorithm = static_cast<Algorithm>(a);
      CAPTURE(info(algorithm).name);
      const Level level = level_for(algorithm, base);
      const SearchOptions o = options_for(algorithm);
      const auto s = make_search(level, o);
      s->set_recording(true);
      s->run();
      const std::int64_t end = s->iterations();
      const auto path = s->path();
      std::uniform_int_distribution<std::int64_t> target(0, end);
      std::int64_t at = end;
      for (int k = 0; k < 8; ++k) {
        const std::int64_t to = k == 0 ? 0 : target(rng);
        far_seeks += std::abs(to - at) > 64;
        s->seek(to);
        at = to;
        REQUIRE(s->iterations() == to);
        CHECK(s->check_invariants() == "");
        const auto fresh = make_search(level, o);
        fresh->seek(to);
        check_same_state(*s, *fresh, level);
        if (auto* bf = dynamic_cast<BestFirstSearch*>(s.get()))
          CHECK(bf->recorded_iterations() == end);  // the steps undone are kept for replay
      }
      // Stepping on from a seek replays the kept steps: same ending, same path.
      CHECK(s->run() != SearchState::InProgress);
      CHECK(s->iterations() == end);
      CHECK(s->path() == path);
    }
  }
  CHECK(far_seeks > 150);
}

TEST_CASE("[micro] a take, then one micro-step per move of the taken node") {
  // S . .
  // . # .
  // . . G
  Level lv = ascii_level("S..\n.#.\n..G");
  EventCounter events;
  BestFirstSearch s(lv, {}, &events);
  CHECK_FALSE(s.mid_iteration());
  REQUIRE(s.micro_step() == SearchState::InProgress);  // takes S
  CHECK(s.iterations() == 1);
  CHECK(s.last_taken() == Cell{0, 0});
  CHECK(s.mid_iteration());
  CHECK(s.examined() == 0);
  REQUIRE(s.taken_moves().size() == 8);  // every direction, the impossible ones too
  CHECK(events.total() == 1);
  for (std::size_t k = 1; k <= 8; ++k) {
    s.micro_step();
    CHECK(s.examined() == k);
    CHECK(events.total() == 1 + static_cast<int>(k));  // exactly one event per micro-step
  }
  CHECK_FALSE(s.mid_iteration());
  // S sees (1,0) and (0,1); the diagonal (1,1) is a wall; the other five leave the level.
  CHECK(events.relaxes == 2);
  CHECK(events.skips == 6);
  BestFirstSearch whole(lv);
  whole.step();
  check_same_state(s, whole, lv);
  SUBCASE("step() finishes an iteration under way") {
    s.micro_step();
    s.micro_step();
    CHECK(s.mid_iteration());
    s.step();
    CHECK_FALSE(s.mid_iteration());
    whole.step();
    check_same_state(s, whole, lv);
  }
}

TEST_CASE("[micro] micro-steps forward and back equal a fresh search micro-stepped there") {
  std::mt19937 rng(5);
  std::int64_t compared = 0, mid_compared = 0;
  for (int n = 0; n < 60; ++n) {
    const Level lv = astar::test::random_level(rng, 16);
    for (int a = 0; a < static_cast<int>(Algorithm::_Max); ++a) {
      const auto algorithm = static_cast<Algorithm>(a);
      CAPTURE(n);
      CAPTURE(info(algorithm).name);
      const Level level = level_for(algorithm, lv);
      const SearchOptions o = options_for(algorithm);
      // Micro-stepping to the end gives what run() gives.
      const auto whole = make_search(level, o);
      whole->run();
      const auto micro = make_search(level, o);
      std::int64_t total = 0;
      while (micro->micro_step() == SearchState::InProgress) ++total;
      ++total;
      CHECK(micro->state() == whole->state());
      CHECK(micro->path() == whole->path());
      CHECK(micro->iterations() == whole->iterations());

      const auto s = make_search(level, o);
      s->set_recording(true);
      std::int64_t at = 0;
      std::uniform_int_distribution<std::int64_t> pick(0, total);
      for (int k = 0; k < 4; ++k) {
        const std::int64_t to = pick(rng);
        while (at < to && s->state() == SearchState::InProgress) s->micro_step(), ++at;
        while (at > to && s->micro_step_back()) --at;
        const auto fresh = make_search(level, o);
        for (std::int64_t m = 0; m < at; ++m) fresh->micro_step();
        CHECK(s->mid_iteration() == fresh->mid_iteration());
        CHECK(s->examined() == fresh->examined());
        CHECK(s->check_invariants() == "");
        check_same_state(*s, *fresh, level);
        ++compared;
        mid_compared += s->mid_iteration();
      }
    }
  }
  CHECK(mid_compared > compared / 4);  // many comparisons fall inside an iteration
  MESSAGE(compared << " micro positions compared, " << mid_compared << " inside an iteration");
}

namespace {

// ChunkedVector V against a std::vector through 20,000 random pushes, pops, resizes and writes;
// its capacity never exceeds `bound(size)`. Then growing keeps what is stored where it is.
template <class V, class Bound>
void check_chunked_vector(V v, Bound bound) {
  std::vector<std::uint32_t> model;
  std::mt19937 rng(7);
  for (int op = 0; op < 20000; ++op) {
    const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
    if (kind < 6) {
      model.push_back(static_cast<std::uint32_t>(rng()));
      v.push_back(model.back());
    } else if (kind < 8 && !model.empty()) {
      model.pop_back();
      v.pop_back();
    } else if (kind == 8) {
      const std::size_t n = std::uniform_int_distribution<std::size_t>(0, model.size())(rng);
      model.resize(n);
      v.resize(n);
    } else if (!model.empty()) {
      const std::size_t i = std::uniform_int_distribution<std::size_t>(0, model.size() - 1)(rng);
      v[i] = model[i] = static_cast<std::uint32_t>(rng());
    }
    REQUIRE(v.size() == model.size());
    CHECK(v.capacity() >= v.size());
    CHECK(v.capacity() <= bound(model.size()));
    if (op % 500 == 0)
      for (std::size_t i = 0; i < model.size(); ++i) REQUIRE(v[i] == model[i]);
  }
  for (std::size_t i = 0; i < model.size(); ++i) REQUIRE(v[i] == model[i]);
  if (!model.empty()) CHECK(v.back() == model.back());
  // Growing keeps what is stored where it is (no copying: references stay valid).
  v.clear();
  CHECK(v.capacity() == 0);
  v.push_back(1);
  const std::uint32_t* first = &v[0];
  std::vector<const std::uint32_t*> where;
  for (std::uint32_t i = 0; i < 1000; ++i) {
    v.push_back(i);
    where.push_back(&v[i + 1]);
  }
  CHECK(&v[0] == first);
  CHECK(v[0] == 1);
  CHECK(v[1000] == 999);
  for (std::uint32_t i = 0; i < 1000; ++i) REQUIRE(where[i] == &v[i + 1]);
  for (std::uint32_t i = 0; i < 1000; ++i) REQUIRE(v[i + 1] == i);
}

}  // namespace

TEST_CASE("[rewind] the trace's chunked storage behaves as a vector and frees what it drops") {
  SUBCASE("whole chunks: 4 elements each, so that every operation crosses chunk boundaries") {
    using V = ChunkedVector<std::uint32_t, 16, 16>;
    static_assert(V::chunk_size() == 4 && V::first_segment_size() == 4);
    // Never more than one unused chunk beyond the one in use.
    check_chunked_vector(V{}, [](std::size_t n) { return (n + 3) / 4 * 4 + 4; });
  }
  SUBCASE("segments of 2, 2, 4 and 8 elements, then chunks of 16") {
    using V = ChunkedVector<std::uint32_t, 64, 8>;
    static_assert(V::chunk_size() == 16 && V::first_segment_size() == 2);
    // Below a chunk the segments double: what is held is at most twice what is used, plus one
    // spare segment as large again; then one spare chunk, as above.
    check_chunked_vector(V{}, [](std::size_t n) {
      return n < 16 ? std::max<std::size_t>(4 * n, 4) : (n + 15) / 16 * 16 + 16;
    });
  }
  // The search's trace: a few steps hold a few kilobytes, not a whole chunk (a megabyte).
  ChunkedVector<std::uint64_t> trace;
  for (std::uint64_t i = 0; i < 100; ++i) trace.push_back(i);
  CHECK(trace.capacity() * sizeof(std::uint64_t) <= 4096);
  CHECK(ChunkedVector<std::uint64_t>::chunk_size() * sizeof(std::uint64_t) == std::size_t{1} << 20);
}
