#include "engine/table/tt.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#include "engine/board/huge_pages.hpp"

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

TranspositionTable::~TranspositionTable() { release_zeroed(buckets_, count_ * sizeof(Bucket)); }

void TranspositionTable::resize(std::size_t megabytes) {
  release_zeroed(buckets_, count_ * sizeof(Bucket));
  buckets_ = nullptr;
  count_ = 0;
  megabytes_ = std::max<std::size_t>(1, megabytes);
  // The largest power-of-two number of buckets that fits.
  const std::size_t fit = megabytes_ * 1024 * 1024 / sizeof(Bucket);
  std::size_t buckets = 1;
  while (buckets * 2 <= fit) buckets *= 2;
  // Zeroed (all slots empty) and, from 2 MB, on huge pages: they spare a TLB
  // miss on most probes. The pages are backed as the search first touches
  // them, not all 64 MB at start-up (half of flank's start before 2026-12-07).
  try {
    buckets_ = static_cast<Bucket*>(allocate_zeroed(buckets * sizeof(Bucket)));
  } catch (const std::bad_alloc&) {
    throw TableAllocationError(megabytes_);
  }
  count_ = buckets;
  mask_ = buckets - 1;
  stored_.store(false, std::memory_order_relaxed);
}

void TranspositionTable::clear() {
  if (!stored_.load(std::memory_order_relaxed)) return;  // still all zero
  std::memset(static_cast<void*>(buckets_), 0, count_ * sizeof(Bucket));
  stored_.store(false, std::memory_order_relaxed);
}

void TranspositionTable::store(std::uint64_t key, int depth, int alpha, int beta, int score,
                               int move) {
  Bucket& b = buckets_[key & mask_];
  // A read of a line no thread writes after the first store: no sharing cost.
  if (!stored_.load(std::memory_order_relaxed)) stored_.store(true, std::memory_order_relaxed);
  const std::uint8_t generation = generation_.load(std::memory_order_relaxed);
  const auto clamp = [](int v) {
    return static_cast<std::int16_t>(std::clamp(v, -kBoundLimit, kBoundLimit));
  };
  // Copies of the ways; another thread may change them meanwhile, which at
  // worst loses one of the two stores.
  TTEntry ways[kWays];
  for (int i = 0; i < kWays; ++i) {
    const std::uint64_t data = load(b.way[i].data);
    ways[i] = unpack(load(b.way[i].check) ^ data, data);
  }
  const auto write = [&](int i) {
    const std::uint64_t data = pack(ways[i]);
    store_word(b.way[i].check, ways[i].key ^ data);
    store_word(b.way[i].data, data);
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
