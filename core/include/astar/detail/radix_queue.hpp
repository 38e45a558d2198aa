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
// The other buckets hold their entries in fixed-size chunks from one pool: a bucket emptied keeps
// its first chunk and hands the others back at once, so the storage is about the most entries
// held at one time plus a chunk a bucket (not the sum of every bucket's own peak), growing never
// copies, and it is kept across clear().
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace astar {

template <class Entry, class Before>
class RadixQueue {
 public:
  void clear() {
    for (std::uint64_t f = filled_; f != 0; f &= f - 1)
      give_back(buckets_[static_cast<std::size_t>(std::countr_zero(f))]);
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

  // By value, and copied before the out-of-line insert_low takes its address: the entry a
  // search has just made then stays in registers on its way to a bucket. (Through memory, the
  // bucket's copy read it back as one 16-byte load from 8- and 4-byte stores, which cannot be
  // forwarded: the load waited for every store before it, the node's cache-missing write
  // included.)
  void push(Entry e) {
    assert(e.f >= floor_ && e.f < (std::uint64_t{1} << 63));
    ++size_;
    if (e.f == floor_) {
      // Mostly the entry comes before every one waiting (see insert_low): it goes at the end.
      if (low_begin_ == low_.size() || Before{}(e, low_.back())) {
        low_.push_back(e);
        return;
      }
      const Entry low = e;
      insert_low(low);
    } else {
      add(bucket_of(e.f), e);
    }
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
    for (const Bucket& b : buckets_) each_in(b, visit);
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
    std::uint64_t least = from.first[0].f;
    each_in(from, [&](const Entry& e) { least = std::min(least, e.f); });
    floor_ = least;
    filled_ &= filled_ - 1;
    // Its entries all go below b: above bit b - 1 all keys agree.
    if (from.more.empty())
      move_down(from.first, from.next, least);
    else
      move_down_chunks(from, least);
    from.next = from.first;
    from.end = from.first + kChunk;
    std::sort(low_.begin(), low_.end(),
              [](const Entry& x, const Entry& y) { return Before{}(y, x); });
  }

  std::uint64_t floor_ = 0;
  std::size_t size_ = 0;
  std::vector<Entry> low_;
  std::size_t low_begin_ = 0;
  // Buckets 1 to 63 (bucket 0 is low_), each a list of chunks from the pool, all full but the
  // last, and which have entries (bit b: bucket b). An empty bucket keeps its first chunk, if it
  // ever had one: a bucket filled and emptied over and over takes no chunk from the pool.
  static constexpr std::size_t kChunk = 512;  // entries a chunk
  struct Bucket {
    Entry* first = nullptr;     // its first chunk (null: it never had an entry)
    std::vector<Entry*> more;   // the chunks after it
    Entry* next = nullptr;      // where the next entry goes in the last chunk
    Entry* end = nullptr;       // the last chunk's end
  };
  void add(std::size_t b, Entry e) {
    Bucket& to = buckets_[b];
    if (to.next == to.end) add_chunk(to);
    *to.next++ = e;
    filled_ |= std::uint64_t{1} << b;
  }
  // The entries [e, end) of the bucket refill empties: the least to bucket 0, the others down.
  void move_down(const Entry* e, const Entry* end, std::uint64_t least) {
    for (; e != end; ++e) {
      if (e->f == least)
        low_.push_back(*e);
      else
        add(bucket_of(e->f), *e);
    }
  }
  // The same for a bucket of several chunks, each chunk but the first back in the pool once
  // read: the lower buckets may take it at once. (Out of line: most buckets have one chunk.)
  [[gnu::noinline]] void move_down_chunks(Bucket& from, std::uint64_t least) {
    move_down(from.first, from.first + kChunk, least);
    for (Entry* chunk : from.more) {
      move_down(chunk, chunk == from.more.back() ? from.next : chunk + kChunk, least);
      spare_.push_back(chunk);
    }
    from.more.clear();
  }
  template <class Visit>
  static void each_in(const Bucket& b, Visit&& visit) {
    if (b.more.empty()) {
      for (const Entry* e = b.first; e != b.next; ++e) visit(*e);
      return;
    }
    for (const Entry* e = b.first; e != b.first + kChunk; ++e) visit(*e);
    for (const Entry* chunk : b.more) {
      const Entry* end = chunk == b.more.back() ? b.next : chunk + kChunk;
      for (const Entry* e = chunk; e != end; ++e) visit(*e);
    }
  }
  // The pool: every chunk made, and those no bucket holds. A new chunk is left uninitialised
  // (new Entry[n]): an entry is written before it is read. Out of line, so that add() inlines
  // small: one add in kChunk takes a chunk.
  [[gnu::noinline]] void add_chunk(Bucket& to) {
    Entry* chunk = nullptr;
    if (spare_.empty()) {
      owned_.push_back(std::unique_ptr<Entry[]>(new Entry[kChunk]));
      chunk = owned_.back().get();
    } else {
      chunk = spare_.back();
      spare_.pop_back();
    }
    if (to.first == nullptr)
      to.first = chunk;
    else
      to.more.push_back(chunk);
    to.next = chunk;
    to.end = chunk + kChunk;
  }
  // Empty, its first chunk kept (the others back in the pool).
  void give_back(Bucket& b) {
    spare_.insert(spare_.end(), b.more.begin(), b.more.end());
    b.more.clear();
    b.next = b.first;
    b.end = b.first + kChunk;
  }
  std::uint64_t filled_ = 0;
  std::array<Bucket, 64> buckets_;  // keys below 2^63 differ from the floor below bit 63
  std::vector<std::unique_ptr<Entry[]>> owned_;
  std::vector<Entry*> spare_;
};

}  // namespace astar
