#include "engine/tt.hpp"

#include <algorithm>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace flank {

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes_ = std::max<std::size_t>(1, megabytes);
  // The largest power-of-two number of buckets that fits.
  const std::size_t fit = megabytes_ * 1024 * 1024 / sizeof(Bucket);
  std::size_t buckets = 1;
  while (buckets * 2 <= fit) buckets *= 2;
  // Huge pages spare a TLB miss on most probes of a large table.
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t bytes = buckets * sizeof(Bucket);
  const std::size_t align = bytes >= kHugePage ? kHugePage : alignof(Bucket);
  buckets_.reset(static_cast<Bucket*>(std::aligned_alloc(align, bytes)));
  if (!buckets_) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(buckets_.get(), bytes, MADV_HUGEPAGE);
#endif
  count_ = buckets;
  mask_ = buckets - 1;
  clear();
}

void TranspositionTable::clear() { std::fill(buckets_.get(), buckets_.get() + count_, Bucket{}); }

void TranspositionTable::store(std::uint64_t key, int depth, int alpha, int beta, int score,
                               int move) {
  Bucket& b = buckets_[key & mask_];
  const auto clamp = [](int v) {
    return static_cast<std::int16_t>(std::clamp(v, -kBoundLimit, kBoundLimit));
  };
  // Same position: tighten or replace. Otherwise replace the emptiest, oldest, shallowest way.
  TTEntry* e = nullptr;
  for (TTEntry& w : b.way)
    if (w.key == key && w.depth >= 0) e = &w;
  if (e && e->depth == depth) {
    if (score > alpha) e->lower = std::max<std::int16_t>(e->lower, clamp(score));
    if (score < beta) e->upper = std::min<std::int16_t>(e->upper, clamp(score));
    if (e->lower > e->upper) {  // inconsistent with an older search: keep the newest
      e->lower = score > alpha ? clamp(score) : -kBoundLimit;
      e->upper = score < beta ? clamp(score) : kBoundLimit;
    }
    if (move >= 0) e->move = static_cast<std::int16_t>(move);
    e->generation = generation_;
    return;
  }
  if (e && e->depth > depth && e->generation == generation_) return;
  if (!e) {
    const auto worth = [&](const TTEntry& x) {
      return x.depth < 0 ? -1000 : x.depth + (x.generation == generation_ ? 200 : 0);
    };
    e = &b.way[0];
    for (TTEntry& w : b.way)
      if (worth(w) < worth(*e)) e = &w;
  }
  const bool same_position = e->key == key && e->depth >= 0;
  e->key = key;
  e->depth = static_cast<std::int8_t>(depth);
  e->lower = score > alpha ? clamp(score) : -kBoundLimit;
  e->upper = score < beta ? clamp(score) : kBoundLimit;
  if (move >= 0 || !same_position) e->move = static_cast<std::int16_t>(move);
  e->generation = generation_;
}

}  // namespace flank
