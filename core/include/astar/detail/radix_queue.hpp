// A monotone priority queue: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms
// for the shortest path problem", JACM 1990) over keys below 2^63 (the bits of a non-negative
// double are), for searches whose taken keys never go down: Dijkstra, and A* with a consistent
// heuristic. BestFirstSearch's batch loop (run_batch) keeps its open set in one on uniform grids.
//
//   RadixQueue<Entry, Before> q;          // Entry has a std::uint64_t `f`; Before orders entries
//   q.push(e);                            // e.f >= q.floor(): never below the last key taken
//   while (!q.empty()) { use(q.top()); q.pop(); }
//
// Entries come out in Before's order, ties included, exactly as from a binary heap ordered by
// Before, as long as Before orders by f first. A push costs an XOR, a count of leading zeros and
// an append; an entry moves to a lower bucket at most 63 times in all. Entries whose key equals
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
    for (Bucket& b : buckets_) b.count = 0;
    filled_ = 0;
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
    assert(e.f >= floor_ && e.f < (std::uint64_t{1} << 63));
    ++size_;
    if (e.f == floor_)
      insert_low(e);
    else
      add(bucket_of(e.f), e);
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
    for (const Bucket& b : buckets_)
      for (std::size_t k = 0; k < b.count; ++k) visit(b.items[k]);
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
    const int b = std::countr_zero(filled_);  // the first bucket with entries
    Bucket& from = buckets_[static_cast<std::size_t>(b)];
    const Entry* items = from.items.data();
    const std::size_t count = from.count;
    std::uint64_t least = items[0].f;
    for (std::size_t k = 1; k < count; ++k) least = std::min(least, items[k].f);
    floor_ = least;
    from.count = 0;  // its entries all go below b: above bit b - 1 all keys agree
    filled_ &= filled_ - 1;
    for (std::size_t k = 0; k < count; ++k) {
      if (items[k].f == least)
        low_.push_back(items[k]);
      else
        add(bucket_of(items[k].f), items[k]);
    }
    std::sort(low_.begin(), low_.end(),
              [](const Entry& x, const Entry& y) { return Before{}(y, x); });
  }

  std::uint64_t floor_ = 0;
  std::size_t size_ = 0;
  std::vector<Entry> low_;
  std::size_t low_begin_ = 0;
  // Buckets 1 to 63 (bucket 0 is low_), each an array that only grows, and which have entries
  // (bit b: bucket b).
  struct Bucket {
    std::vector<Entry> items;  // the first `count` are the bucket's
    std::size_t count = 0;
  };
  void add(std::size_t b, const Entry& e) {
    Bucket& to = buckets_[b];
    if (to.count == to.items.size()) to.items.resize(std::max<std::size_t>(64, 2 * to.count));
    to.items[to.count++] = e;
    filled_ |= std::uint64_t{1} << b;
  }
  std::uint64_t filled_ = 0;
  std::array<Bucket, 64> buckets_;  // keys below 2^63 differ from the floor below bit 63
};

}  // namespace astar
