#pragma once
// Large tables in zeroed memory on 2 MB pages where the system allows (Linux
// transparent huge pages, on request): the transposition table and the
// evaluation's weight tables, read at random all through a search, then miss
// the TLB far less often, and memory fresh from the system is zero without a
// pass that writes it. Here, in the lowest layer, because the evaluation and
// the table above it both use it.

#include <cstddef>
#include <vector>

namespace flank {

// `bytes` of zeroed memory: from 2 MB on aligned to 2 MB and on huge pages where
// the system allows (pages are only backed when first touched); smaller, from
// the heap, aligned to 64 bytes (a cache line). Throws std::bad_alloc.
void* allocate_zeroed(std::size_t bytes);
// Gives back what allocate_zeroed(bytes) returned (the same `bytes`).
void release_zeroed(void* memory, std::size_t bytes) noexcept;

// A std::vector allocator over allocate_zeroed, for large tables.
template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_zeroed(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { release_zeroed(p, n * sizeof(T)); }
  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};
template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace flank
