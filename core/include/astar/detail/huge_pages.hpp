// An allocator for the big arrays a search reads at random (its nodes, stamps and heap
// positions): an allocation of 2 MiB or more is aligned to 2 MiB and, on Linux, advised to use
// transparent huge pages (madvise). A 4096² search's 400 MiB node array then needs 200 TLB
// entries instead of 100,000, so a random access no longer pays a page walk as well as a cache
// miss. Smaller allocations get plain new/delete; elsewhere than Linux (the browser build) the
// big ones are aligned but not advised.
//
//   std::vector<Node, HugePageAllocator<Node>> nodes;   // or HugeVector<Node>
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace astar {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kPage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kPage) return static_cast<T*>(::operator new(bytes));
    const std::size_t rounded = (bytes + kPage - 1) / kPage * kPage;
    void* p = std::aligned_alloc(kPage, rounded);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(p, rounded, MADV_HUGEPAGE);  // advice only: without it, plain pages
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kPage)
      ::operator delete(p);
    else
      std::free(p);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace astar
