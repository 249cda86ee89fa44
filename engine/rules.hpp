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

template <class Set>
Set legal_moves(const Set& me, const Set& opp, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.size == 8) return board8::legal_moves(me, opp);
  }
  const Set empty = g.board & ~(me | opp);
  Set moves{};
  for (int d = 0; d < kDirections; ++d) {
    Set run = step(me, d, g) & opp;
    // A flanked run holds at most size-2 opponent discs.
    for (int len = 1; len < g.size - 2 && any(run); ++len) run |= step(run, d, g) & opp;
    moves |= step(run, d, g) & empty;
  }
  return moves;
}

template <class Set>
Set flips(const Set& me, const Set& opp, int sq, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.size == 8) return board8::flips(me, opp, sq);
  }
  const Set from = single<Set>(sq);
  Set flipped{};
  for (int d = 0; d < kDirections; ++d) {
    Set run{};
    Set cur = step(from, d, g);
    while (any(cur & opp)) {
      run |= cur;
      cur = step(cur, d, g);
    }
    if (any(cur & me)) flipped |= run;
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
