// A growable array in chunks that never move, for the search's rewind trace (best_first.hpp).
// std::vector doubles its buffer: while it copies, the old and the new buffer are both resident,
// so a trace of 1.5 GB needs 2.25 GB at that moment, and up to half the last buffer stays unused.
// Here growing never moves what is stored, and at most one segment is unused. Elements must be
// trivially copyable (they are never constructed or destroyed one by one).
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace astar {

template <class T, std::size_t kChunkBytes = std::size_t{1} << 20, std::size_t kFirstBytes = 4096>
class ChunkedVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static constexpr std::size_t kPerChunk = std::bit_floor(kChunkBytes / sizeof(T));
  static_assert(kPerChunk >= 1);
  static constexpr int kShift = std::countr_zero(kPerChunk);
  static constexpr std::size_t kMask = kPerChunk - 1;
  // The first chunk's worth is held in segments that double, from kFirst elements: a search
  // that takes a few hundred steps holds kilobytes, not a megabyte (the studio makes one after
  // every edit; under AddressSanitizer each megabyte allocated is also a megabyte of shadow
  // written). Segment 0 holds [0, kFirst), segment s in 1..kGrowing holds
  // [kFirst << (s - 1), kFirst << s); then come whole chunks of kPerChunk.
  static constexpr std::size_t kFirst =
      std::min(kPerChunk, std::bit_floor(std::max<std::size_t>(kFirstBytes / sizeof(T), 1)));
  static constexpr int kFirstShift = std::countr_zero(kFirst);
  static constexpr int kGrowing = kShift - kFirstShift;

 public:
  static constexpr std::size_t chunk_size() { return kPerChunk; }
  static constexpr std::size_t first_segment_size() { return kFirst; }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Elements held: whole segments, used or not.
  std::size_t capacity() const { return capacity_; }

  T& operator[](std::size_t i) {
    assert(i < size_);
    return at(i);
  }
  const T& operator[](std::size_t i) const {
    assert(i < size_);
    return const_cast<ChunkedVector*>(this)->at(i);
  }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  // A new segment is left uninitialised (new T[n], as make_unique_for_overwrite would, which
  // Emscripten 3.1.6's libc++ lacks): every element is written before it is read.
  void push_back(const T& v) {
    if (size_ == capacity_) [[unlikely]] {
      chunks_.push_back(std::unique_ptr<T[]>(new T[segment_size(chunks_.size())]));
      capacity_ = capacity_of(chunks_.size());
    }
    at(size_) = v;
    ++size_;
  }
  void pop_back() { resize(size_ - 1); }

  // Shrinks to n elements (n <= size()); keeps one spare segment for the steps that follow.
  void resize(std::size_t n) {
    assert(n <= size_);
    size_ = n;
    const std::size_t keep = (n == 0 ? 0 : segment_of(n - 1) + 1) + 1;
    if (chunks_.size() > keep) {
      chunks_.resize(keep);
      capacity_ = capacity_of(keep);
    }
  }
  // Empties and frees every segment.
  void clear() {
    size_ = 0;
    capacity_ = 0;
    chunks_.clear();
    chunks_.shrink_to_fit();
  }

 private:
  static constexpr std::size_t segment_of(std::size_t i) {
    if (i >= kPerChunk) return static_cast<std::size_t>(kGrowing) + (i >> kShift);
    return static_cast<std::size_t>(std::bit_width(i >> kFirstShift));
  }
  static constexpr std::size_t segment_size(std::size_t s) {
    if (s == 0) return kFirst;
    return s <= static_cast<std::size_t>(kGrowing) ? kFirst << (s - 1) : kPerChunk;
  }
  // Elements in segments [0, n).
  static constexpr std::size_t capacity_of(std::size_t n) {
    if (n == 0) return 0;
    if (n <= static_cast<std::size_t>(kGrowing) + 1) return kFirst << (n - 1);
    return kPerChunk * (n - static_cast<std::size_t>(kGrowing));
  }
  T& at(std::size_t i) {
    if (i >= kPerChunk)
      return chunks_[static_cast<std::size_t>(kGrowing) + (i >> kShift)][i & kMask];
    const std::size_t s = segment_of(i);
    return chunks_[s][s == 0 ? i : i - (kFirst << (s - 1))];
  }

  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace astar
