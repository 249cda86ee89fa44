#include "engine/tt.hpp"

#include <algorithm>
#include <limits>

namespace flank {

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes_ = std::max<std::size_t>(1, megabytes);
  // The largest power-of-two number of buckets that fits.
  const std::size_t fit = megabytes_ * 1024 * 1024 / (2 * sizeof(TTEntry));
  std::size_t buckets = 1;
  while (buckets * 2 <= fit) buckets *= 2;
  entries_.assign(buckets * 2, TTEntry{});
  entries_.shrink_to_fit();
  mask_ = (buckets - 1) * 2;
}

void TranspositionTable::clear() { std::fill(entries_.begin(), entries_.end(), TTEntry{}); }

void TranspositionTable::store(std::uint64_t key, int depth, int alpha, int beta, int score,
                               int move) {
  TTEntry* b = &entries_[key & mask_];
  constexpr int kInf = std::numeric_limits<std::int32_t>::max();
  // Same position: tighten or replace. Otherwise replace the shallower or older slot.
  TTEntry* e = b[0].key == key ? &b[0] : b[1].key == key ? &b[1] : nullptr;
  if (e && e->depth == depth) {
    if (score > alpha) e->lower = std::max(e->lower, score);
    if (score < beta) e->upper = std::min(e->upper, score);
    if (e->lower > e->upper) {  // inconsistent with an older search: keep the newest
      e->lower = score > alpha ? score : -kInf;
      e->upper = score < beta ? score : kInf;
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
    e = worth(b[0]) <= worth(b[1]) ? &b[0] : &b[1];
  }
  const bool same_position = e->key == key;
  e->key = key;
  e->depth = static_cast<std::int8_t>(depth);
  e->lower = score > alpha ? score : -kInf;
  e->upper = score < beta ? score : kInf;
  if (move >= 0 || !same_position) e->move = static_cast<std::int16_t>(move);
  e->generation = generation_;
}

}  // namespace flank
