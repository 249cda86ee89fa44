#include "engine/table/tt.hpp"

#include <algorithm>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace flank {

// data: lower, upper and move (16 bits each), depth + 1 (0 = empty slot) and
// generation (8 bits each), so an all-zero slot is empty.
std::uint64_t TranspositionTable::pack(const TTEntry& e) {
  return std::uint64_t{static_cast<std::uint16_t>(e.lower)} |
         std::uint64_t{static_cast<std::uint16_t>(e.upper)} << 16 |
         std::uint64_t{static_cast<std::uint16_t>(e.move)} << 32 |
         std::uint64_t{static_cast<std::uint8_t>(e.depth + 1)} << 48 |
         std::uint64_t{e.generation} << 56;
}

TTEntry TranspositionTable::unpack(std::uint64_t key, std::uint64_t data) {
  TTEntry e;
  e.key = key;
  e.lower = static_cast<std::int16_t>(data & 0xffff);
  e.upper = static_cast<std::int16_t>(data >> 16 & 0xffff);
  e.move = static_cast<std::int16_t>(data >> 32 & 0xffff);
  e.depth = static_cast<std::int8_t>(static_cast<int>(data >> 48 & 0xff) - 1);
  e.generation = static_cast<std::uint8_t>(data >> 56);
  return e;
}

TranspositionTable::~TranspositionTable() {
  std::destroy_n(buckets_, count_);
  std::free(buckets_);
}

void TranspositionTable::resize(std::size_t megabytes) {
  std::destroy_n(buckets_, count_);
  std::free(buckets_);
  buckets_ = nullptr;
  count_ = 0;
  megabytes_ = std::max<std::size_t>(1, megabytes);
  // The largest power-of-two number of buckets that fits.
  const std::size_t fit = megabytes_ * 1024 * 1024 / sizeof(Bucket);
  std::size_t buckets = 1;
  while (buckets * 2 <= fit) buckets *= 2;
  // Huge pages spare a TLB miss on most probes of a large table.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t bytes = buckets * sizeof(Bucket);
  const std::size_t align = bytes >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, bytes);
  if (!memory) throw TableAllocationError(megabytes_);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  buckets_ = static_cast<Bucket*>(memory);
  std::uninitialized_default_construct_n(buckets_, buckets);  // all slots empty
  count_ = buckets;
  mask_ = buckets - 1;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (Slot& s : buckets_[i].way) {
      s.check.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
}

void TranspositionTable::store(std::uint64_t key, int depth, int alpha, int beta, int score,
                               int move) {
  Bucket& b = buckets_[key & mask_];
  const std::uint8_t generation = generation_.load(std::memory_order_relaxed);
  const auto clamp = [](int v) {
    return static_cast<std::int16_t>(std::clamp(v, -kBoundLimit, kBoundLimit));
  };
  // Copies of the ways; another thread may change them meanwhile, which at
  // worst loses one of the two stores.
  TTEntry ways[kWays];
  for (int i = 0; i < kWays; ++i) {
    const std::uint64_t data = b.way[i].data.load(std::memory_order_relaxed);
    ways[i] = unpack(b.way[i].check.load(std::memory_order_relaxed) ^ data, data);
  }
  const auto write = [&](int i) {
    const std::uint64_t data = pack(ways[i]);
    b.way[i].check.store(ways[i].key ^ data, std::memory_order_relaxed);
    b.way[i].data.store(data, std::memory_order_relaxed);
  };
  // Same position: tighten or replace. Otherwise replace the emptiest, oldest, shallowest way.
  int found = -1;
  for (int i = 0; i < kWays; ++i)
    if (ways[i].key == key && ways[i].depth >= 0) found = i;
  if (found >= 0 && ways[found].depth == depth) {
    TTEntry& e = ways[found];
    if (score > alpha) e.lower = std::max<std::int16_t>(e.lower, clamp(score));
    if (score < beta) e.upper = std::min<std::int16_t>(e.upper, clamp(score));
    if (e.lower > e.upper) {  // inconsistent with an older search: keep the newest
      e.lower = score > alpha ? clamp(score) : -kBoundLimit;
      e.upper = score < beta ? clamp(score) : kBoundLimit;
    }
    if (move >= 0) e.move = static_cast<std::int16_t>(move);
    e.generation = generation;
    write(found);
    return;
  }
  if (found >= 0 && ways[found].depth > depth && ways[found].generation == generation) return;
  int i = found;
  if (i < 0) {
    const auto worth = [&](const TTEntry& x) {
      return x.depth < 0 ? -1000 : x.depth + (x.generation == generation ? 200 : 0);
    };
    i = 0;
    for (int w = 0; w < kWays; ++w)
      if (worth(ways[w]) < worth(ways[i])) i = w;
  }
  TTEntry& e = ways[i];
  const bool same_position = e.key == key && e.depth >= 0;
  e.key = key;
  e.depth = static_cast<std::int8_t>(depth);
  e.lower = score > alpha ? clamp(score) : -kBoundLimit;
  e.upper = score < beta ? clamp(score) : kBoundLimit;
  if (move >= 0 || !same_position) e.move = static_cast<std::int16_t>(move);
  e.generation = generation;
  write(i);
}

}  // namespace flank
