#include "engine/board/huge_pages.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace flank {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
// The heap's blocks are aligned to a cache line, as a table's buckets need.
constexpr std::size_t kLine = 64;

#if defined(__linux__)
std::size_t page_rounded(std::size_t bytes) {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}
#endif

}  // namespace

void* allocate_zeroed(std::size_t bytes) {
#if defined(__linux__)
  if (bytes >= kHugePage) {
    // Mapped with room to align to a huge page; the slack on either side is
    // given back, so that the mapping is exactly what release_zeroed unmaps.
    const std::size_t length = page_rounded(bytes);
    void* map = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(map);
    const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    if (aligned > start) munmap(map, aligned - start);
    if (const std::size_t tail = start + length + kHugePage - (aligned + length))
      munmap(reinterpret_cast<void*>(aligned + length), tail);
#if defined(MADV_HUGEPAGE)
    madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);
#endif
    return reinterpret_cast<void*>(aligned);
  }
#endif
  const std::size_t rounded = (bytes + kLine - 1) / kLine * kLine + kLine * (bytes == 0);
  void* memory = std::aligned_alloc(kLine, rounded);
  if (!memory) throw std::bad_alloc();
  return std::memset(memory, 0, rounded);
}

void release_zeroed(void* memory, std::size_t bytes) noexcept {
  if (!memory) return;
#if defined(__linux__)
  if (bytes >= kHugePage) {
    munmap(memory, page_rounded(bytes));
    return;
  }
#endif
  std::free(memory);
}

}  // namespace flank
