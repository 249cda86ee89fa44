// allocate_zeroed (engine/board/huge_pages.hpp): zeroed, aligned and
// writable memory, large or small, and vectors on it.
#include "engine/board/huge_pages.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

using namespace flank;

namespace {

bool all_zero(const unsigned char* p, std::size_t bytes) {
  return std::all_of(p, p + bytes, [](unsigned char c) { return c == 0; });
}

}  // namespace

TEST_CASE("allocate_zeroed gives zeroed memory, on 2 MB boundaries from 2 MB") {
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{100}, std::size_t{4096 * 3 + 5},
                                  std::size_t{2} << 20, (std::size_t{5} << 20) + 123}) {
    CAPTURE(bytes);
    auto* p = static_cast<unsigned char*>(allocate_zeroed(bytes));
    REQUIRE(p != nullptr);
    const auto address = reinterpret_cast<std::uintptr_t>(p);
    CHECK(address % 64 == 0);
    if (bytes >= (std::size_t{2} << 20)) CHECK(address % (std::size_t{2} << 20) == 0);
    CHECK(all_zero(p, bytes));
    std::memset(p, 0xAB, bytes);  // writable to its last byte
    CHECK(p[bytes - 1] == 0xAB);
    release_zeroed(p, bytes);
  }
  release_zeroed(nullptr, 0);  // as free(nullptr)
}

TEST_CASE("a vector on huge pages holds what it is given, through growth") {
  HugePageVector<std::int16_t> v(3 << 20, 7);  // 6 MB: mapped
  CHECK(v.front() == 7);
  CHECK(v.back() == 7);
  v.resize(v.size() * 2, -1);  // moved to a larger mapping
  CHECK(v[(3 << 20) - 1] == 7);
  CHECK(v.back() == -1);
  HugePageVector<std::int32_t> grown;
  grown.resize(std::size_t{1} << 20);  // nothing written: the fresh memory's zeros
  CHECK(std::all_of(grown.begin(), grown.end(), [](std::int32_t x) { return x == 0; }));
  HugePageVector<int> small(10, 3);  // from the heap
  small.push_back(4);
  CHECK(small.size() == 11);
  CHECK(small.back() == 4);
}
