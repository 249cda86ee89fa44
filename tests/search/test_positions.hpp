#pragma once
// Positions for the search tests: random legal play from the start, so every
// test sees reachable positions, reproducibly (fixed seeds).

#include <random>

#include "engine/board/position.hpp"

namespace flank::testing {

// Plays random legal moves from the start of a board (N: N x N, or a
// rectangle) until `empties` squares are left (or the game ends).
inline Position random_position(Shape size, int empties, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Position p(size);
  while (p.empties() > empties && !p.is_game_over()) {
    const auto moves = p.legal_moves();
    if (moves.empty()) {
      p.play(kPass);
      continue;
    }
    p.play(moves[rng() % moves.size()]);
  }
  return p;
}

}  // namespace flank::testing
