#pragma once
// Othello rules written once over a square set (uint64_t or a WordSet) and a
// Geometry. 8x8 on uint64_t takes the constant-mask fast path in board8.hpp.

#include <type_traits>

#include "engine/board/board8.hpp"
#include "engine/board/geometry.hpp"
#include "engine/board/ray_flips.hpp"
#include "engine/board/set128_simd.hpp"
#include "engine/board/set256_simd.hpp"
#include "engine/board/wide_simd.hpp"

namespace flank {

// A position as the search sees it: the discs of the side to move and of the other side.
template <class Set>
struct Board {
  Set me{};
  Set opp{};
  friend bool operator==(const Board&, const Board&) = default;
};

// How many steps from (row, col) stay on a board of `rows` x `cols` in direction d.
inline int ray_length(int row, int col, int d, int rows, int cols) {
  // A direction that keeps the row (or column) never leaves the board that way.
  const int unbounded = rows + cols;
  const int down = kRowStep[d] > 0 ? rows - 1 - row : kRowStep[d] < 0 ? row : unbounded;
  const int across = kColStep[d] > 0 ? cols - 1 - col : kColStep[d] < 0 ? col : unbounded;
  return down < across ? down : across;
}

template <class Set>
Set legal_moves(const Set& me, const Set& opp, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.is_8x8) return board8::legal_moves(me, opp);
  }
  if constexpr (std::is_same_v<Set, Set128>)
    return lane_fill::legal_moves<set128::DirectionLanes>(me, opp, g);
  if constexpr (std::is_same_v<Set, Set256> && wide_simd::kDirectionPairs)
    return lane_fill::legal_moves<set256::DirectionPairs>(me, opp, g);
  if constexpr (kWideSimd<Set>) return wide_simd::legal_moves(me, opp, g);
  // Directional fills that stop as soon as no run of opponent discs goes on:
  // runs are short in practice, so a direction costs a few whole-set shifts
  // rather than longest - 2 of them (or a walk along every ray of every candidate).
  const Set empty = g.board & ~(me | opp);
  Set moves{};
  for (int d = 0; d < kDirections; ++d) {
    Set run = step(me, d, g) & opp;
    while (any(run)) {
      const Set next = step(run, d, g);
      moves |= next & empty;
      run = next & opp;
    }
  }
  return moves;
}

template <class Set>
Set flips(const Set& me, const Set& opp, int sq, const Geometry<Set>& g) {
  if constexpr (std::is_same_v<Set, std::uint64_t>) {
    if (g.is_8x8) return board8::flips(me, opp, sq);
  }
  if constexpr (kFlipsByRays<Set>) return flips_by_rays(me, opp, sq, g);
  // Walk each ray square by square, no further than the edge: a whole-set shift
  // per step costs far more on wide boards.
  const int row = sq / g.cols, col = sq % g.cols;
  Set flipped{};
  for (int d = 0; d < kDirections; ++d) {
    const int off = g.offset[d], limit = ray_length(row, col, d, g.rows, g.cols);
    int len = 0, at = sq + off;
    while (len < limit && test(opp, at)) {
      ++len;
      at += off;
    }
    if (len == 0 || len == limit || !test(me, at)) continue;
    for (at = sq + off; len > 0; --len, at += off) set_bit(flipped, at);
  }
  return flipped;
}

// The board after the mover plays sq, seen from the next mover (the opponent).
template <class Set>
Board<Set> play(const Board<Set>& b, int sq, const Set& flipped) {
  return Board<Set>{b.opp ^ flipped, b.me ^ flipped ^ single<Set>(sq)};
}
// The same, a word at a time with the move's bit chosen per word: GCC
// vectorised the set operators above through the stack (each vector stored as
// two halves and loaded whole, a failed store forwarding), 9% of a 16x16
// search with AVX2.
template <int N>
Board<WordSet<N>> play(const Board<WordSet<N>>& b, int sq, const WordSet<N>& flipped) {
  Board<WordSet<N>> r;
  const int word = sq >> 6;
  const std::uint64_t bit = std::uint64_t{1} << (sq & 63);
  for (int i = 0; i < N; ++i) {
    r.me.w[i] = b.opp.w[i] ^ flipped.w[i];
    r.opp.w[i] = b.me.w[i] ^ flipped.w[i] ^ (i == word ? bit : 0);
  }
  return r;
}

template <class Set>
Board<Set> pass(const Board<Set>& b) {
  return Board<Set>{b.opp, b.me};
}

}  // namespace flank
