// A monotone priority queue: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms
// for the shortest path problem", JACM 1990) over 64-bit keys, for searches whose taken keys never
// go down: Dijkstra, and A* with a consistent heuristic. BestFirstSearch's batch loop
// (run_batch) keeps its open set in one on uniform grids.
//
//   RadixQueue<Entry, Before> q;          // Entry has a std::uint64_t `f`; Before orders entries
//   q.push(e);                            // e.f >= q.floor(): never below the last key taken
//   while (!q.empty()) { use(q.top()); q.pop(); }
//
// Entries come out in Before's order, ties included, exactly as from a binary heap ordered by
// Before, as long as Before orders by f first. A push costs an XOR, a count of leading zeros and
// an append; an entry moves to a lower bucket at most 64 times in all. Entries whose key equals
// the floor wait in bucket 0, sorted by Before (their f is equal, so by the rest of Before's keys).
// Storage is kept across clear(): one allocation per bucket for a search's life.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace astar {

template <class Entry, class Before>
class RadixQueue {
 public:
  void clear() {
    for (std::vector<Entry>& b : buckets_) b.clear();
    low_.clear();
    low_begin_ = 0;
    size_ = 0;
    floor_ = 0;
  }
  // Starts over with the floor at `floor` (the least key to come).
  void reset(std::uint64_t floor) {
    clear();
    floor_ = floor;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // The least key a push may have: the key of the last entry taken (or reset's).
  std::uint64_t floor() const { return floor_; }

  void push(const Entry& e) {
    assert(e.f >= floor_);
    ++size_;
    if (e.f == floor_)
      insert_low(e);
    else
      buckets_[bucket_of(e.f)].push_back(e);
  }
  // The first entry in Before's order (not empty).
  const Entry& top() {
    if (low_begin_ == low_.size()) refill();
    return low_.back();
  }
  void pop() {
    if (low_begin_ == low_.size()) refill();
    low_.pop_back();
    --size_;
  }
  // Every entry, in no order (for moving them elsewhere).
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (std::size_t k = low_begin_; k < low_.size(); ++k) visit(low_[k]);
    for (const std::vector<Entry>& b : buckets_)
      for (const Entry& e : b) visit(e);
  }

 private:
  // Bucket b > 0 holds the keys whose highest bit differing from the floor's is bit b - 1.
  std::size_t bucket_of(std::uint64_t f) const {
    return static_cast<std::size_t>(64 - std::countl_zero(f ^ floor_));
  }
  // The keys equal to the floor: low_[low_begin_, end), sorted so that the entry to take first
  // is last. A search's new entries mostly go to one end (with larger g first, a taken node's
  // children of equal f come first; with first in, they come last), so an insertion shifts the
  // shorter side, and a gap kept before low_begin_ makes insertions at the front cheap too.
  void insert_low(const Entry& e) {
    const auto first = low_.begin() + static_cast<std::ptrdiff_t>(low_begin_);
    const auto at = std::partition_point(first, low_.end(),
                                         [&](const Entry& x) { return Before{}(e, x); });
    const std::size_t before = static_cast<std::size_t>(at - first);  // entries taken after e
    const std::size_t after = static_cast<std::size_t>(low_.end() - at);
    if (after == 0) {
      low_.push_back(e);
      return;
    }
    if (before <= after) {
      if (low_begin_ == 0) open_gap();
      const auto start = low_.begin() + static_cast<std::ptrdiff_t>(low_begin_);
      std::move(start, start + static_cast<std::ptrdiff_t>(before), start - 1);
      --low_begin_;
      low_[low_begin_ + before] = e;
    } else {
      low_.push_back(e);
      const auto pos = low_.begin() + static_cast<std::ptrdiff_t>(low_begin_ + before);
      std::move_backward(pos, low_.end() - 1, low_.end());
      *pos = e;
    }
  }
  // Room before low_begin_ for as many entries as there are (at least 16).
  void open_gap() {
    const std::size_t count = low_.size(), gap = std::max<std::size_t>(16, count);
    low_.resize(count + gap);
    std::move_backward(low_.begin(), low_.begin() + static_cast<std::ptrdiff_t>(count), low_.end());
    low_begin_ = gap;
  }
  // Bucket 0 is empty: the floor rises to the least key of the first bucket that is not, and
  // that bucket's entries go down to lower ones (the least to bucket 0).
  void refill() {
    low_.clear();
    low_begin_ = 0;
    std::size_t b = 1;
    while (buckets_[b].empty()) ++b;
    std::vector<Entry>& from = buckets_[b];
    std::uint64_t least = from.front().f;
    for (const Entry& e : from) least = std::min(least, e.f);
    floor_ = least;
    for (const Entry& e : from) {
      if (e.f == least)
        low_.push_back(e);
      else
        buckets_[bucket_of(e.f)].push_back(e);  // below b: above bit b - 1 all keys agree
    }
    from.clear();
    std::sort(low_.begin(), low_.end(), [](const Entry& x, const Entry& y) { return Before{}(y, x); });
  }

  std::uint64_t floor_ = 0;
  std::size_t size_ = 0;
  std::vector<Entry> low_;
  std::size_t low_begin_ = 0;
  std::array<std::vector<Entry>, 65> buckets_;  // bucket 0 unused: low_ is bucket 0
};

}  // namespace astar
