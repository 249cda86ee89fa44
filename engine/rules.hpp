#pragma once
// Othello rules written once over a square set (uint64_t or WideSet) and a
// Geometry. 8x8 on uint64_t takes the constant-mask fast path in board8.hpp.

#include <type_traits>

#include "engine/board8.hpp"
#include "engine/geometry.hpp"

namespace flank {

// A position as the search sees it: the discs of the side to move and of the other side.
template <class Set>
struct Board {
  Set me{};
  Set opp{};
  friend bool operator==(const Board&, const Board&) = default;
};

// True if the mover at sq would flank at least one opponent disc in direction d.
template <class Set>
bool flanks(const Set& me, const Set& opp, int sq, int d, const Geometry<Set>& g) {
  const int rows = g.rows, cols = g.cols;
  int r = sq / cols + kRowStep[d], c = sq % cols + kColStep[d], len = 0;
  while (r >= 0 && r < rows && c >= 0 && c < cols && test(opp, r * cols + c)) {
    r += kRowStep[d];
    c += kColStep[d];
    ++len;
  }
  return len > 0 && r >= 0 && r < rows && c >= 0 && c < cols && test(me, r * cols + c);
}

template <class Set>
Set legal_moves(const Set& me, const Set& opp, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.is_8x8) return board8::legal_moves(me, opp);
    // Small boards: directional fills over the one word.
    const Set empty = g.board & ~(me | opp);
    Set moves{};
    for (int d = 0; d < kDirections; ++d) {
      Set run = step(me, d, g) & opp;
      // A flanked run holds at most longest-2 opponent discs.
      for (int len = 1; len < g.longest - 2; ++len) run |= step(run, d, g) & opp;
      moves |= step(run, d, g) & empty;
    }
    return moves;
  } else {
    // Wide boards are mostly empty words: test only the empty squares next to an
    // opponent disc, walking each ray, instead of filling all eleven words per step.
    Set near_opp{};
    for (int d = 0; d < kDirections; ++d) near_opp |= step(opp, d, g);
    const Set candidates = near_opp & g.board & ~(me | opp);
    Set moves{};
    for_each_square(candidates, [&](int sq) {
      for (int d = 0; d < kDirections; ++d) {
        if (flanks(me, opp, sq, d, g)) {
          set_bit(moves, sq);
          break;
        }
      }
    });
    return moves;
  }
}

template <class Set>
Set flips(const Set& me, const Set& opp, int sq, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.is_8x8) return board8::flips(me, opp, sq);
  }
  // Walk each ray square by square: a whole-set shift per step costs far more on wide boards.
  Set flipped{};
  for (int d = 0; d < kDirections; ++d) {
    if (!flanks(me, opp, sq, d, g)) continue;
    for (int at = sq + g.offset[d]; test(opp, at); at += g.offset[d]) set_bit(flipped, at);
  }
  return flipped;
}

// The board after the mover plays sq, seen from the next mover (the opponent).
template <class Set>
Board<Set> play(const Board<Set>& b, int sq, const Set& flipped) {
  return Board<Set>{b.opp ^ flipped, b.me ^ flipped ^ single<Set>(sq)};
}

template <class Set>
Board<Set> pass(const Board<Set>& b) {
  return Board<Set>{b.opp, b.me};
}

}  // namespace flank
