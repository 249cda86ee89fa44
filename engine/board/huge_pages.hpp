#pragma once
// Large tables in zeroed memory on 2 MB pages where the system allows (Linux
// transparent huge pages, on request): the transposition table and the
// evaluation's weight tables, read at random all through a search, then miss
// the TLB far less often, and memory fresh from the system is zero without a
// pass that writes it. Here, in the lowest layer, because the evaluation and
// the table above it both use it.

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace flank {

// `bytes` of zeroed memory: from 2 MB on aligned to 2 MB and on huge pages where
// the system allows (pages are only backed when first touched); smaller, from
// the heap, aligned to 64 bytes (a cache line). Throws std::bad_alloc.
void* allocate_zeroed(std::size_t bytes);
// Gives back what allocate_zeroed(bytes) returned (the same `bytes`).
void release_zeroed(void* memory, std::size_t bytes) noexcept;

// A std::vector allocator over allocate_zeroed, for large tables of trivial
// types. resize(n) leaves new elements as the memory has them instead of
// writing zeros over zeros (a tenth of flank's start-up for its 30 MB of
// tables): zero in a new allocation, but what was there after a shrink.
template <class T>
struct HugePageAllocator {
  static_assert(std::is_trivial_v<T>);
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_zeroed(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { release_zeroed(p, n * sizeof(T)); }
  // Default-initialisation (nothing written) for resize(n); any other
  // construction (resize(n, value), push_back) as usual.
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};
template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace flank
