#pragma once
// Which opening each game of a match plays (the lists themselves are read by
// tools/common/openings.hpp), and which games a shard of the match plays.

#include <cstdint>
#include <vector>

#include "tools/common/openings.hpp"

namespace flank::referee {

using flank::Opening;

// The opening index for each game. With alternate, games 2k and 2k+1 share an
// opening (colours swapped by the caller). In order from the first line, or
// shuffled by `seed` when random is set; wraps around when games outnumber
// openings. -1 for every game when there are no openings.
std::vector<int> opening_schedule(int games, int openings, bool alternate, bool random,
                                  std::uint64_t seed);

// Shard `shard` (1-based) of `shards`: the game indices (0-based) it plays.
// Games that share an opening (alternate) stay in one shard, and every game
// is in exactly one shard, so shards on several machines make up the match.
std::vector<int> shard_games(int games, bool alternate, int shard, int shards);

}  // namespace flank::referee
