// A growable array stored in fixed-size chunks, for the search's rewind trace (best_first.hpp).
// std::vector doubles its buffer: while it copies, the old and the new buffer are both resident,
// so a trace of 1.5 GB needs 2.25 GB at that moment, and up to half the last buffer stays unused.
// Here growing never moves what is stored, and at most one chunk is unused. Elements must be
// trivially copyable (they are never constructed or destroyed one by one).
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace astar {

template <class T, std::size_t kChunkBytes = std::size_t{1} << 20>
class ChunkedVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static constexpr std::size_t kPerChunk = std::bit_floor(kChunkBytes / sizeof(T));
  static_assert(kPerChunk >= 1);
  static constexpr int kShift = std::countr_zero(kPerChunk);
  static constexpr std::size_t kMask = kPerChunk - 1;

 public:
  static constexpr std::size_t chunk_size() { return kPerChunk; }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Bytes held: whole chunks, used or not.
  std::size_t capacity() const { return chunks_.size() * kPerChunk; }

  T& operator[](std::size_t i) {
    assert(i < size_);
    return chunks_[i >> kShift][i & kMask];
  }
  const T& operator[](std::size_t i) const {
    assert(i < size_);
    return chunks_[i >> kShift][i & kMask];
  }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  // A new chunk is left uninitialised (new T[n], as make_unique_for_overwrite would, which
  // Emscripten 3.1.6's libc++ lacks): every element is written before it is read.
  void push_back(const T& v) {
    if ((size_ >> kShift) == chunks_.size()) chunks_.push_back(std::unique_ptr<T[]>(new T[kPerChunk]));
    chunks_[size_ >> kShift][size_ & kMask] = v;
    ++size_;
  }
  void pop_back() { resize(size_ - 1); }

  // Shrinks to n elements (n <= size()); keeps one spare chunk for the steps that follow.
  void resize(std::size_t n) {
    assert(n <= size_);
    size_ = n;
    const std::size_t keep = (n + kPerChunk - 1) / kPerChunk + 1;
    if (chunks_.size() > keep) chunks_.resize(keep);
  }
  // Empties and frees every chunk.
  void clear() {
    size_ = 0;
    chunks_.clear();
    chunks_.shrink_to_fit();
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace astar
