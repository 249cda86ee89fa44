#pragma once
// The deterministic split of work by number that `--shard K/N` (the games
// generated) and `--propagate-shard K/N` (the positions searched, by their
// game) share, so that any scheduler can run the parts.

#include <cstdint>

namespace flank::train {

// Whether item `number` belongs to shard K of N: its number is K-1 modulo N.
inline bool in_shard(std::uint64_t number, int shard, int shards) {
  return number % static_cast<std::uint64_t>(shards) == static_cast<std::uint64_t>(shard - 1);
}

}  // namespace flank::train
