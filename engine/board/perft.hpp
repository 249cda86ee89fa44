#pragma once
// Perft: the number of leaves of the game tree to a given depth. A finished game
// counts as one leaf. By default a pass is a ply (Bik's convention, the one of
// tests/data/perft8.txt); PassIsFree makes a pass use no depth (the
// convention of perft8_convC_pass_not_a_ply.txt).

#include <cstdint>

#include "engine/board/position.hpp"

namespace flank {

enum class PerftConvention { PassIsPly, PassIsFree };

template <PerftConvention Conv, class Set>
std::uint64_t perft(const Board<Set>& b, int depth, const Geometry<Set>& g) {
  if (depth == 0) return 1;
  const Set moves = legal_moves(b.me, b.opp, g);
  if (!any(moves)) {
    if constexpr (Conv == PerftConvention::PassIsPly) {
      // One leaf at depth 1 whether this is a pass or the end of the game.
      if (depth == 1 || !any(legal_moves(b.opp, b.me, g))) return 1;
      return perft<Conv>(pass(b), depth - 1, g);
    } else {
      if (!any(legal_moves(b.opp, b.me, g))) return 1;
      return perft<Conv>(pass(b), depth, g);
    }
  }
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  std::uint64_t leaves = 0;
  for_each_square(moves, [&](int sq) {
    leaves += perft<Conv>(play(b, sq, flips(b.me, b.opp, sq, g)), depth - 1, g);
  });
  return leaves;
}

enum class Representation { Fastest, Wide };

// Perft from any position; Wide forces the eleven-word sets (to cross-check the one-, two-
// and four-word ones).
std::uint64_t perft(const Position& p, int depth, Representation rep = Representation::Fastest,
                    PerftConvention conv = PerftConvention::PassIsPly);

}  // namespace flank
