// The radix heap behind the batch loop (radix_queue.hpp) against a binary heap with the same
// order, and the promise it relies on: the keys a search takes never go down for the searches
// that use it (BestFirstSearch's monotone_ cases).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "astar/detail/radix_queue.hpp"
#include "astar/search.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

struct Item {
  std::uint64_t f;
  std::uint32_t tie;
  std::uint32_t seq;
};
struct ItemBefore {
  bool operator()(const Item& a, const Item& b) const {
    if (a.f != b.f) return a.f < b.f;
    if (a.tie != b.tie) return a.tie < b.tie;
    return a.seq < b.seq;
  }
};
struct ItemLater {
  bool operator()(const Item& a, const Item& b) const { return ItemBefore{}(b, a); }
};

}  // namespace

TEST_CASE("[radix queue] takes entries in the same order as a binary heap, ties included") {
  std::mt19937_64 rng(7);
  auto pick = [&](std::uint64_t lo, std::uint64_t hi) {
    return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng);
  };
  RadixQueue<Item, ItemBefore> radix;
  std::size_t taken_total = 0, at_floor = 0;
  for (int round = 0; round < 200; ++round) {
    // Small key ranges make many equal keys (the floor's bucket); wide ones many buckets, up to
    // the highest (keys from 2^60 up to below 2^63). Ties go every way: new entries first, last
    // or anywhere among equal keys.
    const std::uint64_t spread = round % 3 == 0 ? 4 : round % 3 == 1 ? 1000 : (1ull << 50);
    const int tie_kind = round % 4;
    std::vector<Item> heap;
    std::uint32_t seq = 0;
    const std::uint64_t start = pick(0, 1ull << 60);
    radix.reset(start);
    auto push = [&](std::uint64_t f) {
      const std::uint32_t tie = tie_kind == 0   ? 0
                                : tie_kind == 1 ? 1000000 - seq
                                : tie_kind == 2 ? seq
                                                : static_cast<std::uint32_t>(pick(0, 3));
      const Item it{f, tie, seq++};
      at_floor += f == radix.floor();
      radix.push(it);
      heap.push_back(it);
      std::push_heap(heap.begin(), heap.end(), ItemLater{});
    };
    for (int k = 0; k < 20; ++k) push(start + pick(0, spread));
    for (int step = 0; step < 3000 && !heap.empty(); ++step) {
      REQUIRE(radix.size() == heap.size());
      const Item want = heap.front();
      const Item got = radix.top();
      REQUIRE(got.f == want.f);
      REQUIRE(got.seq == want.seq);
      std::pop_heap(heap.begin(), heap.end(), ItemLater{});
      heap.pop_back();
      radix.pop();
      ++taken_total;
      CHECK(radix.floor() == want.f);
      // Pushes never below the key just taken (a monotone search), often equal to it.
      const int pushes = static_cast<int>(pick(0, 3));
      for (int k = 0; k < pushes; ++k) push(want.f + (pick(0, 2) == 0 ? 0 : pick(0, spread)));
    }
    std::size_t left = 0;
    radix.for_each([&](const Item&) { ++left; });
    CHECK(left == heap.size());
  }
  CHECK(taken_total > 100000);
  CHECK(at_floor > 10000);
  MESSAGE(taken_total << " entries taken, " << at_floor << " pushed at the floor");
}

TEST_CASE("[radix queue] buckets of several chunks, emptied half-way and used again") {
  // Every key but the floor's differs from it first in bit 19 (one bucket): that bucket spans
  // several of the pool's chunks (512 entries each). Taking half empties it into the lower
  // buckets; clear() hands back every chunk but each bucket's first, and the next round takes
  // them again.
  std::mt19937_64 rng(3);
  RadixQueue<Item, ItemBefore> radix;
  for (int round = 0; round < 3; ++round) {
    CAPTURE(round);
    const std::uint64_t floor = std::uint64_t{1} << 40;
    radix.reset(floor);
    std::vector<Item> items;
    for (std::uint32_t seq = 0; seq < 2000; ++seq) {
      const std::uint64_t f = floor + (std::uint64_t{1} << 19) + rng() % (std::uint64_t{1} << 19);
      items.push_back({f, static_cast<std::uint32_t>(rng() % 4), seq});
      radix.push(items.back());
    }
    std::sort(items.begin(), items.end(), ItemBefore{});
    std::size_t seen = 0;
    radix.for_each([&](const Item&) { ++seen; });
    CHECK(seen == items.size());
    const std::size_t take = round == 2 ? items.size() : items.size() / 2;
    for (std::size_t k = 0; k < take; ++k) {
      REQUIRE(radix.top().f == items[k].f);
      REQUIRE(radix.top().seq == items[k].seq);
      radix.pop();
    }
    CHECK(radix.size() == items.size() - take);
    radix.clear();
    CHECK(radix.empty());
  }
}

TEST_CASE("[radix queue] the keys taken never go down where the batch loop uses it") {
  // A* with octile, Chebyshev or zero distances on any uniform grid, Manhattan with 4
  // neighbours, and Dijkstra: each step's f is at least the one before (consistent heuristics).
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  struct Case {
    Algorithm algorithm;
    Heuristic heuristic;
    bool four;
  };
  const Case cases[] = {{Algorithm::AStar, Heuristic::Octile, false},
                        {Algorithm::AStar, Heuristic::Octile, true},
                        {Algorithm::AStar, Heuristic::Chebyshev, false},
                        {Algorithm::AStar, Heuristic::Zero, false},
                        {Algorithm::AStar, Heuristic::Manhattan, true},
                        {Algorithm::Dijkstra, Heuristic::Octile, false}};
  std::int64_t steps = 0;
  for (int n = 0; n < 300; ++n) {
    const Case& c = cases[static_cast<std::size_t>(n) % std::size(cases)];
    Level lv = test::random_uniform_level(rng, 40);
    lv.rules().neighbours = c.four ? Neighbours::Four : Neighbours::Eight;
    BestFirstSearch s(lv, {.algorithm = c.algorithm, .heuristic = c.heuristic,
                           .tie_break = static_cast<TieBreak>(pick(0, 3))});
    CAPTURE(n);
    double last = 0;
    while (s.state() == SearchState::InProgress) {
      const double f = s.top_priority();
      REQUIRE(f >= last);
      last = f;
      s.step();
      ++steps;
    }
  }
  CHECK(steps > 20000);
}
